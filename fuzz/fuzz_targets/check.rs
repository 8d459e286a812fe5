//! Fuzz target: the whole order check, `giglio::submission::check` (shape, secret,
//! legality in the world), against the world of the phase the file names.

#![no_main]

use giglio::submission::{Auth, check};
use giglio_fuzz::{PATH, assert_located, fixture, world_for};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let f = fixture();
    let world = world_for(data);
    let before = world.clone();
    let lookup = |_: &str| Some(f.hash.clone());
    let c = check(
        PATH,
        data,
        &f.campaign,
        world,
        &f.clubs,
        Auth::Campaign(&lookup),
        &f.words,
        None,
    );
    assert!(world == &before, "the check changed the world");
    let text = String::from_utf8_lossy(data);
    for d in c.errors.iter().chain(&c.rejected) {
        assert_located(d, &text);
    }
    if c.errors.is_empty() {
        assert!(c.header.is_some(), "accepted without a header");
        assert!(
            !c.masked.contains(giglio_fuzz::SECRET),
            "the secret is stored in clear"
        );
    }
});
