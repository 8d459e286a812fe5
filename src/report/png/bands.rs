//! A palette PNG written in bands of rows, each compressed on its own (raw deflate ended
//! by a sync flush, so the bands' bytes follow one another in one zlib stream): a band
//! of a club's picture whose pixels are the shared picture's reuses the shared picture's
//! compressed bytes instead of compressing them again (issue 30.5). The palette is the
//! shared picture's, so a reused band means the same indices. Each band is compressed
//! with the [`DICTIONARY_ROWS`] rows above it as deflate's preset dictionary: the reader
//! has them already (one stream), so a band's first rows match the rows above as in a
//! picture compressed whole, and a band's bytes depend on those rows and its own alone
//! (a club's band, on the shared picture's band under it too: it is said from that
//! band's tokens where they still hold, `deflate::over`). Deterministic: the same pixels
//! over the same shared picture give the same bytes.

use super::deflate::Token;
use super::memo;
use crate::error::{Error, Result};
use resvg::tiny_skia::{Pixmap, PremultipliedColorU8};
use std::sync::Arc;
use std::sync::atomic::{AtomicU16, Ordering};

/// Rows compressed together.
pub(super) const BAND: usize = 32;

/// The rows of the first band: a map's title band (`map::TITLE_BAND`, 46 px) whole, so
/// that the title, which is every club's own, changes one band of its picture, not two.
pub(super) const FIRST_BAND: usize = 48;

/// The rows above a band given to its compression as a preset dictionary: a palette
/// map's matches are mostly the row above (flat colours, straight edges), and two rows
/// made the demo's club maps 1.1 % lighter than none, where the whole 32 KB window
/// gained a further 0.4 % but made a band's bytes depend on 23 rows above it.
pub(super) const DICTIONARY_ROWS: usize = 2;

/// The `level` that stands for the encoder made for palette rows (`deflate`), not
/// zlib's: above zlib's levels (0–9), so the memo of bands keeps its bands apart.
pub(super) const ROWS: u8 = 10;

/// The `level` that stands for the same encoder at the shared base's effort (hash
/// chains), kept apart from [`ROWS`] in the memo too.
pub(super) const ROWS_BASE: u8 = 11;

/// How a picture is written: its palette's size and the deflate level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    /// Shapes drawn without anti-aliasing (text keeps it): flat colours in runs, which
    /// compress to two thirds of the anti-aliased picture's bytes.
    pub(crate) crisp: bool,
    /// The most colours of the palette.
    pub(crate) colours: usize,
    /// The deflate level of a picture written whole and of a shared base.
    pub(crate) level: u8,
    /// The deflate level of the bands a club's overlay changes (written for one mail),
    /// or [`ROWS`]: the encoder made for palette rows.
    pub(crate) club_level: u8,
}

/// A palette and every colour's entry in it (by 5-bit bucket).
pub(super) struct Palette {
    pub(super) colours: Vec<[u8; 3]>,
    /// Each colour bucket's entry; a bucket no pixel of the picture chosen from fell in
    /// is filled the first time a picture drawn with the palette meets it (the nearest
    /// entry to its middle, a pure function of the colours, so the bytes are the same
    /// whichever thread fills it, and whenever): the anti-aliased edges of a club's
    /// pieces and names were looked up anew at every pixel.
    index: Vec<AtomicU16>,
}

/// One band compressed: its deflate bytes (ending byte-aligned, not final), the Adler-32
/// of its uncompressed bytes and how many there are; a shared base's band also keeps
/// its tokens, which the band of a club's picture drawn over it starts from.
#[derive(Clone)]
pub(super) struct Band {
    deflate: Arc<[u8]>,
    adler: u32,
    len: u64,
    tokens: Option<Arc<Tokens>>,
}

/// A base band's tokens and the digest of the bytes they say (its dictionary's and its
/// own): what a band drawn over it is kept by in the memo, beside its own bytes.
pub(super) struct Tokens {
    list: Box<[Token]>,
    digest: u128,
}

/// A picture written: its palette and its bands, for pictures drawn over it.
pub(super) struct Written {
    pub(super) palette: Palette,
    pub(super) bands: Vec<Band>,
}

/// The bucket of a colour: 5 bits per channel.
fn bucket(c: [u8; 3]) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

/// A pixel's colour: premultiplied RGB is the colour of an opaque picture; a
/// transparent pixel is drawn as on white.
pub(super) fn colour(p: PremultipliedColorU8) -> [u8; 3] {
    let a = 255 - p.alpha();
    [p.red() + a, p.green() + a, p.blue() + a]
}

/// The palette of a picture: the colours `named` (the picture's own flat colours, as
/// its SVG writes them) that it shows, then its most used colour buckets (each its most
/// common colour) up to `most`; every other colour is drawn as its nearest entry.
pub(super) fn palette(pixmap: &Pixmap, most: usize, named: &[[u8; 3]]) -> Palette {
    choose(&Counts::of(pixmap), most, named, &[])
}

/// The palette of pictures drawn over `under` (a static layer): chosen and ordered from
/// `under`'s pixels alone, as [`palette`] chooses, so every phase's picture over it has
/// the same entries at the same indices; the colours `named` that `under` does not show
/// (drawn by a phase alone, if any) come last, each with its own entry.
pub(super) fn palette_over(under: &Pixmap, most: usize, named: &[[u8; 3]]) -> Palette {
    let counts = Counts::of(under);
    let mut extra: Vec<[u8; 3]> = named
        .iter()
        .copied()
        .filter(|&c| counts.count[bucket(c)] == 0)
        .collect();
    extra.sort();
    extra.dedup_by_key(|c| bucket(*c));
    choose(&counts, most, named, &extra)
}

/// How many pixels of a picture fall in each colour bucket, and each bucket's most
/// common exact colour.
struct Counts {
    count: Vec<u32>,
    vote: Vec<([u8; 3], u32)>,
}

impl Counts {
    fn of(pixmap: &Pixmap) -> Counts {
        // Per bucket: how many pixels, and its most common exact colour (Boyer-Moore
        // majority vote over runs of one colour), so a flat colour keeps its exact value.
        let mut count = vec![0u32; 1 << 15];
        let mut vote = vec![([0u8; 3], 0u32); 1 << 15];
        let pixels = pixmap.pixels();
        let mut i = 0;
        while let Some(&p) = pixels.get(i) {
            let n = pixels[i..]
                .iter()
                .position(|&q| q != p)
                .unwrap_or(pixels.len() - i);
            let (c, n32) = (colour(p), n as u32);
            let k = bucket(c);
            count[k] += n32;
            let v = &mut vote[k];
            if v.0 == c {
                v.1 += n32;
            } else if v.1 >= n32 {
                v.1 -= n32;
            } else {
                *v = (c, n32 - v.1);
            }
            i += n;
        }
        Counts { count, vote }
    }
}

/// The palette of the pixels `counts` counted: the colours `named` they show, their
/// most used buckets up to `most` less the `extra` colours' room, then `extra`.
fn choose(counts: &Counts, most: usize, named: &[[u8; 3]], extra: &[[u8; 3]]) -> Palette {
    let count = &counts.count;
    let mut vote = counts.vote.clone();
    let mut used: Vec<usize> = (0..count.len()).filter(|&k| count[k] > 0).collect();
    used.sort_by(|&a, &b| count[b].cmp(&count[a]).then(a.cmp(&b)));
    let mut colours: Vec<[u8; 3]> = Vec::with_capacity(most);
    let mut taken = vec![false; 1 << 15];
    let mut named: Vec<[u8; 3]> = named
        .iter()
        .copied()
        .filter(|&c| count[bucket(c)] > 0)
        .collect();
    named.sort_by(|a, b| count[bucket(*b)].cmp(&count[bucket(*a)]).then(a.cmp(b)));
    let room = most.saturating_sub(extra.len().min(most / 2));
    for c in named {
        if colours.len() < room && !taken[bucket(c)] {
            taken[bucket(c)] = true;
            vote[bucket(c)].0 = c;
            colours.push(c);
        }
    }
    for &k in &used {
        if colours.len() >= room {
            break;
        }
        if !taken[k] {
            taken[k] = true;
            colours.push(vote[k].0);
        }
    }
    for &c in extra {
        if colours.len() < most && !taken[bucket(c)] {
            taken[bucket(c)] = true;
            colours.push(c);
        }
    }
    // Every used bucket's entry: its own where it has one, else the nearest to its most
    // common colour; a bucket the picture does not use is looked up when met (`entry`).
    let mut index = vec![NONE; 1 << 15];
    for (i, &c) in colours.iter().enumerate() {
        index[bucket(c)] = i as u16;
    }
    for &k in &used {
        if index[k] == NONE {
            index[k] = nearest(&colours, vote[k].0);
        }
    }
    let index = index.into_iter().map(AtomicU16::new).collect();
    Palette { colours, index }
}

/// A bucket with no entry yet.
const NONE: u16 = u16::MAX;

/// The entry of `colours` nearest to `c` (the first of equals).
fn nearest(colours: &[[u8; 3]], c: [u8; 3]) -> u16 {
    let dist = |p: &[u8; 3]| -> i32 {
        let d = |i: usize| (i32::from(p[i]) - i32::from(c[i])).pow(2);
        d(0) + d(1) + d(2)
    };
    (0..colours.len())
        .min_by_key(|&i| (dist(&colours[i]), i))
        .unwrap_or(0) as u16
}

impl Palette {
    /// A colour's entry.
    fn entry(&self, c: [u8; 3]) -> u8 {
        let k = bucket(c);
        match self.index[k].load(Ordering::Relaxed) {
            NONE => {
                let mid = |bits: usize| ((bits & 31) << 3 | 4) as u8;
                let i = nearest(&self.colours, [mid(k >> 10), mid(k >> 5), mid(k)]);
                self.index[k].store(i, Ordering::Relaxed);
                i as u8
            }
            i => i as u8,
        }
    }
}

/// Where a picture's rows are read: a pixmap, or a club's overlay drawn over its base
/// on the rows `touched` alone (the others are the base's, and only the touched rows of
/// the pixmap hold the picture), with the base's rows as palette entries (`base_rows`,
/// [`index_rows`]): a pixel the overlay left as the base's takes the base's entry.
#[derive(Clone, Copy)]
pub(super) enum Source<'a> {
    Whole(&'a Pixmap),
    Over {
        pixmap: &'a Pixmap,
        base: &'a Pixmap,
        base_rows: &'a [u8],
        touched: &'a [bool],
    },
}

impl<'a> Source<'a> {
    fn pixmap(self) -> &'a Pixmap {
        match self {
            Source::Whole(p) | Source::Over { pixmap: p, .. } => p,
        }
    }
}

/// Row `y` of `pixmap`'s pixels.
fn row(pixmap: &Pixmap, y: usize) -> &[PremultipliedColorU8] {
    let width = pixmap.width() as usize;
    &pixmap.pixels()[y * width..(y + 1) * width]
}

/// The uncompressed bytes of the rows `from..to`: each row its filter byte (0, none:
/// palette indices gain nothing from the others) and its pixels' entries. Over a base,
/// a row the overlay did not touch is the base's entries, and a touched row's pixels
/// that are the base's take the base's entries, a stretch at a time.
fn rows(source: Source, palette: &Palette, from: usize, to: usize) -> Vec<u8> {
    let width = source.pixmap().width() as usize;
    let mut out = vec![0u8; (to - from) * (width + 1)];
    for (y, line) in (from..to).zip(out.chunks_exact_mut(width + 1)) {
        match source {
            Source::Whole(pixmap) => entries(row(pixmap, y), palette, &mut line[1..]),
            Source::Over {
                pixmap,
                base,
                base_rows,
                touched,
            } => {
                let kept = &base_rows[y * (width + 1)..(y + 1) * (width + 1)];
                line.copy_from_slice(kept);
                if touched[y] {
                    let span = y * width * 4..(y + 1) * width * 4;
                    let (drawn, under) = (&pixmap.data()[span.clone()], &base.data()[span]);
                    entries_over(row(pixmap, y), (drawn, under), palette, &mut line[1..]);
                }
            }
        }
    }
    out
}

/// Pixels' entries: a run of one colour is looked up once and written at once (most of
/// a map is runs). The filter byte is the caller's.
fn entries(row: &[PremultipliedColorU8], palette: &Palette, out: &mut [u8]) {
    let mut i = 0;
    while let Some(&p) = row.get(i) {
        let run = row[i..].iter().take_while(|&&q| q == p).count();
        out[i..i + run].fill(palette.entry(colour(p)));
        i += run;
    }
}

/// The entries of a row drawn over a base's row, `out` holding the base's entries: only
/// the stretches of pixels that differ from the base's (compared as bytes, `drawn`
/// against `under`) are looked up.
fn entries_over(
    row: &[PremultipliedColorU8],
    (drawn, under): (&[u8], &[u8]),
    palette: &Palette,
    out: &mut [u8],
) {
    const STRETCH: usize = 16;
    let stretches = drawn.chunks(STRETCH * 4).zip(under.chunks(STRETCH * 4));
    for (k, (a, b)) in stretches.enumerate() {
        if a != b {
            let at = k * STRETCH;
            let end = (at + STRETCH).min(row.len());
            entries(&row[at..end], palette, &mut out[at..end]);
        }
    }
}

/// Every row of `pixmap` as [`rows`] writes them (filter byte and entries), worked out
/// on every core in stretches of rows: a shared base's, which its bands are cut from
/// and each club's picture over it reads.
pub(super) fn index_rows(pixmap: &Pixmap, palette: &Palette) -> Vec<u8> {
    rows_on_every_core(pixmap, |y, line| {
        entries(row(pixmap, y), palette, &mut line[1..]);
    })
}

/// [`index_rows`] of a picture drawn over `under` (same size, same palette), whose rows
/// as entries are `under_rows`: a phase's base over its static layer. A stretch of
/// pixels that are under's keeps under's entries (the same colours give the same
/// entries), and only the others are looked up: a base's marks cover a few stretches
/// of a row, and looking every pixel up was most of writing the base.
pub(super) fn index_rows_over(
    pixmap: &Pixmap,
    palette: &Palette,
    (under, under_rows): (&Pixmap, &[u8]),
) -> Vec<u8> {
    let width = pixmap.width() as usize;
    rows_on_every_core(pixmap, |y, line| {
        line.copy_from_slice(&under_rows[y * (width + 1)..(y + 1) * (width + 1)]);
        let span = y * width * 4..(y + 1) * width * 4;
        let (drawn, below) = (&pixmap.data()[span.clone()], &under.data()[span]);
        entries_over(row(pixmap, y), (drawn, below), palette, &mut line[1..]);
    })
}

/// Rows of `pixmap`'s size (a filter byte and an entry a pixel), each written by
/// `write(y, row)`, on every core in stretches of rows.
fn rows_on_every_core(pixmap: &Pixmap, write: impl Fn(usize, &mut [u8]) + Sync) -> Vec<u8> {
    let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
    let mut out = vec![0u8; height * (width + 1)];
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let per = height.div_ceil(threads).max(1);
    let write = &write;
    std::thread::scope(|s| {
        for (t, part) in out.chunks_mut(per * (width + 1)).enumerate() {
            s.spawn(move || {
                for (k, line) in part.chunks_exact_mut(width + 1).enumerate() {
                    write(t * per + k, line);
                }
            });
        }
    });
    out
}

/// The digest of a base band's bytes, its dictionary's then its own (XXH3-128, as the
/// memo's keys: the digest of the bytes one after the other).
fn digest(dict: &[u8], data: &[u8]) -> u128 {
    let mut h = xxhash_rust::xxh3::Xxh3Default::new();
    h.update(dict);
    h.update(data);
    h.digest128()
}

/// Adler-32 of bytes (the zlib stream's check), on the CPU's vector unit where it has one.
fn adler32(bytes: &[u8]) -> u32 {
    let mut a = simd_adler32::Adler32::new();
    a.write(bytes);
    a.finish()
}

/// The Adler-32 of two byte strings one after the other, from each one's (zlib's
/// `adler32_combine`).
fn adler32_combine(first: u32, second: u32, len2: u64) -> u32 {
    const BASE: u32 = 65521;
    let rem = (len2 % u64::from(BASE)) as u32;
    let mut sum1 = first & 0xffff;
    let mut sum2 = ((u64::from(rem) * u64::from(sum1)) % u64::from(BASE)) as u32;
    sum1 += (second & 0xffff) + BASE - 1;
    sum2 += (first >> 16) + (second >> 16) + BASE - rem;
    if sum1 >= BASE {
        sum1 -= BASE;
    }
    if sum1 >= BASE {
        sum1 -= BASE;
    }
    if sum2 >= BASE << 1 {
        sum2 -= BASE << 1;
    }
    if sum2 >= BASE {
        sum2 -= BASE;
    }
    sum1 | (sum2 << 16)
}

/// A deflate compressor kept for the bands one thread compresses: reset between bands
/// (the same bytes as a new one, without allocating and clearing its tables each time).
pub(super) struct Compressor<'m> {
    /// zlib's compressor, for zlib's levels (none for [`ROWS`]).
    z: Option<flate2::Compress>,
    level: u8,
    /// Where bands compressed before are looked up and kept (none: each compressed).
    memo: Option<&'m memo::Shared>,
    /// How many bands it compressed, found in no memo.
    fresh: usize,
}

impl<'m> Compressor<'m> {
    pub(super) fn new(level: u8, memo: Option<&'m memo::Shared>) -> Compressor<'m> {
        Compressor {
            z: (level < ROWS)
                .then(|| flate2::Compress::new(flate2::Compression::new(level.into()), false)),
            level,
            memo,
            fresh: 0,
        }
    }

    /// One band compressed on its own: raw deflate ended by a sync flush, with `dict`
    /// (the rows above it) as its preset dictionary.
    fn band(&mut self, dict: &[u8], data: &[u8], stride: usize) -> Result<Band> {
        use flate2::FlushCompress;
        let Some(z) = self.z.as_mut() else {
            use super::deflate::{self, Effort};
            let base = self.level == ROWS_BASE;
            let effort = if base { Effort::BASE } else { Effort::CLUB };
            let list = deflate::tokens(dict, data, stride, effort);
            return Ok(Band {
                deflate: deflate::write(&list).into(),
                adler: adler32(data),
                len: data.len() as u64,
                // A base's band keeps its tokens for the clubs' bands drawn over it.
                tokens: base.then(|| {
                    Arc::new(Tokens {
                        list: list.into(),
                        digest: digest(dict, data),
                    })
                }),
            });
        };
        z.reset();
        if !dict.is_empty() {
            z.set_dictionary(dict)
                .map_err(|e| Error::internal(format!("compressing the map picture: {e}")))?;
        }
        let mut out = Vec::with_capacity(data.len() / 4 + 64);
        loop {
            let done = z.total_in() as usize;
            out.reserve(data.len() - done + 1024);
            let before = out.len();
            z.compress_vec(&data[done..], &mut out, FlushCompress::Sync)
                .map_err(|e| Error::internal(format!("compressing the map picture: {e}")))?;
            // Done when every byte is in and the flush did not fill the room it had.
            if z.total_in() as usize == data.len() && out.len() < out.capacity() {
                break;
            }
            if out.len() == before && z.total_in() as usize == done {
                return Err(Error::internal(
                    "compressing the map picture made no progress",
                ));
            }
        }
        Ok(Band {
            deflate: out.into(),
            adler: adler32(data),
            len: data.len() as u64,
            tokens: None,
        })
    }

    /// Band `b` of `pixmap` ([`band_rows`]) compressed, or found in the [`memo`] of
    /// bands compressed before where the same bytes were. Drawn over a base (`under`:
    /// its rows as palette entries, and its band `b`), said from the base band's tokens
    /// where it keeps them ([`Compressor::over`]).
    fn nth(
        &mut self,
        source: Source,
        palette: &Palette,
        b: usize,
        under: Option<(&[u8], &Band)>,
    ) -> Result<Band> {
        let pixmap = source.pixmap();
        let (above, from, to) = band_rows(pixmap, b);
        let bytes = rows(source, palette, above, to);
        let stride = pixmap.width() as usize + 1;
        let split = (from - above) * stride;
        let old =
            under.and_then(|(rows, band)| Some((rows.get(above * stride..to * stride)?, band)));
        match old {
            Some((old, band)) => self.over(old, band, &bytes, split, stride),
            None => self.of_bytes(&bytes, split, stride),
        }
    }

    /// A band's `bytes` (the first `split` of them its dictionary rows) drawn over the
    /// base's (`old`, said by `under`): the base band's tokens kept where the bytes they
    /// say and copy are unchanged, the rest tokenized anew (`deflate::over`), or found
    /// in the [`memo`] by these bytes and the base's. A band of zlib's levels, or over a
    /// base band that kept no tokens, is compressed as any other ([`Compressor::of_bytes`]).
    fn over(
        &mut self,
        old: &[u8],
        under: &Band,
        bytes: &[u8],
        split: usize,
        stride: usize,
    ) -> Result<Band> {
        let tokens = (under.tokens.as_deref())
            .filter(|t| self.z.is_none() && t.digest == xxhash_rust::xxh3::xxh3_128(old));
        let Some(t) = tokens else {
            return self.of_bytes(bytes, split, stride);
        };
        let key = memo::Key::over(self.level, bytes, split, t.digest);
        if let Some(band) = self.memo.and_then(|m| m.find(&key)) {
            return Ok(band);
        }
        let Some(list) = super::deflate::over(old, &t.list, bytes, split, stride) else {
            return self.of_bytes(bytes, split, stride);
        };
        let data = &bytes[split..];
        let band = Band {
            deflate: super::deflate::write(&list).into(),
            adler: adler32(data),
            len: data.len() as u64,
            tokens: None,
        };
        self.fresh += 1;
        if let Some(m) = self.memo {
            m.keep(key, band.clone());
        }
        Ok(band)
    }

    /// A band's `bytes` (the first `split` of them its dictionary rows) compressed, or
    /// found in the [`memo`].
    fn of_bytes(&mut self, bytes: &[u8], split: usize, stride: usize) -> Result<Band> {
        let Some(memo) = self.memo else {
            self.fresh += 1;
            return self.band(&bytes[..split], &bytes[split..], stride);
        };
        let key = memo::Key::of(self.level, bytes, split);
        if let Some(band) = memo.find(&key) {
            return Ok(band);
        }
        let band = self.band(&bytes[..split], &bytes[split..], stride)?;
        self.fresh += 1;
        memo.keep(key, band.clone());
        Ok(band)
    }
}

/// How many bands a picture of `height` rows has.
fn band_count(height: usize) -> usize {
    1 + height.saturating_sub(FIRST_BAND).div_ceil(BAND)
}

/// The rows band `b` of a picture depends on: the first of its dictionary, its first,
/// and its end. The first band has [`FIRST_BAND`] rows, every other [`BAND`] (the last
/// what is left).
fn band_rows(pixmap: &Pixmap, b: usize) -> (usize, usize, usize) {
    let height = pixmap.height() as usize;
    let from = match b {
        0 => 0,
        _ => FIRST_BAND + (b - 1) * BAND,
    };
    let to = (FIRST_BAND + b * BAND).min(height);
    (from.saturating_sub(DICTIONARY_ROWS), from, to)
}

/// Writes `pixmap`, drawn over `base` (same size, same palette) on the rows `touched`
/// alone (only those rows of `pixmap` are read): a band whose touched rows (its own or
/// its dictionary's) came out as the base's, or that reads none, is the base's.
pub(super) fn bands_over(
    pixmap: &Pixmap,
    palette: &Palette,
    level: u8,
    (base, base_rows, done): (&Pixmap, &[u8], &[Band]),
    touched: &[bool],
) -> Result<Vec<Band>> {
    let mut z = Compressor::new(level, Some(&memo::MEMO));
    let source = Source::Over {
        pixmap,
        base,
        base_rows,
        touched,
    };
    (0..band_count(pixmap.height() as usize))
        .map(|b| {
            let (above, _, to) = band_rows(pixmap, b);
            let changed = (above..to).any(|y| touched[y] && !same_rows(pixmap, base, y, y + 1));
            if !changed {
                return Ok(done[b].clone());
            }
            z.nth(source, palette, b, Some((base_rows, &done[b])))
        })
        .collect()
}

/// Whether the rows `from..to` of two pictures of one size are the same pixels.
fn same_rows(a: &Pixmap, b: &Pixmap, from: usize, to: usize) -> bool {
    let w = a.width() as usize * 4;
    a.data()[from * w..to * w] == b.data()[from * w..to * w]
}

/// Writes `pixmap` in bands with `palette`; where `over` is the picture it was drawn
/// over (same size, same palette: its pixels, its rows as entries, its bands), a band
/// whose pixels and dictionary rows are over's reuses its bytes, and any other starts
/// from over's band.
pub(super) fn bands(
    pixmap: &Pixmap,
    palette: &Palette,
    level: u8,
    over: Option<(&Pixmap, &[u8], &[Band])>,
) -> Result<Vec<Band>> {
    bands_counted(pixmap, palette, level, over, Some(&memo::MEMO)).map(|(bands, _)| bands)
}

/// A picture written whole (a shared base): its bands and its rows as palette entries
/// ([`index_rows`]), which the pictures drawn over it read.
/// Where `under` is the picture it was drawn over and its rows as entries (its static
/// layer, with the same palette), the rows are looked up only where they differ from
/// under's ([`index_rows_over`]).
pub(super) fn whole(
    pixmap: &Pixmap,
    palette: &Palette,
    level: u8,
    under: Option<(&Pixmap, &[u8])>,
) -> Result<(Vec<Band>, Vec<u8>)> {
    let rows = match under {
        Some(u) => index_rows_over(pixmap, palette, u),
        None => index_rows(pixmap, palette),
    };
    let (bands, _) = bands_of_rows(pixmap, &rows, level, Some(&memo::MEMO))?;
    Ok((bands, rows))
}

/// [`bands`], with the bands compressed before looked up in `memo` (none: each band
/// found in no `over` is compressed), and how many were compressed.
pub(super) fn bands_counted(
    pixmap: &Pixmap,
    palette: &Palette,
    level: u8,
    over: Option<(&Pixmap, &[u8], &[Band])>,
    memo: Option<&memo::Shared>,
) -> Result<(Vec<Band>, usize)> {
    let count = band_count(pixmap.height() as usize);
    if let Some((base, base_rows, done)) = over {
        let mut z = Compressor::new(level, memo);
        let bands = (0..count)
            .map(|b| {
                let (above, _, to) = band_rows(pixmap, b);
                if same_rows(pixmap, base, above, to) {
                    return Ok(done[b].clone());
                }
                z.nth(
                    Source::Whole(pixmap),
                    palette,
                    b,
                    Some((base_rows, &done[b])),
                )
            })
            .collect::<Result<Vec<Band>>>()?;
        return Ok((bands, z.fresh));
    }
    bands_of_rows(pixmap, &index_rows(pixmap, palette), level, memo)
}

/// The bands of a picture written whole, cut from its `rows` ([`index_rows`]), and how
/// many were compressed (found in no `memo`).
fn bands_of_rows(
    pixmap: &Pixmap,
    rows: &[u8],
    level: u8,
    memo: Option<&memo::Shared>,
) -> Result<(Vec<Band>, usize)> {
    let count = band_count(pixmap.height() as usize);
    let stride = pixmap.width() as usize + 1;
    // A picture written whole (a shared base, once a phase) on every core: each band is
    // compressed on its own, so the bytes are the same for any number of threads.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let mut out: Vec<Option<Result<Band>>> = (0..count).map(|_| None).collect();
    let mut fresh = 0;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut z = Compressor::new(level, memo);
                    let done: Vec<_> = (t..count)
                        .step_by(threads)
                        .map(|b| {
                            let (above, from, to) = band_rows(pixmap, b);
                            let bytes = &rows[above * stride..to * stride];
                            (b, z.of_bytes(bytes, (from - above) * stride, stride))
                        })
                        .collect();
                    (done, z.fresh)
                })
            })
            .collect();
        for h in handles {
            let (done, n) = h.join().unwrap_or_default();
            fresh += n;
            for (b, band) in done {
                out[b] = Some(band);
            }
        }
    });
    let bands = out
        .into_iter()
        .map(|b| b.unwrap_or_else(|| Err(Error::internal("compressing the map picture failed"))))
        .collect::<Result<Vec<Band>>>()?;
    Ok((bands, fresh))
}

/// The PNG of a picture's palette and bands.
pub(super) fn png(pixmap: &Pixmap, palette: &Palette, bands: &[Band]) -> Result<Vec<u8>> {
    let mut idat = Vec::with_capacity(bands.iter().map(|b| b.deflate.len()).sum::<usize>() + 8);
    // A zlib header (deflate, 32 KB window; the level as "best": bands are compressed
    // at the style's level), the bands, an empty final block and the Adler-32 of all.
    idat.extend_from_slice(&[0x78, 0xda]);
    let mut adler = 1u32;
    for b in bands {
        idat.extend_from_slice(&b.deflate);
        adler = adler32_combine(adler, b.adler, b.len);
    }
    idat.extend_from_slice(&[0x03, 0x00]);
    idat.extend_from_slice(&adler.to_be_bytes());
    let mut out = Vec::with_capacity(idat.len() + 1024);
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.colours.concat());
    let png_err = |e: png::EncodingError| Error::internal(format!("encoding the map picture: {e}"));
    let mut w = enc.write_header().map_err(png_err)?;
    w.write_chunk(png::chunk::IDAT, &idat).map_err(png_err)?;
    w.finish().map_err(png_err)?;
    Ok(out)
}

/// The `#rrggbb` colours an SVG names: a picture's flat colours, kept exact.
pub(super) fn named_colours(svg: &str) -> Vec<[u8; 3]> {
    let mut out: Vec<[u8; 3]> = svg
        .match_indices('#')
        .filter_map(|(i, _)| {
            let hex = svg.get(i + 1..i + 7)?;
            let after = svg[i + 7..].chars().next();
            if !hex.bytes().all(|b| b.is_ascii_hexdigit())
                || after.is_some_and(|c| c.is_ascii_alphanumeric())
            {
                return None;
            }
            let v = u32::from_str_radix(hex, 16).ok()?;
            Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Writes a picture whole: its own palette, every band compressed.
pub(super) fn write(pixmap: &Pixmap, style: Style, named: &[[u8; 3]]) -> Result<Written> {
    let palette = palette(pixmap, style.colours, named);
    let bands = bands(pixmap, &palette, style.level, None)?;
    Ok(Written { palette, bands })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler_of_parts_combines_to_the_adler_of_the_whole() {
        let a: Vec<u8> = (0..70_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let b: Vec<u8> = (0..9_999u32).map(|i| (i * 13 % 241) as u8).collect();
        let whole = [a.clone(), b.clone()].concat();
        assert_eq!(
            adler32_combine(adler32(&a), adler32(&b), b.len() as u64),
            adler32(&whole)
        );
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    /// A picture drawn over another: its rows looked up only where they differ from the
    /// other's are the rows looked up whole.
    #[test]
    fn rows_over_a_layer_are_the_rows_looked_up_whole() {
        use resvg::tiny_skia::{Color, Paint, Rect, Transform};
        let mut under = Pixmap::new(70, 40).unwrap();
        under.fill(Color::from_rgba8(0xdb, 0xe9, 0xf2, 255));
        let mut paint = Paint::default();
        paint.set_color_rgba8(0x7d, 0x9c, 0xb2, 255);
        let band = Rect::from_xywh(0.0, 10.0, 70.0, 6.0).unwrap();
        under.fill_rect(band, &paint, Transform::identity(), None);
        let mut over = under.clone();
        paint.set_color_rgba8(0xb0, 0x27, 0x2f, 255);
        // Marks inside a stretch, across two, at a row's end, and one on the last row.
        for (x, y, w) in [
            (3.0, 2.0, 4.0),
            (14.0, 12.0, 5.0),
            (66.0, 30.0, 4.0),
            (0.0, 39.0, 70.0),
        ] {
            let mark = Rect::from_xywh(x, y, w, 1.0).unwrap();
            over.fill_rect(mark, &paint, Transform::identity(), None);
        }
        let named = [[0xb0, 0x27, 0x2f]];
        let palette = palette_over(&under, 64, &named);
        let under_rows = index_rows(&under, &palette);
        let rows = index_rows_over(&over, &palette, (&under, &under_rows));
        assert!(rows == index_rows(&over, &palette), "the same entries");
        assert!(rows != under_rows, "the marks are in them");
    }

    #[test]
    fn the_bands_cover_every_row_once() {
        for height in [1u32, 47, 48, 49, 80, 81, 1984] {
            let pixmap = Pixmap::new(3, height).unwrap();
            let mut next = 0usize;
            for b in 0..band_count(height as usize) {
                let (above, from, to) = band_rows(&pixmap, b);
                assert_eq!((from, above), (next, next.saturating_sub(DICTIONARY_ROWS)));
                assert!(to > from, "band {b} of {height} rows is empty");
                next = to;
            }
            assert_eq!(next, height as usize);
        }
    }

    #[test]
    fn a_compressor_used_again_gives_the_bytes_of_a_new_one() {
        let dict: Vec<u8> = (0..3_000u32).map(|i| (i * 7 % 13) as u8).collect();
        let a: Vec<u8> = (0..50_000u32).map(|i| (i / 97 % 5) as u8).collect();
        let b: Vec<u8> = (0..40_000u32).map(|i| (i * 3 / 101 % 7) as u8).collect();
        let mut reused = Compressor::new(9, None);
        let first = reused.band(&dict, &a, 97).unwrap();
        let second = reused.band(&[], &b, 97).unwrap();
        let third = reused.band(&dict, &b, 97).unwrap();
        assert_eq!(
            first.deflate,
            Compressor::new(9, None)
                .band(&dict, &a, 97)
                .unwrap()
                .deflate
        );
        assert_eq!(
            second.deflate,
            Compressor::new(9, None).band(&[], &b, 97).unwrap().deflate
        );
        assert_eq!(
            third.deflate,
            Compressor::new(9, None)
                .band(&dict, &b, 97)
                .unwrap()
                .deflate
        );
        // The dictionary is used: the band after it is lighter than the band alone.
        assert!(third.deflate.len() <= second.deflate.len());
    }

    #[test]
    fn named_colours_are_read_from_the_svg() {
        let svg =
            r##"<rect fill="#B0272f"/><path stroke="#fff" fill="url(#h)"/><g fill="#1177339"/>"##;
        assert_eq!(named_colours(svg), [[0xb0, 0x27, 0x2f]]);
    }
}
