//! A deflate encoder made for a map's palette rows: the bands a club's overlay changes,
//! compressed for one mail each, and the shared base's, once a phase (issue 30.5, the
//! phase). A map repeats itself the pixel before (a run of one colour), the same pixel a
//! row up (an edge or a field that goes on) and a row up a pixel to either side (a
//! slanting edge): those are tried at every byte, with the last place the next four
//! bytes were seen, and the longest match is taken, a short one only if the next byte's
//! is no longer. The base's bands also walk a short hash chain ([`Effort`]). One block
//! per band with Huffman codes made for it, ended by a sync flush as
//! zlib's would be, so the band's bytes follow the others' in one zlib stream.
//!
//! Any inflater reads it: the tests hold every band to what `flate2` reads back. Written
//! here because no crate does it: zlib's levels look everywhere (level 5 took 1.7 times
//! as long for the same bytes), fdeflate writes one block with a fixed table and matches
//! runs of zeros alone, libdeflate takes a whole buffer with no preset dictionary.
//!
//! A club's band drawn over the base's is not tokenized whole: the base's tokens are
//! kept where what they say and what they copy are unchanged ([`over`]).

mod over;
pub(super) use over::over;

/// The shortest and longest match deflate can say, and how far back it can look.
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const WINDOW: usize = 32 * 1024;

/// A three-byte match further back than this costs more than its literals (zlib's rule).
const FAR: usize = 4096;

/// Bits of the table of where each four bytes were last seen.
const HASH_BITS: u32 = 14;

/// Deflate's length codes 257–285: each code's least length and extra bits.
const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];

/// Deflate's distance codes 0–29: each code's least distance and extra bits.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// The order the code-length code's lengths are written in.
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// `data` compressed as raw deflate blocks, not final, ended by a sync flush (an empty
/// stored block), with `dict` (the rows above it) as what came before; `stride` is a
/// row's length in bytes (its filter byte and its pixels).
#[cfg(test)]
pub(super) fn band(dict: &[u8], data: &[u8], stride: usize, effort: Effort) -> Vec<u8> {
    write(&tokens(dict, data, stride, effort))
}

/// The literals and matches that say `data` after `dict` ([`band`] writes them).
pub(super) fn tokens(dict: &[u8], data: &[u8], stride: usize, effort: Effort) -> Vec<Token> {
    matches(&[dict, data].concat(), dict.len(), stride, effort)
}

/// `tokens` written as a band: one block (none for no token), then a sync flush.
pub(super) fn write(tokens: &[Token]) -> Vec<u8> {
    let bytes: usize = tokens.iter().map(|t| t.len()).sum();
    let mut w = Bits::with_capacity(bytes / 4 + 64);
    if !tokens.is_empty() {
        block(&mut w, tokens);
    }
    // A sync flush: an empty stored block, not final, its length and complement aligned.
    w.put(0, 3);
    w.align();
    w.out.extend_from_slice(&[0, 0, 0xff, 0xff]);
    w.out
}

/// One symbol of the stream: a literal byte, or a match of `len` bytes `dist` back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Literal(u8),
    Match { len: u16, dist: u16 },
}

impl Token {
    /// How many bytes it says.
    pub(super) fn len(self) -> usize {
        match self {
            Token::Literal(_) => 1,
            Token::Match { len, .. } => len.into(),
        }
    }
}

/// How hard the encoder looks: a club's bands, written for one mail, look at the five
/// places alone ([`Effort::CLUB`]); the shared base's, which go into every club's
/// picture of the phase, also walk back through the earlier places the next four bytes
/// were seen and keep every place inside a match ([`Effort::BASE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Effort {
    /// How many earlier places of the same four bytes are tried past the last.
    chain: usize,
    /// Matches shorter than this are held while the next byte's is looked at (zlib's
    /// lazy matching): a longer match one byte on is worth a literal.
    lazy: usize,
    /// Whether every place inside a match is kept as seen, not only its last two.
    keep_all: bool,
}

impl Effort {
    /// A club's own bands.
    pub(super) const CLUB: Effort = Effort {
        chain: 0,
        lazy: 32,
        keep_all: false,
    };
    /// The phase's shared base.
    pub(super) const BASE: Effort = Effort {
        chain: 4,
        lazy: MAX_MATCH,
        keep_all: true,
    };
}

/// Whether a match of `len` bytes `dist` back is worth saying (a literal's bytes else).
fn usable((len, dist): (usize, usize)) -> bool {
    len > MIN_MATCH || (len == MIN_MATCH && dist <= FAR)
}

/// The literals and matches of `buf[from..]`, `buf[..from]` being what came before.
fn matches(buf: &[u8], from: usize, stride: usize, effort: Effort) -> Vec<Token> {
    let mut seen = Seen::new(buf, stride, effort);
    for i in from.saturating_sub(WINDOW)..from {
        seen.keep(i);
    }
    let mut tokens = Vec::with_capacity((buf.len() - from) / 2);
    lazy(&mut seen, buf, from..buf.len(), effort.lazy, &mut tokens);
    tokens
}

/// Where a tokenizer looks for matches, and what it is told of the bytes it passes.
trait Finder {
    /// The longest match at `i` that ends by `end` (its length and distance; length 0
    /// where none).
    fn best(&self, i: usize, end: usize) -> (usize, usize);
    /// Byte `i` was passed: said as a literal, or the first of a match.
    fn keep(&mut self, _i: usize) {}
    /// A match of `len` bytes was said at `i`.
    fn keep_within(&mut self, _i: usize, _len: usize) {}
}

/// The literals and matches of `buf[span]` into `out`: at each byte the longest match
/// `find` has, a match shorter than `lazy` only if the next byte's is no longer (zlib's
/// lazy matching: a longer match one byte on is worth a literal).
fn lazy(
    find: &mut impl Finder,
    buf: &[u8],
    span: std::ops::Range<usize>,
    lazy: usize,
    out: &mut Vec<Token>,
) {
    let (mut i, end) = (span.start, span.end);
    // The match found at `i` by the look one byte on, when a literal went before it.
    let mut ahead = None;
    while i < end {
        let (len, dist) = ahead.take().unwrap_or_else(|| find.best(i, end));
        find.keep(i);
        if usable((len, dist)) && len < lazy && i + 1 < end {
            let next = find.best(i + 1, end);
            if usable(next) && next.0 > len {
                ahead = Some(next);
            }
        }
        if !usable((len, dist)) || ahead.is_some() {
            out.push(Token::Literal(buf[i]));
            i += 1;
            continue;
        }
        out.push(Token::Match {
            len: len as u16,
            dist: dist as u16,
        });
        find.keep_within(i, len);
        i += len;
    }
}

/// Where each four bytes of a buffer were last seen, and, with a chain, where before.
struct Seen<'a> {
    buf: &'a [u8],
    head: Vec<u32>,
    /// Position → the place the same four bytes were seen before it (empty without a
    /// chain).
    prev: Vec<u32>,
    chain: usize,
    /// A row's length in bytes, and whether every place inside a match is kept.
    stride: usize,
    keep_all: bool,
}

impl<'a> Seen<'a> {
    fn new(buf: &'a [u8], stride: usize, effort: Effort) -> Seen<'a> {
        Seen {
            buf,
            head: vec![u32::MAX; 1 << HASH_BITS],
            prev: if effort.chain > 0 {
                vec![u32::MAX; buf.len()]
            } else {
                Vec::new()
            },
            chain: effort.chain,
            stride,
            keep_all: effort.keep_all,
        }
    }

    fn hash(&self, i: usize) -> Option<usize> {
        let four: [u8; 4] = self.buf.get(i..i + 4)?.try_into().ok()?;
        Some((u32::from_le_bytes(four).wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize)
    }
}

impl Finder for Seen<'_> {
    fn keep(&mut self, i: usize) {
        if let Some(h) = self.hash(i) {
            if let Some(p) = self.prev.get_mut(i) {
                *p = self.head[h];
            }
            self.head[h] = i as u32;
        }
    }

    fn keep_within(&mut self, i: usize, len: usize) {
        // Within a match only its last bytes are kept as places seen (unless the effort
        // keeps all): a run's four bytes hash alike, and a match's own bytes are found a
        // row up or a pixel back.
        let first = if self.keep_all {
            i + 1
        } else {
            (i + 1).max(i + len - 2)
        };
        for j in first..i + len {
            self.keep(j);
        }
    }

    /// A pixel back, a row up, a row up a pixel either side (a slanting edge), where the
    /// next four bytes were last seen, and, with a chain, where they were seen before.
    fn best(&self, i: usize, end: usize) -> (usize, usize) {
        let (buf, stride) = (self.buf, self.stride);
        let limit = MAX_MATCH.min(end - i);
        if limit < MIN_MATCH {
            return (0, 0);
        }
        let last = self
            .hash(i)
            .map(|h| self.head[h] as usize)
            .filter(|&s| s < i);
        let (mut len, mut dist) = (0, 0);
        let try_at = |d: usize, len: &mut usize, dist: &mut usize| {
            // Only a candidate that matches one byte past the best so far can beat it.
            if d == 0 || d > i || d > WINDOW || d == *dist || buf[i - d + *len] != buf[i + *len] {
                return false;
            }
            let l = common(&buf[i - d..], &buf[i..], limit);
            if l > *len {
                (*len, *dist) = (l, d);
            }
            l == limit
        };
        for d in [1, stride, stride - 1, stride + 1, last.map_or(0, |s| i - s)] {
            if try_at(d, &mut len, &mut dist) {
                return (len, dist);
            }
        }
        let mut at = last;
        for _ in 0..self.chain {
            let Some(s) = at.and_then(|s| self.prev.get(s)).map(|&p| p as usize) else {
                break;
            };
            if s >= i || i - s > WINDOW {
                break;
            }
            if try_at(i - s, &mut len, &mut dist) {
                break;
            }
            at = Some(s);
        }
        (len, dist)
    }
}

/// How many of the first `limit` bytes of `a` and `b` are the same (eight at a time).
fn common(a: &[u8], b: &[u8], limit: usize) -> usize {
    let mut n = 0;
    while n + 8 <= limit {
        let x = u64::from_le_bytes(a[n..n + 8].try_into().unwrap_or_default());
        let y = u64::from_le_bytes(b[n..n + 8].try_into().unwrap_or_default());
        if x != y {
            return n + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < limit && a[n] == b[n] {
        n += 1;
    }
    n
}

/// The code of a length 3–258 (0–28, for symbol 257 on) and of a distance (0–29).
fn len_code(len: u16) -> usize {
    LEN_BASE.partition_point(|&b| b <= len) - 1
}
fn dist_code(dist: u16) -> usize {
    DIST_BASE.partition_point(|&b| b <= dist) - 1
}

/// Writes `tokens` as one dynamic Huffman block, not final, with its end of block.
fn block(w: &mut Bits, tokens: &[Token]) {
    let mut lit_freq = [0u32; 286];
    let mut dist_freq = [0u32; 30];
    let coded: Vec<(usize, usize)> = tokens
        .iter()
        .map(|t| match *t {
            Token::Literal(b) => {
                lit_freq[b as usize] += 1;
                (b as usize, 0)
            }
            Token::Match { len, dist } => {
                let (l, d) = (len_code(len), dist_code(dist));
                lit_freq[257 + l] += 1;
                dist_freq[d] += 1;
                (257 + l, d)
            }
        })
        .collect();
    lit_freq[256] = 1;
    let lit_len = lengths(&lit_freq, 15);
    let dist_len = lengths(&dist_freq, 15);
    let (lit_code, dist_code_of) = (codes(&lit_len), codes(&dist_len));
    let nlit = 257.max(lit_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let ndist = 1.max(dist_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let all: Vec<u8> = lit_len[..nlit]
        .iter()
        .chain(&dist_len[..ndist])
        .copied()
        .collect();
    let runs = code_length_runs(&all);
    let mut cl_freq = [0u32; 19];
    for &(sym, _) in &runs {
        cl_freq[sym as usize] += 1;
    }
    let cl_len = lengths(&cl_freq, 7);
    let cl_code = codes(&cl_len);
    let ncl = 4.max(
        CL_ORDER
            .iter()
            .rposition(|&s| cl_len[s] > 0)
            .map_or(0, |p| p + 1),
    );
    // Not final, dynamic Huffman (BTYPE 2).
    w.put(0, 1);
    w.put(2, 2);
    w.put((nlit - 257) as u32, 5);
    w.put((ndist - 1) as u32, 5);
    w.put((ncl - 4) as u32, 4);
    for &s in &CL_ORDER[..ncl] {
        w.put(u32::from(cl_len[s]), 3);
    }
    for &(sym, extra) in &runs {
        let s = sym as usize;
        w.put(u32::from(cl_code[s]), u32::from(cl_len[s]));
        match sym {
            16 => w.put(u32::from(extra), 2),
            17 => w.put(u32::from(extra), 3),
            18 => w.put(u32::from(extra), 7),
            _ => {}
        }
    }
    for (t, &(l, d)) in tokens.iter().zip(&coded) {
        w.put(u32::from(lit_code[l]), u32::from(lit_len[l]));
        if let Token::Match { len, dist } = *t {
            let lc = l - 257;
            w.put(u32::from(len - LEN_BASE[lc]), u32::from(LEN_EXTRA[lc]));
            w.put(u32::from(dist_code_of[d]), u32::from(dist_len[d]));
            w.put(u32::from(dist - DIST_BASE[d]), u32::from(DIST_EXTRA[d]));
        }
    }
    w.put(u32::from(lit_code[256]), u32::from(lit_len[256]));
}

/// The code lengths written as deflate does: runs of a length by code 16, of zeros by
/// 17 and 18, each with its extra bits' value.
fn code_length_runs(lens: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lens.len() {
        let l = lens[i];
        let run = lens[i..].iter().take_while(|&&x| x == l).count();
        let mut left = run;
        if l == 0 {
            while left >= 11 {
                let k = left.min(138);
                out.push((18, (k - 11) as u8));
                left -= k;
            }
            if left >= 3 {
                out.push((17, (left - 3) as u8));
                left = 0;
            }
            out.extend(std::iter::repeat_n((0, 0), left));
        } else {
            out.push((l, 0));
            left -= 1;
            while left >= 3 {
                let k = left.min(6);
                out.push((16, (k - 3) as u8));
                left -= k;
            }
            out.extend(std::iter::repeat_n((l, 0), left));
        }
        i += run;
    }
    out
}

/// Huffman code lengths for `freq`, none longer than `limit`: at least two symbols get
/// a code (a complete code, which every inflater takes), and where the tree is too deep
/// the counts are halved until it is not.
fn lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut f: Vec<u64> = freq.iter().map(|&x| u64::from(x)).collect();
    for s in 0..f.len() {
        if f.iter().filter(|&&x| x > 0).count() >= 2 {
            break;
        }
        if f[s] == 0 {
            f[s] = 1;
        }
    }
    loop {
        let out = tree_depths(&f);
        if out.iter().all(|&l| l <= limit) {
            return out;
        }
        for x in f.iter_mut().filter(|x| **x > 0) {
            *x = x.div_ceil(2);
        }
    }
}

/// The depth of each symbol with a count in the Huffman tree of `freq` (ties broken by
/// the order nodes were made, so the same counts give the same lengths).
fn tree_depths(freq: &[u64]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut parent: Vec<usize> = Vec::with_capacity(freq.len() * 2);
    let mut heap = BinaryHeap::new();
    let mut leaf_of = vec![usize::MAX; freq.len()];
    for (s, &x) in freq.iter().enumerate() {
        if x > 0 {
            leaf_of[s] = parent.len();
            heap.push(Reverse((x, parent.len())));
            parent.push(usize::MAX);
        }
    }
    while heap.len() > 1 {
        let (Some(Reverse((a, i))), Some(Reverse((b, j)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        let n = parent.len();
        parent.push(usize::MAX);
        (parent[i], parent[j]) = (n, n);
        heap.push(Reverse((a + b, n)));
    }
    // A node's depth is its parent's plus one; parents are made after their children.
    let mut depth = vec![0u8; parent.len()];
    for n in (0..parent.len()).rev() {
        if parent[n] != usize::MAX {
            depth[n] = depth[parent[n]].saturating_add(1);
        }
    }
    leaf_of
        .iter()
        .map(|&n| if n == usize::MAX { 0 } else { depth[n] })
        .collect()
}

/// The canonical codes of `lens`, bit-reversed as deflate writes them (first bit lowest).
fn codes(lens: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lens {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lens.iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Bits written first-lowest into bytes, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn with_capacity(bytes: usize) -> Bits {
        Bits {
            out: Vec::with_capacity(bytes),
            acc: 0,
            n: 0,
        }
    }

    /// The low `bits` of `v` (at most 32).
    fn put(&mut self, v: u32, bits: u32) {
        self.acc |= u64::from(v) << self.n;
        self.n += bits;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    /// Pads to a whole byte and writes every bit held.
    fn align(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.acc = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// What an inflater reads back from a band after `dict` (given as stored blocks).
    fn inflate(dict: &[u8], band: &[u8]) -> Vec<u8> {
        let mut stream = Vec::new();
        for chunk in dict.chunks(65_535) {
            let n = chunk.len() as u16;
            stream.push(0);
            stream.extend_from_slice(&n.to_le_bytes());
            stream.extend_from_slice(&(!n).to_le_bytes());
            stream.extend_from_slice(chunk);
        }
        stream.extend_from_slice(band);
        // A final empty block.
        stream.extend_from_slice(&[0x03, 0x00]);
        let mut out = Vec::new();
        flate2::read::DeflateDecoder::new(&stream[..])
            .read_to_end(&mut out)
            .expect("inflates");
        out[dict.len()..].to_vec()
    }

    #[test]
    fn a_band_reads_back_to_its_bytes() {
        let stride = 37;
        let dict: Vec<u8> = (0..2 * stride).map(|i| (i / 5 % 3) as u8).collect();
        let cases: Vec<Vec<u8>> = vec![
            Vec::new(),
            vec![7],
            vec![0; 40_000],
            (0..30 * stride).map(|i| (i % stride / 9) as u8).collect(),
            (0..20_000u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
                .collect(),
            (0..33_000u32).map(|i| (i / 300 % 7) as u8).collect(),
        ];
        for data in &cases {
            for (d, effort) in [&dict[..], &[][..]]
                .into_iter()
                .flat_map(|d| [(d, Effort::CLUB), (d, Effort::BASE)])
            {
                let z = band(d, data, stride, effort);
                assert_eq!(&inflate(d, &z), data, "{} bytes, {effort:?}", data.len());
                assert_eq!(z[z.len() - 4..], [0, 0, 0xff, 0xff], "a sync flush ends it");
            }
        }
    }

    proptest::proptest! {
        /// Rows of a few colours in runs, as a map's, with the rows above them: what
        /// comes back is what went in, whatever the runs and the row length.
        #[test]
        fn any_rows_read_back(
            stride in 2usize..300,
            runs in proptest::collection::vec((0u8..6, 1usize..400), 0..200),
            dict_rows in 0usize..3,
            base in proptest::bool::ANY,
        ) {
            let effort = if base { Effort::BASE } else { Effort::CLUB };
            let data: Vec<u8> = runs.iter().flat_map(|&(c, n)| std::iter::repeat_n(c, n)).collect();
            let dict: Vec<u8> = (0..dict_rows * stride).map(|i| (i * 7 / stride % 4) as u8).collect();
            proptest::prop_assert_eq!(inflate(&dict, &band(&dict, &data, stride, effort)), data);
        }
    }

    /// What `over` says of `new` over `old` (each its dictionary of `from` bytes, then
    /// its band), from the base's tokens found at the base's effort.
    fn said_over(old: &[u8], new: &[u8], from: usize, stride: usize) -> (Vec<Token>, Vec<Token>) {
        let base = tokens(&old[..from], &old[from..], stride, Effort::BASE);
        let list = over(old, &base, new, from, stride).expect("the same length");
        (base, list)
    }

    #[test]
    fn a_band_over_the_base_keeps_the_tokens_the_change_leaves() {
        let stride = 50;
        let old: Vec<u8> = (0..12 * stride)
            .map(|i| (i % stride / 7 + i / (3 * stride)) as u8)
            .collect();
        let from = 2 * stride;
        // Unchanged: the base's tokens, every one.
        let (base, same) = said_over(&old, &old, from, stride);
        assert_eq!(same, base);
        // Four bytes of the seventh row changed: what comes back is the new band, and
        // the tokens before and after the change are the base's.
        let mut new = old.clone();
        new[6 * stride + 20..6 * stride + 24].fill(9);
        let (base, list) = said_over(&old, &new, from, stride);
        assert_eq!(inflate(&new[..from], &write(&list)), &new[from..]);
        let head = base.iter().zip(&list).take_while(|(a, b)| a == b).count();
        let tail = base
            .iter()
            .rev()
            .zip(list.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        assert!(
            head + tail + 8 >= base.len(),
            "{head} + {tail} of {} kept",
            base.len()
        );
        assert!(head > 0 && tail > 0, "{head}, {tail}");
        // A dictionary row changed too: its copies are said anew.
        new[stride + 3] = 11;
        let (_, list) = said_over(&old, &new, from, stride);
        assert_eq!(inflate(&new[..from], &write(&list)), &new[from..]);
        // Another length: nothing to start from.
        assert!(over(&old, &base, &new[1..], from, stride).is_none());
    }

    proptest::proptest! {
        /// A map's rows, and the same rows with patches anywhere (the dictionary's rows
        /// too): said from the base's tokens, what comes back is the patched band.
        #[test]
        fn any_band_over_its_base_reads_back(
            stride in 2usize..200,
            runs in proptest::collection::vec((0u8..6, 1usize..300), 1..120),
            dict_rows in 0usize..3,
            patches in proptest::collection::vec((0usize..100_000, 1usize..40, 0u8..8), 0..12),
        ) {
            let dict: Vec<u8> = (0..dict_rows * stride).map(|i| (i * 7 / stride % 4) as u8).collect();
            let data: Vec<u8> = runs.iter().flat_map(|&(c, n)| std::iter::repeat_n(c, n)).collect();
            let old = [&dict[..], &data[..]].concat();
            let mut new = old.clone();
            for (at, len, c) in patches {
                let at = at % new.len();
                let end = (at + len).min(new.len());
                new[at..end].fill(c);
            }
            let from = dict.len();
            let (_, list) = said_over(&old, &new, from, stride);
            proptest::prop_assert_eq!(list.iter().map(|t| t.len()).sum::<usize>(), data.len());
            proptest::prop_assert_eq!(inflate(&new[..from], &write(&list)), &new[from..]);
        }
    }

    #[test]
    fn codes_are_never_longer_than_the_limit() {
        // Counts of a Fibonacci run make the deepest tree there is.
        let mut freq = vec![0u32; 40];
        let (mut a, mut b) = (1u32, 1u32);
        for f in freq.iter_mut().take(30) {
            *f = a;
            (a, b) = (b, a + b);
        }
        for limit in [7, 15] {
            let l = lengths(&freq, limit);
            assert!(l.iter().all(|&x| x <= limit));
            // A complete code: the Kraft sum is exactly one.
            let kraft: f64 = l
                .iter()
                .filter(|&&x| x > 0)
                .map(|&x| 0.5f64.powi(x.into()))
                .sum();
            assert!((kraft - 1.0).abs() < 1e-9, "{kraft}");
        }
        assert_eq!(
            lengths(&[0, 0, 5], 15),
            [1, 0, 1],
            "one symbol gets a partner"
        );
    }

    #[test]
    fn the_length_and_distance_codes_are_deflates() {
        assert_eq!(
            (len_code(3), len_code(10), len_code(11), len_code(12)),
            (0, 7, 8, 8)
        );
        assert_eq!((len_code(257), len_code(258)), (27, 28));
        assert_eq!(
            (dist_code(1), dist_code(4), dist_code(5), dist_code(6)),
            (0, 3, 4, 4)
        );
        assert_eq!(dist_code(32_768), 29);
    }
}
