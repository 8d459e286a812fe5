//! The state of a campaign between two phases: who owns what, treasuries, armies,
//! garrisons, fleets, specialists, sieges and alliances.
//!
//! A `World` is a plain value. It serializes canonically (ordered maps, no floats), so
//! two equal worlds are byte-identical once stored; that is what undo and replay rely on.

use super::calendar::PhaseId;
use super::campaign::Campaign;
use super::ids::{ArmyId, DiplomatId, Ducats, FleetId, NationCode, NodeCode, SeaCode};
use super::order::{Objective, SpyCondition};
use super::tables::Choice;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The fortification state of a node.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Fortification {
    /// Open: taken by an army standing alone in it (G3b.8).
    None,
    /// Changes hands only by siege (G3d).
    Fortified,
    /// Taken by siege or struck by a disaster: open until repaired (G2b.4, G3d.5).
    Breached,
}

/// A garrison: a force fixed in a fortified node, measured in ducats (G0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Garrison {
    pub nation: NationCode,
    pub value: Ducats,
}

/// The state of one land node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct NodeState {
    pub owner: NationCode,
    pub fortification: Fortification,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub garrison: Option<Garrison>,
    /// G2b.5: a sapper attached to the node's defence, by nation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sapper: Option<NationCode>,
}

/// An army (G0): a force measured only in ducats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Army {
    pub id: ArmyId,
    pub nation: NationCode,
    pub node: NodeCode,
    pub value: Ducats,
    /// G2b.5: a sapper attached to the army (siege attack +1).
    #[serde(default)]
    pub sapper: bool,
    /// G3c.3: standing encounter choices, kept until changed.
    #[serde(default, skip_serializing_if = "Stance::is_default")]
    pub stance: Stance,
    /// G3c.1: inside the friendly fortification at its node (it withdrew).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
    /// G3d.1: the round it reached its node; a siege may start the round after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrived: Option<PhaseId>,
    /// G2b.5: the round in which it cannot move or attack (its commander was killed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stunned: Option<PhaseId>,
    /// G3e.3: the fleet carrying it; while aboard it is not on land.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<FleetId>,
}

impl Army {
    /// Builds an army with no sapper, default stance and no round state.
    pub fn new(id: ArmyId, nation: NationCode, node: NodeCode, value: Ducats) -> Army {
        Army {
            id,
            nation,
            node,
            value,
            sapper: false,
            stance: Stance::default(),
            inside: false,
            arrived: None,
            stunned: None,
            aboard: None,
        }
    }

    /// Returns whether the army stands on land at its node (not aboard a fleet).
    pub fn ashore(&self) -> bool {
        self.aboard.is_none()
    }
}

/// Standing encounter choices of a piece (G3c.3); `None` uses the table's default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Stance {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) on_contact: Option<Choice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) when_contacted: Option<Choice>,
    /// G3c.4: a choice depending on the enemy's size, used only with a spy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) spy: Option<SpyCondition>,
    /// G3c.6: where to retreat to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_to: Option<NodeCode>,
}

impl Stance {
    /// Returns whether every choice is the default.
    pub(crate) fn is_default(&self) -> bool {
        self == &Stance::default()
    }
}

/// A battle or rearguard action waiting for its result from the table (G3c.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Battle {
    /// `1495-r03-M5`: year, round and node.
    pub id: String,
    pub kind: BattleKind,
    pub node: NodeCode,
    pub(crate) phase: PhaseId,
    pub attacker: BattleSide,
    pub defender: BattleSide,
    /// The defender holds a fortification at the node (fortified, not breached).
    #[serde(default)]
    pub(crate) fortified: bool,
}

/// A battle, or a rearguard action (G3c.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BattleKind {
    Battle,
    /// The defender is the rearguard.
    Rearguard,
}

impl BattleKind {
    /// The kind by the name cards and stored battles write (`battle`, `rearguard`).
    pub fn from_key(key: &str) -> Option<BattleKind> {
        match key {
            "battle" => Some(BattleKind::Battle),
            "rearguard" => Some(BattleKind::Rearguard),
            _ => None,
        }
    }
}

/// One side of a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BattleSide {
    pub nation: NationCode,
    pub armies: Vec<ArmyId>,
    /// The side's value when the battle was joined.
    pub ducats: Ducats,
    pub(crate) sapper: bool,
    /// G2b.5: its commander was killed (it defends, it cannot attack).
    pub(crate) commander_killed: bool,
    /// Where it came from: where it falls back if it loses (G3c.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) came_from: Option<NodeCode>,
}

/// Where a fleet is.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FleetAt {
    Port(NodeCode),
    Sea(SeaCode),
}

/// A fleet (G2b.6, G3e).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Fleet {
    pub id: FleetId,
    pub nation: NationCode,
    pub at: FleetAt,
    /// G3e.3: the one army it carries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cargo: Option<ArmyId>,
}

/// A diplomat: a decoy that other clubs see exactly as an army (G2b.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Diplomat {
    pub id: DiplomatId,
    pub nation: NationCode,
    pub node: NodeCode,
    /// G3c.3: it bluffs with standing choices like an army's.
    #[serde(default, skip_serializing_if = "Stance::is_default")]
    pub stance: Stance,
}

/// A siege under way (G3d).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Siege {
    pub(crate) node: NodeCode,
    pub besieger: ArmyId,
    /// Whole siege rounds already spent (G3d.2 +1 each).
    pub(crate) rounds_spent: u8,
}

/// An alliance between two nations (G5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Alliance {
    /// The two members, in code order.
    pub members: [NationCode; 2],
    /// Who has declared it so far (G5.2: it exists when both have).
    pub declared_by: BTreeSet<NationCode>,
    /// Members that betrayed it, if any.
    #[serde(default)]
    pub betrayed_by: BTreeSet<NationCode>,
}

/// A nation's own state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct NationState {
    pub treasury: Ducats,
    /// G2b.5: a spy this year (club-wide).
    #[serde(default)]
    pub spy: bool,
    /// G2b.5: assassin missions hired and not yet used this year.
    #[serde(default)]
    pub assassins: u32,
    /// Serials already used, so a new piece never reuses an old id.
    #[serde(default)]
    pub serials: Serials,
    /// G2a.3: the loan due next spring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loan: Option<Loan>,
    /// G4.3: the ids of the Table 36 events in effect this year.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// G8.1: the secret objective, chosen in the first spring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<Objective>,
}

impl NationState {
    /// Returns a nation with this treasury and nothing else.
    pub(crate) fn with_treasury(treasury: Ducats) -> Self {
        NationState {
            treasury,
            spy: false,
            assassins: 0,
            serials: Serials::default(),
            loan: None,
            events: Vec::new(),
            objective: None,
        }
    }
}

/// A loan (G2a.3), repaid in full next spring with interest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Loan {
    /// The year it was taken.
    pub year: u16,
    pub principal: Ducats,
    pub interest: Ducats,
}

impl Loan {
    /// Returns what is due: principal and interest.
    pub fn due(&self) -> Ducats {
        self.principal + self.interest
    }
}

/// Kinds of fortification works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkKind {
    Fortify,
    Repair,
}

/// Works started away from the club's own territory, complete in winter (G2b.3, G4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Work {
    pub nation: NationCode,
    pub node: NodeCode,
    pub kind: WorkKind,
}

/// G5.3: one letter on its way to one addressee, carried by a courier (`rules::couriers`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Courier {
    /// The letter's id in the campaign's record.
    pub letter: i64,
    pub from: NationCode,
    pub to: NationCode,
    /// Its road path, capital to capital; empty until it sets out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<NodeCode>,
    /// Summer rounds of its journey still to ride once it has set out.
    #[serde(default)]
    pub rounds_left: u8,
    /// The clubs whose spy read it on the way.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub read_by: BTreeSet<NationCode>,
}

impl Courier {
    /// A courier for a letter just read, waiting to set out.
    pub fn posted(letter: i64, from: &str, to: &str) -> Courier {
        Courier {
            letter,
            from: NationCode::from(from),
            to: NationCode::from(to),
            path: Vec::new(),
            rounds_left: 0,
            read_by: BTreeSet::new(),
        }
    }
}

/// The last serial used for each kind of piece.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Serials {
    pub army: u32,
    pub fleet: u32,
    pub(crate) diplomat: u32,
}

/// The whole state of a campaign at the opening of a phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct World {
    /// The phase that is open (waiting for orders or for resolution).
    pub phase: PhaseId,
    pub nodes: BTreeMap<NodeCode, NodeState>,
    pub nations: BTreeMap<NationCode, NationState>,
    pub armies: BTreeMap<ArmyId, Army>,
    pub fleets: BTreeMap<FleetId, Fleet>,
    #[serde(default)]
    pub diplomats: BTreeMap<DiplomatId, Diplomat>,
    #[serde(default)]
    pub sieges: Vec<Siege>,
    #[serde(default)]
    pub alliances: Vec<Alliance>,
    /// The nations a club plays; the others are neutral (G0).
    #[serde(default)]
    pub clubs: BTreeSet<NationCode>,
    /// G2b.3, G4.1: works that complete in winter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub works: Vec<Work>,
    /// G2b.5: the Strategos of the year, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategos: Option<NationCode>,
    /// G3b.1: the order in which clubs move in every summer round of the year.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_order: Vec<NationCode>,
    /// G3c.7: battles waiting for their result from the table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battles: Vec<Battle>,
    /// G5.3: letters on the road by courier, in the order they were read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub couriers: Vec<Courier>,
}

impl World {
    /// This world as a club's orders are judged in it before they are sent: after its
    /// battles are settled, which no check can know, so as if they were (no pending
    /// battles). Borrowed when there are none; copied once otherwise.
    pub(crate) fn without_battles(&self) -> std::borrow::Cow<'_, World> {
        if self.battles.is_empty() {
            std::borrow::Cow::Borrowed(self)
        } else {
            let mut w = self.clone();
            w.battles.clear();
            std::borrow::Cow::Owned(w)
        }
    }

    /// Builds the opening world of a campaign from its starting position; `clubs` are
    /// the nations a club plays.
    pub fn start(campaign: &Campaign, clubs: &[NationCode]) -> World {
        let nodes = campaign
            .map
            .nodes()
            .map(|n| {
                let fortification = if n.fortified {
                    Fortification::Fortified
                } else {
                    Fortification::None
                };
                let state = NodeState {
                    owner: n.owner.clone(),
                    fortification,
                    garrison: None,
                    sapper: None,
                };
                (n.code.clone(), state)
            })
            .collect();
        let mut world = World {
            phase: PhaseId::first(campaign.tables.calendar.start_year),
            nodes,
            nations: BTreeMap::new(),
            armies: BTreeMap::new(),
            fleets: BTreeMap::new(),
            diplomats: BTreeMap::new(),
            sieges: Vec::new(),
            alliances: Vec::new(),
            clubs: clubs.iter().cloned().collect(),
            works: Vec::new(),
            strategos: None,
            move_order: Vec::new(),
            battles: Vec::new(),
            couriers: Vec::new(),
        };
        for nation in &campaign.nations {
            let start = campaign.start.iter().find(|s| s.code == nation.code);
            world.nations.insert(
                nation.code.clone(),
                NationState::with_treasury(start.map_or(0, |s| s.treasury)),
            );
            let Some(start) = start else { continue };
            for a in &start.armies {
                world.raise_army(&nation.code, &a.node, a.value);
            }
            for g in &start.garrisons {
                if let Some(node) = world.nodes.get_mut(&g.node) {
                    node.garrison = Some(Garrison {
                        nation: nation.code.clone(),
                        value: g.value,
                    });
                }
            }
            for f in &start.fleets {
                world.build_fleet(&nation.code, &f.port);
            }
        }
        world
    }

    /// Raises a new army and returns its id.
    pub fn raise_army(&mut self, nation: &NationCode, node: &NodeCode, value: Ducats) -> ArmyId {
        let serials = &mut self.nation_mut(nation).serials;
        serials.army += 1;
        let id = ArmyId::new(nation, serials.army);
        self.armies.insert(
            id.clone(),
            Army::new(id.clone(), nation.clone(), node.clone(), value),
        );
        id
    }

    /// Builds a new fleet in a port and returns its id.
    pub(crate) fn build_fleet(&mut self, nation: &NationCode, port: &NodeCode) -> FleetId {
        let serials = &mut self.nation_mut(nation).serials;
        serials.fleet += 1;
        let id = FleetId::new(nation, serials.fleet);
        self.fleets.insert(
            id.clone(),
            Fleet {
                id: id.clone(),
                nation: nation.clone(),
                at: FleetAt::Port(port.clone()),
                cargo: None,
            },
        );
        id
    }

    fn nation_mut(&mut self, nation: &NationCode) -> &mut NationState {
        self.nations
            .entry(nation.clone())
            .or_insert_with(|| NationState::with_treasury(0))
    }

    /// Returns the nation's state (every nation of the campaign has one).
    pub fn nation(&self, nation: &str) -> Option<&NationState> {
        self.nations.get(nation)
    }

    /// Returns whether a club plays this nation.
    pub fn is_club(&self, nation: &str) -> bool {
        self.clubs.contains(nation)
    }

    /// Raises a new diplomat and returns its id.
    pub fn place_diplomat(&mut self, nation: &NationCode, node: &NodeCode) -> DiplomatId {
        let serials = &mut self.nation_mut(nation).serials;
        serials.diplomat += 1;
        let id = DiplomatId::new(nation, serials.diplomat);
        self.diplomats.insert(
            id.clone(),
            Diplomat {
                id: id.clone(),
                nation: nation.clone(),
                node: node.clone(),
                stance: Stance::default(),
            },
        );
        id
    }

    /// Returns the armies of a nation, in id order.
    pub fn armies_of<'a>(&'a self, nation: &'a str) -> impl Iterator<Item = &'a Army> + 'a {
        self.armies
            .values()
            .filter(move |a| a.nation.as_str() == nation)
    }

    /// Returns the fleets of a nation, in id order.
    pub fn fleets_of<'a>(&'a self, nation: &'a str) -> impl Iterator<Item = &'a Fleet> + 'a {
        self.fleets
            .values()
            .filter(move |f| f.nation.as_str() == nation)
    }

    /// Returns the nodes a nation owns, in code order.
    pub fn nodes_owned_by<'a>(
        &'a self,
        nation: &'a str,
    ) -> impl Iterator<Item = (&'a NodeCode, &'a NodeState)> + 'a {
        self.nodes
            .iter()
            .filter(move |(_, n)| n.owner.as_str() == nation)
    }
}
