//! Lowering an order file: parse, check every value against the campaign definition,
//! and build the [`OrderSet`] in the order the orders were written.

use super::raw::{self, OrderFile, RawPath};
use super::{MAX_FILE_BYTES, MAX_NOTE_CHARS, MAX_ORDERS};
use crate::diag::Diagnostic;
use crate::rules::Campaign;
use crate::rules::calendar::{Phase, PhaseId};
use crate::rules::ids::{ArmyId, DiplomatId, Ducats, FleetId, NationCode, NodeCode, SeaCode};
use crate::rules::order::{
    AssassinTarget, FleetTo, Objective, Order, OrderKind, OrderRef, OrderSet, Piece, SapperAt,
    SpyCondition,
};
use crate::rules::tables::{Choice, Lang, ObjectiveKind};
use crate::scenario::clubs::clean_text;
use crate::t;
use crate::words::Words;
use crate::words::phases::phase_name;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// Largest value any order may carry.
const MAX_VALUE: Ducats = 1_000_000;

/// The values an order file may give an order that carries one (G6.2), as this reader
/// takes them (`Ctx::value`): at least 0 for a bribe and a spy's condition, at least 1
/// for every other, at most [`MAX_VALUE`]. `None` for an order without a value. The order
/// page refuses what this refuses, with the same rule.
pub fn value_range(o: &OrderKind) -> Option<(Ducats, Ducats)> {
    match o {
        OrderKind::Siege { .. } | OrderKind::Stance { spy: Some(_), .. } => Some((0, MAX_VALUE)),
        OrderKind::Raise { .. }
        | OrderKind::Reinforce { .. }
        | OrderKind::Transfer { .. }
        | OrderKind::Garrison { .. }
        | OrderKind::Loan { .. }
        | OrderKind::StrategosBid { .. } => Some((1, MAX_VALUE)),
        _ => None,
    }
}

/// The header of an order file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub club: NationCode,
    pub phase: String,
    /// The secret as written, and where.
    pub secret: Option<(String, Range<usize>)>,
    pub note: Option<String>,
}

/// A lowered order file: header, orders and every problem found.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub header: Option<Header>,
    pub orders: OrderSet,
    /// Problems that make the file unacceptable: syntax, size, the header (G6.2).
    pub fatal: Vec<Diagnostic>,
    /// Problems of single orders: those orders are dropped, the rest stands (G6.2).
    pub diagnostics: Vec<Diagnostic>,
    /// The span of each node of a move's path, by the order's `seq`: a rule the move
    /// breaks at one step is pointed at that step.
    pub steps: BTreeMap<u32, Vec<Range<usize>>>,
    /// G5.3: the letters it carries that read (a letter that does not is left out, its
    /// problem among `diagnostics`).
    pub letters: Vec<super::letters::Letter>,
    /// How many `[[letter]]` entries it holds, read or not.
    pub letter_entries: usize,
    /// How many problems its order entries have (each such entry is dropped): a file
    /// whose every order is dropped still carries orders, and replaces the active file.
    pub order_problems: usize,
    /// G6.3: the extension it asks for: hours, the reason (cleaned), where it is written.
    pub extension: Option<Extension>,
}

/// G6.3: an extension a file asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extension {
    pub hours: u32,
    pub reason: String,
    /// The whole `[extension]` table, and its `hours`.
    pub span: Range<usize>,
    pub hours_span: Range<usize>,
}

impl Lowered {
    /// Returns every problem, fatal first.
    pub fn all(&self) -> impl Iterator<Item = &Diagnostic> {
        self.fatal.iter().chain(&self.diagnostics)
    }
}

struct Ctx<'a> {
    path: &'a str,
    text: &'a str,
    c: &'a Campaign,
    words: &'a Words,
    lang: Lang,
    club: String,
    phase: Option<PhaseId>,
    diags: Vec<Diagnostic>,
    orders: Vec<(usize, usize, OrderKind)>,
    /// Each move's node spans, by where its order starts.
    steps: BTreeMap<usize, Vec<Range<usize>>>,
}

impl Ctx<'_> {
    /// Records a problem of the file, its words already in the club's language.
    fn say(&mut self, span: Range<usize>, rule: &str, m: String) {
        self.diags
            .push(Diagnostic::at(self.path, self.text, span, rule, m));
    }

    /// The catalogue and the club's language.
    fn words(&self) -> (Words, Lang) {
        (self.words.clone(), self.lang)
    }

    fn push(&mut self, span: Range<usize>, kind: OrderKind) {
        self.orders.push((span.start, span.end, kind));
    }

    /// Checks that the file is for a phase where this kind of order belongs.
    fn phase_allows(&mut self, span: Range<usize>, field: &str, spring: bool) -> bool {
        let Some(p) = self.phase else { return false };
        let ok = match p.phase {
            Phase::Spring => spring,
            Phase::Round(_) => !spring,
            Phase::Winter => false,
        };
        if !ok {
            let w = self.words;
            let (lang, cal) = (self.lang, &self.c.tables.calendar);
            let when = if spring { "when-spring" } else { "when-summer" };
            let mut m = crate::t!(
                w,
                lang,
                "order-of-phase",
                key = field,
                when = w.plain(lang, when),
                phase = crate::words::phases::phase_name(w, cal, p, lang)
            );
            // Transfers and garrisons are round orders only with their ruling.
            let rounds_too = self.c.tables.rulings.garrison_and_transfer_in_rounds;
            let keys: Vec<&str> = super::explain::keys_of(p)
                .iter()
                .chain(super::explain::ANY_PHASE_KEYS)
                .copied()
                .filter(|k| rounds_too || !["transfer", "garrison"].contains(k))
                .collect();
            if !keys.is_empty() {
                m.push_str("; ");
                m.push_str(&crate::t!(
                    w,
                    lang,
                    "keys-of-phase",
                    phase = crate::words::phases::phase_name(w, cal, p, lang),
                    keys = keys.join(", ")
                ));
            }
            self.diags
                .push(Diagnostic::at(self.path, self.text, span, "G1.1", m));
        }
        ok
    }

    /// Transfers and garrisons: spring orders, and summer round orders too with the
    /// ruling `garrison_and_transfer_in_rounds` (G2b.2, G2b.3).
    fn spring_or_round_allows(&mut self, span: Range<usize>, field: &str) -> bool {
        let in_round = self
            .phase
            .is_some_and(|p| matches!(p.phase, Phase::Round(_)));
        if in_round && self.c.tables.rulings.garrison_and_transfer_in_rounds {
            return true;
        }
        self.phase_allows(span, field, true)
    }

    /// Battle results and orders of battle arrive while a battle is pending: in a
    /// summer round or in winter, never in spring.
    fn after_battle_allows(&mut self, span: Range<usize>, field: &str) -> bool {
        if self.phase.is_some_and(|p| p.phase == Phase::Winter) {
            return true;
        }
        self.phase_allows(span, field, false)
    }

    /// Checks that a code is one: ASCII letters, digits and `-`; `what` names the
    /// catalogue's word for what it should be (`lower-what-node`…).
    fn ascii_code(&mut self, s: &Spanned<String>, what: &str) -> bool {
        let v = s.get_ref();
        if v.is_empty()
            || v.len() > 24
            || !v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        {
            let (w, l) = self.words();
            let m = t!(
                w,
                l,
                "lower-bad-code",
                what = w.plain(l, what),
                code = v.escape_debug().to_string()
            );
            self.say(s.span(), "G6.1", m);
            return false;
        }
        true
    }

    fn node(&mut self, s: &Spanned<String>) -> Option<NodeCode> {
        let v = s.get_ref();
        // A node written by its name ("Ravenna", "Reggio Emilia"): say its code.
        if self.c.map.node(v).is_none()
            && let Some(hint) =
                super::explain::node_hint(self.c, v, self.words, self.lang).filter(|_| {
                    self.c
                        .map
                        .nodes()
                        .any(|n| n.name.eq_ignore_ascii_case(v.trim()))
                })
        {
            let (w, l) = self.words();
            let m = t!(
                w,
                l,
                "lower-unknown-node",
                code = v.escape_debug().to_string(),
                hint = format!(": {hint}")
            );
            self.say(s.span(), "G6.1", m);
            return None;
        }
        if !self.ascii_code(s, "lower-what-node") {
            return None;
        }
        let v = s.get_ref();
        if self.c.map.node(v).is_none() {
            let hint = super::explain::node_hint(self.c, v, self.words, self.lang)
                .map(|h| format!(": {h}"))
                .unwrap_or_default();
            let (w, l) = self.words();
            let m = t!(w, l, "lower-unknown-node", code = v.as_str(), hint = hint);
            self.say(s.span(), "G6.1", m);
            return None;
        }
        Some(NodeCode(v.clone()))
    }

    fn nation(&mut self, s: &Spanned<String>) -> Option<NationCode> {
        if !self.ascii_code(s, "lower-what-nation") {
            return None;
        }
        let v = s.get_ref();
        if self.c.nation(v).is_none() {
            let (w, l) = self.words();
            let m = t!(w, l, "lower-unknown-nation", code = v.as_str());
            self.say(s.span(), "G6.1", m);
            return None;
        }
        Some(NationCode(v.clone()))
    }

    /// Checks a piece id's shape: `<nation>-<letter><number>`.
    fn piece_id(
        &mut self,
        s: &Spanned<String>,
        letters: &[char],
        what: &str,
    ) -> Option<(String, char)> {
        self.any_piece_id(s, letters, what, true)
    }

    /// Checks a piece id; with `own`, it must be one of the club's (ids embed the nation).
    fn any_piece_id(
        &mut self,
        s: &Spanned<String>,
        letters: &[char],
        what: &str,
        own: bool,
    ) -> Option<(String, char)> {
        if !self.ascii_code(s, what) {
            return None;
        }
        let v = s.get_ref();
        if own
            && let Some((nation, _)) = v.split_once('-')
            && nation != self.club
            && self.c.nation(nation).is_some()
        {
            let (w, l) = self.words();
            let m = t!(
                w,
                l,
                "lower-not-your-piece",
                piece = v.as_str(),
                nation = nation
            );
            self.say(s.span(), "G6.4", m);
            return None;
        }
        let shape = v.split_once('-').and_then(|(nation, rest)| {
            let mut chars = rest.chars();
            let letter = chars.next()?;
            let number = chars.as_str();
            let ok = self.c.nation(nation).is_some()
                && letters.contains(&letter)
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit());
            ok.then_some(letter)
        });
        match shape {
            Some(letter) => Some((v.clone(), letter)),
            None => {
                let example = letters
                    .iter()
                    .map(|l| format!("{}-{l}1", self.club))
                    .collect::<Vec<_>>()
                    .join(", ");
                let hint =
                    super::explain::piece_hint(v, &self.club, letters, self.words, self.lang)
                        .map(|h| format!("; {h}"))
                        .unwrap_or_default();
                let (w, l) = self.words();
                let m = t!(
                    w,
                    l,
                    "lower-bad-piece",
                    piece = v.as_str(),
                    what = w.plain(l, what),
                    example = example,
                    hint = hint
                );
                self.say(s.span(), "G6.1", m);
                None
            }
        }
    }

    fn army(&mut self, s: &Spanned<String>) -> Option<ArmyId> {
        self.piece_id(s, &['A'], "lower-what-army")
            .map(|(v, _)| ArmyId(v))
    }

    fn fleet(&mut self, s: &Spanned<String>) -> Option<FleetId> {
        self.piece_id(s, &['F'], "lower-what-fleet")
            .map(|(v, _)| FleetId(v))
    }

    fn piece(&mut self, s: &Spanned<String>) -> Option<Piece> {
        match self.piece_id(s, &['A', 'D'], "lower-what-piece")? {
            (v, 'A') => Some(Piece::Army(ArmyId(v))),
            (v, _) => Some(Piece::Diplomat(DiplomatId(v))),
        }
    }

    fn value(&mut self, s: &Spanned<i64>, min: Ducats) -> Option<Ducats> {
        let v = *s.get_ref();
        if v < min || v > MAX_VALUE {
            let (w, l) = self.words();
            let m = t!(w, l, "lower-value", value = v, min = min, max = MAX_VALUE);
            self.say(s.span(), "G6.2", m);
            return None;
        }
        Some(v)
    }

    fn choice(&mut self, s: &Spanned<String>, allowed: &[Choice]) -> Option<Choice> {
        let found = Choice::ALL
            .into_iter()
            .find(|c| format!("{c:?}").to_lowercase() == *s.get_ref());
        match found {
            Some(c) if allowed.contains(&c) => Some(c),
            _ => {
                let names: Vec<String> = allowed
                    .iter()
                    .map(|c| format!("{c:?}").to_lowercase())
                    .collect();
                let list = names.join(", ");
                let (w, l) = self.words();
                let m = t!(
                    w,
                    l,
                    "lower-choice",
                    choice = s.get_ref().escape_debug().to_string(),
                    list = list
                );
                self.say(s.span(), "G3c.1", m);
                None
            }
        }
    }
}

/// Returns the text with the secret masked by `*` (same length in bytes), for storage:
/// its value in `secret = "…"`, and every other copy of it in the file (in the note, in
/// a comment, in an order's value), however it is written ([`crate::auth::copies_in`]).
pub fn masked_text(text: &str, header: &Header) -> String {
    let Some((written, span)) = &header.secret else {
        return text.to_owned();
    };
    let mut bytes = text.as_bytes().to_vec();
    if span.end <= text.len()
        && text.is_char_boundary(span.start)
        && text.is_char_boundary(span.end)
    {
        // Keep the quotes, mask what is between them byte for byte: the stored copy
        // is read again when the phase is resolved, and the places of its orders
        // (byte offsets) must be those of the file as sent.
        let inner = &text[span.clone()];
        let last = inner.char_indices().last().map_or(0, |(i, _)| i);
        for (i, ch) in inner.char_indices() {
            if i != 0 && i != last {
                let at = span.start + i;
                bytes[at..at + ch.len_utf8()].fill(b'*');
            }
        }
    }
    // Every other copy of it, however it is written (case, hyphens, dots, spaces, `O`
    // for `0`, four groups of five).
    let once = String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned());
    crate::auth::mask_copies(&once, written)
}

/// Parses and checks an order file against a campaign definition; `phase` is the phase
/// the file must be for (when known).
pub fn lower(
    path: &str,
    bytes: &[u8],
    c: &Campaign,
    phase: Option<PhaseId>,
    words: &Words,
    lang: Lang,
) -> Lowered {
    let fail = |d: Diagnostic| Lowered {
        header: None,
        orders: OrderSet::default(),
        fatal: vec![d],
        diagnostics: Vec::new(),
        steps: BTreeMap::new(),
        letters: Vec::new(),
        letter_entries: 0,
        order_problems: 0,
        extension: None,
    };
    if bytes.len() > MAX_FILE_BYTES {
        return fail(Diagnostic::file(
            path,
            "G6.2",
            t!(
                words,
                lang,
                "lower-file-size",
                size = bytes.len(),
                max = MAX_FILE_BYTES
            ),
        ));
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return fail(Diagnostic::file(
            path,
            "G6.2",
            words.plain(lang, "lower-not-utf8"),
        ));
    };
    if let Some(at) = text.find('\0') {
        return fail(Diagnostic::at(
            path,
            text,
            at..at + 1,
            "G6.2",
            words.plain(lang, "lower-nul"),
        ));
    }
    // An invisible control that reorders text would let a file read differently from how
    // it shows (in the referee's terminal, in a mail program): refused where it is.
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| crate::diag::is_bidi_control(c))
    {
        return fail(Diagnostic::at(
            path,
            text,
            at..at + c.len_utf8(),
            "G6.2",
            t!(
                words,
                lang,
                "lower-bidi",
                code = format!("U+{:04X}", c as u32)
            ),
        ));
    }
    let file: OrderFile = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            // In the club's language, from what the parser found: never its own words
            // ("invalid type: map, expected a sequence"); every mistake, not the first.
            let expected = phase.or_else(|| file_phase(text));
            let mut failed = fail(Diagnostic::file(path, "G6.2", String::new()));
            failed.fatal = super::toml_errors::errors(text, e)
                .into_iter()
                .map(|x| {
                    let why = super::explain::toml_error(
                        c,
                        words,
                        lang,
                        text,
                        &x.message,
                        x.span.start,
                        expected,
                    );
                    let said = t!(words, lang, "lower-toml", why = why);
                    Diagnostic::at(path, text, x.span, "G6.2", said)
                })
                .collect();
            return failed;
        }
    };
    let mut cx = Ctx {
        path,
        text,
        c,
        words,
        lang,
        club: file.club.get_ref().clone(),
        phase: None,
        diags: Vec::new(),
        orders: Vec::new(),
        steps: BTreeMap::new(),
    };
    let header = lower_header(&mut cx, &file, phase);
    let mut fatal: Vec<Diagnostic> = std::mem::take(&mut cx.diags);
    lower_spring(&mut cx, &file);
    lower_summer(&mut cx, &file);
    let order_problems = cx.diags.len();
    let (letters, letter_diags) =
        super::letters::lower_letters(path, text, c, &file, (words, lang));
    cx.diags.extend(letter_diags);
    // G6.3: an extension of no hours asks for nothing; it is refused where it is written
    // rather than granted and counted against the club's year.
    let zero_hours = file
        .extension
        .as_ref()
        .filter(|e| *e.get_ref().hours.get_ref() == 0)
        .map(|e| e.get_ref().hours.span());
    if let Some(span) = zero_hours {
        let m = words.plain(lang, "lower-extension-zero");
        cx.diags.push(Diagnostic::at(path, text, span, "G6.3", m));
    }
    let count = cx.orders.len();
    if count > MAX_ORDERS {
        let (w, l) = cx.words();
        let m = t!(w, l, "lower-too-many", count = count, max = MAX_ORDERS);
        cx.say(0..0, "G6.2", m);
        // Too many orders refuses the whole file.
        fatal.extend(cx.diags.pop());
    }
    cx.orders.sort_by_key(|(start, ..)| *start);
    let mut steps = BTreeMap::new();
    let orders = cx
        .orders
        .into_iter()
        .enumerate()
        .map(|(i, (start, end, kind))| {
            let seq = i as u32 + 1;
            if let Some(spans) = cx.steps.remove(&start) {
                steps.insert(seq, spans);
            }
            Order {
                at: OrderRef { seq, start, end },
                kind,
            }
        })
        .collect();
    Lowered {
        header,
        orders: OrderSet { orders },
        fatal,
        diagnostics: cx.diags,
        steps,
        letters,
        letter_entries: file.letter.len(),
        order_problems,
        extension: file
            .extension
            .as_ref()
            .filter(|e| *e.get_ref().hours.get_ref() > 0)
            .map(|e| Extension {
                hours: *e.get_ref().hours.get_ref(),
                reason: e
                    .get_ref()
                    .reason
                    .as_ref()
                    .map(|r| super::letters::clean_letter(r.get_ref()))
                    .unwrap_or_default(),
                span: e.span(),
                hours_span: e.get_ref().hours.span(),
            }),
    }
}

/// A fleet sent to letters that name no sea zone: the closest zone codes, and a port
/// by its code for a fleet that comes into port.
fn unknown_sea(cx: &mut Ctx, to: &Spanned<String>) {
    let written = to.get_ref();
    let hint = super::explain::sea_hint(cx.c, written).unwrap_or_else(|| "none".to_owned());
    let (w, l) = cx.words();
    let m = t!(
        w,
        l,
        "lower-unknown-sea",
        code = written.escape_debug().to_string(),
        hint = hint
    );
    cx.say(to.span(), "G6.1", m);
}

/// The phase a file that does not parse says it is for, if its `phase` line reads.
fn file_phase(text: &str) -> Option<PhaseId> {
    text.lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with('['))
        .filter_map(|l| l.split_once('='))
        .find(|(k, _)| k.trim() == "phase")
        .and_then(|(_, v)| PhaseId::parse_key(v.trim().trim_matches('"')))
}

fn lower_header(cx: &mut Ctx, f: &OrderFile, expected: Option<PhaseId>) -> Option<Header> {
    let club = cx.nation(&f.club);
    let written = f.phase.get_ref().clone();
    match PhaseId::parse_key(&written) {
        None => {
            let (w, l) = cx.words();
            let m = super::explain::bad_phase(&w, l, &written);
            cx.say(f.phase.span(), "G6.2", m);
        }
        Some(p) => {
            cx.phase = Some(p);
            if let Some(e) = expected
                && e != p
            {
                let cal = &cx.c.tables.calendar;
                let (w, l) = cx.words();
                let m = t!(
                    w,
                    l,
                    "lower-other-phase",
                    phase = phase_name(&w, cal, p, l),
                    // With the key to write: a play-test knew the phase, not its key.
                    open = format!("{} (phase = \"{}\")", phase_name(&w, cal, e, l), e.key())
                );
                cx.say(f.phase.span(), "G1.1", m);
            }
        }
    }
    let note = f.note.as_ref().map(|n| clean_text(n, MAX_NOTE_CHARS));
    Some(Header {
        club: club?,
        phase: written,
        secret: f.secret.as_ref().map(|s| (s.get_ref().clone(), s.span())),
        note,
    })
}

fn lower_spring(cx: &mut Ctx, f: &OrderFile) {
    if let Some(l) = &f.loan
        && cx.phase_allows(l.span(), "loan", true)
        && let Some(amount) = cx.value(l, 1)
    {
        cx.push(l.span(), OrderKind::Loan { amount });
    }
    if let Some(o) = &f.objective
        && cx.phase_allows(o.span(), "objective", true)
    {
        lower_objective(cx, o);
    }
    if let Some(b) = &f.strategos
        && cx.phase_allows(b.span(), "strategos", true)
    {
        let raw = b.get_ref();
        let amount = cx.value(&raw.bid, 1);
        let move_order: Vec<NationCode> =
            raw.move_order.iter().filter_map(|n| cx.nation(n)).collect();
        if let Some(amount) = amount {
            cx.push(b.span(), OrderKind::StrategosBid { amount, move_order });
        }
    }
    for a in &f.alliances {
        if cx.phase_allows(a.span(), "alliances", true)
            && let Some(with) = cx.nation(a)
        {
            cx.push(a.span(), OrderKind::Alliance { with });
        }
    }
    for r in &f.raise {
        if cx.phase_allows(r.span(), "raise", true) {
            let x = r.get_ref();
            if let (Some(node), Some(value)) = (cx.node(&x.node), cx.value(&x.value, 1)) {
                cx.push(r.span(), OrderKind::Raise { node, value });
            }
        }
    }
    for r in &f.reinforce {
        if cx.phase_allows(r.span(), "reinforce", true) {
            let x = r.get_ref();
            if let (Some(army), Some(value)) = (cx.army(&x.army), cx.value(&x.value, 1)) {
                cx.push(r.span(), OrderKind::Reinforce { army, value });
            }
        }
    }
    for t in &f.transfer {
        if cx.spring_or_round_allows(t.span(), "transfer") {
            let x = t.get_ref();
            if let (Some(from), Some(to), Some(value)) =
                (cx.army(&x.from), cx.army(&x.to), cx.value(&x.value, 1))
            {
                cx.push(t.span(), OrderKind::Transfer { from, to, value });
            }
        }
    }
    for g in &f.garrison {
        if cx.spring_or_round_allows(g.span(), "garrison") {
            let x = g.get_ref();
            let node = match &x.node {
                Some(n) => match cx.node(n) {
                    Some(code) => Some(code),
                    None => continue,
                },
                None => None,
            };
            if let (Some(army), Some(value)) = (cx.army(&x.army), cx.value(&x.value, 1)) {
                cx.push(g.span(), OrderKind::Garrison { army, value, node });
            }
        }
    }
    for w in &f.fortify {
        if cx.phase_allows(w.span(), "fortify", true)
            && let Some(node) = cx.node(&w.get_ref().node)
        {
            cx.push(w.span(), OrderKind::Fortify { node });
        }
    }
    for w in &f.repair {
        if cx.phase_allows(w.span(), "repair", true)
            && let Some(node) = cx.node(&w.get_ref().node)
        {
            cx.push(w.span(), OrderKind::Repair { node });
        }
    }
    for h in &f.hire {
        if cx.phase_allows(h.span(), "hire", true) {
            lower_hire(cx, h);
        }
    }
    for p in &f.fleet {
        if cx.phase_allows(p.span(), "fleet", true)
            && let Some(port) = cx.node(&p.get_ref().port)
        {
            cx.push(p.span(), OrderKind::BuildFleet { port });
        }
    }
}

fn lower_objective(cx: &mut Ctx, o: &Spanned<raw::RawObjective>) {
    let raw = o.get_ref();
    let kind =
        cx.c.tables
            .victory
            .objective
            .iter()
            .map(|e| e.id)
            .find(|k| {
                serde_json::to_value(k)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .as_deref()
                    == Some(raw.kind.get_ref().as_str())
            });
    let Some(kind) = kind else {
        let names: Vec<String> =
            cx.c.tables
                .victory
                .objective
                .iter()
                .filter_map(|e| {
                    serde_json::to_value(e.id)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                })
                .collect();
        let list = names.join(", ");
        let (w, l) = cx.words();
        let m = t!(
            w,
            l,
            "lower-objective",
            kind = raw.kind.get_ref().escape_debug().to_string(),
            list = list
        );
        cx.say(raw.kind.span(), "G8.1", m);
        return;
    };
    let target = match &raw.target {
        Some(t) => match cx.nation(t) {
            Some(n) => Some(n),
            None => return,
        },
        None => None,
    };
    if kind == ObjectiveKind::ConquerNation && target.is_none() {
        let (w, l) = cx.words();
        cx.say(o.span(), "G8.1", w.plain(l, "lower-conquer-target"));
        return;
    }
    if kind != ObjectiveKind::ConquerNation && target.is_some() {
        let (w, l) = cx.words();
        cx.say(o.span(), "G8.1", w.plain(l, "lower-stray-target"));
        return;
    }
    cx.push(o.span(), OrderKind::Objective(Objective { kind, target }));
}

fn lower_hire(cx: &mut Ctx, h: &Spanned<raw::RawHire>) {
    let x = h.get_ref();
    let kind = match x.specialist.get_ref().as_str() {
        "sapper" => match (&x.army, &x.node) {
            (Some(a), None) => cx.army(a).map(|a| OrderKind::HireSapper {
                at: SapperAt::Army(a),
            }),
            (None, Some(n)) => cx.node(n).map(|n| OrderKind::HireSapper {
                at: SapperAt::Node(n),
            }),
            _ => {
                let (w, l) = cx.words();
                cx.say(h.span(), "G2b.5", w.plain(l, "lower-sapper-where"));
                None
            }
        },
        "diplomat" => match &x.node {
            Some(n) => cx.node(n).map(|node| OrderKind::HireDiplomat { node }),
            None => {
                let (w, l) = cx.words();
                cx.say(h.span(), "G2b.5", w.plain(l, "lower-diplomat-node"));
                None
            }
        },
        "spy" => Some(OrderKind::HireSpy),
        "assassin" => Some(OrderKind::HireAssassin),
        other => {
            let (w, l) = cx.words();
            let m = t!(
                w,
                l,
                "lower-specialist",
                kind = other.escape_debug().to_string()
            );
            cx.say(x.specialist.span(), "G2b.5", m);
            None
        }
    };
    let stray = matches!(kind, Some(OrderKind::HireSpy | OrderKind::HireAssassin))
        && (x.army.is_some() || x.node.is_some());
    if stray {
        let (w, l) = cx.words();
        cx.say(h.span(), "G2b.5", w.plain(l, "lower-stray-specialist"));
        return;
    }
    if let Some(kind) = kind {
        cx.push(h.span(), kind);
    }
}

fn lower_summer(cx: &mut Ctx, f: &OrderFile) {
    for m in &f.moves {
        if cx.phase_allows(m.span(), "move", false) {
            lower_move(cx, m);
        }
    }
    for s in &f.stance {
        if cx.phase_allows(s.span(), "stance", false) {
            lower_stance(cx, s);
        }
    }
    for s in &f.siege {
        if cx.phase_allows(s.span(), "siege", false) {
            let x = s.get_ref();
            let bribe = match &x.bribe {
                Some(b) => cx.value(b, 0),
                None => Some(0),
            };
            let lift = x.lift.as_ref().is_some_and(|l| *l.get_ref());
            if let (Some(army), Some(bribe)) = (cx.army(&x.army), bribe) {
                cx.push(s.span(), OrderKind::Siege { army, bribe, lift });
            }
        }
    }
    for a in &f.assassin {
        if cx.phase_allows(a.span(), "assassin", false) {
            lower_assassin(cx, a);
        }
    }
    for m in &f.fleet_move {
        if cx.phase_allows(m.span(), "fleet_move", false) {
            let x = m.get_ref();
            let to = if cx.c.map.sea(x.to.get_ref()).is_some() {
                Some(FleetTo::Sea(SeaCode(x.to.get_ref().clone())))
            } else if cx.c.map.node(x.to.get_ref()).is_none()
                && !x.to.get_ref().chars().any(|c| c.is_ascii_digit())
            {
                // Letters alone name a sea zone (a port's code has its number): say
                // so, with the closest zone, rather than "unknown node".
                unknown_sea(cx, &x.to);
                None
            } else {
                cx.node(&x.to).map(FleetTo::Port)
            };
            if let (Some(fleet), Some(to)) = (cx.fleet(&x.fleet), to) {
                cx.push(m.span(), OrderKind::FleetMove { fleet, to });
            }
        }
    }
    for e in &f.embark {
        if cx.phase_allows(e.span(), "embark", false) {
            let x = e.get_ref();
            if let (Some(fleet), Some(army)) = (cx.fleet(&x.fleet), cx.army(&x.army)) {
                cx.push(e.span(), OrderKind::Embark { fleet, army });
            }
        }
    }
    for l in &f.land {
        if cx.phase_allows(l.span(), "land", false) {
            let x = l.get_ref();
            if let (Some(fleet), Some(node)) = (cx.fleet(&x.fleet), cx.node(&x.node)) {
                cx.push(l.span(), OrderKind::Land { fleet, node });
            }
        }
    }
    for e in &f.encounter {
        if cx.phase_allows(e.span(), "encounter", false) {
            let x = e.get_ref();
            if cx.ascii_code(&x.id, "lower-what-encounter")
                && let Some(choice) = cx.choice(&x.choice, &Choice::ALL)
            {
                cx.push(
                    e.span(),
                    OrderKind::EncounterReply {
                        encounter: x.id.get_ref().clone(),
                        choice,
                    },
                );
            }
        }
    }
    for b in &f.battle_result {
        if cx.after_battle_allows(b.span(), "battle_result") {
            lower_battle_result(cx, b);
        }
    }
    for o in &f.order_of_battle {
        if cx.after_battle_allows(o.span(), "order_of_battle") {
            lower_order_of_battle(cx, o);
        }
    }
}

fn lower_order_of_battle(cx: &mut Ctx, o: &Spanned<raw::RawOrderOfBattle>) {
    use crate::rules::order::{OobLeader, OobUnit};
    let x = o.get_ref();
    if !cx.ascii_code(&x.battle, "lower-what-battle")
        || !cx.ascii_code(&x.ruleset, "lower-what-ruleset")
    {
        return;
    }
    if x.unit.is_empty() {
        let (w, l) = cx.words();
        cx.say(o.span(), "G6.2", w.plain(l, "lower-oob-empty"));
        return;
    }
    let mut units = Vec::new();
    for u in &x.unit {
        let r = u.get_ref();
        if !cx.ascii_code(&r.kind, "lower-what-kind") {
            return;
        }
        let Some(value) = cx.value(&r.campaign_value, 0) else {
            return;
        };
        units.push(OobUnit {
            name: clean_text(&r.name, super::MAX_NAME_CHARS),
            kind: r.kind.get_ref().clone(),
            campaign_value: value,
            ratings: r.ratings.clone(),
        });
    }
    let leaders = x
        .leader
        .iter()
        .map(|l| OobLeader {
            name: clean_text(&l.get_ref().name, super::MAX_NAME_CHARS),
            ratings: l.get_ref().ratings.clone(),
        })
        .collect();
    cx.push(
        o.span(),
        OrderKind::OrderOfBattle {
            battle: x.battle.get_ref().clone(),
            ruleset: x.ruleset.get_ref().clone(),
            units,
            leaders,
        },
    );
}

fn lower_move(cx: &mut Ctx, m: &Spanned<raw::RawMove>) {
    let x = m.get_ref();
    let piece = cx.piece(&x.piece);
    let names: Vec<String> = match x.path.get_ref() {
        RawPath::List(v) => v.clone(),
        RawPath::Arrows(s) => s
            .replace('→', "->")
            .split("->")
            .map(|p| p.trim().to_owned())
            .collect(),
    };
    let span = x.path.span();
    let spans = node_spans(cx.text, &span, &names);
    let mut path = Vec::new();
    for (n, at) in names.iter().zip(&spans) {
        let spanned = Spanned::new(at.clone(), n.clone());
        match cx.node(&spanned) {
            Some(code) => path.push(code),
            None => return,
        }
    }
    if path.len() < 2 {
        let (w, l) = cx.words();
        cx.say(span, "G3b.2", w.plain(l, "lower-path-short"));
        return;
    }
    for (i, pair) in path.windows(2).enumerate() {
        if !cx.c.map.has_road(pair[0].as_str(), pair[1].as_str()) {
            let (w, l) = cx.words();
            let m = t!(
                w,
                l,
                "lower-no-road",
                from = cx.c.place_said(pair[0].as_str()),
                to = cx.c.place_said(pair[1].as_str())
            );
            // The step without a road: from one node's name to the next.
            cx.say(spans[i].start..spans[i + 1].end, "G3b.2", m);
            return;
        }
    }
    if let Some(piece) = piece {
        cx.steps.insert(m.span().start, spans);
        cx.push(m.span(), OrderKind::Move { piece, path });
    }
}

/// The span of each node a path's value names (`["V8", "F7"]` or `"V8 -> F7"`), found
/// in turn inside the value, so a problem points at its node; the whole value where a
/// name is not written as read (an escape in the string).
fn node_spans(text: &str, span: &Range<usize>, names: &[String]) -> Vec<Range<usize>> {
    let value = text.get(span.clone()).unwrap_or("");
    let mut from = 0;
    names
        .iter()
        .map(|name| {
            let found = (!name.is_empty())
                .then(|| value[from..].find(name.as_str()))
                .flatten();
            match found {
                Some(i) => {
                    let start = from + i;
                    from = start + name.len();
                    span.start + start..span.start + from
                }
                None => span.clone(),
            }
        })
        .collect()
}

fn lower_stance(cx: &mut Ctx, s: &Spanned<raw::RawStance>) {
    let x = s.get_ref();
    let piece = cx.piece(&x.piece);
    let on_contact = x
        .on_contact
        .as_ref()
        .map(|c| cx.choice(c, &[Choice::Stop, Choice::Retreat, Choice::Attack]));
    let when_contacted = x
        .when_contacted
        .as_ref()
        .map(|c| cx.choice(c, &Choice::ALL));
    let spy = x.spy.as_ref().map(|sp| {
        let r = sp.get_ref();
        let at_most = cx.value(&r.enemy_at_most, 0);
        let then = cx.choice(&r.then, &Choice::ALL);
        let otherwise = cx.choice(&r.otherwise, &Choice::ALL);
        match (at_most, then, otherwise) {
            (Some(enemy_at_most), Some(then), Some(otherwise)) => Some(SpyCondition {
                enemy_at_most,
                then,
                otherwise,
            }),
            _ => None,
        }
    });
    let retreat_to = x.retreat_to.as_ref().map(|n| cx.node(n));
    let bad = matches!(on_contact, Some(None))
        || matches!(when_contacted, Some(None))
        || matches!(spy, Some(None))
        || matches!(retreat_to, Some(None));
    if let (Some(piece), false) = (piece, bad) {
        cx.push(
            s.span(),
            OrderKind::Stance {
                piece,
                on_contact: on_contact.flatten(),
                when_contacted: when_contacted.flatten(),
                spy: spy.flatten(),
                retreat_to: retreat_to.flatten(),
            },
        );
    }
}

fn lower_assassin(cx: &mut Ctx, a: &Spanned<raw::RawAssassin>) {
    let x = a.get_ref();
    let target = match (
        x.target.get_ref().as_str(),
        &x.army,
        &x.node,
        &x.diplomat,
        &x.nation,
    ) {
        ("commander", Some(army), None, None, None) => cx
            .any_piece_id(army, &['A'], "lower-what-army", false)
            .map(|(v, _)| AssassinTarget::Commander(ArmyId(v))),
        ("sapper", Some(army), None, None, None) => cx
            .any_piece_id(army, &['A'], "lower-what-army", false)
            .map(|(v, _)| AssassinTarget::ArmySapper(ArmyId(v))),
        ("commander", None, Some(node), None, None) => {
            cx.node(node).map(AssassinTarget::CommanderAt)
        }
        ("sapper", None, Some(node), None, None) => cx.node(node).map(AssassinTarget::NodeSapper),
        ("diplomat", None, None, Some(d), None) => cx
            .any_piece_id(d, &['D'], "lower-what-diplomat", false)
            .map(|(v, _)| AssassinTarget::Diplomat(DiplomatId(v))),
        ("spy", None, None, None, Some(n)) => cx.nation(n).map(AssassinTarget::Spy),
        _ => {
            let (w, l) = cx.words();
            cx.say(a.span(), "G2b.5", w.plain(l, "lower-assassin-target"));
            None
        }
    };
    if let Some(target) = target {
        cx.push(a.span(), OrderKind::Assassin { target });
    }
}

fn lower_battle_result(cx: &mut Ctx, b: &Spanned<raw::RawBattleResult>) {
    let x = b.get_ref();
    if !cx.ascii_code(&x.battle, "lower-what-battle") {
        return;
    }
    let winner = match &x.winner {
        Some(w) => match cx.nation(w) {
            Some(n) => Some(n),
            None => return,
        },
        None => None,
    };
    let mut losses = Vec::new();
    for (nation, value) in x.losses.get_ref() {
        let n = Spanned::new(x.losses.span(), nation.clone());
        let v = Spanned::new(x.losses.span(), *value);
        match (cx.nation(&n), cx.value(&v, 0)) {
            (Some(n), Some(v)) => losses.push((n, v)),
            _ => return,
        }
    }
    cx.push(
        b.span(),
        OrderKind::BattleResult {
            battle: x.battle.get_ref().clone(),
            winner,
            losses,
        },
    );
}
