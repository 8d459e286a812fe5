//! What a phase's paperwork needs from the campaign database, gathered before anything
//! is rendered: the facts every report shares (deadline, seeds, who sent orders), the
//! cards of the battles pending after it, and after a winter the year's record and the
//! worlds its charts are drawn from. `report/` renders these plain values and `mail/`
//! composes them; neither reads the store.

use crate::battle::card::Card;
use crate::battle::ruleset::Ruleset;
use crate::engine::deadline;
use crate::engine::post::{Mailing, ResolvedPhase};
use crate::error::{Error, Result};
use crate::mail::config::Config;
use crate::report::year::YearData;
use crate::rules::calendar::Phase;
use crate::rules::chronicle::{PhaseRecord, YearRecord};
use crate::rules::resolve::Resolution;
use crate::rules::visibility::PhaseFacts;
use crate::rules::{Campaign, NationCode, World};
use crate::scenario::clubs::Club;
use crate::storage::Store;
use std::collections::{BTreeMap, BTreeSet};

/// Everything a resolved phase's messages need from the database.
pub struct Paperwork {
    pub facts: PhaseFacts,
    /// The next phase's deadline, as stored.
    pub deadline: Option<String>,
    pub(crate) clubs: Vec<Club>,
    /// Each pending battle's card, with the ruleset it goes out with.
    pub(crate) cards: BTreeMap<String, (Card, Ruleset)>,
    pub(crate) year: Option<YearData>,
}

impl Paperwork {
    /// The phase as `engine::post::phase_messages` takes it.
    pub fn phase<'a>(
        &'a self,
        before: &'a World,
        resolution: &'a Resolution,
        rolls: usize,
    ) -> ResolvedPhase<'a> {
        ResolvedPhase {
            before,
            resolution,
            facts: &self.facts,
            rolls,
            clubs: &self.clubs,
            cards: &self.cards,
            year: self.year.as_ref(),
        }
    }
}

/// Gathers the paperwork of `resolution`, the phase `before` resolved (not yet saved);
/// `sent` are the clubs whose orders it used.
pub fn gather(
    store: &Store,
    campaign: &Campaign,
    before: &World,
    resolution: &Resolution,
    sent: &[NationCode],
    m: &Mailing,
    now: &str,
) -> Result<Paperwork> {
    let (facts, deadline) = facts(store, campaign, before, resolution, sent, m.config, now)?;
    let after = resolution.next.as_ref().unwrap_or(before);
    Ok(Paperwork {
        facts,
        deadline,
        clubs: store.clubs()?,
        cards: cards(store, campaign, after, m.rulesets, now)?,
        year: year_of_winter(store, before, resolution)?,
    })
}

/// The cards of the battles pending in `after`, by battle id, each with its ruleset: a
/// battle joined in the phase being resolved goes out with the campaign's default
/// ruleset now; one still pending from an earlier phase keeps the game its card went
/// out with (`engine::issued_ruleset`). A club's own order of battle in place of the
/// templates where it sent one.
pub(crate) fn cards(
    store: &Store,
    campaign: &Campaign,
    after: &World,
    rulesets: &[Ruleset],
    now: &str,
) -> Result<BTreeMap<String, (Card, Ruleset)>> {
    let open = store.current()?.id;
    let default = rulesets.iter().find(|rs| rs.id == campaign.default_ruleset);
    let mut out = BTreeMap::new();
    for b in &after.battles {
        let issued = if b.phase == open {
            None
        } else {
            super::issued_ruleset(store, b)?
        };
        let Some(rs) = issued.or_else(|| default.cloned()) else {
            continue;
        };
        let card = super::battle_card(store, campaign, b, &after.battles, &rs, now)?;
        out.insert(b.id.clone(), (card, rs));
    }
    Ok(out)
}

/// After a winter (`before` is the winter, `resolution` its resolution, not yet saved):
/// the year's record and chart history; `None` for any other phase.
fn year_of_winter(
    store: &Store,
    before: &World,
    resolution: &Resolution,
) -> Result<Option<YearData>> {
    if before.phase.phase != Phase::Winter {
        return Ok(None);
    }
    let record = year_record(store, before.phase.year, Some((before, resolution)))?;
    let history = history(store, &record)?;
    Ok(Some(YearData { record, history }))
}

/// The facts every report of a phase shares, and the next phase's deadline to store.
pub(crate) fn facts(
    store: &Store,
    campaign: &Campaign,
    before: &World,
    resolution: &Resolution,
    sent: &[NationCode],
    config: &Config,
    now: &str,
) -> Result<(PhaseFacts, Option<String>)> {
    let tz = deadline::zone(&campaign.time_zone)?;
    let stored_deadline = match &resolution.next {
        Some(next) => deadline::default_for(next.phase, now, &config.deadlines, tz)?,
        None => None,
    };
    let facts = PhaseFacts {
        deadline: stored_deadline.as_deref().map(|d| deadline::display(d, tz)),
        next_seed_commitment: match &resolution.next {
            Some(next) => Some(store.seed_commitment_of(&next.phase.key())?),
            None => None,
        },
        revealed_seed: Some(hex::encode(store.phase_seed()?)),
        sent_orders: before
            .clubs
            .iter()
            .filter(|c| sent.contains(c))
            .cloned()
            .collect(),
        late: late_files(store, before, sent, tz, true)?,
        late_refused: late_files(store, before, sent, tz, false)?,
        disorder: super::disorder::standing(store, campaign, before)?,
        replaces: replaced_reports(store, campaign, before)?,
    };
    Ok((facts, stored_deadline))
}

/// The clubs whose report of the phase went out before an undo withdrew it: the report
/// now written replaces it. Only under the ruling `fresh_seed_after_undo`: before it, a
/// report the same as the one sent is not sent again, and the club is told it stands.
fn replaced_reports(
    store: &Store,
    campaign: &Campaign,
    before: &World,
) -> Result<BTreeSet<NationCode>> {
    if !campaign.tables.rulings.fresh_seed_after_undo {
        return Ok(BTreeSet::new());
    }
    let key = before.phase.key();
    Ok(store
        .outbox(Some(crate::storage::Status::Sent))?
        .into_iter()
        .filter(|r| r.kind == "report" && r.phase.as_deref() == Some(key.as_str()))
        .filter_map(|r| r.nation.as_deref().map(NationCode::from))
        .collect())
}

/// The clubs of `sent` whose counted file of the phase arrived after its deadline, with
/// when it arrived (in the campaign's zone); with `counted` false, the clubs whose late
/// file the referee refused instead (whether or not an earlier file counts).
fn late_files(
    store: &Store,
    before: &World,
    sent: &[NationCode],
    tz: chrono_tz::Tz,
    counted: bool,
) -> Result<BTreeMap<NationCode, String>> {
    let key = before.phase.key();
    let Some(due) = store.deadline(&key)? else {
        return Ok(BTreeMap::new());
    };
    Ok(store
        .late_files(&key, &due)?
        .into_iter()
        .filter(|f| {
            if counted {
                f.active && sent.iter().any(|n| n.as_str() == f.nation)
            } else {
                f.verdict.as_deref() == Some("refused")
            }
        })
        .map(|f| {
            // Within the deadline's minute the arrival is given to the second, or it
            // reads as on time (a play-test read "late … Received: 21:00" at a 21:00
            // deadline).
            let shown = if deadline::display(&f.received_at, tz) == deadline::display(&due, tz) {
                deadline::display_seconds(&f.received_at, tz)
            } else {
                deadline::display(&f.received_at, tz)
            };
            (NationCode::from(f.nation.as_str()), shown)
        })
        .collect())
}

/// The worlds the charts are drawn from: at the start of every year of the campaign up
/// to `record`'s (its spring's), and the end of `record`'s year, labelled the next.
pub(crate) fn history(store: &Store, record: &YearRecord) -> Result<Vec<(u16, World)>> {
    let mut out: Vec<(u16, World)> = store
        .phases()?
        .into_iter()
        .filter(|r| r.id.phase == Phase::Spring && r.id.year < record.year)
        .map(|r| (r.id.year, r.world))
        .collect();
    out.push((record.year, record.start().clone()));
    out.push((record.year + 1, record.end.clone()));
    Ok(out)
}

/// Gathers year `year` from the database: every phase of it with its stored resolution,
/// and the world after its winter. `open` is the winter being resolved, when the
/// caller holds it before it is saved (its resolution's `next` is the year's end).
///
/// A year whose winter is not resolved is not over: that is a user error.
pub(crate) fn year_record(
    store: &Store,
    year: u16,
    open: Option<(&World, &Resolution)>,
) -> Result<YearRecord> {
    let rows = store.phases()?;
    let mut phases = Vec::new();
    let mut end = None;
    for (i, row) in rows.iter().enumerate().filter(|(_, r)| r.id.year == year) {
        let key = row.id.key();
        match open {
            Some((before, resolution)) if before.phase == row.id => {
                phases.push(PhaseRecord {
                    before: before.clone(),
                    resolution: Resolution {
                        next: None,
                        ..resolution.clone()
                    },
                });
                end = Some(resolution.next.clone().unwrap_or_else(|| before.clone()));
            }
            _ => {
                let resolution = store
                    .resolution(&key)?
                    .ok_or_else(|| not_over(year, &key))?;
                phases.push(PhaseRecord {
                    before: row.world.clone(),
                    resolution,
                });
                end = Some(
                    rows.get(i + 1)
                        .map_or_else(|| row.world.clone(), |n| n.world.clone()),
                );
            }
        }
    }
    let ends_in_winter = phases
        .last()
        .is_some_and(|p| p.before.phase.phase == Phase::Winter);
    match end {
        Some(end) if ends_in_winter => Ok(YearRecord {
            year,
            phases,
            end,
            announcements: store
                .chronicle_announcements(year)?
                .into_iter()
                .map(|a| crate::rules::chronicle::Announced {
                    it: a.text_it,
                    en: a.text_en,
                })
                .collect(),
        }),
        _ if phases.is_empty() => Err(Error::user(format!(
            "the campaign has no year {year} (see `giglio history`)"
        ))),
        _ => Err(not_over(year, &format!("{year}-winter"))),
    }
}

fn not_over(year: u16, key: &str) -> Error {
    Error::user(format!(
        "the year {year} is not over: {key} is not resolved yet, so there is no yearly report"
    ))
}
