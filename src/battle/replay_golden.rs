//! Pins what the auto-resolvers draw and decide, seed by seed: golden summaries of many
//! battles per game, with each kind of campaign dice, kept readable in
//! `tests/golden/replay/<game>.txt`.
//!
//! Stored battles of campaigns in progress are audited by resolving them again
//! (`giglio audit`): any change to a resolver that moves one roll or one result would
//! make their stored dice differ. So a speed-up must keep these summaries; only a change
//! of the rules themselves, said so in its commit, may move them (write them anew with
//! `GIGLIO_BLESS_REPLAY=1 cargo test --lib battle::replay_golden`).
//!
//! A battle's line gives its winner, each side's losses and its number of rolls; its
//! fingerprint (the first 12 hex digits of SHA-256 over the whole result and roll log,
//! what the digests that came before pinned) covers what the line does not spell out:
//! every roll, the reason, each unit's state. The first seed of each card and kind of
//! dice also spells out every roll's face, so that a failure names the first roll that
//! differs: its place, its purpose now, the face expected and the face drawn. A few KB
//! a game, where every face of every battle would be ten times that.

use super::card::{Card, Place, SideSpec};
use super::result::{TacticalResult, Winner};
use super::ruleset::Ruleset;
use crate::rules::dice::{Dice, Roll, SeededDice, StreamDice};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// The games pinned, by ruleset id.
const GAMES: [&str; 4] = ["mon1628", "leg1176", "ott1625", "pia1746"];
/// Runs per card and kind of dice.
const SEEDS: u64 = 30;

fn ruleset(id: &str) -> Ruleset {
    let path = format!(
        "{}/campaigns/il-giglio/rulesets/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::parse(&std::fs::read_to_string(path).expect("ruleset file")).expect("ruleset parses")
}

fn golden_path(id: &str) -> String {
    format!(
        "{}/tests/golden/replay/{id}.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Battles of several sizes, kinds and places, so more of each resolver is walked.
fn cards(rs: &Ruleset) -> Vec<Card> {
    let side = |nation: &str, role: &str, ducats| SideSpec {
        nation: nation.into(),
        club: nation.into(),
        role: role.into(),
        ducats,
        sapper: false,
        commander_killed: false,
    };
    let place = |terrain: &str, fortified| Place {
        node: "M3".into(),
        node_name: "Lodi".into(),
        node_kind: crate::battle::card::NodeKind::City,
        terrain: crate::battle::card::Terrain::from_key(terrain).expect("a terrain"),
        fortified,
        month: "May".into(),
    };
    vec![
        // The benchmark's battle.
        Card::build(
            "1494-r03-M3",
            crate::battle::card::BattleKind::Battle,
            rs,
            place("plain", false),
            [side("V", "attacker", 400), side("M", "defender", 400)],
        ),
        Card::build(
            "1495-r05-V2",
            crate::battle::card::BattleKind::Battle,
            rs,
            place("hills", true),
            [side("F", "attacker", 650), side("N", "defender", 250)],
        ),
        Card::build(
            "1496-r02-M7",
            crate::battle::card::BattleKind::Rearguard,
            rs,
            place("marsh", false),
            [side("M", "attacker", 150), side("V", "defender", 500)],
        ),
    ]
    .into_iter()
    .map(|mut c| {
        // Pinned before `OTT_fort_applies` and `PIA_fort_applies`: their old reading, the
        // works at every fortified node, as a campaign written before them replays.
        for name in ["OTT_fort_applies", "PIA_fort_applies"] {
            c.battle
                .readings
                .insert(name.into(), "fortified_node".into());
        }
        c
    })
    .collect()
}

/// The faces of a roll log, one character each (`1`–`9`, then `a` for 10 and on).
fn faces(log: &[Roll]) -> String {
    log.iter()
        .map(|r| char::from_digit(u32::from(r.value), 36).unwrap_or('?'))
        .collect()
}

/// A line of a golden file: a card under a kind of dice, or one battle of it.
enum Entry {
    Header(String),
    Run(Run),
}

/// One battle as resolved now: its summary line and its roll log.
struct Run {
    line: String,
    log: Vec<Roll>,
}

impl Entry {
    fn line(&self) -> &str {
        match self {
            Entry::Header(h) => h,
            Entry::Run(r) => &r.line,
        }
    }
}

/// Resolves a battle and sums it up in one line (see the module's doc); the first seed's
/// line spells out the faces.
fn run<D: Dice>(card: &Card, rs: &Ruleset, seed: u64, mut dice: D) -> Run {
    let mut h = Sha256::new();
    let outcome = match super::auto_resolve(card, rs, &mut dice) {
        Ok(r) => {
            // The account words the reason for each reader; the reason itself is pinned,
            // so the summaries written before the account was kept still hold.
            let pinned = TacticalResult {
                account: None,
                ..r.clone()
            };
            h.update(serde_json::to_vec(&pinned).expect("result serializes"));
            let [a, b] = r.losses(card, rs.partial_loss_percent);
            let winner = match r.winner {
                Winner::A => "A",
                Winner::B => "B",
                Winner::Draw => "draw",
            };
            format!("{winner} {a}/{b}")
        }
        Err(e) => {
            h.update(e.to_string().as_bytes());
            format!("error({}) -/-", e.to_string().replace(' ', "_"))
        }
    };
    h.update(serde_json::to_vec(dice.log()).expect("rolls serialize"));
    let log = dice.log().to_vec();
    let print = &hex::encode(h.finalize())[..12];
    let mut line = format!("{seed:02} {outcome} {} {print}", log.len());
    if seed == 1 {
        line.push(' ');
        line.push_str(&faces(&log));
    }
    Run { line, log }
}

/// Every battle of a game under both kinds of dice, in the golden file's order.
fn entries(id: &str) -> Vec<Entry> {
    let rs = ruleset(id);
    let mut out = Vec::new();
    for card in cards(&rs) {
        let battle = card.battle.id.clone();
        out.push(Entry::Header(format!("== per-event {battle}")));
        for seed in 1..=SEEDS {
            let s = super::odds::run_seed(&battle, seed);
            out.push(Entry::Run(run(&card, &rs, seed, SeededDice::new(s))));
        }
        out.push(Entry::Header(format!("== stream {battle}")));
        for seed in 1..=SEEDS {
            let s = super::odds::run_seed(&battle, seed);
            out.push(Entry::Run(run(
                &card,
                &rs,
                seed,
                StreamDice::new(s, &battle),
            )));
        }
    }
    out
}

/// The golden file's text for a game's entries.
fn golden_text(id: &str, entries: &[Entry]) -> String {
    let mut out = format!(
        "# {id}: the auto-resolver's battles, pinned (src/battle/replay_golden.rs).\n\
         # Under each card and kind of dice, one line per seed: the winner (A, B or draw),\n\
         # the losses of side A/side B in ducats, the number of rolls, the fingerprint of\n\
         # the whole result and roll log; the first seed's line ends with every roll's face.\n"
    );
    for e in entries {
        let _ = writeln!(out, "{}", e.line());
    }
    out
}

/// The faces a line spells out, if it does (its sixth field).
fn faces_of(line: &str) -> Option<&str> {
    line.split(' ').nth(5)
}

/// Why a battle's line moved: the first roll whose face differs, when the line spells
/// the faces out.
fn explain(header: &str, want: &str, got: &Run) -> String {
    let mut why = format!("{header}\nexpected: {want}\n     got: {}\n", got.line);
    let (Some(want_faces), Some(got_faces)) = (faces_of(want), faces_of(&got.line)) else {
        return why;
    };
    let first = want_faces
        .chars()
        .zip(got_faces.chars())
        .position(|(a, b)| a != b);
    match first {
        Some(i) => {
            let roll = &got.log[i];
            let _ = write!(
                why,
                "first differing roll: #{} of {}, now `{}` (event {}, d{}): expected {}, drawn {}",
                i + 1,
                got.log.len(),
                roll.purpose,
                roll.event,
                roll.sides,
                want_faces.chars().nth(i).unwrap_or('?'),
                got_faces.chars().nth(i).unwrap_or('?'),
            );
        }
        None if want_faces.len() != got_faces.len() => {
            let _ = write!(
                why,
                "the first {} rolls agree; then {} rolls expected, {} drawn",
                want_faces.len().min(got_faces.len()),
                want_faces.len(),
                got_faces.len()
            );
        }
        None => why.push_str(
            "every roll's face agrees: an event id, a purpose, the reason or a unit's state moved",
        ),
    }
    why
}

/// Compares a game's entries with its golden file; returns the differences, told: the
/// first battle that moved and, if another, the first moved whose faces are spelled out.
fn compare(id: &str, golden: &str, entries: &[Entry]) -> Result<(), String> {
    let lines: Vec<&str> = golden.lines().filter(|l| !l.starts_with('#')).collect();
    if lines.len() != entries.len() {
        return Err(format!(
            "{id}: {} lines in the golden file, {} now",
            lines.len(),
            entries.len()
        ));
    }
    let mut header = "";
    let mut moved = Vec::new();
    for (want, e) in lines.iter().zip(entries) {
        match e {
            Entry::Header(h) if *want != h => {
                return Err(format!("{id}: expected {want}, now {h}"));
            }
            Entry::Header(_) => header = want,
            Entry::Run(r) if *want != r.line => moved.push((header, *want, r)),
            Entry::Run(_) => {}
        }
    }
    let Some(first) = moved.first() else {
        return Ok(());
    };
    let battles = entries
        .iter()
        .filter(|e| matches!(e, Entry::Run(_)))
        .count();
    let mut told = format!(
        "{id}: {} of {battles} battles moved; the first:\n",
        moved.len()
    );
    told.push_str(&explain(first.0, first.1, first.2));
    if faces_of(first.1).is_none()
        && let Some((h, w, r)) = moved.iter().find(|(_, w, _)| faces_of(w).is_some())
    {
        told.push_str("\nthe first whose faces are pinned:\n");
        told.push_str(&explain(h, w, r));
    }
    Err(told)
}

#[test]
fn every_game_replays_its_battles_as_pinned() {
    let bless = std::env::var_os("GIGLIO_BLESS_REPLAY").is_some();
    let mut failures = Vec::new();
    for id in GAMES {
        let entries = entries(id);
        let path = golden_path(id);
        if bless {
            std::fs::write(&path, golden_text(id, &entries)).expect("write the golden file");
            continue;
        }
        let golden = std::fs::read_to_string(&path).expect("golden file");
        if let Err(e) = compare(id, &golden, &entries) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "a resolver now draws or decides differently:\n{}",
        failures.join("\n")
    );
}

/// The golden files stay small enough to keep and read in the repository.
#[test]
fn the_golden_files_are_small() {
    for id in GAMES {
        let len = std::fs::metadata(golden_path(id)).map_or(0, |m| m.len());
        assert!(0 < len && len < 12 * 1024, "{id}: {len} bytes");
    }
}

/// A moved roll is named with its place, its purpose and both faces; a moved battle
/// whose faces are not spelled out is shown, and so is the first pinned one that moved.
#[test]
fn a_moved_battle_is_told_by_its_first_differing_roll() {
    let rs = ruleset("mon1628");
    let card = &cards(&rs)[0];
    let dice = |seed| SeededDice::new(super::odds::run_seed(&card.battle.id, seed));
    let got = || {
        vec![
            Entry::Header("== per-event 1494-r03-M3".into()),
            Entry::Run(run(card, &rs, 1, dice(1))),
            Entry::Run(run(card, &rs, 2, dice(2))),
        ]
    };
    let now = got();
    let [_, Entry::Run(one), Entry::Run(two)] = &now[..] else {
        unreachable!("three entries")
    };
    let golden = |a: &str, b: &str| format!("# pinned\n== per-event 1494-r03-M3\n{a}\n{b}\n");
    assert_eq!(
        compare("mon1628", &golden(&one.line, &two.line), &got()),
        Ok(())
    );

    // The third roll of seed 1 pinned with another face, and seed 2 moved too.
    let mut fields: Vec<String> = one.line.split(' ').map(str::to_owned).collect();
    let drawn = fields[5].chars().nth(2).expect("three rolls");
    let pinned = if drawn == '1' { '2' } else { '1' };
    fields[5].replace_range(2..3, &pinned.to_string());
    let moved_two = format!(
        "{} 000000000000",
        two.line.rsplit_once(' ').expect("fields").0
    );
    let told =
        compare("mon1628", &golden(&fields.join(" "), &moved_two), &got()).expect_err("moved");
    let roll = &one.log[2];
    assert!(told.contains("2 of 2 battles moved"), "{told}");
    assert!(
        told.contains(&format!(
            "first differing roll: #3 of {}, now `{}` (event {}, d{}): expected {pinned}, drawn {drawn}",
            one.log.len(),
            roll.purpose,
            roll.event,
            roll.sides,
        )),
        "{told}"
    );

    // Only seed 2 moved: shown, and no roll is named (its faces are not pinned).
    let told = compare("mon1628", &golden(&one.line, &moved_two), &got()).expect_err("moved");
    assert!(
        told.contains(&format!("expected: {moved_two}\n     got: {}", two.line)),
        "{told}"
    );
    assert!(!told.contains("first differing roll"), "{told}");

    // Only the fingerprint of seed 1 moved.
    let mut fields: Vec<&str> = one.line.split(' ').collect();
    fields[4] = "000000000000";
    let told =
        compare("mon1628", &golden(&fields.join(" "), &two.line), &got()).expect_err("moved");
    assert!(told.contains("every roll's face agrees"), "{told}");
}
