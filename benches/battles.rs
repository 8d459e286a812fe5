//! Auto-resolve throughput per ruleset: one battle of 400 against 400 ducats in the
//! open, orders of battle from each ruleset's templates (`cargo bench --bench battles`);
//! and `battle odds` over the same battle on one thread and on two, for its speed-up.
//! `scripts/bench.sh --battles` runs it here and in the code before issue 16, whose own
//! copy of this file has the first group only.
//!
//! The dice are those of a new campaign (the ruling `battle_dice_stream`: one stream per
//! battle), and each auto-resolve writes its roll log out, as the campaign stores it.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use giglio::battle::card::{Card, Place, SideSpec};
use giglio::battle::ruleset::Ruleset;
use giglio::rules::dice::{Dice, StreamDice};
use std::hint::black_box;

fn ruleset(id: &str) -> Ruleset {
    let path = format!(
        "{}/campaigns/il-giglio/rulesets/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::parse(&std::fs::read_to_string(path).expect("ruleset file")).expect("ruleset parses")
}

fn card(rs: &Ruleset) -> Card {
    let side = |nation: &str, role: &str| SideSpec {
        nation: nation.into(),
        club: nation.into(),
        role: role.into(),
        ducats: 400,
        sapper: false,
        commander_killed: false,
    };
    let place = Place {
        node: "M3".into(),
        node_name: "Lodi".into(),
        node_kind: giglio::battle::card::NodeKind::City,
        terrain: giglio::battle::card::Terrain::Plain,
        fortified: false,
        month: "May".into(),
    };
    Card::build(
        "1494-r03-M3",
        giglio::battle::card::BattleKind::Battle,
        rs,
        place,
        [side("V", "attacker"), side("M", "defender")],
    )
}

fn auto_resolve(c: &mut Criterion) {
    let mut group = c.benchmark_group("auto_resolve");
    group.throughput(Throughput::Elements(1));
    for id in ["mon1628", "leg1176", "ott1625", "pia1746"] {
        let rs = ruleset(id);
        let card = card(&rs);
        let mut seed = 0u64;
        group.bench_function(id, |b| {
            b.iter(|| {
                seed += 1;
                let mut dice = StreamDice::new(
                    giglio::battle::odds::run_seed("bench", seed),
                    &card.battle.id,
                );
                let result = giglio::battle::auto_resolve(&card, &rs, &mut dice).expect("resolves");
                black_box((result, dice.log().len()))
            })
        });
    }
    group.finish();
}

/// Runs of `battle odds` per iteration: enough that starting the threads is noise.
const ODDS_RUNS: u64 = 400;

fn odds_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds");
    group.throughput(Throughput::Elements(ODDS_RUNS));
    group.sample_size(10);
    for id in ["mon1628", "leg1176", "ott1625", "pia1746"] {
        let rs = ruleset(id);
        let card = card(&rs);
        for threads in [1, 2] {
            group.bench_function(format!("{id}/t{threads}"), |b| {
                b.iter(|| {
                    black_box(
                        giglio::battle::odds::odds_with(&card, &rs, ODDS_RUNS, threads, true)
                            .expect("odds"),
                    )
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, auto_resolve, odds_threads);
criterion_main!(benches);
