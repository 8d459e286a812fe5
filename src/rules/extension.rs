//! G6.3: a club's request to move the open phase's deadline on (an extension, or an
//! absence announced ahead): granted at once within the campaign's limits, or refused
//! with the reason. Typed facts only; the words come from the catalogue.

use super::tables::Rulings;

/// Why an extension is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtensionRefusal {
    /// The campaign grants none (`extension_max_hours = 0`).
    NotGranted,
    /// The open phase has no deadline to move.
    NoDeadline,
    /// The deadline has passed: too late to ask.
    Passed,
    /// More hours than one extension may give.
    TooLong { max: u32 },
    /// The club has had every extension of the year.
    NoneLeft { per_year: u32 },
}

/// Whether a club may have `hours` more, having been granted `granted` extensions this
/// year; `deadline` is the open phase's (if any) and `passed` whether it has.
pub fn may_extend(
    r: &Rulings,
    hours: u32,
    granted: u32,
    deadline: bool,
    passed: bool,
) -> Result<(), ExtensionRefusal> {
    if r.extension_max_hours == 0 {
        return Err(ExtensionRefusal::NotGranted);
    }
    if !deadline {
        return Err(ExtensionRefusal::NoDeadline);
    }
    if passed {
        return Err(ExtensionRefusal::Passed);
    }
    if hours > r.extension_max_hours {
        return Err(ExtensionRefusal::TooLong {
            max: r.extension_max_hours,
        });
    }
    if granted >= r.extensions_per_year {
        return Err(ExtensionRefusal::NoneLeft {
            per_year: r.extensions_per_year,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rulings(max: u32, per_year: u32) -> Rulings {
        let mut r = crate::fixtures::shipped().tables.rulings.clone();
        r.extension_max_hours = max;
        r.extensions_per_year = per_year;
        r
    }

    #[test]
    fn each_refusal_and_the_grant() {
        use ExtensionRefusal::*;
        assert_eq!(
            may_extend(&rulings(0, 2), 24, 0, true, false),
            Err(NotGranted)
        );
        assert_eq!(
            may_extend(&rulings(48, 2), 24, 0, false, false),
            Err(NoDeadline)
        );
        assert_eq!(may_extend(&rulings(48, 2), 24, 0, true, true), Err(Passed));
        assert_eq!(
            may_extend(&rulings(48, 2), 49, 0, true, false),
            Err(TooLong { max: 48 })
        );
        assert_eq!(
            may_extend(&rulings(48, 2), 24, 2, true, false),
            Err(NoneLeft { per_year: 2 })
        );
        assert_eq!(may_extend(&rulings(48, 2), 48, 1, true, false), Ok(()));
    }
}
