//! Letters by courier (G5.3, `letters_travel = "courier"`) on the real binary: a letter
//! rides the roads capital to capital, ⌈roads ÷ 3⌉ summer rounds, and goes out with the
//! mail of the round it arrives in; an army of a third club standing across its path
//! loses it; a club with a spy beside the path reads it on a 5 or 6 (the campaign's seed
//! 7 rolls 2 in the first round and 6 in the second for letter 1 to Savoy, the event
//! `courier/1/SV/M`), and nobody else is told. `giglio audit` passes every phase.
//!
//! Venice's capital V0 is 6 roads from Milan's (2 rounds) and 11 from Savoy's (4 rounds),
//! by M4, M9, M1 and M6, beside Milan's armies at M0 and M7.

use crate::letters::{Post, address, letter};
use serde_json::Value;

/// A campaign of Venice, Milan and Savoy whose letters go by courier.
fn couriers() -> Post {
    let p = Post::new();
    p.ruling(
        "letters_travel = \"next_mail\"",
        "letters_travel = \"courier\"",
    );
    p
}

fn resolve(p: &Post) {
    p.cmd().args(["resolve", "--force"]).assert().success();
}

/// The courier of the only letter to `to`, as `giglio letters --json` says it stands.
fn courier(p: &Post, to: &str) -> Value {
    let letters = p.letters();
    assert_eq!(letters.len(), 1, "{letters:?}");
    let found: Vec<&Value> = letters[0]["couriers"]
        .as_array()
        .map(|a| a.iter().filter(|c| c["to"] == to).collect())
        .unwrap_or_default();
    assert_eq!(found.len(), 1, "{letters:?}");
    found[0].clone()
}

/// Whether anything sent to `nation` carries `mark`.
fn reached(sent: &[crate::letters::Sent], nation: &str, mark: &str) -> bool {
    sent.iter()
        .filter(|s| s.to.iter().any(|t| t == address(nation)))
        .any(|s| String::from_utf8_lossy(&s.raw).contains(mark))
}

#[test]
fn a_courier_arrives_rounds_later_with_that_rounds_mail() {
    let p = couriers();
    let mark = "CORRIERE-LEONE-4T";
    p.mail("V", &letter(&["M"], &format!("Per il Moro: {mark}")));
    let sent = p.send();
    assert!(!reached(&sent, "M", mark), "a courier, not the next mail");
    assert!(
        sent.iter()
            .any(|s| s.to == [crate::letters::REFEREE] && s.text.contains(mark)),
        "the referee's copy goes at once"
    );
    let receipt = sent
        .iter()
        .find(|s| s.to == [address("V")] && s.subject.contains("ricevut"))
        .expect("Venice's receipt");
    assert!(
        receipt.text.contains("la porta un corriere per strada"),
        "{}",
        receipt.text
    );
    assert_eq!(courier(&p, "M")["status"], "waiting");
    // Spring does not count: it waits at Venice.
    resolve(&p);
    assert!(!reached(&p.send(), "M", mark));
    assert_eq!(courier(&p, "M")["status"], "waiting");
    // Round 1: it sets out, 6 roads, 2 rounds; one is left.
    resolve(&p);
    assert!(!reached(&p.send(), "M", mark));
    let k = courier(&p, "M");
    assert_eq!(k["status"], "in_transit", "{k}");
    assert_eq!(k["rounds_left"], 1, "{k}");
    // Round 2: it arrives, with that round's mail.
    resolve(&p);
    let sent = p.send();
    let to_m: Vec<_> = sent
        .iter()
        .filter(|s| s.to == [address("M")] && s.text.contains(mark))
        .collect();
    assert_eq!(to_m.len(), 1, "{sent:#?}");
    assert!(
        to_m[0]
            .subject
            .contains("A letter from the Republic of Venice"),
        "{}",
        to_m[0].subject
    );
    assert!(to_m[0].text.contains("spring 1494"), "{}", to_m[0].text);
    let k = courier(&p, "M");
    assert_eq!(k["status"], "delivered", "{k}");
    assert_eq!(k["phase"], "1494-r02", "{k}");
    let text = p.stdout(&["letters"]);
    assert!(
        text.contains("courier to M: delivered in 1494-r02"),
        "{text}"
    );
    assert!(p.world().couriers.is_empty());
    p.cmd().args(["audit"]).assert().success();
    // Undone and resolved again, the round brings the same letter: it is not sent twice.
    p.cmd().args(["undo"]).assert().success();
    assert_eq!(p.world().couriers.len(), 1);
    resolve(&p);
    assert!(!reached(&p.send(), "M", mark), "sent once");
    assert_eq!(courier(&p, "M")["status"], "delivered");
    p.cmd().args(["audit"]).assert().success();
}

#[test]
fn a_courier_is_lost_where_a_third_clubs_army_stands_across_its_road() {
    let p = couriers();
    let mark = "CORRIERE-SAVOIA-8L";
    p.mail("V", &letter(&["SV"], &format!("Al Duca: {mark}")));
    p.send();
    resolve(&p);
    // Round 1: it sets out by Milan's roads, 11 roads, 4 rounds.
    resolve(&p);
    let k = courier(&p, "SV");
    assert_eq!(k["status"], "in_transit", "{k}");
    assert_eq!(k["rounds_left"], 3, "{k}");
    let path: Vec<String> = p.world().couriers[0]
        .path
        .iter()
        .map(|n| n.as_str().to_owned())
        .collect();
    assert!(path.contains(&"M1".to_owned()), "{path:?}");
    // Round 2: Milan's army marches onto its road.
    p.mail("M", "[[move]]\npiece = \"M-A2\"\npath = \"M7 -> M1\"\n");
    resolve(&p);
    let sent = p.send();
    assert_eq!(
        p.world()
            .armies
            .values()
            .find(|a| a.id.as_str() == "M-A2")
            .map(|a| a.node.as_str().to_owned()),
        Some("M1".to_owned())
    );
    let k = courier(&p, "SV");
    assert_eq!(k["status"], "lost", "{k}");
    assert_eq!(k["lost_at"], "M1", "{k}");
    assert_eq!(k["phase"], "1494-r02", "{k}");
    assert!(p.world().couriers.is_empty());
    // Nobody is told but the referee: the writer, the addressee and Milan read nothing.
    for n in ["V", "M", "SV"] {
        assert!(!reached(&sent, n, mark), "{n}");
        assert!(
            sent.iter()
                .filter(|s| s.to == [address(n)])
                .all(|s| !s.text.contains("courier") && !s.text.contains("corriere")),
            "{n} heard of the courier"
        );
    }
    // The referee's report of the round tells it.
    let told: Vec<_> = sent
        .iter()
        .filter(|s| s.to == [crate::letters::REFEREE])
        .filter(|s| {
            s.text.contains(
                "the courier of letter 1 from the Republic of Venice to the Duchy of Savoy is lost: a hostile army stands at Pavia (M1)",
            )
        })
        .collect();
    assert!(!told.is_empty(), "{sent:#?}");
    let text = p.stdout(&["letters"]);
    assert!(
        text.contains("courier to SV: lost in 1494-r02, a hostile army at M1"),
        "{text}"
    );
    p.cmd().args(["audit"]).assert().success();
}

#[test]
fn a_spy_beside_the_road_reads_the_letter_and_nobody_else_is_told() {
    let p = couriers();
    let mark = "CORRIERE-LETTO-2V";
    p.mail("M", "[[hire]]\nspecialist = \"spy\"\n");
    p.mail(
        "V",
        &letter(&["SV"], &format!("Al Duca, in segreto: {mark}")),
    );
    p.send();
    resolve(&p);
    assert!(p.world().nations["M"].spy, "Milan has its spy");
    // Round 1: Milan's spy rolls 2 (`courier/1/SV/M`): nothing.
    resolve(&p);
    let sent = p.send();
    assert!(!reached(&sent, "M", mark));
    let k = courier(&p, "SV");
    assert_eq!(k["intercepted_by"], serde_json::json!([]), "{k}");
    // Round 2: it rolls 6, and Milan reads a copy headed as intercepted.
    resolve(&p);
    let sent = p.send();
    let to_m: Vec<_> = sent
        .iter()
        .filter(|s| s.to == [address("M")] && s.text.contains(mark))
        .collect();
    assert_eq!(to_m.len(), 1, "{sent:#?}");
    assert!(
        to_m[0].subject.contains("intercepted"),
        "{}",
        to_m[0].subject
    );
    assert!(
        to_m[0].text.contains("Your spy intercepted a courier"),
        "{}",
        to_m[0].text
    );
    // The writer and the addressee are told nothing; the letter goes on.
    assert!(!reached(&sent, "V", mark) && !reached(&sent, "SV", mark));
    for n in ["V", "SV"] {
        assert!(
            sent.iter()
                .filter(|s| s.to == [address(n)])
                .all(|s| !s.text.contains("intercett") && !s.text.contains("intercept")),
            "{n} heard of the interception"
        );
    }
    let k = courier(&p, "SV");
    assert_eq!(k["status"], "in_transit", "{k}");
    assert_eq!(k["rounds_left"], 2, "{k}");
    assert_eq!(k["intercepted_by"], serde_json::json!(["M"]), "{k}");
    let letters = p.letters();
    let copy = letters[0]["copies"]
        .as_array()
        .expect("copies")
        .iter()
        .find(|c| c["nation"] == "M")
        .cloned()
        .expect("Milan's copy is recorded");
    assert_eq!(copy["status"], "sent", "{copy}");
    let text = p.stdout(&["letters"]);
    assert!(text.contains("intercepted by M"), "{text}");
    p.cmd().args(["audit"]).assert().success();
    // The spy's die is the phase's: a changed face is caught, and so is a changed
    // letter, an input of the phase it set out at.
    let db = rusqlite::Connection::open(p.dir.join("giglio.sqlite")).expect("db");
    db.execute(
        "UPDATE dice SET value = 1 WHERE phase_key = '1494-r02' AND event = 'courier/1/SV/M'",
        [],
    )
    .expect("tamper");
    let a = p
        .cmd()
        .args(["audit", "--phase", "1494-r02"])
        .assert()
        .failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.contains("MISMATCH: the dice differ"), "{out}");
    db.execute("UPDATE letter SET recipients = '[\"M\"]' WHERE id = 1", [])
        .expect("tamper");
    let a = p
        .cmd()
        .args(["audit", "--phase", "1494-spring"])
        .assert()
        .failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.contains("the world of the next phase differs"), "{out}");
}
