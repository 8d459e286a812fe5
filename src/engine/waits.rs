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
        let fights = (mine.len() - neutral.len()) as i64;
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
                        "waits-text",
                        phase = phase,
                        count = count,
                        by = by.clone().unwrap_or_default(),
                        fallback = if by.is_some() { fallback } else { "none" },
                        fights = fights
                    );
                    // Which of them are the club's (a play-test could not tell; the
                    // others' are told to their sides alone, G7.3), and who decides one
                    // against a neutral nation.
                    if !neutral.is_empty() {
                        text.push('\n');
                        text.push_str(&crate::t!(
                            w,
                            lang,
                            "waits-neutral",
                            battles = neutral.join(", ")
                        ));
                    }
                    if !mine.is_empty() {
                        let own: Vec<&str> = mine.iter().map(|b| b.id.as_str()).collect();
                        text.push('\n');
                        text.push_str(&crate::t!(w, lang, "waits-which", battles = own.join(", ")));
                    }
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

/// A stored time as a comparable instant (an unreadable one sorts first).
fn stamp(t: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(t).map_or(i64::MIN, |d| d.timestamp())
}
