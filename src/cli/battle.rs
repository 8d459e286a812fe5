//! `giglio battle`: pending battles, their cards, results from the table, the
//! auto-resolver, the referee's rulings, and the odds.

use super::json::{BattleAuto, BattleRow};
use super::ui;
use crate::battle::card::Card;
use crate::battle::odds;
use crate::battle::ruleset::Ruleset;
use crate::engine::{self, BattleState};
use crate::error::{Error, Result};
use crate::report;
use crate::rules::battles::SetBy;
use crate::rules::battles::{BattleOutcome, ResultSource};

use crate::rules::order::OrderKind;
use crate::rules::world::Battle;
use crate::rules::{Campaign, Ducats, NationCode};
use crate::scenario;
use crate::storage::{Store, StoredResult};
use std::path::{Path, PathBuf};

/// Pending battles: cards, results, rulings, auto-resolve, odds.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum BattleCommand {
    /// List the pending battles and where each result stands.
    List {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a battle's card: the referee's copy, or the copy a club is mailed (`--club`).
    Card {
        id: String,
        /// Use this ruleset instead of the campaign's default.
        #[arg(long, value_name = "ID")]
        ruleset: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: CardFormat,
        /// The card's language (default: the club's with `--club`, else English).
        #[arg(long, value_enum)]
        lang: Option<super::orders::LangArg>,
        /// The copy this club of the battle is mailed: its side named, its club in the
        /// result file's header.
        #[arg(long, value_name = "CODE")]
        club: Option<String>,
    },
    /// Resolve a battle with its ruleset's own mechanics (logged dice); the result is
    /// applied at once (the ruling `battle_results_at_once`, on in campaigns written since
    /// it came), or when the next phase is resolved.
    Auto {
        id: String,
        #[arg(long, value_name = "ID")]
        ruleset: Option<String>,
        /// Why the referee has the game resolve it (a play-test's clubs, whose battle's
        /// play-by date was days ahead, were told only that the game had): told to both
        /// clubs word for word, in whatever language it is written, and kept in the
        /// journal.
        #[arg(long, value_name = "TEXT")]
        reason: Option<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Enter a club's table result from its file (header with club, phase, secret, and a
    /// `[[battle_result]]`); applied when both clubs' results agree.
    Result { id: String, file: PathBuf },
    /// Enter a club's own order of battle for a battle and a ruleset (§0.5), from its file
    /// (header with club, phase, secret, and an `[[order_of_battle]]`); its units' values
    /// must add up to the army's ducats. The card then uses it instead of templates.
    Oob { id: String, file: PathBuf },
    /// The referee rules a dispute or enters losses by hand, with a reason.
    Rule {
        id: String,
        /// The winning nation, or `draw`.
        #[arg(long, required_unless_present = "as_sent")]
        winner: Option<String>,
        /// A side's loss in ducats, as `CODE=DUCATS` (once for each side).
        #[arg(long = "loss", value_name = "CODE=DUCATS", conflicts_with = "as_sent")]
        losses: Vec<String>,
        /// Confirm the result this club mailed, as it sent it (one club's side of a
        /// dispute, a battle only one of its clubs sent a result for, or a battle
        /// against a neutral nation, whose result only one club sends): no need to type
        /// it again.
        #[arg(long, value_name = "CODE", conflicts_with = "winner")]
        as_sent: Option<String>,
        /// Why: told to both clubs word for word, in whatever language it is written
        /// (with clubs of two languages, write it in both).
        #[arg(long)]
        reason: String,
    },
    /// Monte Carlo odds of a battle with independent seeds; the campaign's dice are
    /// never touched.
    Odds {
        id: String,
        #[arg(long, value_name = "ID")]
        ruleset: Option<String>,
        #[arg(long, default_value_t = 10_000)]
        runs: u64,
        /// Threads (0: every core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long)]
        json: bool,
    },
}

/// How to print a card.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum CardFormat {
    Text,
    Html,
    Toml,
}

pub(crate) fn cmd_battle(dir: &Path, cmd: BattleCommand) -> Result<()> {
    match cmd {
        BattleCommand::List { json } => list(dir, json),
        BattleCommand::Card {
            id,
            ruleset,
            format,
            lang,
            club,
        } => print_card(
            dir,
            &id,
            ruleset.as_deref(),
            format,
            (lang.map(crate::rules::tables::Lang::from), club.as_deref()),
        ),
        BattleCommand::Auto {
            id,
            ruleset,
            reason,
            json,
        } => auto(dir, &id, ruleset.as_deref(), reason.as_deref(), json),
        BattleCommand::Result { id, file } => club_result(dir, &id, &file),
        BattleCommand::Oob { id, file } => club_oob(dir, &id, &file),
        BattleCommand::Rule {
            id,
            winner,
            losses,
            as_sent,
            reason,
        } => rule(
            dir,
            &id,
            (winner.as_deref(), &losses, as_sent.as_deref()),
            &reason,
        ),
        BattleCommand::Odds {
            id,
            ruleset,
            runs,
            threads,
            json,
        } => print_odds(dir, &id, ruleset.as_deref(), runs, threads, json),
    }
}

/// Loads the campaign's rulesets from its definition.
fn rulesets(dir: &Path) -> Result<Vec<Ruleset>> {
    let (_, source) = super::campaign_of(dir)?;
    scenario::rulesets(&source).map_err(|d| super::invalid_files(d, Some(&source)))
}

/// Finds a pending battle of the open phase.
fn pending(store: &Store, id: &str) -> Result<Battle> {
    let current = store.current()?;
    let key = current.id.key();
    if let Some(step) = store
        .steps(&key)?
        .into_iter()
        .find(|s| serde_json::from_str::<BattleOutcome>(&s.input).is_ok_and(|o| o.battle == id))
    {
        return Err(Error::user(format!(
            "the result of battle {id} is already applied (step {} of {key}, {}); `giglio undo` takes that step back",
            step.n, step.at
        )));
    }
    let world = current.world;
    world
        .battles
        .iter()
        .find(|b| b.id == id)
        .cloned()
        .ok_or_else(|| {
            let ids: Vec<&str> = world.battles.iter().map(|b| b.id.as_str()).collect();
            Error::user(format!(
                "no pending battle `{id}`; pending: {}",
                if ids.is_empty() {
                    "none".to_owned()
                } else {
                    ids.join(", ")
                }
            ))
        })
}

/// Builds a battle's card with the chosen ruleset.
fn card_of(
    dir: &Path,
    store: &Store,
    c: &Campaign,
    b: &Battle,
    ruleset: Option<&str>,
) -> Result<(Card, Ruleset)> {
    // The game the card went out with, its readings included, unless another is asked
    // for (a card shown with another ruleset changes nothing: `battle auto` keeps to
    // the issued one).
    let issued = crate::engine::issued_ruleset(store, b)?;
    let rs = match (issued, ruleset) {
        (Some(rs), None) => rs,
        (Some(rs), Some(id)) if rs.id == id => rs,
        (_, asked) => {
            let id = asked.unwrap_or(&c.default_ruleset);
            rulesets(dir)?
                .into_iter()
                .find(|r| r.id == id)
                .ok_or_else(|| {
                    Error::user(format!("no ruleset `{id}` in the campaign's rulesets/"))
                })?
        }
    };
    // The card names the other battles still pending at its place.
    let pending = store.current()?.world.battles;
    let card = crate::engine::battle_card(store, c, b, &pending, &rs, &super::now())?;
    Ok((card, rs))
}

/// Reads and authenticates a club's file sent about a pending battle; returns the
/// club and its lowered orders.
fn club_file(
    store: &Store,
    c: &Campaign,
    file: &Path,
    b: &Battle,
    words: &crate::words::Words,
) -> Result<(NationCode, Vec<OrderKind>)> {
    let bytes = std::fs::read(file)
        .map_err(|e| Error::user(format!("cannot read {}: {e}", file.display())))?;
    let shown = file.display().to_string();
    let checked = super::accept_club_file(store, c, &bytes, &shown, words)?;
    let Some(header) = checked.header.as_ref() else {
        return Err(Error::internal("an accepted file has a header"));
    };
    let club = header.club.clone();
    if club != b.attacker.nation && club != b.defender.nation {
        return Err(Error::user(format!("{club} did not fight battle {}", b.id)));
    }
    Ok((
        club,
        checked.orders.orders.into_iter().map(|o| o.kind).collect(),
    ))
}

fn club_oob(dir: &Path, id: &str, file: &Path) -> Result<()> {
    let mut store = Store::open_write(dir, &format!("battle oob {id}"))?;
    let (c, _) = super::campaign_of(dir)?;
    let b = pending(&store, id)?;
    let (club, kinds) = club_file(&store, &c, file, &b, &super::words_of(dir)?)?;
    let Some((ruleset, units, leaders)) = kinds.into_iter().find_map(|k| match k {
        OrderKind::OrderOfBattle {
            battle,
            ruleset,
            units,
            leaders,
        } if battle == id => Some((ruleset, units, leaders)),
        _ => None,
    }) else {
        return Err(Error::user(format!(
            "{} has no `[[order_of_battle]]` for battle {id}",
            file.display()
        )));
    };
    let rulesets = rulesets(dir)?;
    let words = super::words_of(dir)?;
    crate::rules::battles::check_order_of_battle(
        std::slice::from_ref(&b),
        &club,
        id,
        &ruleset,
        &units,
        Some(&crate::battle::ruleset::unit_kinds(&rulesets)),
    )
    .map_err(|r| refused(&r, &words))?;
    let Some(rs) = rulesets.into_iter().find(|r| r.id == ruleset) else {
        return Err(Error::internal(format!(
            "ruleset {ruleset} checked, then missing"
        )));
    };
    let json =
        serde_json::to_string(&(&units, &leaders)).map_err(|e| Error::internal(e.to_string()))?;
    let phase = store.current()?.id.key();
    store.record_oob(
        &crate::storage::StoredOob {
            battle: id.to_owned(),
            nation: club.to_string(),
            ruleset: rs.id.clone(),
            phase,
            received_at: super::now(),
            json,
        },
        &format!("battle oob {id} {}", file.display()),
    )?;
    ui::out(&format!(
        "recorded the order of battle of {club} for {id} ({}): {} unit{}, {} leader{}; the card for {} now uses it\n",
        rs.id,
        units.len(),
        if units.len() == 1 { "" } else { "s" },
        leaders.len(),
        if leaders.len() == 1 { "" } else { "s" },
        rs.id
    ));
    Ok(())
}

fn list(dir: &Path, json: bool) -> Result<()> {
    let store = Store::open_read(dir)?;
    let (c, _) = super::campaign_of(dir)?;
    let now = super::now();
    let current = store.current()?;
    let steps = store.steps(&current.id.key())?;
    // The open phase's battles: those still pending, and those a step applied.
    let mut rows = Vec::new();
    for b in &current.opening.battles {
        let applied = steps
            .iter()
            .find(|s| {
                serde_json::from_str::<BattleOutcome>(&s.input).is_ok_and(|o| o.battle == b.id)
            })
            .map(|s| s.n);
        if applied.is_none() && !current.world.battles.iter().any(|x| x.id == b.id) {
            continue;
        }
        let state = engine::battle_state(&store, b)?;
        let play_by = match (&state, applied) {
            (BattleState::Waiting { .. } | BattleState::Disputed, None) => {
                engine::play_by(&store, &c, b, &now)?
            }
            _ => None,
        };
        rows.push(BattleRow {
            applied_in_step: applied,
            play_by,
            id: b.id.clone(),
            node: b.node.to_string(),
            kind: format!("{:?}", b.kind).to_lowercase(),
            attacker: b.attacker.nation.to_string(),
            defender: b.defender.nation.to_string(),
            since: b.phase.key(),
            state,
        });
    }
    if json {
        return ui::out_json(&rows);
    }
    let tz = engine::deadline::zone(&c.time_zone)?;
    let mut out = String::new();
    for r in &rows {
        let mut state = state_note(&r.state, &current.world);
        if let Some(n) = r.applied_in_step {
            state = format!("applied in step {n} of the open phase; {state}");
        } else if matches!(r.state, BattleState::Agreed { .. })
            && current.world.battles.iter().any(|b| b.id == r.id)
        {
            // Settled but not applied: a campaign applying results at the phase's end,
            // or the clubs' results once their step was undone.
            state = format!(
                "{state}; not applied yet: it applies when the phase is resolved, unless `giglio battle rule {}` replaces it",
                r.id
            );
        }
        // Against a neutral nation, the club's own result may be in: the referee may
        // confirm it (a play-test's list hid the result the alert had announced).
        if let BattleState::Waiting { missing } = &r.state {
            for side in [&r.attacker, &r.defender] {
                if current.world.is_club(side)
                    && !missing.iter().any(|m| m.as_str() == side)
                    && missing.iter().any(|m| !current.world.is_club(m.as_str()))
                {
                    state = format!(
                        "{state}; {side} has sent its result: confirm it with `giglio battle rule {} --as-sent {side}`",
                        r.id
                    );
                }
            }
        }
        if let Some(by) = &r.play_by {
            state = format!("{state}; play by {}", engine::deadline::display(by, tz));
        }
        out.push_str(&format!(
            "{} {} at {}: {} against {}, since {} — {}\n",
            r.id, r.kind, r.node, r.attacker, r.defender, r.since, state
        ));
    }
    if rows.is_empty() {
        out.push_str("no battle is pending\n");
    }
    ui::out(&out);
    Ok(())
}

/// Says where a battle's result stands, in words.
/// Where a battle's result stands, in a line; `world` tells a club from a neutral nation
/// (which sends no result: the referee auto-resolves or rules the battle).
fn state_note(state: &BattleState, world: &crate::rules::World) -> String {
    match state {
        BattleState::Waiting { missing } => {
            let (clubs, neutral): (Vec<&NationCode>, Vec<&NationCode>) =
                missing.iter().partition(|n| world.is_club(n.as_str()));
            let names = |v: &[&NationCode]| {
                v.iter()
                    .map(|n| n.as_str())
                    .collect::<Vec<_>>()
                    .join(" and ")
            };
            let mut parts = Vec::new();
            if !clubs.is_empty() {
                parts.push(format!("waiting for the result of {}", names(&clubs)));
            }
            if !neutral.is_empty() {
                parts.push(format!(
                    "{} neutral (no club sends a result): auto-resolve it with `giglio battle auto` or rule it with `giglio battle rule`",
                    names(&neutral)
                ));
            }
            parts.join("; ")
        }
        BattleState::Disputed => {
            "disputed: the clubs' results differ; the referee rules with `giglio battle rule`"
                .to_owned()
        }
        BattleState::Agreed { outcome } => format!(
            "settled ({}): {}",
            format!("{:?}", outcome.source).to_lowercase(),
            describe(outcome)
        ),
    }
}

fn describe(o: &BattleOutcome) -> String {
    let winner = o
        .winner
        .as_ref()
        .map_or("draw".to_owned(), |w| format!("{w} wins"));
    let provisional = if o.provisional {
        " (provisional tables)"
    } else {
        ""
    };
    format!(
        "{winner}; losses attacker {} defender {}{provisional}",
        o.attacker_loss, o.defender_loss
    )
}

/// Prints a battle's card in `lang`, for the referee or for `club` (one of its sides).
fn print_card(
    dir: &Path,
    id: &str,
    ruleset: Option<&str>,
    format: CardFormat,
    (lang, club): (Option<crate::rules::tables::Lang>, Option<&str>),
) -> Result<()> {
    let store = Store::open_read(dir)?;
    let (c, _) = super::campaign_of(dir)?;
    // A settled battle's card can be shown again; a pending one's result is due now.
    let b = match engine::find_battle(&store, id)? {
        Some((b, _)) => b,
        None => pending(&store, id)?,
    };
    let (mut card, rs) = card_of(dir, &store, &c, &b, ruleset)?;
    if store.current()?.world.battles.iter().any(|x| x.id == id) {
        card.battle.result_phase = Some(store.current()?.id.key());
    }
    let club_lang = match club {
        Some(code) => {
            if !card.sides.iter().any(|s| s.nation == code) {
                let sides: Vec<&str> = card.sides.iter().map(|s| s.nation.as_str()).collect();
                return Err(Error::user(format!(
                    "`{code}` is not a side of battle {id}: its sides are {}",
                    sides.join(" and ")
                )));
            }
            store
                .clubs()?
                .into_iter()
                .find(|k| k.nation == code)
                .map(|k| k.lang)
        }
        None => None,
    };
    // The referee's copy speaks the referee's language (`[mail] referee_lang`).
    let lang = match lang.or(club_lang) {
        Some(l) => l,
        None => crate::mail::config::load(dir)?.mail.referee_lang,
    };
    let view = report::card::CardFor::new(&card, lang, club, Some(&c));
    let env = report::environment(Some(&dir.join("templates")), super::words_of(dir)?)?;
    let text = match format {
        CardFormat::Toml => report::card::toml(&env, &card, &rs, &view)?,
        CardFormat::Text | CardFormat::Html => {
            report::card::text(&env, &card, &rs, &view, matches!(format, CardFormat::Html))?
        }
    };
    ui::out(&text);
    Ok(())
}

/// The dice of an auto-resolve: the open phase's seed, so the rolls are checkable once
/// that seed is revealed; the resolvers' event ids carry the battle id. Once a battle,
/// with its intended ruleset (see `engine::auto_allowed`).
fn auto(
    dir: &Path,
    id: &str,
    ruleset: Option<&str>,
    reason: Option<&str>,
    json: bool,
) -> Result<()> {
    let mut store = Store::open_write(dir, &format!("battle auto {id}"))?;
    let (c, _) = super::campaign_of(dir)?;
    let b = pending(&store, id)?;
    let intended = engine::intended_ruleset(&store, &c, &b)?;
    let rs_id = ruleset.unwrap_or(&intended);
    engine::auto_allowed(&store, &c, &b, rs_id)?;
    let (_, rs) = card_of(dir, &store, &c, &b, Some(rs_id))?;
    let now = super::now();
    let tell = Tell::load(dir, &store, &now)?;
    let reason = crate::scenario::clubs::clean_text(reason.unwrap_or_default(), 500);
    // The play-by date the clubs were given, while it is still ahead: the referee's
    // auto-resolve came before it.
    let tz = engine::deadline::zone(&c.time_zone)?;
    let play_by = engine::play_by(&store, &c, &b, &now)?
        .filter(|d| !engine::deadline::passed(d, &now))
        .map(|d| engine::deadline::display(&d, tz));
    let mut desk = tell.desk(&c);
    desk.referee_auto = Some(crate::report::news::RefereeAuto {
        reason: &reason,
        play_by: play_by.as_deref(),
    });
    let command = if reason.is_empty() {
        format!("battle auto {id}")
    } else {
        format!("battle auto {id} (reason: {reason})")
    };
    let done = engine::auto_resolve(
        &mut store,
        &c,
        &b,
        &rs,
        &now,
        &command,
        Some(&desk),
        Vec::new(),
    )?;
    if json {
        return ui::out_json(&BattleAuto {
            battle: id.to_owned(),
            ruleset: rs.id.clone(),
            outcome: &done.outcome,
            dice: done.rolls,
            applied_in_step: done.news.iter().find_map(|n| n.step.as_ref().map(|s| s.0)),
        });
    }
    ui::out(&format!(
        "auto-resolved {id} with {}: {}\n{} ({} rolls logged: `giglio log --dice`); {}\n",
        rs.id,
        describe(&done.outcome),
        done.outcome.reason,
        done.rolls,
        applied_note(&done.news)
    ));
    Ok(())
}

fn club_result(dir: &Path, id: &str, file: &Path) -> Result<()> {
    let mut store = Store::open_write(dir, &format!("battle result {id}"))?;
    let (c, _) = super::campaign_of(dir)?;
    let b = pending(&store, id)?;
    let (club, kinds) = club_file(&store, &c, file, &b, &super::words_of(dir)?)?;
    let found = kinds.into_iter().find_map(|k| match k {
        OrderKind::BattleResult {
            battle,
            winner,
            losses,
        } if battle == id => Some((winner, losses)),
        _ => None,
    });
    let Some((winner, losses)) = found else {
        return Err(Error::user(format!(
            "{} has no `[[battle_result]]` for battle {id}",
            file.display()
        )));
    };
    let words = super::words_of(dir)?;
    let outcome = crate::rules::battles::outcome_of(
        &b,
        winner.as_ref(),
        &losses,
        ResultSource::Table,
        format!("table result sent by {club}"),
    )
    .map_err(|r| refused(&r, &words))?;
    let phase = store.current()?.id.key();
    let now = super::now();
    let tell = Tell::load(dir, &store, &now)?;
    let news = engine::record(
        &mut store,
        &c,
        vec![StoredResult {
            id: 0,
            battle: id.to_owned(),
            phase,
            source: SetBy::Club(club.clone()),
            received_at: now.clone(),
            outcome: outcome.clone(),
            detail: None,
        }],
        Vec::new(),
        Vec::new(),
        Some(&tell.desk(&c)),
        &now,
        &format!("battle result {id} {}", file.display()),
    )?;
    // What settled it: the clubs agreeing, or a result already standing over theirs (an
    // auto-resolve kept after an undo, a ruling), which a club's result never replaces.
    let note = match news.first().map(|n| &n.state) {
        Some(BattleState::Agreed { outcome }) => {
            let by = match outcome.source {
                crate::rules::battles::ResultSource::Table => "both clubs agree",
                crate::rules::battles::ResultSource::Auto => {
                    "the auto-resolved result stands (a club's result does not replace it)"
                }
                crate::rules::battles::ResultSource::Referee => {
                    "the referee's ruling stands (a club's result does not replace it)"
                }
            };
            format!("{by}: {}", applied_note(&news))
        }
        Some(other) => state_note(other, &store.current()?.world),
        None => String::new(),
    };
    ui::out(&format!(
        "recorded the result of {club} for {id}: {}\n{note}\n",
        describe(&outcome)
    ));
    Ok(())
}

/// What became of a settled battle, for the referee.
fn applied_note(news: &[engine::News]) -> String {
    if news.iter().any(|n| n.step.is_some()) {
        "applied now, as a step of the open phase; each club of the battle is sent its new position (queued: `giglio mail send`)".to_owned()
    } else {
        "applied when the next phase is resolved".to_owned()
    }
}

/// A refusal of the rules, in the referee's words.
fn refused(r: &crate::rules::outcome::Reason, words: &crate::words::Words) -> Error {
    Error::user(crate::words::explain::reason(
        words,
        r,
        crate::rules::tables::Lang::En,
    ))
}

/// What the mail of a settled battle needs, loaded from the campaign directory.
struct Tell {
    words: crate::words::Words,
    config: crate::mail::config::Config,
    definition: std::collections::BTreeMap<String, String>,
    clubs: Vec<crate::storage::Club>,
    deadline: Option<String>,
    orders_sent: std::collections::BTreeMap<String, String>,
    goes_early: bool,
    now: String,
}

impl Tell {
    fn load(dir: &Path, store: &Store, now: &str) -> Result<Tell> {
        let (campaign, source) = super::campaign_of(dir)?;
        let key = store.current()?.id.key();
        let (words, config) = (super::words_of(dir)?, crate::mail::config::load(dir)?);
        Ok(Tell {
            goes_early: crate::engine::goes_early(store, &campaign, &config, &words)?,
            words,
            config,
            definition: source.files,
            clubs: store.clubs()?,
            deadline: store.deadline(&key)?,
            orders_sent: store
                .orders(&key, true)?
                .into_iter()
                .map(|f| (f.nation, f.received_at))
                .collect(),
            now: now.to_owned(),
        })
    }

    fn desk<'a>(&'a self, c: &'a Campaign) -> crate::engine::post::battles::Desk<'a> {
        crate::engine::post::battles::Desk {
            words: &self.words,
            config: &self.config,
            campaign: c,
            definition: &self.definition,
            clubs: &self.clubs,
            deadline: self.deadline.as_deref(),
            orders_sent: &self.orders_sent,
            goes_early: self.goes_early,
            now: &self.now,
            referee_auto: None,
        }
    }
}

fn rule(
    dir: &Path,
    id: &str,
    (winner, losses, as_sent): (Option<&str>, &[String], Option<&str>),
    reason: &str,
) -> Result<()> {
    let mut store = Store::open_write(dir, &format!("battle rule {id}"))?;
    let b = pending(&store, id)?;
    let (winner, mut parsed) = match as_sent {
        Some(club) => engine::sent_result(&store, &b, club)?,
        None => (
            match winner {
                Some("draw") | None => None,
                Some(w) => Some(NationCode(w.to_owned())),
            },
            Vec::new(),
        ),
    };
    for l in losses {
        let (n, v) = l
            .split_once('=')
            .ok_or_else(|| Error::user(format!("`--loss {l}`: write CODE=DUCATS")))?;
        let v: Ducats = v
            .trim()
            .parse()
            .map_err(|_| Error::user(format!("`--loss {l}`: {v} is not a number of ducats")))?;
        parsed.push((NationCode(n.trim().to_owned()), v));
    }
    let reason = crate::scenario::clubs::clean_text(reason, 500);
    if reason.is_empty() {
        return Err(Error::user("a ruling needs a reason (`--reason`)"));
    }
    let words = super::words_of(dir)?;
    let outcome = crate::rules::battles::outcome_of(
        &b,
        winner.as_ref(),
        &parsed,
        ResultSource::Referee,
        reason,
    )
    .map_err(|r| refused(&r, &words))?;
    let phase = store.current()?.id.key();
    let (c, _) = super::campaign_of(dir)?;
    let replaced = engine::post::ruling::replaced_by_ruling(&store, &b, &outcome)?;
    let now = super::now();
    let config = crate::mail::config::load(dir)?;
    let notices = engine::post::ruling::notices(
        &store,
        (&c, &config, &words),
        (&b, &outcome, replaced),
        &phase,
        &now,
    )?;
    let tell = Tell::load(dir, &store, &now)?;
    let told = tell
        .clubs
        .iter()
        .filter(|cl| {
            cl.nation == b.attacker.nation.as_str() || cl.nation == b.defender.nation.as_str()
        })
        .count();
    let news = engine::record(
        &mut store,
        &c,
        vec![StoredResult {
            id: 0,
            battle: id.to_owned(),
            phase,
            source: SetBy::Referee,
            received_at: now.clone(),
            outcome: outcome.clone(),
            detail: None,
        }],
        Vec::new(),
        notices,
        Some(&tell.desk(&c)),
        &now,
        &format!("battle rule {id}"),
    )?;
    ui::out(&format!(
        "ruled {id}: {}; {}; {} told\n",
        describe(&outcome),
        applied_note(&news),
        ui::count(told, "club")
    ));
    Ok(())
}

fn print_odds(
    dir: &Path,
    id: &str,
    ruleset: Option<&str>,
    runs: u64,
    threads: usize,
    json: bool,
) -> Result<()> {
    let store = Store::open_read(dir)?;
    let (c, _) = super::campaign_of(dir)?;
    let b = pending(&store, id)?;
    let (card, rs) = card_of(dir, &store, &c, &b, ruleset)?;
    let o = odds::odds_with(
        &card,
        &rs,
        runs,
        threads,
        c.tables.rulings.battle_dice_stream,
    )
    .map_err(|e| Error::user(e.to_string()))?;
    if json {
        return ui::out_json(&o);
    }
    let pct = |n: u64| 100.0 * n as f64 / o.runs.max(1) as f64;
    ui::out(&format!(
        "{id} with {} over {} runs: attacker {} wins {:.1}%, defender {} wins {:.1}%, draws {:.1}%\nmean losses: attacker {} ducats, defender {} ducats{}\n",
        rs.id,
        o.runs,
        b.attacker.nation,
        pct(o.attacker_wins),
        b.defender.nation,
        pct(o.defender_wins),
        pct(o.draws),
        odds::rounded(o.mean_attacker_loss),
        odds::rounded(o.mean_defender_loss),
        if o.provisional {
            "\n(provisional tables were used)"
        } else {
            ""
        }
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 31, point 8: a battle against a neutral nation does not wait for its result
    /// forever: the note names it as neutral and says how the referee settles it.
    #[test]
    fn a_neutral_side_is_not_waited_for() {
        let c = crate::fixtures::shipped();
        let world = crate::rules::World::start(&c, &[NationCode("V".into())]);
        let state = BattleState::Waiting {
            missing: vec![NationCode("V".into()), NationCode("SI".into())],
        };
        let note = state_note(&state, &world);
        assert!(note.starts_with("waiting for the result of V;"), "{note}");
        assert!(
            note.contains("SI neutral (no club sends a result)"),
            "{note}"
        );
        assert!(!note.contains("result of V and SI"), "{note}");
    }
}
