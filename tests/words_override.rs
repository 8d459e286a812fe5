//! A referee's word overrides (`DIR/locales/<lang>/*.ftl`) reach every sentence a command
//! writes: a receipt, a diagnostic of `orders check`, a reminder and a notice; and a
//! broken override is reported by every command that loads the campaign, not first at
//! `resolve`.

use crate::mailbox::{Season, secret_in, sheet_of, with_secret};

/// English overrides of four messages from four layers (the desk's receipt, the order
/// diagnostics, the reminder, the deadline notice), each with its own marker.
const OVERRIDES: &str = "\
receipt-head = SEALED-BY-THE-REFEREE: orders for { $phase } ({ $sha })
lower-toml = UNREADABLE-SAYS-THE-REFEREE: { $why }
desk-remind-text =
    NUDGE-FROM-THE-REFEREE: orders for { $phase }, due { $due }.
desk-deadline-text =
    MOVED-BY-THE-REFEREE: { $phase }, now due { $due }.
";

fn write_override(s: &Season, name: &str, text: &str) {
    let dir = s.dir.join("locales/en");
    std::fs::create_dir_all(&dir).expect("locales folder");
    std::fs::write(dir.join(name), text).expect("write the override");
}

#[test]
fn a_referees_words_reach_receipts_diagnostics_reminders_and_notices() {
    let mut s = Season::new(&[]);
    let welcome = s.deliver();
    write_override(&s, "referee.ftl", OVERRIDES);

    // A reminder to every club still missing: Milan writes English.
    s.stdout(&["remind"]);
    let reminders = s.deliver();
    let to = |nation: &str, got: &[crate::mailbox::Received]| -> String {
        got.iter()
            .filter(|r| r.nation == nation)
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n---\n")
    };
    assert!(
        to("M", &reminders).contains("NUDGE-FROM-THE-REFEREE"),
        "{}",
        to("M", &reminders)
    );
    // Italian clubs keep the shipped Italian words: the override is English only.
    assert!(to("V", &reminders).contains("Non abbiamo ancora ricevuto"));

    // A deadline moved: the notice.
    s.stdout(&["deadline", "--set", "2026-09-10 21:00"]);
    let notices = s.deliver();
    assert!(
        to("M", &notices).contains("MOVED-BY-THE-REFEREE"),
        "{}",
        to("M", &notices)
    );

    // Milan's sheet, mailed: the receipt.
    let m = welcome
        .iter()
        .find(|w| w.nation == "M")
        .expect("M's welcome");
    let (_, sheet) = sheet_of(m);
    let read = s.mail_orders("M", &with_secret(&sheet, &secret_in(&m.text)));
    assert_eq!(read["verdict"], "accepted", "{read}");
    let receipts = s.deliver();
    assert!(
        to("M", &receipts).contains("SEALED-BY-THE-REFEREE"),
        "{}",
        to("M", &receipts)
    );

    // The referee's own check of a broken file, in English.
    std::fs::write(s.dir.join("broken.toml"), "club = \"M\"\nphase = [\n").expect("write");
    let broken = s.dir.join("broken.toml");
    let out = s
        .cmd()
        .args([
            "orders",
            "check",
            broken.to_str().expect("UTF-8"),
            "--lang",
            "en",
        ])
        .assert()
        .failure();
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned()
        + &String::from_utf8_lossy(&out.get_output().stderr);
    assert!(said.contains("UNREADABLE-SAYS-THE-REFEREE"), "{said}");
}

#[test]
fn a_broken_override_is_reported_by_every_command_that_loads_the_campaign() {
    let s = Season::new(&[]);
    let file = s.dir.join("orders.toml");
    let mail = s.dir.join("nothing.eml");
    std::fs::write(&file, "club = \"M\"\n").expect("write");
    std::fs::write(&mail, "From: a@b.example\r\n\r\nhi\r\n").expect("write");
    let (file, mail) = (file.to_str().expect("UTF-8"), mail.to_str().expect("UTF-8"));
    let before = s.stdout(&["export", "--json"]);
    write_override(
        &s,
        "typo.ftl",
        "receipt-haed = a message the catalogue does not have\n",
    );
    for args in [
        &["status"][..],
        &["orders", "check", file],
        &["inbox", "--eml", mail],
        &["resolve", "--dry-run"],
        &["remind"],
        &["ledger"],
        &["report", "--club", "V"],
    ] {
        let out = s.cmd().args(args).assert().failure();
        let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(
            err.contains("typo.ftl") && err.contains("receipt-haed"),
            "`giglio {}` does not name the broken override:\n{err}",
            args.join(" ")
        );
    }
    std::fs::remove_file(s.dir.join("locales/en/typo.ftl")).expect("remove");
    assert_eq!(
        s.stdout(&["export", "--json"]),
        before,
        "nothing changed while the override was broken"
    );
}
