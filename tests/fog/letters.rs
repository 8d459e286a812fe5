//! Letters and the fog (G5.3, G7.4), on the real binary: a club never learns of letters
//! between other clubs. Marked letters, signed and unsigned, go between Venice and
//! Milan through a spring and a round; nothing Savoy is sent, before or after the
//! resolutions, carries a letter's mark, its seal, or that a letter was written; and an
//! unsigned letter tells its addressee nothing of its writer.

use crate::letters::{Post, REFEREE, address, letter};
use serde_json::Value;

#[test]
fn a_club_never_learns_of_letters_between_others() {
    let p = Post::new();
    let marks = ["MARK-LEONE-7Q", "MARK-BISCIONE-3Z", "MARK-SENZANOME-5K"];
    p.mail("V", &letter(&["M"], &format!("Patto segreto {}", marks[0])));
    p.mail("M", &letter(&["V"], &format!("Agreed {}", marks[1])));
    p.mail(
        "V",
        &format!(
            "{}anonymous = true\n",
            letter(&["M"], &format!("Attenti {}", marks[2]))
        ),
    );
    p.mail("SV", "");
    let mut sent = p.send();
    p.cmd().args(["resolve", "--force"]).assert().success();
    p.mail("M", &letter(&["V"], &format!("Round one {}", marks[1])));
    sent.extend(p.send());
    p.cmd().args(["resolve", "--force"]).assert().success();
    sent.extend(p.send());
    let seals: Vec<String> = p
        .letters()
        .iter()
        .map(|l| l["seal"].as_str().expect("a seal")[..12].to_owned())
        .collect();
    assert_eq!(seals.len(), 4);
    let to_savoy: Vec<_> = sent
        .iter()
        .filter(|s| s.to.iter().any(|t| t == address("SV")))
        .collect();
    assert!(to_savoy.len() >= 3, "Savoy's receipt and two reports");
    for s in &to_savoy {
        let raw = String::from_utf8_lossy(&s.raw);
        for m in marks
            .iter()
            .map(|m| m.to_string())
            .chain(seals.iter().cloned())
        {
            assert!(!raw.contains(&m), "{m} reached Savoy in {}", s.subject);
        }
        // The framing of a letter and of a receipt's line about one (the order sheet may
        // show how to write a letter: that is no news of one).
        for word in [
            "Lettera d",
            "A letter from",
            "lettera a ",
            "letter to ",
            "Lettere:",
            "Letters:",
        ] {
            assert!(
                !s.text.contains(word),
                "`{word}` in what Savoy read ({}):\n{}",
                s.subject,
                s.text
            );
        }
    }
    // Every marked letter went only to its addressees and the referee.
    for s in &sent {
        for (m, to) in [(marks[0], "M"), (marks[1], "V"), (marks[2], "M")] {
            if String::from_utf8_lossy(&s.raw).contains(m) {
                assert!(
                    s.to == [address(to)] || s.to == [REFEREE],
                    "{m} went to {:?}",
                    s.to
                );
            }
        }
    }
    // The unsigned letter: Milan's copy names no writer.
    let unsigned = sent
        .iter()
        .find(|s| s.to == [address("M")] && s.text.contains(marks[2]))
        .expect("the unsigned letter");
    assert!(!unsigned.text.contains("Venice"), "{}", unsigned.text);
}

/// By courier (G5.3, G7.4): a club other than its writer reads a letter's text only if
/// the letter reached it, or if its spy intercepted it, as the referee's record says; Savoy,
/// with no spy, never learns of the letters on the road, and Milan's spy reads Venice's
/// letter to Savoy (seed 7: `courier/1/SV/M` rolls 6 in round 2) and nothing else it was
/// not sent.
#[test]
fn by_courier_a_club_learns_only_of_the_letters_its_spy_intercepted() {
    let p = Post::new();
    p.ruling(
        "letters_travel = \"next_mail\"",
        "letters_travel = \"courier\"",
    );
    let marks = [
        ("MARK-SAVOIA-1C", "V", "SV"),
        ("MARK-MORO-2C", "V", "M"),
        ("MARK-LEONE-3C", "SV", "V"),
    ];
    p.mail("M", "[[hire]]\nspecialist = \"spy\"\n");
    for (m, from, to) in marks {
        p.mail(from, &letter(&[to], &format!("Segreto {m}")));
    }
    let mut sent = p.send();
    for _ in 0..3 {
        p.cmd().args(["resolve", "--force"]).assert().success();
        sent.extend(p.send());
    }
    let letters = p.letters();
    assert_eq!(letters.len(), 3);
    let mut intercepted = 0;
    for (l, (m, from, to)) in letters.iter().zip(marks) {
        let k = &l["couriers"][0];
        let readers: Vec<&str> = k["intercepted_by"]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        intercepted += readers.len();
        let delivered = k["status"] == "delivered";
        // Its writer knows it already, whatever its receipt quotes.
        for club in ["V", "M", "SV"].into_iter().filter(|c| *c != from) {
            let knows = (club == to && delivered) || readers.contains(&club);
            let read = sent
                .iter()
                .filter(|s| s.to.iter().any(|t| t == address(club)))
                .any(|s| String::from_utf8_lossy(&s.raw).contains(m));
            assert_eq!(read, knows, "{club} and {m}: {k}");
        }
    }
    assert!(intercepted >= 1, "{letters:?}");
    assert_eq!(letters[0]["couriers"][0]["intercepted_by"][0], "M");
    assert_eq!(letters[1]["couriers"][0]["status"], "delivered");
    // Savoy is never told of a courier on the road, an interception or a loss (its
    // receipt says a courier carries its own letter).
    for s in sent.iter().filter(|s| s.to == [address("SV")]) {
        let own = s.subject.contains("ricevut");
        for word in ["intercett", "intercept", "corriere", "courier"] {
            assert!(
                !s.text.contains(word) || (own && !word.starts_with("interce")),
                "`{word}` in what Savoy read ({})",
                s.subject
            );
        }
    }
}
