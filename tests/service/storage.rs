//! What the service keeps of delivered mail: a month-old phase's mail archived, a
//! large delivery kept packed, the file's room given back to the disk.

use super::*;

#[test]
fn mail_of_phases_resolved_a_month_ago_moves_to_an_archive_and_the_file_shrinks() {
    let mut k = Kept::new(NO_OUTAGE);
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    let p = k.pass("2026-09-08T19:01:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let before = k.status("2026-09-08T19:02:00Z")["size"].clone();
    // A month on: round 1 is resolved (past its deadline) and the spring's mail, 31
    // days old, leaves the campaign file.
    let p = k.pass("2026-10-09T20:00:00Z");
    assert_eq!(actions(&p), ["resolved", "archived"], "{p}");
    let archived = &p["actions"][1];
    assert!(
        archived["file"]
            .as_str()
            .unwrap()
            .ends_with("mail/archive/before-1494-r01.mbox"),
        "{p}"
    );
    let after = k.status("2026-10-09T20:01:00Z")["size"].clone();
    assert_eq!(after["archived_messages"], archived["messages"]);
    assert!(
        after["database_bytes"].as_u64() < before["database_bytes"].as_u64(),
        "the file gave the space back: {before} → {after}"
    );
    // Each message keeps its record; the mbox holds them all.
    let mbox = std::fs::read_to_string(k.dir.join("mail/archive/before-1494-r01.mbox")).unwrap();
    assert_eq!(
        mbox.matches("\nFrom giglio ").count() + usize::from(mbox.starts_with("From giglio ")),
        archived["messages"].as_u64().unwrap() as usize
    );
    // Nothing more is old enough at the next pass.
    let p = k.pass("2026-10-09T20:30:00Z");
    assert!(!actions(&p).contains(&"archived".to_owned()), "{p}");
}

/// Delivered mail is kept packed: a large delivery (as large as the reveal's films)
/// leaves the pages of its unpacked bytes free, and the pass that sent it gives them back
/// to the disk rather than keep a file twice the size of what it holds.
#[test]
fn a_large_delivery_kept_packed_gives_its_room_back_to_the_disk() {
    let mut k = Kept::new(NO_OUTAGE);
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    let mut body = String::from(
        "From: arbitro@club.example\r\nTo: doge@venezia.example\r\nSubject: film\r\nMessage-ID: <film@club.example>\r\n\r\n",
    );
    for i in 0..300_000 {
        body.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\"/>\r\n",
            i % 977,
            i % 613
        ));
    }
    assert!(body.len() > 10_000_000);
    giglio::storage::Store::open_write(&k.dir, "test")
        .expect("the campaign opens")
        .queue(
            &[giglio::storage::OutMessage {
                message_id: "film@club.example".into(),
                phase: None,
                kind: "announce".into(),
                nation: Some("V".into()),
                recipients: vec!["doge@venezia.example".into()],
                subject: "film".into(),
                raw: body.clone().into_bytes(),
                redacted: None,
            }],
            "2026-09-01T08:06:00Z",
            "test",
        )
        .expect("queued");
    let size = |k: &Kept, now: &str| k.status(now)["size"]["database_bytes"].as_u64().unwrap();
    let before = size(&k, "2026-09-01T08:07:00Z");
    assert!(before > 10_000_000, "{before}");
    let p = k.pass("2026-09-01T08:10:00Z");
    assert_eq!(p["sent"], 1, "{p}");
    let after = size(&k, "2026-09-01T08:11:00Z");
    assert!(
        after * 3 < before,
        "the file gave its room back: {before} → {after}"
    );
    // The message as sent, and as kept, is the message queued.
    let sent = std::fs::read_dir(k.dir.join("mail/out"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("film"))
        .expect("the message went out");
    assert!(std::fs::read(sent).unwrap() == body.as_bytes());
}
