//! The map SVG's static text, written once a process: everything the built-in template
//! writes before [`png::PHASE`](crate::report::png::PHASE) (land, sea, roads, names,
//! ports, legend, definitions) is the same for every club's picture of every phase in a
//! language, and was most of the cost of writing a club's map (issue 30: the phase).
//!
//! A picture whose static text is kept is written with its static layers left empty,
//! and its text from the marker on follows the kept text. The built-in template writes
//! nothing from the marker on that reads those layers, so the result is the text the
//! whole template writes, byte for byte (`map::tests`); a referee's own `map.svg` is
//! always written whole, as nothing says what it reads where.

use super::NodeMark;
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use std::sync::{Arc, Mutex};
use xxhash_rust::xxh3::Xxh3Default;

/// The built-in map template, against which the environment's is compared.
const BUILT_IN: &str = include_str!("../../../templates/map.svg");

/// How many static texts are kept: one per campaign and language in use, with room.
const KEPT: usize = 8;

/// A digest of what the map's static layers are drawn from: the map (nodes, roads, sea
/// zones, lanes, ports), the nations (names, colours) and the land.
/// Worked out once a campaign and kept with it; a debug build checks the kept digest
/// against a fresh one every time, so a campaign changed after its first picture (which
/// no code does) fails the tests instead of drawing a stale picture.
pub(super) fn campaign_digest(campaign: &Campaign) -> u128 {
    let kept = *campaign.picture_digest.get_or(|| digest_now(campaign));
    debug_assert_eq!(
        kept,
        digest_now(campaign),
        "the campaign's map, nations or land changed after its first picture"
    );
    kept
}

fn digest_now(campaign: &Campaign) -> u128 {
    let mut h = Hasher(Xxh3Default::new());
    // Serializing in memory cannot fail; a failure would only make a key that misses.
    let _ = serde_json::to_writer(&mut h, &(&campaign.map, &campaign.nations, &campaign.land));
    h.0.digest128()
}

/// Feeds serde's output to the digest without holding it.
struct Hasher(Xxh3Default);

/// For `Hash` (the phase's node marks): the digest is the XXH3-128 read by the key.
impl std::hash::Hasher for Hasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    fn finish(&self) -> u64 {
        self.0.digest()
    }
}

impl std::io::Write for Hasher {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Which static text a picture has: its campaign's digest, its language and every word
/// of it the catalogue gives (the legend, the inset's caption), digested.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    campaign: u128,
    lang: Lang,
    words: u128,
}

impl Key {
    /// The key of a picture written with `env`, or `None` where its `map.svg` is not
    /// the built-in one.
    pub(super) fn of(
        env: &minijinja::Environment,
        campaign: u128,
        lang: Lang,
        words: &impl serde::Serialize,
    ) -> Option<Key> {
        let built_in = env
            .get_template("map.svg")
            .is_ok_and(|t| t.source() == BUILT_IN);
        if !built_in {
            return None;
        }
        let mut h = Hasher(Xxh3Default::new());
        let _ = serde_json::to_writer(&mut h, words);
        Some(Key {
            campaign,
            lang,
            words: h.0.digest128(),
        })
    }
}

/// Texts kept by key, each kept once; the oldest goes past [`KEPT`].
struct Texts<K>(Mutex<Vec<(K, Arc<str>)>>);

impl<K: PartialEq> Texts<K> {
    const fn new() -> Self {
        Texts(Mutex::new(Vec::new()))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(K, Arc<str>)>> {
        // A panic elsewhere while holding it leaves only a cache behind: still usable.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, key: &K) -> Option<Arc<str>> {
        self.lock()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| t.clone())
    }

    fn keep(&self, key: K, text: &str) {
        let mut texts = self.lock();
        if texts.iter().any(|(k, _)| *k == key) {
            return;
        }
        if texts.len() >= KEPT {
            texts.remove(0);
        }
        texts.push((key, Arc::from(text)));
    }
}

/// The static texts kept.
static STATIC_TEXTS: Texts<Key> = Texts::new();

/// The static text kept for `key`.
pub(super) fn get(key: &Key) -> Option<Arc<str>> {
    STATIC_TEXTS.get(key)
}

/// Keeps the static text of a picture written whole: `svg` up to the marker.
pub(super) fn keep(key: Key, svg: &str) {
    if let Some(at) = svg.find(crate::report::png::PHASE) {
        STATIC_TEXTS.keep(key, &svg[..at]);
    }
}

/// A picture written with its static layers empty, after the kept static text: the
/// text from the marker on follows it. `None` where the marker is missing.
pub(super) fn join(kept: &str, svg: &str) -> Option<String> {
    let at = svg.find(crate::report::png::PHASE)?;
    let mut out = String::with_capacity(kept.len() + svg.len() - at);
    out.push_str(kept);
    out.push_str(&svg[at..]);
    Some(out)
}

/// Forgets every static text: what a new process finds (tests and benchmarks).
#[doc(hidden)]
pub fn forget() {
    STATIC_TEXTS.lock().clear();
    forget_phase_texts();
}

/// Which phase text a picture has: its static text's key and a digest of its title's
/// shared part and its node marks as the shared layer draws them (each mark without
/// `on_move`, which only the club's overlay reads).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct PhaseKey {
    text: Key,
    nodes: u128,
}

impl PhaseKey {
    pub(super) fn of(
        text: Key,
        heading: &str,
        main: &[NodeMark],
        inset: Option<&[NodeMark]>,
    ) -> PhaseKey {
        let mut h = Hasher(Xxh3Default::new());
        h.0.update(&(heading.len() as u64).to_le_bytes());
        h.0.update(heading.as_bytes());
        for part in std::iter::once(main).chain(inset) {
            h.0.update(&(part.len() as u64).to_le_bytes());
            for n in part {
                n.hash_shared(&mut h);
            }
        }
        h.0.update(&[u8::from(inset.is_some())]);
        PhaseKey {
            text,
            nodes: h.0.digest128(),
        }
    }
}

/// The phase texts kept, by key: what the built-in template writes between
/// [`png::PHASE`](crate::report::png::PHASE) and
/// [`png::OVERLAY`](crate::report::png::OVERLAY), the phase's node marks, the same for
/// every club of a phase and language (issue 30: a club's map wrote the 170 marks anew).
static PHASE_TEXTS: Texts<PhaseKey> = Texts::new();

/// The phase text kept for `key`.
pub(super) fn phase_get(key: &PhaseKey) -> Option<Arc<str>> {
    PHASE_TEXTS.get(key)
}

/// Keeps the phase text of a picture written with its node marks: `svg` between the
/// two markers.
pub(super) fn phase_keep(key: PhaseKey, svg: &str) {
    if let Some((from, to)) = between_marks(svg) {
        PHASE_TEXTS.keep(key, &svg[from..to]);
    }
}

/// Where the phase text of `svg` starts (after the phase's marker) and ends (at the
/// overlay's).
fn between_marks(svg: &str) -> Option<(usize, usize)> {
    use crate::report::png::{OVERLAY, PHASE};
    let from = svg.find(PHASE)? + PHASE.len();
    let to = from + svg[from..].find(OVERLAY)?;
    Some((from, to))
}

/// A picture written with its node layers left out, the kept phase text put back
/// between its markers (where only white space stood). `None` where a marker is
/// missing.
pub(super) fn phase_join(kept: &str, svg: &str) -> Option<String> {
    let (from, to) = between_marks(svg)?;
    if !svg[from..to].trim().is_empty() {
        return None;
    }
    Some([&svg[..from], kept, &svg[to..]].concat())
}

/// Forgets the phase texts: what a new phase finds (its node marks are new), for the
/// benchmarks that resolve one phase again and again (with `png::forget_bases`).
#[doc(hidden)]
pub fn forget_phase_texts() {
    PHASE_TEXTS.lock().clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::World;

    /// The shipped campaign, and templates whose catalogue names the legend's city
    /// `word`: the texts a test keeps are keyed apart from every other test's.
    fn with_legend_word(word: &str) -> (Campaign, minijinja::Environment<'static>) {
        let words = crate::words::Words::build(&[(
            Lang::It,
            "test.ftl".into(),
            format!("map-legend-city = {word}\n"),
        )])
        .expect("an override of a message that exists");
        let env = crate::report::environment(None, words).expect("templates");
        let c = crate::scenario::load(&crate::scenario::Source::builtin("il-giglio").unwrap())
            .expect("loads");
        (c, env)
    }

    /// A referee map written from the kept static text is the map written whole, and the
    /// kept text is what it is written from. The catalogue names the legend's city in a
    /// word of this test's own, so the kept text it finds is its own alone.
    #[test]
    fn a_map_written_from_its_kept_static_text_is_the_map_written_whole() {
        let word = "città-of-the-prefix-test";
        let (c, env) = with_legend_word(word);
        let world = World::start(&c, &[]);
        let whole = super::super::render_referee(&c, &world, &env).expect("a map");
        assert!(whole.contains(word));
        let again = super::super::render_referee(&c, &world, &env).expect("a map");
        assert_eq!(whole, again);
        // Mark the kept text: the next map is written from it.
        {
            let mut texts = STATIC_TEXTS.lock();
            let (_, text) = texts
                .iter_mut()
                .find(|(_, t)| t.contains(word))
                .expect("the static text was kept");
            *text = Arc::from(format!("{text}<!-- kept -->"));
        }
        let marked = super::super::render_referee(&c, &world, &env).expect("a map");
        assert_eq!(marked.replace("<!-- kept -->", ""), whole);
        assert!(marked.contains("<!-- kept --><!-- phase -->"));
        // A referee's own template is written whole, never from a kept text.
        let plain = crate::report::environment(None, crate::words::Words::load(None).unwrap())
            .expect("templates");
        let mut own = plain.clone();
        own.add_template_owned("map.svg", format!("{BUILT_IN}<!-- own -->"))
            .expect("a template");
        let mine = super::super::render_referee(&c, &world, &own).expect("a map");
        assert!(mine.ends_with("<!-- own -->"));
        assert_eq!(
            mine.trim_end_matches("<!-- own -->").trim_end(),
            super::super::render_referee(&c, &world, &plain).expect("a map")
        );
    }

    /// A map written with the phase's node marks kept is the map written whole, and the
    /// kept text is what it is written from; a change of a mark is a new text. The
    /// catalogue's word of this test's own keys its texts apart from other tests'.
    #[test]
    fn a_map_written_with_its_kept_node_marks_is_the_map_written_whole() {
        let word = "città-of-the-phase-text-test";
        let (c, env) = with_legend_word(word);
        let world = World::start(&c, &[]);
        let whole = super::super::render_referee(&c, &world, &env).expect("a map");
        // The title's shared part, then the node marks, follow the phase's marker.
        let marks = "<!-- phase -->\n  <text x=\"20\" y=\"32\"";
        let at = whole
            .find(marks)
            .expect("the title follows the phase's marker");
        let overlay = whole.find(crate::report::png::OVERLAY).expect("an overlay");
        assert!(whole[at..overlay].contains("\n  <g id=\"nodes\">"));
        // Mark the kept phase text: the next map is written from it.
        let mark = |texts: &mut Vec<(PhaseKey, Arc<str>)>| {
            let (_, text) = texts
                .iter_mut()
                .find(|(k, _)| get(&k.text).is_some_and(|t| t.contains(word)))
                .expect("the phase text was kept");
            *text = Arc::from(format!("<!-- kept -->{text}"));
        };
        mark(&mut PHASE_TEXTS.lock());
        let marked = super::super::render_referee(&c, &world, &env).expect("a map");
        assert!(marked.contains("<!-- phase --><!-- kept -->"));
        assert_eq!(marked.replace("<!-- kept -->", ""), whole);
        // Another owner of a node: another text, written whole.
        let mut moved = world.clone();
        let node = moved.nodes.values_mut().next().expect("a node");
        node.owner = (c.nations.iter())
            .map(|n| n.code.clone())
            .find(|n| *n != node.owner)
            .expect("another nation");
        let changed = super::super::render_referee(&c, &moved, &env).expect("a map");
        assert!(!changed.contains("<!-- kept -->"));
        assert_ne!(changed, whole);
    }
}
