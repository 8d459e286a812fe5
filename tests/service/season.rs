//! A season run by the service alone (issue 28's "Done means"): a spring and three
//! rounds played by three clubs from their mail, once through a Maildir and the mail
//! folder, once through a real Dovecot (IMAP) and a real SMTP server. The clock moves by
//! `GIGLIO_NOW` between passes of `giglio run --once`; no step runs `inbox`, `mail send`
//! or `resolve`. On the way: receipts on arrival, reminders, an extension, a club that
//! misses a deadline, a battle settled by mail, an outage, and a battle past its play-by
//! date auto-resolved by the fallback.

use super::kept::{Got, Kept, actions, kinds, pair};
use crate::mailbox::{header_of, result_from_stub};
use chrono::{DateTime, Duration, SecondsFormat, Utc};

/// `at` (RFC 3339, any offset) moved by `minutes`, in UTC as the tests' clock reads.
fn shift(at: &str, minutes: i64) -> String {
    let t = DateTime::parse_from_rfc3339(at).expect("an RFC 3339 time");
    (t.with_timezone(&Utc) + Duration::minutes(minutes)).to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// The open phase's deadline, as `giglio status --json` gives it.
fn deadline(k: &Kept, now: &str) -> String {
    k.status(now)["deadline"]
        .as_str()
        .expect("the open phase has a deadline")
        .to_owned()
}

/// The pass's `read` verdicts, in the order the messages were read.
fn verdicts(p: &serde_json::Value) -> Vec<String> {
    p["read"]
        .as_array()
        .expect("read")
        .iter()
        .map(|r| r["verdict"].as_str().expect("a verdict").to_owned())
        .collect()
}

/// The path a club's sheet gives `piece` to reach `node` this round.
fn path_on_sheet(sheet: &str, piece: &str, node: &str) -> String {
    let section = &sheet[sheet
        .find(&format!("{piece} "))
        .expect("the piece on the sheet")..];
    section
        .lines()
        .find(|l| l.starts_with(&format!("#   {node} ")) && l.contains(": path = "))
        .and_then(|l| l.split(": path = ").nth(1))
        .unwrap_or_else(|| panic!("{piece} cannot reach {node}:\n{section}"))
        .to_owned()
}

/// The club's latest sheet with its secret, plus `extra` orders.
fn sheet_with(k: &Kept, nation: &str, extra: &str) -> String {
    let sheet = crate::mailbox::with_secret(&k.sheets[nation], &k.secrets[nation]);
    format!("{sheet}\n{extra}")
}

/// The club's sheet with `piece` set to attack on contact and moved to `node` by the
/// path its sheet gives.
fn attack(k: &Kept, nation: &str, piece: &str, node: &str) -> String {
    let path = path_on_sheet(&k.sheets[nation], piece, node);
    sheet_with(
        k,
        nation,
        &format!(
            "[[stance]]\npiece = \"{piece}\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"{piece}\"\npath = {path}\n"
        ),
    )
}

fn send(k: &mut Kept, nation: &str, body: &str) {
    let raw = k.mail_of(nation, body);
    k.deliver(&raw);
}

fn one<'a>(got: &'a [Got], kind: &str, to: &str) -> &'a Got {
    got.iter()
        .find(|g| g.kind == kind && g.to == to)
        .unwrap_or_else(|| panic!("no {kind} to {to} in {:?}", kinds(got)))
}

/// Passes just before and just after `deadline` (the service looks every few minutes,
/// so no outage is seen); returns the second pass.
fn across(k: &Kept, deadline: &str) -> serde_json::Value {
    let p = k.pass(&shift(deadline, -10));
    assert!(actions(&p).is_empty(), "nothing before the deadline: {p}");
    k.pass(&shift(deadline, 1))
}

/// The season; `k` delivers and collects mail by its own post.
fn season(mut k: Kept) {
    // ---- Spring. The first pass sends the welcomes.
    let p = k.pass("2026-09-01T08:05:00Z");
    assert_eq!(p["sent"], 3, "{p}");
    assert_eq!(
        kinds(&k.received()),
        vec![
            pair("welcome", "F"),
            pair("welcome", "M"),
            pair("welcome", "V")
        ]
    );

    // Venice and Milan mail their sheets: a receipt each at the next pass.
    k.mail_sheet("V");
    k.mail_sheet("M");
    let p = k.pass("2026-09-02T10:00:00Z");
    assert_eq!(verdicts(&p), ["accepted", "accepted"], "{p}");
    assert_eq!(
        kinds(&k.received()),
        vec![pair("receipt", "M"), pair("receipt", "V")]
    );

    // Milan asks for a day more: granted at once, every club told the new deadline.
    assert_eq!(
        deadline(&k, "2026-09-03T09:59:00Z"),
        "2026-09-08T21:00:00+02:00"
    );
    let ask = header_of(&k.sheets["M"], &k.secrets["M"])
        + "\n[extension]\nhours = 24\nreason = \"our table is away at a convention\"\n";
    send(&mut k, "M", &ask);
    k.pass("2026-09-03T10:00:00Z");
    let got = k.received();
    assert_eq!(
        kinds(&got),
        vec![
            pair("deadline", "F"),
            pair("deadline", "M"),
            pair("deadline", "V"),
            pair("receipt", "M")
        ]
    );
    assert!(
        one(&got, "deadline", "F")
            .text
            .contains("2026-09-09 21:00 Europe/Rome"),
        "{}",
        one(&got, "deadline", "F").text
    );
    let spring = deadline(&k, "2026-09-03T10:01:00Z");
    assert_eq!(spring, "2026-09-09T21:00:00+02:00");

    // 48 hours before the new deadline only Florence is reminded, once.
    let p = k.pass(&shift(&spring, -48 * 60 + 30));
    assert_eq!(actions(&p), ["reminded"], "{p}");
    assert_eq!(p["actions"][0]["clubs"], serde_json::json!(["F"]));
    assert_eq!(kinds(&k.received()), vec![pair("reminder", "F")]);
    let p = k.pass(&shift(&spring, -47 * 60));
    assert!(actions(&p).is_empty(), "{p}");

    // Florence answers; at 4 hours nobody is missing, so nobody is reminded.
    k.mail_sheet("F");
    k.pass(&shift(&spring, -24 * 60));
    assert_eq!(kinds(&k.received()), vec![pair("receipt", "F")]);
    let p = k.pass(&shift(&spring, -3 * 60));
    assert!(actions(&p).is_empty(), "{p}");

    // Past the deadline the spring is resolved and every club gets its report.
    let p = across(&k, &spring);
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let got = k.received();
    for n in ["F", "M", "V"] {
        one(&got, "report", n);
    }
    one(&got, "referee", "referee");

    // ---- Round 1. Venice's second army attacks Florence's Castrocaro (F7); Milan sends
    // its sheet as it is; Florence sends nothing.
    let r1 = deadline(&k, &shift(&spring, 2));
    let orders = attack(&k, "V", "V-A2", "F7");
    send(&mut k, "V", &orders);
    k.mail_sheet("M");
    let p = k.pass(&shift(&spring, 60));
    assert_eq!(verdicts(&p), ["accepted", "accepted"], "{p}");
    assert_eq!(
        kinds(&k.received()),
        vec![pair("receipt", "M"), pair("receipt", "V")]
    );
    // Florence is reminded at 48 and at 4 hours, and misses the deadline: its pieces
    // stand, and the battle waits for the table.
    for hours in [48, 4] {
        let p = k.pass(&shift(&r1, -hours * 60 + 30));
        assert_eq!(actions(&p), ["reminded"], "{p}");
        assert_eq!(p["actions"][0]["clubs"], serde_json::json!(["F"]), "{p}");
        assert_eq!(kinds(&k.received()), vec![pair("reminder", "F")]);
    }
    let p = across(&k, &r1);
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let got = k.received();
    for n in ["F", "V"] {
        let sheet = &k.sheets[n];
        assert!(
            sheet.contains("# [[battle_result]]") && sheet.contains("1494-r01-F7"),
            "{n}'s sheet asks for the battle's result:\n{sheet}"
        );
        assert!(
            one(&got, "report", n).text.contains("1494-r01-F7"),
            "{}",
            one(&got, "report", n).text
        );
    }
    let missed = &one(&got, "report", "F").text;
    assert!(
        missed.contains(
            "Nessun ordine da voi per questa fase: i vostri pezzi non ne hanno avuti e hanno tenuto i loro ordini permanenti; quel che è accaduto loro è detto qui sotto"
        ),
        "{missed}"
    );
    let opened = shift(&r1, 1);

    // ---- Round 2. Venice and Florence mail the same result: Florence held Castrocaro.
    // It is applied at once, as a step of the round, and each side gets its position.
    for n in ["V", "F"] {
        let file = header_of(&k.sheets[n], &k.secrets[n])
            + &result_from_stub(&k.sheets[n], "F", "V = 40, F = 30");
        send(&mut k, n, &file);
    }
    let p = k.pass(&shift(&opened, 60));
    assert_eq!(verdicts(&p), ["accepted", "accepted"], "{p}");
    let got = k.received();
    for n in ["F", "V"] {
        one(&got, "receipt", n);
        one(&got, "update", n);
    }
    assert!(
        !k.sheets["F"].contains("# [[battle_result]]"),
        "the battle is settled:\n{}",
        k.sheets["F"]
    );
    // Milan's third army attacks Castrocaro in its turn; Venice sends its sheet, and
    // Florence has not yet.
    let orders = attack(&k, "M", "M-A3", "F7");
    send(&mut k, "M", &orders);
    k.mail_sheet("V");
    let last = shift(&opened, 120);
    let p = k.pass(&last);
    assert_eq!(verdicts(&p), ["accepted"; 2], "{p}");
    k.received();

    // The service is stopped for a day across round 2's deadline: when it runs again it
    // moves the deadline on by the time it was away and tells everyone, instead of
    // resolving, since Florence's orders were not in (with every club's in, the round
    // resolves: nobody lost a turn; a later round shows it).
    let r2 = deadline(&k, &last);
    let back = shift(&r2, 24 * 60);
    let p = k.pass(&back);
    assert_eq!(actions(&p), ["deadline_moved"], "{p}");
    assert_eq!(p["actions"][0]["from"], r2.as_str());
    let got = k.received();
    assert_eq!(
        kinds(&got),
        vec![
            pair("deadline", "M"),
            pair("deadline", "V"),
            pair("reminder", "F"),
            pair("service", "referee")
        ]
    );
    let r2 = deadline(&k, &back);
    assert_eq!(p["actions"][0]["to"], r2.as_str(), "{p}");
    k.mail_sheet("F");
    let p = across(&k, &r2);
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let got = k.received();
    for n in ["F", "M"] {
        assert!(
            one(&got, "report", n).text.contains("1494-r02-F7"),
            "{}",
            one(&got, "report", n).text
        );
    }

    // ---- Round 3. Nobody settles Milan's battle. The round's deadline passes and the
    // round waits for it; at its play-by date the battle is auto-resolved with its own
    // game, both clubs are told, and the round is resolved in the same pass.
    let r3 = deadline(&k, &shift(&r2, 2));
    let list = k
        .cmd(&shift(&r2, 2))
        .args(["battle", "list", "--json"])
        .assert()
        .success();
    let list: serde_json::Value = serde_json::from_slice(&list.get_output().stdout).unwrap();
    assert_eq!(list[0]["id"], "1494-r02-F7", "{list}");
    let play_by = list[0]["play_by"]
        .as_str()
        .expect("a play-by date")
        .to_owned();
    assert!(
        play_by > r3,
        "the battle may be played after the round's deadline"
    );
    // Venice and Florence send their sheets; Milan mails its battle's result alone,
    // which leaves it without orders for the round (a file of results changes none).
    for n in ["V", "F"] {
        k.mail_sheet(n);
    }
    let result = header_of(&k.sheets["M"], &k.secrets["M"])
        + &result_from_stub(&k.sheets["M"], "M", "M = 0, F = 40");
    send(&mut k, "M", &result);
    let p = k.pass(&shift(&r2, 60));
    assert_eq!(verdicts(&p), ["accepted"; 3], "{p}");
    k.received();
    // Milan is reminded of its orders, and of its battle as a battle whose result from
    // it is in (a play-test read the line as its own result still missing); Florence,
    // whose orders are in, of the result the battle waits for from it (a play-test's
    // club was never reminded of one).
    for hours in [48, 4] {
        let p = k.pass(&shift(&r3, -hours * 60 + 30));
        assert_eq!(actions(&p), ["reminded"], "{p}");
        assert_eq!(
            p["actions"][0]["clubs"],
            serde_json::json!(["F", "M"]),
            "{p}"
        );
        let got = k.received();
        let m = &one(&got, "reminder", "M").text;
        assert!(
            m.contains(
                "Battle 1494-r02-F7 at Castrocaro: your result is in; the other side's is awaited"
            ),
            "{m}"
        );
        let f = one(&got, "reminder", "F");
        assert!(
            f.text.contains("sono arrivati; una vostra battaglia attende ancora il vostro risultato")
                && f.text.contains(
                    "Battaglia 1494-r02-F7 a Castrocaro: giocatela al tavolo e mandate il vostro risultato entro il"
                ),
            "{}",
            f.text
        );
        // What the service does next says the battle will hold the resolution (a
        // play-test read "next: resolve" at a deadline the battle held past).
        if hours == 4 {
            let next = p["next"]["what"].as_str().unwrap_or_default();
            assert!(
                next.starts_with("resolve 1494-r03, once the result of battle 1494-r02-F7 is in (else auto-resolve battle 1494-r02-F7 at its play-by date, 2026-"),
                "{p}"
            );
        }
    }
    let p = across(&k, &r3);
    assert_eq!(actions(&p), ["waiting"], "{p}");
    // The round is not held in silence: every club is told, once, that it waits for a
    // battle and until when, without the battle's place or sides.
    let got = k.received();
    assert_eq!(
        kinds(&got),
        vec![pair("waits", "F"), pair("waits", "M"), pair("waits", "V")]
    );
    let m = &one(&got, "waits", "M").text;
    assert!(
        m.contains("the round is resolved only once it has the result of a battle")
            && m.contains("At the latest on 2026-"),
        "{m}"
    );
    // Its own battle by id, to its sides alone, with whether its result is in; and what
    // counts of its orders (a play-test was told "those of your last file" when its
    // last file held only results).
    assert!(
        m.contains("You are one of the two sides of battle 1494-r02-F7: your result is in, the other side's is not"),
        "{m}"
    );
    assert!(
        m.contains(
            "You sent no orders for this round: your forces will do what they do without orders, unless you send a file now"
        ),
        "{m}"
    );
    let f = &one(&got, "waits", "F").text;
    assert!(
        f.contains("Siete una delle due parti della battaglia 1494-r02-F7: il risultato dell'altra parte è arrivato, il vostro no: mandate il risultato della partita come è stata giocata; se coincide con il suo, vale. Senza due risultati uguali, l'arbitro può decidere, e alla data qui sopra la battaglia è risolta dal suo gioco.")
            && f.contains("Per il turno valgono i vostri ordini del file arrivato il 2026-")
            // A file sent meanwhile is late (a play-test's club could not tell).
            && f.contains("Un file che mandate mentre il turno attende lo sostituisce, ma arriva dopo il termine"),
        "{f}"
    );
    let v = &one(&got, "waits", "V").text;
    assert!(
        v.contains("attende") || v.contains("il turno si risolverà solo quando"),
        "{v}"
    );
    assert!(
        v.contains("Non siete una parte di questa battaglia: da voi non serve nulla.")
            && !v.contains("Siete una delle due parti"),
        "Venice fights none of them: {v}"
    );
    // Venice, no side of it, reads nothing of the battle's place (G7.3); its sides read
    // their own battle's id.
    for g in got.iter().filter(|g| g.to == "V") {
        assert!(
            !g.text.contains("F7") && !g.text.contains("Castrocaro"),
            "{}",
            g.text
        );
    }
    let p = k.pass(&shift(&play_by, -10));
    assert_eq!(actions(&p), ["waiting"], "{p}");
    // What the service does next is the battle's fallback at its play-by date, not a
    // resolution at a deadline already past (a playtest).
    let next = p["next"]["what"].as_str().unwrap_or_default();
    assert!(next.starts_with("auto-resolve battle "), "{p}");
    assert_eq!(
        giglio_time(p["next"]["at"].as_str().unwrap_or_default()),
        giglio_time(&play_by),
        "{p}"
    );
    assert!(k.received().is_empty(), "told once");
    let p = k.pass(&shift(&play_by, 1));
    assert_eq!(actions(&p), ["battle_fallback", "resolved"], "{p}");
    assert_eq!(p["actions"][0]["fallback"], "auto");
    let got = k.received();
    for n in ["F", "M"] {
        one(&got, "fallback", n);
        one(&got, "update", n);
    }
    let told = &one(&got, "fallback", "M").text;
    assert!(
        told.contains("has passed without two agreeing results")
            && told.contains("resolved automatically with its own game"),
        "{told}"
    );
    assert!(
        !got.iter().any(|g| g.kind == "fallback" && g.to == "V"),
        "Venice is not in the battle: {:?}",
        kinds(&got)
    );
    // Florence mailed no result: its update says how the game decided the battle (a
    // play-test's winner had lost more, and nothing said why).
    let f = &one(&got, "update", "F").text;
    assert!(f.contains("Come l'ha decisa il gioco: "), "{f}");
    // The round is resolved in the same pass: the update asks for nothing it could no
    // longer take, and brings no sheet or page of the closed round.
    for n in ["F", "M"] {
        let u = one(&got, "update", n);
        assert!(
            (u.text.contains("has passed") || u.text.contains("è passato"))
                && !u.text.contains("To change them")
                && !u.text.contains("Per cambiarle"),
            "{}",
            u.text
        );
        assert!(
            !u.files
                .keys()
                .any(|f| f.ends_with(".toml") || f.ends_with(".html")),
            "{:?}",
            u.files.keys()
        );
    }
    for n in ["F", "M", "V"] {
        one(&got, "report", n);
    }
    let now = shift(&play_by, 5);
    assert_eq!(k.status(&now)["phase"], "1494-r04");

    // Every action is in the journal, and the clubs can check every roll.
    let log = k.cmd(&now).arg("log").assert().success();
    let log = String::from_utf8_lossy(&log.get_output().stdout).into_owned();
    for said in [
        "resolve 1494 spring: 1494 round 1 is open",
        "resolve 1494 round 1: 1494 round 2 is open",
        "while the deadline of 1494-r02 passed",
        "resolve 1494 round 3: 1494 round 4 is open",
    ] {
        assert!(log.contains(said), "the journal lacks `{said}`:\n{log}");
    }
    k.cmd(&now).arg("audit").assert().success();
    // Every account of the ledger adds up, phase by phase: a battle's result applied
    // as a step of a phase is booked in that phase, from its opening to the next one's
    // (a play-test's ledger read "opening 40, -60, closing 40").
    let out = k.cmd(&now).args(["ledger", "--json"]).assert().success();
    let ledgers: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let mut losses = 0;
    for l in ledgers.as_array().expect("ledgers") {
        for kind in ["armies", "garrisons"] {
            for a in l[kind].as_array().expect("accounts") {
                let lines = a["lines"].as_array().expect("lines");
                let sum: i64 = lines
                    .iter()
                    .map(|x| x["amount"].as_i64().unwrap_or(0))
                    .sum();
                losses += lines.iter().filter(|x| x["rule"] == "G3c.7").count();
                assert_eq!(
                    a["opening"].as_i64().unwrap_or(0) + sum,
                    a["closing"].as_i64().unwrap_or(0),
                    "{} {} in {}: {a}",
                    l["nation"],
                    a["account"],
                    l["phase"]
                );
            }
        }
    }
    assert!(losses > 0, "the season's battles cost ducats: {ledgers}");
}

/// The season through the campaign's Maildir and mail folder.
#[test]
fn a_season_of_three_clubs_runs_by_itself_through_a_maildir() {
    season(Kept::new(""));
}

/// The same season through a real Dovecot, read over IMAP, and a real SMTP server.
#[test]
fn a_season_of_three_clubs_runs_by_itself_through_imap_and_smtp() {
    season(Kept::over_servers(""));
}

/// A stored time as an instant, whatever its offset.
fn giglio_time(t: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(t).map_or(i64::MIN, |d| d.timestamp())
}
