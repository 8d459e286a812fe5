//! G6.3 at the desk: a club's `[extension]` granted at once within the campaign's
//! limits (the open deadline moves on, every club still playing is told the new one,
//! without who asked or why) or refused with the reason, in the club's receipt.

use super::Desk;
use crate::error::Result;
use crate::rules::extension::{ExtensionRefusal, may_extend};
use crate::storage::{Club, Granted, OutMessage, Store};
use crate::submission::Checked;
use crate::t;

/// What an extension asked for comes to.
pub(crate) struct Taken {
    /// The receipt's line: granted until when, or refused and why.
    pub(crate) line: Option<String>,
    pub(crate) granted: Option<Granted>,
    /// The new deadline told to every club.
    pub(crate) notices: Vec<OutMessage>,
}

/// Decides the extension `checked` asks for, if it does; changes nothing (the desk's
/// transaction saves the grant).
pub(crate) fn take(
    store: &Store,
    desk: &Desk,
    clubs: &[Club],
    club: &Club,
    checked: &Checked,
    arrived: &str,
) -> Result<Taken> {
    let none = Taken {
        line: None,
        granted: None,
        notices: Vec::new(),
    };
    let Some(asked) = &checked.extension else {
        return Ok(none);
    };
    let (w, lang) = (desk.words, club.lang);
    let current = store.current()?;
    let phase = current.id.key();
    let deadline = store.deadline(&phase)?;
    let year = format!("{}-", current.id.year);
    let granted = store.extensions_granted(&club.nation, &year)?;
    let passed = deadline
        .as_deref()
        .is_some_and(|d| !super::older(arrived, d));
    let rulings = &desk.campaign.tables.rulings;
    let tz = crate::engine::deadline::zone(&desk.campaign.time_zone)?;
    let verdict = may_extend(rulings, asked.hours, granted, deadline.is_some(), passed);
    let (Ok(()), Some(before)) = (verdict, deadline) else {
        let why = match verdict {
            Err(ExtensionRefusal::NotGranted) => w.plain(lang, "extension-not-granted"),
            Err(ExtensionRefusal::NoDeadline) => {
                t!(
                    w,
                    lang,
                    "extension-no-deadline",
                    phase = super::phase_words(desk, &phase, lang)
                )
            }
            Err(ExtensionRefusal::Passed) => w.plain(lang, "extension-passed"),
            Err(ExtensionRefusal::TooLong { max }) => {
                t!(w, lang, "extension-too-long", max = max as i64)
            }
            Err(ExtensionRefusal::NoneLeft { per_year }) => {
                t!(w, lang, "extension-none-left", per_year = per_year as i64)
            }
            Ok(()) => t!(
                w,
                lang,
                "extension-no-deadline",
                phase = super::phase_words(desk, &phase, lang)
            ),
        };
        let line = t!(
            w,
            lang,
            "extension-refused",
            hours = asked.hours as i64,
            why = why
        );
        return Ok(Taken {
            line: Some(line),
            ..none
        });
    };
    let after =
        crate::engine::deadline::parse(&before)? + chrono::Duration::hours(i64::from(asked.hours));
    // Written as deadlines are stored: with the offset of the one it moves.
    let after = after.to_rfc3339_opts(chrono::SecondsFormat::Secs, false);
    let notices = crate::engine::post::notice::deadline(
        desk.campaign,
        desk.config,
        clubs,
        &current.world,
        current.id,
        crate::engine::post::notice::Moved {
            at: &after,
            tz,
            why: "desk-deadline-extension-text",
            minutes: i64::from(asked.hours) * 60,
        },
        w,
        desk.now,
    )?;
    let line = t!(
        w,
        lang,
        "extension-granted",
        hours = asked.hours as i64,
        due = crate::engine::deadline::display(&after, tz),
        left = (rulings.extensions_per_year.saturating_sub(granted + 1)) as i64
    );
    Ok(Taken {
        line: Some(line),
        granted: Some(Granted {
            phase,
            nation: club.nation.clone(),
            hours: asked.hours,
            reason: asked.reason.clone(),
            before,
            after,
        }),
        notices,
    })
}
