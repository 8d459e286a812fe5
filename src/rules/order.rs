//! Validated orders: what a club asked for, in the order it wrote it, for every phase.
//!
//! Orders arrive here already lowered from TOML by `orders/` (shape, codes, ranges);
//! whether an order is legal in the world is decided when the phase is resolved, and
//! an illegal order becomes an outcome with the rule id, never an error.

use super::ids::{ArmyId, DiplomatId, Ducats, FleetId, NationCode, NodeCode, SeaCode};
use super::tables::{Choice, ObjectiveKind};
use serde::{Deserialize, Serialize};

/// Where an order stands in its file: its number (from 1) and byte span.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OrderRef {
    pub seq: u32,
    pub start: usize,
    pub end: usize,
}

/// One club's orders for one phase, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderSet {
    pub orders: Vec<Order>,
}

impl OrderSet {
    /// Builds a set from orders that come from no file (bots, tests): each is numbered
    /// in turn and stands at a one-byte span of its own.
    pub fn from_kinds(kinds: impl IntoIterator<Item = OrderKind>) -> OrderSet {
        let orders = kinds
            .into_iter()
            .enumerate()
            .map(|(i, kind)| Order {
                at: OrderRef {
                    seq: i as u32 + 1,
                    start: i,
                    end: i + 1,
                },
                kind,
            })
            .collect();
        OrderSet { orders }
    }
}

/// One order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub at: OrderRef,
    pub kind: OrderKind,
}

/// A club's secret objective (G8.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Objective {
    pub kind: ObjectiveKind,
    /// The nation to conquer, for `conquer_nation`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<NationCode>,
}

/// Where a sapper is attached (G2b.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SapperAt {
    Army(ArmyId),
    Node(NodeCode),
}

/// A piece that moves by road: an army or a diplomat.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Army(ArmyId),
    Diplomat(DiplomatId),
}

/// A spy's condition on the enemy's size (G3c.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SpyCondition {
    /// The condition holds when the enemy is worth at most this many ducats.
    pub enemy_at_most: Ducats,
    pub then: Choice,
    pub otherwise: Choice,
}

/// What an assassin is sent against (G2b.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssassinTarget {
    /// The commander of this army.
    Commander(ArmyId),
    /// The commander of the largest enemy army at this node (what a club can see).
    CommanderAt(NodeCode),
    /// The sapper attached to this army.
    ArmySapper(ArmyId),
    /// The sapper attached to this node's defence.
    NodeSapper(NodeCode),
    /// This diplomat.
    Diplomat(DiplomatId),
    /// This nation's spy.
    Spy(NationCode),
}

/// Where a fleet moves: a sea zone, or a port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FleetTo {
    Sea(SeaCode),
    Port(NodeCode),
}

/// Every kind of order, for every phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "order")]
pub enum OrderKind {
    // ---- spring (G2) ----
    /// G2a.3: borrow this much, repaid next spring with interest.
    Loan { amount: Ducats },
    /// G2b.1: raise a new army in an owned city.
    Raise { node: NodeCode, value: Ducats },
    /// G2b.1: add ducats to an army standing in an owned city.
    Reinforce { army: ArmyId, value: Ducats },
    /// G2b.2: move ducats between two armies in one node.
    Transfer {
        from: ArmyId,
        to: ArmyId,
        value: Ducats,
    },
    /// G2b.3: detach ducats from an army as the garrison of its fortified node; in a
    /// summer round, `node` names a node of the army's path this round where it leaves
    /// the garrison as it passes (the book: armies that "are in or pass through" a place).
    Garrison {
        army: ArmyId,
        value: Ducats,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        node: Option<NodeCode>,
    },
    /// G2b.4: fortify a city or village.
    Fortify { node: NodeCode },
    /// G2b.4: repair a breached place.
    Repair { node: NodeCode },
    /// G2b.5: a sapper for the year.
    HireSapper { at: SapperAt },
    /// G2b.5: a diplomat for the year, placed in an owned node.
    HireDiplomat { node: NodeCode },
    /// G2b.5: a spy for the year.
    HireSpy,
    /// G2b.5: one assassin mission for the year.
    HireAssassin,
    /// G2b.6: a fleet in an owned port.
    BuildFleet { port: NodeCode },
    /// G5.2: declare an alliance.
    Alliance { with: NationCode },
    /// G8.1: the club's objective, in its first spring.
    Objective(Objective),
    /// G2b.5: a sealed bid for the Strategos, and the move order wanted if it wins.
    StrategosBid {
        amount: Ducats,
        move_order: Vec<NationCode>,
    },

    // ---- summer rounds (G3) ----
    /// G3b: move a piece along a path of nodes (the first is where it stands).
    Move { piece: Piece, path: Vec<NodeCode> },
    /// G3c.3: standing encounter choices of a piece, kept until changed.
    Stance {
        piece: Piece,
        on_contact: Option<Choice>,
        when_contacted: Option<Choice>,
        spy: Option<SpyCondition>,
        retreat_to: Option<NodeCode>,
    },
    /// G3d: besiege the node the army stands at, with a bribe this round; or, with
    /// `lift`, lift the army's siege (G3d.2, a standing order with the ruling).
    Siege {
        army: ArmyId,
        bribe: Ducats,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        lift: bool,
    },
    /// G2b.5: send an assassin.
    Assassin { target: AssassinTarget },
    /// G3e.1: move a fleet one lane.
    FleetMove { fleet: FleetId, to: FleetTo },
    /// G3e.3: embark an army in port.
    Embark { fleet: FleetId, army: ArmyId },
    /// G3e.3: land the army carried at a port or coast node.
    Land { fleet: FleetId, node: NodeCode },
    /// G3c.3: a reply to an encounter, in contact-exchange mode.
    EncounterReply { encounter: String, choice: Choice },
    /// G3c.7: a club's result of a table battle.
    BattleResult {
        battle: String,
        winner: Option<NationCode>,
        losses: Vec<(NationCode, Ducats)>,
    },
    /// §0.5: a club's own order of battle for a pending battle.
    OrderOfBattle {
        battle: String,
        ruleset: String,
        units: Vec<OobUnit>,
        leaders: Vec<OobLeader>,
    },
}

/// A unit of a club-supplied order of battle, in the ruleset's terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OobUnit {
    pub name: String,
    pub kind: String,
    pub campaign_value: Ducats,
    pub ratings: std::collections::BTreeMap<String, i64>,
}

/// A leader of a club-supplied order of battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OobLeader {
    pub name: String,
    pub ratings: std::collections::BTreeMap<String, i64>,
}

impl OrderKind {
    /// The club's own pieces the order moves or commits (armies, diplomats, fleets),
    /// by id: what a pending battle may move before the order is carried out.
    pub fn pieces(&self) -> Vec<String> {
        let piece = |p: &Piece| match p {
            Piece::Army(a) => a.to_string(),
            Piece::Diplomat(d) => d.to_string(),
        };
        match self {
            OrderKind::Reinforce { army, .. } | OrderKind::Garrison { army, .. } => {
                vec![army.to_string()]
            }
            OrderKind::Transfer { from, to, .. } => vec![from.to_string(), to.to_string()],
            OrderKind::HireSapper {
                at: SapperAt::Army(a),
            } => vec![a.to_string()],
            OrderKind::Move { piece: p, .. } | OrderKind::Stance { piece: p, .. } => vec![piece(p)],
            OrderKind::Siege { army, .. } => vec![army.to_string()],
            OrderKind::FleetMove { fleet, .. } | OrderKind::Land { fleet, .. } => {
                vec![fleet.to_string()]
            }
            OrderKind::Embark { fleet, army } => vec![fleet.to_string(), army.to_string()],
            _ => Vec::new(),
        }
    }

    /// Returns the order's name as written in order files.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            OrderKind::Loan { .. } => "loan",
            OrderKind::Raise { .. } => "raise",
            OrderKind::Reinforce { .. } => "reinforce",
            OrderKind::Transfer { .. } => "transfer",
            OrderKind::Garrison { .. } => "garrison",
            OrderKind::Fortify { .. } => "fortify",
            OrderKind::Repair { .. } => "repair",
            OrderKind::HireSapper { .. } => "hire sapper",
            OrderKind::HireDiplomat { .. } => "hire diplomat",
            OrderKind::HireSpy => "hire spy",
            OrderKind::HireAssassin => "hire assassin",
            OrderKind::BuildFleet { .. } => "fleet",
            OrderKind::Alliance { .. } => "alliance",
            OrderKind::Objective(_) => "objective",
            OrderKind::StrategosBid { .. } => "strategos",
            OrderKind::Move { .. } => "move",
            OrderKind::Stance { .. } => "stance",
            OrderKind::Siege { .. } => "siege",
            OrderKind::Assassin { .. } => "assassin",
            OrderKind::FleetMove { .. } => "fleet move",
            OrderKind::Embark { .. } => "embark",
            OrderKind::Land { .. } => "land",
            OrderKind::EncounterReply { .. } => "encounter",
            OrderKind::BattleResult { .. } => "battle result",
            OrderKind::OrderOfBattle { .. } => "order of battle",
        }
    }
}
