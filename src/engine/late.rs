//! The referee's word on a file that arrived after its phase's deadline: accepted (it
//! counts) or refused (the club's last file from before the deadline counts again, or
//! none), the club told either way in its language. Lateness is judged by when the
//! mailbox received the file (`engine::desk`).

use super::post::notice::{Notice, to_clubs};
use crate::error::{Error, Result};
use crate::mail::config::Config;
use crate::rules::Campaign;
use crate::storage::{LateFile, LateVerdict, Store};
use crate::words::Words;

/// The open phase's late files, and its deadline as stored (`None`: no deadline, so
/// nothing can be late).
pub(crate) fn list(store: &Store) -> Result<(String, Option<String>, Vec<LateFile>)> {
    let phase = store.current()?.id.key();
    let Some(deadline) = store.deadline(&phase)? else {
        return Ok((phase, None, Vec::new()));
    };
    let files = store.late_files(&phase, &deadline)?;
    Ok((phase, Some(deadline), files))
}

/// Decides on a club's late file of the open phase and queues its notice, in one
/// transaction.
pub(crate) fn decide(
    store: &mut Store,
    campaign: &Campaign,
    config: &Config,
    words: &Words,
    (nation, verdict): (&str, LateVerdict),
    (now, command): (&str, &str),
) -> Result<LateFile> {
    let current = store.current()?;
    let phase = current.id.key();
    let deadline = store
        .deadline(&phase)?
        .ok_or_else(|| Error::user(format!("{phase} has no deadline: no file of it is late")))?;
    let late = store
        .late_files(&phase, &deadline)?
        .into_iter()
        .find(|f| f.nation == nation)
        .ok_or_else(|| {
            // A play-test's referee meant the late file of the phase just resolved.
            Error::user(format!(
                "{nation} sent no file after the deadline of {phase}, the phase open now: `giglio late` lists those that did; a late file of a phase already resolved counted, and only `giglio undo` reopens that phase"
            ))
        })?;
    let earlier = store
        .orders(&phase, false)?
        .into_iter()
        .rfind(|o| o.nation == nation && !super::desk::older(&deadline, &o.received_at));
    let tz = super::deadline::zone(&campaign.time_zone)?;
    let shown = |t: &str| super::deadline::display(t, tz);
    let (arrived, due) = (shown(&late.received_at), shown(&deadline));
    let kept = earlier.as_ref().map(|o| shown(&o.received_at));
    let title = campaign.title_it.as_str();
    let say = |w: &Words, lang: crate::rules::tables::Lang, name: &str| match verdict {
        LateVerdict::Accept => (
            crate::t!(
                w,
                lang,
                "late-accepted-subject",
                campaign = title,
                phase = name
            ),
            crate::t!(
                w,
                lang,
                "late-accepted-text",
                phase = name,
                arrived = arrived.as_str(),
                deadline = due.as_str()
            ),
        ),
        LateVerdict::Refuse => (
            crate::t!(
                w,
                lang,
                "late-refused-subject",
                campaign = title,
                phase = name
            ),
            match &kept {
                Some(k) => crate::t!(
                    w,
                    lang,
                    "late-refused-text-earlier",
                    phase = name,
                    arrived = arrived.as_str(),
                    deadline = due.as_str(),
                    earlier = k.as_str()
                ),
                None => crate::t!(
                    w,
                    lang,
                    "late-refused-text-none",
                    phase = name,
                    arrived = arrived.as_str(),
                    deadline = due.as_str()
                ),
            },
        ),
    };
    let clubs = store.clubs()?;
    let club: Vec<&crate::storage::Club> = clubs.iter().filter(|c| c.nation == nation).collect();
    let notice = Notice {
        kind: "notice",
        phase: current.id,
        salt: format!("late {} {}", late.sha256, now),
        say: &say,
    };
    let msgs = to_clubs(campaign, config, &club, &notice, words, now)?;
    store.decide_late((&phase, &deadline), nation, verdict, &msgs, (now, command))
}
