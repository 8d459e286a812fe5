//! When the unattended referee acts: which reminder is due, when a phase is resolved,
//! whether the service was away long enough to call it an outage, and the next moment
//! worth waking for. Pure functions of times, so each decision is tested alone.

use crate::error::{Error, Result};
use chrono::{DateTime, Duration, FixedOffset};

/// A time as stored (RFC 3339).
pub(crate) fn parse(s: &str) -> Result<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(s).map_err(|e| Error::internal(format!("time `{s}`: {e}")))
}

/// Writes a time as stored, keeping its offset.
pub(crate) fn write(t: DateTime<FixedOffset>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// The reminder due now, as its offset in hours: of the offsets already reached before
/// the deadline, the one nearest it (a service started late sends one reminder, not
/// every one it missed). `None` once the deadline has passed or before the first.
pub(crate) fn reminder_due(
    deadline: DateTime<FixedOffset>,
    now: DateTime<FixedOffset>,
    offsets: &[u32],
) -> Option<u32> {
    if now >= deadline {
        return None;
    }
    offsets
        .iter()
        .copied()
        .filter(|h| now >= deadline - Duration::hours(i64::from(*h)))
        .min()
}

/// The next reminder still to come after `now`, as its offset and time.
pub(crate) fn next_reminder(
    deadline: DateTime<FixedOffset>,
    now: DateTime<FixedOffset>,
    offsets: &[u32],
) -> Option<(u32, DateTime<FixedOffset>)> {
    offsets
        .iter()
        .map(|h| (*h, deadline - Duration::hours(i64::from(*h))))
        .filter(|(_, at)| *at > now)
        .min_by_key(|(_, at)| *at)
}

/// When a phase with this deadline is resolved: the deadline plus the grace.
pub(crate) fn resolve_at(
    deadline: DateTime<FixedOffset>,
    grace_minutes: u32,
) -> DateTime<FixedOffset> {
    deadline + Duration::minutes(i64::from(grace_minutes))
}

/// What the time since the last pass says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Gap {
    /// A pass as usual.
    Usual,
    /// The service was away longer than the limit: this long.
    Outage(Duration),
    /// The clock reads earlier than the last pass.
    Backwards,
}

/// Compares the clock with the last pass.
pub(crate) fn gap(
    last_pass: Option<DateTime<FixedOffset>>,
    now: DateTime<FixedOffset>,
    limit_minutes: u32,
) -> Gap {
    let Some(last) = last_pass else {
        return Gap::Usual;
    };
    if now < last {
        return Gap::Backwards;
    }
    let away = now - last;
    if away > Duration::minutes(i64::from(limit_minutes)) {
        Gap::Outage(away)
    } else {
        Gap::Usual
    }
}

/// A span as the referee and clubs read it: "3 h 20 min", "2 days 4 h".
pub(crate) fn span(d: Duration) -> String {
    let minutes = d.num_minutes().max(0);
    let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let mut parts = Vec::new();
    if days > 0 {
        parts.push(format!("{days} d"));
    }
    if hours > 0 {
        parts.push(format!("{hours} h"));
    }
    if mins > 0 || parts.is_empty() {
        parts.push(format!("{mins} min"));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<FixedOffset> {
        parse(s).unwrap()
    }

    const D: &str = "2026-03-04T21:00:00+01:00";

    #[test]
    fn the_reminder_nearest_the_deadline_among_those_reached_is_due() {
        let offsets = [48, 4];
        assert_eq!(
            reminder_due(t(D), t("2026-03-02T20:59:00+01:00"), &offsets),
            None
        );
        assert_eq!(
            reminder_due(t(D), t("2026-03-02T21:00:00+01:00"), &offsets),
            Some(48)
        );
        assert_eq!(
            reminder_due(t(D), t("2026-03-04T17:00:00+01:00"), &offsets),
            Some(4)
        );
        assert_eq!(
            reminder_due(t(D), t("2026-03-04T21:00:00+01:00"), &offsets),
            None
        );
        assert_eq!(
            next_reminder(t(D), t("2026-03-03T00:00:00+01:00"), &offsets),
            Some((4, t("2026-03-04T17:00:00+01:00")))
        );
        assert_eq!(
            next_reminder(t(D), t("2026-03-04T18:00:00+01:00"), &offsets),
            None
        );
    }

    #[test]
    fn an_outage_is_a_gap_longer_than_the_limit_and_a_clock_going_back_is_named() {
        let last = Some(t("2026-03-01T12:00:00Z"));
        assert_eq!(gap(None, t("2026-03-01T12:00:00Z"), 60), Gap::Usual);
        assert_eq!(gap(last, t("2026-03-01T13:00:00Z"), 60), Gap::Usual);
        assert_eq!(
            gap(last, t("2026-03-01T15:30:00Z"), 60),
            Gap::Outage(Duration::minutes(210))
        );
        assert_eq!(gap(last, t("2026-03-01T11:59:59Z"), 60), Gap::Backwards);
        assert_eq!(span(Duration::minutes(210)), "3 h 30 min");
        assert_eq!(span(Duration::minutes(2 * 1440 + 240)), "2 d 4 h");
        assert_eq!(span(Duration::seconds(20)), "0 min");
    }

    #[test]
    fn grace_delays_the_resolution() {
        assert_eq!(write(resolve_at(t(D), 90)), "2026-03-04T22:30:00+01:00");
    }
}
