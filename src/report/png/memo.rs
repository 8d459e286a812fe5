//! The bands compressed before, kept by what they hold: a band whose bytes (its rows'
//! palette indices and the rows above it given as the dictionary) were compressed
//! already at the same level takes the bytes compressed then. Deflate gives the same
//! bytes for the same input at the same level (a compressor used again is reset to a
//! new one's state), so a band taken from here is byte for byte the band compressed
//! anew: the memo changes how long a picture takes, never its bytes. (A club's band said
//! from the tokens of the base's band under it is kept by the base band's bytes too.)
//!
//! A service resolving phase after phase draws each phase's maps over the last phase's:
//! a round changes the marks of a few places and the pieces that moved, and every other
//! band of the shared base and of each club's picture is found here (issue 30.5: the
//! base's bands at zlib's best level were half of a phase's pictures). The bands are
//! kept by the XXH3-128 digest of their bytes with the bytes' length and the dictionary's
//! share of them; the least recently used go past [`KEPT`].

use super::bands::Band;
use std::collections::HashMap;
use std::sync::Mutex;

/// How many bands are kept: a phase of the shipped campaign compresses some 300 (the
/// shared bases' and each club's own), at about 2 KB each, so two phases and more of a
/// larger campaign are kept in a few MB (a shared base's band keeps its tokens too,
/// some 1 500 of 6 bytes on the shipped map: a base's 62 bands, under 1 MB).
const KEPT: usize = 4096;

/// What a band is known by: its deflate level, the digest of its bytes (dictionary and
/// rows), their length and where the dictionary ends; for a band said from a shared
/// base's tokens, the digest of the base band's bytes too (0 for any other).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Key {
    level: u8,
    digest: u128,
    len: usize,
    dict: usize,
    base: u128,
}

impl Key {
    /// The key of `bytes` (the first `dict` of them the dictionary) at `level`.
    pub(super) fn of(level: u8, bytes: &[u8], dict: usize) -> Key {
        Key {
            level,
            digest: xxhash_rust::xxh3::xxh3_128(bytes),
            len: bytes.len(),
            dict,
            base: 0,
        }
    }

    /// The key of `bytes` drawn over the base band whose bytes' digest is `base` and
    /// said from its tokens: their bytes depend on the base's too.
    pub(super) fn over(level: u8, bytes: &[u8], dict: usize, base: u128) -> Key {
        Key {
            base,
            ..Key::of(level, bytes, dict)
        }
    }
}

/// The bands kept, each with when it was last used.
#[derive(Clone, Default)]
pub struct Memo {
    bands: HashMap<Key, (Band, u64)>,
    tick: u64,
}

/// A memo shared by the threads that draw pictures (made when first used).
#[derive(Default)]
pub(super) struct Shared(Mutex<Option<Memo>>);

/// The process's memo, which every picture drawn uses.
pub(super) static MEMO: Shared = Shared::new();

impl Shared {
    pub(super) const fn new() -> Shared {
        Shared(Mutex::new(None))
    }

    /// Runs `f` on the memo, alone.
    fn with<R>(&self, f: impl FnOnce(&mut Memo) -> R) -> R {
        // A panic elsewhere while holding it leaves only a cache behind: still usable.
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(guard.get_or_insert_with(Memo::default))
    }

    /// The band kept for `key`, if any.
    pub(super) fn find(&self, key: &Key) -> Option<Band> {
        self.with(|m| {
            m.tick += 1;
            let tick = m.tick;
            m.bands.get_mut(key).map(|(band, used)| {
                *used = tick;
                band.clone()
            })
        })
    }

    /// Keeps `band`, compressed from the bytes `key` names; past [`KEPT`], the least
    /// recently used half goes.
    pub(super) fn keep(&self, key: Key, band: Band) {
        self.with(|m| {
            m.tick += 1;
            let tick = m.tick;
            m.bands.insert(key, (band, tick));
            if m.bands.len() > KEPT {
                let mut ticks: Vec<u64> = m.bands.values().map(|(_, t)| *t).collect();
                let (_, median, _) = ticks.select_nth_unstable(KEPT / 2);
                let median = *median;
                m.bands.retain(|_, (_, t)| *t > median);
            }
        })
    }

    /// How many bands are kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.with(|m| m.bands.len())
    }
}

/// The bands kept now, to be put back by [`restore`]: a benchmark sets the memo a
/// service has after the phase before the one it times.
pub fn snapshot() -> Memo {
    MEMO.with(|m| m.clone())
}

/// Puts back the bands of a [`snapshot`].
pub fn restore(kept: Memo) {
    MEMO.with(|m| *m = kept);
}

/// Forgets every band kept: what a new process finds.
pub fn clear() {
    MEMO.with(|m| *m = Memo::default());
}
