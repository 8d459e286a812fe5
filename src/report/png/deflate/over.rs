//! A band of a club's picture said with the tokens of the shared base's band it was
//! drawn over (issue 30: tokenizing a club's changed bands whole was an eighth of a
//! phase). A base token whose own bytes and whose copy's bytes the overlay left alone
//! says the same in the club's band; only the stretches of tokens the overlay changed
//! are tokenized anew, from the pixel before and the rows above (what a piece's or a
//! name's pixels repeat). The base's tokens were found with its hash chains, so where
//! the club's band is the base's it is as small as the base's.
//!
//! The tokens come from the base's bytes and the club's alone, so the same picture over
//! the same base gives the same bytes.

use super::{Effort, Finder, MAX_MATCH, MIN_MATCH, Token, WINDOW, common};

/// The tokens of `new` (its first `from` bytes the rows above, as a dictionary), drawn
/// over `old`, whose bytes past `from` `tokens` say; `None` where they cannot be (the
/// lengths differ, or the tokens say another number of bytes).
pub(in crate::report::png) fn over(
    old: &[u8],
    tokens: &[Token],
    new: &[u8],
    from: usize,
    stride: usize,
) -> Option<Vec<Token>> {
    let said: usize = tokens.iter().map(|t| t.len()).sum();
    if old.len() != new.len() || from > new.len() || said != new.len() - from {
        return None;
    }
    let changed = Changed::of(old, new);
    let mut out = Vec::with_capacity(tokens.len() + 64);
    let mut at = from;
    let mut rest = tokens.iter().copied().peekable();
    while let Some(t) = rest.next() {
        if changed.keeps(t, at) {
            out.push(t);
            at += t.len();
            continue;
        }
        // The run of tokens that no longer say the club's bytes, said anew.
        let start = at;
        at += t.len();
        while let Some(&next) = rest.peek() {
            if changed.keeps(next, at) {
                break;
            }
            at += next.len();
            rest.next();
        }
        anew(new, start, at, stride, &mut out);
    }
    Some(out)
}

/// The bytes where two buffers of one length differ, a bit each (64 to a word): a
/// token asks about a few words at most, and a band has thousands of tokens.
struct Changed(Vec<u64>);

impl Changed {
    fn of(old: &[u8], new: &[u8]) -> Changed {
        let n = old.len();
        let mut bits = vec![0u64; n.div_ceil(64)];
        let mut i = 0;
        while i < n {
            i += common(&old[i..], &new[i..], n - i);
            while i < n && old[i] != new[i] {
                bits[i / 64] |= 1 << (i % 64);
                i += 1;
            }
        }
        Changed(bits)
    }

    /// Whether any byte of `from..to` changed.
    fn any(&self, from: usize, to: usize) -> bool {
        if from >= to {
            return false;
        }
        let (first, last) = (from / 64, (to - 1) / 64);
        (first..=last).any(|w| {
            let mut word = self.0.get(w).copied().unwrap_or(0);
            if w == first {
                word &= u64::MAX << (from % 64);
            }
            if w == last {
                word &= u64::MAX >> (63 - (to - 1) % 64);
            }
            word != 0
        })
    }

    /// Whether token `t`, at `at`, still says the new bytes: its bytes, and for a match
    /// the bytes it copies, are unchanged.
    fn keeps(&self, t: Token, at: usize) -> bool {
        match t {
            Token::Literal(_) => !self.any(at, at + 1),
            Token::Match { len, dist } => {
                let (len, dist) = (usize::from(len), usize::from(dist));
                at.checked_sub(dist)
                    .is_some_and(|src| !self.any(at, at + len) && !self.any(src, src + len))
            }
        }
    }
}

/// Tokenizes `buf[start..end]` into `out`, no match past `end` (where the base's tokens
/// go on), as a club's band is tokenized but for the places seen: a pixel back, a row
/// up and a row up a pixel to either side.
fn anew(buf: &[u8], start: usize, end: usize, stride: usize, out: &mut Vec<Token>) {
    super::lazy(
        &mut Near { buf, stride },
        buf,
        start..end,
        Effort::CLUB.lazy,
        out,
    );
}

/// Where a stretch said anew looks for matches: near places alone (no table of places
/// seen, which would be the whole band's to build).
struct Near<'a> {
    buf: &'a [u8],
    stride: usize,
}

impl Finder for Near<'_> {
    /// The longest of a pixel back, a row up, and a row up a pixel to either side.
    fn best(&self, i: usize, end: usize) -> (usize, usize) {
        let (buf, stride) = (self.buf, self.stride);
        let limit = MAX_MATCH.min(end - i);
        if limit < MIN_MATCH {
            return (0, 0);
        }
        let (mut len, mut dist) = (0, 0);
        for d in [1, stride, stride.saturating_sub(1), stride + 1] {
            // Only a candidate that matches one byte past the best so far can beat it.
            if d == 0 || d > i || d > WINDOW || d == dist || buf[i - d + len] != buf[i + len] {
                continue;
            }
            let l = common(&buf[i - d..], &buf[i..], limit);
            if l > len {
                (len, dist) = (l, d);
                if l == limit {
                    break;
                }
            }
        }
        (len, dist)
    }
}
