//! Club secrets: issued by the referee, stored only as salted hashes, checked in
//! constant time.
//!
//! A secret is 20 symbols of Crockford base32 (100 random bits), shown in groups of
//! four: `7KQ2-M9XD-4HFA-P3TZ-W8NC`. Hyphens, spaces and letter case do not matter when
//! a club writes it back, and as Crockford's alphabet intends, `O` reads as `0` and `I`
//! and `L` as `1` (the alphabet has no such letters, so nothing is lost); anything
//! outside ASCII is refused outright, so a look-alike letter from another script can
//! never pass.

use crate::error::{Error, Result};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SYMBOLS: usize = 20;

/// Why a written secret was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SecretProblem {
    /// No secret in the file.
    Missing,
    /// A character outside ASCII (a look-alike from another script, say).
    NotAscii,
    /// Wrong length or a character that is not in the alphabet.
    Malformed,
    /// Well-formed, but not this club's secret.
    Wrong,
}

/// Issues a new secret from the operating system's randomness.
pub fn issue() -> Result<String> {
    let mut bytes = [0u8; SYMBOLS];
    getrandom::fill(&mut bytes)
        .map_err(|e| Error::io(format!("the system gave no randomness for a secret: {e}")))?;
    Ok(format_secret(&bytes))
}

/// Formats 20 random bytes as a secret (5 bits of each byte are used).
fn format_secret(bytes: &[u8; SYMBOLS]) -> String {
    let mut out = String::new();
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        out.push(char::from(ALPHABET[usize::from(b & 31)]));
    }
    out
}

/// Normalizes a written secret: ASCII only, hyphens and spaces dropped, upper case,
/// `O` read as `0` and `I`, `L` as `1` (Crockford's decoding).
pub(crate) fn normalize(written: &str) -> Result<String, SecretProblem> {
    if !written.is_ascii() {
        return Err(SecretProblem::NotAscii);
    }
    let s: String = written
        .chars()
        .filter(|c| *c != '-' && *c != ' ')
        .map(crockford_symbol)
        .collect();
    if s.len() != SYMBOLS || !s.bytes().all(|b| ALPHABET.contains(&b)) {
        return Err(SecretProblem::Malformed);
    }
    Ok(s)
}

/// One written symbol as Crockford base32 reads it.
fn crockford_symbol(c: char) -> char {
    match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        other => other,
    }
}

/// The fewest symbols of a secret, in its order, that make a copy worth masking: two
/// groups (40 bits), never found in a text by chance, and any copy of four groups out of
/// five, or of the whole, contains such a run.
pub(crate) const MIN_COPY_SYMBOLS: usize = 8;

/// What may stand between two symbols of a copy of a secret: how people write it out.
fn is_separator(b: u8) -> bool {
    matches!(b, b'-' | b' ' | b'.' | b'_' | b':' | b'/' | b',' | b'\t')
}

/// One written byte as a symbol of the alphabet (case, `O`, `I`, `L` read as Crockford
/// does), if it is one.
fn symbol_of(b: u8) -> Option<u8> {
    let c = crockford_symbol(char::from(b)) as u8;
    (b.is_ascii_alphanumeric() && ALPHABET.contains(&c)).then_some(c)
}

/// The byte ranges of `text` that copy at least [`MIN_COPY_SYMBOLS`] consecutive symbols
/// of the normalized secret `secret`, in any case, with hyphens, dots, spaces or nothing
/// between them: the whole secret, four of its five groups, or any other long run of it.
pub(crate) fn copies_in(text: &str, secret: &str) -> Vec<std::ops::Range<usize>> {
    let b = text.as_bytes();
    let want = secret.as_bytes();
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    while start < b.len() {
        let Some(first) = symbol_of(b[start]) else {
            start += 1;
            continue;
        };
        // The longest run starting here, against every place of the secret it may copy.
        let mut best_end = start;
        for k in (0..want.len()).filter(|&k| want[k] == first) {
            let (mut i, mut got, mut end) = (start + 1, 1, start + 1);
            let mut gap = false;
            while i < b.len() && k + got < want.len() {
                if is_separator(b[i]) && !gap {
                    gap = true;
                    i += 1;
                    continue;
                }
                match symbol_of(b[i]) {
                    Some(s) if s == want[k + got] => {
                        got += 1;
                        i += 1;
                        end = i;
                        gap = false;
                    }
                    _ => break,
                }
            }
            if got >= MIN_COPY_SYMBOLS && end > best_end {
                best_end = end;
            }
        }
        if best_end > start {
            out.push(start..best_end);
            start = best_end;
        } else {
            start += 1;
        }
    }
    out
}

/// The text with every copy of a secret ([`copies_in`]) masked: each of its letters and
/// digits becomes `*`, its separators stay, so every byte keeps its place. `written` is
/// the secret as the club wrote it (any accepted form); a form that does not normalize
/// masks nothing.
pub(crate) fn mask_copies(text: &str, written: &str) -> String {
    let Ok(secret) = normalize(written) else {
        return text.to_owned();
    };
    let ranges = copies_in(text, &secret);
    if ranges.is_empty() {
        return text.to_owned();
    }
    let mut bytes = text.as_bytes().to_vec();
    for r in ranges {
        for x in &mut bytes[r] {
            if x.is_ascii_alphanumeric() {
                *x = b'*';
            }
        }
    }
    // Only ASCII bytes were replaced, by ASCII: the text is still UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}

fn digest(salt: &[u8], normalized: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"giglio/secret/v1\0");
    h.update(salt);
    h.update(normalized.as_bytes());
    h.finalize().into()
}

/// Returns the stored form of a secret: `v1$<salt>$<hash>` in hex.
pub fn hash(secret: &str) -> Result<String> {
    let normalized =
        normalize(secret).map_err(|_| Error::internal("an issued secret is malformed"))?;
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)
        .map_err(|e| Error::io(format!("the system gave no randomness for a salt: {e}")))?;
    Ok(format!(
        "v1${}${}",
        hex::encode(salt),
        hex::encode(digest(&salt, &normalized))
    ))
}

/// Checks a written secret against a stored hash, in constant time.
pub(crate) fn verify(written: Option<&str>, stored: &str) -> Result<(), SecretProblem> {
    // A blank secret is a secret not yet written in (the sheet ships `secret = ""`): a
    // slip, told as missing, never as a wrong secret.
    let written = written
        .filter(|w| !w.trim().is_empty())
        .ok_or(SecretProblem::Missing)?;
    let normalized = normalize(written)?;
    let mut parts = stored.split('$');
    let (Some("v1"), Some(salt), Some(want), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(SecretProblem::Wrong);
    };
    let (Ok(salt), Ok(want)) = (hex::decode(salt), hex::decode(want)) else {
        return Err(SecretProblem::Wrong);
    };
    let got = digest(&salt, &normalized);
    if bool::from(got.as_slice().ct_eq(&want)) {
        Ok(())
    } else {
        Err(SecretProblem::Wrong)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issued_secret_verifies_however_it_is_written() {
        let secret = issue().expect("secret");
        assert_eq!(secret.len(), 24);
        let stored = hash(&secret).expect("hash");
        assert_eq!(verify(Some(&secret), &stored), Ok(()));
        assert_eq!(verify(Some(&secret.to_lowercase()), &stored), Ok(()));
        for blank in ["", "   ", "\t"] {
            assert_eq!(
                verify(Some(blank), &stored),
                Err(SecretProblem::Missing),
                "{blank:?}"
            );
        }
        assert_eq!(verify(Some(&secret.replace('-', " ")), &stored), Ok(()));
    }

    #[test]
    fn wrong_missing_and_look_alike_secrets_are_refused() {
        let secret = format_secret(&[7; SYMBOLS]);
        let stored = hash(&secret).expect("hash");
        assert_eq!(verify(None, &stored), Err(SecretProblem::Missing));
        assert_eq!(
            verify(Some("7777-7777-7777-7777-7778"), &stored),
            Err(SecretProblem::Wrong)
        );
        assert_eq!(verify(Some("7777"), &stored), Err(SecretProblem::Malformed));
        // A Cyrillic А in place of a Latin A.
        assert_eq!(
            verify(Some("7777-7777-7777-7777-777\u{410}"), &stored),
            Err(SecretProblem::NotAscii)
        );
        assert_eq!(verify(Some(&secret), "v0$00$00"), Err(SecretProblem::Wrong));
    }

    #[test]
    fn o_i_and_l_read_as_the_digits_they_look_like() {
        let secret = "0111-0A0B-1C1D-0E0F-1G1H";
        let stored = hash(secret).expect("hash");
        assert_eq!(verify(Some("OIL1-oaOb-ICLD-OeoF-lGiH"), &stored), Ok(()));
        // U is not in the alphabet and reads as nothing else.
        assert_eq!(
            verify(Some("0111-0A0B-1C1D-0E0F-1G1U"), &stored),
            Err(SecretProblem::Malformed)
        );
    }

    #[test]
    fn every_form_of_a_secret_is_masked_and_nothing_else() {
        let s = "SBSZ-7KQ2-M9XD-4HFA-P3TZ";
        for copy in [
            s.to_owned(),
            s.to_lowercase(),
            s.replace('-', ""),
            s.replace('-', "."),
            s.replace('-', " "),
            "7KQ2-M9XD-4HFA-P3TZ".to_owned(),
            "sbsz-7kq2-m9xd-4hfa".to_owned(),
            "SBSZ7KQ2".to_owned(),
            "sbSz.7kQ2.m9xd".to_owned(),
        ] {
            let text = format!("alliances = [\"{copy}\"] # x");
            let masked = mask_copies(&text, s);
            assert_eq!(masked.len(), text.len());
            let left: String = masked.chars().filter(char::is_ascii_alphanumeric).collect();
            assert_eq!(left, "alliancesx", "{copy}: {masked}");
        }
        // A group alone, other codes and a hash are left as they are.
        for text in ["node = \"SBSZ\"", "V-A1 7KQ2", "sha 0123456789abcdef"] {
            assert_eq!(mask_copies(text, s), text);
        }
        // Any written form of the secret masks.
        assert_eq!(
            mask_copies(s, &s.to_lowercase()),
            "****-****-****-****-****"
        );
    }

    #[test]
    fn two_hashes_of_one_secret_differ_by_their_salt() {
        let secret = format_secret(&[3; SYMBOLS]);
        assert_ne!(hash(&secret).expect("a"), hash(&secret).expect("b"));
    }
}
