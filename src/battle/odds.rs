//! Monte Carlo odds of a battle (`giglio battle odds`): the auto-resolver run many times
//! with independent seeds, never the campaign's dice, spread over every core.
//!
//! Run `i` always uses the seed SHA-256("giglio/odds/v1" ‖ battle ‖ i), and the tallies
//! are integer sums, so the figures are the same whatever the number of threads. The runs
//! roll the dice the campaign's ruling `battle_dice_stream` gives its battles (one stream
//! per run, or one per roll), so the odds are those of the battles it would auto-resolve.

use super::card::Card;
use super::result::Winner;
use super::ruleset::Ruleset;
use super::{BattleError, auto_resolve};
use crate::rules::Ducats;
use crate::rules::dice::{BattleDice, Seed};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// What many runs of a battle give.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Odds {
    pub runs: u64,
    pub attacker_wins: u64,
    pub defender_wins: u64,
    pub draws: u64,
    pub mean_attacker_loss: f64,
    pub mean_defender_loss: f64,
    /// A PROVISIONAL table was used in at least one run.
    pub(crate) provisional: bool,
}

impl Odds {
    /// Returns the share of runs the attacker won.
    pub fn attacker_rate(&self) -> f64 {
        self.attacker_wins as f64 / self.runs.max(1) as f64
    }
}

#[derive(Default)]
struct Tally {
    a: u64,
    b: u64,
    draw: u64,
    loss_a: i128,
    loss_b: i128,
    provisional: bool,
}

/// Returns the seed of one run.
pub fn run_seed(battle: &str, i: u64) -> Seed {
    let mut h = Sha256::new();
    h.update(b"giglio/odds/v1\0");
    h.update(battle.as_bytes());
    h.update(i.to_le_bytes());
    h.finalize().into()
}

fn tally(
    card: &Card,
    rs: &Ruleset,
    runs: std::ops::Range<u64>,
    stream: bool,
) -> Result<Tally, BattleError> {
    let mut t = Tally::default();
    for i in runs {
        // The log is never read: a stream's is never written out either.
        let mut dice = BattleDice::new(run_seed(&card.battle.id, i), &card.battle.id, stream);
        let r = auto_resolve(card, rs, &mut dice)?;
        match r.winner {
            Winner::A => t.a += 1,
            Winner::B => t.b += 1,
            Winner::Draw => t.draw += 1,
        }
        let [la, lb] = r.losses(card, rs.partial_loss_percent);
        t.loss_a += i128::from(la);
        t.loss_b += i128::from(lb);
        t.provisional |= r.provisional_tables_used;
    }
    Ok(t)
}

/// Runs the battle `runs` times on `threads` threads (0: every core), each roll from its
/// own event (the dice of campaigns without the ruling `battle_dice_stream`).
pub fn odds(card: &Card, rs: &Ruleset, runs: u64, threads: usize) -> Result<Odds, BattleError> {
    odds_with(card, rs, runs, threads, false)
}

/// Runs the battle as [`odds`] does, each run's dice one stream if `stream` (the ruling
/// `battle_dice_stream`).
pub fn odds_with(
    card: &Card,
    rs: &Ruleset,
    runs: u64,
    threads: usize,
    stream: bool,
) -> Result<Odds, BattleError> {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    let threads = threads.clamp(1, 64) as u64;
    let chunk = runs.div_ceil(threads).max(1);
    let parts: Vec<Result<Tally, BattleError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let range = (k * chunk).min(runs)..((k + 1) * chunk).min(runs);
                scope.spawn(move || tally(card, rs, range, stream))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(BattleError::Card("a run panicked".into())))
            })
            .collect()
    });
    let mut total = Tally::default();
    for p in parts {
        let p = p?;
        total.a += p.a;
        total.b += p.b;
        total.draw += p.draw;
        total.loss_a += p.loss_a;
        total.loss_b += p.loss_b;
        total.provisional |= p.provisional;
    }
    let n = runs.max(1) as f64;
    Ok(Odds {
        runs,
        attacker_wins: total.a,
        defender_wins: total.b,
        draws: total.draw,
        mean_attacker_loss: total.loss_a as f64 / n,
        mean_defender_loss: total.loss_b as f64 / n,
        provisional: total.provisional,
    })
}

/// Returns the mean of losses as whole ducats (for display).
pub(crate) fn rounded(x: f64) -> Ducats {
    x.round() as Ducats
}
