//! Clubs that drop out (G0, ruling `civil_disorder_after`): a club that sent no orders
//! for that many order phases in a row falls into civil disorder when the next phase is
//! resolved without its orders too. Every club and the referee are told, once; its
//! pieces stand on their standing choices, or, under `civil_disorder_play = "bot"`, the
//! bot gives its orders (stored as the nation's orders of the phase, marked as the
//! bot's, so the phase replays and audits). The nation stays a club's: it still counts
//! for its objective, and `giglio club handover` gives it to a new club.

use crate::error::Result;
use crate::mail::config::Config;
use crate::rules::tables::DisorderPlay;
use crate::rules::{Campaign, NationCode, Phase};
use crate::storage::{OutMessage, Store, StoredOrders};
use crate::words::Words;
use std::collections::BTreeSet;

use crate::storage::BOT_SOURCE;

/// A nation in civil disorder for the open phase, and whether it falls into it now
/// (the phase before, it was not yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InDisorder {
    pub(crate) nation: NationCode,
    pub(crate) newly: bool,
}

/// The nations in civil disorder for the open phase: clubs whose orders for it are
/// missing and that sent none (the bot's do not count) for the last
/// `civil_disorder_after` order phases. Empty when the ruling is off (0).
pub(crate) fn nations(
    store: &Store,
    c: &Campaign,
    missing: &[NationCode],
) -> Result<Vec<InDisorder>> {
    let after = c.tables.rulings.civil_disorder_after as usize;
    if after == 0 || missing.is_empty() {
        return Ok(Vec::new());
    }
    // One more phase than the ruling counts, to tell a nation falling into disorder
    // from one already in it.
    let last = order_phases_before(store, after + 1)?;
    let mut out = Vec::new();
    for n in missing {
        let silent = silence(store, &last, n)?;
        if silent >= after {
            out.push(InDisorder {
                nation: n.clone(),
                newly: silent == after,
            });
        }
    }
    Ok(out)
}

/// The nations in civil disorder once the open phase `before` is resolved: for an order
/// phase, those [`nations`] finds among the clubs that sent no file of their own (the
/// bot's orders do not end it); after a winter, which takes no orders, those that were
/// in disorder in the last order phase (silent for it and the `civil_disorder_after`
/// before it). Each club's report says whether its own is (a play-test's club in
/// disorder read a winter report that never said so).
pub(crate) fn standing(
    store: &Store,
    c: &Campaign,
    before: &crate::rules::World,
) -> Result<BTreeSet<NationCode>> {
    let after = c.tables.rulings.civil_disorder_after as usize;
    if after == 0 {
        return Ok(BTreeSet::new());
    }
    if before.phase.phase != Phase::Winter {
        let own = store.orders(&before.phase.key(), true)?;
        let missing: Vec<NationCode> = before
            .clubs
            .iter()
            .filter(|n| {
                !own.iter()
                    .any(|f| f.nation == n.as_str() && !f.source.starts_with(BOT_SOURCE))
            })
            .cloned()
            .collect();
        return Ok(nations(store, c, &missing)?
            .into_iter()
            .map(|d| d.nation)
            .collect());
    }
    let last = order_phases_before(store, after + 1)?;
    let mut out = BTreeSet::new();
    for n in &before.clubs {
        if silence(store, &last, n)? > after {
            out.insert(n.clone());
        }
    }
    Ok(out)
}

/// The keys of the order phases resolved before the open one, newest first, at most
/// `most` of them (winters take no orders and do not count).
fn order_phases_before(store: &Store, most: usize) -> Result<Vec<String>> {
    let current = store.current()?.id.key();
    Ok(store
        .phase_list()?
        .into_iter()
        .filter(|(id, resolved_at)| resolved_at.is_some() && id.key() != current)
        .filter(|(id, _)| !matches!(id.phase, Phase::Winter))
        .map(|(id, _)| id.key())
        .rev()
        .take(most)
        .collect())
}

/// How many of the phases `last` (newest first) passed in a row, from the newest,
/// without an order file of the nation's own club (the bot's do not count).
fn silence(store: &Store, last: &[String], n: &NationCode) -> Result<usize> {
    let mut silent = 0;
    for key in last {
        let sent = store
            .orders(key, true)?
            .iter()
            .any(|f| f.nation == n.as_str() && !f.source.starts_with(BOT_SOURCE));
        if sent {
            break;
        }
        silent += 1;
    }
    Ok(silent)
}

/// The clubs back from civil disorder in the open phase: each sent its own orders for
/// it (not the bot's), and none for the `civil_disorder_after` order phases before, so
/// it was in disorder in the last one.
fn returned(
    store: &Store,
    c: &Campaign,
    world: &crate::rules::World,
    missing: &[NationCode],
) -> Result<Vec<NationCode>> {
    let after = c.tables.rulings.civil_disorder_after as usize;
    if after == 0 {
        return Ok(Vec::new());
    }
    let current = store.current()?.id.key();
    let last = order_phases_before(store, after + 1)?;
    if last.len() <= after {
        return Ok(Vec::new());
    }
    let sent_own = |key: &str, n: &NationCode| -> Result<bool> {
        Ok(store
            .orders(key, true)?
            .iter()
            .any(|f| f.nation == n.as_str() && !f.source.starts_with(BOT_SOURCE)))
    };
    let mut out = Vec::new();
    for n in world.nations.keys() {
        if !world.is_club(n.as_str()) || missing.contains(n) || !sent_own(&current, n)? {
            continue;
        }
        // In disorder in the last phase: silent for `after` phases before it, and for it.
        let mut silent = true;
        for key in &last[..=after.min(last.len() - 1)] {
            if sent_own(key, n)? {
                silent = false;
                break;
            }
        }
        if silent {
            out.push(n.clone());
        }
    }
    Ok(out)
}

/// Before the open phase is resolved: tells everyone of each nation newly in civil
/// disorder (once per nation and phase), and under `civil_disorder_play = "bot"` stores
/// the bot's orders for each nation in disorder, all in one transaction. Returns the
/// nations in disorder.
pub(crate) fn before_resolving(
    store: &mut Store,
    c: &Campaign,
    config: &Config,
    words: &Words,
    now: &str,
    command: &str,
) -> Result<Vec<NationCode>> {
    let p = super::prepare(store, c, words)?;
    let found = nations(store, c, &p.missing)?;
    let back = returned(store, c, &p.world, &p.missing)?;
    if found.is_empty() && back.is_empty() {
        return Ok(Vec::new());
    }
    let nations: Vec<NationCode> = found.iter().map(|d| d.nation.clone()).collect();
    let key = p.world.phase.key();
    let mut msgs: Vec<OutMessage> = Vec::new();
    let clubs = store.clubs()?;
    let playing: Vec<&crate::storage::Club> = clubs
        .iter()
        .filter(|k| p.world.is_club(&k.nation))
        .collect();
    // A notice to every club still playing, once per nation and phase (its salt); the
    // nation's own club is addressed as "you" (a play-test's club read of itself in the
    // third person), the others read of the nation.
    let tell = |salt: String, nation: &NationCode, say: &super::post::notice::Say| {
        let mut out = Vec::new();
        for own in [false, true] {
            let to: Vec<&crate::storage::Club> = (playing.iter().copied())
                .filter(|k| (k.nation == nation.as_str()) == own)
                .collect();
            let yours = |w: &Words, lang: crate::rules::tables::Lang, phase: &str| {
                let (subject, text) = say(w, lang, phase);
                if own {
                    let id = if salt.ends_with("/back") {
                        "disorder-ended-yours"
                    } else {
                        "disorder-yours"
                    };
                    (subject, format!("{}\n\n{text}", w.plain(lang, id)))
                } else {
                    (subject, text)
                }
            };
            let notice = super::post::notice::Notice {
                kind: "disorder",
                phase: p.world.phase,
                salt: salt.clone(),
                say: &yours,
            };
            out.extend(super::post::notice::to_clubs(
                c, config, &to, &notice, words, now,
            )?);
        }
        Ok::<_, crate::error::Error>(out)
    };
    for n in found.iter().filter(|d| d.newly).map(|d| &d.nation) {
        let after = c.tables.rulings.civil_disorder_after;
        let bot = c.tables.rulings.civil_disorder_play == DisorderPlay::Bot;
        let say = |w: &Words, lang: crate::rules::tables::Lang, phase: &str| {
            let name = c.nation_name(n.as_str(), lang);
            (
                crate::t!(
                    w,
                    lang,
                    "disorder-subject",
                    campaign = c.title_it.as_str(),
                    nation = name.as_str()
                ),
                crate::t!(
                    w,
                    lang,
                    "disorder-text",
                    nation = name.as_str(),
                    phases = i64::from(after),
                    phase = phase,
                    bot = if bot { "yes" } else { "no" }
                ),
            )
        };
        msgs.extend(tell(n.to_string(), n, &say)?);
        msgs.extend(super::post::notice::to_referee(
            c,
            config,
            words,
            "disorder",
            &key,
            super::post::notice::Said {
                subject: "disorder-referee-subject",
                text: "disorder-referee-text-count",
                args: &[
                    ("nation", n.as_str()),
                    ("phase", key.as_str()),
                    ("phases", &after.to_string()),
                ],
            },
            now,
        )?);
    }
    // A nation whose club sends orders again is out of disorder: everyone who heard it
    // fall is told (a play-test's return went unsaid, and `status` simply dropped it).
    for n in &back {
        let say = |w: &Words, lang: crate::rules::tables::Lang, phase: &str| {
            let name = c.nation_name(n.as_str(), lang);
            (
                crate::t!(
                    w,
                    lang,
                    "disorder-ended-subject",
                    campaign = c.title_it.as_str(),
                    nation = name.as_str()
                ),
                crate::t!(
                    w,
                    lang,
                    "disorder-ended-text",
                    nation = name.as_str(),
                    phase = phase
                ),
            )
        };
        msgs.extend(tell(format!("{n}/back"), n, &say)?);
    }
    let mut new = Vec::new();
    for m in msgs {
        if !store.has_message(&m.message_id)? {
            new.push(m);
        }
    }
    let orders: Vec<StoredOrders> = if c.tables.rulings.civil_disorder_play == DisorderPlay::Bot {
        nations
            .iter()
            .map(|n| {
                let set = crate::bots::orders(c, &p.world, n);
                let text = crate::orders::unparse(n.as_str(), &key, None, &set);
                StoredOrders {
                    id: 0,
                    phase: key.clone(),
                    nation: n.to_string(),
                    received_at: now.to_owned(),
                    source: format!("{BOT_SOURCE} ({command})"),
                    sha256: crate::submission::sha256_hex(text.as_bytes()),
                    text,
                    active: true,
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    if !new.is_empty() || !orders.is_empty() {
        let list: Vec<&str> = nations.iter().map(NationCode::as_str).collect();
        // Said once each phase: the nations in disorder, and what becomes of them.
        store.record_disorder(
            &orders,
            &new,
            now,
            command,
            &match (list.is_empty(), back.is_empty()) {
                (true, _) => format!(
                    "civil disorder in {key} ends for {}: its club sent orders",
                    back.iter()
                        .map(NationCode::as_str)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => format!(
                    "civil disorder in {key}: {}{}",
                    list.join(", "),
                    if orders.is_empty() {
                        "; their pieces stand"
                    } else {
                        "; the bot gives their orders"
                    }
                ),
            },
        )?;
    }
    Ok(nations)
}
