//! Identifiers of the game vocabulary: nations, nodes, sea zones, armies and fleets.
//!
//! Codes are ASCII and cross module boundaries as newtypes, never as bare strings.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An amount of ducats (money and army value are the same unit in Il Giglio).
pub type Ducats = i64;

macro_rules! code_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            /// Returns the code as a string slice.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                Self(s.to_owned())
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }
    };
}

code_type!(
    /// A nation's code, the prefix of its node codes (`V`, `HRI`).
    NationCode
);
code_type!(
    /// A land node's code: nation prefix plus a number, the capital being 0 (`V0`, `F7`).
    NodeCode
);
code_type!(
    /// A sea zone's code: letters only, so it never reads as a node code (`ADN`).
    SeaCode
);
code_type!(
    /// An army's id: nation, `-A`, serial (`V-A2`).
    ArmyId
);
code_type!(
    /// A fleet's id: nation, `-F`, serial (`V-F1`).
    FleetId
);
code_type!(
    /// A diplomat's id: nation, `-D`, serial (`V-D1`).
    DiplomatId
);

/// Splits `V12` into (`V`, 12); `None` unless the code is uppercase letters then digits.
pub(crate) fn split_node_code(code: &str) -> Option<(&str, u32)> {
    let digits_at = code.find(|c: char| c.is_ascii_digit())?;
    let (prefix, number) = code.split_at(digits_at);
    let prefix_ok = !prefix.is_empty() && prefix.bytes().all(|b| b.is_ascii_uppercase());
    let number_ok = !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && (number == "0" || !number.starts_with('0'));
    if prefix_ok && number_ok {
        Some((prefix, number.parse().ok()?))
    } else {
        None
    }
}

impl ArmyId {
    /// Builds the id of a nation's `serial`-th army.
    pub(crate) fn new(nation: &NationCode, serial: u32) -> Self {
        Self(format!("{nation}-A{serial}"))
    }

    /// The nation whose army it is: the id's prefix (an army never changes hands).
    pub(crate) fn nation(&self) -> NationCode {
        let code = self.0.rsplit_once("-A").map_or(self.0.as_str(), |(n, _)| n);
        NationCode::from(code)
    }
}

impl FleetId {
    /// Builds the id of a nation's `serial`-th fleet.
    pub(crate) fn new(nation: &NationCode, serial: u32) -> Self {
        Self(format!("{nation}-F{serial}"))
    }
}

impl DiplomatId {
    /// Builds the id of a nation's `serial`-th diplomat.
    pub(crate) fn new(nation: &NationCode, serial: u32) -> Self {
        Self(format!("{nation}-D{serial}"))
    }
}

/// Orders codes as a person reads them: runs of digits by their value, so `V2` comes
/// before `V10` and `V-A9` before `V-A10`. The one comparator of every list a club or
/// the referee reads (the world's own maps keep their stored order).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return std::cmp::Ordering::Equal,
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let n = x.iter().take_while(|c| c.is_ascii_digit()).count();
                let m = y.iter().take_while(|c| c.is_ascii_digit()).count();
                let (p, q) = (&x[..n], &y[..m]);
                let strip = |s: &[u8]| -> usize { s.iter().take_while(|c| **c == b'0').count() };
                let (p, q) = (&p[strip(p)..], &q[strip(q)..]);
                let ord = p.len().cmp(&q.len()).then_with(|| p.cmp(q));
                if ord != std::cmp::Ordering::Equal {
                    return ord;
                }
                x = &x[n..];
                y = &y[m..];
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(d);
                }
                x = &x[1..];
                y = &y[1..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_codes_split_into_prefix_and_number() {
        assert_eq!(split_node_code("V0"), Some(("V", 0)));
        assert_eq!(split_node_code("HRI9"), Some(("HRI", 9)));
        assert_eq!(split_node_code("SV12"), Some(("SV", 12)));
        assert_eq!(split_node_code("V01"), None);
        assert_eq!(split_node_code("v1"), None);
        assert_eq!(split_node_code("ADN"), None);
        assert_eq!(split_node_code("12"), None);
    }
}

#[cfg(test)]
mod natural_tests {
    use super::natural_cmp;

    #[test]
    fn codes_sort_as_people_read_them() {
        let mut codes = vec![
            "V10", "V2", "V0", "V11", "V1", "HRI9", "HRI10", "F-A2", "F-A10",
        ];
        codes.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            codes,
            [
                "F-A2", "F-A10", "HRI9", "HRI10", "V0", "V1", "V2", "V10", "V11"
            ]
        );
    }
}
