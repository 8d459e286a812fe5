//! Fuzz target: the order-file reader, `giglio::orders::lower`, on the built-in
//! campaign, for a spring file in Italian and a summer-round file in English; and the
//! masked copy that is stored reads the same.

#![no_main]

use giglio::words::Lang;
use giglio_fuzz::{PATH, assert_located, fixture};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let f = fixture();
    let text = String::from_utf8_lossy(data);
    for (world, lang) in [(&f.worlds[0], Lang::It), (&f.worlds[1], Lang::En)] {
        let lowered = giglio::orders::lower(PATH, data, &f.campaign, Some(world.phase), &f.words, lang);
        for d in lowered.all() {
            assert_located(d, &text);
        }
        if lowered.fatal.is_empty() {
            assert!(lowered.header.is_some(), "no fatal problem but no header");
        }
        if let Some(h) = &lowered.header {
            // What is stored is the masked text, and the engine reads it again when it
            // resolves: it must say the same orders, in the same places.
            let masked = giglio::orders::masked_text(&text, h);
            assert_eq!(masked.len(), text.len());
            let again = giglio::orders::lower(
                PATH,
                masked.as_bytes(),
                &f.campaign,
                Some(world.phase),
                &f.words,
                lang,
            );
            assert_eq!(again.orders, lowered.orders, "masking changed the orders");
            let rules = |l: &giglio::orders::Lowered| {
                l.all()
                    .map(|d| (d.rule.clone(), d.span.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                rules(&again),
                rules(&lowered),
                "masking changed the diagnostics"
            );
        }
    }
});
