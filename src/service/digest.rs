//! The referee's daily digest (`[run] digest = true`): once a day, at the first pass
//! after midnight in the campaign's zone, a mail listing what happened to the campaign
//! the day before — every journal row, the service's and the referee's own (a day on
//! which nothing happened sends nothing).

use super::{COMMAND, Loaded, schedule};
use crate::engine::{deadline, post};
use crate::error::Result;
use crate::storage::Store;
use chrono::TimeZone;
use std::path::Path;

/// Queues yesterday's digest to the referee if it is wanted and not queued yet;
/// returns the day it covers when it queued one.
pub(crate) fn daily(dir: &Path, loaded: &Loaded, now: &str) -> Result<Option<String>> {
    if !loaded.config.run.digest {
        return Ok(None);
    }
    let tz = deadline::zone(&loaded.campaign.time_zone)?;
    let today = schedule::parse(now)?.with_timezone(&tz).date_naive();
    let yesterday = today - chrono::Duration::days(1);
    let start = midnight(tz, yesterday);
    let end = midnight(tz, today);
    let mut store = Store::open_write(dir, COMMAND)?;
    let rows: Vec<_> = store
        .journal()?
        .into_iter()
        .filter(|r| {
            schedule::parse(&r.at).is_ok_and(|t| {
                let t = t.with_timezone(&tz);
                Some(t) >= start && Some(t) < end
            })
        })
        .collect();
    // A day on which nothing happened sends nothing.
    if rows.is_empty() {
        return Ok(None);
    }
    let day = yesterday.to_string();
    let mut lines = String::new();
    for r in &rows {
        lines.push_str(&format!(
            "{} [{}] {}\n",
            deadline::display(&r.at, tz),
            r.command,
            r.description
        ));
    }
    let key = store.current()?.id.key();
    let count = rows.len().to_string();
    let Some(mail) = post::notice::to_referee(
        &loaded.campaign,
        &loaded.config,
        &loaded.words,
        "digest",
        &key,
        post::notice::Said {
            subject: "run-digest-subject",
            text: "run-digest-text",
            args: &[
                ("day", day.as_str()),
                ("count", count.as_str()),
                ("lines", lines.trim_end()),
            ],
        },
        now,
    )?
    else {
        return Ok(None);
    };
    // One a day: the day's rows are its words, so the same day is the same message.
    if store.has_message(&mail.message_id)? {
        return Ok(None);
    }
    store.queue_noted(std::slice::from_ref(&mail), now, COMMAND, &|_| {
        format!("daily digest of {day} queued to the referee")
    })?;
    Ok(Some(day))
}

/// Midnight at the start of `day` in `tz` (the earliest, where a clock change repeats it).
fn midnight(tz: chrono_tz::Tz, day: chrono::NaiveDate) -> Option<chrono::DateTime<chrono_tz::Tz>> {
    tz.from_local_datetime(&day.and_time(chrono::NaiveTime::MIN))
        .earliest()
}
