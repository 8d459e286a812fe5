//! A phase past its deadline that waits for battles' results: every club still playing
//! is told once, so a round held for the table is never a silent one. The notice says how
//! many battles it waits for and until when (the latest play-by date, and what the
//! campaign does then); it names no battle, place or side, which only the two sides know.
//! A club fighting one of them is asked for its result; the others are told nothing is
//! needed of them.

use super::post::notice::{Notice, to_clubs};
use crate::error::Result;
use crate::mail::config::Config;
use crate::rules::Campaign;
use crate::rules::tables::{BattleFallback, Lang};
use crate::storage::{OutMessage, Store};
use crate::words::Words;

/// The notices of the open phase's wait for `battles` (with their play-by dates), one per
/// club, the same Message-ID at every pass (queueing one again changes nothing).
pub(crate) fn notices(
    store: &Store,
    c: &Campaign,
    config: &Config,
    words: &Words,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let waiting = super::waiting_battles(store, c, now)?;
    if waiting.is_empty() {
        return Ok(Vec::new());
    }
    let current = store.current()?;
    let tz = super::deadline::zone(&c.time_zone)?;
    // The latest play-by date, when every battle has one.
    let by: Option<String> = waiting
        .iter()
        .map(|(_, by)| by.clone())
        .collect::<Option<Vec<String>>>()
        .and_then(|all| all.into_iter().max_by_key(|t| stamp(t)))
        .map(|t| super::deadline::display(&t, tz));
    let fallback = match c.tables.rulings.battle_fallback {
        BattleFallback::Auto => "auto",
        BattleFallback::Hold => "hold",
    };
    let count = waiting.len() as i64;
    // Under `[run] early` a round whose every order is in waits before its deadline: said
    // so, not "the deadline has passed" (a play-test read that two days early).
    let body = match store.deadline(&current.id.key())? {
        Some(d) if !super::deadline::passed(&d, now) => "waits-body-early",
        _ => "waits-body",
    };
    let ids: Vec<&str> = waiting.iter().map(|(b, _)| b.id.as_str()).collect();
    let clubs = store.clubs()?;
    let mut out = Vec::new();
    for club in clubs.iter().filter(|k| current.world.is_club(&k.nation)) {
        // A club fighting one of the battles against another club can settle it: it is
        // asked for its result; one against a neutral nation the referee decides (G0);
        // the others are told nothing is needed of them.
        let mine: Vec<&crate::rules::world::Battle> = waiting
            .iter()
            .map(|(b, _)| b)
            .filter(|b| {
                b.attacker.nation.as_str() == club.nation
                    || b.defender.nation.as_str() == club.nation
            })
            .collect();
        let neutral: Vec<&str> = mine
            .iter()
            .filter(|b| {
                !current.world.is_club(b.attacker.nation.as_str())
                    || !current.world.is_club(b.defender.nation.as_str())
            })
            .map(|b| b.id.as_str())
            .collect();
        // The battles against a neutral nation, parted by whether the club's result is
        // in (a play-test was asked for a result it had sent and seen registered).
        let mut neutral_sent: [Vec<&str>; 2] = Default::default();
        for b in mine.iter().filter(|b| neutral.contains(&b.id.as_str())) {
            let sent = super::battles::sent_by(store, b)?;
            let own = sent.iter().any(|n| n.as_str() == club.nation);
            neutral_sent[usize::from(own)].push(b.id.as_str());
        }
        // Whether the club's own result is in, for each of its battles against a club.
        // Whose results are in, for each of its battles against a club: its own, the
        // other side's (a play-test was asked for a result the other side alone lacked).
        let yours: Vec<(&str, &str)> = mine
            .iter()
            .filter(|b| !neutral.contains(&b.id.as_str()))
            .map(|b| {
                let sent = super::battles::sent_by(store, b)?;
                let own = sent.iter().any(|n| n.as_str() == club.nation);
                let other = sent.iter().any(|n| n.as_str() != club.nation);
                let said = match (own, other) {
                    (true, true) => "both",
                    (true, false) => "yes",
                    (false, true) => "other",
                    (false, false) => "no",
                };
                Ok((b.id.as_str(), said))
            })
            .collect::<Result<_>>()?;
        let orders = counted_orders(store, &current.id.key(), &club.nation, tz)?;
        let say = |w: &Words, lang: Lang, phase: &str| {
            (
                crate::t!(
                    w,
                    lang,
                    "waits-subject",
                    campaign = match lang {
                        Lang::It => c.title_it.as_str(),
                        Lang::En => c.title_en.as_str(),
                    },
                    phase = phase,
                    count = count
                ),
                {
                    let mut text = crate::t!(
                        w,
                        lang,
                        body,
                        phase = phase,
                        count = count,
                        by = by.clone().unwrap_or_default(),
                        fallback = if by.is_some() { fallback } else { "none" }
                    );
                    // Which of them are the club's (a play-test could not tell; the
                    // others' are told to their sides alone, G7.3), whether its result
                    // is in, and who decides one against a neutral nation.
                    let mut line = |more: String| {
                        text.push('\n');
                        text.push_str(&more);
                    };
                    for (battle, sent) in &yours {
                        line(crate::t!(
                            w,
                            lang,
                            "waits-yours-dated",
                            battle = *battle,
                            sent = *sent,
                            // What decides a battle whose results do not agree (a
                            // play-test read "the referee rules" where the game would).
                            fallback = if by.is_some() { fallback } else { "none" }
                        ));
                    }
                    for (sent, battles) in ["no", "yes"].iter().zip(&neutral_sent) {
                        if !battles.is_empty() {
                            line(crate::t!(
                                w,
                                lang,
                                "waits-neutral",
                                battles = battles.join(", "),
                                sent = *sent
                            ));
                        }
                    }
                    if mine.is_empty() {
                        line(crate::t!(w, lang, "waits-none-yours", count = count));
                    }
                    // What counts of its orders: a play-test was told "those of your
                    // last file" when its last file was refused, or carried no orders.
                    line(crate::t!(
                        w,
                        lang,
                        "waits-orders",
                        orders = orders.0,
                        at = orders.1.clone(),
                        early = if body == "waits-body-early" {
                            "yes"
                        } else {
                            "no"
                        }
                    ));
                    text
                },
            )
        };
        let notice = Notice {
            kind: "waits",
            phase: current.id,
            salt: ids.join(" "),
            say: &say,
        };
        out.extend(to_clubs(c, config, &[club], &notice, words, now)?);
    }
    Ok(out)
}

/// Which of a club's files counts for `phase`: `file` (with its arrival, in the
/// campaign's zone), `late` (one that came after the deadline, the referee's word on it
/// not given), or `none` (no file with orders: a file of results or letters alone
/// leaves the orders as they were, and a refused late file counts no more).
fn counted_orders(
    store: &Store,
    phase: &str,
    nation: &str,
    tz: chrono_tz::Tz,
) -> Result<(&'static str, String)> {
    let Some(file) = store
        .orders(phase, true)?
        .into_iter()
        .find(|o| o.nation == nation)
    else {
        return Ok(("none", String::new()));
    };
    let at = super::deadline::display(&file.received_at, tz);
    let deadline = store.deadline(phase)?;
    let late = deadline
        .as_ref()
        .is_some_and(|d| stamp(&file.received_at) > stamp(d))
        && store
            .late_files(phase, deadline.as_deref().unwrap_or_default())?
            .iter()
            .any(|f| f.nation == nation && f.sha256 == file.sha256 && f.verdict.is_none());
    Ok((if late { "late" } else { "file" }, at))
}

/// A stored time as a comparable instant (an unreadable one sorts first).
fn stamp(t: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(t).map_or(i64::MIN, |d| d.timestamp())
}
