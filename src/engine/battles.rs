//! Battles for the referee's desk: where each pending battle's result stands, cards,
//! the auto-resolver, and settling a battle — its result checked, recorded and, under
//! the ruling `battle_results_at_once`, applied at once as a step of the open phase.

use crate::error::{Error, Result};
pub use crate::rules::battles::BattleState;
use crate::rules::battles::{BattleOutcome, ResultSource, SetBy, result_that_counts};
use crate::rules::dice::{BattleDice, Dice, Roll, SeededDice};
use crate::rules::resolve::{StepResolution, apply_battle};
use crate::rules::world::Battle;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{NewStep, Settlement, Store, StoredResult};
use std::collections::BTreeMap;

/// Returns where a battle's result stands, from its stored results.
pub(crate) fn battle_state(store: &Store, battle: &Battle) -> Result<BattleState> {
    Ok(state_of(&store.results(&battle.id)?, battle))
}

/// Where a battle's result stands, given its active results (the rules decide which
/// counts: `rules::battles::result_that_counts`).
pub fn state_of(results: &[StoredResult], battle: &Battle) -> BattleState {
    result_that_counts(results.iter().map(|r| (&r.source, &r.outcome)), battle)
}

/// What became of one battle when results arrived.
#[derive(Clone, Debug)]
pub(crate) struct News {
    pub(crate) battle: Battle,
    pub(crate) state: BattleState,
    /// The two clubs' results, attacker's first, when both are in (they differ when
    /// the battle is disputed).
    pub(crate) clubs: Option<(BattleOutcome, BattleOutcome)>,
    /// The step of the open phase that applied the result, with its number: when the
    /// result is settled and the ruling `battle_results_at_once` is on.
    pub(crate) step: Option<(u32, StepResolution)>,
    /// Each club's latest result, for those that sent one: what a ruling or an
    /// auto-resolve sets aside (`rules::visibility::set_aside_for` decides who is told).
    pub(crate) mailed: Vec<(NationCode, BattleOutcome)>,
    /// Why the auto-resolve that counts ended as it did, as the catalogue words it (from
    /// its stored detail); `None` for other results and for those stored before it was
    /// kept, which are told by their English reason.
    pub(crate) account: Option<crate::battle::result::Account>,
}

/// The account a stored auto-resolve keeps in its detail: its tactical result's, or why
/// a side could not fight.
fn stored_account(r: &StoredResult) -> Option<crate::battle::result::Account> {
    let d: AutoDetail = serde_json::from_str(r.detail.as_deref()?).ok()?;
    d.result.and_then(|t| t.account).or(d.account)
}

/// Settles results that arrive together (a club's file, a ruling, an auto-resolve):
/// each replaces its source's earlier result; a battle whose result is then settled is
/// applied at once as a step of the open phase when the ruling
/// `battle_results_at_once` is on, in the world as earlier steps left it. Nothing is
/// saved: returns the settlement to save (its steps' messages still to fill in) and
/// what became of each battle, with the world after the last step.
pub(crate) fn settle(
    store: &Store,
    c: &Campaign,
    incoming: Vec<StoredResult>,
    rolls: Vec<Roll>,
) -> Result<(Settlement, Vec<News>, World)> {
    let current = store.current()?;
    let mut world = current.world;
    let mut n = current.steps;
    let mut news: Vec<News> = Vec::new();
    let mut earlier: Vec<StoredResult> = Vec::new();
    let mut steps = Vec::new();
    for r in &incoming {
        let Some(battle) = world.battles.iter().find(|b| b.id == r.battle).cloned() else {
            return Err(Error::user(format!(
                "battle {} does not wait for its result",
                r.battle
            )));
        };
        let mut results: Vec<StoredResult> = store
            .results(&battle.id)?
            .into_iter()
            .chain(earlier.iter().filter(|e| e.battle == battle.id).cloned())
            .filter(|x| x.source != r.source)
            .collect();
        results.push(r.clone());
        earlier.push(r.clone());
        let state = state_of(&results, &battle);
        let latest = |nation: &NationCode| {
            results
                .iter()
                .rev()
                .find(|x| x.source == SetBy::Club(nation.clone()))
                .map(|x| x.outcome.clone())
        };
        let clubs = latest(&battle.attacker.nation).zip(latest(&battle.defender.nation));
        let mailed = [&battle.attacker.nation, &battle.defender.nation]
            .into_iter()
            .filter_map(|n| latest(n).map(|o| (n.clone(), o)))
            .collect();
        let account = match &state {
            BattleState::Agreed { outcome } if outcome.source == ResultSource::Auto => results
                .iter()
                .rev()
                .find(|x| x.source == SetBy::Auto)
                .and_then(stored_account),
            _ => None,
        };
        let mut step = None;
        if let BattleState::Agreed { outcome } = &state
            && c.tables.rulings.battle_results_at_once
        {
            n += 1;
            let mut dice = SeededDice::new(store.open_step_seed(n)?);
            if let Some(done) = apply_battle(c, &world, outcome, &mut dice) {
                world = done.world.clone();
                steps.push(NewStep {
                    kind: "battle".into(),
                    input: serde_json::to_string(outcome)
                        .map_err(|e| Error::internal(e.to_string()))?,
                    result: done.clone(),
                    rolls: dice.log().to_vec(),
                    messages: Vec::new(),
                });
                step = Some((n, done));
            }
        }
        news.retain(|x| x.battle.id != battle.id);
        news.push(News {
            battle,
            state,
            clubs,
            step,
            mailed,
            account,
        });
    }
    let settlement = Settlement {
        results: incoming,
        rolls,
        oobs: Vec::new(),
        steps,
    };
    Ok((settlement, news, world))
}

/// Builds a pending battle's card for a ruleset: the campaign's view of both sides,
/// with a club's own order of battle (§0.5) in place of the templates when it sent one,
/// and the other battles of `pending` at its place (two armies that met one enemy army
/// make two battles there: each card names the other).
pub(crate) fn battle_card(
    store: &Store,
    c: &Campaign,
    b: &Battle,
    pending: &[Battle],
    rs: &crate::battle::ruleset::Ruleset,
    now: &str,
) -> Result<crate::battle::card::Card> {
    use crate::battle::card;
    use crate::rules::order::{OobLeader, OobUnit};
    let clubs: BTreeMap<String, String> = store
        .clubs()?
        .into_iter()
        .map(|c| (c.nation, c.name))
        .collect();
    let mut card = card::for_battle(c, b, &clubs, rs);
    // The phase the battle arose in, read once for its walls and its play-by date.
    let arose = store.phase(&b.phase.key())?;
    card.battle.walls_held_by = walls_held_by(arose.as_ref(), b);
    card.battle.also = pending
        .iter()
        .filter(|x| x.node == b.node && x.id != b.id)
        .map(|x| card::Linked {
            id: x.id.clone(),
            sides: [x.attacker.nation.to_string(), x.defender.nation.to_string()],
        })
        .collect();
    card.battle.also_lapses =
        !card.battle.also.is_empty() && c.tables.rulings.battle_lapses_when_a_side_is_gone;
    let tz = crate::engine::deadline::zone(&c.time_zone)?;
    card.battle.play_by = play_by_after(arose.as_ref(), c, now).map(|d| card::PlayBy {
        date: crate::engine::deadline::display(&d, tz),
        fallback: c.tables.rulings.battle_fallback,
    });
    for side in &mut card.sides {
        if let Some(json) = store.oob(&b.id, &side.nation, &rs.id)? {
            let (units, leaders): (Vec<OobUnit>, Vec<OobLeader>) = serde_json::from_str(&json)
                .map_err(|e| Error::internal(format!("stored order of battle: {e}")))?;
            card::use_club_oob(side, &units, &leaders);
        }
    }
    Ok(card)
}

/// The nation holding fortified walls at a battle's node when it is not the defender
/// (an attacker that besieges the place, or a third nation), as the phase the battle
/// arose in opened: the card says those walls shelter neither side.
fn walls_held_by(arose: Option<&crate::storage::PhaseRow>, b: &Battle) -> Option<String> {
    use crate::rules::world::Fortification;
    arose?
        .opening
        .nodes
        .get(&b.node)
        .filter(|n| n.fortification == Fortification::Fortified && n.owner != b.defender.nation)
        .map(|n| n.owner.to_string())
}

/// When a battle must be played by (RFC 3339): `battle_play_days` after its card went
/// out, which is when the phase it arose in was resolved (`now`, while that resolution
/// is being made). `None` when the campaign sets no date.
pub(crate) fn play_by(
    store: &Store,
    c: &Campaign,
    b: &Battle,
    now: &str,
) -> Result<Option<String>> {
    if c.tables.rulings.battle_play_days == 0 {
        return Ok(None);
    }
    Ok(play_by_after(store.phase(&b.phase.key())?.as_ref(), c, now))
}

/// [`play_by`] of a battle that arose in the phase `arose` (as stored, if it is).
fn play_by_after(
    arose: Option<&crate::storage::PhaseRow>,
    c: &Campaign,
    now: &str,
) -> Option<String> {
    let days = c.tables.rulings.battle_play_days;
    if days == 0 {
        return None;
    }
    let sent = arose
        .and_then(|p| p.resolved_at.clone())
        .unwrap_or_else(|| now.to_owned());
    let sent = chrono::DateTime::parse_from_rfc3339(&sent).ok()?;
    let at = sent + chrono::Duration::days(i64::from(days));
    Some(at.to_rfc3339_opts(chrono::SecondsFormat::Secs, false))
}

/// The battles of the open phase still waiting for their result, each with its play-by
/// date (RFC 3339) where the campaign sets one.
pub(crate) fn waiting_battles(
    store: &Store,
    c: &Campaign,
    now: &str,
) -> Result<Vec<(Battle, Option<String>)>> {
    let current = store.current()?;
    let mut out = Vec::new();
    for b in current.world.battles {
        if matches!(battle_state(store, &b)?, BattleState::Agreed { .. }) {
            continue;
        }
        let by = play_by(store, c, &b, now)?;
        out.push((b, by));
    }
    Ok(out)
}

/// The battles waiting for their result that have a play-by date, with the date as clubs
/// read it (the campaign's zone) and the nations that have mailed their result.
pub(crate) fn dated_battles(
    store: &Store,
    c: &Campaign,
    now: &str,
) -> Result<Vec<(Battle, String, Vec<NationCode>)>> {
    let tz = super::deadline::zone(&c.time_zone)?;
    let mut out = Vec::new();
    for (b, by) in waiting_battles(store, c, now)? {
        if let Some(d) = by {
            let sent = sent_by(store, &b)?;
            out.push((b, super::deadline::display(&d, tz), sent));
        }
    }
    Ok(out)
}

/// The nations whose clubs have mailed a result for `b` (a reminder or a notice that
/// waits for the battle says to each of them that its own is in).
pub(crate) fn sent_by(store: &Store, b: &Battle) -> Result<Vec<NationCode>> {
    Ok(store
        .results(&b.id)?
        .into_iter()
        .filter_map(|r| match r.source {
            SetBy::Club(n) => Some(n),
            _ => None,
        })
        .collect())
}

/// Finds a battle by id: pending in the open phase, or settled in an earlier one (its
/// card can be shown again). Returns it with whether it is still pending.
pub(crate) fn find_battle(store: &Store, id: &str) -> Result<Option<(Battle, bool)>> {
    let current = store.current()?;
    if let Some(b) = current.world.battles.iter().find(|b| b.id == id) {
        return Ok(Some((b.clone(), true)));
    }
    Ok(store
        .phases()?
        .into_iter()
        .rev()
        .find_map(|p| p.opening.battles.into_iter().find(|b| b.id == id))
        .map(|b| (b, false)))
}

/// What an auto-resolve keeps beside its outcome: the ruleset, the tactical result and
/// every roll (the rolls also go to the dice log, one row each).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct AutoDetail {
    pub(crate) ruleset: String,
    /// The readings the battle was resolved with (the card's, as issued); absent in
    /// results stored before they were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) readings: Option<BTreeMap<String, String>>,
    pub(crate) result: Option<crate::battle::result::TacticalResult>,
    pub(crate) rolls: Vec<Roll>,
    /// Why a side could not fight, as the catalogue words it, where no battle was fought
    /// (`result` is then `None`; a fought battle's account is its result's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) account: Option<crate::battle::result::Account>,
    /// The draw of the phase's dice it was resolved under (the ruling
    /// `fresh_seed_after_undo`): 0, and absent, unless the phase was undone and opened
    /// again before it; `audit` replays it from that draw's seed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) draw: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What [`auto_resolve`] did.
pub(crate) struct AutoResolved {
    pub(crate) outcome: BattleOutcome,
    pub(crate) rolls: usize,
    /// What became of the battle (applied at once as a step, or waiting for the
    /// resolution).
    pub(crate) news: Vec<News>,
}

/// The game a battle's card went out with: the campaign's default ruleset, its readings
/// included, in the definition the battle's phase was resolved with (the cards are made
/// and mailed with that resolution's reports). A later change of `default_ruleset` or
/// of a ruleset's readings applies to new battles only. `None` where that definition is
/// not stored or does not load (the caller falls back on the campaign as it stands).
pub(crate) fn issued_ruleset(
    store: &Store,
    b: &Battle,
) -> Result<Option<crate::battle::ruleset::Ruleset>> {
    let key = b.phase.key();
    let Some(p) = store.phase(&key)? else {
        return Ok(None);
    };
    let source = crate::scenario::Source {
        root: format!("stored definition {}", &p.definition_hash),
        files: store.definition(&p.definition_hash)?,
    };
    let (Ok(c), Ok(rulesets)) = (
        crate::scenario::load(&source),
        crate::scenario::rulesets(&source),
    ) else {
        return Ok(None);
    };
    Ok(rulesets.into_iter().find(|r| r.id == c.default_ruleset))
}

/// The ruleset a battle was meant for: the one whose card the clubs received
/// ([`issued_ruleset`]), else the campaign's default.
pub(crate) fn intended_ruleset(store: &Store, c: &Campaign, b: &Battle) -> Result<String> {
    Ok(issued_ruleset(store, b)?.map_or_else(|| c.default_ruleset.clone(), |rs| rs.id))
}

/// The name of the game a battle is fought with, in each language a reader may read:
/// what [`game_name`] gives, looked up once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameName {
    names: BTreeMap<crate::words::Lang, String>,
    /// The share of a reduced unit's value its side loses (the ruleset's
    /// `partial_loss_percent`), when the card's ruleset is known: an update says how
    /// losses were counted, so hits that only reduced units and cost no ducats read true.
    pub(crate) reduced_percent: Option<u32>,
}

impl GameName {
    /// The name as a reader of `lang` reads it.
    pub(crate) fn in_lang(&self, lang: crate::words::Lang) -> &str {
        self.names.get(&lang).map_or("", String::as_str)
    }
}

/// The name of the game a battle is fought with, as the mail names it to each reader
/// (a club in its language, the referee in `referee_lang`): the issued ruleset's name in
/// that language (`Ruleset::name_in`), else the campaign's default ruleset's id.
pub(crate) fn game_name(store: &Store, c: &Campaign, b: &Battle) -> Result<GameName> {
    let issued = issued_ruleset(store, b)?;
    let names = crate::words::LANGS
        .iter()
        .map(|&l| {
            let name = issued
                .as_ref()
                .map_or_else(|| c.default_ruleset.clone(), |rs| rs.name_in(l).to_owned());
            (l, name)
        })
        .collect();
    Ok(GameName {
        names,
        reduced_percent: issued.as_ref().map(|rs| rs.partial_loss_percent),
    })
}

/// Refuses an auto-resolve that would shop for a result: a battle is auto-resolved once,
/// with the ruleset it was meant for, and never over a referee's ruling or two clubs'
/// agreeing results. Only a new referee ruling replaces an auto-resolved result.
pub(crate) fn auto_allowed(store: &Store, c: &Campaign, b: &Battle, ruleset: &str) -> Result<()> {
    let intended = intended_ruleset(store, c, b)?;
    if ruleset != intended {
        return Err(Error::user(format!(
            "battle {} is meant for {intended} (the game of the card the clubs received, with its readings): auto-resolve it with {intended}, or fight it on the table",
            b.id
        )));
    }
    let results = store.results(&b.id)?;
    if let Some(r) = results.iter().find(|r| r.source == SetBy::Auto) {
        return Err(Error::user(format!(
            "battle {} was already auto-resolved ({}): a second auto-resolve is refused; only a referee ruling (`giglio battle rule … --reason`) replaces it",
            b.id, r.received_at
        )));
    }
    if results.iter().any(|r| r.source == SetBy::Referee) {
        return Err(Error::user(format!(
            "battle {} has a referee ruling: only a new ruling (`giglio battle rule … --reason`) replaces it",
            b.id
        )));
    }
    if let BattleState::Agreed { .. } = battle_state(store, b)? {
        return Err(Error::user(format!(
            "both clubs sent agreeing results for battle {}: the auto-resolver never replaces them",
            b.id
        )));
    }
    Ok(())
}

/// Auto-resolves a pending battle once with its intended ruleset and the open phase's
/// seeded dice (event ids carry the battle id), and records the outcome with every roll
/// and the `extra` messages in one transaction. Refused as [`auto_allowed`] says.
#[allow(clippy::too_many_arguments)]
pub(crate) fn auto_resolve(
    store: &mut Store,
    c: &Campaign,
    b: &Battle,
    rs: &crate::battle::ruleset::Ruleset,
    now: &str,
    command: &str,
    tell: Option<&crate::engine::post::battles::Desk>,
    extra: Vec<crate::storage::OutMessage>,
) -> Result<AutoResolved> {
    auto_allowed(store, c, b, &rs.id)?;
    // The card the resolver plays from: the other battles at the place are no input.
    let card = battle_card(store, c, b, &[], rs, now)?;
    let mut dice = BattleDice::new(
        store.phase_seed()?,
        &card.battle.id,
        c.tables.rulings.battle_dice_stream,
    );
    let told =
        crate::battle::auto_told(&card, rs, &mut dice).map_err(|e| Error::user(e.to_string()))?;
    let (outcome, result) = (told.outcome, told.result);
    let account = if result.is_none() { told.account } else { None };
    // The log is copied out once: the detail is written from it, then gives it back
    // for the dice log's rows.
    let detail = AutoDetail {
        ruleset: rs.id.clone(),
        readings: Some(card.battle.readings.clone()),
        result,
        rolls: dice.log().to_vec(),
        account,
        draw: store.draw(&store.current()?.id.key())?,
    };
    let json = serde_json::to_string(&detail).map_err(|e| Error::internal(e.to_string()))?;
    let rolls = detail.rolls;
    let phase = store.current()?.id.key();
    let result = StoredResult {
        id: 0,
        battle: b.id.clone(),
        phase,
        source: SetBy::Auto,
        received_at: now.to_owned(),
        outcome: outcome.clone(),
        detail: Some(json),
    };
    let count = rolls.len();
    let news = record(store, c, vec![result], rolls, extra, tell, now, command)?;
    Ok(AutoResolved {
        outcome,
        rolls: count,
        news,
    })
}

/// Records results that arrive together, settles their battles ([`settle`]) and
/// queues the mail that causes ([`news_mail`], when `tell` gives the desk to write it)
/// with `extra` messages, all in one transaction. Returns what became of each battle.
#[allow(clippy::too_many_arguments)]
pub(crate) fn record(
    store: &mut Store,
    c: &Campaign,
    results: Vec<StoredResult>,
    rolls: Vec<Roll>,
    mut extra: Vec<crate::storage::OutMessage>,
    tell: Option<&crate::engine::post::battles::Desk>,
    now: &str,
    command: &str,
) -> Result<Vec<News>> {
    let (mut settlement, news, world) = settle(store, c, results, rolls)?;
    if let Some(desk) = tell {
        let mut names = names_of(store, c, &news, now)?;
        names.told = !extra.is_empty();
        extra.extend(news_mail(desk, &news, &world, &names, &mut settlement)?);
    }
    store.settle(&settlement, &extra, now, command)?;
    Ok(news)
}

/// What the mail about battles names, by battle id: each battle's game (the ruleset's
/// name in each language) and its play-by date as clubs read it, when it has one.
pub(crate) struct BattleNames {
    games: BTreeMap<String, GameName>,
    play_by: BTreeMap<String, String>,
    /// The clubs were already told of these results by the caller (the service's
    /// fallback notice): an auto-resolve waiting for the resolution needs no notice.
    told: bool,
}

/// The names and dates of the battles in `news` ([`BattleNames`]).
pub(crate) fn names_of(
    store: &Store,
    c: &Campaign,
    news: &[News],
    now: &str,
) -> Result<BattleNames> {
    let tz = crate::engine::deadline::zone(&c.time_zone)?;
    let mut names = BattleNames {
        games: BTreeMap::new(),
        play_by: BTreeMap::new(),
        told: false,
    };
    for n in news {
        let id = n.battle.id.clone();
        names
            .games
            .insert(id.clone(), game_name(store, c, &n.battle)?);
        if let Some(d) = play_by(store, c, &n.battle, now)? {
            names
                .play_by
                .insert(id, crate::engine::deadline::display(&d, tz));
        }
    }
    Ok(names)
}

/// The mail that results arriving together cause: an update to each side of every
/// battle a step applied (its Message-IDs noted in the step, so `undo` can withdraw
/// them) and a notice of every dispute to both clubs and the referee, naming each
/// battle's game and play-by date as [`BattleNames`] give them.
pub(crate) fn news_mail(
    desk: &crate::engine::post::battles::Desk,
    news: &[News],
    world: &World,
    names: &BattleNames,
    settlement: &mut Settlement,
) -> Result<Vec<crate::storage::OutMessage>> {
    let games = &names.games;
    let phase = world.phase.key();
    let mut out = Vec::new();
    for n in news {
        match (&n.state, &n.step, &n.clubs) {
            (BattleState::Agreed { outcome }, Some((k, done)), _) => {
                let msgs = crate::engine::post::battles::updates(
                    desk,
                    &n.battle,
                    games.get(&n.battle.id),
                    (outcome, n.account.as_ref()),
                    (*k, done),
                    world,
                    &n.mailed,
                )?;
                if let Some(step) = settlement.steps.iter_mut().find(|s| s.result == *done) {
                    step.messages = msgs.iter().map(|m| m.message_id.clone()).collect();
                }
                out.extend(msgs);
            }
            // Applied only when the phase is resolved: each side hears of an
            // auto-resolve now, as it hears of a ruling (G3c.7).
            (BattleState::Agreed { outcome }, None, _)
                if outcome.source == crate::rules::battles::ResultSource::Auto
                    && !desk.campaign.tables.rulings.battle_results_at_once
                    && !names.told =>
            {
                out.extend(crate::engine::post::battles::settled_later(
                    desk,
                    &n.battle,
                    games.get(&n.battle.id),
                    (outcome, n.account.as_ref()),
                    world,
                    &n.mailed,
                )?);
            }
            (BattleState::Disputed, _, Some((a, d))) => {
                out.extend(crate::engine::post::battles::dispute(
                    desk,
                    &n.battle,
                    &phase,
                    a,
                    d,
                    names.play_by.get(&n.battle.id).map(String::as_str),
                )?);
            }
            _ => {}
        }
    }
    Ok(out)
}

/// A result as a ruling takes it: the winner (none for a draw) and each side's loss.
pub(crate) type Ruled = (Option<NationCode>, Vec<(NationCode, crate::rules::Ducats)>);

/// The winner and losses of the result `club` mailed for battle `b`, to confirm as a
/// ruling; an error naming what was received when it mailed none.
pub(crate) fn sent_result(store: &Store, b: &Battle, club: &str) -> Result<Ruled> {
    let results = store.results(&b.id)?;
    let sent = results
        .iter()
        .find(|r| r.source == SetBy::Club(NationCode(club.to_owned())))
        .ok_or_else(|| {
            let from: Vec<String> = results.iter().map(|r| r.source.to_string()).collect();
            Error::user(format!(
                "{club} has mailed no result for battle {}; results received: {}",
                b.id,
                if from.is_empty() {
                    "none".to_owned()
                } else {
                    from.join(", ")
                }
            ))
        })?;
    let o = &sent.outcome;
    Ok((
        o.winner.clone(),
        vec![
            (b.attacker.nation.clone(), o.attacker_loss),
            (b.defender.nation.clone(), o.defender_loss),
        ],
    ))
}
