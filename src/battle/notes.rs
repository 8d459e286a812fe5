//! What a table needs besides the card's units to fight a battle as the auto-resolver
//! would: the numbers and choices each game's resolver reads for this battle (its
//! thresholds, its stand-ins, who commands whom, how the campaign's ground maps onto the
//! game's), and how the campaign counts the losses. Facts with a message id and typed
//! arguments, read from the resolvers' own set-up; `report` words them in the club's
//! language. This module writes no sentence.

use super::card::Card;
use super::ruleset::Ruleset;

/// One argument of a note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number the table plays with.
    Int(i64),
    /// Written as it stands: ids, names, readings' values.
    Text(String),
    /// A message id, worded in the reader's language (a terrain, a kind of ground).
    Word(String),
    /// A nation's code, named in the reader's language ("the Republic of Florence").
    Nation(String),
}

/// One fact for the table: a message id and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Note {
    pub(crate) fn new(id: &'static str) -> Note {
        Note {
            id,
            args: Vec::new(),
        }
    }

    /// Adds a number.
    pub(crate) fn int(mut self, name: &'static str, v: impl TryInto<i64>) -> Note {
        self.args
            .push((name, Arg::Int(v.try_into().unwrap_or(i64::MAX))));
        self
    }

    /// Adds a text written as it stands.
    pub(crate) fn text(mut self, name: &'static str, v: impl Into<String>) -> Note {
        self.args.push((name, Arg::Text(v.into())));
        self
    }

    /// Adds a word the reader's language names (a message id).
    pub(crate) fn word(mut self, name: &'static str, id: impl Into<String>) -> Note {
        self.args.push((name, Arg::Word(id.into())));
        self
    }

    /// Adds a nation, named in the reader's language.
    pub(crate) fn nation(mut self, name: &'static str, code: impl Into<String>) -> Note {
        self.args.push((name, Arg::Nation(code.into())));
        self
    }

    /// Adds `yes` or `no`, for a message that selects on it.
    pub(crate) fn flag(self, name: &'static str, on: bool) -> Note {
        self.text(name, if on { "yes" } else { "no" })
    }

    /// The numbers this note names.
    pub fn numbers(&self) -> impl Iterator<Item = i64> + '_ {
        self.args.iter().filter_map(|(_, a)| match a {
            Arg::Int(n) => Some(*n),
            _ => None,
        })
    }
}

/// The message id of a campaign terrain's name.
pub(crate) fn terrain_word(card: &Card) -> String {
    format!("battle-card-terrain-{}", card.battle.terrain.as_str())
}

/// What every game's card says: how the campaign counts the losses (G3c.7), and the
/// optional rules switched on.
pub(crate) fn common(card: &Card, rs: &Ruleset) -> Vec<Note> {
    let mut out = vec![Note::new("battle-note-losses").int("percent", rs.partial_loss_percent)];
    out.push(if card.battle.options.is_empty() {
        Note::new("battle-note-options-none")
    } else {
        Note::new("battle-note-options").text("options", card.battle.options.join(", "))
    });
    let built = |s: &super::card::CardSide| s.oob == "template" && !s.units.is_empty();
    if rs.game != super::ruleset::Game::Points && card.sides.iter().any(built) {
        out.push(Note::new("battle-note-templates"));
    }
    out
}

/// Joins ids for a note (`A-U1, A-U2`); `-` when there are none.
pub(crate) fn ids<'a>(ids: impl IntoIterator<Item = &'a str>) -> String {
    let list: Vec<&str> = ids.into_iter().collect();
    if list.is_empty() {
        "-".to_owned()
    } else {
        list.join(", ")
    }
}

/// Who holds the walls of a place whose walls shelter neither side (the card's
/// `walls_held_by`), "" when no one does: the notes on protection name them.
pub(crate) fn walls_holder(card: &Card) -> String {
    card.battle.walls_held_by.clone().unwrap_or_default()
}
