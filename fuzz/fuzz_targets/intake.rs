//! Fuzz target: reading a mail message as the intake does (`giglio::mail::message::read`:
//! one sender, one order file), then the order file it carries through the order
//! reader.

#![no_main]

use giglio::mail::message;
use giglio::words::Lang;
use giglio_fuzz::{PATH, assert_located, fixture};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let max_parts = giglio::mail::config::IntakeConfig::default().max_parts;
    let Ok(l) = message::read(data, max_parts) else {
        return;
    };
    if let Ok(sender) = &l.sender {
        assert!(!sender.chars().any(char::is_control), "sender {sender:?}");
        assert!(sender.contains('@'), "sender {sender:?}");
    }
    let Ok(orders) = l.orders else {
        return;
    };
    assert!(!orders.is_empty());
    assert!(orders.len() <= message::MAX_ORDERS_BYTES);
    let f = fixture();
    let lowered = giglio::orders::lower(
        PATH,
        &orders,
        &f.campaign,
        Some(f.worlds[0].phase),
        &f.words,
        Lang::En,
    );
    let text = String::from_utf8_lossy(&orders);
    for d in lowered.all() {
        assert_located(d, &text);
    }
});
