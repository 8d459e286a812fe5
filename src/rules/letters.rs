//! Letters between clubs (G5.3): who may write to whom under the campaign's rulings, and
//! which clubs are in contact ("touch press"). Typed answers only: the words are the
//! catalogue's.

use crate::rules::calendar::Phase;
use crate::rules::ids::NationCode;
use crate::rules::tables::LettersTo;
use crate::rules::{Campaign, World};
use std::collections::BTreeSet;

/// Why a letter cannot go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The campaign carries no letters (`letters = "off"`).
    Off,
    /// The nation it names is played by no club.
    NoClub,
    /// It names the writer's own nation.
    Oneself,
    /// `letters = "contact"` and the two clubs' pieces are not in contact.
    OutOfContact,
    /// Unsigned, where `letters_anonymous` is off.
    Anonymous,
    /// Written in winter, where `letters_in_winter` is off.
    Winter,
    /// Longer than `letters_max_chars` characters.
    TooLong { max: u32 },
    /// Beyond `letters_per_phase` letters of the club in the phase.
    TooMany { max: u32 },
}

/// Whether `from` may write a letter at all in this phase, unsigned or not, of `chars`
/// characters (the letter's own rules, before its addressees).
pub fn may_write(
    c: &Campaign,
    world: &World,
    anonymous: bool,
    chars: usize,
) -> Result<(), Refusal> {
    let r = &c.tables.rulings;
    if r.letters == LettersTo::Off {
        return Err(Refusal::Off);
    }
    if matches!(world.phase.phase, Phase::Winter) && !r.letters_in_winter {
        return Err(Refusal::Winter);
    }
    if anonymous && !r.letters_anonymous {
        return Err(Refusal::Anonymous);
    }
    if r.letters_max_chars > 0 && chars > r.letters_max_chars as usize {
        return Err(Refusal::TooLong {
            max: r.letters_max_chars,
        });
    }
    Ok(())
}

/// Whether `from` may write to `to`.
pub fn may_write_to(c: &Campaign, world: &World, from: &str, to: &str) -> Result<(), Refusal> {
    if c.tables.rulings.letters == LettersTo::Off {
        return Err(Refusal::Off);
    }
    if from == to {
        return Err(Refusal::Oneself);
    }
    // A world that names no club (a club's own check against the definition) cannot
    // tell: the referee's check will.
    if !world.clubs.is_empty() && !world.clubs.iter().any(|n| n.as_str() == to) {
        return Err(Refusal::NoClub);
    }
    if c.tables.rulings.letters == LettersTo::Contact && !in_contact(c, world, from, to) {
        return Err(Refusal::OutOfContact);
    }
    Ok(())
}

/// The clubs `from` may write to now, in the campaign's order of nations.
pub fn addressees(c: &Campaign, world: &World, from: &str) -> Vec<NationCode> {
    if may_write(c, world, false, 0).is_err() {
        return Vec::new();
    }
    c.nations
        .iter()
        .map(|n| n.code.clone())
        .filter(|n| may_write_to(c, world, from, n.as_str()).is_ok())
        .collect()
}

/// The nodes where a nation has a piece: its armies, its garrisons, its fleets in port.
fn pieces(world: &World, nation: &str) -> BTreeSet<String> {
    let armies = world
        .armies
        .values()
        .filter(|a| a.nation.as_str() == nation)
        .map(|a| a.node.as_str().to_owned());
    let garrisons = world
        .nodes
        .iter()
        .filter(|(_, s)| {
            s.garrison
                .as_ref()
                .is_some_and(|g| g.nation.as_str() == nation)
        })
        .map(|(n, _)| n.as_str().to_owned());
    let fleets = world
        .fleets
        .values()
        .filter(|f| f.nation.as_str() == nation)
        .filter_map(|f| match &f.at {
            crate::rules::world::FleetAt::Port(n) => Some(n.as_str().to_owned()),
            crate::rules::world::FleetAt::Sea(_) => None,
        });
    armies.chain(garrisons).chain(fleets).collect()
}

/// G5.3 "touch press": two nations are in contact when a piece of one stands in the same
/// node as a piece of the other, or in a node next to it by road.
pub fn in_contact(c: &Campaign, world: &World, a: &str, b: &str) -> bool {
    let theirs = pieces(world, b);
    pieces(world, a)
        .iter()
        .any(|n| theirs.contains(n) || c.map.neighbours(n).any(|m| theirs.contains(m.as_str())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::calendar::PhaseId;

    fn world(c: &Campaign, clubs: &[&str]) -> World {
        let clubs: Vec<NationCode> = clubs.iter().map(|n| NationCode((*n).to_owned())).collect();
        World::start(c, &clubs)
    }

    #[test]
    fn touch_press_follows_the_pieces() {
        let mut c = crate::fixtures::shipped();
        let w = world(&c, &["V", "M", "SV"]);
        // At the start Venice's and Milan's pieces stand next to each other; Savoy's
        // stand far from Venice's.
        assert!(in_contact(&c, &w, "V", "M"));
        assert!(in_contact(&c, &w, "M", "V"));
        assert!(!in_contact(&c, &w, "V", "SV"));
        c.tables.rulings.letters = LettersTo::Any;
        assert_eq!(may_write_to(&c, &w, "V", "SV"), Ok(()));
        let codes = |v: Vec<NationCode>| v.into_iter().map(|n| n.0).collect::<Vec<_>>();
        assert_eq!(codes(addressees(&c, &w, "V")), ["M", "SV"]);
        c.tables.rulings.letters = LettersTo::Contact;
        assert_eq!(may_write_to(&c, &w, "V", "SV"), Err(Refusal::OutOfContact));
        assert_eq!(codes(addressees(&c, &w, "V")), ["M"]);
        assert_eq!(may_write_to(&c, &w, "V", "V"), Err(Refusal::Oneself));
        assert_eq!(may_write_to(&c, &w, "V", "G"), Err(Refusal::NoClub));
        c.tables.rulings.letters = LettersTo::Off;
        assert_eq!(may_write_to(&c, &w, "V", "M"), Err(Refusal::Off));
        assert!(addressees(&c, &w, "V").is_empty());
    }

    #[test]
    fn the_letter_itself_is_judged_by_the_rulings() {
        let mut c = crate::fixtures::shipped();
        let mut w = world(&c, &["V", "M"]);
        c.tables.rulings.letters = LettersTo::Any;
        c.tables.rulings.letters_anonymous = false;
        c.tables.rulings.letters_max_chars = 10;
        assert_eq!(may_write(&c, &w, false, 10), Ok(()));
        assert_eq!(may_write(&c, &w, true, 1), Err(Refusal::Anonymous));
        assert_eq!(
            may_write(&c, &w, false, 11),
            Err(Refusal::TooLong { max: 10 })
        );
        w.phase = PhaseId::parse_key("1494-winter").expect("a phase");
        assert_eq!(may_write(&c, &w, false, 1), Ok(()));
        c.tables.rulings.letters_in_winter = false;
        assert_eq!(may_write(&c, &w, false, 1), Err(Refusal::Winter));
    }
}
