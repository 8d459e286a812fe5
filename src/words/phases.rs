//! A phase's name in running text ("round 3 (May) of 1495", "primavera 1495") and a
//! round's month: the wording that order diagnostics, receipts, notices and reports
//! share, so every layer names a phase the same way.

use super::{Lang, Words};
use crate::rules::calendar::{Phase, PhaseId};
use crate::rules::tables::CalendarTable;
use crate::t;

/// A phase's name in a language: `primavera 1494`, `round 3 (May) of 1494`. Months are
/// the campaign's data; Italian writes them lower-case in running text.
pub(crate) fn phase_name(w: &Words, cal: &CalendarTable, id: PhaseId, lang: Lang) -> String {
    let year = id.year.to_string();
    match id.phase {
        Phase::Spring => t!(w, lang, "phase-spring", year = year),
        Phase::Winter => t!(w, lang, "phase-winter", year = year),
        Phase::Round(n) => t!(
            w,
            lang,
            "phase-round",
            round = i64::from(n),
            month = month(cal, n, lang),
            year = year
        ),
    }
}

/// The month of a round as running text has it (Italian months are lower-case).
pub(crate) fn month(cal: &CalendarTable, round: u8, lang: Lang) -> String {
    let m = cal.month(round, lang);
    match lang {
        Lang::It => m.to_lowercase(),
        Lang::En => m.to_owned(),
    }
}
