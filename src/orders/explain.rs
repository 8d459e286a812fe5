//! Errors a club can act on: a TOML error told in the club's language (never the
//! parser's "invalid type: map, expected a sequence"), the keys a file for this phase may
//! carry, and "did you mean" for keys, node codes and names (`V00` → `V0`,
//! `Ravenna` → `V8`) and piece ids. Suggestions come from `strsim` distances.

use crate::rules::Campaign;
use crate::rules::calendar::{Phase, PhaseId};
use crate::rules::tables::Lang;
use crate::t;
use crate::words::Words;

/// The keys of a file's header, in every phase.
pub const HEADER_KEYS: &[&str] = &["club", "phase", "secret", "note"];
/// The order keys of a spring file.
pub const SPRING_KEYS: &[&str] = &[
    "loan",
    "objective",
    "strategos",
    "alliances",
    "raise",
    "reinforce",
    "transfer",
    "garrison",
    "fortify",
    "repair",
    "hire",
    "fleet",
];
/// The order keys of a summer round's file.
pub const SUMMER_KEYS: &[&str] = &[
    "move",
    "stance",
    "siege",
    "transfer",
    "garrison",
    "assassin",
    "fleet_move",
    "embark",
    "land",
    "encounter",
    "battle_result",
    "order_of_battle",
];
/// What a file of any phase may carry besides its orders: letters (G5.3) and a request
/// for more time (G6.3).
pub const ANY_PHASE_KEYS: &[&str] = &["letter", "extension"];
/// The order keys of a winter file: battle results still to settle.
pub const WINTER_KEYS: &[&str] = &["battle_result", "order_of_battle"];

/// The order keys a file for this phase may carry.
pub fn keys_of(phase: PhaseId) -> &'static [&'static str] {
    match phase.phase {
        Phase::Spring => SPRING_KEYS,
        Phase::Round(_) => SUMMER_KEYS,
        Phase::Winter => WINTER_KEYS,
    }
}

/// The closest of `candidates` to `word`, if one is close enough to be a slip of the
/// keyboard (at most two edits, and fewer than the word's length), or equal but for case.
/// Of equally close ones, one with the word's own characters swapped comes first (a
/// play-test's `M21` meant `M12`, and was offered `M1`).
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let len = word.chars().count();
    let sorted = |s: &str| {
        let mut v: Vec<char> = s.to_lowercase().chars().collect();
        v.sort_unstable();
        v
    };
    let letters = sorted(word);
    let mut best: Option<((usize, bool), &str)> = None;
    for c in candidates {
        if c == word {
            return None;
        }
        let d = if c.to_lowercase() == lower {
            0
        } else {
            strsim::damerau_levenshtein(&lower, &c.to_lowercase())
        };
        let key = (d, sorted(c) != letters);
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, c));
        }
    }
    best.filter(|((d, _), _)| *d <= 2 && *d < len)
        .map(|(_, c)| c)
}

/// A hint for an unknown node: the node whose name it is, or the closest code.
pub fn node_hint(c: &Campaign, written: &str, w: &Words, lang: Lang) -> Option<String> {
    let fold = |s: &str| s.to_lowercase().replace(['\'', '’', ' ', '-'], "");
    let by_name = c
        .map
        .nodes()
        .find(|n| fold(&n.name) == fold(written))
        .or_else(|| {
            // A name misspelt: the most similar name, if it is clearly similar.
            c.map
                .nodes()
                .map(|n| (strsim::jaro_winkler(&fold(&n.name), &fold(written)), n))
                .filter(|(s, _)| *s >= 0.9)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, n)| n)
        });
    if let Some(n) = by_name.filter(|_| written.chars().count() > 3) {
        return Some(t!(
            w,
            lang,
            "node-by-name",
            name = written,
            code = n.code.as_str()
        ));
    }
    // Codes with the letters written first: among equally close codes, `M13` is more
    // likely Milan's `M12` than Venice's `V13` (a play-test was pointed at Durazzo).
    let letters = |code: &str| {
        code.chars()
            .take_while(|ch| ch.is_ascii_alphabetic())
            .collect::<String>()
            .to_uppercase()
    };
    let mut codes: Vec<&str> = c.map.nodes().map(|n| n.code.as_str()).collect();
    codes.sort_by_key(|code| letters(code) != letters(written));
    // `V00` or `V01` for `V0`, `V1`: the same letters and number, written otherwise.
    let same_number = codes
        .iter()
        .copied()
        .find(|code| code_key(code).is_some() && code_key(code) == code_key(written));
    same_number
        .or_else(|| suggest(written, codes.iter().copied()))
        .map(|s| t!(w, lang, "did-you-mean", suggestion = s))
}

/// A hint for a fleet's destination that names no sea zone: the zone whose name it is
/// (`Golfo di Venezia`, or that name misspelt), the closest zone code, or the port
/// whose town it names (`Venezia`), each written `` `CODE` (name) ``.
pub fn sea_hint(c: &Campaign, written: &str) -> Option<String> {
    let fold = |s: &str| s.to_lowercase().replace(['\'', '’', ' ', '-'], "");
    let seas: Vec<&str> = c.map.seas().map(|z| z.code.as_str()).collect();
    let names: Vec<String> = c.map.seas().map(|z| fold(&z.name)).collect();
    let by_name = suggest(&fold(written), names.iter().map(String::as_str))
        .or_else(|| {
            names
                .iter()
                .find(|n| **n == fold(written))
                .map(String::as_str)
        })
        .and_then(|n| names.iter().position(|m| m == n))
        .map(|i| seas[i]);
    let port = || {
        c.map
            .nodes()
            .find(|n| fold(&n.name) == fold(written))
            .map(|n| format!("`{}` ({})", n.code, n.name))
    };
    by_name
        .or_else(|| suggest(written, seas.iter().copied()))
        .and_then(|code| c.map.sea(code))
        .map(|z| format!("`{}` ({})", z.code, z.name))
        .or_else(port)
}

/// A code as letters and a number (`V08` → ("V", 8)), compared without case.
fn code_key(code: &str) -> Option<(String, u32)> {
    let at = code.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = code.split_at(at);
    let n = digits.parse().ok()?;
    Some((letters.to_uppercase(), n))
}

/// A suggestion for a piece id written in the wrong shape: `v-a1`, `VA1`, `V_A1` for
/// `V-A1`.
pub fn piece_hint(
    written: &str,
    club: &str,
    letters: &[char],
    w: &Words,
    lang: Lang,
) -> Option<String> {
    let upper: String = written
        .to_uppercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let rest = upper.strip_prefix(&club.to_uppercase())?;
    let mut chars = rest.chars();
    let letter = chars.next().filter(|l| letters.contains(l))?;
    let number = chars.as_str();
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fixed = format!("{club}-{letter}{number}");
    (fixed != written).then(|| t!(w, lang, "did-you-mean", suggestion = fixed))
}

/// The kind of a file's first problem, as a catalogue id, without reading any of its
/// words back: for a reply to a sender whose secret was not verified.
pub fn problem_kind(bytes: &[u8]) -> &'static str {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return "toml-kind-encoding";
    };
    if let Err(e) = toml::from_str::<toml::Table>(text) {
        if e.span().is_some_and(|s| number_too_large_at(text, s.start)) {
            return "toml-kind-number-too-large";
        }
        return if e.message().contains("duplicate key") {
            "toml-kind-duplicate"
        } else {
            "toml-kind-syntax"
        };
    }
    match toml::from_str::<super::raw::OrderFile>(text) {
        Ok(_) => "toml-kind-value",
        Err(e) => kind_of(e.message()),
    }
}

/// The end of the line that opened a `[` still open where the parser stopped at byte
/// `at` (an array may span lines, so the count runs across them; strings and comments
/// do not count): where the club must look. `None` when every `[` above is closed, or
/// the file holds a multi-line string (whose text could hold anything).
pub(crate) fn unclosed_array_before(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    if text.contains("\"\"\"") || text.contains("\'\'\'") {
        return None;
    }
    let here = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let (mut depth, mut opened, mut start) = (0i32, None, 0);
    for line in text[..here].split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let mut quote: Option<char> = None;
        let mut chars = body.chars();
        while let Some(ch) = chars.next() {
            match (quote, ch) {
                (None, '#') => break,
                (None, '"' | '\'') => quote = Some(ch),
                (Some('"'), '\\') => {
                    chars.next();
                }
                (Some(q), c) if c == q => quote = None,
                (None, '[') => {
                    if depth == 0 {
                        opened = Some(start + body.len());
                    }
                    depth += 1;
                }
                (None, ']') => depth = (depth - 1).max(0),
                _ => {}
            }
        }
        start += line.len();
    }
    (depth > 0).then_some(opened?..opened?)
}

/// Whether `at` is the end of a line that opens a `[` it does not close on that line.
fn opens_array_at(text: &str, at: usize) -> bool {
    let Some(end) = text.get(..at) else {
        return false;
    };
    let line = &end[end.rfind('\n').map_or(0, |i| i + 1)..];
    at < text.len()
        && text[at..].starts_with(['\n', '\r'])
        && line.matches('[').count() > line.matches(']').count()
}

fn kind_of(message: &str) -> &'static str {
    if message.starts_with("unknown field") {
        "toml-kind-unknown-key"
    } else if message.starts_with("invalid type") {
        "toml-kind-type"
    } else if message.starts_with("missing field") {
        "toml-kind-missing"
    } else if message.contains("duplicate") {
        "toml-kind-duplicate"
    } else {
        "toml-kind-value"
    }
}

/// Explains a TOML error of an order file in the club's language: what is wrong at the
/// place, and for an unknown key, the closest key and the keys of this phase.
pub fn toml_error(
    c: &Campaign,
    w: &Words,
    lang: Lang,
    text: &str,
    message: &str,
    at: usize,
    phase: Option<PhaseId>,
) -> String {
    let key = key_at(text, at);
    let first = message.lines().next().unwrap_or("");
    // A slip of shape (a `[raise]` for a `[[raise]]`, a key the order does not take) is
    // explained as such even where another line of the file does not read as TOML (a
    // play-test's `[raise]` was called a syntax error beside an unclosed `[[reinforce]`).
    let shape = matches!(
        kind_of(first),
        "toml-kind-unknown-key" | "toml-kind-type" | "toml-kind-missing"
    );
    let syntax = !shape && toml::from_str::<toml::Table>(text).is_err();
    // A number past what TOML holds reads as a type error beside a line that does not
    // read, as a syntax error alone: either way it is its size.
    if (syntax || shape) && number_too_large_at(text, at) {
        return t!(
            w,
            lang,
            "toml-number-too-large",
            key = key.as_str(),
            max = i64::MAX.to_string()
        );
    }
    if syntax {
        return if let Some(name) = single_header_at(text, at)
            .filter(|_| first.contains("duplicate key") || first.contains("duplicate table"))
        {
            // `[reinforce]` after a `[[reinforce]]`: the parser calls it a key written
            // twice, and a play-test's club went looking for an order written twice.
            t!(w, lang, "toml-type-table-list", key = name.as_str())
        } else if first.contains("duplicate key") && in_order_at(text, at) {
            w.plain(lang, "toml-duplicate-in-order")
        } else if first.contains("duplicate key") {
            w.plain(lang, "toml-duplicate")
        } else if opens_array_at(text, at) {
            // Moved here from where the parser stopped, on a later line (a play-test
            // hunted for the slip).
            w.plain(lang, "toml-unclosed-array")
        } else if opens_brace_at(text, at) {
            w.plain(lang, "toml-unclosed-brace")
        } else {
            w.plain(lang, "toml-syntax")
        };
    }
    match kind_of(first) {
        "toml-kind-unknown-key" => {
            let mut quoted = backticked(first);
            let written = if quoted.is_empty() {
                key.clone()
            } else {
                quoted.remove(0)
            };
            let mut out = t!(w, lang, "toml-unknown-key", key = written.as_str());
            // The parser names the keys it expected: those of the table the key is in.
            let top_level = quoted.is_empty() || quoted.iter().any(|k| k == "club");
            let all: Vec<&str> = if top_level {
                HEADER_KEYS
                    .iter()
                    .chain(SPRING_KEYS)
                    .chain(SUMMER_KEYS)
                    .copied()
                    .collect()
            } else {
                quoted.iter().map(String::as_str).collect()
            };
            if let Some(s) = suggest(&written, all.iter().copied()) {
                out.push_str(" — ");
                out.push_str(&t!(w, lang, "did-you-mean", suggestion = s));
            }
            match phase {
                _ if !top_level => {
                    out.push_str(" — ");
                    out.push_str(&t!(w, lang, "keys-here", keys = quoted.join(", ")));
                    // A key of another order here: its `[[…]]` line is likely missing
                    // (a play-test's club lost its `[[move]]` line and read "no key
                    // `path` here" of the key its sheet told it to write).
                    let owners = tables_with_key(&written);
                    if !owners.is_empty() {
                        let tables: Vec<String> =
                            owners.iter().map(|t| format!("[[{t}]]")).collect();
                        out.push_str(" — ");
                        out.push_str(&t!(
                            w,
                            lang,
                            "key-of-other-order",
                            key = written.as_str(),
                            tables = tables.join(", ")
                        ));
                    }
                }
                Some(p) => {
                    let keys: Vec<&str> = HEADER_KEYS
                        .iter()
                        .chain(keys_of(p))
                        .chain(ANY_PHASE_KEYS)
                        .copied()
                        .collect();
                    let name = crate::words::phases::phase_name(w, &c.tables.calendar, p, lang);
                    out.push_str(" — ");
                    out.push_str(&t!(
                        w,
                        lang,
                        "keys-of-phase",
                        phase = name,
                        keys = keys.join(", ")
                    ));
                }
                None => {}
            }
            out
        }
        "toml-kind-type" => {
            let (found, expected) = type_words(first);
            if found == "toml-what-table" && expected == "toml-what-list" {
                // `raise = { … }` is not `[raise]`: a play-test's club was told to
                // change brackets it had not written.
                let id = if value_at(text, at) {
                    "toml-type-inline-list"
                } else {
                    "toml-type-table-list"
                };
                return t!(w, lang, id, key = key.as_str());
            }
            t!(
                w,
                lang,
                "toml-type",
                key = key.as_str(),
                expected = w.plain(lang, expected),
                found = w.plain(lang, found)
            )
        }
        "toml-kind-missing" => t!(
            w,
            lang,
            "toml-missing",
            key = between_backticks(first).unwrap_or("?")
        ),
        "toml-kind-duplicate" => w.plain(lang, "toml-duplicate"),
        _ => w.plain(lang, "toml-other"),
    }
}

/// The order tables (`move`, `siege`…) of which `key` is a field, read from the order
/// file's own schema, so a new order kind is known here without a list to keep.
fn tables_with_key(key: &str) -> Vec<String> {
    static FIELDS: std::sync::OnceLock<Vec<(String, Vec<String>)>> = std::sync::OnceLock::new();
    let fields = FIELDS.get_or_init(|| {
        let schema: serde_json::Value =
            serde_json::from_str(&super::schema_json()).unwrap_or_default();
        let defs = &schema["$defs"];
        let Some(props) = schema["properties"].as_object() else {
            return Vec::new();
        };
        props
            .iter()
            .filter_map(|(table, p)| {
                let name = p["items"]["$ref"].as_str()?.rsplit('/').next()?;
                let keys = defs[name]["properties"].as_object()?;
                Some((table.clone(), keys.keys().cloned().collect()))
            })
            .collect()
    });
    (fields.iter())
        .filter(|(_, keys)| keys.iter().any(|k| k == key))
        .map(|(t, _)| t.clone())
        .collect()
}

/// Whether byte `at` stands in an order's table: below a `[[…]]` line (a play-test's
/// club that lost a `[[move]]` line read "this key is written twice" of its `piece`).
fn in_order_at(text: &str, at: usize) -> bool {
    let before = text.get(..at.min(text.len())).unwrap_or_default();
    before.lines().any(|l| l.trim_start().starts_with("[["))
}

/// The name of the table header written with one pair of brackets (`[reinforce]`) on
/// the line of byte `at`, if that line is one.
/// Whether byte `at` stands after a `=` on its line: a value (`raise = { … }`), not a
/// table's header (`[raise]`).
fn value_at(text: &str, at: usize) -> bool {
    let Some(end) = text.get(..at.min(text.len())) else {
        return false;
    };
    end[end.rfind('\n').map_or(0, |i| i + 1)..].contains('=')
}

fn single_header_at(text: &str, at: usize) -> Option<String> {
    let at = at.min(text.len());
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text.get(start..)?.lines().next()?.trim();
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    (!inner.starts_with('[') && !inner.is_empty() && !inner.contains(['[', ']', '"']))
        .then(|| inner.trim().to_owned())
}

/// Whether the value at byte `at` is a whole number that TOML cannot hold (beyond
/// ±9 223 372 036 854 775 807): the parser calls it a syntax error.
fn number_too_large_at(text: &str, at: usize) -> bool {
    let Some(rest) = text.get(at.min(text.len())..) else {
        return false;
    };
    let token: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '_' | '+' | '-'))
        .filter(|c| *c != '_')
        .collect();
    let digits = token.trim_start_matches(['+', '-']);
    !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && token.parse::<i64>().is_err()
}

/// Every `…` in a parser message, in order.
fn backticked(s: &str) -> Vec<String> {
    s.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// The first `…` in a parser message.
fn between_backticks(s: &str) -> Option<&str> {
    let start = s.find('`')? + 1;
    let len = s[start..].find('`')?;
    Some(&s[start..start + len])
}

/// The key a place in the file belongs to: the table a `[…]` line opens, or the key of
/// a `key = value` line.
fn key_at(text: &str, at: usize) -> String {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("").trim();
    let key = if line.starts_with('[') {
        line.trim_matches(['[', ']']).trim()
    } else {
        line.split('=').next().unwrap_or("").trim()
    };
    key.chars().filter(|c| !c.is_control()).take(40).collect()
}

/// The catalogue words for the two types of an "invalid type: X, expected Y" message.
fn type_words(message: &str) -> (&'static str, &'static str) {
    let rest = message.trim_start_matches("invalid type:").trim();
    let (found, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
    (what(found), what(expected))
}

fn what(s: &str) -> &'static str {
    let s = s.trim();
    if s.contains("map") || s.contains("table") || s.contains("struct") {
        "toml-what-table"
    } else if s.contains("sequence") || s.contains("array") || s.contains("Vec") {
        "toml-what-list"
    } else if s.contains("string") || s.contains("char") {
        "toml-what-text"
    } else if s.contains("integer") || s.contains("i64") || s.contains("u8") || s.contains("u32") {
        "toml-what-number"
    } else if s.contains("float") {
        "toml-what-decimal"
    } else if s.contains("boolean") || s.contains("bool") {
        "toml-what-bool"
    } else if s.contains("datetime") || s.contains("date") {
        "toml-what-date"
    } else {
        "toml-what-other"
    }
}

/// The end of the last line at or before `at` that leaves a string open (an odd quote:
/// `name = "abc`), when that line is before `at`'s own: the place a syntax error truly
/// is. `None` when no such line is found (a multi-line string makes no guess).
pub(crate) fn unclosed_string_before(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    last_line_before(text, at, leaves_string_open)
}

/// The end of the last line before `at`'s own that opens a `{` it does not close: an
/// inline table must close on its line, and the parser stops on the next line (a
/// play-test's club was sent to `[raise]`, below the `strategos = { bid = 60` it had
/// left open). `None` where no such line is found or a multi-line string makes no guess.
pub(crate) fn unclosed_brace_before(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    last_line_before(text, at, braces_left_open)
}

/// The end of the last line before `at`'s own for which `slip` holds, as an empty range
/// there; `None` where none does, or where the file holds a multi-line string (whose
/// text could hold anything).
fn last_line_before(
    text: &str,
    at: usize,
    slip: fn(&str) -> bool,
) -> Option<std::ops::Range<usize>> {
    let line_start = text
        .get(..at.min(text.len()))?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    if text.contains("\"\"\"") || text.contains("'''") {
        return None;
    }
    let mut start = 0;
    let mut found = None;
    for line in text[..line_start].split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if slip(body) {
            found = Some(start + body.len());
        }
        start += line.len();
    }
    found.map(|end| end..end)
}

/// Whether a TOML line opens more `{` than it closes, strings and comments apart.
fn braces_left_open(line: &str) -> bool {
    let mut chars = line.chars();
    let (mut open, mut depth): (Option<char>, i32) = (None, 0);
    while let Some(c) = chars.next() {
        match (open, c) {
            (None, '#') => break,
            (None, '"' | '\'') => open = Some(c),
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => open = None,
            (None, '{') => depth += 1,
            (None, '}') => depth -= 1,
            _ => {}
        }
    }
    depth > 0
}

/// Whether `at` is the end of a line that opens a `{` it does not close on that line.
fn opens_brace_at(text: &str, at: usize) -> bool {
    let Some(end) = text.get(..at) else {
        return false;
    };
    let line = &end[end.rfind('\n').map_or(0, |i| i + 1)..];
    // A string left open hides the closing brace: the quotes are the slip then.
    at < text.len()
        && text[at..].starts_with(['\n', '\r'])
        && braces_left_open(line)
        && !leaves_string_open(line)
}

/// Whether a TOML line ends inside a basic (`"`) or literal (`'`) string.
fn leaves_string_open(line: &str) -> bool {
    let mut chars = line.chars();
    let mut open: Option<char> = None;
    while let Some(c) = chars.next() {
        match (open, c) {
            (None, '#') => return false,
            (None, '"' | '\'') => open = Some(c),
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => open = None,
            _ => {}
        }
    }
    open.is_some()
}

/// A `phase` key that does not read. The sheet's file name says the season in Italian
/// (`ordini-M-1494-primavera`), and a play-test's club wrote the key so: the key it
/// meant is said.
pub(super) fn bad_phase(w: &Words, l: Lang, written: &str) -> String {
    let meant = written
        .replace("primavera", "spring")
        .replace("inverno", "winter");
    match PhaseId::parse_key(&meant) {
        Some(p) => t!(
            w,
            l,
            "lower-bad-phase-italian",
            phase = written.escape_debug().to_string(),
            key = p.key()
        ),
        None => t!(
            w,
            l,
            "lower-bad-phase",
            phase = written.escape_debug().to_string()
        ),
    }
}

#[cfg(test)]
mod tests {

    /// The season written in Italian, as the sheet's file name has it, is told the key
    /// it meant (a play-test's club wrote `1494-primavera`).
    #[test]
    fn a_phase_written_in_italian_is_told_its_key() {
        let w = Words::load(None).expect("catalogue");
        assert_eq!(
            bad_phase(&w, Lang::It, "1494-primavera"),
            "fase `1494-primavera` non valida: scrivete `1494-spring` (la chiave è in inglese, anche se il nome del file è in italiano)"
        );
        assert!(bad_phase(&w, Lang::En, "spring").contains("write 1494-spring, 1494-r03"));
    }

    use super::*;

    /// A play-test's file left `strategos = { bid = 60, move_order = ["F"]` open: the
    /// parser stopped on `[raise]` below; the slip is found on its own line.
    #[test]
    fn an_inline_table_left_open_is_found_on_its_line() {
        let text =
            "club = \"F\"\nstrategos = { bid = 60, move_order = [\"F\"]\n[raise]\nnode = \"F0\"\n";
        let at = text.find("[raise]").expect("the next line");
        let end = text.find("\n[raise]").expect("the line's end");
        assert_eq!(unclosed_brace_before(text, at), Some(end..end));
        assert!(opens_brace_at(text, end));
        let closed = "a = { b = 1 }\nc = \"{\"\nd = 2 # {\n[x]\n";
        assert_eq!(
            unclosed_brace_before(closed, closed.find("[x]").expect("x")),
            None
        );
    }

    #[test]
    fn a_list_left_open_is_found_on_its_line_and_one_spanning_lines_is_not() {
        let open = "a = 1\npath = [\"M0\", \"M3\"\n\n[[move]]\n";
        let at = open.find("[[move]]").unwrap();
        let end = open.find("\"M3\"").unwrap() + 4;
        assert_eq!(unclosed_array_before(open, at), Some(end..end));
        let spanning = "path = [\n  \"M0\",\n  \"M3\",\n]\nx = = 1\n";
        let at = spanning.find("x = =").unwrap();
        assert_eq!(unclosed_array_before(spanning, at), None);
        // A bracket inside a string or a comment is no list.
        let quoted = "text = \"[see\" # [note\nx = = 1\n";
        assert_eq!(
            unclosed_array_before(quoted, quoted.find("x =").unwrap()),
            None
        );
    }

    fn w() -> Words {
        Words::load(None).expect("catalogue")
    }

    /// Play-test 45: `raise = { … }` was told "not `[raise]`", brackets the club had
    /// not written; each shape is told its own slip.
    #[test]
    fn a_list_written_as_one_table_is_told_its_own_shape() {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign loads");
        let head = "club = \"M\"\nphase = \"1494-spring\"\nsecret = \"s\"\n";
        let said = |body: &str, lang| {
            let text = format!("{head}{body}");
            let e = toml::from_str::<super::super::raw::OrderFile>(&text).expect_err("broken");
            let at = e.span().expect("a place").start;
            toml_error(&c, &w(), lang, &text, e.message(), at, None)
        };
        let inline = said("raise = { node = \"M0\", value = 100 }\n", Lang::En);
        assert!(
            inline.contains("not as `raise = { … }`") && !inline.contains("not `[raise]`"),
            "{inline}"
        );
        let it = said("raise = { node = \"M0\", value = 100 }\n", Lang::It);
        assert!(it.contains("non come `raise = { … }`"), "{it}");
        let header = said("[raise]\nnode = \"M0\"\nvalue = 100\n", Lang::En);
        assert!(header.contains("not `[raise]`"), "{header}");
    }

    #[test]
    fn slips_are_suggested_and_strangers_are_not() {
        assert_eq!(suggest("moves", SUMMER_KEYS.iter().copied()), Some("move"));
        assert_eq!(suggest("Raise", SPRING_KEYS.iter().copied()), Some("raise"));
        assert_eq!(suggest("cavalry", SPRING_KEYS.iter().copied()), None);
        assert_eq!(suggest("move", SUMMER_KEYS.iter().copied()), None);
        // Two digits swapped before a digit dropped, as close as each other.
        assert_eq!(suggest("M21", ["M1", "M12", "M2"]), Some("M12"));
    }

    #[test]
    fn piece_ids_in_a_wrong_shape_are_put_right() {
        let hint = piece_hint("v-a1", "V", &['A'], &w(), Lang::En).unwrap();
        assert!(hint.contains("`V-A1`"), "{hint}");
        assert!(
            piece_hint("VA12", "V", &['A'], &w(), Lang::En)
                .unwrap()
                .contains("V-A12")
        );
        assert_eq!(piece_hint("V-A1", "V", &['A'], &w(), Lang::En), None);
        assert_eq!(piece_hint("zzz", "V", &['A'], &w(), Lang::En), None);
    }

    #[test]
    fn kinds_of_problem_are_told_without_the_words() {
        assert_eq!(problem_kind(b"club = \"V\nphase"), "toml-kind-syntax");
        assert_eq!(
            problem_kind(b"club = \"V\"\nphase = \"1494-spring\"\n[raise]\nnode = \"V0\"\n"),
            "toml-kind-type"
        );
        assert_eq!(
            problem_kind(b"club = \"V\"\nphase = \"1494-spring\"\nURGENT = 1\n"),
            "toml-kind-unknown-key"
        );
    }
}
