//! The words the rules' views carry, supplied from outside: the rules hand typed facts
//! to a [`Say`] and never write a sentence themselves. `words::explain` implements it
//! with the message catalogue; the rules' own tests use a plain one.

use super::calendar::PhaseId;
use super::ledger::{Account, Item};
use super::outcome::{Happening, Outcome};
use super::tables::{EventEntry, Lang};

/// Turns the rules' typed facts into words in a club's language.
pub trait Say {
    /// What became of an order.
    fn outcome(&self, o: &Outcome, lang: Lang) -> String;
    /// What else happened.
    fn happening(&self, h: &Happening, lang: Lang) -> String;
    /// Where ducats sit.
    fn account(&self, a: &Account, lang: Lang) -> String;
    /// What a ledger entry is for.
    fn item(&self, i: &Item, lang: Lang) -> String;
    /// A kind of ledger entry summed over a year, by its key (`raise`, `siege_cost`…).
    fn item_kind(&self, key: &str, lang: Lang) -> String;
    /// A phase's name (`spring 1494`, `turno 3 (maggio) del 1494`).
    fn phase(&self, id: PhaseId, lang: Lang) -> String;
    /// A year's title (`the year 1494`).
    fn year(&self, year: u16, lang: Lang) -> String;
    /// An order's kind by its name as outcomes store it (`raise`, `fleet move`), in
    /// running text (`arruolamento`, `navigazione`).
    fn order_name(&self, name: &str, lang: Lang) -> String;
    /// A Table 36 event in force this year, with what it does (`Famine (cities pay 50%
    /// of their income)`): a play-test's club read "famine" and not why its income fell.
    fn event_in_effect(&self, e: &EventEntry, lang: Lang) -> String;
}

/// Plain words for the rules' own tests: each fact as its lower-case debug form, so a
/// test sees which fact reached a view without the catalogue.
#[cfg(test)]
pub(crate) struct TestSay;

#[cfg(test)]
impl Say for TestSay {
    fn outcome(&self, o: &Outcome, _: Lang) -> String {
        format!("{o:?}").to_lowercase()
    }

    fn happening(&self, h: &Happening, _: Lang) -> String {
        format!("{h:?}").to_lowercase()
    }

    fn account(&self, a: &Account, _: Lang) -> String {
        format!("{a:?}").to_lowercase()
    }

    fn item(&self, i: &Item, _: Lang) -> String {
        format!("{i:?}").to_lowercase()
    }

    fn item_kind(&self, key: &str, _: Lang) -> String {
        key.to_owned()
    }

    fn phase(&self, id: PhaseId, _: Lang) -> String {
        id.key()
    }

    fn year(&self, year: u16, _: Lang) -> String {
        year.to_string()
    }

    fn order_name(&self, name: &str, _: Lang) -> String {
        name.to_owned()
    }

    fn event_in_effect(&self, e: &EventEntry, _: Lang) -> String {
        e.id.clone()
    }
}
