//! The order page's packed parts gzipped (one gzip member, the browser's
//! `DecompressionStream` unpacks it): the part every club's page of a phase in a
//! language shares (the page's script and the map's base, up to its overlay) is deflated once and kept for the
//! process, as the map picture's base is (`png`), and each page deflates only its own
//! rest, with the end of the shared part as deflate's preset dictionary (the reader has
//! it: the same stream), so the page is as small as if it were deflated whole.

use flate2::{Compress, Compression, Crc, FlushCompress, Status};
use std::sync::{Arc, Mutex};

/// How many shared parts are kept: one per language in use, and a few to spare.
const KEPT: usize = 4;

/// A shared part deflated: raw deflate ended by a sync flush, not final.
struct Shared {
    deflate: Vec<u8>,
}

/// The shared parts kept, by their text.
fn kept() -> &'static Mutex<Vec<(String, Arc<Shared>)>> {
    static KEPT_PARTS: Mutex<Vec<(String, Arc<Shared>)>> = Mutex::new(Vec::new());
    &KEPT_PARTS
}

/// Forgets the shared parts kept: what a new process finds (for the benchmarks that
/// resolve one phase again and again, with `png::forget_bases`).
pub(crate) fn forget() {
    lock().clear();
}

fn lock() -> std::sync::MutexGuard<'static, Vec<(String, Arc<Shared>)>> {
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

/// The shared part `text` deflated, once per process.
fn shared(text: &str) -> Arc<Shared> {
    let mut kept = lock();
    if let Some((_, s)) = kept.iter().find(|(t, _)| t == text) {
        return s.clone();
    }
    let mut z = Compress::new(Compression::default(), false);
    let mut out = Vec::with_capacity(text.len() / 4);
    deflate(&mut z, text.as_bytes(), FlushCompress::Sync, &mut out);
    let s = Arc::new(Shared { deflate: out });
    if kept.len() >= KEPT {
        kept.remove(0);
    }
    kept.push((text.to_owned(), s.clone()));
    s
}

/// The level a club's own rest is deflated at. On a round's page of the shipped
/// campaign (one run, its rest of 62 KB over the shared part's dictionary): level 5
/// gave 12 202 bytes in 0.35 ms, the default level 6 12 123 bytes in 0.49 ms (level 4:
/// 12 507 bytes in 0.28 ms, half a kilobyte more a mail, whose heaviest round is within
/// 5 KB of its 300 KB). The shared part, deflated once a phase and language, keeps the
/// default level.
const REST_LEVEL: u32 = 5;

/// `shared` then `rest`, gzipped as one member: the shared part's bytes as kept, then
/// the rest deflated with the shared part's last 32 KB as its dictionary.
pub(super) fn gzip(shared_text: &str, rest: &str) -> Vec<u8> {
    let head = (!shared_text.is_empty()).then(|| shared(shared_text));
    let mut z = Compress::new(Compression::new(REST_LEVEL), false);
    // The gzip header flate2's encoder writes: no name, no time, OS unknown.
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    if let Some(h) = &head {
        out.extend_from_slice(&h.deflate);
        let dict = &shared_text.as_bytes()[shared_text.len().saturating_sub(32 * 1024)..];
        // A raw stream takes a dictionary before its first byte: never fails here.
        let _ = z.set_dictionary(dict);
    }
    deflate(&mut z, rest.as_bytes(), FlushCompress::Finish, &mut out);
    // The CRC-32 of the whole text (a few microseconds).
    let mut crc = Crc::new();
    crc.update(shared_text.as_bytes());
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
    fn the_shared_part_and_the_rest_read_back_as_one_text() {
        let shared_text: String = (0..3000)
            .map(|i| format!("<path d=\"M {i} 0\"/>"))
            .collect();
        let rest = format!("<!-- overlay --><text>Città</text>\0{{\"a\":1}}\0{shared_text}");
        let a = gzip(&shared_text, &rest);
        assert_eq!(gunzip(&a), format!("{shared_text}{rest}"));
        // Kept, and the same bytes again; a second club's rest reads back as its own.
        assert_eq!(a, gzip(&shared_text, &rest));
        let b = gzip(&shared_text, "\0other");
        assert_eq!(gunzip(&b), format!("{shared_text}\0other"));
        // Nothing shared: the rest alone.
        assert_eq!(gunzip(&gzip("", &rest)), rest);
        // The dictionary is used: a rest that repeats the shared part costs less than
        // the same rest deflated apart.
        let apart = gzip(&shared_text, "").len() + gzip("", &rest).len();
        assert!(a.len() + 200 < apart, "{} against {apart}", a.len());
    }
}
