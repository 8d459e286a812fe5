//! Table battles do not freeze the campaign (G3c.7): a pending battle past its play-by
//! date without two agreeing results gets the fallback the campaign chose —
//! auto-resolved once with its own game (`battle_fallback = "auto"`), or left waiting
//! with the referee reminded (`"hold"`) — and both clubs are told which, and why.

use super::{Action, COMMAND, Loaded};
use crate::engine::{self, BattleState, deadline, post};
use crate::error::Result;
use crate::rules::tables::{BattleFallback, Lang};
use crate::rules::world::Battle;
use crate::storage::{OutMessage, Store};
use std::path::Path;

/// Applies the fallback to every pending battle whose play-by date has passed.
pub(super) fn fallbacks(dir: &Path, loaded: &Loaded, now: &str) -> Result<Vec<Action>> {
    let mut store = Store::open_write(dir, COMMAND)?;
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(Vec::new());
    }
    let c = &loaded.campaign;
    let mut actions = Vec::new();
    for b in &current.world.battles {
        // An earlier battle's result in this pass may have made this one lapse
        // (`battle_lapses_when_a_side_is_gone`): it no longer waits for anything.
        if !store.current()?.world.battles.iter().any(|x| x.id == b.id) {
            continue;
        }
        let Some(by) = engine::play_by(&store, c, b, now)? else {
            continue;
        };
        if !deadline::passed(&by, now)
            || matches!(engine::battle_state(&store, b)?, BattleState::Agreed { .. })
        {
            continue;
        }
        let tz = deadline::zone(&c.time_zone)?;
        let date = deadline::display(&by, tz);
        let action = match c.tables.rulings.battle_fallback {
            BattleFallback::Auto => auto(&mut store, loaded, b, &date, now)?,
            BattleFallback::Hold => hold(&mut store, loaded, b, &date, now)?,
        };
        actions.extend(action);
    }
    Ok(actions)
}

/// Auto-resolves the battle with its own game, telling both clubs why in the same
/// transaction; nothing when a ruling or an earlier auto-resolve stands.
fn auto(
    store: &mut Store,
    loaded: &Loaded,
    b: &Battle,
    date: &str,
    now: &str,
) -> Result<Option<Action>> {
    let c = &loaded.campaign;
    // The game the battle's card went out with, readings included (G3c.7).
    let rs = match engine::issued_ruleset(store, b)? {
        Some(rs) => rs,
        None => match loaded.rulesets.iter().find(|r| r.id == c.default_ruleset) {
            Some(rs) => rs.clone(),
            None => return Ok(None),
        },
    };
    if engine::auto_allowed(store, c, b, &rs.id).is_err() {
        return Ok(None);
    }
    let game = engine::game_name(store, c, b)?;
    // Who mailed a result that the auto-resolve now sets aside: that club is told so.
    let mailed: Vec<String> = store
        .results(&b.id)?
        .into_iter()
        .filter_map(|r| match r.source {
            crate::rules::battles::SetBy::Club(n) => Some(n.to_string()),
            _ => None,
        })
        .collect();
    let at_once = c.tables.rulings.battle_results_at_once;
    // Against a neutral nation no two results could come: its clubs read that the
    // referee did not decide it (a play-test's club read "without two agreeing results").
    let world = store.current()?.world;
    let neutral = [&b.attacker.nation, &b.defender.nation]
        .iter()
        .any(|n| !world.is_club(n.as_str()));
    let told = to_sides(
        store,
        loaded,
        b,
        "auto",
        &|w, lang, nation| {
            (
                crate::t!(
                    w,
                    lang,
                    "run-battle-auto-subject",
                    campaign = title(c, lang),
                    battle = b.id.as_str()
                ),
                crate::t!(
                    w,
                    lang,
                    "run-battle-auto-text",
                    battle = b.id.as_str(),
                    date = date,
                    neutral = if neutral { "yes" } else { "no" },
                    game = game.in_lang(lang),
                    set_aside = if mailed.iter().any(|m| m == nation) {
                        "yes"
                    } else {
                        "no"
                    },
                    applied = if at_once { "now" } else { "later" }
                ),
            )
        },
        now,
    )?;
    let key = store.current()?.id.key();
    let orders_sent = store
        .orders(&key, true)?
        .into_iter()
        .map(|f| (f.nation, f.received_at))
        .collect();
    let clubs = store.clubs()?;
    let deadline = store.deadline(&key)?;
    let desk = post::battles::Desk {
        words: &loaded.words,
        config: &loaded.config,
        campaign: c,
        definition: &loaded.definition,
        clubs: &clubs,
        deadline: deadline.as_deref(),
        orders_sent: &orders_sent,
        goes_early: engine::goes_early(store, c, &loaded.config, &loaded.words)?,
        now,
        referee_auto: None,
    };
    let done = engine::auto_resolve(store, c, b, &rs, now, COMMAND, Some(&desk), told)?;
    Ok(Some(Action::BattleFallback {
        battle: b.id.clone(),
        fallback: "auto".to_owned(),
        winner: Some(
            done.outcome
                .winner
                .as_ref()
                .map_or_else(|| "nobody".to_owned(), ToString::to_string),
        ),
    }))
}

/// Leaves the battle waiting: both clubs are told and the referee reminded, once.
fn hold(
    store: &mut Store,
    loaded: &Loaded,
    b: &Battle,
    date: &str,
    now: &str,
) -> Result<Option<Action>> {
    let c = &loaded.campaign;
    let mut msgs = to_sides(
        store,
        loaded,
        b,
        "hold",
        &|w, lang, _| {
            (
                crate::t!(
                    w,
                    lang,
                    "run-battle-hold-subject",
                    campaign = title(c, lang),
                    battle = b.id.as_str()
                ),
                crate::t!(
                    w,
                    lang,
                    "run-battle-hold-text",
                    battle = b.id.as_str(),
                    date = date
                ),
            )
        },
        now,
    )?;
    let key = store.current()?.id.key();
    msgs.extend(post::notice::to_referee(
        c,
        &loaded.config,
        &loaded.words,
        "fallback",
        &key,
        post::notice::Said {
            subject: "run-battle-referee-subject",
            text: "run-battle-referee-text",
            args: &[
                ("battle", b.id.as_str()),
                ("date", date),
                ("attacker", b.attacker.nation.as_str()),
                ("defender", b.defender.nation.as_str()),
            ],
        },
        now,
    )?);
    // Told once: the same notice at a later pass is already in the outbox.
    let mut new = Vec::new();
    for m in msgs {
        if !store.has_message(&m.message_id)? {
            new.push(m);
        }
    }
    if new.is_empty() {
        return Ok(None);
    }
    let id = b.id.clone();
    store.queue_noted(&new, now, COMMAND, &move |_| {
        format!("battle {id} is past its play-by date: it keeps waiting (battle_fallback = \"hold\"); clubs told, referee reminded")
    })?;
    Ok(Some(Action::BattleFallback {
        battle: b.id.clone(),
        fallback: "hold".to_owned(),
        winner: None,
    }))
}

/// A notice to the two clubs of a battle, each in its language and written for its
/// nation (`say` gets the words, the language and the nation); `salt` keeps one per
/// battle and fallback.
fn to_sides(
    store: &Store,
    loaded: &Loaded,
    b: &Battle,
    salt: &str,
    say: &dyn Fn(&crate::words::Words, Lang, &str) -> (String, String),
    now: &str,
) -> Result<Vec<OutMessage>> {
    let clubs = store.clubs()?;
    let phase = store.current()?.id;
    let mut out = Vec::new();
    for club in clubs.iter().filter(|c| {
        c.nation == b.attacker.nation.as_str() || c.nation == b.defender.nation.as_str()
    }) {
        let nation = club.nation.as_str();
        let said = |w: &crate::words::Words, lang: Lang, _phase: &str| say(w, lang, nation);
        let notice = post::notice::Notice {
            kind: "fallback",
            phase,
            salt: format!("{} {salt}", b.id),
            say: &said,
        };
        out.extend(post::notice::to_clubs(
            &loaded.campaign,
            &loaded.config,
            &[club],
            &notice,
            &loaded.words,
            now,
        )?);
    }
    Ok(out)
}

/// The campaign's title in a club's language, as every club mail's subject carries it.
fn title(c: &crate::rules::Campaign, lang: Lang) -> &str {
    match lang {
        Lang::It => &c.title_it,
        Lang::En => &c.title_en,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::tables::Lang;
    use crate::words::Words;

    /// A battle against a neutral nation auto-resolved at its date: its club reads that
    /// the referee did not decide it, not that two results failed to agree (a
    /// play-test's club read the second, where no result could ever come).
    #[test]
    fn a_neutral_battle_resolved_at_its_date_says_why() {
        let w = Words::load(None).expect("catalogue");
        let said = |lang, neutral| {
            crate::t!(
                w,
                lang,
                "run-battle-auto-text",
                battle = "1494-r03-S11",
                date = "2026-12-18 21:05 Europe/Rome",
                neutral = neutral,
                game = "MON",
                set_aside = "no",
                applied = "now"
            )
        };
        let it = said(Lang::It, "yes");
        assert!(
            it.contains("senza che l'arbitro la decidesse (l'altra parte è una nazione neutrale")
                && !it.contains("concordi"),
            "{it}"
        );
        let en = said(Lang::En, "yes");
        assert!(en.contains("without the referee deciding it"), "{en}");
        assert!(said(Lang::En, "no").contains("without two agreeing results"));
    }
}
