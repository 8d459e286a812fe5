//! A club's check of the dice, on the real binary: `scripts/roll.py`, plain Python 3,
//! recomputes every roll of a resolved phase from the seed its report revealed and the
//! event id `giglio log --dice` gives, and the seed from the commitment published before.

use crate::common::TestCampaign;
use serde_json::Value;
use std::process::Command;

fn roll_py(args: &[&str]) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/roll.py");
    let out = Command::new("python3")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .trim()
        .to_owned()
}

#[test]
fn a_club_recomputes_every_roll_of_a_phase_from_its_revealed_seed() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.run(&["resolve", "--force"]).success();
    let history: Value = serde_json::from_str(&t.stdout(&["history", "--json"])).expect("history");
    let rows = history.as_array().expect("rows");
    let dice: Value = serde_json::from_str(&t.stdout(&["log", "--dice", "--json"])).expect("dice");
    let mut checked = 0;
    for (i, phase) in rows.iter().enumerate() {
        let Some(seed) = phase["revealed_seed"].as_str() else {
            continue;
        };
        // The seed is the one committed before the phase.
        assert_eq!(
            roll_py(&["--commitment", seed]),
            phase["seed_commitment"].as_str().expect("a commitment"),
            "{}",
            rows[i]["phase"]
        );
        for d in dice.as_array().expect("rolls") {
            if d["phase"] != phase["phase"] || d["source"] != "resolution" {
                continue;
            }
            let event = d["event"].as_str().expect("event");
            let sides = d["sides"].to_string();
            assert_eq!(
                roll_py(&[seed, event, &sides]),
                d["value"].to_string(),
                "{d}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "a spring's and a round's rolls: {checked}");
}

/// The script's own golden vectors: those the campaign format fixes (`rules::dice`).
#[test]
fn the_scripts_dice_are_the_golden_vectors() {
    let ps = "cda7d17f24730da94ad03c68f9c284cee0d33d7ae83634e27791fee62a5fa6e1";
    let d6: Vec<String> = (0..12)
        .map(|i| roll_py(&[ps, &format!("golden/{i}"), "6"]))
        .collect();
    assert_eq!(d6.join(" "), "6 2 6 5 2 2 3 2 2 1 1 3");
    let mut sides = vec!["6"; 12];
    sides.extend(["10"; 12]);
    let mut args = vec![ps, "--battle", "1494-r03-M3"];
    args.extend(sides);
    assert_eq!(
        roll_py(&args),
        "6 6 4 6 5 1 5 4 5 3 1 4 7 3 2 10 5 1 10 9 8 6 10 6"
    );
}
