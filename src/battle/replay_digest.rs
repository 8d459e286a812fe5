//! Pins what the auto-resolvers draw and decide, seed by seed: a digest of many battles'
//! results and roll logs per game, with each kind of campaign dice.
//!
//! Stored battles of campaigns in progress are audited by resolving them again
//! (`giglio audit`): any change to a resolver that moves one roll or one result would
//! make their stored dice differ. So a speed-up must keep these digests; only a change
//! of the rules themselves, said so in its commit, may move them.

use super::card::{Card, Place, SideSpec};
use super::ruleset::Ruleset;
use crate::rules::dice::{Dice, SeededDice, StreamDice};
use sha2::{Digest, Sha256};

fn ruleset(id: &str) -> Ruleset {
    let path = format!(
        "{}/campaigns/il-giglio/rulesets/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::parse(&std::fs::read_to_string(path).expect("ruleset file")).expect("ruleset parses")
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
        node_kind: "city".into(),
        terrain: terrain.into(),
        fortified,
        month: "May".into(),
    };
    vec![
        // The benchmark's battle.
        Card::build(
            "1494-r03-M3",
            "battle",
            rs,
            place("plain", false),
            [side("V", "attacker", 400), side("M", "defender", 400)],
        ),
        Card::build(
            "1495-r05-V2",
            "battle",
            rs,
            place("hills", true),
            [side("F", "attacker", 650), side("N", "defender", 250)],
        ),
        Card::build(
            "1496-r02-M7",
            "rearguard",
            rs,
            place("marsh", false),
            [side("M", "attacker", 150), side("V", "defender", 500)],
        ),
    ]
}

/// SHA-256 of every battle's result (or error) and roll log, in order, `seeds` seeds per
/// card, the dice of each run made by `dice` from the card's battle id and the seed.
fn digest<D: Dice>(id: &str, seeds: u64, dice: impl Fn(&str, u64) -> D) -> String {
    let rs = ruleset(id);
    let mut h = Sha256::new();
    for card in cards(&rs) {
        for seed in 1..=seeds {
            let mut d = dice(&card.battle.id, seed);
            match super::auto_resolve(&card, &rs, &mut d) {
                Ok(r) => h.update(serde_json::to_vec(&r).expect("result serializes")),
                Err(e) => h.update(e.to_string().as_bytes()),
            }
            h.update(serde_json::to_vec(d.log()).expect("rolls serialize"));
        }
    }
    hex::encode(h.finalize())
}

/// The per-event dice of campaigns written before the ruling `battle_dice_stream`
/// (commit–reveal per roll): their battles must replay exactly as they were stored.
#[test]
fn per_event_dice_replay_every_game_as_stored() {
    let per_event = |battle: &str, seed| SeededDice::new(super::odds::run_seed(battle, seed));
    let got: Vec<(&str, String)> = GAMES
        .iter()
        .map(|(id, _)| (*id, digest(id, 30, per_event)))
        .collect();
    let want: Vec<(&str, String)> = GAMES.iter().map(|(id, d)| (*id, d.to_string())).collect();
    assert_eq!(got, want, "a resolver now draws or decides differently");
}

/// The dice of a new campaign (the ruling `battle_dice_stream`): one stream per battle.
#[test]
fn stream_dice_replay_every_game_as_first_drawn() {
    let stream = |battle: &str, seed| StreamDice::new(super::odds::run_seed(battle, seed), battle);
    let got: Vec<(&str, String)> = STREAM
        .iter()
        .map(|(id, _)| (*id, digest(id, 30, stream)))
        .collect();
    let want: Vec<(&str, String)> = STREAM.iter().map(|(id, d)| (*id, d.to_string())).collect();
    assert_eq!(got, want, "a resolver now draws or decides differently");
}

/// Digests of the stream, computed when it was introduced (before the speed-ups that
/// followed it).
const STREAM: [(&str, &str); 4] = [
    (
        "mon1628",
        "75683c0a6c0c78d588ee5588d56e651393d106f6cd00b2d8b3a03ecd3b687778",
    ),
    (
        "leg1176",
        "c286d59c1a3a80f16605acc3cb68535737849487680dc3fe8296d4e70316334d",
    ),
    (
        "ott1625",
        "b00f08963fcd6541240a2d773ced5b62210c5bfc757dd96a66e70d25e375dfea",
    ),
    (
        "pia1746",
        "b7515cd2c4025eaaaeb357fbe58c099d36baa8c2e6eff727d7ed2cfcf9db4913",
    ),
];

/// Digests computed on the code of 2026-11-26 (commit ab68dad), before any speed-up.
const GAMES: [(&str, &str); 4] = [
    (
        "mon1628",
        "fbee1c82fdbd62f9df14d132643d856bff5698c620a42c49f9e510fa380e5d67",
    ),
    (
        "leg1176",
        "bf445d04eff0e7180d27449a78f7ee096c2d74712d05357dfdf4f943123672e4",
    ),
    (
        "ott1625",
        "58d553ed085d0fd3e8c235b103898f0d800becbdc0f8b660473df34f5bf12fda",
    ),
    (
        "pia1746",
        "84a71be0a9ed4815fbfb837dfa0d797c502682f7b202f3375dc22772a6d4ecff",
    ),
];
