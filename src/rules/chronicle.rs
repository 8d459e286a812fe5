//! The year in review, after each winter: every club's yearly report ([`YearView`]) and
//! the public chronicle of the year ([`Chronicle`]), projected from the year's resolved
//! phases under the same fog of war as [`super::visibility`] (G7).
//!
//! A club's view holds its own ledger, the nodes it won and lost, its own battles and
//! sieges, and the events addressed to it. The chronicle holds only what was public
//! (G7.1): who took which node, the battles whose result was public, the other public
//! events (breaches, works completed…), and every nation's holdings at the start and
//! the end of the year. Alliances (G5.1, G7.4), treasuries, losses and siege rolls never
//! reach it: every fact is taken from an event whose [`Audience`] includes the reader,
//! or from the reader's own state. So the chronicle follows the audiences the rules
//! give: a battle's result told to its two sides only (G7.3) stays out of it.

use super::calendar::PhaseId;
use super::campaign::Campaign;
use super::ids::{Ducats, NationCode, NodeCode, natural_cmp};
use super::ledger::{Account, Item};
use super::outcome::{Audience, Event, Happening};
use super::resolve::Resolution;
use super::say::Say;
use super::tables::Lang;
use super::visibility::{ClubName, PhaseFacts, StandingView, club_view};
use super::world::World;
use serde::Serialize;
use std::collections::BTreeMap;

/// One resolved phase of the year: the world it opened with and what its resolution did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseRecord {
    pub before: World,
    pub resolution: Resolution,
}

/// A year as stored: its resolved phases in order (spring, the rounds, winter) and the
/// world after the last of them — the next spring's opening, or the last winter's own
/// world when the campaign ended with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YearRecord {
    pub year: u16,
    pub phases: Vec<PhaseRecord>,
    pub end: World,
    /// The referee's announcements copied into the chronicle (`giglio announce
    /// --chronicle`), oldest first: each as written, in Italian and English.
    pub announcements: Vec<Announced>,
}

/// One announcement of the referee, in each language as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announced {
    pub(crate) it: String,
    pub(crate) en: String,
}

impl YearRecord {
    /// Returns the world at the opening of the year (the end, when no phase is known).
    pub(crate) fn start(&self) -> &World {
        self.phases.first().map_or(&self.end, |p| &p.before)
    }
}

/// The words a year's views need from the campaign: its title and the names of
/// nations, places and phases. [`Campaign`] provides them; tests use a small table.
pub(crate) trait Names {
    fn title(&self, lang: Lang) -> String;
    fn nation_name(&self, code: &str, lang: Lang) -> String;
    fn place_name(&self, code: &str) -> String;
}

impl Names for Campaign {
    /// The game's name is the same in every language (the Italian title).
    fn title(&self, _lang: Lang) -> String {
        self.title_it.clone()
    }

    fn nation_name(&self, code: &str, lang: Lang) -> String {
        Campaign::nation_name(self, code, lang)
    }

    fn place_name(&self, code: &str) -> String {
        Campaign::place_name(self, code)
    }
}

/// A node that changed hands, and when (G3b.8 taken, G3d.2 surrendered).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct NodeChange {
    /// The phase it happened in, in words.
    pub(crate) phase: String,
    pub(crate) phase_key: String,
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    pub(crate) from: NationCode,
    pub(crate) from_name: String,
    pub(crate) to: NationCode,
    pub(crate) to_name: String,
    /// `taken` (an army alone in an open node) or `surrendered` (a siege).
    pub(crate) how: &'static str,
}

/// A node held at one end of the year and not at the other, with the other owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct NetNode {
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    /// Who held it at the start (for a node gained) or holds it at the end (for a
    /// node lost).
    pub(crate) other: NationCode,
    pub(crate) other_name: String,
}

/// One kind of ledger item summed over the year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SummaryLine {
    /// Stable key of the item kind (`income`, `siege_cost`…).
    pub(crate) key: &'static str,
    pub(crate) name: String,
    /// Ducats into (positive) or out of (negative) the treasury.
    pub(crate) treasury: Ducats,
    /// Ducats into or out of the club's armies, garrisons and fleets.
    pub(crate) forces: Ducats,
}

/// One of the club's own battles of the year (G3c.7, G7.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct YearBattle {
    pub(crate) phase: String,
    pub(crate) id: String,
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    /// `attacker` or `defender`.
    pub(crate) role: &'static str,
    pub(crate) opponent: NationCode,
    pub(crate) opponent_name: String,
    /// `won`, `lost` or `draw`.
    pub(crate) result: &'static str,
    /// Losses as the club was told them (G7.3: a battle reveals both sides' losses).
    pub(crate) own_loss: Option<Ducats>,
    pub(crate) enemy_loss: Option<Ducats>,
    pub(crate) provisional: bool,
}

/// One of the club's own sieges of the year, as besieger or defender (G3d).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct YearSiege {
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    /// `besieger` or `defender`.
    pub(crate) role: &'static str,
    pub(crate) opponent: NationCode,
    pub(crate) opponent_name: String,
    /// Siege rolls made this year.
    pub(crate) rolls: usize,
    /// The last roll's total (the besieger's only: a defender is never told it, G7)
    /// and what it needed.
    pub(crate) last_total: Option<i32>,
    pub(crate) needed: i32,
    /// `fell` (the place surrendered), `ongoing` or `lifted`.
    pub(crate) result: &'static str,
}

/// An event of the year, in words, with the phase it happened in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct YearEvent {
    pub(crate) phase: String,
    pub(crate) rule: String,
    pub(crate) text: String,
}

/// Everything one club may know about its year (G7.2–G7.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct YearView {
    pub(crate) campaign: String,
    pub(crate) lang: Lang,
    pub(crate) year: u16,
    /// "l'anno 1494", "the year 1494".
    pub(crate) title: String,
    pub(crate) nation: NationCode,
    pub(crate) nation_name: String,
    pub(crate) club_name: String,
    pub(crate) treasury_start: Ducats,
    pub(crate) treasury_end: Ducats,
    /// Sums of the treasury's entries into and out of it (the latter negative).
    pub(crate) treasury_in: Ducats,
    pub(crate) treasury_out: Ducats,
    /// The whole ledger of the year, item kind by item kind.
    pub(crate) summary: Vec<SummaryLine>,
    /// Sums of the summary's columns.
    pub(crate) total_treasury: Ducats,
    pub(crate) total_forces: Ducats,
    /// Value of its armies and garrisons at the start and the end of the year.
    pub(crate) forces_start: Ducats,
    pub(crate) forces_end: Ducats,
    pub(crate) loan_due: Option<Ducats>,
    pub(crate) nodes_start: usize,
    pub(crate) nodes_end: usize,
    /// Every change of hands the club took part in: won, lost, and both in the order
    /// they happened (a play-test read a place retaken in round 9 above its loss in
    /// round 7).
    pub(crate) won: Vec<NodeChange>,
    pub(crate) lost: Vec<NodeChange>,
    pub(crate) held: Vec<NodeChange>,
    /// The net change: held at the end and not at the start, and the reverse.
    pub(crate) gained: Vec<NetNode>,
    pub(crate) given_up: Vec<NetNode>,
    pub(crate) battles: Vec<YearBattle>,
    pub(crate) sieges: Vec<YearSiege>,
    pub(crate) events: Vec<YearEvent>,
    /// It held the Strategos this year.
    pub(crate) strategos: bool,
    /// Its own Table 36 events for next year (G4.3), by name.
    pub(crate) events_next_year: Vec<String>,
    /// Its own standing only (G8, G7.4), as in the phase reports.
    pub(crate) standing: Option<StandingView>,
}

/// A battle in the chronicle, when its result was public: where, who, who won (never
/// the losses).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct ChronicleBattle {
    pub(crate) phase: String,
    pub(crate) id: String,
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    pub(crate) attacker: NationCode,
    pub(crate) attacker_name: String,
    pub(crate) defender: NationCode,
    pub(crate) defender_name: String,
    pub(crate) winner: Option<NationCode>,
    pub(crate) winner_name: Option<String>,
    pub(crate) provisional: bool,
}

/// A nation's holdings at the start and the end of the year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct HoldingChange {
    pub(crate) nation: NationCode,
    pub(crate) name: String,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) change: i64,
}

/// The public chronicle of a year (G7.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chronicle {
    pub(crate) campaign: String,
    pub(crate) lang: Lang,
    pub(crate) year: u16,
    pub(crate) title: String,
    pub(crate) changes: Vec<NodeChange>,
    pub(crate) battles: Vec<ChronicleBattle>,
    /// Other public events: breaches, works completed, the move order, the end.
    pub(crate) events: Vec<YearEvent>,
    /// Nations holding nodes at either end of the year, most at the end first.
    pub(crate) holdings: Vec<HoldingChange>,
    /// The referee's announcements of the year, in the chronicle's language.
    pub(crate) announcements: Vec<String>,
}

/// Returns the kind of a ledger item: its order in the summary, key and words. The
/// match is exhaustive so a new item cannot be left out of the summary.
fn item_kind(item: &Item) -> (u8, &'static str) {
    match item {
        Item::Income { .. } => (0, "income"),
        Item::Loan => (1, "loan"),
        Item::LoanRepayment => (2, "loan_repayment"),
        Item::Interest => (3, "interest"),
        Item::Confiscation => (4, "confiscation"),
        Item::Raise => (5, "raise"),
        Item::Reinforce => (6, "reinforce"),
        Item::Transfer => (7, "transfer"),
        Item::GarrisonDetached { .. } => (8, "garrison_detached"),
        Item::GarrisonCost => (9, "garrison_cost"),
        Item::Fortify { .. } => (10, "fortify"),
        Item::Repair { .. } => (11, "repair"),
        Item::Sapper => (12, "sapper"),
        Item::Diplomat => (13, "diplomat"),
        Item::Spy => (14, "spy"),
        Item::Assassin => (15, "assassin"),
        Item::Fleet => (16, "fleet"),
        Item::Strategos => (17, "strategos"),
        Item::Upkeep => (18, "upkeep"),
        Item::Bribe { .. } => (19, "bribe"),
        Item::SiegeCost { .. } => (20, "siege_cost"),
        Item::Captured { .. } => (21, "captured"),
        Item::Epidemic { .. } => (22, "epidemic"),
        Item::Storm => (23, "storm"),
        Item::BattleLoss { .. } => (24, "battle_loss"),
    }
}

/// Returns whether an event may be told to `nation` (G7: its audience includes it).
fn told_to(e: &Event, nation: &NationCode) -> bool {
    match &e.audience {
        Audience::Public => true,
        Audience::Nation(n) => n == nation,
        Audience::Referee => false,
    }
}

/// Returns whether an event was addressed to `nation` alone (not public).
fn addressed_to(e: &Event, nation: &NationCode) -> bool {
    matches!(&e.audience, Audience::Nation(n) if n == nation)
}

/// A public change of hands, if the event is one.
fn change_of(
    names: &dyn Names,
    say: &dyn Say,
    e: &Event,
    at: PhaseId,
    lang: Lang,
) -> Option<NodeChange> {
    if e.audience != Audience::Public {
        return None;
    }
    let (node, from, to, how) = match &e.what {
        Happening::NodeTaken { node, from, to } => (node, from, to, "taken"),
        Happening::Surrendered { node, from, to, .. } => (node, from, to, "surrendered"),
        _ => return None,
    };
    Some(NodeChange {
        phase: say.phase(at, lang),
        phase_key: at.key(),
        node: node.clone(),
        node_name: names.place_name(node.as_str()),
        from: from.clone(),
        from_name: names.nation_name(from.as_str(), lang),
        to: to.clone(),
        to_name: names.nation_name(to.as_str(), lang),
        how,
    })
}

/// Every public change of hands of the year, in order.
fn changes(names: &dyn Names, say: &dyn Say, y: &YearRecord, lang: Lang) -> Vec<NodeChange> {
    y.phases
        .iter()
        .flat_map(|p| {
            p.resolution
                .events
                .iter()
                .filter_map(move |e| change_of(names, say, e, p.before.phase, lang))
        })
        .collect()
}

fn forces_of(w: &World, nation: &str) -> Ducats {
    let armies: Ducats = w.armies_of(nation).map(|a| a.value).sum();
    let garrisons: Ducats = w
        .nodes
        .values()
        .filter_map(|n| n.garrison.as_ref())
        .filter(|g| g.nation.as_str() == nation)
        .map(|g| g.value)
        .sum();
    armies + garrisons
}

/// The club's ledger of the year, summed by item kind.
fn summary(say: &dyn Say, y: &YearRecord, nation: &NationCode, lang: Lang) -> Vec<SummaryLine> {
    let mut lines: BTreeMap<u8, SummaryLine> = BTreeMap::new();
    let entries = y
        .phases
        .iter()
        .flat_map(|p| &p.resolution.ledger.entries)
        .filter(|e| &e.nation == nation);
    for e in entries {
        let (rank, key) = item_kind(&e.item);
        let line = lines.entry(rank).or_insert_with(|| SummaryLine {
            key,
            name: say.item_kind(key, lang),
            treasury: 0,
            forces: 0,
        });
        match e.account {
            Account::Treasury => line.treasury += e.amount,
            _ => line.forces += e.amount,
        }
    }
    lines.into_values().collect()
}

/// Nodes held at the end and not at the start (`gained`), or the reverse.
fn net_nodes(
    names: &dyn Names,
    y: &YearRecord,
    nation: &NationCode,
    lang: Lang,
    gained: bool,
) -> Vec<NetNode> {
    let (start, end) = (y.start(), &y.end);
    let (had, has) = if gained { (start, end) } else { (end, start) };
    let mut out: Vec<NetNode> = has
        .nodes
        .iter()
        .filter(|(_, n)| &n.owner == nation)
        .filter_map(|(code, _)| {
            let other = &had.nodes.get(code)?.owner;
            (other != nation).then(|| NetNode {
                node: code.clone(),
                node_name: names.place_name(code.as_str()),
                other: other.clone(),
                other_name: names.nation_name(other.as_str(), lang),
            })
        })
        .collect();
    out.sort_by(|a, b| natural_cmp(a.node.as_str(), b.node.as_str()));
    out
}

/// The club's battles of the year, with the losses it was told (G7.3).
fn battles(
    names: &dyn Names,
    say: &dyn Say,
    y: &YearRecord,
    nation: &NationCode,
    lang: Lang,
) -> Vec<YearBattle> {
    let mut out = Vec::new();
    for p in &y.phases {
        for e in &p.resolution.events {
            let Happening::BattleFought {
                id,
                node,
                attacker,
                defender,
                winner,
                provisional,
            } = &e.what
            else {
                continue;
            };
            // A result may be told in more than one copy (public, or one per side).
            if !told_to(e, nation) || out.iter().any(|b: &YearBattle| &b.id == id) {
                continue;
            }
            let (role, opponent) = if attacker == nation {
                ("attacker", defender)
            } else if defender == nation {
                ("defender", attacker)
            } else {
                continue;
            };
            let losses = p.resolution.events.iter().find_map(|l| match &l.what {
                Happening::BattleLosses {
                    id: lid,
                    attacker_loss,
                    defender_loss,
                } if lid == id && addressed_to(l, nation) => Some((*attacker_loss, *defender_loss)),
                _ => None,
            });
            let (own_loss, enemy_loss) = match (losses, role) {
                (Some((a, d)), "attacker") => (Some(a), Some(d)),
                (Some((a, d)), _) => (Some(d), Some(a)),
                (None, _) => (None, None),
            };
            out.push(YearBattle {
                phase: say.phase(PhaseId::battle_fought_in(id, p.before.phase), lang),
                id: id.clone(),
                node: node.clone(),
                node_name: names.place_name(node.as_str()),
                role,
                opponent: opponent.clone(),
                opponent_name: names.nation_name(opponent.as_str(), lang),
                result: match winner {
                    Some(w) if w == nation => "won",
                    Some(_) => "lost",
                    None => "draw",
                },
                own_loss,
                enemy_loss,
                provisional: *provisional,
            });
        }
    }
    out
}

/// The club's sieges of the year, from the siege rolls it was told of (G3d.2).
fn sieges(names: &dyn Names, y: &YearRecord, nation: &NationCode, lang: Lang) -> Vec<YearSiege> {
    // (node, besieger) → (first phase index, the siege so far).
    let mut found: BTreeMap<(NodeCode, NationCode), (usize, YearSiege)> = BTreeMap::new();
    for (i, p) in y.phases.iter().enumerate() {
        for e in &p.resolution.events {
            // A siege the club's army held but never rolled (in battle at the place, or
            // waiting) is a siege of its year all the same (a play-test's besieger, beaten
            // before its first roll, found its siege missing): `None`, no roll.
            let (node, besieger, total, needed) = match &e.what {
                Happening::SiegeRoll {
                    node,
                    besieger,
                    total,
                    needed,
                    ..
                } => (node, besieger.clone(), Some(*total), Some(needed)),
                Happening::SiegeRound {
                    node,
                    besieger,
                    total,
                    needed,
                    ..
                } => (node, besieger.clone(), *total, Some(needed)),
                // The place's holder is told of a siege held by the battle it fights
                // there: the besieger is the army's nation, not the club told.
                Happening::SiegeHeldByBattle { node, army, .. }
                | Happening::SiegeWaits { node, army, .. }
                | Happening::SiegeEnded { node, army, .. } => (node, army.nation(), None, None),
                // The holder's siege that ended unrolled (a play-test's besieged club
                // found it missing): told it was raised.
                Happening::SiegeRaised { node, besieger } => (node, besieger.clone(), None, None),
                _ => continue,
            };
            let besieger = &besieger;
            if !addressed_to(e, nation) {
                continue;
            }
            let (role, opponent) = if besieger == nation {
                // The place's owner when it was besieged: the political map (G7.1).
                let owner = p.before.nodes.get(node).map(|n| n.owner.clone());
                ("besieger", owner.unwrap_or_else(|| besieger.clone()))
            } else {
                ("defender", besieger.clone())
            };
            let entry = found
                .entry((node.clone(), besieger.clone()))
                .or_insert_with(|| {
                    (
                        i,
                        YearSiege {
                            node: node.clone(),
                            node_name: names.place_name(node.as_str()),
                            role,
                            opponent_name: names.nation_name(opponent.as_str(), lang),
                            opponent,
                            rolls: 0,
                            last_total: None,
                            needed: 0,
                            result: "lifted",
                        },
                    )
                });
            let Some(needed) = needed else {
                continue;
            };
            entry.1.rolls += 1;
            // G7: the total would tell the besieger's sapper and bribe.
            entry.1.last_total = total.filter(|_| besieger == nation);
            entry.1.needed = *needed;
        }
    }
    found
        .into_iter()
        .map(|((node, besieger), (first, mut siege))| {
            siege.result = siege_result(y, (&node, &besieger, nation), first);
            siege
        })
        .collect()
}

/// How a siege ended: the place surrendered to the besieger (a public event), the
/// besieger's army still besieges it at the end of the year, a battle the club fought
/// there ended it (a play-test's club read "lifted" of a siege its lost battle broke), or
/// it was lifted.
fn siege_result(
    y: &YearRecord,
    (node, besieger, nation): (&NodeCode, &NationCode, &NationCode),
    first: usize,
) -> &'static str {
    let fell = y.phases.iter().skip(first).any(|p| {
        p.resolution.events.iter().any(|e| {
            e.audience == Audience::Public
                && matches!(&e.what, Happening::Surrendered { node: n, to, .. } if n == node && to == besieger)
        })
    });
    let ongoing = y.end.sieges.iter().any(|s| {
        &s.node == node
            && y.end
                .armies
                .get(&s.besieger)
                .is_some_and(|a| &a.nation == besieger)
    });
    // The besieger reads its army fell back from the place, or was destroyed there; the
    // defender, that it won a battle there.
    let battle = y.phases.iter().skip(first).any(|p| {
        p.resolution.events.iter().any(|e| {
            told_to(e, nation)
                && match &e.what {
                    Happening::SiegeEnded {
                        node: n,
                        why: crate::rules::outcome::SiegeEnd::FellBack,
                        ..
                    } => n == node && besieger == nation,
                    Happening::ForceDestroyed {
                        nation: lost,
                        what: crate::rules::outcome::Force::Army(_),
                        node: n,
                        ..
                    } => n == node && lost == besieger && besieger == nation,
                    Happening::BattleFought {
                        node: n,
                        attacker,
                        defender,
                        winner: Some(w),
                        ..
                    } => {
                        n == node
                            && w == nation
                            && besieger != nation
                            && (attacker == besieger || defender == besieger)
                    }
                    _ => false,
                }
        })
    });
    if fell {
        "fell"
    } else if ongoing {
        "ongoing"
    } else if battle {
        "battle"
    } else {
        "lifted"
    }
}

/// Returns whether an event addressed to the club is told elsewhere in its yearly
/// report (income in the ledger, battles and sieges in their sections) or is noise.
fn told_elsewhere(what: &Happening) -> bool {
    matches!(
        what,
        Happening::Income { .. }
            | Happening::SiegeRoll { .. }
            | Happening::SiegeRound { .. }
            | Happening::BattleLosses { .. }
            | Happening::BattlePending { .. }
            | Happening::BattleFought { .. }
            | Happening::EventRoll { .. }
    )
}

/// The events addressed to the club alone over the year (public ones are in the
/// chronicle).
fn own_events(say: &dyn Say, y: &YearRecord, nation: &NationCode, lang: Lang) -> Vec<YearEvent> {
    y.phases
        .iter()
        .flat_map(|p| {
            p.resolution
                .events
                .iter()
                .filter(|e| addressed_to(e, nation))
                .filter(|e| !told_elsewhere(&e.what))
                .map(move |e| YearEvent {
                    phase: say.phase(p.before.phase, lang),
                    rule: e.rule.clone(),
                    // Siege rounds are told in their own section, never here: the
                    // strictest reading of the siege ruling serves the rest.
                    text: say.happening(
                        &super::visibility::seen_by(
                            &e.what,
                            nation,
                            super::tables::SiegeDefenderSees::Outcome,
                        ),
                        lang,
                    ),
                })
        })
        .collect()
}

/// Projects what `club` may know about year `y`, from the record alone. Its standing
/// and next year's events are added by [`year_view`], which needs the whole campaign.
pub(crate) fn year_view_of(
    names: &dyn Names,
    say: &dyn Say,
    y: &YearRecord,
    club: &ClubName,
) -> YearView {
    let (nation, lang) = (club.nation, club.lang);
    let start = y.start();
    let treasury = |w: &World| w.nation(nation.as_str()).map_or(0, |s| s.treasury);
    let summary = summary(say, y, nation, lang);
    let flows = y
        .phases
        .iter()
        .flat_map(|p| &p.resolution.ledger.entries)
        .filter(|e| &e.nation == nation && e.account == Account::Treasury)
        .map(|e| e.amount);
    let (treasury_in, treasury_out) =
        flows.fold(
            (0, 0),
            |(i, o), a| {
                if a >= 0 { (i + a, o) } else { (i, o + a) }
            },
        );
    let changes = changes(names, say, y, lang);
    let strategos = y.phases.iter().any(|p| {
        p.resolution.events.iter().any(|e| {
            told_to(e, nation)
                && matches!(&e.what, Happening::StrategosWon { nation: n, .. } if n == nation)
        })
    });
    YearView {
        campaign: names.title(lang),
        lang,
        year: y.year,
        title: say.year(y.year, lang),
        nation: nation.clone(),
        nation_name: names.nation_name(nation.as_str(), lang),
        club_name: club.name.to_owned(),
        treasury_start: treasury(start),
        treasury_end: treasury(&y.end),
        treasury_in,
        treasury_out,
        total_treasury: summary.iter().map(|l| l.treasury).sum(),
        total_forces: summary.iter().map(|l| l.forces).sum(),
        summary,
        forces_start: forces_of(start, nation.as_str()),
        forces_end: forces_of(&y.end, nation.as_str()),
        loan_due: y
            .end
            .nation(nation.as_str())
            .and_then(|s| s.loan.as_ref())
            .map(|l| l.due()),
        nodes_start: start.nodes_owned_by(nation.as_str()).count(),
        nodes_end: y.end.nodes_owned_by(nation.as_str()).count(),
        won: changes
            .iter()
            .filter(|c| &c.to == nation)
            .cloned()
            .collect(),
        held: changes
            .iter()
            .filter(|c| &c.to == nation || &c.from == nation)
            .cloned()
            .collect(),
        lost: changes
            .iter()
            .filter(|c| &c.from == nation)
            .cloned()
            .collect(),
        gained: net_nodes(names, y, nation, lang, true),
        given_up: net_nodes(names, y, nation, lang, false),
        battles: battles(names, say, y, nation, lang),
        sieges: sieges(names, y, nation, lang),
        events: own_events(say, y, nation, lang),
        strategos,
        events_next_year: Vec::new(),
        standing: None,
    }
}

/// Projects what `club` may know about year `y`: [`year_view_of`] plus its own standing
/// and its events for next year, taken from its view of the world at the year's end so
/// that they follow the phase reports' rules exactly (G7.4, G8).
pub(crate) fn year_view(c: &Campaign, say: &dyn Say, y: &YearRecord, club: ClubName) -> YearView {
    let mut view = year_view_of(c, say, y, &club);
    let at_end = Resolution {
        next: None,
        outcomes: Vec::new(),
        events: Vec::new(),
        ledger: Default::default(),
    };
    let end = club_view(c, say, &y.end, &at_end, club, &PhaseFacts::default());
    view.standing = end.standing;
    view.events_next_year = end.events_in_effect;
    view
}

/// Returns whether a public event is noise in a chronicle (every round's storm roll) or
/// is told in its own section.
fn not_for_chronicle(what: &Happening) -> bool {
    matches!(
        what,
        Happening::StormRoll { .. }
            | Happening::NodeTaken { .. }
            | Happening::Surrendered { .. }
            | Happening::BattleFought { .. }
    )
}

/// Projects the public chronicle of year `y` (G7.1): only public events and the
/// political map.
pub(crate) fn chronicle(names: &dyn Names, say: &dyn Say, y: &YearRecord, lang: Lang) -> Chronicle {
    let mut battles = Vec::new();
    let mut events = Vec::new();
    for p in &y.phases {
        let phase = say.phase(p.before.phase, lang);
        for e in p
            .resolution
            .events
            .iter()
            .filter(|e| e.audience == Audience::Public)
        {
            if let Happening::BattleFought {
                id,
                node,
                attacker,
                defender,
                winner,
                provisional,
            } = &e.what
            {
                battles.push(ChronicleBattle {
                    phase: say.phase(PhaseId::battle_fought_in(id, p.before.phase), lang),
                    id: id.clone(),
                    node: node.clone(),
                    node_name: names.place_name(node.as_str()),
                    attacker: attacker.clone(),
                    attacker_name: names.nation_name(attacker.as_str(), lang),
                    defender: defender.clone(),
                    defender_name: names.nation_name(defender.as_str(), lang),
                    winner: winner.clone(),
                    winner_name: winner.as_ref().map(|w| names.nation_name(w.as_str(), lang)),
                    provisional: *provisional,
                });
            } else if !not_for_chronicle(&e.what) {
                events.push(YearEvent {
                    phase: phase.clone(),
                    rule: e.rule.clone(),
                    text: say.happening(&e.what, lang),
                });
            }
        }
    }
    Chronicle {
        campaign: names.title(lang),
        lang,
        year: y.year,
        title: say.year(y.year, lang),
        changes: changes(names, say, y, lang),
        battles,
        events,
        holdings: holdings(names, y, lang),
        announcements: y
            .announcements
            .iter()
            .map(|a| match lang {
                Lang::It => a.it.clone(),
                Lang::En => a.en.clone(),
            })
            .collect(),
    }
}

/// Every nation's node count at the start and the end of the year (G7.1).
fn holdings(names: &dyn Names, y: &YearRecord, lang: Lang) -> Vec<HoldingChange> {
    let mut count: BTreeMap<NationCode, (usize, usize)> = BTreeMap::new();
    for n in y.start().nodes.values() {
        count.entry(n.owner.clone()).or_default().0 += 1;
    }
    for n in y.end.nodes.values() {
        count.entry(n.owner.clone()).or_default().1 += 1;
    }
    let mut out: Vec<HoldingChange> = count
        .into_iter()
        .map(|(nation, (start, end))| HoldingChange {
            name: names.nation_name(nation.as_str(), lang),
            nation,
            start,
            end,
            change: end as i64 - start as i64,
        })
        .collect();
    out.sort_by(|a, b| b.end.cmp(&a.end).then(a.nation.cmp(&b.nation)));
    out
}

#[cfg(test)]
mod tests;
