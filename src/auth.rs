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
    fn two_hashes_of_one_secret_differ_by_their_salt() {
        let secret = format_secret(&[3; SYMBOLS]);
        assert_ne!(hash(&secret).expect("a"), hash(&secret).expect("b"));
    }
}
