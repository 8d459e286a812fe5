//! Reminders to the clubs whose orders for the open phase are missing: one plain
//! message per club, in its language, naming the phase and when its orders are due.
//! `giglio remind` sends them by hand (one per club and day); `giglio run` at the
//! offsets of `[run] reminders` (each once).

use crate::error::Result;
use crate::mail::compose::{compose, mailbox};
use crate::mail::config::Config;
use crate::rules::world::FleetAt;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Club, OutMessage};
use crate::words::Words;

/// A reminder for each club of `missing` with an address. `due` is the deadline as
/// clubs read it (local time and zone), `None` when the phase has none; `battles` the
/// battles waiting for their result with their play-by dates as clubs read them and the
/// nations that have mailed theirs (each club is reminded of its own); `salt` tells reminders apart that say the same (one a
/// day by hand, one per offset by the service), so the outbox keeps each once.
#[allow(clippy::too_many_arguments)]
pub(crate) fn to_missing(
    campaign: &Campaign,
    config: &Config,
    words: &Words,
    clubs: &[Club],
    missing: &[NationCode],
    world: &World,
    due: Option<&str>,
    battles: &[(crate::rules::world::Battle, String, Vec<NationCode>)],
    disorder: &[crate::engine::disorder::InDisorder],
    salt: &str,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&config.mail.from)?;
    let phase = world.phase;
    let mut msgs = Vec::new();
    // Clubs whose orders are in but whose result a battle against another club still
    // waits for are reminded of that alone (a play-test's club was never reminded of a
    // result its battle waited four days for).
    let mut clubs_reminded: Vec<&NationCode> = missing.iter().collect();
    let owing = owing(battles, world);
    clubs_reminded.extend(owing.iter().filter(|n| !missing.contains(n)));
    clubs_reminded.sort();
    for nation in clubs_reminded {
        let orders_missing = missing.contains(nation);
        let Some(club) = clubs.iter().find(|c| c.nation == nation.as_str()) else {
            continue;
        };
        if club.emails.is_empty() {
            continue;
        }
        let name =
            crate::words::phases::phase_name(words, &campaign.tables.calendar, phase, club.lang);
        let due = due.map_or_else(
            || words.plain(club.lang, "desk-remind-no-deadline"),
            str::to_owned,
        );
        let subject = crate::t!(
            words,
            club.lang,
            if orders_missing {
                "desk-remind-subject"
            } else {
                "desk-remind-result-subject"
            },
            campaign = campaign.title_it.as_str(),
            phase = name.as_str()
        );
        let mut text = crate::t!(
            words,
            club.lang,
            if orders_missing {
                "desk-remind-text"
            } else {
                "desk-remind-result-text"
            },
            phase = name.as_str(),
            due = due
        ) + "\n";
        // Civil disorder comes with this phase, or holds (a play-test's club, silent for
        // three rounds, read its last reminder as an ordinary one).
        if let Some(d) = disorder.iter().find(|d| &d.nation == nation) {
            text.push_str(&crate::t!(
                words,
                club.lang,
                "desk-remind-disorder",
                newly = if d.newly { "yes" } else { "no" },
                phases = i64::from(campaign.tables.rulings.civil_disorder_after),
                bot = if campaign.tables.rulings.civil_disorder_play
                    == crate::rules::tables::DisorderPlay::Bot
                {
                    "yes"
                } else {
                    "no"
                }
            ));
            text.push('\n');
        }
        // What a fleet at sea does without orders, only to a club that has one there.
        if orders_missing
            && world
                .fleets_of(nation.as_str())
                .any(|f| matches!(f.at, FleetAt::Sea(_)))
        {
            text.push_str(&words.plain(club.lang, "desk-remind-fleet-at-sea"));
            text.push('\n');
        }
        for (b, date, sent_by) in battles
            .iter()
            .filter(|(b, ..)| b.attacker.nation == *nation || b.defender.nation == *nation)
        {
            // A club whose result is in is not asked for it again (a play-test read the
            // line as its own result still missing).
            text.push_str(&crate::t!(
                words,
                club.lang,
                if sent_by.contains(nation) {
                    "desk-remind-battle-sent"
                } else {
                    "desk-remind-battle"
                },
                battle = b.id.as_str(),
                node = campaign.place_name(b.node.as_str()),
                date = date.as_str()
            ));
            text.push('\n');
        }
        let draft = super::club_draft(
            "reminder",
            &phase.key(),
            club,
            (subject, text),
            salt.to_owned(),
        );
        msgs.push(compose(&draft, &from, now)?);
    }
    Ok(msgs)
}

/// The clubs a battle against another club waits for the result of: a side that has not
/// mailed its own.
pub(crate) fn owing(
    battles: &[(crate::rules::world::Battle, String, Vec<NationCode>)],
    world: &World,
) -> Vec<NationCode> {
    let mut out: Vec<NationCode> = Vec::new();
    for (b, _, sent_by) in battles {
        let (a, d) = (&b.attacker.nation, &b.defender.nation);
        if !(world.is_club(a.as_str()) && world.is_club(d.as_str())) {
            continue;
        }
        for n in [a, d] {
            if !sent_by.contains(n) && !out.contains(n) {
                out.push(n.clone());
            }
        }
    }
    out.sort();
    out
}
