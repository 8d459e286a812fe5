//! Fuzz target: the clubs file of `giglio new --clubs`, `giglio::scenario::clubs::parse`.

#![no_main]

use giglio_fuzz::{PATH, assert_located, fixture};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let f = fixture();
    match giglio::scenario::clubs::parse(PATH, text, &f.campaign) {
        Ok(clubs) => {
            for c in &clubs {
                assert!(f.campaign.nation(&c.nation).is_some(), "{c:?}");
                assert!(!c.name.is_empty() && !c.name.chars().any(char::is_control));
                assert!(!c.name.chars().any(giglio::scenario::clubs::is_bidi_control));
                assert!(!c.emails.is_empty());
                assert!(
                    c.emails
                        .iter()
                        .all(|e| giglio::scenario::clubs::is_plain_address(e))
                );
            }
        }
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                assert_located(d, text);
            }
        }
    }
});
