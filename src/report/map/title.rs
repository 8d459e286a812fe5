//! The map's title, in two parts: what every club's picture of a phase and language
//! shares (the campaign and the phase), written with the phase's node marks and so
//! drawn once a phase with the shared base, and the club's name, written in the club's
//! own overlay at the right end of the title's band (issue 30: the whole title drawn in
//! each club's overlay was a third of drawing it).

use super::WIDTH;
use crate::report::layout::text_width;

/// The title's size in pixels (bold).
const SIZE: f64 = 22.0;

/// Where the title's first part starts and its last ends: 20 px from either side.
const SIDE: f64 = 20.0;

/// The least room between the shared part and the club's name.
const GAP: f64 = 40.0;

/// A map's title: the whole of it (what a reader's pointer is told), the part every
/// club's picture of the phase shares, and the club's name, if the picture is a club's.
pub(crate) struct Title {
    pub(crate) full: String,
    pub(crate) heading: String,
    pub(crate) club: Option<String>,
}

impl Title {
    /// The title of the picture of `game` at `when`, a club's (`club`: its name) or not.
    pub(crate) fn of(game: &str, club: Option<&str>, when: &str) -> Title {
        Title {
            full: match club {
                Some(c) => format!("{game} — {c} — {when}"),
                None => format!("{game} — {when}"),
            },
            heading: format!("{game} — {when}"),
            club: club.map(str::to_owned),
        }
    }
}

/// What the picture writes: the text drawn with the phase's node marks (empty for
/// none), and the text the club's overlay draws with its x (empty for none). A club's
/// name that would not fit beside the shared part leaves the whole title to the
/// overlay, as one line from the left.
pub(super) fn parts(t: &Title) -> (String, String, f64) {
    let Some(club) = &t.club else {
        return (t.heading.clone(), String::new(), SIDE);
    };
    let (heading, own) = (
        text_width(&t.heading, SIZE, true),
        text_width(club, SIZE, true),
    );
    if SIDE + heading + GAP + own + SIDE > WIDTH {
        return (String::new(), t.full.clone(), SIDE);
    }
    (t.heading.clone(), club.clone(), WIDTH - SIDE - own)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clubs_name_stands_right_of_the_shared_part_where_it_fits() {
        let t = Title::of("Il Giglio", Some("Repubblica di Venezia"), "marzo 1494");
        let (shared, own, x) = parts(&t);
        assert_eq!(shared, "Il Giglio — marzo 1494");
        assert_eq!(own, "Repubblica di Venezia");
        assert!(x > SIDE + text_width(&shared, SIZE, true) + GAP, "{x}");
        assert!((x + text_width(&own, SIZE, true) - (WIDTH - SIDE)).abs() < 1e-9);
        assert_eq!(t.full, "Il Giglio — Repubblica di Venezia — marzo 1494");
        // The referee's picture: all of it shared.
        let (shared, own, _) = parts(&Title::of("Il Giglio", None, "marzo 1494"));
        assert_eq!(
            (shared.as_str(), own.as_str()),
            ("Il Giglio — marzo 1494", "")
        );
        // A campaign's title too long for both: the whole title is the club's own.
        let long = "Una campagna dal titolo lunghissimo ".repeat(3);
        let t = Title::of(&long, Some("Repubblica di Venezia"), "marzo 1494");
        let (shared, own, x) = parts(&t);
        assert_eq!((shared.as_str(), own, x), ("", t.full.clone(), SIDE));
    }
}
