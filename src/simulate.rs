//! Whole campaigns played by bots in memory (`giglio simulate`, and the demo's clubs):
//! every battle auto-resolved with the campaign's default ruleset, every phase
//! resolved with seeded dice. A campaign designer's balance check.
//!
//! Run `i` of a simulation uses the master seed SHA-256("giglio/simulate/v1" ‖ S ‖ i)
//! and the tallies are integer sums, so the statistics are the same whatever the number
//! of threads.

use crate::battle::card;
use crate::battle::ruleset::Ruleset;
use crate::bots;
use crate::rules::battles::BattleOutcome;
use crate::rules::dice::{Seed, SeededDice, phase_seed};
use crate::rules::exchange::Exchange;
use crate::rules::outcome::Happening;
use crate::rules::resolve::resolve_with;
use crate::rules::tables::ObjectiveKind;
use crate::rules::victory;
use crate::rules::{Campaign, Ducats, NationCode, World};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Every objective a club may choose without a target.
pub(crate) const OBJECTIVES: [ObjectiveKind; 10] = [
    ObjectiveKind::KeepPossessions,
    ObjectiveKind::MostCapitals,
    ObjectiveKind::MostDucats,
    ObjectiveKind::MostCities,
    ObjectiveKind::MostFortresses,
    ObjectiveKind::MostVillages,
    ObjectiveKind::MostPorts,
    ObjectiveKind::MostAlliancesHonoured,
    ObjectiveKind::MostAlliancesBetrayed,
    ObjectiveKind::MostFleets,
];

/// What one campaign gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Nation → objective kind → met at the end.
    pub(crate) met: BTreeMap<NationCode, Vec<bool>>,
    pub(crate) treasury: BTreeMap<NationCode, Ducats>,
    battles_per_year: Vec<u64>,
    sieges_per_year: Vec<u64>,
    pub(crate) winners: Vec<NationCode>,
}

/// Auto-resolves a pending battle with the phase's dice: what the campaign applies.
pub fn auto_outcome(
    c: &Campaign,
    b: &crate::rules::world::Battle,
    rs: &Ruleset,
    clubs: &BTreeMap<String, String>,
    seed: Seed,
) -> Result<BattleOutcome, String> {
    let card = card::for_battle(c, b, clubs, rs);
    let mut dice = crate::rules::dice::BattleDice::new(
        seed,
        &card.battle.id,
        c.tables.rulings.battle_dice_stream,
    );
    crate::battle::auto_outcome(&card, rs, &mut dice)
        .map(|(o, _)| o)
        .map_err(|e| e.to_string())
}

/// Plays a campaign from its start for `years` years (or to its end), every club a
/// bot; `on_phase` sees the world after each resolution.
pub fn play(
    c: &Campaign,
    rs: &Ruleset,
    clubs: &[NationCode],
    master: Seed,
    years: u16,
    on_phase: &mut dyn FnMut(&World),
) -> Result<Run, String> {
    let names: BTreeMap<String, String> = clubs
        .iter()
        .map(|n| (n.to_string(), n.to_string()))
        .collect();
    let mut w = World::start(c, clubs);
    let last = c.tables.calendar.start_year + years.max(1) - 1;
    let mut run = Run {
        battles_per_year: vec![0; usize::from(years.max(1))],
        sieges_per_year: vec![0; usize::from(years.max(1))],
        ..Run::default()
    };
    loop {
        let key = w.phase.key();
        let seed = phase_seed(&master, &key);
        let orders: BTreeMap<NationCode, _> = clubs
            .iter()
            .map(|n| (n.clone(), bots::orders(c, &w, n)))
            .collect();
        let mut results = BTreeMap::new();
        for b in &w.battles {
            results.insert(b.id.clone(), auto_outcome(c, b, rs, &names, seed)?);
        }
        let year = usize::from(w.phase.year - c.tables.calendar.start_year)
            .min(run.battles_per_year.len() - 1);
        // Bots answer every encounter as their standing orders would, which gives the
        // same round as settling it by standing choices (G3c.3; a property test holds
        // it), so a campaign in contact-exchange mode simulates without stopping.
        let r = resolve_with(
            c,
            &w,
            &orders,
            &results,
            &Exchange::standing(),
            &mut SeededDice::new(seed),
        )
        .map_err(|e| format!("{key}: {e:?}"))?;
        for e in &r.events {
            match &e.what {
                Happening::BattleFought { .. } => run.battles_per_year[year] += 1,
                // Each siege roll is told to both sides: count the besieger's copy. A
                // siege round (the rulings `one_siege_per_place`, `siege_stands_until_lifted`,
                // shipped) or a siege roll (campaigns written before them).
                Happening::SiegeRound { besieger, .. } | Happening::SiegeRoll { besieger, .. }
                    if matches!(&e.audience, crate::rules::outcome::Audience::Nation(n) if n == besieger) =>
                {
                    run.sieges_per_year[year] += 1;
                }
                _ => {}
            }
        }
        let done = r.next.is_none()
            || (w.phase.phase == crate::rules::Phase::Winter && w.phase.year >= last);
        let next = r.next.unwrap_or_else(|| w.clone());
        on_phase(&next);
        w = next;
        if done {
            break;
        }
    }
    for n in clubs {
        run.met.insert(
            n.clone(),
            OBJECTIVES
                .iter()
                .map(|k| victory::would_meet(c, &w, n, *k))
                .collect(),
        );
        run.treasury
            .insert(n.clone(), w.nation(n.as_str()).map_or(0, |s| s.treasury));
    }
    run.winners = victory::standings(c, &w).winners;
    Ok(run)
}

/// Statistics over many campaigns.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Summary {
    pub runs: u64,
    pub(crate) years: u16,
    /// Nation → objective → share of runs it would be met at the end.
    pub(crate) objective_rates: BTreeMap<String, BTreeMap<String, f64>>,
    /// Nation → share of runs it won (with the bots' own objectives).
    pub(crate) win_rates: BTreeMap<String, f64>,
    pub(crate) mean_treasury: BTreeMap<String, f64>,
    pub mean_battles_per_year: Vec<f64>,
    pub(crate) mean_sieges_per_year: Vec<f64>,
}

/// The master seed of run `i` of a simulation seeded with `seed`.
pub fn run_seed(seed: u64, i: u64) -> Seed {
    let mut h = Sha256::new();
    h.update(b"giglio/simulate/v1\0");
    h.update(seed.to_le_bytes());
    h.update(i.to_le_bytes());
    h.finalize().into()
}

#[derive(Default)]
struct Tally {
    met: BTreeMap<NationCode, Vec<u64>>,
    wins: BTreeMap<NationCode, u64>,
    treasury: BTreeMap<NationCode, i128>,
    battles: Vec<u64>,
    sieges: Vec<u64>,
}

impl Tally {
    fn add(&mut self, r: &Run) {
        for (n, met) in &r.met {
            let row = self
                .met
                .entry(n.clone())
                .or_insert_with(|| vec![0; OBJECTIVES.len()]);
            for (i, m) in met.iter().enumerate() {
                row[i] += u64::from(*m);
            }
        }
        for n in &r.winners {
            *self.wins.entry(n.clone()).or_default() += 1;
        }
        for (n, t) in &r.treasury {
            *self.treasury.entry(n.clone()).or_default() += i128::from(*t);
        }
        for (i, b) in r.battles_per_year.iter().enumerate() {
            if self.battles.len() <= i {
                self.battles.resize(i + 1, 0);
                self.sieges.resize(i + 1, 0);
            }
            self.battles[i] += b;
            self.sieges[i] += r.sieges_per_year[i];
        }
    }

    fn merge(&mut self, o: Tally) {
        for (n, row) in o.met {
            let mine = self
                .met
                .entry(n)
                .or_insert_with(|| vec![0; OBJECTIVES.len()]);
            for (i, v) in row.into_iter().enumerate() {
                mine[i] += v;
            }
        }
        for (n, v) in o.wins {
            *self.wins.entry(n).or_default() += v;
        }
        for (n, v) in o.treasury {
            *self.treasury.entry(n).or_default() += v;
        }
        if self.battles.len() < o.battles.len() {
            self.battles.resize(o.battles.len(), 0);
            self.sieges.resize(o.sieges.len(), 0);
        }
        for (i, v) in o.battles.into_iter().enumerate() {
            self.battles[i] += v;
        }
        for (i, v) in o.sieges.into_iter().enumerate() {
            self.sieges[i] += v;
        }
    }
}

/// How many campaigns to play, how long, from which seed, on how many threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub runs: u64,
    pub years: u16,
    pub seed: u64,
    /// 0: every core.
    pub threads: usize,
}

/// Plays the planned campaigns; `progress` is called after each finished run.
pub fn simulate(
    c: &Campaign,
    rs: &Ruleset,
    clubs: &[NationCode],
    plan: Plan,
    progress: &(dyn Fn() + Sync),
) -> Result<Summary, String> {
    let Plan {
        runs,
        years,
        seed,
        threads,
    } = plan;
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    } as u64;
    let threads = threads.clamp(1, 64);
    // Each thread takes the next run to play, so a thread that drew short campaigns
    // does not sit idle while the other plays long ones. A run's result depends only on
    // its index (its seed), and the tallies are sums, so who played what changes
    // nothing in the summary.
    let next = std::sync::atomic::AtomicU64::new(0);
    let parts: Vec<Result<Tally, (u64, String)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut t = Tally::default();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= runs {
                            return Ok(t);
                        }
                        let r = play(c, rs, clubs, run_seed(seed, i), years, &mut |_| {})
                            .map_err(|e| (i, e))?;
                        t.add(&r);
                        progress();
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err((u64::MAX, "a simulation thread panicked".to_owned())))
            })
            .collect()
    });
    // Every run before the first that fails was played, so the error told is always
    // that of the lowest failing run, however the runs were shared out.
    let mut total = Tally::default();
    let mut failed: Option<(u64, String)> = None;
    for p in parts {
        match p {
            Ok(t) => total.merge(t),
            Err(e) => {
                if failed.as_ref().is_none_or(|f| e.0 < f.0) {
                    failed = Some(e);
                }
            }
        }
    }
    if let Some((_, e)) = failed {
        return Err(e);
    }
    let n = runs.max(1) as f64;
    let name = |k: ObjectiveKind| {
        serde_json::to_value(k)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    };
    Ok(Summary {
        runs,
        years,
        objective_rates: total
            .met
            .iter()
            .map(|(nation, row)| {
                (
                    nation.to_string(),
                    OBJECTIVES
                        .iter()
                        .zip(row)
                        .map(|(k, v)| (name(*k), *v as f64 / n))
                        .collect(),
                )
            })
            .collect(),
        win_rates: clubs
            .iter()
            .map(|c| {
                (
                    c.to_string(),
                    total.wins.get(c).copied().unwrap_or(0) as f64 / n,
                )
            })
            .collect(),
        mean_treasury: total
            .treasury
            .iter()
            .map(|(c, t)| (c.to_string(), *t as f64 / n))
            .collect(),
        mean_battles_per_year: total.battles.iter().map(|b| *b as f64 / n).collect(),
        mean_sieges_per_year: total.sieges.iter().map(|s| *s as f64 / n).collect(),
    })
}
