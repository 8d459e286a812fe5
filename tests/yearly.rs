//! The year in review (issue 7), end to end on one `giglio demo --years 1`: each club's
//! yearly message after the winter, its accounts against `giglio ledger`, its places
//! won and lost against the political map, the public chronicle against the public
//! events, the fog of war (G7.4), and both languages through `giglio report --year`.

use crate::common::{code_of, giglio, stderr_of};
use giglio::rules::outcome::{Audience, Happening};
use giglio::rules::{NationCode, World};
use giglio::storage::Store;
use mail_parser::{MessageParser, MimeHeaders};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A clock the mail headers can carry (the shared test clock is 1494: no Date header).
const NOW: &str = "2026-03-01T08:00:00Z";

/// One demo campaign played through 1494, shared by every test here (it takes a while).
struct Demo {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

fn demo() -> &'static Demo {
    static DEMO: OnceLock<Demo> = OnceLock::new();
    DEMO.get_or_init(|| {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        giglio(tmp.path())
            .env("GIGLIO_NOW", NOW)
            .args(["demo", "d", "--years", "1"])
            .assert()
            .success();
        let dir = tmp.path().join("d");
        Demo { _tmp: tmp, dir }
    })
}

/// Runs `giglio -C <demo> ARGS…` and returns its stdout.
fn run(args: &[&str]) -> String {
    let d = demo();
    let out = giglio(&d.dir)
        .env("GIGLIO_NOW", NOW)
        .arg("-C")
        .arg(&d.dir)
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("UTF-8")
}

/// A message written by `giglio mail send` as a .eml file, decoded.
struct Mail {
    file: String,
    subject: String,
    text: String,
    html: String,
    /// Attachment name (or content type, if unnamed) → bytes.
    parts: BTreeMap<String, Vec<u8>>,
}

/// Every .eml in the demo's outbox folder whose name starts with `prefix`.
fn mails(prefix: &str) -> Vec<Mail> {
    let out = demo().dir.join("mail/out");
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .expect("the demo's mail folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix) && n.ends_with(".eml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|file| {
            let raw = std::fs::read(out.join(&file)).expect("read .eml");
            let m = MessageParser::default()
                .parse(&raw)
                .expect("a parsable message");
            let parts = m
                .attachments()
                .map(|p| {
                    let name = p.attachment_name().map_or_else(
                        || {
                            p.content_type()
                                .map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or("")))
                                .unwrap_or_default()
                        },
                        str::to_owned,
                    );
                    (name, p.contents().to_vec())
                })
                .collect();
            Mail {
                subject: m.subject().unwrap_or("").to_owned(),
                text: m.body_text(0).map(|t| t.into_owned()).unwrap_or_default(),
                html: m.body_html(0).map(|t| t.into_owned()).unwrap_or_default(),
                parts,
                file,
            }
        })
        .collect()
}

/// The nation in an outbox file name (`1494-winter.yearly.V.<hash>…`).
fn nation_of(file: &str) -> String {
    file.split('.').nth(2).unwrap_or("").to_owned()
}

/// The clubs of the demo, by nation code.
fn clubs() -> Vec<String> {
    run(&["club", "list"])
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect()
}

/// Club → its yearly message.
fn yearly() -> BTreeMap<String, Mail> {
    mails("1494-winter.yearly.")
        .into_iter()
        .map(|m| (nation_of(&m.file), m))
        .collect()
}

/// The number after `label: ` on the line that starts with it (after indentation).
fn number_after(text: &str, label: &str) -> i64 {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("{label}:")))
        .unwrap_or_else(|| panic!("no line `{label}:` in\n{text}"));
    let rest = line[label.len() + 1..].trim();
    let num: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-' || *c == '+')
        .collect();
    num.parse()
        .unwrap_or_else(|_| panic!("no number in `{line}`"))
}

/// The node codes listed after `label: ` (entries `CODE Name, CODE Name`).
fn codes_after(text: &str, label: &str, all: &BTreeSet<String>) -> BTreeSet<String> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("{label}:")))
        .unwrap_or_else(|| panic!("no line `{label}:` in\n{text}"));
    line[label.len() + 1..]
        .split(", ")
        .filter_map(|entry| entry.split_whitespace().next())
        .filter(|code| all.contains(*code))
        .map(str::to_owned)
        .collect()
}

/// The demo's stored worlds at the opening of 1494 and of 1495, and 1494's phases.
fn worlds() -> (
    World,
    World,
    Vec<(World, giglio::rules::resolve::Resolution)>,
) {
    let store = Store::open_read(&demo().dir).expect("open the demo's campaign");
    let phases = store.phases().expect("phases");
    let at = |key: &str| {
        phases
            .iter()
            .find(|p| p.id.key() == key)
            .unwrap_or_else(|| panic!("no phase {key}"))
            .world
            .clone()
    };
    let year = phases
        .iter()
        .filter(|p| p.id.year == 1494)
        .map(|p| {
            let r = store
                .resolution(&p.id.key())
                .expect("read a resolution")
                .expect("every phase of 1494 is resolved");
            (p.world.clone(), r)
        })
        .collect();
    (at("1494-spring"), at("1495-spring"), year)
}

fn owned(w: &World, nation: &str) -> BTreeSet<String> {
    w.nodes_owned_by(nation)
        .map(|(c, _)| c.to_string())
        .collect()
}

/// (year-start, year-end) treasury of a club, from `giglio ledger --json`.
fn ledger_treasury(club: &str) -> (i64, i64, Vec<i64>, Vec<i64>) {
    let json: serde_json::Value = serde_json::from_str(&run(&[
        "ledger", "--club", club, "--year", "1494", "--json",
    ]))
    .expect("ledger JSON");
    let phases = json.as_array().expect("a list of phase ledgers");
    assert_eq!(phases.len(), 12, "spring, ten rounds, winter");
    let amount = |l: &serde_json::Value| l["amount"].as_i64().expect("amount");
    let treasury = phases
        .iter()
        .flat_map(|p| p["treasury"]["lines"].as_array().expect("lines"))
        .map(amount)
        .collect();
    let forces = phases
        .iter()
        .flat_map(|p| {
            ["armies", "garrisons", "fleets"]
                .into_iter()
                .flat_map(move |k| p[k].as_array().expect("accounts"))
        })
        .flat_map(|a| a["lines"].as_array().expect("lines"))
        .map(amount)
        .collect();
    (
        phases[0]["treasury"]["opening"].as_i64().expect("opening"),
        phases[11]["treasury"]["closing"].as_i64().expect("closing"),
        treasury,
        forces,
    )
}

#[test]
fn every_club_gets_exactly_one_yearly_message_with_the_map_and_the_chronicle() {
    let clubs = clubs();
    assert_eq!(clubs.len(), 8, "{clubs:?}");
    let all = mails("");
    for club in &clubs {
        let mine: Vec<&Mail> = all
            .iter()
            .filter(|m| m.file.contains(".yearly.") && nation_of(&m.file) == *club)
            .collect();
        assert_eq!(
            mine.len(),
            1,
            "{club}: {:?}",
            mine.iter().map(|m| &m.file).collect::<Vec<_>>()
        );
    }
    // Only after the winter: no phase of the year but the winter sends one.
    assert!(
        all.iter()
            .filter(|m| m.file.contains(".yearly."))
            .all(|m| m.file.starts_with("1494-winter."))
    );
    let chronicle = std::fs::read(demo().dir.join("reports/cronaca-1494.txt")).expect("cronaca");
    for (club, m) in yearly() {
        let first = m.text.lines().next().unwrap_or("").to_owned();
        assert!(
            m.subject.starts_with("[Il Giglio] ") && m.subject.ends_with(": l'anno 1494"),
            "{club}: {}",
            m.subject
        );
        assert!(first.contains("Rapporto dell'anno"), "{club}: {first}");
        assert!(
            m.html.contains("src=\"cid:map\""),
            "{club}: the HTML shows the map"
        );
        let png = m.parts.get("mappa.png").expect("the political map inline");
        assert!(png.starts_with(b"\x89PNG"), "{club}: a PNG");
        assert_eq!(
            m.parts.get("cronaca-1494.txt"),
            Some(&chronicle),
            "{club}: the chronicle attached is the public one"
        );
    }
    // The referee gets the chronicle, in Italian with the English one attached.
    let referee = mails("1494-winter.chronicle.referee.");
    assert_eq!(referee.len(), 1);
    assert_eq!(
        referee[0].text.replace("\r\n", "\n"),
        String::from_utf8_lossy(&chronicle)
    );
    assert!(referee[0].parts.contains_key("chronicle-1494.txt"));
}

#[test]
fn a_clubs_year_accounts_agree_with_giglio_ledger() {
    for (club, m) in yearly() {
        let (opening, closing, treasury, forces) = ledger_treasury(&club);
        let t = &m.text;
        assert_eq!(
            number_after(t, "Tesoro all'inizio dell'anno"),
            opening,
            "{club}\n{t}"
        );
        assert_eq!(
            number_after(t, "Tesoro alla fine dell'anno"),
            closing,
            "{club}\n{t}"
        );
        let into: i64 = treasury.iter().filter(|a| **a > 0).sum();
        let out: i64 = treasury.iter().filter(|a| **a < 0).sum();
        assert_eq!(number_after(t, "Entrate del tesoro"), into, "{club}\n{t}");
        let outs = t
            .lines()
            .find_map(|l| l.split(", uscite: ").nth(1))
            .expect("the line of ducats out");
        assert_eq!(outs.trim().parse::<i64>().expect("a number"), out, "{club}");
        // The summary's total row: its treasury column is the ledger's sum, and the
        // forces column sums every army, garrison and fleet line.
        let total: Vec<i64> = t
            .lines()
            .find(|l| l.trim_start().starts_with("totale "))
            .expect("a total row")
            .split_whitespace()
            .skip(1)
            .map(|n| n.parse().expect("a number"))
            .collect();
        assert_eq!(
            total,
            [treasury.iter().sum::<i64>(), forces.iter().sum::<i64>()],
            "{club}\n{t}"
        );
        assert_eq!(opening + total[0], closing, "{club}: the year balances");
    }
}

#[test]
fn places_won_and_lost_agree_with_the_political_map() {
    let (start, end, _) = worlds();
    let all: BTreeSet<String> = start.nodes.keys().map(ToString::to_string).collect();
    let mut changed = 0;
    for (club, m) in yearly() {
        let (before, after) = (owned(&start, &club), owned(&end, &club));
        let gained: BTreeSet<String> = after.difference(&before).cloned().collect();
        let lost: BTreeSet<String> = before.difference(&after).cloned().collect();
        changed += gained.len() + lost.len();
        assert_eq!(
            codes_after(&m.text, "Guadagnati nell'anno", &all),
            gained,
            "{club}"
        );
        assert_eq!(
            codes_after(&m.text, "Perduti nell'anno", &all),
            lost,
            "{club}"
        );
        let counts = format!(
            "Possedimenti all'inizio e alla fine dell'anno: {} → {}",
            before.len(),
            after.len()
        );
        assert!(
            m.text.contains(&counts),
            "{club}: `{counts}` in\n{}",
            m.text
        );
    }
    assert!(
        changed > 0,
        "the demo year moved no border: nothing was checked"
    );
}

#[test]
fn the_chronicle_lists_every_public_change_of_hands() {
    let (start, end, year) = worlds();
    let text =
        std::fs::read_to_string(demo().dir.join("reports/cronaca-1494.txt")).expect("cronaca");
    let change_lines: Vec<&str> = text.lines().filter(|l| l.contains(" prende ")).collect();
    let mut public = Vec::new();
    for (_, r) in &year {
        for e in r.events.iter().filter(|e| e.audience == Audience::Public) {
            if let Happening::NodeTaken { node, from, to }
            | Happening::Surrendered { node, from, to, .. } = &e.what
            {
                public.push((node.to_string(), from.clone(), to.clone()));
            }
        }
    }
    assert!(
        !public.is_empty(),
        "the demo year has no change of hands to check"
    );
    assert_eq!(change_lines.len(), public.len(), "{text}");
    let campaign =
        giglio::scenario::load(&giglio::scenario::Source::builtin("il-giglio").expect("built in"))
            .expect("the shipped campaign");
    let name = |n: &NationCode| {
        campaign
            .nation(n.as_str())
            .expect("a nation")
            .name_it
            .clone()
    };
    for ((node, from, to), line) in public.iter().zip(&change_lines) {
        let place = &campaign.map.node(node).expect("a node").name;
        // The names take their articles (issue 29): "la Repubblica di Venezia prende
        // Modigliana (F8) alla Repubblica di Firenze".
        let (taker, loser) = (name(to), name(from));
        let (_, after) = line
            .split_once(&format!("{taker} prende {place} ({node}) "))
            .unwrap_or_else(|| panic!("`{line}` tells {node}: {from} → {to}"));
        assert!(
            after.starts_with('a') && after.contains(&loser),
            "`{line}` tells {node}: {from} → {to}"
        );
        assert!(!line.contains(&format!(" a {loser}")), "{line}");
    }
    // Every node whose owner differs between the two springs is in it.
    for (code, n) in &end.nodes {
        if start.nodes[code].owner != n.owner {
            assert!(
                text.contains(&format!("({code})")),
                "{code} changed hands\n{text}"
            );
        }
    }
    // Holdings at the year's start and end, nation by nation.
    for nation in start.nations.keys() {
        let (a, b) = (
            owned(&start, nation.as_str()).len(),
            owned(&end, nation.as_str()).len(),
        );
        if a + b > 0 {
            let line = text
                .lines()
                .find(|l| {
                    // `Spagna (Corone d'Aragona in Italia, S)`: one pair of brackets.
                    (l.ends_with(&format!(" ({nation})")) || l.ends_with(&format!(", {nation})")))
                        && l.contains('→')
                })
                .unwrap_or_else(|| panic!("no holdings of {nation}\n{text}"));
            let nums: Vec<usize> = line
                .split_whitespace()
                .take(3)
                .filter_map(|w| w.parse().ok())
                .collect();
            assert_eq!(nums, [a, b], "{line}");
        }
    }
}

/// Every `N ducati` of a text, as numbers.
fn ducats_in(text: &str) -> Vec<(i64, String)> {
    text.lines()
        .flat_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words
                .windows(2)
                .filter(|w| w[1].starts_with("ducat"))
                .filter_map(|w| w[0].trim_start_matches('+').parse().ok())
                .map(|n| (n, line.to_owned()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Where the rule id of an event line starts (`… (G3c.4) la vostra spia…`): a `(G`
/// whose parenthesis holds a dotted rule id, not a Genoese node code like `(G1)`.
fn rule_at(line: &str) -> Option<usize> {
    line.match_indices(" (G").map(|(i, _)| i + 1).find(|&i| {
        line[i..]
            .split_once(')')
            .is_some_and(|(id, _)| id.contains('.') && !id.contains(' '))
    })
}

/// Returns whether a line of a yearly report repeats what the reader was told before
/// (`told`: its phase reports, or the public bulletins): an event word for word from its
/// rule id on, or the losses of one of its battles (G7.3), by the battle's id.
fn told_before(line: &str, told: &str) -> bool {
    let line = line.trim();
    if line.contains(" perdite ") {
        let id = line.split(',').next().unwrap_or("");
        return !id.is_empty() && told.contains(&format!("perdite nella battaglia {id}:"));
    }
    rule_at(line).is_some_and(|i| told.contains(&line[i..]))
}

#[test]
fn the_event_line_reader_tells_rules_from_genoese_places() {
    let line = "  turno 1 (Marzo) del 1494 (G3c.4) la vostra spia stima il nemico a G1: 80 ducati";
    assert_eq!(rule_at(line).map(|i| &line[i..i + 7]), Some("(G3c.4)"));
    assert_eq!(rule_at("  Genova (G0), assedianti: 2 tiri"), None);
    assert!(told_before(
        line,
        "x\n  (G3c.4) la vostra spia stima il nemico a G1: 80 ducati\n"
    ));
    assert!(!told_before(
        line,
        "  (G3c.4) la vostra spia stima il nemico a G1: 81 ducati"
    ));
}

#[test]
fn no_yearly_report_or_chronicle_shows_another_clubs_facts() {
    let clubs = clubs();
    let treasury: BTreeMap<String, (i64, i64)> = clubs
        .iter()
        .map(|c| {
            let (o, cl, _, _) = ledger_treasury(c);
            (c.clone(), (o, cl))
        })
        .collect();
    // What a club was told in its phase reports: the only foreign figures it may see
    // (a spy's estimate, a battle's losses, G7.3); and what everyone was told.
    let phase_reports: Vec<Mail> = mails("1494-")
        .into_iter()
        .filter(|r| r.file.contains(".report."))
        .collect();
    let bulletins: String = phase_reports
        .iter()
        .filter_map(|r| r.parts.get("bollettino.txt"))
        .map(|b| String::from_utf8_lossy(b).replace("\r\n", "\n"))
        .collect();
    assert!(
        !bulletins.is_empty(),
        "the phase reports carry the bulletin"
    );
    let (mut checked, mut events) = (0, 0);
    for (club, m) in yearly() {
        let told: String = phase_reports
            .iter()
            .filter(|r| nation_of(&r.file) == club)
            .map(|r| r.text.replace("\r\n", "\n"))
            .collect();
        // Every event of its year is one it was told in its phase reports (G7.2–G7.4).
        for line in events_of(&m.text).filter(|l| rule_at(l).is_some()) {
            events += 1;
            assert!(told_before(line, &told), "{club} was never told `{line}`");
        }
        let own = treasury[&club];
        let found = ducats_in(&m.text);
        // The check reads the report's own figures: this must find them, or it proves
        // nothing.
        assert!(found.iter().any(|(n, _)| *n == own.1), "{club}: {found:?}");
        for (other, (_, theirs)) in treasury.iter().filter(|(c, _)| **c != club) {
            if [own.0, own.1].contains(theirs) {
                continue;
            }
            checked += 1;
            for (n, line) in found.iter().filter(|(n, _)| n == theirs) {
                assert!(
                    told_before(line, &told),
                    "{club}'s yearly report shows {n} ducati, {other}'s treasury, in `{line}`"
                );
            }
        }
    }
    assert!(checked >= 40, "too few treasuries compared: {checked}");
    assert!(events >= 8, "too few events checked: {events}");
    for lang_file in ["reports/cronaca-1494.txt", "reports/chronicle-1494.txt"] {
        let text = std::fs::read_to_string(demo().dir.join(lang_file)).expect("chronicle");
        for (club, (_, end)) in &treasury {
            for (n, line) in ducats_in(&text) {
                assert_ne!(n, *end, "{lang_file} shows {club}'s treasury in `{line}`");
            }
        }
        for word in ["alleanza", "alliance", "tesoro", "treasury"] {
            assert!(!text.contains(word), "{lang_file} tells `{word}`:\n{text}");
        }
    }
    // Every event of the chronicle was in a public bulletin (G7.1).
    let cronaca = read(&demo().dir.join("reports"), "cronaca-1494.txt");
    let public: Vec<&str> = events_of(&cronaca)
        .filter(|l| rule_at(l).is_some())
        .collect();
    assert!(!public.is_empty(), "{cronaca}");
    for line in public {
        assert!(
            told_before(line, &bulletins),
            "the bulletins never told `{line}`"
        );
    }
}

#[test]
fn the_yearly_report_and_the_chronicle_render_in_italian_and_english() {
    let (_, closing, _, _) = ledger_treasury("V");
    let it = run(&["report", "--year", "1494", "--club", "V"]);
    assert!(
        it.contains(&format!("Tesoro alla fine dell'anno: {closing} ducati")),
        "{it}"
    );
    let en = run(&["report", "--year", "1494", "--club", "V", "--lang", "en"]);
    assert!(
        en.contains(&format!(
            "Treasury at the end of the year: {closing} ducats"
        )),
        "{en}"
    );
    assert!(
        en.contains("Republic of Venice") || en.contains("Venice"),
        "{en}"
    );
    assert!(!en.contains("Tesoro"), "{en}");
    let html = run(&[
        "report", "--year", "1494", "--club", "V", "--lang", "en", "--format", "html",
    ]);
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.contains("<html lang=\"en\">"),
        "{html}"
    );
    assert!(
        html.contains(&format!("<strong id=\"treasury-end\">{closing}</strong>")),
        "{html}"
    );
    let chron_it = run(&["report", "--year", "1494"]);
    assert!(
        chron_it.starts_with("Il Giglio — Cronaca: l'anno 1494"),
        "{chron_it}"
    );
    let chron_en = run(&["report", "--year", "1494", "--chronicle", "--lang", "en"]);
    assert!(
        chron_en.starts_with("Il Giglio — Chronicle: the year 1494"),
        "{chron_en}"
    );
    assert!(
        chron_en.contains(" takes ") && !chron_en.contains(" prende "),
        "{chron_en}"
    );
    // Each rule the yearly report and the chronicle cite is listed at their end with its
    // text, as round reports do (issue 29 point 7).
    for (text, heading) in [
        (&it, "== Regole citate in questo rapporto"),
        (&en, "== Rules cited in this report"),
        (&chron_it, "== Regole citate in questo rapporto"),
    ] {
        let at = text.find("(G").expect("the text cites a rule");
        let id = text[at + 1..].split(')').next().unwrap();
        assert!(
            text.contains(heading) && text.contains(&format!("\n  {id} ")),
            "{id} is not listed:\n{text}"
        );
    }
    // The same chronicle the demo wrote to reports/, in both languages, with its map.
    let reports = demo().dir.join("reports");
    assert_eq!(read(&reports, "cronaca-1494.txt"), chron_it);
    assert_eq!(read(&reports, "chronicle-1494.txt"), chron_en);
    let map = std::fs::read(reports.join("map-1494.png")).expect("the map picture");
    assert!(map.starts_with(b"\x89PNG"));
    assert!(read(&reports, "chronicle-1494.html").contains("src=\"map-1494.png\""));
    // Each language's chronicle shows the map drawn in its language (a play-test's
    // English pages showed the Italian map).
    assert!(read(&reports, "cronaca-1494.html").contains("src=\"mappa-1494.png\""));
    assert_ne!(
        std::fs::read(reports.join("mappa-1494.png")).expect("la mappa"),
        map
    );
    for club in clubs() {
        assert!(reports.join(format!("{club}-1494.txt")).is_file(), "{club}");
    }
}

/// A report's lines before the list of the rules it cites: that list is the rulebook's
/// public text, not an event of the year.
fn events_of(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .take_while(|l| !l.starts_with("== Regole citate") && !l.starts_with("== Rules cited"))
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn a_year_not_over_or_not_played_is_a_clear_user_error() {
    let d = demo();
    let fail = |args: &[&str]| {
        giglio(&d.dir)
            .arg("-C")
            .arg(&d.dir)
            .args(args)
            .assert()
            .failure()
    };
    let a = fail(&["report", "--year", "1495"]);
    assert_eq!(code_of(&a), 1);
    assert!(
        stderr_of(&a).contains("the year 1495 is not over"),
        "{}",
        stderr_of(&a)
    );
    let a = fail(&["report", "--year", "1490", "--chronicle"]);
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("no year 1490"), "{}", stderr_of(&a));
    let a = fail(&["report", "--year", "1494", "--club", "XX"]);
    assert_eq!(code_of(&a), 1);
    // Usage errors: a chronicle needs its year; a year is not a phase.
    assert_eq!(code_of(&fail(&["report", "--chronicle"])), 2);
    assert_eq!(
        code_of(&fail(&[
            "report",
            "--year",
            "1494",
            "--phase",
            "1494-spring"
        ])),
        2
    );
    assert_eq!(
        code_of(&fail(&[
            "report",
            "--year",
            "1494",
            "--chronicle",
            "--club",
            "V"
        ])),
        2
    );
}

#[test]
fn the_winter_queues_the_year_with_its_own_reports() {
    let kinds: BTreeSet<String> = mails("1494-winter.")
        .iter()
        .map(|m| m.file.split('.').nth(1).unwrap_or("").to_owned())
        .collect();
    let expected: BTreeSet<String> = ["chronicle", "referee", "report", "yearly"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(kinds, expected);
    // The last round before it sends no year.
    let r10 = mails("1494-r10.");
    assert!(!r10.is_empty() && r10.iter().all(|m| !m.file.contains(".yearly.")));
}

/// The lines of the objective's section (`== Il vostro obiettivo…` and the next).
fn standing_of(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines
        .iter()
        .position(|l| l.starts_with("== Il vostro obiettivo"))
        .map(|i| lines[i..=i + 1].iter().map(|l| (*l).to_owned()).collect())
        .unwrap_or_default()
}

#[test]
fn a_clubs_yearly_report_shows_its_own_standing_as_its_winter_report_does() {
    let winter: BTreeMap<String, String> = mails("1494-winter.report.")
        .into_iter()
        .map(|m| (nation_of(&m.file), m.text.replace("\r\n", "\n")))
        .collect();
    let mut shown = 0;
    for (club, m) in yearly() {
        let text = m.text.replace("\r\n", "\n");
        let mine = standing_of(&text);
        assert_eq!(mine, standing_of(&winter[&club]), "{club}");
        assert!(
            text.matches("== Il vostro obiettivo").count() <= 1,
            "{club}: one standing, its own\n{text}"
        );
        shown += usize::from(!mine.is_empty());
    }
    assert!(
        shown > 0,
        "no club chose an objective: nothing was compared"
    );
}

/// One chart of an HTML message: its SVG and the numbers of its table, row by row.
struct ChartShown {
    svg: String,
    rows: Vec<Vec<i64>>,
}

/// Every chart of an HTML body (`<figure class="chart">`: the SVG, then its numbers).
fn charts_in(html: &str) -> Vec<ChartShown> {
    html.split("<figure class=\"chart\"")
        .skip(1)
        .map(|f| {
            let f = &f[..f.find("</figure>").expect("the figure's end")];
            let svg =
                f[f.find("<svg").expect("an SVG")..f.find("</svg>").expect("its end")].to_owned();
            let table = &f[f.find("<table class=\"chart-data\">").expect("the numbers")..];
            let rows = table
                .split("<tr>")
                .skip(2)
                .map(|row| {
                    row.split("<td class=\"amount\">")
                        .skip(1)
                        .map(|c| c[..c.find('<').expect("a cell")].parse().expect("a number"))
                        .collect()
                })
                .collect();
            ChartShown { svg, rows }
        })
        .collect()
}

/// Issue 17.7: each club's yearly message charts its treasury, its armies and garrisons
/// and its places at the start and the end of the year, the numbers being the ledger's
/// and the political map's, one point drawn for each; the PNGs are attached; the
/// chronicle charts every nation's places.
#[test]
fn the_yearly_report_and_the_chronicle_carry_their_charts() {
    let (start, end, _) = worlds();
    for (club, m) in yearly() {
        let charts = charts_in(&m.html);
        assert_eq!(charts.len(), 2, "{club}: the ducats and the places");
        let (s, e, _, _) = ledger_treasury(&club);
        assert_eq!(
            charts[0].rows[0],
            [s, e],
            "{club}: the treasury is the ledger's"
        );
        assert_eq!(charts[0].rows.len(), 2, "{club}: treasury and forces");
        let held = |w: &World| owned(w, &club).len() as i64;
        assert_eq!(charts[1].rows, [vec![held(&start), held(&end)]], "{club}");
        assert_eq!(charts[0].svg.matches("<circle").count(), 4, "{club}");
        assert_eq!(charts[1].svg.matches("<circle").count(), 2, "{club}");
        for n in 1..=3 {
            let png = m
                .parts
                .get(&format!("grafico-1494-{n}.png"))
                .unwrap_or_else(|| panic!("{club}: chart {n} attached"));
            assert!(png.starts_with(b"\x89PNG"), "{club}: a PNG");
        }
        assert!(
            m.html.contains("Tesoro e armate, anno per anno"),
            "{club}: in the club's language"
        );
    }
    let referee = mails("1494-winter.chronicle.referee.");
    let charts = charts_in(&referee[0].html);
    assert_eq!(charts.len(), 1, "the chronicle's chart");
    let counts = |w: &World| {
        let mut by: BTreeMap<String, i64> = BTreeMap::new();
        for node in w.nodes.values() {
            *by.entry(node.owner.to_string()).or_default() += 1;
        }
        by
    };
    let (a, b) = (counts(&start), counts(&end));
    let mut expected: Vec<Vec<i64>> = a
        .keys()
        .chain(b.keys())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|n| {
            vec![
                a.get(n).copied().unwrap_or(0),
                b.get(n).copied().unwrap_or(0),
            ]
        })
        .collect();
    let mut shown = charts[0].rows.clone();
    expected.sort();
    shown.sort();
    assert_eq!(
        shown, expected,
        "every nation's places, as the map shows them"
    );
    let points: usize = shown.iter().map(Vec::len).sum();
    assert_eq!(charts[0].svg.matches("<circle").count(), points);
}

/// Issue 30.2: the yearly report (with the year's map) and the chronicle read on a
/// phone as the report, the bulletin and the battle card do (`tests/browser_report.rs`):
/// each has its viewport and lays out within 420 pixels, nothing scrolls sideways (nor
/// at 1200), in real Chromium. The yearly reports and chronicles `giglio demo` writes
/// in both languages, and the public site's chronicle; screenshots go to
/// target/page-screenshots/.
#[test]
fn the_yearly_report_and_the_chronicle_read_at_420_without_sideways_scrolling() {
    use crate::browser_report::measure_at;
    let d = demo();
    let reports = d.dir.join("reports");
    let mut pages = vec![
        (reports.join("V-1494.html"), "phone-yearly"),
        (reports.join("cronaca-1494.html"), "phone-cronaca"),
        (reports.join("chronicle-1494.html"), "phone-chronicle"),
        (
            d.dir.join("site/it/chronicle-1494.html"),
            "phone-site-chronicle",
        ),
    ];
    // A club playing in English, when the demo has one: its yearly report too.
    if let Some(en) = std::fs::read_dir(&reports)
        .expect("the reports")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| {
            p.to_string_lossy().ends_with("-1494.html")
                && std::fs::read_to_string(p).is_ok_and(|t| t.contains("<html lang=\"en\""))
        })
    {
        pages.push((en, "phone-yearly-en"));
    }
    let driver = crate::common::webdriver::Driver::start();
    for (page, name) in &pages {
        assert!(page.exists(), "{} written", page.display());
        for width in [420u32, 1200] {
            let (scroll, inner, viewport) = measure_at(&driver, page, width, name);
            assert!(viewport, "{}: a viewport", page.display());
            assert!(
                scroll <= inner && scroll <= f64::from(width),
                "{} at {width}: lays out {scroll} wide in {inner}",
                page.display()
            );
        }
    }
}
