//! Reproducible, logged dice (G1.3).
//!
//! Every roll has an event id unique within its phase (`storm/r3`,
//! `siege/M5/r3`). The die is drawn from ChaCha20 seeded with
//! SHA-256(phase seed ‖ event id), so a roll a club cannot see never shifts the rolls it
//! can: adding or removing a hidden roll changes nothing else. The mapping from random
//! words to faces is our own rejection sampler, so no crate upgrade can change a past
//! result; golden vectors in the tests pin the whole chain.
//!
//! Commit–reveal: when a phase opens its seed's SHA-256 is published
//! ([`seed_commitment`]); after resolution the seed itself is revealed, and anyone can
//! recompute every roll with [`SeededDice`].

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, VecDeque};

/// A 32-byte seed.
pub type Seed = [u8; 32];

/// One logged roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Roll {
    /// Position of the roll in the phase, from 1.
    pub seq: u32,
    /// The unique event id the die was seeded with.
    #[schemars(with = "String")]
    pub event: RollText,
    /// What the roll was for, in words (`storm at sea, round 3`).
    #[schemars(with = "String")]
    pub purpose: RollText,
    /// Faces of the die (6 or 10).
    pub sides: u8,
    /// The face rolled, from 1 to `sides`.
    pub value: u8,
}

/// The text of a logged roll, its event id or its purpose: a string of its own, or a
/// stretch of the text one whole log shares, so that writing a battle's log out costs
/// no allocation per roll. It reads, compares, prints and serializes as its text alone,
/// so where it lies changes nothing stored or shown.
#[derive(Clone)]
pub struct RollText(TextRepr);

#[derive(Clone)]
enum TextRepr {
    Own(String),
    /// `text[start..end]`, where a log wrote it (so on character boundaries).
    Shared(std::sync::Arc<str>, u32, u32),
}

impl RollText {
    /// The stretch `range` of a log's shared text; a text too long for the stretch's
    /// bounds (never a battle's) gets a copy of its own.
    fn shared(text: &std::sync::Arc<str>, range: std::ops::Range<usize>) -> Self {
        match (u32::try_from(range.start), u32::try_from(range.end)) {
            (Ok(start), Ok(end)) => Self(TextRepr::Shared(text.clone(), start, end)),
            _ => Self(TextRepr::Own(text[range].to_owned())),
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        match &self.0 {
            TextRepr::Own(s) => s,
            TextRepr::Shared(text, start, end) => &text[*start as usize..*end as usize],
        }
    }
}

impl std::ops::Deref for RollText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for RollText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::borrow::Borrow<str> for RollText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for RollText {
    fn from(s: String) -> Self {
        Self(TextRepr::Own(s))
    }
}

impl From<&str> for RollText {
    fn from(s: &str) -> Self {
        Self(TextRepr::Own(s.to_owned()))
    }
}

impl PartialEq for RollText {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for RollText {}

impl PartialEq<str> for RollText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for RollText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for RollText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl std::hash::Hash for RollText {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl std::fmt::Debug for RollText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for RollText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Through `str`'s own Display, so widths and padding (`{:<28}`) apply.
        std::fmt::Display::fmt(self.as_str(), f)
    }
}

impl Serialize for RollText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RollText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Self::from)
    }
}

/// A source of logged dice.
pub trait Dice {
    /// Rolls one die with `sides` faces for `event`, logging `purpose`.
    ///
    /// An event id used twice in a phase gets a `#2`, `#3`… suffix, so ids stay unique.
    fn roll(&mut self, event: &str, sides: u8, purpose: &str) -> u8;

    /// Rolls as [`Dice::roll`] does, with the event id and purpose still to be written:
    /// dice that keep their log as text write them straight into it, with no `String`
    /// of their own per roll. The log reads exactly as with `roll(&format!(…), …)`.
    fn roll_fmt(
        &mut self,
        event: std::fmt::Arguments<'_>,
        sides: u8,
        purpose: std::fmt::Arguments<'_>,
    ) -> u8 {
        match (event.as_str(), purpose.as_str()) {
            (Some(e), Some(p)) => self.roll(e, sides, p),
            (Some(e), None) => self.roll(e, sides, &purpose.to_string()),
            (None, Some(p)) => self.roll(&event.to_string(), sides, p),
            (None, None) => self.roll(&event.to_string(), sides, &purpose.to_string()),
        }
    }

    /// Rolls as [`Dice::roll`] does, `event` and `purpose` appending the event id and
    /// the purpose to the text they are given: the hottest rolls write theirs piece by
    /// piece, without the formatting machinery of [`Dice::roll_fmt`]. The log reads the
    /// same.
    fn roll_write(
        &mut self,
        sides: u8,
        event: &dyn Fn(&mut String),
        purpose: &dyn Fn(&mut String),
    ) -> u8 {
        let (mut e, mut p) = (String::new(), String::new());
        event(&mut e);
        purpose(&mut p);
        self.roll(&e, sides, &p)
    }

    /// Returns every roll made so far, in order.
    fn log(&self) -> &[Roll];

    /// Rolls one six-sided die.
    fn d6(&mut self, event: &str, purpose: &str) -> u8 {
        self.roll(event, 6, purpose)
    }

    /// Rolls one ten-sided die.
    fn d10(&mut self, event: &str, purpose: &str) -> u8 {
        self.roll(event, 10, purpose)
    }

    /// Draws one of `n` items at random: an index in `0..n`.
    ///
    /// Up to 255 items this is one die of `n` faces (so campaigns stored before larger
    /// draws existed replay the same). A die has at most 255 faces, so past that the
    /// index is written in base [`PICK_BASE`] with one die per digit (`event/d0`,
    /// `event/d1`…, the top die as small as it can be) and drawn again, as a whole,
    /// while it is not below `n` (`event/2/d0`…): every index stays equally likely.
    /// `n` is at least 1; one item is picked without a roll.
    fn pick(&mut self, event: &str, n: usize, purpose: &str) -> usize {
        if n <= 1 {
            return 0;
        }
        if let Ok(sides) = u8::try_from(n) {
            return usize::from(self.roll(event, sides, purpose)) - 1;
        }
        // The low digits: `digits` dice of PICK_BASE faces, spanning `span` values; the
        // top die counts the spans, so it has at most 255 faces and (n > 255) at least 2.
        let mut digits = 1;
        let mut span = PICK_BASE;
        while n.div_ceil(span) > usize::from(u8::MAX) {
            digits += 1;
            span = span.saturating_mul(PICK_BASE);
        }
        let top = u8::try_from(n.div_ceil(span)).unwrap_or(u8::MAX);
        let mut attempt = 1;
        loop {
            let prefix = if attempt == 1 {
                event.to_owned()
            } else {
                format!("{event}/{attempt}")
            };
            let top_face = self.roll(&format!("{prefix}/d{digits}"), top, purpose);
            let mut index = usize::from(top_face) - 1;
            for d in (0..digits).rev() {
                let face = self.roll(&format!("{prefix}/d{d}"), PICK_BASE as u8, purpose);
                index = index * PICK_BASE + usize::from(face) - 1;
            }
            if index < n {
                return index;
            }
            attempt += 1;
        }
    }
}

/// The faces of each die [`Dice::pick`] rolls for one digit of a large index.
pub(crate) const PICK_BASE: usize = 250;

/// Derives the seed of one phase from the campaign's master seed.
///
/// The master seed stays secret; revealing a phase seed reveals nothing about the
/// seeds of other phases.
pub fn phase_seed(master: &Seed, phase_key: &str) -> Seed {
    let mut h = Sha256::new();
    h.update(b"giglio/phase-seed/v1\0");
    h.update(master);
    h.update(phase_key.as_bytes());
    h.finalize().into()
}

/// Returns the public commitment to a phase seed: hex SHA-256 of the seed.
pub fn seed_commitment(seed: &Seed) -> String {
    hex::encode(Sha256::digest(seed))
}

/// Draws one face of a `sides`-sided die from the ChaCha20 stream seeded for `event`.
pub(crate) fn face(phase_seed: &Seed, event: &str, sides: u8) -> u8 {
    assert!(sides >= 2, "a die has at least two faces");
    let mut h = Sha256::new();
    h.update(phase_seed);
    h.update(event.as_bytes());
    let mut rng = ChaCha20Rng::from_seed(h.finalize().into());
    uniform(&mut rng, sides)
}

/// Unbiased rejection sampling of 1..=sides from 32-bit words.
fn uniform(rng: &mut impl Rng, sides: u8) -> u8 {
    let sides = u64::from(sides);
    // Words at or above the largest multiple of `sides` below 2^32 are redrawn, so
    // every face has exactly the same number of words mapping to it.
    let limit = (1u64 << 32) - (1u64 << 32) % sides;
    loop {
        let x = u64::from(rng.next_u32());
        if x < limit {
            return (x % sides) as u8 + 1;
        }
    }
}

/// Makes event ids unique within a phase and keeps the log.
#[derive(Debug, Default)]
struct Ledger {
    used: BTreeMap<String, u32>,
    log: Vec<Roll>,
}

impl Ledger {
    fn unique(&mut self, event: &str) -> String {
        // Looked up by `&str` first: a repeated id costs no key of its own.
        if let Some(n) = self.used.get_mut(event) {
            *n += 1;
            return format!("{event}#{n}");
        }
        self.used.insert(event.to_owned(), 1);
        event.to_owned()
    }

    fn record(&mut self, event: String, sides: u8, purpose: &str, value: u8) {
        self.log.push(Roll {
            seq: self.log.len() as u32 + 1,
            event: event.into(),
            purpose: purpose.into(),
            sides,
            value,
        });
    }
}

/// The campaign's dice: deterministic from the phase seed.
#[derive(Debug)]
pub struct SeededDice {
    seed: Seed,
    ledger: Ledger,
}

impl SeededDice {
    /// Creates the dice of a phase from its seed.
    pub fn new(seed: Seed) -> Self {
        Self {
            seed,
            ledger: Ledger::default(),
        }
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, event: &str, sides: u8, purpose: &str) -> u8 {
        let event = self.ledger.unique(event);
        let value = face(&self.seed, &event, sides);
        self.ledger.record(event, sides, purpose, value);
        value
    }

    fn log(&self) -> &[Roll] {
        &self.ledger.log
    }
}

/// The dice of one battle under the ruling `battle_dice_stream`: one ChaCha20 stream
/// seeded once per battle with SHA-256(tag ‖ phase seed ‖ battle id), drawn in order.
///
/// A battle's rolls are all seen by both sides and are drawn in a fixed order, so the
/// commit–reveal reason for a stream per roll ([`SeededDice`]) does not apply inside it,
/// and one stream costs one SHA-256 and one ChaCha20 key setup per battle instead of per
/// roll. Faces go through the same sampler as [`face`], so no crate upgrade changes them.
///
/// The log is kept as text in one buffer and written out as [`Roll`]s only when asked
/// for: the faces do not depend on event ids, so making ids unique (`#2`, `#3`…, as
/// [`SeededDice`] does) can wait until then, and a roll costs no allocation of its own.
#[derive(Debug)]
pub struct StreamDice {
    rng: ChaCha20Rng,
    /// Each roll's event id then its purpose, back to back.
    text: String,
    rolls: Vec<PackedRoll>,
    /// The log as [`Roll`]s, written on the first call to [`Dice::log`] after a roll.
    log: std::cell::OnceCell<Vec<Roll>>,
}

/// One roll of a [`StreamDice`]: where its texts end in `text`, the die and its face.
#[derive(Clone, Copy, Debug)]
struct PackedRoll {
    event_end: usize,
    purpose_end: usize,
    sides: u8,
    value: u8,
}

/// The domain tag of [`StreamDice`] seeds, so they never equal a per-event seed.
const STREAM_TAG: &[u8] = b"giglio/battle-dice/v1\0";

/// Returns the seed of a battle's stream: SHA-256(tag ‖ phase seed ‖ battle id).
pub(crate) fn stream_seed(phase_seed: &Seed, battle: &str) -> Seed {
    let mut h = Sha256::new();
    h.update(STREAM_TAG);
    h.update(phase_seed);
    h.update(battle.as_bytes());
    h.finalize().into()
}

impl StreamDice {
    /// Creates the dice of battle `battle` in the phase (or run) of `seed`.
    pub fn new(seed: Seed, battle: &str) -> Self {
        Self {
            rng: ChaCha20Rng::from_seed(stream_seed(&seed, battle)),
            // Room for most battles' logs (a Legnano battle writes some 18 KB in 220
            // rolls); a larger one grows it once or twice.
            text: String::with_capacity(16 * 1024),
            rolls: Vec::with_capacity(256),
            log: std::cell::OnceCell::new(),
        }
    }

    /// Draws the next face, the same way as [`face`] does from its own stream.
    fn next_face(&mut self, sides: u8) -> u8 {
        // A die of fewer than two faces is a caller's bug: [`face`] refuses it; here
        // it is read as a coin rather than a panic mid-battle.
        uniform(&mut self.rng, sides.max(2))
    }

    fn push(&mut self, sides: u8, value: u8, event_end: usize) {
        self.rolls.push(PackedRoll {
            event_end,
            purpose_end: self.text.len(),
            sides,
            value,
        });
        if self.log.get().is_some() {
            self.log = std::cell::OnceCell::new();
        }
    }

    /// Writes the log out, event ids made unique as [`SeededDice`] makes them.
    fn write_log(&self) -> Vec<Roll> {
        // Ids share long prefixes (`pia/<battle>/t3/…`), which a tree compares again at
        // every level; a hash reads each id once. The map only counts, so its order and
        // its hasher change nothing written. FxHash (rustc's own): the ids are ours, not
        // chosen by anyone trying to collide them, so SipHash's protection buys nothing.
        let mut used: rustc_hash::FxHashMap<&str, u32> =
            rustc_hash::FxHashMap::with_capacity_and_hasher(
                self.rolls.len(),
                rustc_hash::FxBuildHasher,
            );
        // The ids a repeat makes unique (`x#2`) are written after the log's own text.
        let mut extra = String::new();
        let mut renamed: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
        let mut start = 0;
        for (i, r) in self.rolls.iter().enumerate() {
            let event = &self.text[start..r.event_end];
            start = r.purpose_end;
            let n = used.entry(event).or_insert(0);
            *n += 1;
            if *n > 1 {
                let at = extra.len();
                extra.push_str(event);
                extra.push('#');
                push_number(&mut extra, *n);
                renamed.push((i, at..extra.len()));
            }
        }
        // One copy of the text, which every roll's event and purpose share.
        let text: std::sync::Arc<str> = std::sync::Arc::from(self.text.as_str());
        let extra: std::sync::Arc<str> = std::sync::Arc::from(extra);
        let mut renamed = renamed.into_iter().peekable();
        let mut start = 0;
        self.rolls
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let event = match renamed.next_if(|(k, _)| *k == i) {
                    Some((_, range)) => RollText::shared(&extra, range),
                    None => RollText::shared(&text, start..r.event_end),
                };
                let purpose = RollText::shared(&text, r.event_end..r.purpose_end);
                start = r.purpose_end;
                Roll {
                    seq: i as u32 + 1,
                    event,
                    purpose,
                    sides: r.sides,
                    value: r.value,
                }
            })
            .collect()
    }
}

impl Dice for StreamDice {
    fn roll(&mut self, event: &str, sides: u8, purpose: &str) -> u8 {
        let value = self.next_face(sides);
        self.text.push_str(event);
        let event_end = self.text.len();
        self.text.push_str(purpose);
        self.push(sides, value, event_end);
        value
    }

    fn roll_fmt(
        &mut self,
        event: std::fmt::Arguments<'_>,
        sides: u8,
        purpose: std::fmt::Arguments<'_>,
    ) -> u8 {
        use std::fmt::Write;
        let value = self.next_face(sides);
        // Writing to a String cannot fail.
        let _ = self.text.write_fmt(event);
        let event_end = self.text.len();
        let _ = self.text.write_fmt(purpose);
        self.push(sides, value, event_end);
        value
    }

    fn roll_write(
        &mut self,
        sides: u8,
        event: &dyn Fn(&mut String),
        purpose: &dyn Fn(&mut String),
    ) -> u8 {
        let value = self.next_face(sides);
        event(&mut self.text);
        let event_end = self.text.len();
        purpose(&mut self.text);
        self.push(sides, value, event_end);
        value
    }

    fn log(&self) -> &[Roll] {
        self.log.get_or_init(|| self.write_log())
    }
}

/// Appends a number in decimal, for [`Dice::roll_write`]'s writers.
pub(crate) fn push_number(text: &mut String, n: u32) {
    push_u64(text, u64::from(n));
}

/// Appends a signed number as `{}` writes it: `3`, `0`, `-2`.
pub(crate) fn push_int(text: &mut String, n: i64) {
    if n < 0 {
        text.push('-');
    }
    push_u64(text, n.unsigned_abs());
}

/// Appends a signed number as `{:+}` writes it: `+3`, `+0`, `-2`.
pub(crate) fn push_signed(text: &mut String, n: i64) {
    text.push(if n < 0 { '-' } else { '+' });
    push_u64(text, n.unsigned_abs());
}

fn push_u64(text: &mut String, n: u64) {
    // Most numbers in a roll's text are one digit (a face, a fire value, a turn).
    if n < 10 {
        text.push(char::from(b'0' + n as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // ASCII digits: always UTF-8.
    text.push_str(std::str::from_utf8(&digits[i..]).unwrap_or_default());
}

/// The dice a campaign battle is auto-resolved with, as the campaign's ruling
/// `battle_dice_stream` says: one stream per battle, or (campaigns written before the
/// ruling) a stream per roll, so their stored battles replay exactly.
#[derive(Debug)]
pub(crate) enum BattleDice {
    PerEvent(SeededDice),
    /// Boxed: a ChaCha20 state is large, and there is one box per battle.
    Stream(Box<StreamDice>),
}

impl BattleDice {
    /// Creates the dice of battle `battle` from the phase (or run) seed.
    pub(crate) fn new(seed: Seed, battle: &str, stream: bool) -> Self {
        if stream {
            Self::Stream(Box::new(StreamDice::new(seed, battle)))
        } else {
            Self::PerEvent(SeededDice::new(seed))
        }
    }
}

impl Dice for BattleDice {
    fn roll(&mut self, event: &str, sides: u8, purpose: &str) -> u8 {
        match self {
            Self::PerEvent(d) => d.roll(event, sides, purpose),
            Self::Stream(d) => d.roll(event, sides, purpose),
        }
    }

    fn roll_fmt(
        &mut self,
        event: std::fmt::Arguments<'_>,
        sides: u8,
        purpose: std::fmt::Arguments<'_>,
    ) -> u8 {
        match self {
            Self::PerEvent(d) => d.roll_fmt(event, sides, purpose),
            Self::Stream(d) => d.roll_fmt(event, sides, purpose),
        }
    }

    fn roll_write(
        &mut self,
        sides: u8,
        event: &dyn Fn(&mut String),
        purpose: &dyn Fn(&mut String),
    ) -> u8 {
        match self {
            Self::PerEvent(d) => d.roll_write(sides, event, purpose),
            Self::Stream(d) => d.roll_write(sides, event, purpose),
        }
    }

    fn log(&self) -> &[Roll] {
        match self {
            Self::PerEvent(d) => d.log(),
            Self::Stream(d) => d.log(),
        }
    }
}

/// One scripted roll: the value, and optionally the event id prefix it must answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScriptedRoll {
    #[serde(default)]
    pub event: Option<String>,
    pub value: u8,
}

/// Dice that return a script, for rules cases and tests.
///
/// A roll that finds the script empty, names a different event, or asks for a value
/// the die does not have is noted in [`ScriptedDice::problems`] (and returns 1), so a
/// test fails with a message instead of a panic.
#[derive(Debug, Default)]
pub struct ScriptedDice {
    script: VecDeque<ScriptedRoll>,
    ledger: Ledger,
    problems: Vec<String>,
}

impl ScriptedDice {
    /// Creates dice that answer with `script`, in order.
    pub fn new(script: impl IntoIterator<Item = ScriptedRoll>) -> Self {
        Self {
            script: script.into_iter().collect(),
            ..Self::default()
        }
    }

    /// Creates dice that answer with plain values, in order (unit tests' shorthand).
    #[cfg(test)]
    pub(crate) fn values(values: impl IntoIterator<Item = u8>) -> Self {
        Self::new(
            values
                .into_iter()
                .map(|value| ScriptedRoll { event: None, value }),
        )
    }

    /// Returns what went wrong: rolls beyond the script, mismatched events, unused rolls.
    pub fn problems(&self) -> Vec<String> {
        let mut all = self.problems.clone();
        if !self.script.is_empty() {
            all.push(format!(
                "{} scripted rolls were never used",
                self.script.len()
            ));
        }
        all
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, event: &str, sides: u8, purpose: &str) -> u8 {
        let event = self.ledger.unique(event);
        let value = match self.script.pop_front() {
            None => {
                self.problems
                    .push(format!("no scripted roll left for `{event}` ({purpose})"));
                1
            }
            Some(s) => {
                if let Some(want) = &s.event
                    && !event.starts_with(want.as_str())
                {
                    self.problems.push(format!(
                        "scripted roll for `{want}` was asked for `{event}`"
                    ));
                }
                if s.value == 0 || s.value > sides {
                    self.problems.push(format!(
                        "scripted value {} is not a face of a d{sides}",
                        s.value
                    ));
                    1
                } else {
                    s.value
                }
            }
        };
        self.ledger.record(event, sides, purpose, value);
        value
    }

    fn log(&self) -> &[Roll] {
        &self.ledger.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_up_to_255_items_is_one_die_of_as_many_faces() {
        let mut d = SeededDice::new(seed(3));
        let i = d.pick("order/7", 8, "why");
        assert!(i < 8);
        assert_eq!(d.log().len(), 1);
        assert_eq!(
            (d.log()[0].sides, d.log()[0].event.as_str()),
            (8, "order/7")
        );
        assert_eq!(usize::from(d.log()[0].value) - 1, i);
        assert_eq!(d.pick("one", 1, "why"), 0, "one item needs no roll");
        assert_eq!(d.log().len(), 1);
    }

    #[test]
    fn pick_among_more_items_than_a_die_has_faces_reaches_all_of_them_evenly() {
        // 800 items (the x100 benchmark's clubs): base-250 digits under a 4-faced top die.
        let n = 800;
        let mut d = SeededDice::new(seed(9));
        let mut counts = vec![0u32; n];
        let draws = 100 * n;
        for k in 0..draws {
            counts[d.pick(&format!("p{k}"), n, "test")] += 1;
        }
        assert!(
            d.log()
                .iter()
                .all(|r| r.sides >= 2 && r.value >= 1 && r.value <= r.sides)
        );
        assert!(
            d.log().iter().any(|r| r.sides == 4),
            "the top die counts spans of 250"
        );
        // Each count is Binomial(80 000, 1/800): mean 100, sd ≈ 10; 6 sd either side.
        let (lo, hi) = (counts.iter().min(), counts.iter().max());
        assert!(lo >= Some(&40) && hi <= Some(&160), "{lo:?}..{hi:?}");
        // Far above 255 too: 100 000 items take three digits; the draw stays in range.
        for k in 0..200 {
            assert!(d.pick(&format!("q{k}"), 100_000, "test") < 100_000);
        }
    }

    #[test]
    fn pick_is_reproducible_from_the_seed() {
        let draw = || {
            let mut d = SeededDice::new(seed(4));
            (0..50)
                .map(|k| d.pick(&format!("e{k}"), 1000, "t"))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(), draw());
    }

    fn seed(n: u8) -> Seed {
        [n; 32]
    }

    /// Golden vectors: these values are part of the campaign format. If this test
    /// fails, every stored campaign would replay differently: do not "fix" the numbers.
    #[test]
    fn golden_vectors_are_stable() {
        let master = seed(7);
        let ps = phase_seed(&master, "1494-r03");
        assert_eq!(
            hex::encode(ps),
            GOLDEN_PHASE_SEED,
            "phase seed derivation changed"
        );
        assert_eq!(seed_commitment(&ps), GOLDEN_COMMITMENT);
        let d6: Vec<u8> = (0..12)
            .map(|i| face(&ps, &format!("golden/{i}"), 6))
            .collect();
        let d10: Vec<u8> = (0..12)
            .map(|i| face(&ps, &format!("golden/{i}"), 10))
            .collect();
        assert_eq!(d6, GOLDEN_D6);
        assert_eq!(d10, GOLDEN_D10);
    }

    /// Golden vectors of a battle's stream (the ruling `battle_dice_stream`): part of the
    /// campaign format too. Do not "fix" the numbers.
    #[test]
    fn stream_golden_vectors_are_stable() {
        let ps = phase_seed(&seed(7), "1494-r03");
        assert_eq!(
            hex::encode(stream_seed(&ps, "1494-r03-M3")),
            GOLDEN_STREAM_SEED
        );
        let mut d = StreamDice::new(ps, "1494-r03-M3");
        let d6: Vec<u8> = (0..12).map(|i| d.d6(&format!("golden/{i}"), "t")).collect();
        let d10: Vec<u8> = (0..12)
            .map(|i| d.d10(&format!("golden/{i}"), "t"))
            .collect();
        assert_eq!(d6, GOLDEN_STREAM_D6);
        assert_eq!(d10, GOLDEN_STREAM_D10);
        // Another battle of the same phase has its own stream.
        let mut other = StreamDice::new(ps, "1494-r03-F7");
        let o: Vec<u8> = (0..12)
            .map(|i| other.d6(&format!("golden/{i}"), "t"))
            .collect();
        assert_ne!(o, d6);
    }

    const GOLDEN_STREAM_SEED: &str =
        "fe03f03fa6e7c1f95df47a18c702225c8f18e492ae7b2eb80ac2ed71b50ecc3b";
    const GOLDEN_STREAM_D6: [u8; 12] = [6, 6, 4, 6, 5, 1, 5, 4, 5, 3, 1, 4];
    const GOLDEN_STREAM_D10: [u8; 12] = [7, 3, 2, 10, 5, 1, 10, 9, 8, 6, 10, 6];

    #[test]
    fn a_stream_logs_as_per_event_dice_do() {
        // The same calls give the same log but for the faces: ids made unique, in order.
        let mut s = StreamDice::new(seed(4), "b");
        let mut e = SeededDice::new(seed(4));
        for d in [&mut s as &mut dyn Dice, &mut e] {
            d.d6("x", "first");
            d.roll_fmt(format_args!("{}", "x"), 10, format_args!("second {}", 2));
            d.d10("y", "third");
            d.pick("x", 300, "fourth");
            d.roll_write(6, &|t| t.push_str("w/7"), &|t| {
                t.push_str("fifth ");
                push_number(t, 4_294_967_295);
                push_number(t, 0);
            });
        }
        let text = |log: &[Roll]| {
            log.iter()
                .map(|r| (r.seq, r.event.clone(), r.purpose.clone(), r.sides))
                .collect::<Vec<_>>()
        };
        assert_eq!(text(s.log()), text(e.log()));
        assert_eq!(s.log()[1].event, "x#2");
        assert_eq!(s.log()[1].purpose, "second 2");
        let last = s.log().last().map(|r| (r.event.clone(), r.purpose.clone()));
        assert_eq!(last, Some(("w/7".into(), "fifth 42949672950".into())));
        // The log written out is kept up to date by later rolls.
        s.d6("z", "fifth");
        assert_eq!(s.log().len(), e.log().len() + 1);
        assert!(s.log().iter().all(|r| (1..=r.sides).contains(&r.value)));
    }

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for n in [0i64, 1, -1, 9, 10, -10, 12_345, i64::MAX, i64::MIN] {
            let (mut plain, mut signed) = (String::new(), String::new());
            push_int(&mut plain, n);
            push_signed(&mut signed, n);
            assert_eq!((plain, signed), (format!("{n}"), format!("{n:+}")));
        }
        let mut t = String::new();
        push_number(&mut t, u32::MAX);
        assert_eq!(t, u32::MAX.to_string());
    }

    const GOLDEN_PHASE_SEED: &str =
        "cda7d17f24730da94ad03c68f9c284cee0d33d7ae83634e27791fee62a5fa6e1";
    const GOLDEN_COMMITMENT: &str =
        "6dc3017b14a823dda7e1608621567517bd7adc71a27aa6ce9e970c6ff559a1cd";
    const GOLDEN_D6: [u8; 12] = [6, 2, 6, 5, 2, 2, 3, 2, 2, 1, 1, 3];
    const GOLDEN_D10: [u8; 12] = [8, 2, 6, 7, 4, 6, 3, 2, 6, 7, 5, 5];

    /// The generator is the ChaCha20 of RFC 8439: its first keystream block for an
    /// all-zero key and nonce (§A.1, test vector #1) starts 76 b8 e0 ad a0 f1 3d 90.
    #[test]
    fn the_generator_is_rfc_8439_chacha20() {
        let mut rng = ChaCha20Rng::from_seed([0; 32]);
        assert_eq!(rng.next_u32(), 0xade0_b876);
        assert_eq!(rng.next_u32(), 0x903d_f1a0);
    }

    #[test]
    fn the_sampler_is_unbiased_at_the_edge_of_the_zone() {
        // A generator that returns the very top words must be rejected, not folded.
        struct Top(Vec<u32>);
        impl rand_core::TryRng for Top {
            type Error = std::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                Ok(self.0.remove(0))
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                Ok(u64::from(self.0.remove(0)))
            }
            fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
                Ok(())
            }
        }
        // u32::MAX % 6 == 3: the words MAX-3..=MAX would favour faces 1..=4.
        let mut rng = Top(vec![u32::MAX, u32::MAX - 3, 5]);
        assert_eq!(uniform(&mut rng, 6), 6);
        // 0 maps to face 1, and the last word of the zone maps to face 6.
        let mut rng = Top(vec![0]);
        assert_eq!(uniform(&mut rng, 6), 1);
        let mut rng = Top(vec![u32::MAX - 4]);
        assert_eq!(uniform(&mut rng, 6), 6);
        // 2^32 is divisible by 2: nothing is rejected for a coin.
        let mut rng = Top(vec![u32::MAX]);
        assert_eq!(uniform(&mut rng, 2), 2);
    }

    #[test]
    fn faces_are_roughly_uniform() {
        let ps = seed(1);
        let mut counts = [0u32; 6];
        for i in 0..60_000 {
            counts[usize::from(face(&ps, &format!("u/{i}"), 6)) - 1] += 1;
        }
        // Expected 10 000 each, sd ≈ 91: 5 sd either way.
        for c in counts {
            assert!((9_545..=10_455).contains(&c), "counts {counts:?}");
        }
    }

    #[test]
    fn a_hidden_roll_does_not_shift_the_others() {
        let ps = seed(3);
        let mut a = SeededDice::new(ps);
        let mut b = SeededDice::new(ps);
        let a1 = a.d6("storm/r1", "storm");
        b.d6("assassin/V", "hidden");
        let b1 = b.d6("storm/r1", "storm");
        assert_eq!(a1, b1);
    }

    #[test]
    fn repeated_event_ids_are_made_unique_and_logged() {
        let mut d = SeededDice::new(seed(4));
        d.d6("x", "first");
        d.d6("x", "second");
        let events: Vec<&str> = d.log().iter().map(|r| r.event.as_str()).collect();
        assert_eq!(events, ["x", "x#2"]);
        assert_eq!(d.log()[1].seq, 2);
        assert_eq!(d.log()[1].value, face(&seed(4), "x#2", 6));
    }

    #[test]
    fn scripted_dice_report_their_problems() {
        let mut d = ScriptedDice::new([
            ScriptedRoll {
                event: Some("storm".into()),
                value: 6,
            },
            ScriptedRoll {
                event: None,
                value: 9,
            },
        ]);
        assert_eq!(d.d6("storm/r1", "storm"), 6);
        assert_eq!(d.d6("siege/M5", "siege"), 1);
        assert_eq!(d.d6("more", "more"), 1);
        assert_eq!(d.problems().len(), 2, "{:?}", d.problems());
        let mut ok = ScriptedDice::values([2]);
        ok.d6("a", "a");
        assert!(ok.problems().is_empty());
    }
}
