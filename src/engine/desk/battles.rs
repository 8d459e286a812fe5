//! What a club's authenticated file says about its battles (ruling
//! `battle_results_at_once`): each `[[battle_result]]` and `[[order_of_battle]]` is
//! recorded apart from the club's orders for the phase (no kind of file replaces
//! another), the battle is settled through `engine::settle` — applied at once as a
//! step when both clubs agree, told to both clubs and the referee when they differ —
//! and the receipt says where each battle stands.

use super::Desk;
use crate::engine::{self, BattleState, News};
use crate::error::{Error, Result};
use crate::report::news::{self, Standing};
use crate::rules::NationCode;
use crate::rules::order::{Order, OrderKind};
use crate::storage::{Club, OutMessage, Settlement, Store, StoredOob, StoredResult};
use crate::submission::Checked;
use std::collections::BTreeMap;

/// What a file's battle entries cause: what to save, the mail it sends, and the
/// receipt's lines.
pub(crate) struct Taken {
    pub(crate) settlement: Settlement,
    pub(crate) messages: Vec<OutMessage>,
    pub(crate) lines: Vec<String>,
}

/// Records and settles the battle entries of an accepted file that the check did not
/// refuse; `orders_sent` says when each club's active orders arrived (this file's
/// included, if it carries orders).
pub(crate) fn take(
    store: &Store,
    desk: &Desk,
    club: &Club,
    checked: &Checked,
    sent: &[Order],
    orders_sent: BTreeMap<String, String>,
) -> Result<Taken> {
    let words = desk.words;
    let lang = club.lang;
    let nation = NationCode(club.nation.clone());
    let current = store.current()?;
    let key = current.id.key();
    let mut results = Vec::new();
    let mut oobs = Vec::new();
    let mut lines = Vec::new();
    for o in sent
        .iter()
        .filter(|o| !checked.refused.contains_key(&o.at.seq))
    {
        match &o.kind {
            OrderKind::BattleResult { .. } => {
                let Ok(Some(outcome)) =
                    crate::rules::battles::judge_sent(&current.world.battles, &nation, &o.kind)
                else {
                    continue;
                };
                results.push(StoredResult {
                    id: 0,
                    battle: outcome.battle.clone(),
                    phase: key.clone(),
                    source: crate::rules::battles::SetBy::Club(nation.clone()),
                    received_at: desk.now.to_owned(),
                    outcome: crate::rules::battles::BattleOutcome {
                        reason: format!("table result sent by {} by mail", club.nation),
                        ..outcome
                    },
                    detail: None,
                });
            }
            OrderKind::OrderOfBattle {
                battle,
                ruleset,
                units,
                leaders,
            } => match crate::rules::battles::check_order_of_battle(
                &current.world.battles,
                &nation,
                battle,
                ruleset,
                units,
                Some(&crate::battle::ruleset::unit_kinds(desk.rulesets)),
            ) {
                Err(reason) => lines.push(format!(
                    "{} ({})",
                    crate::words::explain::reason(words, &reason, lang),
                    o.kind.name()
                )),
                Ok(_) => {
                    oobs.push(StoredOob {
                        battle: battle.clone(),
                        nation: club.nation.clone(),
                        ruleset: ruleset.clone(),
                        phase: key.clone(),
                        received_at: desk.now.to_owned(),
                        json: serde_json::to_string(&(units, leaders))
                            .map_err(|e| Error::internal(e.to_string()))?,
                    });
                    lines.push(crate::t!(
                        words,
                        lang,
                        "news-receipt-oob",
                        battle = battle.as_str(),
                        ruleset = ruleset.as_str()
                    ));
                }
            },
            _ => {}
        }
    }
    let mine = results.clone();
    let (mut settlement, told, world) = engine::settle(store, desk.campaign, results, Vec::new())?;
    settlement.oobs = oobs;
    // A result against a neutral nation waits for the referee alone: told at once.
    let mut to_referee = Vec::new();
    for r in &mine {
        if let Some(n) = told.iter().find(|n| n.battle.id == r.battle) {
            let standing = standing(n, &nation, &world);
            lines.push(news::receipt_line(
                (words, desk.campaign),
                lang,
                &n.battle,
                &r.outcome,
                &standing,
            ));
            if let Standing::Neutral { other } = standing {
                let neutral = desk
                    .campaign
                    .nation_name(other.as_str(), desk.config.mail.referee_lang);
                let result = news::result(
                    words,
                    desk.config.mail.referee_lang,
                    &n.battle,
                    &r.outcome,
                    Some(desk.campaign),
                );
                to_referee.extend(crate::engine::post::notice::to_referee(
                    desk.campaign,
                    desk.config,
                    words,
                    "referee",
                    &key,
                    crate::engine::post::notice::Said {
                        subject: "referee-neutral-result-subject",
                        text: "referee-neutral-result-text",
                        args: &[
                            ("battle", n.battle.id.as_str()),
                            ("club", nation.as_str()),
                            ("neutral", &neutral),
                            ("result", result.as_str()),
                        ],
                    },
                    desk.now,
                )?);
            }
        }
    }
    let deadline = store.deadline(&key)?;
    let news_desk = crate::engine::post::battles::Desk {
        words,
        config: desk.config,
        campaign: desk.campaign,
        definition: desk.definition,
        clubs: &store.clubs()?,
        deadline: deadline.as_deref(),
        orders_sent: &orders_sent,
        goes_early: engine::goes_early(store, desk.campaign, desk.config, words)?,
        now: desk.now,
        referee_auto: None,
    };
    let names = engine::names_of(store, desk.campaign, &told, desk.now)?;
    let messages = engine::news_mail(&news_desk, &told, &world, &names, &mut settlement)?;
    Ok(Taken {
        settlement,
        messages: messages.into_iter().chain(to_referee).collect(),
        lines,
    })
}

/// Where a battle stands for the club that sent a result.
fn standing<'a>(n: &'a News, nation: &NationCode, world: &crate::rules::World) -> Standing<'a> {
    let other = crate::engine::post::battles::other(&n.battle, nation);
    match (&n.state, &n.step) {
        (BattleState::Agreed { outcome }, _)
            if outcome.source != crate::rules::battles::ResultSource::Table =>
        {
            Standing::Overruled
        }
        (BattleState::Agreed { .. }, Some(_)) => Standing::Applied { other },
        (BattleState::Agreed { .. }, None) => Standing::Agreed { other },
        (BattleState::Disputed, _) => Standing::Disputed { other },
        // A neutral nation sends no result (G0): the referee decides the battle.
        (BattleState::Waiting { .. }, _) if !world.is_club(other.as_str()) => {
            Standing::Neutral { other }
        }
        (BattleState::Waiting { .. }, _) => Standing::Waiting { other },
    }
}
