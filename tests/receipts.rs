//! The receipt a club's mailed file earns, on the real binary: every order echoed as the
//! file wrote it, in the club's language.

use crate::common::TestCampaign;

/// Reads `body` as a mail from Venice's address and returns the receipt's text.
fn receipt_of(t: &TestCampaign, body: &str) -> String {
    let raw = format!(
        "From: v@clubs.example\r\nTo: arbitro@giglio.invalid\r\nSubject: ordini\r\nMessage-ID: <r1@clubs.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    );
    let path = t.dir.join("msg.eml");
    std::fs::write(&path, raw).expect("write the message");
    t.run(&["inbox", "--eml", path.to_str().expect("UTF-8")])
        .success();
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let row = store
        .outbox(None)
        .expect("outbox")
        .into_iter()
        .find(|m| m.kind == "receipt")
        .expect("a receipt");
    let raw = store.message_bytes(row.id).expect("bytes").expect("kept");
    let m = mail_parser::MessageParser::default()
        .parse(&raw)
        .expect("parses");
    m.body_text(0).expect("a text").into_owned()
}

/// A file's `alliances` list is one line: the receipt echoes a declaration for each
/// nation it names, never a line the file did not have (play-test 40 read
/// `alliances = ["V"]` and `alliances = ["T"]` for its `alliances = ["V", "T"]`).
#[test]
fn an_alliances_list_is_echoed_as_the_declarations_it_makes() {
    let t = TestCampaign::new();
    let body = format!(
        "club = \"V\"\nphase = \"1494-spring\"\nsecret = \"{}\"\nalliances = [\"M\", \"F\"]\n",
        t.secrets["V"]
    );
    let text = receipt_of(&t, &body);
    assert!(
        text.contains("Alleanze: alleanza dichiarata con M (dalla lista `alliances` del file)"),
        "{text}"
    );
    assert!(
        text.contains("Alleanze: alleanza dichiarata con F (dalla lista `alliances` del file)"),
        "{text}"
    );
    assert!(!text.contains("alliances = [\"M\"]"), "{text}");
    assert!(
        text.contains("Ducato di Milano"),
        "the nation by its name: {text}"
    );
}
