//! Phase deadlines in the campaign's time zone: when a phase opens it gets one from
//! `giglio.toml`'s `[deadlines]`; the referee can move it (`giglio deadline`).

use crate::error::{Error, Result};
use crate::mail::config::DeadlineConfig;
use crate::rules::{Phase, PhaseId};
use chrono::{DateTime, Duration, FixedOffset, NaiveTime, TimeZone};
use chrono_tz::Tz;

/// Parses the campaign's time zone (checked when the definition was read).
pub(crate) fn zone(name: &str) -> Result<Tz> {
    name.parse::<Tz>()
        .map_err(|_| Error::user(format!("time zone `{name}` is not an IANA zone name")))
}

/// The default deadline of a phase opened at `opened` (RFC 3339), or `None` when the
/// configuration sets none for that kind of phase.
pub(crate) fn default_for(
    phase: PhaseId,
    opened: &str,
    config: &DeadlineConfig,
    tz: Tz,
) -> Result<Option<String>> {
    let time = NaiveTime::parse_from_str(&config.time, "%H:%M").map_err(|_| {
        Error::user(format!(
            "giglio.toml [deadlines] time `{}`: expected HH:MM",
            config.time
        ))
    })?;
    if matches!(phase.phase, Phase::Round(_)) && !config.round_weekdays.is_empty() {
        return on_weekdays(opened, &config.round_weekdays, time, tz).map(Some);
    }
    let days = match phase.phase {
        Phase::Spring => config.spring_days,
        Phase::Round(_) => config.round_days,
        Phase::Winter => config.winter_days,
    };
    if days == 0 {
        return Ok(None);
    }
    let opened = parse(opened)?.with_timezone(&tz);
    let day = opened.date_naive() + Duration::days(i64::from(days));
    let local = tz
        .from_local_datetime(&day.and_time(time))
        .earliest()
        .ok_or_else(|| Error::user(format!("{day} {time} does not exist in {tz}")))?;
    Ok(Some(rfc3339(&local.fixed_offset())))
}

/// The calendar form: the first of `weekdays` at `time` (in `tz`) at least a day after
/// `opened`, so a round opened on a Tuesday evening closes on Friday, not an hour later.
fn on_weekdays(opened: &str, weekdays: &[String], time: NaiveTime, tz: Tz) -> Result<String> {
    let days: Vec<chrono::Weekday> = weekdays
        .iter()
        .map(|d| {
            d.parse::<chrono::Weekday>().map_err(|_| {
                Error::user(format!(
                    "giglio.toml [deadlines] round_weekdays: `{d}` is no weekday (write mon, tue, wed, thu, fri, sat or sun)"
                ))
            })
        })
        .collect::<Result<_>>()?;
    let opened = parse(opened)?.with_timezone(&tz);
    let earliest = opened + Duration::days(1);
    for ahead in 0..15 {
        let day = opened.date_naive() + Duration::days(ahead);
        if !days.contains(&chrono::Datelike::weekday(&day)) {
            continue;
        }
        let Some(at) = tz.from_local_datetime(&day.and_time(time)).earliest() else {
            continue;
        };
        if at >= earliest {
            return Ok(rfc3339(&at.fixed_offset()));
        }
    }
    Err(Error::user(
        "giglio.toml [deadlines] round_weekdays names no weekday",
    ))
}

/// The deadline of an encounter asked at `now` in contact-exchange mode (G3c.3), or
/// `None` when the configuration sets none.
pub(crate) fn encounter_deadline(now: &str, config: &DeadlineConfig) -> Result<Option<String>> {
    if config.encounter_hours == 0 {
        return Ok(None);
    }
    let at = parse(now)? + Duration::hours(i64::from(config.encounter_hours));
    Ok(Some(rfc3339(&at)))
}

/// Reads a deadline the referee typed: `YYYY-MM-DD HH:MM` in the campaign's time zone,
/// or RFC 3339.
pub(crate) fn parse_local(s: &str, tz: Tz) -> Result<String> {
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(rfc3339(&t));
    }
    let naive =
        chrono::NaiveDateTime::parse_from_str(s.trim(), "%Y-%m-%d %H:%M").map_err(|_| {
            Error::user(format!(
                "deadline `{s}`: write it as YYYY-MM-DD HH:MM (in {tz}) or RFC 3339"
            ))
        })?;
    let local = tz
        .from_local_datetime(&naive)
        .earliest()
        .ok_or_else(|| Error::user(format!("{s} does not exist in {tz}")))?;
    Ok(rfc3339(&local.fixed_offset()))
}

/// A stored deadline as clubs read it: local time and zone.
pub(crate) fn display(stored: &str, tz: Tz) -> String {
    match parse(stored) {
        Ok(t) => format!("{} {}", t.with_timezone(&tz).format("%Y-%m-%d %H:%M"), tz),
        Err(_) => stored.to_owned(),
    }
}

/// Like [`display`], with the seconds: for a time a reader compares with another in the
/// same minute (a file that arrived 30 seconds after a deadline).
pub(crate) fn display_seconds(stored: &str, tz: Tz) -> String {
    match parse(stored) {
        Ok(t) => format!(
            "{} {}",
            t.with_timezone(&tz).format("%Y-%m-%d %H:%M:%S"),
            tz
        ),
        Err(_) => stored.to_owned(),
    }
}

/// When the next reminder can go (RFC 3339): `now` when some late club has not been
/// reminded today, else the start of the next day (UTC), since `giglio remind` sends one
/// reminder per club and day.
pub(crate) fn next_reminder(now: &str, every_late_club_reminded_today: bool) -> Result<String> {
    let now = parse(now)?;
    if !every_late_club_reminded_today {
        return Ok(rfc3339(&now));
    }
    let utc = now.with_timezone(&chrono::Utc).date_naive() + Duration::days(1);
    let midnight = utc.and_time(NaiveTime::MIN).and_utc();
    Ok(rfc3339(&midnight.fixed_offset()))
}

/// Returns whether `now` is past the deadline.
pub(crate) fn passed(stored: &str, now: &str) -> bool {
    matches!((parse(stored), parse(now)), (Ok(d), Ok(n)) if n > d)
}

/// Whether `now` is at or after the deadline `stored`: the moment a phase may be
/// resolved without its missing orders, as the service resolves it (a play-test's pass
/// at the very minute read "waits for orders … resolve with `--force`").
pub(crate) fn reached(stored: &str, now: &str) -> bool {
    matches!((parse(stored), parse(now)), (Ok(d), Ok(n)) if n >= d)
}

pub(crate) fn parse(s: &str) -> Result<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(s).map_err(|e| Error::internal(format!("time `{s}`: {e}")))
}

fn rfc3339(t: &DateTime<FixedOffset>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// A journal line with every RFC 3339 time in it shown as [`display`] shows it, in the
/// campaign's zone (a play-test's referee read "held since 2026-03-23T22:00:00Z" in a
/// digest whose other times were Rome's).
pub(crate) fn times_in_zone(text: &str, tz: Tz) -> String {
    let b = text.as_bytes();
    let is_date_at = |i: usize| {
        b.len() >= i + 20
            && b[i..i + 4].iter().all(u8::is_ascii_digit)
            && b[i + 4] == b'-'
            && b[i + 7] == b'-'
            && b[i + 10] == b'T'
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
    };
    let mut out = String::with_capacity(text.len());
    let (mut i, mut from) = (0, 0);
    while i < b.len() {
        let found = is_date_at(i).then(|| {
            [25, 20].into_iter().find(|&n| {
                text.get(i..i + n)
                    .is_some_and(|t| chrono::DateTime::parse_from_rfc3339(t).is_ok())
            })
        });
        match found.flatten() {
            Some(n) => {
                out.push_str(&text[from..i]);
                out.push_str(&display(&text[i..i + n], tz));
                i += n;
                from = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_journal_lines_times_are_shown_in_the_zone() {
        let tz: chrono_tz::Tz = "Europe/Rome".parse().unwrap();
        assert_eq!(
            super::times_in_zone(
                "clock resumed (held since 2026-03-23T22:00:00Z); moves from 2026-03-26T21:00:00+01:00 to 2026-03-27T21:00:00+01:00",
                tz
            ),
            "clock resumed (held since 2026-03-23 23:00 Europe/Rome); moves from 2026-03-26 21:00 Europe/Rome to 2026-03-27 21:00 Europe/Rome"
        );
        assert_eq!(
            super::times_in_zone("receipt 1234-56-78 x é", tz),
            "receipt 1234-56-78 x é"
        );
    }

    use super::*;

    fn rome() -> Tz {
        zone("Europe/Rome").unwrap()
    }

    #[test]
    fn a_round_is_due_three_days_later_at_nine_in_rome() {
        let p = PhaseId::parse_key("1494-r01").unwrap();
        let d = default_for(
            p,
            "2026-11-21T10:00:00Z",
            &DeadlineConfig::default(),
            rome(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(d, "2026-11-24T21:00:00+01:00");
        assert_eq!(display(&d, rome()), "2026-11-24 21:00 Europe/Rome");
    }

    #[test]
    fn the_next_reminder_waits_for_tomorrow_once_everyone_was_reminded() {
        let now = "2026-03-01T20:00:00Z";
        assert_eq!(
            next_reminder(now, false).unwrap(),
            "2026-03-01T20:00:00+00:00"
        );
        assert_eq!(
            next_reminder(now, true).unwrap(),
            "2026-03-02T00:00:00+00:00"
        );
    }

    #[test]
    fn rounds_close_on_the_weekdays_named_a_day_after_they_open_at_the_earliest() {
        let config = DeadlineConfig {
            round_weekdays: vec!["tue".into(), "fri".into()],
            ..DeadlineConfig::default()
        };
        let r = PhaseId::parse_key("1494-r03").unwrap();
        // Opened on Tuesday 2026-11-24 at 21:05 in Rome: Friday at 21:00.
        let d = default_for(r, "2026-11-24T20:05:00Z", &config, rome()).unwrap();
        assert_eq!(d.as_deref(), Some("2026-11-27T21:00:00+01:00"));
        // Opened on Friday at 09:00: not that evening (12 hours), but Tuesday.
        let d = default_for(r, "2026-11-27T08:00:00Z", &config, rome()).unwrap();
        assert_eq!(d.as_deref(), Some("2026-12-01T21:00:00+01:00"));
        // Opened on Thursday at 09:00: Friday evening is more than a day away.
        let d = default_for(r, "2026-11-26T08:00:00Z", &config, rome()).unwrap();
        assert_eq!(d.as_deref(), Some("2026-11-27T21:00:00+01:00"));
        // The spring keeps its days.
        let s = PhaseId::parse_key("1495-spring").unwrap();
        let d = default_for(s, "2026-11-26T08:00:00Z", &config, rome()).unwrap();
        assert_eq!(d.as_deref(), Some("2026-12-03T21:00:00+01:00"));
        let bad = DeadlineConfig {
            round_weekdays: vec!["venerdì".into()],
            ..DeadlineConfig::default()
        };
        let e = default_for(r, "2026-11-26T08:00:00Z", &bad, rome()).unwrap_err();
        assert!(e.to_string().contains("`venerdì` is no weekday"), "{e}");
    }

    #[test]
    fn summer_time_is_kept() {
        let d = parse_local("2027-07-01 21:00", rome()).unwrap();
        assert_eq!(d, "2027-07-01T21:00:00+02:00");
        assert!(passed(&d, "2027-07-01T19:00:01Z"));
        assert!(!passed(&d, "2027-07-01T18:59:59Z"));
    }

    #[test]
    fn winter_has_no_deadline_by_default_and_bad_input_is_named() {
        let p = PhaseId::parse_key("1494-winter").unwrap();
        assert_eq!(
            default_for(
                p,
                "2026-11-21T10:00:00Z",
                &DeadlineConfig::default(),
                rome()
            )
            .unwrap(),
            None
        );
        assert!(
            parse_local("next friday", rome())
                .unwrap_err()
                .to_string()
                .contains("YYYY-MM-DD")
        );
    }
}
