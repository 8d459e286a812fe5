//! What the fuzz targets share: the built-in campaign, worlds to check orders against,
//! clubs with a known secret, the invariants every diagnostic must keep, and the seed
//! inputs (`src/bin/seed.rs` writes them to `corpus/`).

use giglio::diag::{Diagnostic, line_col};
use giglio::rules::dice::Seed;
use giglio::rules::{Campaign, NationCode, World};
use giglio::scenario::{self, Source};
use giglio::storage::Club;
use std::sync::OnceLock;

/// Every club's secret in the fuzz worlds: seeds carry it, so mutations get past
/// authentication to the rules.
pub const SECRET: &str = "7KQ2-M9XD-4HFA-P3TZ-W8NC";

/// The path diagnostics are reported against.
pub const PATH: &str = "fuzz.toml";

/// The built-in campaign and what checking against it needs.
pub struct Fixture {
    pub campaign: Campaign,
    pub clubs: Vec<Club>,
    /// The stored hash of [`SECRET`].
    pub hash: String,
    /// Spring 1494, summer round 1, a later round, winter: played by bots.
    pub worlds: Vec<World>,
    /// The shipped catalogue, as a command with no campaign directory loads it.
    pub words: giglio::words::Words,
}

/// Returns the fixture, built once per process.
pub fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let source = Source::builtin("il-giglio").expect("built in");
        let campaign = scenario::load(&source).expect("the built-in campaign loads");
        let rulesets = scenario::rulesets(&source).expect("rulesets load");
        let rs = rulesets
            .iter()
            .find(|r| r.id == campaign.default_ruleset)
            .expect("the default ruleset");
        let clubs = scenario::clubs::default_clubs(&campaign);
        let nations = nations(&clubs);
        let mut year = vec![World::start(&campaign, &nations)];
        giglio::simulate::play(&campaign, rs, &nations, Seed::default(), 1, &mut |w| {
            year.push(w.clone())
        })
        .expect("a bot year plays");
        let worlds = [0, 1, 6, year.len() - 1]
            .iter()
            .map(|&i| year[i].clone())
            .collect();
        Fixture {
            hash: giglio::auth::hash(SECRET).expect("hash"),
            campaign,
            clubs,
            worlds,
            words: giglio::words::Words::load(None).expect("the shipped catalogue"),
        }
    })
}

fn nations(clubs: &[Club]) -> Vec<NationCode> {
    clubs
        .iter()
        .map(|c| NationCode::from(c.nation.as_str()))
        .collect()
}

/// Panics unless the diagnostic points into `text` (or is about the whole file, at
/// 1:1) with a line and column that match its span, and renders.
pub fn assert_located(d: &Diagnostic, text: &str) {
    assert_eq!(d.path, PATH);
    assert!(!d.message.is_empty(), "no message: {d:?}");
    match &d.span {
        Some(span) => {
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "span {span:?} outside a text of {} bytes: {d}",
                text.len()
            );
            assert_eq!((d.line, d.col), line_col(text, span.start), "{d}");
        }
        None => assert_eq!((d.line, d.col), (1, 1), "{d}"),
    }
    let shown = d.render(text);
    assert!(!shown.is_empty());
}

/// Seed inputs per target: (target, file name, bytes).
pub fn seeds(cases_dir: &std::path::Path) -> Vec<(&'static str, String, Vec<u8>)> {
    let f = fixture();
    let mut out = Vec::new();
    for (i, w) in f.worlds.iter().enumerate() {
        for n in nations(&f.clubs) {
            let set = giglio::bots::orders(&f.campaign, w, &n);
            let text = giglio::orders::unparse(n.as_str(), &w.phase.key(), Some(SECRET), &set);
            let name = format!("bot-{i}-{n}");
            out.push(("orders", name.clone(), text.clone().into_bytes()));
            out.push(("check", name.clone(), text.clone().into_bytes()));
            out.push(("intake", format!("{name}-body"), message_body(&text)));
            out.push((
                "intake",
                format!("{name}-attached"),
                message_attached(&text),
            ));
        }
    }
    // The hand-written bad files of tests/cases/orders: every kind of key and mistake.
    if let Ok(entries) = std::fs::read_dir(cases_dir) {
        for e in entries.flatten() {
            let Ok(text) = std::fs::read_to_string(e.path()) else {
                continue;
            };
            let Some(file) = text
                .parse::<toml::Table>()
                .ok()
                .and_then(|t| t.get("file").and_then(|v| v.as_str().map(str::to_owned)))
            else {
                continue;
            };
            let name = e.file_name().to_string_lossy().replace(".toml", "");
            out.push(("orders", format!("case-{name}"), file.clone().into_bytes()));
            out.push(("check", format!("case-{name}"), file.into_bytes()));
        }
    }
    let clubs = [
        "[[club]]\nnation = \"V\"\nname = \"Circolo del Leone\"\nemails = [\"doge@example.org\"]\nlang = \"it\"\n",
        "[[club]]\nnation = \"M\"\nname = \"Sforza\"\nemails = [\"a@example.org\", \"b@example.org\"]\nlang = \"en\"\n\n[[club]]\nnation = \"F\"\nname = \"Medici\"\nemails = [\"c@example.org\"]\n",
        "[[club]]\nnation = \"V\"\nname = \"x\"\nemails = []\n\n[[club]]\nnation = \"V\"\nname = \"\u{202e}y\"\nemails = [\"not an address\"]\n",
    ];
    for (i, c) in clubs.iter().enumerate() {
        out.push(("clubs", format!("clubs-{i}"), c.as_bytes().to_vec()));
    }
    out
}

fn message_body(orders: &str) -> Vec<u8> {
    format!(
        "From: Club V <v@clubs.example>\r\nTo: referee@example.org\r\nSubject: orders\r\n\
         Message-ID: <1@clubs.example>\r\nDate: Mon, 1 Sep 1494 08:00:00 +0000\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n> quoted report line\r\n",
        orders.replace('\n', "\r\n")
    )
    .into_bytes()
}

fn message_attached(orders: &str) -> Vec<u8> {
    format!(
        "From: v@clubs.example\r\nTo: referee@example.org\r\nSubject: orders\r\n\
         MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n\
         --b\r\nContent-Type: text/plain\r\n\r\nOur orders.\r\n\
         --b\r\nContent-Type: application/toml\r\n\
         Content-Disposition: attachment; filename=\"orders.toml\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{}\r\n--b--\r\n",
        base64(orders.as_bytes())
    )
    .into_bytes()
}

/// Standard base64 with lines of 76, enough for seed messages.
fn base64(b: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (i, chunk) in b.chunks(3).enumerate() {
        if i > 0 && i % 19 == 0 {
            out.push_str("\r\n");
        }
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (k, &x)| n | u32::from(x) << (16 - 8 * k));
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(A[(n >> (18 - 6 * k) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Returns the world whose phase the file names (`phase = "1494-r01"`), else spring:
/// so that a mutated file is judged against the world it was written for.
pub fn world_for(text: &[u8]) -> &'static World {
    let f = fixture();
    let key = text
        .windows(9)
        .position(|w| w == b"phase = \"")
        .map(|at| &text[at + 9..])
        .and_then(|rest| rest.split(|&b| b == b'"').next())
        .unwrap_or_default();
    f.worlds
        .iter()
        .find(|w| w.phase.key().as_bytes() == key)
        .unwrap_or(&f.worlds[0])
}
