//! Checking an order file from end to end: shape (orders/), the club's secret (auth),
//! and legality in the world (rules), as one list of located diagnostics in the club's
//! language. Used by `giglio orders check|submit` and, later, by the mail intake.

use crate::auth::{self, SecretProblem};
use crate::diag::Diagnostic;
use crate::orders::{self, Header};
use crate::rules::order::OrderSet;
use crate::rules::outcome::Outcome;
use crate::rules::resolve::{Unresolvable, check_orders};
use crate::rules::{Campaign, World};
use crate::storage::Club;
use crate::words::{Lang, Words};
use sha2::{Digest, Sha256};

/// How to authenticate the file.
pub enum Auth<'a> {
    /// A club checking its own file against the definition: no secret is known.
    None,
    /// The referee's campaign: the stored hash of each club's secret.
    Campaign(&'a dyn Fn(&str) -> Option<String>),
}

/// The result of checking one order file.
#[derive(Debug)]
pub struct Checked {
    pub header: Option<Header>,
    pub(crate) orders: OrderSet,
    /// Problems of syntax, header or authentication: the file cannot be accepted.
    pub errors: Vec<Diagnostic>,
    /// Orders that will not be carried out: those that do not read (dropped) and those
    /// the rules would reject if the phase were resolved now (G6.2).
    pub rejected: Vec<Diagnostic>,
    /// Things the club should know that do not make the file invalid: an order judged
    /// from a place a pending battle may change, a first spring with no objective.
    pub warnings: Vec<Diagnostic>,
    /// Whether legality in the world was checked (not in the encounter-exchange mode,
    /// which this version does not resolve).
    pub(crate) rules_checked: bool,
    /// The orders the rules reject, by their place in the file (`seq`): the rule and
    /// why, in the club's language. The others are valid (when `rules_checked`).
    pub(crate) refused: std::collections::BTreeMap<u32, (String, String)>,
    pub(crate) lang: Lang,
    /// SHA-256 of the bytes as received: the club's sealed-order receipt.
    pub(crate) sha256: String,
    /// The file with its secret masked, as it is stored.
    pub masked: String,
    /// G5.3: the letters the file carries that may go (the others are among `rejected`,
    /// with the reason).
    pub(crate) letters: Vec<crate::orders::letters::Letter>,
    /// How many `[[letter]]` entries the file holds, read or refused.
    pub(crate) letter_entries: usize,
    /// How many problems its order entries have, each such order dropped: a file whose
    /// every order is dropped still carries orders.
    pub(crate) order_problems: usize,
    /// G6.3: the extension the file asks for, if it does.
    pub(crate) extension: Option<crate::orders::Extension>,
}

impl Checked {
    /// Returns whether every order is valid (no error, no rejection).
    pub fn all_valid(&self) -> bool {
        self.errors.is_empty() && self.rejected.is_empty()
    }
}

/// Returns hex SHA-256 of bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Checks an order file. `world` is the open phase's world (or the definition's start
/// for a club's own check); `clubs` give each club's language, `words` the catalogue
/// (the referee's overrides included) every message is written from.
#[allow(clippy::too_many_arguments)]
pub fn check(
    path: &str,
    bytes: &[u8],
    c: &Campaign,
    world: &World,
    clubs: &[Club],
    auth: Auth,
    words: &Words,
    lang: Option<Lang>,
) -> Checked {
    // The language: the one asked for, else the club's, else Italian.
    let club_lang = |club: Option<&str>| {
        lang.or_else(|| {
            club.and_then(|n| clubs.iter().find(|c| c.nation == n))
                .map(|c| c.lang)
        })
        .unwrap_or_default()
    };
    let first = orders::lower(path, bytes, c, Some(world.phase), words, club_lang(None));
    let lang = club_lang(first.header.as_ref().map(|h| h.club.as_str()));
    // Lower again in the club's language, now that we know the club.
    let lowered = if lang == club_lang(None) {
        first
    } else {
        orders::lower(path, bytes, c, Some(world.phase), words, lang)
    };
    let text = String::from_utf8_lossy(bytes).into_owned();
    let mut errors = lowered.fatal;
    if let (Some(h), Auth::Campaign(lookup)) = (&lowered.header, &auth)
        && let Some(d) = authenticate(path, &text, h, world, *lookup, words, lang)
    {
        errors.push(d);
    }
    // An order that does not read is dropped and reported; the others stand (G6.2).
    let mut rejected = lowered.diagnostics;
    // Letters refused come before the orders the rules refuse, with the other entries
    // that are left out (a receipt lists those first).
    let letters = match &lowered.header {
        Some(h) => {
            let (letters, refused) = check_letters(
                path,
                &text,
                c,
                world,
                h.club.as_str(),
                lowered.letters,
                (words, lang),
            );
            rejected.extend(refused);
            letters
        }
        None => Vec::new(),
    };
    let mut rules_checked = false;
    let mut warnings = Vec::new();
    // Checked without the campaign's secrets (a club's own check), a blank secret still
    // gets a word: the referee would answer the file with "the secret is missing".
    if let (Some(h), Auth::None) = (&lowered.header, &auth)
        && let Some((secret, span)) = &h.secret
        && secret.trim().is_empty()
    {
        warnings.push(Diagnostic::at(
            path,
            &text,
            span.clone(),
            "auth.secret",
            words.plain(lang, "auth-secret-empty"),
        ));
    }
    let mut refused = std::collections::BTreeMap::new();
    // A file for another phase is already an error; its orders are not judged here.
    let this_phase = |h: &Header| crate::rules::PhaseId::parse_key(&h.phase) == Some(world.phase);
    if let Some(h) = lowered.header.as_ref().filter(|h| this_phase(h)) {
        let steps = &lowered.steps;
        let judged = judge(
            path,
            &text,
            c,
            world,
            h,
            (&lowered.orders, steps),
            (words, lang),
            // Letters or an extension alone leave the club's orders as they are.
            lowered.orders.orders.is_empty()
                && (lowered.letter_entries > 0 || lowered.extension.is_some()),
        );
        rules_checked = judged.checked;
        rejected.extend(judged.rejected);
        warnings.extend(judged.warnings);
        refused = judged.refused;
    }
    let masked = lowered
        .header
        .as_ref()
        .map_or_else(|| text.clone(), |h| orders::masked_text(&text, h));
    Checked {
        header: lowered.header,
        orders: lowered.orders,
        errors,
        rejected,
        warnings,
        rules_checked,
        refused,
        lang,
        sha256: sha256_hex(bytes),
        masked,
        letters,
        letter_entries: lowered.letter_entries,
        order_problems: lowered.order_problems,
        extension: lowered.extension,
    }
}

/// G5.3: the letters the campaign lets go from `from` now; each one refused is said,
/// where it is written, with the reason.
fn check_letters(
    path: &str,
    text: &str,
    c: &Campaign,
    world: &World,
    from: &str,
    letters: Vec<crate::orders::letters::Letter>,
    (words, lang): (&Words, Lang),
) -> (Vec<crate::orders::letters::Letter>, Vec<Diagnostic>) {
    use crate::rules::letters::{may_write, may_write_to};
    let mut ok = Vec::new();
    let mut refused = Vec::new();
    for l in letters {
        let whole = may_write(c, world, l.anonymous, l.text.chars().count()).map_err(|r| {
            let span = match r {
                crate::rules::letters::Refusal::Anonymous => l.anonymous_span.clone(),
                crate::rules::letters::Refusal::TooLong { .. } => Some(l.text_span.clone()),
                _ => None,
            };
            (span.unwrap_or(l.span.clone()), r)
        });
        let problems: Vec<_> = match whole {
            Err(e) => vec![e],
            Ok(()) => {
                l.to.iter()
                    .filter_map(|(n, span)| {
                        may_write_to(c, world, from, n)
                            .err()
                            .map(|r| (span.clone(), r))
                    })
                    .collect()
            }
        };
        if problems.is_empty() {
            ok.push(l);
            continue;
        }
        for (span, r) in problems {
            let to =
                l.to.iter()
                    .find(|(_, s)| *s == span)
                    .map(|(n, _)| n.as_str());
            let m = letter_refusal(words, lang, c, r, to.unwrap_or(""));
            refused.push(Diagnostic::at(path, text, span, "G5.3", m));
        }
    }
    (ok, refused)
}

/// Why a letter cannot go, in the club's language.
pub(crate) fn letter_refusal(
    words: &Words,
    lang: Lang,
    c: &Campaign,
    r: crate::rules::letters::Refusal,
    to: &str,
) -> String {
    use crate::rules::letters::Refusal;
    let nation = c.nation_name(to, lang);
    match r {
        Refusal::Off => words.plain(lang, "letter-off"),
        Refusal::NoClub => crate::t!(words, lang, "letter-no-club", nation = nation),
        Refusal::Oneself => words.plain(lang, "letter-oneself"),
        Refusal::OutOfContact => crate::t!(words, lang, "letter-out-of-contact", nation = nation),
        Refusal::Anonymous => words.plain(lang, "letter-anonymous"),
        Refusal::Winter => words.plain(lang, "letter-winter"),
        Refusal::TooLong { max } => crate::t!(words, lang, "letter-too-long", max = max),
        Refusal::TooMany { max } => crate::t!(words, lang, "letter-too-many", max = max),
    }
}

/// What the rules say of a file's orders.
struct Judged {
    checked: bool,
    rejected: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    /// The rule and reason of each refused order, by its place in the file.
    refused: std::collections::BTreeMap<u32, (String, String)>,
}

/// The armies a club's siege orders name at one place, and their bribes together.
type Bribed = (Vec<crate::rules::ids::ArmyId>, crate::rules::ids::Ducats);

/// Judges the orders in the world as it stands. A pending battle does not stop the
/// check: every order is judged from where its pieces stand now, and an order about a
/// piece of a pending battle is named with that reason (the battle may move it).
#[allow(clippy::too_many_arguments)]
fn judge(
    path: &str,
    text: &str,
    c: &Campaign,
    world: &World,
    h: &Header,
    (set, steps): (&OrderSet, &Steps),
    (words, lang): (&Words, Lang),
    keeps_orders: bool,
) -> Judged {
    let mut out = Judged {
        checked: false,
        rejected: Vec::new(),
        warnings: Vec::new(),
        refused: std::collections::BTreeMap::new(),
    };
    let mut now = world.clone();
    let pending = std::mem::take(&mut now.battles);
    let (sent, set) = battle_kinds(c, set);
    for o in &sent {
        if let Err(reason) = crate::rules::battles::judge_sent(&pending, &h.club, &o.kind) {
            out.refuse(path, text, o, ("G3c.7", &reason), c, (words, lang));
        }
    }
    if c.tables.rulings.contact_exchange && now.phase.round().is_some() {
        out.warnings.push(Diagnostic::file(
            path,
            "G3c.3",
            words.plain(lang, "check-contact-exchange"),
        ));
    }
    match check_orders(c, &now, &h.club, &set) {
        Ok(outcomes) => {
            out.checked = true;
            for o in outcomes {
                if let Outcome::Rejected { rule, reason } = &o.result {
                    let said = crate::words::explain::reason_named(words, c, reason, lang);
                    out.refused.insert(o.at.seq, (rule.clone(), said.clone()));
                    let at = step_span(&now, &h.club, &set, steps, o.at.seq, reason);
                    out.rejected.push(Diagnostic::at(
                        path,
                        text,
                        at.unwrap_or(o.at.start..o.at.end),
                        rule,
                        format!("{}: {said}", o.order),
                    ));
                }
            }
        }
        // A club's own check settles its encounters by standing choices (the round asks
        // the clubs only when it is resolved): it never stops at one.
        Err(Unresolvable::BattlesPending(_) | Unresolvable::Encounter(_)) => {}
    }
    // A warning at an order's place in the file.
    let at_order = |o: &crate::rules::order::Order, rule: &str, said: String| {
        Diagnostic::at(path, text, o.at.start..o.at.end, rule, said)
    };
    for o in &set.orders {
        for piece in o.kind.pieces() {
            let in_battle = pending.iter().find(|b| {
                [&b.attacker, &b.defender].iter().any(|side| {
                    side.nation == h.club && side.armies.iter().any(|a| a.as_str() == piece)
                })
            });
            if let Some(b) = in_battle {
                out.warnings.push(at_order(
                    o,
                    "G3c.8",
                    crate::t!(
                        words,
                        lang,
                        "check-in-battle",
                        piece = piece.as_str(),
                        battle = b.id.as_str()
                    ),
                ));
            }
        }
    }
    // G3d.3: a bribe buys whole steps; what is beyond one is paid for nothing, unless
    // another army's bribe at the same siege makes up the step (bribes are pooled).
    // A siege the rules refuse pays nothing: no word on its bribe (a play-test's receipt
    // said "will be rejected" above "the 20 ducats beyond a step are paid").
    let t = &c.tables.siege;
    let refused = out
        .refused
        .keys()
        .copied()
        .collect::<std::collections::BTreeSet<u32>>();
    for o in set.orders.iter().filter(|o| !refused.contains(&o.at.seq)) {
        if let crate::rules::order::OrderKind::Siege { bribe, .. } = &o.kind
            && *bribe > 0
            && t.bribe_step > 0
            && bribe % t.bribe_step != 0
        {
            let steps = bribe / t.bribe_step;
            out.warnings.push(at_order(
                o,
                "G3d.3",
                crate::t!(
                    words,
                    lang,
                    "check-bribe-step",
                    bribe = *bribe,
                    buys = steps * i64::from(t.per_bribe_step),
                    step = t.bribe_step,
                    left = bribe % t.bribe_step
                ),
            ));
        }
    }
    // G3d.3, Table 35: a bribe that cannot make the place fall this round, even with a
    // 6 and no garrison or sapper inside, is paid for nothing this round (a play-test's
    // club paid one, not knowing the target). What the club cannot see stays out.
    let sieges: Vec<(
        &crate::rules::order::Order,
        &crate::rules::world::Army,
        crate::rules::ids::Ducats,
    )> = set
        .orders
        .iter()
        .filter_map(|o| match &o.kind {
            crate::rules::order::OrderKind::Siege {
                army,
                bribe,
                lift: false,
            } => now
                .armies
                .get(army)
                .filter(|a| a.nation == h.club)
                .map(|a| (o, a, *bribe)),
            _ => None,
        })
        .collect();
    let mut bribed: std::collections::BTreeMap<&crate::rules::ids::NodeCode, Bribed> =
        std::collections::BTreeMap::new();
    for (_, a, bribe) in &sieges {
        let e = bribed.entry(&a.node).or_default();
        e.0.push(a.id.clone());
        e.1 += bribe;
    }
    for (o, a, bribe) in sieges.iter().filter(|(o, ..)| !refused.contains(&o.at.seq)) {
        if *bribe > 0
            && now.nodes.get(&a.node).is_some_and(|n| n.owner != h.club)
            && let Some((armies, pooled)) = bribed.get(&a.node)
        {
            let (best, target) = crate::rules::siege_known_best(c, &now, &a.node, armies, *pooled);
            if best < target {
                out.warnings.push(at_order(
                    o,
                    "G3d.3",
                    crate::t!(
                        words,
                        lang,
                        "check-bribe-hopeless",
                        node = c.place_said(a.node.as_str()),
                        best = i64::from(best),
                        target = i64::from(target),
                        per_round = i64::from(c.tables.siege.per_round_spent)
                    ),
                ));
            }
        }
    }
    // G5.2: a declaration alone makes no alliance (a play-test read "valid" as made).
    // Said of every alliance not yet formed: whether the other's declaration is on
    // record is its secret until both have declared (G7.4).
    if c.tables.rulings.alliance_needs_both {
        for o in &set.orders {
            if let crate::rules::order::OrderKind::Alliance { with } = &o.kind {
                // A betrayal was told to both members: the club knows this one is broken.
                let broken = c.tables.rulings.betrayal_ends_alliance
                    && world.alliances.iter().any(|a| {
                        a.members.contains(&h.club)
                            && a.members.contains(with)
                            && !a.betrayed_by.is_empty()
                    });
                if broken {
                    out.warnings.push(at_order(
                        o,
                        "G5.2",
                        crate::t!(
                            words,
                            lang,
                            "check-alliance-broken",
                            with = c.nation_name(with.as_str(), lang)
                        ),
                    ));
                    continue;
                }
                let formed = world.alliances.iter().any(|a| {
                    a.members.contains(&h.club)
                        && a.members.contains(with)
                        && a.declared_by.len() == 2
                });
                if !formed {
                    out.warnings.push(at_order(
                        o,
                        "G5.2",
                        crate::t!(
                            words,
                            lang,
                            "check-alliance-needs-both",
                            with = c.nation_name(with.as_str(), lang)
                        ),
                    ));
                }
            }
        }
    }
    // G5.2: a siege of an ally's place betrays the alliance.
    for (seq, node, ally) in crate::rules::sieges_of_allies(c, world, &h.club, &set) {
        if let Some(o) = set.orders.iter().find(|o| o.at.seq == seq) {
            let army = o.kind.pieces();
            out.warnings.push(at_order(
                o,
                "G5.2",
                crate::t!(
                    words,
                    lang,
                    "check-siege-of-ally",
                    army = army.first().map_or("", |p| p.as_str()),
                    node = c.place_said(node.as_str()),
                    with = c.nation_name(ally.as_str(), lang)
                ),
            ));
        }
    }
    // G5.2: a standing attack into a place of an ally: meeting its force there in the
    // field makes a battle, which betrays the alliance.
    for (seq, node, ally) in crate::rules::moves_at_allies(c, world, &h.club, &set) {
        if let Some(o) = set.orders.iter().find(|o| o.at.seq == seq) {
            let pieces = o.kind.pieces();
            out.warnings.push(at_order(
                o,
                "G5.2",
                crate::t!(
                    words,
                    lang,
                    "check-attack-into-ally",
                    piece = pieces.first().map_or("", |p| p.as_str()),
                    node = c.place_said(node.as_str()),
                    with = c.nation_name(ally.as_str(), lang)
                ),
            ));
        }
    }
    // G3c.3: an army inside its walls stays inside when a force comes, whatever its
    // choice (a play-test's club set "attack" to sally against its besiegers, was told
    // "valid", and the choice was never used). An army the same file moves out is left
    // its choice (another's was told to move it out, which its file did).
    let moved_out = |id: &crate::rules::ArmyId| {
        set.orders.iter().any(|m| {
            matches!(&m.kind, crate::rules::order::OrderKind::Move {
                piece: crate::rules::order::Piece::Army(a),
                path,
            } if a == id && !path.is_empty())
        })
    };
    for o in &set.orders {
        if let crate::rules::order::OrderKind::Stance {
            piece: crate::rules::order::Piece::Army(id),
            when_contacted: Some(_),
            ..
        } = &o.kind
            && let Some(a) = world
                .armies
                .get(id)
                .filter(|a| a.nation == h.club && a.inside && !moved_out(id))
        {
            out.warnings.push(at_order(
                o,
                "G3c.3",
                crate::t!(
                    words,
                    lang,
                    "check-stance-inside",
                    army = id.as_str(),
                    node = c.place_said(a.node.as_str())
                ),
            ));
        }
    }
    // G3c.4: a condition on the enemy's size counts only while the club has a spy (a
    // play-test's club, its spy gone with the year, was told "valid" and its piece
    // stopped where the condition said attack). One hired in the same file counts.
    let has_spy = world.nation(h.club.as_str()).is_some_and(|n| n.spy)
        || set
            .orders
            .iter()
            .any(|o| matches!(o.kind, crate::rules::order::OrderKind::HireSpy));
    for o in set.orders.iter().filter(|_| !has_spy) {
        if let crate::rules::order::OrderKind::Stance {
            piece,
            spy: Some(_),
            ..
        } = &o.kind
        {
            out.warnings.push(at_order(
                o,
                "G3c.4",
                crate::t!(
                    words,
                    lang,
                    "check-spy-condition-no-spy",
                    piece = match piece {
                        crate::rules::order::Piece::Army(a) => a.to_string(),
                        crate::rules::order::Piece::Diplomat(d) => d.to_string(),
                    }
                ),
            ));
        }
    }
    if has_spy {
        // Without a spy the condition counts for nothing either way (G3c.4), and the
        // warning above says so (a play-test's club, its spy killed, was told to keep a
        // condition it could not use).
        stance_spy_warnings(&mut out, (path, text), c, world, &set, (words, lang));
    }
    let first_spring = matches!(world.phase.phase, crate::rules::calendar::Phase::Spring)
        && world.phase.year == c.tables.calendar.start_year;
    let chose = set
        .orders
        .iter()
        .any(|o| matches!(o.kind, crate::rules::order::OrderKind::Objective(_)));
    if first_spring && !chose {
        out.warnings.push(Diagnostic::file(
            path,
            "G8.1",
            words.plain(lang, "check-no-objective"),
        ));
    }
    // A file that leaves the club's orders as they are (battle results alone, letters,
    // an extension) says nothing of its fleets: they sail by the orders that stand (a
    // play-test's results-only file was warned of a fleet those orders moved).
    let keeps_orders = keeps_orders || (!sent.is_empty() && set.orders.is_empty());
    if !keeps_orders {
        idle_fleet_warnings(&mut out, path, c, world, h, &set, words, lang);
    }
    out
}

/// The span of each node of a move's path, by the order's place in the file.
type Steps = std::collections::BTreeMap<u32, Vec<std::ops::Range<usize>>>;

/// Where a refused move breaks its rule, when it breaks it at one step of its path
/// (G3b.2's start, G3b.3's allowance, G3b.6's ban): that node's span in the file.
fn step_span(
    world: &World,
    club: &crate::rules::NationCode,
    set: &OrderSet,
    steps: &Steps,
    seq: u32,
    reason: &crate::rules::outcome::Reason,
) -> Option<std::ops::Range<usize>> {
    let order = set.orders.iter().find(|o| o.at.seq == seq)?;
    let crate::rules::order::OrderKind::Move { path, .. } = &order.kind else {
        return None;
    };
    let i = crate::rules::breaking_step(world, club, path, reason)?;
    steps.get(&seq)?.get(i).cloned()
}

impl Judged {
    /// Refuses one order of the file with the rule and the reason.
    #[allow(clippy::too_many_arguments)]
    fn refuse(
        &mut self,
        path: &str,
        text: &str,
        o: &crate::rules::order::Order,
        (rule, reason): (&str, &crate::rules::outcome::Reason),
        c: &Campaign,
        (words, lang): (&crate::words::Words, Lang),
    ) {
        let said = crate::words::explain::reason_named(words, c, reason, lang);
        self.refused
            .insert(o.at.seq, (rule.to_owned(), said.clone()));
        self.rejected.push(Diagnostic::at(
            path,
            text,
            o.at.start..o.at.end,
            rule,
            format!("{}: {said}", o.kind.name()),
        ));
    }
}

/// G3e.1: a fleet at sea that the file gives no move (or only a refused one) cannot
/// stay still; the warning says what the rules will do with it instead.
#[allow(clippy::too_many_arguments)]
fn idle_fleet_warnings(
    out: &mut Judged,
    path: &str,
    c: &Campaign,
    world: &World,
    h: &Header,
    set: &OrderSet,
    words: &crate::words::Words,
    lang: Lang,
) {
    use crate::rules::order::OrderKind;
    use crate::rules::sea::{IdleCourse, idle_course};
    use crate::rules::world::FleetAt;
    if world.phase.round().is_none() {
        return;
    }
    for f in world.fleets.values().filter(|f| f.nation == h.club) {
        let FleetAt::Sea(at) = &f.at else { continue };
        let moved = set.orders.iter().any(|o| {
            !out.refused.contains_key(&o.at.seq)
                && matches!(&o.kind,
                    OrderKind::FleetMove { fleet, .. } | OrderKind::Land { fleet, .. }
                        if fleet == &f.id)
        });
        if moved {
            continue;
        }
        let rule = c.tables.rulings.idle_fleet_at_sea;
        let (course, sea, port) = match idle_course(&c.map, world, rule, &f.nation, &f.at) {
            IdleCourse::IntoPort(p) => ("port", String::new(), c.place_said_in(p.as_str(), lang)),
            IdleCourse::Toward { sea, port } => (
                "toward",
                c.place_said_in(sea.as_str(), lang),
                c.place_said_in(port.as_str(), lang),
            ),
            IdleCourse::Lost => ("lost", String::new(), String::new()),
            IdleCourse::KeepsTheSea | IdleCourse::StaysInPort => {
                ("sea", String::new(), String::new())
            }
        };
        out.warnings.push(Diagnostic::file(
            path,
            "G3e.1",
            crate::t!(
                words,
                lang,
                "check-fleet-idle",
                fleet = f.id.as_str(),
                at = c.place_said_in(at.as_str(), lang),
                course = course,
                sea = sea.as_str(),
                port = port.as_str()
            ),
        ));
    }
}

/// Splits what a file says apart from the phase's orders from its orders: battle
/// results and orders of battle under the ruling `battle_results_at_once`, encounter
/// replies in contact-exchange mode (`contact_exchange`, G3c.3). They are taken when
/// the file arrives, not when the phase is resolved; without their ruling they stay
/// with the orders (and the rules refuse them as they always did).
pub(crate) fn battle_kinds(
    c: &Campaign,
    set: &OrderSet,
) -> (Vec<crate::rules::order::Order>, OrderSet) {
    use crate::rules::order::OrderKind;
    let r = &c.tables.rulings;
    let (sent, orders): (Vec<_>, Vec<_>) = set.orders.iter().cloned().partition(|o| match o.kind {
        OrderKind::BattleResult { .. } | OrderKind::OrderOfBattle { .. } => {
            r.battle_results_at_once
        }
        OrderKind::EncounterReply { .. } => r.contact_exchange,
        _ => false,
    });
    (sent, OrderSet { orders })
}

/// What an order file claims before it is read through: the club it names and the
/// secret it carries, taken from a file that may not parse (a TOML error further down
/// must not hide who the file claims to be from).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Claim {
    pub(crate) club: Option<String>,
    pub(crate) secret: Option<String>,
}

/// Reads the claim of an order file: from the parsed TOML when it parses, else from
/// its top-level `club = "…"` and `secret = "…"` lines.
pub(crate) fn claim(bytes: &[u8]) -> Claim {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(table) = toml::from_str::<toml::Table>(&text) {
        let get = |k: &str| table.get(k).and_then(|v| v.as_str()).map(str::to_owned);
        return Claim {
            club: get("club"),
            secret: get("secret"),
        };
    }
    let mut c = Claim::default();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            break;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().trim_matches(['"', '\'']);
        let value = quoted(value.trim());
        match key {
            "club" if c.club.is_none() => c.club = value,
            "secret" if c.secret.is_none() => c.secret = value,
            _ => {}
        }
    }
    c
}

/// The string a TOML value line starts with, if it is one.
fn quoted(v: &str) -> Option<String> {
    let q = v.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let rest = &v[1..];
    rest.find(q).map(|end| rest[..end].to_owned())
}

/// Checks that a club plays the nation and that the secret is the club's.
fn authenticate(
    path: &str,
    text: &str,
    h: &Header,
    world: &World,
    lookup: &dyn Fn(&str) -> Option<String>,
    w: &Words,
    lang: Lang,
) -> Option<Diagnostic> {
    let whole = Diagnostic::file(path, "auth.club", String::new());
    if !world.is_club(h.club.as_str()) {
        return Some(Diagnostic {
            message: crate::t!(w, lang, "auth-no-club", club = h.club.as_str()),
            ..whole
        });
    }
    let stored = lookup(h.club.as_str())?;
    let written = h.secret.as_ref().map(|(s, _)| s.as_str());
    let problem = auth::verify(written, &stored).err()?;
    let id = match problem {
        SecretProblem::Missing => "auth-secret-missing",
        SecretProblem::NotAscii => "auth-secret-not-ascii",
        SecretProblem::Malformed => "auth-secret-malformed",
        SecretProblem::Wrong => "auth-secret-wrong",
    };
    let message = w.plain(lang, id);
    Some(match &h.secret {
        Some((_, span)) => Diagnostic::at(path, text, span.clone(), "auth.secret", message),
        None => Diagnostic {
            rule: "auth.secret".into(),
            message,
            ..whole
        },
    })
}

/// G3c.4: a `[[stance]]` with a plain choice and no spy line, for a piece with a
/// standing condition on the enemy's size: it takes the condition away
/// (`plain_choice_clears_spy_condition`), or, in campaigns before that ruling, leaves
/// it deciding while the club has a spy. Either way the file's author is told (a
/// play-test's club wrote a plain choice and its piece went by the old condition).
fn stance_spy_warnings(
    out: &mut Judged,
    (path, text): (&str, &str),
    c: &Campaign,
    world: &World,
    set: &OrderSet,
    (words, lang): (&Words, Lang),
) {
    use crate::rules::order::{OrderKind, Piece};
    for o in &set.orders {
        let OrderKind::Stance {
            piece,
            on_contact,
            when_contacted,
            spy: None,
            ..
        } = &o.kind
        else {
            continue;
        };
        if on_contact.is_none() && when_contacted.is_none() {
            continue;
        }
        let (standing, name) = match piece {
            Piece::Army(id) => (world.armies.get(id).map(|a| &a.stance), id.to_string()),
            Piece::Diplomat(id) => (world.diplomats.get(id).map(|d| &d.stance), id.to_string()),
        };
        if standing.is_none_or(|s| s.spy.is_none()) {
            continue;
        }
        let key = if c.tables.rulings.plain_choice_clears_spy_condition {
            "check-stance-clears-spy"
        } else {
            "check-stance-spy-stays"
        };
        out.warnings.push(Diagnostic::at(
            path,
            text,
            o.at.start..o.at.end,
            "G3c.4",
            crate::t!(words, lang, key, piece = name),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ids::{FleetId, NationCode, SeaCode};
    use crate::rules::menu::{Idle, options};
    use crate::rules::world::{Fleet, FleetAt};
    use crate::scenario::{self, Source};

    /// A Turkish club with one fleet on Adriatico centrale in round 3: no Turkish port
    /// lies on that zone; the nearest is Valona (T0), by Adriatico meridionale.
    fn at_sea() -> (Campaign, World) {
        let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
        let t = NationCode::from("T");
        let mut w = World::start(&c, std::slice::from_ref(&t));
        w.phase = crate::rules::PhaseId::parse_key("1494-r03").expect("phase");
        w.armies.clear();
        w.fleets.clear();
        let id = FleetId::from("T-F1");
        w.fleets.insert(
            id.clone(),
            Fleet {
                id,
                nation: t,
                at: FleetAt::Sea(SeaCode::from("ADC")),
                cargo: None,
            },
        );
        (c, w)
    }

    fn warnings(c: &Campaign, w: &World, body: &str, lang: Lang) -> Vec<String> {
        let file = format!("club = \"T\"\nphase = \"1494-r03\"\n{body}");
        check(
            "orders.toml",
            file.as_bytes(),
            c,
            w,
            &[],
            Auth::None,
            &Words::load(None).expect("catalogue"),
            Some(lang),
        )
        .warnings
        .iter()
        .map(|d| d.message.clone())
        .collect()
    }

    #[test]
    fn a_fleet_left_at_sea_is_warned_with_what_the_sheet_says_it_will_do() {
        let (c, w) = at_sea();
        let sheet = options(&c, &w, &NationCode::from("T"));
        let fleet = sheet.pieces.iter().find(|p| p.id == "T-F1").expect("fleet");
        assert_eq!(
            fleet.idle,
            Idle::FleetToward {
                sea: "ADS".into(),
                port: "T0".into()
            }
        );
        let en = warnings(&c, &w, "", Lang::En);
        assert_eq!(en.len(), 1, "{en:?}");
        assert!(
            en[0].contains("T-F1")
                && en[0].contains("is at sea in the Central Adriatic (ADC)")
                && en[0].contains("to the Southern Adriatic (ADS), toward Valona (T0)"),
            "{en:?}"
        );
        let it = warnings(&c, &w, "", Lang::It);
        assert!(
            it[0].contains(
                "è in mare nell'Adriatico centrale (ADC) e questo file non le dà alcun \
                 movimento"
            ) && it[0].contains("verso l'Adriatico meridionale (ADS), in rotta per Valona (T0)"),
            "{it:?}"
        );
        // A refused move leaves it idle all the same; a valid one does not.
        let refused = "[[fleet_move]]\nfleet = \"T-F1\"\nto = \"P6\"\n";
        assert_eq!(warnings(&c, &w, refused, Lang::En).len(), 1);
        let moved = "[[fleet_move]]\nfleet = \"T-F1\"\nto = \"ADN\"\n";
        assert!(warnings(&c, &w, moved, Lang::En).is_empty());
        // A file that leaves the orders as they are says nothing of the fleet: it sails
        // by the orders that stand (a play-test's warning contradicted them).
        let extension = "[extension]\nhours = 12\n";
        assert!(
            warnings(&c, &w, extension, Lang::En)
                .iter()
                .all(|m| !m.contains("T-F1")),
            "{:?}",
            warnings(&c, &w, extension, Lang::En)
        );
    }

    /// G3c.3: an army inside its walls is warned that its choice when contacted is not
    /// used there, unless the same file moves it out (a play-test's club was told to
    /// move out the army its file moved).
    #[test]
    fn a_stance_inside_the_walls_is_warned_unless_the_file_moves_the_army_out() {
        let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
        let t = NationCode::from("T");
        let mut w = World::start(&c, std::slice::from_ref(&t));
        w.phase = crate::rules::PhaseId::parse_key("1494-r03").expect("phase");
        let (id, node) = {
            let a = w
                .armies
                .values_mut()
                .find(|a| a.nation == t)
                .expect("a Turkish army");
            a.inside = true;
            (a.id.clone(), a.node.clone())
        };
        let next = c
            .map
            .neighbours(node.as_str())
            .next()
            .expect("a road out")
            .clone();
        let stance = format!("[[stance]]\npiece = \"{id}\"\nwhen_contacted = \"attack\"\n");
        let warned = |body: &str| {
            warnings(&c, &w, body, Lang::En)
                .iter()
                .any(|m| m.contains("is inside the walls"))
        };
        assert!(warned(&stance));
        let out = format!("{stance}\n[[move]]\npiece = \"{id}\"\npath = \"{node} -> {next}\"\n");
        assert!(!warned(&out), "{:?}", warnings(&c, &w, &out, Lang::En));
    }

    /// G5.2: a declaration alone makes no alliance; a play-test read the receipt's
    /// "valid" as made. Warned until the alliance is formed: whether the other nation
    /// declared it already is its secret (G7.4), so its declaration alone changes nothing.
    #[test]
    fn an_alliance_declared_alone_is_warned_until_the_other_side_declared_it() {
        let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
        let (t, v) = (NationCode::from("T"), NationCode::from("V"));
        let mut w = World::start(&c, &[t.clone(), v.clone()]);
        w.phase = crate::rules::PhaseId::parse_key("1495-spring").expect("phase");
        let said = |w: &World| -> Vec<String> {
            check(
                "orders.toml",
                b"club = \"T\"\nphase = \"1495-spring\"\nalliances = [\"V\"]\n",
                &c,
                w,
                &[],
                Auth::None,
                &Words::load(None).expect("catalogue"),
                Some(Lang::En),
            )
            .warnings
            .iter()
            .map(|d| d.message.clone())
            .collect()
        };
        assert!(
            said(&w)
                .iter()
                .any(|m| m.contains("stands only once both nations have declared it")),
            "{:?}",
            said(&w)
        );
        let before = said(&w);
        w.alliances.push(crate::rules::world::Alliance {
            members: [t, v.clone()],
            declared_by: std::collections::BTreeSet::from([v.clone()]),
            betrayed_by: std::collections::BTreeSet::new(),
        });
        assert_eq!(
            said(&w),
            before,
            "the other's declaration alone tells nothing"
        );
        w.alliances[0].declared_by.insert(NationCode::from("T"));
        assert!(
            !said(&w).iter().any(|m| m.contains("stands only once")),
            "{:?}",
            said(&w)
        );
    }
}
