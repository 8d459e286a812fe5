//! The referee's daily digest (`[run] digest = true`): once a day, at the first pass
//! after midnight in the campaign's zone, a mail listing what happened to the campaign
//! since the last digest — every journal row, the service's and the referee's own, of
//! each whole day since (at most a week; a day on which nothing happened sends nothing).

use super::{COMMAND, Loaded, schedule};
use crate::engine::{deadline, post};
use crate::error::Result;
use crate::storage::{JournalRow, Store};
use chrono::{NaiveDate, TimeZone};
use std::path::Path;

/// The most days one digest covers: a service stopped for longer starts again with the
/// last week.
const MOST_DAYS: i64 = 7;

/// The journal line that records a digest, and by which the next one knows where to
/// start: "daily digest of DAY queued to the referee" (or "of FIRST to LAST").
const RECORD: &str = "daily digest of ";

/// Queues the digest of the days since the last one (up to yesterday) to the referee if
/// it is wanted and there is anything to tell; returns the days it covers when it
/// queued one ("2026-03-05", or "2026-03-02 to 2026-03-05").
pub(crate) fn daily(dir: &Path, loaded: &Loaded, now: &str) -> Result<Option<String>> {
    if !loaded.config.run.digest {
        return Ok(None);
    }
    let tz = deadline::zone(&loaded.campaign.time_zone)?;
    let today = schedule::parse(now)?.with_timezone(&tz).date_naive();
    let yesterday = today - chrono::Duration::days(1);
    let mut store = Store::open_write(dir, COMMAND)?;
    let journal = store.journal()?;
    // A pass later the same day, or after the phase changed, finds the record and
    // sends nothing (a play-test's referee got one day's digest twice).
    let after = last_digested(&journal).map(|d| d + chrono::Duration::days(1));
    let first = after
        .unwrap_or(yesterday)
        .max(yesterday - chrono::Duration::days(MOST_DAYS - 1));
    if first > yesterday {
        return Ok(None);
    }
    let (start, end) = (midnight(tz, first), midnight(tz, today));
    // A digest's own record is bookkeeping, not news: a day on which only the last
    // digest went out sends nothing (a play-test's referee got one every day).
    let rows: Vec<_> = journal
        .into_iter()
        .filter(|r| !r.description.starts_with(RECORD))
        .filter(|r| {
            schedule::parse(&r.at).is_ok_and(|t| {
                let t = t.with_timezone(&tz);
                Some(t) >= start && Some(t) < end
            })
        })
        .collect();
    // Days on which nothing happened send nothing.
    if rows.is_empty() {
        return Ok(None);
    }
    let first = rows
        .iter()
        .filter_map(|r| schedule::parse(&r.at).ok())
        .map(|t| t.with_timezone(&tz).date_naive())
        .min()
        .unwrap_or(first);
    let days = if first == yesterday {
        yesterday.to_string()
    } else {
        format!("{first} to {yesterday}")
    };
    let mut lines = String::new();
    for r in &rows {
        lines.push_str(&format!(
            "{} [{}] {}\n",
            deadline::display(&r.at, tz),
            r.command,
            deadline::times_in_zone(&r.description, tz)
        ));
    }
    let key = store.current()?.id.key();
    let count = rows.len().to_string();
    let (first_day, last_day) = (first.to_string(), yesterday.to_string());
    let (subject, text) = if first == yesterday {
        ("run-digest-subject", "run-digest-text")
    } else {
        ("run-digest-days-subject", "run-digest-days-text")
    };
    let Some(mail) = post::notice::to_referee(
        &loaded.campaign,
        &loaded.config,
        &loaded.words,
        "digest",
        &key,
        post::notice::Said {
            subject,
            text,
            args: &[
                ("day", last_day.as_str()),
                ("first", first_day.as_str()),
                ("count", count.as_str()),
                ("lines", lines.trim_end()),
            ],
        },
        now,
    )?
    else {
        return Ok(None);
    };
    if store.has_message(&mail.message_id)? {
        return Ok(None);
    }
    store.queue_noted(std::slice::from_ref(&mail), now, COMMAND, &|_| {
        format!("{RECORD}{days} queued to the referee")
    })?;
    Ok(Some(days))
}

/// The last day a digest covered, from the journal's record of it.
fn last_digested(journal: &[JournalRow]) -> Option<NaiveDate> {
    journal.iter().rev().find_map(|r| {
        let rest = r.description.strip_prefix(RECORD)?;
        let days = rest.strip_suffix(" queued to the referee")?;
        let last = days.rsplit(' ').next()?;
        NaiveDate::parse_from_str(last, "%Y-%m-%d").ok()
    })
}

/// Midnight at the start of `day` in `tz` (the earliest, where a clock change repeats it).
fn midnight(tz: chrono_tz::Tz, day: NaiveDate) -> Option<chrono::DateTime<chrono_tz::Tz>> {
    tz.from_local_datetime(&day.and_time(chrono::NaiveTime::MIN))
        .earliest()
}
