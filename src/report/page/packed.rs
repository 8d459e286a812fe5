//! The order page's packed parts gzipped (one gzip member, the browser's
//! `DecompressionStream` unpacks it). Every club's page of a phase in a language shares
//! its first part, in two: what no phase changes (the page's script and the map's static
//! layer: land, sea, roads, names, legend), deflated once a process, and the phase's
//! node marks, deflated once a phase with the end of the first as deflate's preset
//! dictionary, as the map picture's static layer and base are drawn (`png`). Each page
//! deflates only its own rest, with the end of the shared parts as its dictionary (the
//! reader has it: the same stream), so the page is as small as if it were deflated
//! whole.

use flate2::{Compress, Compression, Crc, FlushCompress, Status};
use std::sync::{Arc, Mutex};

/// How many shared parts of each kind are kept: one per language in use, and a few to
/// spare.
const KEPT: usize = 4;

/// Deflate's window: the most of the text before that a part may refer to.
const WINDOW: usize = 32 * 1024;

/// A shared part deflated: raw deflate ended by a sync flush, not final.
struct Shared {
    deflate: Vec<u8>,
}

/// A shared part's key: the text before it (empty for the first) and its own.
type Key = (String, String);

/// The shared parts kept: the static ones (nothing before them) and the phases'.
struct Parts {
    fixed: Vec<(Key, Arc<Shared>)>,
    phase: Vec<(Key, Arc<Shared>)>,
}

fn kept() -> &'static Mutex<Parts> {
    static KEPT_PARTS: Mutex<Parts> = Mutex::new(Parts {
        fixed: Vec::new(),
        phase: Vec::new(),
    });
    &KEPT_PARTS
}

/// Forgets the phases' shared parts: what a new phase finds (for the benchmarks that
/// resolve one phase again and again, with `png::forget_bases`). The static parts stay,
/// as the map's static layers do.
pub(crate) fn forget() {
    lock().phase.clear();
}

/// Forgets the static parts too: what a new process finds (`png::forget_static_layers`).
pub(crate) fn forget_all() {
    let mut parts = lock();
    parts.fixed.clear();
    parts.phase.clear();
}

fn lock() -> std::sync::MutexGuard<'static, Parts> {
    // A panic elsewhere while holding it leaves only a cache behind: still usable.
    kept().lock().unwrap_or_else(|e| e.into_inner())
}

/// Deflates `input` into `out` until `flush` is done (zlib's default level: a page's
/// parts in a few milliseconds).
fn deflate(z: &mut Compress, input: &[u8], flush: FlushCompress, out: &mut Vec<u8>) {
    let start = z.total_in();
    loop {
        let done = (z.total_in() - start) as usize;
        out.reserve(input.len() - done + 1024);
        // Deflating into a Vec with room cannot fail.
        let status = z.compress_vec(&input[done..], out, flush);
        let all_in = (z.total_in() - start) as usize == input.len();
        let finished = match flush {
            FlushCompress::Finish => matches!(status, Ok(Status::StreamEnd)),
            // A sync flush is done when it did not fill the room it had.
            _ => all_in && out.len() < out.capacity(),
        };
        if finished || status.is_err() {
            break;
        }
    }
}

/// The last `WINDOW` bytes of `first` then `second`, one after the other.
fn window(first: &str, second: &str) -> Vec<u8> {
    let from_second = &second.as_bytes()[second.len().saturating_sub(WINDOW)..];
    let from_first = &first.as_bytes()[first.len().saturating_sub(WINDOW - from_second.len())..];
    [from_first, from_second].concat()
}

/// The shared part `text` deflated after `before` (its last 32 KB the dictionary), kept
/// by both: once a process for the static part (nothing before it), once a phase for
/// the phase's. Made while the lock is held: the clubs' pages are written on every core
/// at once, and the second waits for the part rather than making it again.
fn shared(before: &str, text: &str) -> Arc<Shared> {
    let mut parts = lock();
    let list = if before.is_empty() {
        &mut parts.fixed
    } else {
        &mut parts.phase
    };
    if let Some((_, s)) = list.iter().find(|((b, t), _)| t == text && b == before) {
        return s.clone();
    }
    let mut z = Compress::new(Compression::default(), false);
    if !before.is_empty() {
        // A raw stream takes a dictionary before its first byte: never fails here.
        let _ = z.set_dictionary(&window(before, ""));
    }
    let mut out = Vec::with_capacity(text.len() / 4);
    deflate(&mut z, text.as_bytes(), FlushCompress::Sync, &mut out);
    let s = Arc::new(Shared { deflate: out });
    if list.len() >= KEPT {
        list.remove(0);
    }
    list.push(((before.to_owned(), text.to_owned()), s.clone()));
    s
}

/// The level a club's own rest is deflated at. On a round's page of the shipped
/// campaign (one run, its rest of 62 KB over the shared part's dictionary): level 5
/// gave 12 202 bytes in 0.35 ms, the default level 6 12 123 bytes in 0.49 ms (level 4:
/// 12 507 bytes in 0.28 ms, half a kilobyte more a mail, whose heaviest round is within
/// 5 KB of its 300 KB). The shared parts, deflated once a process or a phase, keep the
/// default level.
const REST_LEVEL: u32 = 5;

/// `fixed`, `phase` then `rest`, gzipped as one member: the shared parts' bytes as
/// kept ([`shared`]), then the rest deflated with the last 32 KB before it as its
/// dictionary.
pub(super) fn gzip(fixed: &str, phase: &str, rest: &str) -> Vec<u8> {
    let mut z = Compress::new(Compression::new(REST_LEVEL), false);
    // The gzip header flate2's encoder writes: no name, no time, OS unknown.
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    if !fixed.is_empty() {
        out.extend_from_slice(&shared("", fixed).deflate);
    }
    if !phase.is_empty() {
        out.extend_from_slice(&shared(fixed, phase).deflate);
    }
    if !fixed.is_empty() || !phase.is_empty() {
        // A raw stream takes a dictionary before its first byte: never fails here.
        let _ = z.set_dictionary(&window(fixed, phase));
    }
    deflate(&mut z, rest.as_bytes(), FlushCompress::Finish, &mut out);
    // The CRC-32 of the whole text (a few microseconds).
    let mut crc = Crc::new();
    crc.update(fixed.as_bytes());
    crc.update(phase.as_bytes());
    crc.update(rest.as_bytes());
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&crc.amount().to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    fn gunzip(bytes: &[u8]) -> String {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_string(&mut text)
            .expect("one valid gzip member");
        text
    }

    #[test]
    fn the_shared_parts_and_the_rest_read_back_as_one_text() {
        let fixed: String = (0..3000)
            .map(|i| format!("<path d=\"M {i} 0\"/>"))
            .collect();
        let phase: String = (0..400).map(|i| format!("<circle cx=\"{i}\"/>")).collect();
        let rest = format!("<!-- overlay --><text>Città</text>\0{{\"a\":1}}\0{fixed}");
        let a = gzip(&fixed, &phase, &rest);
        assert_eq!(gunzip(&a), format!("{fixed}{phase}{rest}"));
        // Kept, and the same bytes again; a second club's rest reads back as its own.
        assert_eq!(a, gzip(&fixed, &phase, &rest));
        let b = gzip(&fixed, &phase, "\0other");
        assert_eq!(gunzip(&b), format!("{fixed}{phase}\0other"));
        // A new phase after the static part kept, and after the phases forgotten.
        let next = phase.replace("cx", "cy");
        assert_eq!(gunzip(&gzip(&fixed, &next, "")), format!("{fixed}{next}"));
        forget();
        assert_eq!(
            gunzip(&gzip(&fixed, &phase, &rest)),
            format!("{fixed}{phase}{rest}")
        );
        // A phase part shorter than the window: the rest's dictionary spans both parts.
        assert_eq!(
            gunzip(&gzip(&fixed, "<g/>", &rest)),
            format!("{fixed}<g/>{rest}")
        );
        // Nothing shared: the rest alone; no static part: the phase's first.
        assert_eq!(gunzip(&gzip("", "", &rest)), rest);
        assert_eq!(gunzip(&gzip("", &phase, &rest)), format!("{phase}{rest}"));
        // The dictionary is used: a rest that repeats the shared part costs less than
        // the same rest deflated apart.
        let apart = gzip(&fixed, &phase, "").len() + gzip("", "", &rest).len();
        assert!(a.len() + 200 < apart, "{} against {apart}", a.len());
    }

    /// The phase's part refers to the static part before it: no heavier than the two
    /// deflated as one part.
    #[test]
    fn a_phase_part_costs_what_it_would_in_one_stream() {
        let fixed: String = (0..2000).map(|i| format!("<rect x=\"{i}\"/>")).collect();
        let phase: String = (0..1500).map(|i| format!("<rect x=\"{i}\"/>")).collect();
        let two = gzip(&fixed, &phase, "").len();
        let one = gzip(&format!("{fixed}{phase}"), "", "").len();
        assert!(two <= one + 64, "{two} against {one}");
    }

    #[test]
    fn the_window_is_the_last_bytes_of_both_texts() {
        let first = "a".repeat(WINDOW);
        assert_eq!(window(&first, "bc").len(), WINDOW);
        assert!(window(&first, "bc").ends_with(b"abc"));
        assert_eq!(window("xy", "z"), b"xyz");
        let second = "b".repeat(WINDOW + 5);
        assert_eq!(window("a", &second), second.as_bytes()[5..]);
    }
}
