//! The contact-exchange mode of a summer round (G3c.3, ruling `contact_exchange`): the
//! clubs' own choices for the round's encounters, and the encounter the round stops at
//! when a club has not chosen yet.
//!
//! How a round is split: the round is always resolved from its opening, in the move
//! order, with the same seed. The first encounter that needs a club's choice and has
//! none stops the whole resolution; nothing of the round is kept, so no move after it
//! is resolved before its choices are in. Once they are (or the encounter is closed at
//! its deadline, when standing choices speak), the round is resolved again from the
//! opening: the same dice give the same round up to that encounter, which now goes by
//! the clubs' choices, and the round goes on to the next encounter or to its end. An
//! encounter is numbered by its place in the round (1, 2, …), which is the same on
//! every run because everything before it is.

use super::ids::{Ducats, NationCode, NodeCode};
use super::tables::Choice;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The clubs' answers to the round's encounters so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// Whether the round asks the clubs at all; off, every encounter goes by standing
    /// choices (the default mode, and a club's own check of its orders).
    pub asking: bool,
    /// The choices received, by encounter number and nation.
    pub choices: BTreeMap<u32, BTreeMap<NationCode, Choice>>,
    /// Encounters up to this number are closed: a club that did not answer is taken at
    /// its standing choice.
    pub closed: u32,
}

impl Exchange {
    /// Every encounter by standing choices.
    pub(crate) fn standing() -> Self {
        Exchange::default()
    }

    /// The choice a nation sent for encounter `n`, if any.
    pub(crate) fn choice(&self, n: u32, nation: &NationCode) -> Option<Choice> {
        self.choices.get(&n).and_then(|c| c.get(nation)).copied()
    }
}

/// An encounter the round stopped at, waiting for clubs' choices: everything about it,
/// for the engine to store; what each club may read of it is `visibility::asked_for`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Asked {
    /// `<phase>-e<n>`, e.g. `1494-r03-e1`: what the clubs' replies name.
    pub(crate) id: String,
    pub number: u32,
    pub(crate) node: NodeCode,
    /// The side in hand (the one that moved) and the other side.
    pub(crate) hand: AskedSide,
    pub(crate) other: AskedSide,
    /// Where the piece in hand came from.
    pub(crate) from: NodeCode,
}

impl Asked {
    /// Both sides, in hand first.
    pub fn sides(&self) -> [&AskedSide; 2] {
        [&self.hand, &self.other]
    }

    /// The side of a nation, if it is one of the two.
    pub(crate) fn side_of(&self, nation: &NationCode) -> Option<&AskedSide> {
        self.sides().into_iter().find(|s| &s.nation == nation)
    }

    /// The nations whose choice the encounter waits for, given the answers so far.
    pub(crate) fn waiting(&self, x: &Exchange) -> Vec<NationCode> {
        self.sides()
            .into_iter()
            .filter(|s| s.asked && x.choice(self.number, &s.nation).is_none())
            .map(|s| s.nation.clone())
            .collect()
    }
}

/// One side of an asked encounter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AskedSide {
    pub nation: NationCode,
    /// Its pieces at the node (for the side in hand: the piece that moved in first).
    pub(crate) pieces: Vec<String>,
    /// Its garrison at the node, if it has one there.
    pub(crate) garrison: bool,
    /// The choices open to it (G3c.1): a garrison alone or forces already inside can
    /// only withdraw, and are not asked.
    pub options: Vec<Choice>,
    /// Whether the club is asked (it is a club and has more than one option).
    pub asked: bool,
    /// What its standing orders would choose: what holds if it does not answer.
    pub standing: Choice,
    /// The other side's value as this side's spy sees it (G3c.4), if it has a spy.
    pub(crate) spy_sees: Option<Ducats>,
}

/// The id of encounter `n` of a phase.
pub(crate) fn encounter_id(phase_key: &str, n: u32) -> String {
    format!("{phase_key}-e{n}")
}

/// The number of an encounter id of this phase, if it is one.
pub(crate) fn encounter_number(phase_key: &str, id: &str) -> Option<u32> {
    id.strip_prefix(phase_key)?
        .strip_prefix("-e")?
        .parse()
        .ok()
        .filter(|n| *n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_and_refuse_other_phases() {
        let id = encounter_id("1494-r03", 12);
        assert_eq!(id, "1494-r03-e12");
        assert_eq!(encounter_number("1494-r03", &id), Some(12));
        assert_eq!(encounter_number("1494-r04", &id), None);
        assert_eq!(encounter_number("1494-r03", "1494-r03-e0"), None);
        assert_eq!(encounter_number("1494-r03", "1494-r03-F7"), None);
    }

    #[test]
    fn waiting_lists_only_asked_sides_without_a_choice() {
        let side = |n: &str, asked: bool| AskedSide {
            nation: NationCode(n.into()),
            pieces: vec![],
            garrison: false,
            options: vec![Choice::Stop, Choice::Attack],
            asked,
            standing: Choice::Stop,
            spy_sees: None,
        };
        let a = Asked {
            id: encounter_id("1494-r03", 1),
            number: 1,
            node: NodeCode("M5".into()),
            hand: side("V", true),
            other: side("M", true),
            from: NodeCode("V6".into()),
        };
        let mut x = Exchange {
            asking: true,
            ..Exchange::default()
        };
        assert_eq!(a.waiting(&x).len(), 2);
        x.choices
            .entry(1)
            .or_default()
            .insert(NationCode("M".into()), Choice::Attack);
        assert_eq!(a.waiting(&x), vec![NationCode("V".into())]);
        let b = Asked {
            other: side("M", false),
            ..a
        };
        x.choices.clear();
        assert_eq!(b.waiting(&x), vec![NationCode("V".into())]);
    }
}
