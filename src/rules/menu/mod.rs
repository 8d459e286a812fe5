//! The menu of a club's orders in the open phase: one computation, in the club's own
//! world ([`super::visibility::club_world`]), that the pre-filled order sheet and the
//! order page both show.
//!
//! [`options`] gives, piece by piece, the orders a club may give and what each piece
//! does if the club sends nothing (the sheet shows these); [`Options::choices`] adds
//! what the page offers beyond them (`choices`: the rule that refuses each place, the
//! stances, fallback nodes and spy choices, the assassins' targets, what each spring
//! order costs). Computed from the club's own world, the menu can tell no hidden fact;
//! every order in it is one that the rules' own check
//! ([`super::resolve::check_orders`]) accepts there, so uncommenting any suggestion or
//! clicking any offer gives a valid order. Nothing is decided here that the resolution
//! does not decide itself.

pub(crate) mod bounds;
pub(crate) mod choices;

use super::calendar::Phase;
use super::campaign::Campaign;
use super::forces::{alliance_stands, known_ally};
use super::ids::{ArmyId, Ducats, NationCode, NodeCode};
use super::order::{FleetTo, OrderKind, OrderSet, Piece, SapperAt};
use super::outcome::Outcome;
use super::resolve::check_orders;
use super::sea::{IdleCourse, idle_course};
use super::summer::refused_before_moving;
use super::world::{FleetAt, Fortification, World};
use serde::Serialize;

/// What a piece does in the open phase if the club gives it no order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "idle")]
pub(crate) enum Idle {
    /// It stays where it is, with its standing choices (G3c.3).
    Holds,
    /// It is aboard a fleet and goes where the fleet goes (G3e.3).
    Aboard { fleet: String },
    /// Its siege ends unless it is ordered again this round (G3d).
    SiegeEnds { node: NodeCode },
    /// Its siege goes on, a standing order, until lifted (G3d.2, ruling
    /// `siege_stands_until_lifted`).
    SiegeGoesOn { node: NodeCode },
    /// Outside the summer rounds a siege stands, neither rolled nor lifted (G3d): it
    /// goes on in the rounds.
    SiegeWaits { node: NodeCode },
    /// In a round where its commander was killed (G2b.5) its siege stands, not rolled:
    /// it cannot attack (a play-test's sheet said it would be rolled at the round's end).
    SiegeStunned { node: NodeCode },
    /// A fleet at sea with no order heads for its club's port on its zone (G3e.1).
    FleetToPort { port: NodeCode },
    /// A fleet at sea with no order sails one lane, to `sea`, toward its club's
    /// nearest port (G3e.1, ruling `idle_fleet_at_sea`).
    FleetToward { sea: String, port: NodeCode },
    /// A fleet at sea with no order and no port of its club on its zone stays at sea
    /// (campaigns written before the ruling `idle_fleet_at_sea`).
    FleetStaysAtSea,
    /// A fleet at sea with no order and no port of its club within reach is lost.
    FleetLost,
    /// A fleet in port stays there (G3e.1).
    FleetInPort,
    /// Outside the summer rounds a fleet at sea stays where it is: fleets move in the
    /// rounds (G3e.1; a play-test's winter sheet said it would head for port).
    FleetWaitsAtSea,
    /// It is a party to a battle that waits for its result: where it stands next
    /// depends on that result (G3c.8), and its orders are judged from there. `also`:
    /// the other battles it is a party to (two battles at one place).
    InBattle { battle: String, also: Vec<String> },
}

/// One of the club's pieces and the orders it may give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PieceOptions {
    /// `V-A1`, `V-D1`, `V-F1`.
    pub(crate) id: String,
    pub(crate) kind: PieceKind,
    /// A node or sea zone code.
    pub(crate) at: String,
    /// Ducats, for an army.
    pub(crate) value: Ducats,
    pub(crate) idle: Idle,
    /// Every order the rules accept for it now, each on its own.
    pub(crate) orders: Vec<OrderKind>,
    /// Its standing choices now (G3c.3), for an army or a diplomat.
    pub(crate) stance: Option<super::world::Stance>,
    /// An army whose commander was killed: it cannot move or attack this round
    /// (G2b.5), though its standing choices still say how it defends.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) stunned: bool,
    /// The ally whose place this army's standing siege besieges: going on with it
    /// betrays the alliance (G5.2), which a play-test's club learnt only after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) besieges_ally: Option<NationCode>,
    /// An army inside its walls (G3c.1): it stays inside when a force comes.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) inside: bool,
    /// An army with its sapper (G2b.5): a play-test's club could not tell from its
    /// sheet whether the sapper it hired was still with the army.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) sapper: bool,
}

/// What kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum PieceKind {
    Army,
    Diplomat,
    Fleet,
}

/// The spring's money: what the club has and what each thing costs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SpringOptions {
    /// The treasury now, before the spring.
    pub(crate) treasury: Ducats,
    /// What spring orders may spend: with this spring's income in and any loan repaid.
    pub(crate) spendable: Ducats,
    /// What the loan (G2a.3) may be at most this spring, before any order.
    pub(crate) loan_limit: Ducats,
    /// Whether this is the first spring, when the objective is chosen (G8.1).
    pub(crate) first_spring: bool,
    /// Orders that are not a piece's: raising, works, specialists, fleets, the loan.
    pub(crate) orders: Vec<OrderKind>,
    /// The clubs a Strategos bid's move order may list (G2b.5, G3b.1): every club in
    /// play, the bidder's own included, in code order.
    pub(crate) move_order_clubs: Vec<NationCode>,
    /// Why no army can be raised this spring, when none can (the sheet says why rather
    /// than leave a club to look for the order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) no_raise: Option<NoRaise>,
}

/// Why a club can raise no army this spring (G2b.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub(crate) enum NoRaise {
    /// It has the most armies a nation may keep.
    MostArmies { max: u32 },
    /// The smallest army costs more than it may spend.
    Treasury { min: Ducats },
    /// No city of its own can take a new army.
    NoCity,
}

/// Everything the sheet offers for the open phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Options {
    pub(crate) pieces: Vec<PieceOptions>,
    pub(crate) spring: Option<SpringOptions>,
    /// G5.3: the clubs it may write a letter to now.
    pub(crate) letters: Vec<NationCode>,
    /// Whether the club has a spy this year (G2b.5): its standing choices may then
    /// depend on the enemy's size (G3c.4).
    pub(crate) spy: bool,
    /// The assassins it holds (G2b.5) and, in a round, missions the rules accept that
    /// need no sight of a foreign piece: another club's spy, the sapper defending a place
    /// its armies besiege. A commander is named where the club sees a force (the order
    /// page lists those places).
    pub(crate) assassins: u32,
    pub(crate) missions: Vec<OrderKind>,
    /// G5.2: the clubs the club is allied with now, and those its own declaration
    /// waits for (its own acts: a play-test's club could not tell whether a spring's
    /// `alliances` replaced the declaration on record).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) allies: Vec<NationCode>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) declared: Vec<NationCode>,
    /// Alliances it declared that were betrayed: broken for good (G5.2), so no example
    /// offers them again (a play-test's sheet did).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) broken: Vec<NationCode>,
}

/// Returns the club's options in the open phase of `world`, which must be the club's
/// own world (`club_world`).
pub(crate) fn options(c: &Campaign, world: &World, nation: &NationCode) -> Options {
    let spring = matches!(world.phase.phase, Phase::Spring);
    let round = matches!(world.phase.phase, Phase::Round(_));
    let mut pieces = Vec::new();
    for a in world.armies.values().filter(|a| &a.nation == nation) {
        let mut candidates = Vec::new();
        if round && a.aboard.is_none() {
            candidates.extend(moves(c, world, &Piece::Army(a.id.clone()), &a.node));
            // The rules accept a siege of an ally's place, and it betrays the alliance
            // (G5.2): never suggested (a play-test's sheet offered it as "valid").
            let ally_place = (world.nodes.get(&a.node))
                .is_some_and(|n| n.owner != *nation && alliance_stands(c, world, nation, &n.owner));
            if !ally_place {
                candidates.push(OrderKind::Siege {
                    army: a.id.clone(),
                    bribe: 0,
                    lift: false,
                });
            }
            if c.tables.rulings.siege_stands_until_lifted
                && world.sieges.iter().any(|s| s.besieger == a.id)
            {
                candidates.push(OrderKind::Siege {
                    army: a.id.clone(),
                    bribe: 0,
                    lift: true,
                });
            }
            if c.tables.rulings.garrison_and_transfer_in_rounds {
                candidates.push(OrderKind::Garrison {
                    node: None,
                    army: a.id.clone(),
                    value: 10,
                });
            }
        }
        if spring {
            candidates.push(OrderKind::Reinforce {
                army: a.id.clone(),
                value: spendable(c, world, nation).clamp(1, 50),
            });
            candidates.push(OrderKind::Garrison {
                army: a.id.clone(),
                value: 10,
                node: None,
            });
            candidates.push(OrderKind::HireSapper {
                at: SapperAt::Army(a.id.clone()),
            });
        }
        // G2b.1: a transfer to each other army of the club standing with it (in a round
        // under the ruling `garrison_and_transfer_in_rounds`, both ashore).
        if spring || (round && c.tables.rulings.garrison_and_transfer_in_rounds) {
            for b in world.armies.values().filter(|b| {
                b.nation == a.nation && b.id != a.id && b.node == a.node && b.ashore() && a.ashore()
            }) {
                candidates.push(OrderKind::Transfer {
                    from: a.id.clone(),
                    to: b.id.clone(),
                    value: 10,
                });
            }
        }
        pieces.push(PieceOptions {
            id: a.id.to_string(),
            kind: PieceKind::Army,
            at: a.node.to_string(),
            value: a.value,
            idle: army_idle(
                c,
                world,
                &a.id,
                &a.node,
                a.aboard.as_ref().map(|f| f.to_string()),
            ),
            orders: candidates,
            stance: Some(a.stance.clone()),
            stunned: round && a.stunned == Some(world.phase),
            besieges_ally: (world.sieges.iter())
                .find(|x| x.besieger == a.id)
                .and_then(|x| world.nodes.get(&x.node))
                .map(|place| place.owner.clone())
                .filter(|owner| owner != nation && alliance_stands(c, world, nation, owner)),
            inside: a.inside,
            sapper: a.sapper,
        });
    }
    for d in world.diplomats.values().filter(|d| &d.nation == nation) {
        let candidates = if round {
            moves(c, world, &Piece::Diplomat(d.id.clone()), &d.node)
        } else {
            Vec::new()
        };
        pieces.push(PieceOptions {
            id: d.id.to_string(),
            kind: PieceKind::Diplomat,
            at: d.node.to_string(),
            value: 0,
            idle: Idle::Holds,
            orders: candidates,
            stance: Some(d.stance.clone()),
            stunned: false,
            besieges_ally: None,
            inside: false,
            sapper: false,
        });
    }
    for f in world.fleets.values().filter(|f| &f.nation == nation) {
        let (at, idle) = match &f.at {
            FleetAt::Port(p) => (p.to_string(), Idle::FleetInPort),
            FleetAt::Sea(z) if !round => (z.to_string(), Idle::FleetWaitsAtSea),
            FleetAt::Sea(z) => {
                let rule = c.tables.rulings.idle_fleet_at_sea;
                let idle = match idle_course(&c.map, world, rule, nation, &f.at) {
                    IdleCourse::IntoPort(port) => Idle::FleetToPort { port },
                    IdleCourse::Toward { sea, port } => Idle::FleetToward {
                        sea: sea.to_string(),
                        port,
                    },
                    IdleCourse::Lost => Idle::FleetLost,
                    IdleCourse::KeepsTheSea | IdleCourse::StaysInPort => Idle::FleetStaysAtSea,
                };
                (z.to_string(), idle)
            }
        };
        let mut candidates = Vec::new();
        if round {
            candidates.extend(fleet_orders(c, world, &f.id, &f.at, f.cargo.as_ref()));
        }
        pieces.push(PieceOptions {
            id: f.id.to_string(),
            kind: PieceKind::Fleet,
            at,
            value: 0,
            idle,
            orders: candidates,
            stance: None,
            stunned: false,
            besieges_ally: None,
            inside: false,
            sapper: false,
        });
    }
    let spring_options = spring.then(|| SpringOptions {
        treasury: treasury(world, nation),
        spendable: spendable(c, world, nation),
        loan_limit: loan_limit(c, world, nation),
        first_spring: world.phase.year == c.tables.calendar.start_year,
        orders: spring_orders(c, world, nation),
        move_order_clubs: world.clubs.iter().cloned().collect(),
        no_raise: None,
    });
    let own = world.nations.get(nation);
    let mut out = Options {
        pieces,
        spring: spring_options,
        letters: crate::rules::letters::addressees(c, world, nation.as_str()),
        spy: own.is_some_and(|n| n.spy),
        assassins: own.map_or(0, |n| n.assassins),
        missions: Vec::new(),
        // Only alliances it declared itself: where one declaration makes an alliance
        // (without `alliance_needs_both`), the other's alone is its secret (G7.4).
        allies: (world.alliances.iter())
            .filter(|x| x.members.contains(nation))
            .filter_map(|x| x.members.iter().find(|m| *m != nation))
            .filter(|other| known_ally(c, world, nation, other))
            .cloned()
            .collect(),
        declared: (world.alliances.iter())
            .filter(|x| x.members.contains(nation) && x.declared_by.contains(nation))
            .filter(|x| x.betrayed_by.is_empty())
            .filter_map(|x| x.members.iter().find(|m| *m != nation))
            .filter(|other| !alliance_stands(c, world, nation, other))
            .cloned()
            .collect(),
        broken: (world.alliances.iter())
            .filter(|x| x.members.contains(nation) && x.declared_by.contains(nation))
            .filter(|x| !x.betrayed_by.is_empty())
            .filter_map(|x| x.members.iter().find(|m| *m != nation))
            .cloned()
            .collect(),
    };
    keep_accepted(c, world, nation, &mut out);
    if round && out.assassins > 0 {
        out.missions = missions(c, world, nation);
    }
    out
}

/// Assassin missions the club can name from its own world (G2b.5), each judged alone
/// (in one check the first would spend the assassin): the sapper defending each place
/// its armies besiege, and the spy of the first other club the rules accept a mission
/// against (one example: the form is the same for every club).
fn missions(c: &Campaign, world: &World, nation: &NationCode) -> Vec<OrderKind> {
    use super::order::AssassinTarget;
    let cleared = world.without_battles();
    let ok = |o: &OrderKind| accepts(c, &cleared, nation, std::slice::from_ref(o))[0];
    let mut besieged: Vec<&NodeCode> = world
        .sieges
        .iter()
        .filter(|s| {
            world
                .armies
                .get(&s.besieger)
                .is_some_and(|a| &a.nation == nation)
        })
        .map(|s| &s.node)
        .collect();
    besieged.sort_by(|a, b| super::ids::natural_cmp(a.as_str(), b.as_str()));
    besieged.dedup();
    let mut out: Vec<OrderKind> = besieged
        .into_iter()
        .map(|n| OrderKind::Assassin {
            target: AssassinTarget::NodeSapper(n.clone()),
        })
        .filter(|o| ok(o))
        .collect();
    // Never an ally's spy: the mission betrays the alliance (G5.2), as a siege of an
    // ally's place does (a play-test's sheet offered its ally's spy as the example); the
    // sapper of an ally's place is never besieged by the club's armies.
    out.extend(
        world
            .clubs
            .iter()
            .filter(|n| *n != nation && !known_ally(c, world, nation, n))
            .map(|n| OrderKind::Assassin {
                target: AssassinTarget::Spy(n.clone()),
            })
            .find(|o| ok(o)),
    );
    out
}

fn treasury(world: &World, nation: &NationCode) -> Ducats {
    world.nations.get(nation).map_or(0, |n| n.treasury)
}

/// G2a.3: the most the club may borrow this spring, as the rules reckon it (after
/// last winter's events): the limit a loan too large is refused with.
fn loan_limit(c: &Campaign, world: &World, nation: &NationCode) -> Ducats {
    let probe = OrderSet::from_kinds([OrderKind::Loan { amount: 1_000_000 }]);
    match check_orders(c, world, nation, &probe) {
        Ok(outcomes) => outcomes
            .iter()
            .find_map(|o| match &o.result {
                Outcome::Rejected {
                    reason: super::outcome::Reason::LoanTooLarge { limit },
                    ..
                } => Some(*limit),
                Outcome::Done(_) => Some(1_000_000),
                _ => None,
            })
            .unwrap_or(0),
        Err(_) => 0,
    }
}

/// The treasury the club's spring orders may spend: today's, with this spring's income
/// in and any loan repaid (G2a.1–3), as the resolution will reckon it with no order.
fn spendable(c: &Campaign, world: &World, nation: &NationCode) -> Ducats {
    let mut dice = super::dice::SeededDice::new([0; 32]);
    let (no_orders, no_results) = (Default::default(), Default::default());
    let mut w = world.clone();
    w.battles.clear();
    let Ok(r) = super::resolve::resolve(c, &w, &no_orders, &no_results, &mut dice) else {
        return treasury(world, nation);
    };
    r.next
        .as_ref()
        .and_then(|w| w.nations.get(nation))
        .map_or_else(|| treasury(world, nation), |n| n.treasury)
}

fn army_idle(
    c: &Campaign,
    world: &World,
    id: &ArmyId,
    node: &NodeCode,
    aboard: Option<String>,
) -> Idle {
    let mut battles = world
        .battles
        .iter()
        .filter(|b| b.attacker.armies.contains(id) || b.defender.armies.contains(id))
        .map(|b| b.id.clone());
    if let Some(battle) = battles.next() {
        return Idle::InBattle {
            battle,
            also: battles.collect(),
        };
    }
    if let Some(fleet) = aboard {
        return Idle::Aboard { fleet };
    }
    if world.sieges.iter().any(|s| &s.besieger == id) {
        let node = node.clone();
        // A spring or winter sheet offers no [[siege]] (a play-test's said how to lift
        // one, and the file was refused: sieges are orders of the rounds).
        if world.phase.round().is_none() && c.tables.rulings.siege_stands_until_lifted {
            return Idle::SiegeWaits { node };
        }
        let stunned = world
            .armies
            .get(id)
            .is_some_and(|a| a.stunned == Some(world.phase));
        if stunned && c.tables.rulings.siege_stands_until_lifted {
            return Idle::SiegeStunned { node };
        }
        return if c.tables.rulings.siege_stands_until_lifted {
            Idle::SiegeGoesOn { node }
        } else {
            Idle::SiegeEnds { node }
        };
    }
    Idle::Holds
}

/// Every path of one or two steps from `from` along roads (G3b.2); the rules keep those
/// the allowance (G3b.3) and the bans (G3b.6) permit.
fn moves(c: &Campaign, _world: &World, piece: &Piece, from: &NodeCode) -> Vec<OrderKind> {
    let mut paths: Vec<Vec<NodeCode>> = Vec::new();
    for a in c.map.neighbours(from.as_str()) {
        paths.push(vec![from.clone(), a.clone()]);
        for b in c.map.neighbours(a.as_str()).filter(|b| *b != from) {
            paths.push(vec![from.clone(), a.clone(), b.clone()]);
        }
    }
    // One path per destination (the first the rules accept is kept later), in the
    // order people read codes.
    paths.sort_by(|x, y| {
        let (lx, ly) = (
            x.last().map_or("", |n| n.as_str()),
            y.last().map_or("", |n| n.as_str()),
        );
        super::ids::natural_cmp(lx, ly).then(x.len().cmp(&y.len()))
    });
    paths
        .into_iter()
        .map(|path| OrderKind::Move {
            piece: piece.clone(),
            path,
        })
        .collect()
}

fn fleet_orders(
    c: &Campaign,
    world: &World,
    fleet: &super::ids::FleetId,
    at: &FleetAt,
    cargo: Option<&ArmyId>,
) -> Vec<OrderKind> {
    let mut out = Vec::new();
    match at {
        FleetAt::Port(p) => {
            for z in c.map.seas_of_port(p.as_str()) {
                out.push(OrderKind::FleetMove {
                    fleet: fleet.clone(),
                    to: FleetTo::Sea(z.clone()),
                });
            }
            // G3e.3: a fleet in its own port lands its army there as well as anywhere; a
            // port that passed to another nation is not offered (a play-test's sheet
            // offered its lost Durazzo "in its port", where the enemy's armies stood).
            let own = (world.fleets.get(fleet))
                .zip(world.nodes.get(p))
                .is_some_and(|(f, n)| n.owner == f.nation);
            if cargo.is_some() && own {
                out.push(OrderKind::Land {
                    fleet: fleet.clone(),
                    node: p.clone(),
                });
            }
            if cargo.is_none() {
                for a in world
                    .armies
                    .values()
                    .filter(|a| &a.node == p && a.aboard.is_none())
                {
                    out.push(OrderKind::Embark {
                        fleet: fleet.clone(),
                        army: a.id.clone(),
                    });
                }
            }
        }
        FleetAt::Sea(z) => {
            for n in c.map.sea_neighbours(z.as_str()) {
                out.push(OrderKind::FleetMove {
                    fleet: fleet.clone(),
                    to: FleetTo::Sea(n.clone()),
                });
            }
            for p in c.map.ports_on(z.as_str()) {
                out.push(OrderKind::FleetMove {
                    fleet: fleet.clone(),
                    to: FleetTo::Port(p.clone()),
                });
                if cargo.is_some() {
                    out.push(OrderKind::Land {
                        fleet: fleet.clone(),
                        node: p.clone(),
                    });
                }
            }
        }
    }
    out
}

fn spring_orders(c: &Campaign, world: &World, nation: &NationCode) -> Vec<OrderKind> {
    let mut out = Vec::new();
    let limit = loan_limit(c, world, nation);
    if limit > 0 {
        out.push(OrderKind::Loan { amount: limit });
    }
    let value = spendable(c, world, nation)
        .min(100)
        .max(c.tables.armies.min_raise.max(1));
    let mut own: Vec<(&NodeCode, &super::world::NodeState)> = world
        .nodes
        .iter()
        .filter(|(_, s)| &s.owner == nation)
        .collect();
    own.sort_by(|a, b| super::ids::natural_cmp(a.0.as_str(), b.0.as_str()));
    let each = |f: &dyn Fn(&NodeCode, &super::world::NodeState) -> Option<OrderKind>| {
        own.iter().filter_map(|(n, s)| f(n, s)).collect::<Vec<_>>()
    };
    out.extend(each(&|n, _| {
        Some(OrderKind::Raise {
            node: n.clone(),
            value,
        })
    }));
    out.extend(each(&|n, s| {
        (s.fortification == Fortification::None).then(|| OrderKind::Fortify { node: n.clone() })
    }));
    out.extend(each(&|n, s| {
        (s.fortification == Fortification::Breached).then(|| OrderKind::Repair { node: n.clone() })
    }));
    out.extend(each(&|n, s| {
        (s.fortification == Fortification::Fortified).then(|| OrderKind::HireSapper {
            at: SapperAt::Node(n.clone()),
        })
    }));
    out.extend(each(&|n, _| {
        Some(OrderKind::HireDiplomat { node: n.clone() })
    }));
    out.extend(each(&|n, _| {
        Some(OrderKind::BuildFleet { port: n.clone() })
    }));
    out.push(OrderKind::HireSpy);
    out.push(OrderKind::HireAssassin);
    out
}

/// Keeps only the suggestions the rules accept, each judged on its own in the club's
/// world. Pieces do not hinder each other there (only the club's own pieces are in it),
/// so one candidate of every piece is judged in one resolution; the spring's orders
/// share the treasury, so each is judged alone. In a round, a move the rules' pre-move
/// check refuses (`summer::refused_before_moving`: too far, banned, stunned…) is
/// dropped without a resolution; only the others are judged by one.
fn keep_accepted(c: &Campaign, world: &World, nation: &NationCode, out: &mut Options) {
    // A suggestion is judged as the club will send it: after its battles are settled,
    // which the check cannot know; judge it as if they were (copied once, not per check).
    let cleared = world.without_battles();
    let world: &World = &cleared;
    let mut accepted: Vec<Vec<bool>> = out
        .pieces
        .iter()
        .map(|p| vec![false; p.orders.len()])
        .collect();
    let spring = matches!(world.phase.phase, Phase::Spring);
    if spring {
        for (i, p) in out.pieces.iter().enumerate() {
            for (j, o) in p.orders.iter().enumerate() {
                accepted[i][j] = accepts(c, world, nation, std::slice::from_ref(o))[0];
            }
        }
    } else {
        // Per piece, the candidates the pre-move check lets through (their places in
        // the piece's list); the k-th of every piece are judged together.
        // An embarking names another piece, the army, whose own candidate (a move away)
        // would be judged beside it: each is judged alone (a play-test's sheet offered no
        // embarking at a port where the army stood).
        let alone = |o: &OrderKind| matches!(o, OrderKind::Embark { .. });
        for (i, p) in out.pieces.iter().enumerate() {
            for (j, o) in p.orders.iter().enumerate().filter(|(_, o)| alone(o)) {
                accepted[i][j] = accepts(c, world, nation, std::slice::from_ref(o))[0];
            }
        }
        let open: Vec<Vec<usize>> = out
            .pieces
            .iter()
            .map(|p| {
                (0..p.orders.len())
                    .filter(|&j| !alone(&p.orders[j]))
                    .filter(|&j| refused_before_moving(c, world, nation, &p.orders[j]).is_none())
                    .collect()
            })
            .collect();
        let rounds = open.iter().map(Vec::len).max().unwrap_or(0);
        for k in 0..rounds {
            let batch: Vec<(usize, usize)> = open
                .iter()
                .enumerate()
                .filter_map(|(i, js)| js.get(k).map(|&j| (i, j)))
                .collect();
            let kinds: Vec<OrderKind> = batch
                .iter()
                .map(|&(i, j)| out.pieces[i].orders[j].clone())
                .collect();
            for (&(i, j), ok) in batch.iter().zip(accepts(c, world, nation, &kinds)) {
                accepted[i][j] = ok;
            }
        }
    }
    for (p, ok) in out.pieces.iter_mut().zip(accepted) {
        let mut it = ok.into_iter();
        p.orders.retain(|_| it.next().unwrap_or(false));
        // One accepted path per destination: the shortest (paths come sorted so).
        let mut reached = std::collections::BTreeSet::new();
        p.orders.retain(|o| match o {
            OrderKind::Move { path, .. } => reached.insert(path.last().cloned()),
            _ => true,
        });
    }
    if let Some(s) = &mut out.spring {
        s.orders
            .retain(|o| accepts(c, world, nation, std::slice::from_ref(o))[0]);
        if !s
            .orders
            .iter()
            .any(|o| matches!(o, OrderKind::Raise { .. }))
        {
            s.no_raise = Some(no_raise(c, world, nation, s.spendable));
        }
    }
}

/// Why none of the raises offered was accepted, in the order G2b.1 checks.
fn no_raise(c: &Campaign, world: &World, nation: &NationCode, spendable: Ducats) -> NoRaise {
    let t = &c.tables.armies;
    if world.armies_of(nation.as_str()).count() as u32 >= t.max_armies {
        NoRaise::MostArmies { max: t.max_armies }
    } else if spendable < t.min_raise.max(1) {
        NoRaise::Treasury {
            min: t.min_raise.max(1),
        }
    } else {
        NoRaise::NoCity
    }
}

/// Judges orders in the club's world; returns, for each, whether the rules accept it.
/// `world` has no battles: [`keep_accepted`] dropped them.
fn accepts(c: &Campaign, world: &World, nation: &NationCode, kinds: &[OrderKind]) -> Vec<bool> {
    let set = OrderSet::from_kinds(kinds.iter().cloned());
    match check_orders(c, world, nation, &set) {
        Ok(outcomes) => set
            .orders
            .iter()
            .map(|o| {
                !outcomes
                    .iter()
                    .any(|x| x.at.seq == o.at.seq && matches!(x.result, Outcome::Rejected { .. }))
            })
            .collect(),
        Err(_) => vec![false; kinds.len()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::calendar::Phase;
    use crate::rules::world::FleetAt;

    /// A play-test's sheet offered no embarking where Venice's fleet and army stood in the
    /// same port: the embarking, judged beside the army's own move away, was refused.
    #[test]
    fn a_fleet_in_port_is_offered_to_embark_the_army_beside_it() {
        let c = crate::fixtures::shipped();
        let v = NationCode("V".into());
        let mut w = World::start(&c, std::slice::from_ref(&v));
        w.phase.phase = Phase::Round(1);
        let fleet = (w.fleets.values().find(|f| f.nation == v))
            .map(|f| f.id.clone())
            .expect("Venice has a fleet");
        let FleetAt::Port(port) = w.fleets[&fleet].at.clone() else {
            panic!("fleets start in port")
        };
        let army = (w.armies.values().find(|a| a.nation == v))
            .map(|a| a.id.clone())
            .expect("Venice has an army");
        w.armies.get_mut(&army).expect("army").node = port;
        let o = options(&c, &w, &v);
        let offered = o
            .pieces
            .iter()
            .find(|p| p.id == fleet.to_string())
            .expect("the fleet's options");
        assert!(
            offered
                .orders
                .iter()
                .any(|k| matches!(k, OrderKind::Embark { army: a, .. } if *a == army)),
            "{:?}",
            offered.orders
        );
    }
}
