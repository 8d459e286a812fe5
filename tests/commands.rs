//! End-to-end tests of the real `giglio` binary, continued from `cli`: the rules, help,
//! completions and manual pages, deadlines, the referee's warnings and reports,
//! `simulate`, SMTP settings checked before sending, colour.

use crate::common::{TestCampaign, code_of, giglio, stderr_of};

// ---- rules --------------------------------------------------------------------------

#[test]
fn rules_prints_one_rule_with_its_table_in_the_language_asked() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["rules", "G3b.3", "--lang", "en"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.starts_with("G3b.3 How far a piece moves\n\n"), "{out}");
    assert!(
        out.contains("| nodes along one's own territory | 2 |"),
        "{out}"
    );
    assert!(out.contains("switch `abroad_steps`"), "{out}");
    let a = giglio(tmp.path())
        .args(["rules", "g3b.3"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.starts_with("G3b.3 Quanto si muove un pezzo\n"), "{out}");
}

#[test]
fn rules_lists_every_id_with_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["rules", "--lang", "en"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.starts_with("G0      Vocabulary\nG1      The year\n"),
        "{out}"
    );
    assert!(out.contains("\nG3d.2   The siege roll\n"), "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with('G') || l.starts_with('§'))
            .count(),
        82
    );
}

#[test]
fn rules_with_an_unknown_id_suggests_the_nearest_and_exits_1() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["rules", "G2b5", "--lang", "en"])
        .assert()
        .failure();
    assert_eq!(code_of(&a), 1);
    let err = stderr_of(&a);
    assert!(
        err.contains("There is no rule G2b5 in the rulebook. Did you mean G2b.5?"),
        "{err}"
    );
    assert!(a.get_output().stdout.is_empty());
}

/// `giglio completions bash|zsh|fish` and `giglio man` come from the command
/// definitions: each names the commands, and `man --out` writes a page per command.
#[test]
fn completions_and_man_pages_cover_every_command() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef giglio"),
        ("fish", "complete -c giglio"),
    ] {
        let out = giglio(tmp.path())
            .args(["completions", shell])
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(text.contains(marker), "{shell}: {text}");
        for sub in ["resolve", "backup", "inbox", "deadline"] {
            assert!(text.contains(sub), "{shell} completes {sub}");
        }
    }
    giglio(tmp.path())
        .args(["completions", "powershell-9"])
        .assert()
        .code(2);
    let man = giglio(tmp.path()).arg("man").assert().success();
    let page = String::from_utf8_lossy(&man.get_output().stdout).into_owned();
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH giglio 1"),
        "{page}"
    );
    assert!(
        page.contains("resolve") && page.contains("backup"),
        "{page}"
    );
    let pages = tmp.path().join("man1");
    giglio(tmp.path())
        .args(["man", "--out"])
        .arg(&pages)
        .assert()
        .success();
    for name in [
        "giglio.1",
        "giglio-resolve.1",
        "giglio-mail-send.1",
        "giglio-backup.1",
    ] {
        let text =
            std::fs::read_to_string(pages.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(text.contains(".TH"), "{name}");
    }
}

/// Help that teaches: walking clap's command tree, every argument has a help line and
/// every command that runs something ends its `--help` with examples; the real binary
/// prints them.
#[test]
fn every_flag_has_help_and_every_command_has_examples() {
    fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>, leaves: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if ["help", "version"].contains(&id) {
                continue;
            }
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                missing.push(format!("{path}: --{id} has no help"));
            }
        }
        let subs: Vec<_> = cmd
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .collect();
        if subs.is_empty() {
            let examples = cmd
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            if !examples.contains("Examples:") || !examples.contains("giglio ") {
                missing.push(format!("{path}: no examples"));
            }
            if cmd.get_about().is_none() {
                missing.push(format!("{path}: no description"));
            }
            leaves.push(path.to_owned());
        }
        for s in subs {
            walk(s, &format!("{path} {}", s.get_name()), missing, leaves);
        }
    }
    let mut missing = Vec::new();
    let mut leaves = Vec::new();
    walk(&giglio::cli::command(), "giglio", &mut missing, &mut leaves);
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(leaves.len() > 30, "{leaves:?}");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for leaf in &leaves {
        let args: Vec<&str> = leaf.split(' ').skip(1).chain(["--help"]).collect();
        let out = giglio(tmp.path()).args(&args).assert().success();
        let help = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        let tail = help.rsplit("Examples:").next().unwrap_or("");
        assert!(
            help.contains("Examples:") && tail.contains("giglio "),
            "{leaf}: {help}"
        );
    }
}

/// A missing or unreadable file is 74; `inbox --eml A missing B` reads A and B, names
/// the missing one, then exits 74 (its JSON lists what was read).
#[test]
fn a_missing_file_is_74_and_inbox_reads_every_readable_file_first() {
    let t = TestCampaign::new();
    let a = t.run(&["orders", "check", "nowhere.toml"]).failure();
    assert_eq!(code_of(&a), 74, "{}", stderr_of(&a));
    assert!(stderr_of(&a).contains("nowhere.toml"));
    let a = t.run(&["orders", "submit", "nowhere.toml"]).failure();
    assert_eq!(code_of(&a), 74);
    let mail = |n: u32| {
        format!(
            "From: stranger{n}@example.org\r\nTo: arbitro@example.org\r\nSubject: hello {n}\r\nMessage-ID: <m{n}@example.org>\r\n\r\nciao\r\n"
        )
    };
    std::fs::write(t.tmp.path().join("a.eml"), mail(1)).expect("write");
    std::fs::write(t.tmp.path().join("b.eml"), mail(2)).expect("write");
    let a = t
        .run(&["inbox", "--eml", "a.eml", "missing.eml", "b.eml", "--json"])
        .failure();
    assert_eq!(code_of(&a), 74, "{}", stderr_of(&a));
    assert!(stderr_of(&a).contains("missing.eml"), "{}", stderr_of(&a));
    let read: serde_json::Value =
        serde_json::from_slice(&a.get_output().stdout).expect("the JSON of what was read");
    let sources: Vec<&str> = read
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| r["source"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(sources, ["a.eml", "b.eml"], "{read}");
}

/// Deadlines: a past time is refused without --force and changes nothing; a new
/// deadline is mailed to every club in its language; remind and status say when the
/// next reminder goes.
#[test]
fn a_past_deadline_needs_force_and_a_new_one_is_mailed_to_the_clubs() {
    let t = TestCampaign::new();
    let before = t.stdout(&["deadline", "--json"]);
    let a = t.run(&["deadline", "--set", "2026-08-01 21:00"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("--force"), "{}", stderr_of(&a));
    assert_eq!(t.stdout(&["deadline", "--json"]), before, "nothing changed");
    let set = t.stdout(&["deadline", "--set", "2026-09-10 21:00", "--json"]);
    let set: serde_json::Value = serde_json::from_str(&set).expect("JSON");
    assert_eq!(
        set["deadline_local"], "2026-09-10 21:00 Europe/Rome",
        "{set}"
    );
    let clubs: serde_json::Value =
        serde_json::from_str(&t.stdout(&["club", "list", "--json"])).expect("JSON");
    let with_address = clubs
        .as_array()
        .expect("clubs")
        .iter()
        .filter(|c| !c["emails"].as_array().is_none_or(Vec::is_empty))
        .count();
    assert!(with_address > 0);
    assert_eq!(set["queued"], with_address, "{set}");
    let outbox: serde_json::Value =
        serde_json::from_str(&t.stdout(&["mail", "status", "--json"])).expect("JSON");
    let told: Vec<&serde_json::Value> = outbox
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["kind"] == "deadline")
        .collect();
    assert_eq!(told.len(), with_address);
    assert!(
        told.iter().any(|r| r["subject"]
            .as_str()
            .unwrap_or("")
            .contains("nuovo termine")),
        "Italian clubs read Italian: {told:?}"
    );
    // The same deadline again is not told twice.
    let again: serde_json::Value =
        serde_json::from_str(&t.stdout(&["deadline", "--set", "2026-09-10 21:00", "--json"]))
            .expect("JSON");
    assert_eq!(again["queued"], 0);
    // A past one with --force is taken.
    let forced: serde_json::Value = serde_json::from_str(&t.stdout(&[
        "deadline",
        "--set",
        "2026-08-01 21:00",
        "--force",
        "--json",
    ]))
    .expect("JSON");
    assert_eq!(forced["passed"], true);
    // Before any reminder the next one can go now; after `remind`, tomorrow.
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert_eq!(
        status["next_reminder"], "2026-09-01T08:00:00+00:00",
        "{status}"
    );
    let remind: serde_json::Value =
        serde_json::from_str(&t.stdout(&["remind", "--json"])).expect("JSON");
    assert!(remind["queued"].as_u64().unwrap_or(0) > 0, "{remind}");
    assert_eq!(
        remind["next_reminder"], "2026-09-02T00:00:00+00:00",
        "{remind}"
    );
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert_eq!(status["next_reminder"], "2026-09-02T00:00:00+00:00");
    assert!(
        t.stdout(&["remind"])
            .contains("next reminder: 2026-09-02 02:00 Europe/Rome")
    );
}

/// `referee = []` is warned by `status` and `mail send` (on stderr), and the warning
/// goes once an address is set.
#[test]
fn no_referee_address_is_warned_by_status_and_mail_send() {
    let t = TestCampaign::new();
    let toml = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&toml)
        .expect("giglio.toml")
        .replace("arbitro@giglio.invalid", "arbitro@giglio.test");
    std::fs::write(&toml, &text).expect("write");
    assert!(text.contains("referee = []"), "{text}");
    for args in [&["status"][..], &["mail", "send", "--to-dir", "out"][..]] {
        let a = t.run(args).success();
        assert!(
            stderr_of(&a).contains("referee = []"),
            "{args:?}: {}",
            stderr_of(&a)
        );
    }
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert_eq!(
        status["warnings"].as_array().map(Vec::len),
        Some(1),
        "{status}"
    );
    std::fs::write(
        &toml,
        text.replace("referee = []", "referee = [\"arbitro@example.org\"]"),
    )
    .expect("write");
    let a = t.run(&["status"]).success();
    assert!(!stderr_of(&a).contains("warning"), "{}", stderr_of(&a));
}

/// `report --club F --out DIR` writes only F's report; `--bulletin --out` only the
/// bulletin; without either, everything.
#[test]
fn report_out_writes_only_what_was_asked() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let names = |dir: &std::path::Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .expect("the folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    let f = t.tmp.path().join("f");
    t.run(&["report", "--club", "F", "--out", f.to_str().expect("UTF-8")])
        .success();
    assert_eq!(names(&f), ["F.html", "F.png", "F.txt"]);
    let b = t.tmp.path().join("b");
    t.run(&["report", "--bulletin", "--out", b.to_str().expect("UTF-8")])
        .success();
    assert_eq!(names(&b), ["bulletin.html", "bulletin.png", "bulletin.txt"]);
    let all = t.tmp.path().join("all");
    t.run(&["report", "--out", all.to_str().expect("UTF-8")])
        .success();
    assert!(names(&all).len() > 6, "{:?}", names(&all));
    let a = t.run(&["report", "--club", "ZZ", "--out", "zz"]).failure();
    assert_eq!(code_of(&a), 1);
}

/// `giglio simulate --chart`: the win and objective rates drawn, one point per nation
/// and line, with the same numbers as `--json`; `.png` gives a PNG.
#[test]
fn simulate_draws_its_rates_as_a_chart() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let svg = tmp.path().join("balance.svg");
    let out = giglio(tmp.path())
        .args([
            "simulate",
            "--runs",
            "4",
            "--years",
            "1",
            "--threads",
            "1",
            "--json",
        ])
        .arg("--chart")
        .arg(&svg)
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    let nations = json["win_rates"].as_object().expect("win rates").len();
    let objectives = json["objective_rates"]
        .as_object()
        .and_then(|o| o.values().next())
        .and_then(|r| r.as_object())
        .map_or(0, |r| r.len());
    let text = std::fs::read_to_string(&svg).expect("the chart written");
    assert!(text.starts_with("<svg"), "an SVG");
    assert_eq!(
        text.matches("class=\"marker ").count(),
        (nations + 1) * (1 + objectives),
        "a point per nation for the wins and each objective, and one in the legend"
    );
    assert!(
        text.contains("class=\"legend\""),
        "the legend beside the data"
    );
    let png = tmp.path().join("balance.png");
    giglio(tmp.path())
        .args(["simulate", "--runs", "2", "--years", "1", "--threads", "1"])
        .arg("--chart")
        .arg(&png)
        .assert()
        .success();
    assert!(
        std::fs::read(&png)
            .expect("written")
            .starts_with(b"\x89PNG")
    );
}

/// `report --lang` shows a club's phase report (and the bulletin) in the other language
/// without `--year`; the referee's report, which has one language, refuses it.
#[test]
fn report_lang_works_for_a_phase_report() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let it = t.stdout(&["report", "--club", "F"]);
    assert!(it.contains("— Rapporto: "), "{it}");
    let en = t.stdout(&["report", "--club", "F", "--lang", "en"]);
    assert!(
        en.contains("— Report: ") && !en.contains("Rapporto"),
        "{en}"
    );
    let it_again = t.stdout(&["report", "--club", "F", "--lang", "it"]);
    assert_eq!(it, it_again);
    let b = t.stdout(&["report", "--bulletin", "--lang", "en"]);
    assert!(b.contains("— Bulletin: "), "{b}");
    let a = t.run(&["report", "--lang", "en"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("--lang"), "{}", stderr_of(&a));
}

/// The referee's report speaks the referee's language, `[mail] referee_lang` in
/// giglio.toml (issue 29 point 7): English as before the key existed, Italian when set,
/// its phase named in running text, nothing left in the other language.
#[test]
fn the_referees_report_speaks_the_referees_language() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let en = t.stdout(&["report"]);
    assert!(
        en.contains("— referee's report: spring 1494")
            && en.contains("== outcomes")
            && en.contains("== nations"),
        "{en}"
    );
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains("# referee_lang = \"it\""), "{text}");
    std::fs::write(
        &config,
        text.replace("# referee_lang = \"it\"", "referee_lang = \"it\""),
    )
    .unwrap();
    let it = t.stdout(&["report"]);
    for said in [
        "— rapporto dell'arbitro: primavera 1494",
        "aperta ora: turno 1 (marzo) del 1494",
        "== esiti",
        "== avvenimenti, ciascuno come lo legge chi lo vede",
        "== nazioni",
        "tesoro ",
    ] {
        assert!(it.contains(said), "`{said}` missing:\n{it}");
    }
    for english in [
        "referee's report",
        "== outcomes",
        "treasury",
        "open now",
        "[public]",
    ] {
        assert!(!it.contains(english), "`{english}` in:\n{it}");
    }
}

/// The referee's mailed report carries the bulletin in the report's language (a
/// play-test: an English report came with the Italian `bollettino.txt`), and its subject
/// names the campaign in that language.
#[test]
fn the_referees_mail_carries_the_bulletin_in_the_referees_language() {
    use mail_parser::{MessageParser, MimeHeaders};
    let t = TestCampaign::new();
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replace("referee = []", "referee = [\"arbitro@example.org\"]"),
    )
    .unwrap();
    t.run(&["resolve", "--force"]).success();
    let out = t.tmp.path().join("out");
    t.run(&["mail", "send", "--to-dir", out.to_str().unwrap()])
        .success();
    let referee: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .filter(|raw| String::from_utf8_lossy(raw).contains("To: arbitro@example.org"))
        .collect();
    assert_eq!(referee.len(), 1, "one referee's report");
    let m = MessageParser::default().parse(&referee[0]).unwrap();
    let names: Vec<String> = m
        .attachments()
        .filter_map(|a| a.attachment_name().map(str::to_owned))
        .collect();
    assert_eq!(names, ["bulletin.txt"], "{names:?}");
    let bulletin = m.attachments().next().unwrap().text_contents().unwrap();
    assert!(
        bulletin.contains("spring 1494") && !bulletin.contains("primavera"),
        "{bulletin}"
    );
    assert!(
        m.subject().unwrap().contains("referee"),
        "{:?}",
        m.subject()
    );
}

/// `report --format html` on standard output carries its map inside the page (a data:
/// URI holding a PNG), not a link to a picture nobody wrote.
#[test]
fn report_html_on_stdout_embeds_its_map() {
    use base64::Engine;
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    for (args, file) in [
        (&["report", "--club", "F", "--format", "html"][..], "F.png"),
        (
            &["report", "--bulletin", "--format", "html"][..],
            "bulletin.png",
        ),
    ] {
        // The template escapes `/` in attributes, as HTML allows.
        let html = t.stdout(args).replace("&#x2f;", "/");
        assert!(!html.contains(file), "{args:?} names {file}");
        let at = html
            .find("src=\"data:image/png;base64,")
            .expect("an embedded map");
        let rest = &html[at + "src=\"data:image/png;base64,".len()..];
        let b64 = &rest[..rest.find('"').expect("the end of src")];
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .expect("base64");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{args:?}: a PNG");
    }
    assert!(t.tmp.path().read_dir().expect("tmp").all(|e| {
        !e.expect("entry")
            .file_name()
            .to_string_lossy()
            .ends_with(".png")
    }));
    assert!(!t.dir.join("F.png").exists());
}

/// An SMTP setting that cannot work stops `mail send` before the first message, named
/// at its line in giglio.toml (or by the environment variable that set it); `status`
/// warns of it beforehand.
#[test]
fn an_smtp_setting_that_cannot_work_is_named_before_anything_is_sent() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let toml = t.dir.join("giglio.toml");
    let base = std::fs::read_to_string(&toml)
        .expect("giglio.toml")
        .replace("arbitro@giglio.invalid", "arbitro@giglio.test");
    let queued = |t: &TestCampaign| t.stdout(&["mail", "status", "--only", "queued"]);
    let before = queued(&t);
    // (the [smtp] table written at the end, the line the message must name, what it says)
    let cases: [(&str, usize, &str); 8] = [
        (
            "host = \"\"\n",
            1,
            "[smtp] host: the SMTP server has no host name",
        ),
        (
            "host = \"smtp://mail.example.org\"\n",
            1,
            "[smtp] host: `smtp://mail.example.org` is not a host name (a URL)",
        ),
        (
            "host = \"mail.example.org:587\"\n",
            1,
            "(a port written into it)",
        ),
        (
            "host = \"127.0.0.1\"\nport = 0\n",
            2,
            "[smtp] port: port 0 is no port",
        ),
        (
            "host = \"127.0.0.1\"\nport = 587\nsecurity = \"tls\"\n",
            3,
            "security = \"tls\" on port 587",
        ),
        (
            "host = \"127.0.0.1\"\nport = 465\n",
            2,
            "security = \"starttls\" on port 465",
        ),
        (
            "host = \"127.0.0.1\"\npassword = \"pw\"\n",
            2,
            "[smtp] password: a password is set but no user",
        ),
        (
            "host = \"no-such-host.invalid\"\n",
            1,
            "[smtp] host: the SMTP server `no-such-host.invalid` cannot be found",
        ),
    ];
    let first = base.lines().count() + 3;
    for (table, line, says) in cases {
        std::fs::write(&toml, format!("{base}\n[smtp]\n{table}")).expect("write");
        let a = t.run(&["mail", "send"]).failure();
        assert_eq!(code_of(&a), 1, "{table}");
        let err = stderr_of(&a);
        let at = format!("giglio.toml:{}: ", first + line - 1);
        assert!(
            err.contains(&at) && err.contains(says),
            "{table}: want {at}…{says}: {err}"
        );
        assert_eq!(queued(&t), before, "{table}: nothing was sent");
        if !table.contains(".invalid") {
            let s = t.run(&["status"]).success();
            assert!(stderr_of(&s).contains(says), "status: {}", stderr_of(&s));
        }
    }
    // Set by the environment, it is named by its variable.
    std::fs::write(&toml, &base).expect("write");
    let a = giglio(t.tmp.path())
        .arg("-C")
        .arg(&t.dir)
        .args(["mail", "send"])
        .env("GIGLIO_SMTP_HOST", "127.0.0.1")
        .env("GIGLIO_SMTP_PORT", "0")
        .assert()
        .failure();
    assert!(
        stderr_of(&a).contains("GIGLIO_SMTP_PORT: port 0"),
        "{}",
        stderr_of(&a)
    );
    // An unknown TLS mode is refused at its line and column by the TOML reader.
    std::fs::write(
        &toml,
        format!("{base}\n[smtp]\nhost = \"127.0.0.1\"\nsecurity = \"ssl\"\n"),
    )
    .expect("write");
    let a = t.run(&["mail", "send"]).failure();
    let err = stderr_of(&a);
    assert!(
        err.contains("giglio.toml")
            && err.contains(&format!("line {}", first + 1))
            && err.contains("ssl"),
        "{err}"
    );
    assert_eq!(queued(&t), before);
}

/// Colour: `status`, `victory` and diagnostics are painted when colour is forced
/// (`CLICOLOR_FORCE`, as on a terminal), plain when piped or under `NO_COLOR` (which
/// wins over forcing); JSON is never painted.
#[test]
fn colour_is_for_terminals_and_never_for_pipes_or_no_color() {
    let t = TestCampaign::new();
    std::fs::write(t.tmp.path().join("bad.toml"), "club = \"F\"\nphase = 3\n").expect("write");
    let esc = |b: &[u8]| b.contains(&0x1b);
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = giglio(t.tmp.path());
        cmd.arg("-C").arg(&t.dir).args(args);
        cmd.env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("CLICOLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().expect("run giglio")
    };
    let force = [("CLICOLOR_FORCE", "1")];
    let both = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
    for args in [&["status"][..], &["victory"][..]] {
        assert!(!esc(&run(args, &[]).stdout), "{args:?} piped");
        assert!(
            !esc(&run(args, &[("NO_COLOR", "1")]).stdout),
            "{args:?} NO_COLOR"
        );
        assert!(!esc(&run(args, &both).stdout), "{args:?} NO_COLOR wins");
        let forced = run(args, &force);
        assert!(
            esc(&forced.stdout),
            "{args:?} forced: {}",
            String::from_utf8_lossy(&forced.stdout)
        );
    }
    let bad = ["orders", "check", "bad.toml"];
    assert!(!esc(&run(&bad, &[]).stderr));
    assert!(!esc(&run(&bad, &[("NO_COLOR", "1")]).stderr));
    let forced = run(&bad, &force);
    assert!(
        esc(&forced.stderr),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    for args in [&["status", "--json"][..], &["victory", "--json"][..]] {
        let out = run(args, &force);
        assert!(!esc(&out.stdout), "{args:?}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON");
    }
}

/// Issue 31, point 6: every figure `giglio simulate` prints is non-zero where a demo year
/// shows it (it printed "sieges per year: 0.0" on every run, counting a siege event the
/// shipped rulings no longer produce): the demo's first year has battles and siege
/// rounds, and every nation ends it with ducats; so must the simulation's first year.
#[test]
fn simulate_shows_what_a_demo_year_shows() {
    use giglio::rules::outcome::Happening;
    let tmp = tempfile::tempdir().expect("a temporary directory");
    giglio(tmp.path())
        .args(["demo", "d", "--years", "1"])
        .assert()
        .success();
    let store = giglio::storage::Store::open_read(&tmp.path().join("d")).expect("open");
    let (mut battles, mut sieges) = (0usize, 0usize);
    for p in store.phases().expect("phases") {
        let Some(r) = store.resolution(&p.id.key()).expect("resolution") else {
            continue;
        };
        for e in &r.events {
            match &e.what {
                Happening::BattleFought { .. } => battles += 1,
                Happening::SiegeRound { .. } | Happening::SiegeRoll { .. } => sieges += 1,
                _ => {}
            }
        }
    }
    // A table battle is fought after its round: count the battles the phases opened with.
    let mut ids = std::collections::BTreeSet::new();
    for p in store.phases().expect("phases") {
        ids.extend(p.opening.battles.iter().map(|b| b.id.clone()));
    }
    battles += ids.len();
    assert!(sieges > 0, "the demo year has sieges");
    let out = giglio(tmp.path())
        .args([
            "simulate",
            "--runs",
            "4",
            "--years",
            "1",
            "--threads",
            "1",
            "--json",
        ])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    let first = |k: &str| json[k][0].as_f64().unwrap_or(0.0);
    if battles > 0 {
        assert!(first("mean_battles_per_year") > 0.0, "{json}");
    }
    assert!(first("mean_sieges_per_year") > 0.0, "{json}");
    let treasuries = json["mean_treasury"].as_object().expect("treasuries");
    assert!(!treasuries.is_empty());
    assert!(
        treasuries.values().all(|t| t.as_f64().unwrap_or(0.0) > 0.0),
        "{json}"
    );
    // The printed figures are the same numbers.
    let text = giglio(tmp.path())
        .args(["simulate", "--runs", "4", "--years", "1", "--threads", "1"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.starts_with("sieges per year:"))
        .expect("the sieges line");
    assert_ne!(line.split(':').nth(1).map(str::trim), Some("0.0"), "{text}");
}

/// Issue 29 (a playtest): a club's report lists its orders in the order of its file
/// (#1, #2…), not the order the rules resolved them in (a stance before a move).
#[test]
fn a_report_lists_the_clubs_orders_as_its_file_numbers_them() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.submit_all(
        "1494-r01",
        &[(
            "V",
            "[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n\n[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n",
        )],
    );
    t.run(&["resolve"]).success();
    let report = t.stdout(&["report", "--club", "V", "--lang", "en"]);
    let first = report.find("  #1 ").expect("order #1 listed");
    let second = report.find("  #2 ").expect("order #2 listed");
    assert!(first < second, "{report}");
}
