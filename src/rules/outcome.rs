//! What became of every order, and what else happened in a phase: the material every
//! report is built from. Each carries the rule id and typed facts (numbers, codes,
//! enums), never words: `words::explain` turns them into sentences in the club's
//! language through the message catalogue.

use super::ids::{ArmyId, DiplomatId, Ducats, FleetId, NationCode, NodeCode};
use super::order::{OrderRef, SapperAt};
use super::tables::Choice;
use serde::{Deserialize, Serialize};

/// The outcome of one order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OrderOutcome {
    pub nation: NationCode,
    pub at: OrderRef,
    /// The order's name as written (`raise`, `fortify`…).
    pub(crate) order: String,
    pub result: Outcome,
}

/// Carried out, or rejected with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Done(Done),
    Rejected { rule: String, reason: Reason },
}

impl Outcome {
    /// Builds a rejection.
    pub fn rejected(rule: &str, reason: Reason) -> Outcome {
        Outcome::Rejected {
            rule: rule.to_owned(),
            reason,
        }
    }
}

impl Reason {
    /// Returns whether the order was a lawful one that the phase's events stopped (a
    /// landing found held, an assassin's target gone), not an order the rules refuse:
    /// the club is told "not carried out", not "rejected", for it did nothing wrong.
    pub fn thwarted(&self) -> bool {
        matches!(self, Reason::LandingBlocked { .. } | Reason::TargetNotFound)
    }
}

/// What a carried-out order did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "done")]
pub enum Done {
    Loan {
        amount: Ducats,
        due: Ducats,
    },
    Raised {
        army: ArmyId,
        node: NodeCode,
        value: Ducats,
    },
    Reinforced {
        army: ArmyId,
        value: Ducats,
    },
    Transferred {
        from: ArmyId,
        to: ArmyId,
        value: Ducats,
        disbanded: bool,
    },
    Garrisoned {
        army: ArmyId,
        node: NodeCode,
        value: Ducats,
    },
    Fortified {
        node: NodeCode,
        at_once: bool,
    },
    Repaired {
        node: NodeCode,
        at_once: bool,
    },
    SapperHired {
        at: SapperAt,
    },
    DiplomatHired {
        diplomat: DiplomatId,
        node: NodeCode,
    },
    SpyHired,
    AssassinHired,
    FleetBuilt {
        fleet: FleetId,
        port: NodeCode,
    },
    AllianceDeclared {
        with: NationCode,
    },
    ObjectiveChosen,
    BidSealed {
        amount: Ducats,
    },
    // ---- summer ----
    StanceSet {
        piece: String,
        /// G3c.4: the order gave a plain choice and no spy line, and took the piece's
        /// condition on the enemy's size away (`plain_choice_clears_spy_condition`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        spy_cleared: bool,
    },
    /// Moved along the whole path.
    Moved {
        piece: String,
        path: Vec<NodeCode>,
    },
    /// Stopped at a node by an encounter (G3b.4).
    Stopped {
        piece: String,
        at: NodeCode,
    },
    /// Sent back to the node it came from by an encounter (G3c.2).
    TurnedBack {
        piece: String,
        to: NodeCode,
    },
    /// Revealed and removed: a diplomat attacked by a real army (G3c.5).
    Revealed {
        piece: String,
    },
    SiegeRolled {
        node: NodeCode,
        roll: u8,
        total: i32,
        needed: i32,
        fell: bool,
    },
    /// G3d.2: the army takes part in its club's siege of the place; the roll is told
    /// once, as an event, for the whole siege.
    Besieging {
        army: ArmyId,
        node: NodeCode,
    },
    /// G3d.2: the club lifted its siege of the place.
    SiegeLifted {
        army: ArmyId,
        node: NodeCode,
    },
    /// G3d.2: the order to lift a siege whose army had marched away from the place this
    /// round: the march ended it (before issue 29, refused as "not besieging").
    SiegeLeft {
        army: ArmyId,
        node: NodeCode,
    },
    AssassinSent {
        success: bool,
        /// The nation whose piece the assassin went for, and what it went for: the
        /// sender's report says whom it struck and what that did (issue 29: the line
        /// read "the assassin struck" alone). Absent in outcomes stored before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        against: Option<NationCode>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        struck: Option<Struck>,
    },
    /// The assassin's target was not there: the mission is spent (G2b.5 \[ruling\]).
    AssassinFoundNoTarget,
    FleetMoved {
        fleet: FleetId,
        to: String,
    },
    Embarked {
        fleet: FleetId,
        army: ArmyId,
    },
    /// The fleet is landing its army this round (ashore at the end of the round).
    Landing {
        fleet: FleetId,
        node: NodeCode,
    },
}

/// Why an order was rejected. Every reason reads in Italian and English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Reason {
    /// G2b.7: the treasury would go negative.
    MissingDucats {
        cost: Ducats,
        treasury: Ducats,
    },
    /// The order needs another phase.
    WrongPhase,
    NotYourArmy {
        army: ArmyId,
    },
    UnknownArmy {
        army: ArmyId,
    },
    NotYourFleet {
        fleet: FleetId,
    },
    NotYourNode {
        node: NodeCode,
    },
    NotACity {
        node: NodeCode,
    },
    NotAPort {
        node: NodeCode,
    },
    TooManyArmies {
        max: u32,
    },
    ValueTooSmall {
        min: Ducats,
    },
    ArmyTooSmall {
        army: ArmyId,
        value: Ducats,
        needed: Ducats,
    },
    NotTogether {
        from: ArmyId,
        to: ArmyId,
    },
    SameArmy,
    NotFortified {
        node: NodeCode,
    },
    /// G2b.3: a garrison named for a node the army neither stands at nor passes this
    /// round.
    GarrisonNotOnPath {
        army: ArmyId,
        node: NodeCode,
    },
    AlreadyFortified {
        node: NodeCode,
    },
    NotBreached {
        node: NodeCode,
    },
    BreachedUseRepair {
        node: NodeCode,
    },
    CannotFortifyFortress {
        node: NodeCode,
    },
    SapperAlready,
    SpyAlready,
    FleetLimit {
        limit: u32,
    },
    LoanTwice,
    LoanTooLarge {
        limit: Ducats,
    },
    LoanOutstanding,
    ObjectiveNotFirstSpring,
    ObjectiveTwice,
    ObjectiveNeedsTarget,
    ObjectiveTargetSelf,
    UnknownNation {
        nation: NationCode,
    },
    SelfAlliance,
    BidTwice,
    // ---- summer ----
    UnknownPiece {
        piece: String,
    },
    NotYourPiece {
        piece: String,
    },
    MovedTwice {
        piece: String,
    },
    PathStart {
        at: NodeCode,
    },
    TooFar {
        max: u8,
    },
    /// G3b.3: a move from home goes only `max` node into foreign territory.
    TooFarIntoForeign {
        max: u8,
    },
    /// G3b.3: a piece that starts the round abroad moves only `max` node.
    TooFarFromAbroad {
        max: u8,
    },
    BorderNotFirst,
    Banned {
        from: NodeCode,
        to: NodeCode,
    },
    Stunned,
    /// G3c.7 (the ruling `armies_in_battle_stay`): the army is in a battle not yet
    /// settled, at `node`.
    InBattle {
        node: NodeCode,
    },
    Aboard,
    NoSiegeTarget {
        node: NodeCode,
    },
    /// G3d.2: a siege lifted that the army is not in.
    NotBesieging {
        army: ArmyId,
    },
    /// G2b.3: another nation's force is at the enemy place: it must be taken first.
    PlaceHeld {
        node: NodeCode,
    },
    /// G2b.4: works only where the club holds the node or its army stands.
    NotHeldNoArmy {
        node: NodeCode,
    },
    ArrivedThisRound,
    NoAssassin,
    TargetNotFound,
    NotAdjacentSea {
        to: String,
    },
    ForeignPort {
        port: NodeCode,
    },
    CargoFull,
    NoCargo,
    NotInPort,
    NotAtPort {
        node: NodeCode,
    },
    FleetBusy,
    LandingBlocked {
        node: NodeCode,
    },
    ContactExchangeOff,
    BattleResultByCommand,
    // ---- battle results and orders of battle sent by a club (G3c.7, G6.2) ----
    /// No battle of this id waits for its result (never fought, or already applied).
    BattleNotPending {
        battle: String,
    },
    /// The club did not fight this battle.
    NotInBattle {
        battle: String,
    },
    /// A nation named in a result did not fight this battle.
    NationNotInBattle {
        battle: String,
        nation: NationCode,
    },
    /// A side cannot lose more than it brought.
    LossTooLarge {
        nation: NationCode,
        loss: Ducats,
        had: Ducats,
    },
    /// An order of battle names a ruleset the campaign does not have.
    UnknownRuleset {
        ruleset: String,
    },
    /// An order of battle's units must add up to the army's ducats (§0.5).
    OobValue {
        total: Ducats,
        army: Ducats,
    },
    /// An order of battle's unit is of a kind the ruleset does not know.
    OobUnitKind {
        unit: String,
        kind: String,
        kinds: String,
    },
    /// Orders of this kind are resolved by a later capability of the tool.
    NotResolvedYet,
}

/// Who may learn of an event (G7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every club (G7.1).
    Public,
    /// One nation's club only.
    Nation(NationCode),
    /// The referee only.
    Referee,
}

/// Something that happened in a phase that is not the outcome of one order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Event {
    pub audience: Audience,
    pub rule: String,
    pub what: Happening,
}

/// The kinds of things that happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "happening")]
pub enum Happening {
    Income {
        nation: NationCode,
        amount: Ducats,
    },
    LoanRepaid {
        nation: NationCode,
        amount: Ducats,
    },
    LoanDefault {
        nation: NationCode,
        due: Ducats,
        paid: Ducats,
        unpaid: Ducats,
        /// Whether the unpaid rest stays owed, due next spring (ruling
        /// `loan_unpaid_carried`); absent in events stored before it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        carried: bool,
    },
    StrategosWon {
        nation: NationCode,
        bid: Ducats,
    },
    StrategosTie {
        bid: Ducats,
    },
    StrategosNone,
    /// G2b.5: a valid bid that did not win (another was higher, or the roll-off went
    /// to another bidder): told to the bidder alone, which pays nothing. Who won is not
    /// told (G7.4: another club's specialists).
    StrategosOutbid {
        bid: Ducats,
        roll_off: bool,
    },
    /// G2b.5: a valid bid below the highest, in a year whose highest bids tied and no
    /// club holds the Strategos (`strategos_tie = "no-winner"`): told to the bidder
    /// alone, which pays nothing. Who tied, and at what, is not told (G7.4).
    StrategosTiedAbove {
        bid: Ducats,
    },
    MoveOrder {
        order: Vec<NationCode>,
    },
    AllianceFormed {
        members: [NationCode; 2],
    },
    /// G5.2 (told since issue 29): the club declared an alliance this spring that the
    /// other nation has not declared, so it does not stand (a play-test read "alliance
    /// declared" as made).
    AllianceOneSided {
        with: NationCode,
    },
    /// G5.2 (ruling `betrayal_ends_alliance`): the club declared an alliance this spring
    /// that one of its members had betrayed: it stays broken (a play-test's clubs
    /// declared theirs again and could not tell what it made).
    AllianceStaysBroken {
        with: NationCode,
    },
    WorksComplete {
        node: NodeCode,
    },
    /// G2b.4 (ruling `works_where_held_or_army`): works completing in a node no longer
    /// the club's are lost.
    WorksLost {
        node: NodeCode,
        nation: NationCode,
    },
    SpecialistsLeave {
        nation: NationCode,
    },
    EventRoll {
        nation: NationCode,
        roll: u8,
        /// The faces on which Table 36 is drawn (G4.3), so the roll reads with what it
        /// meant (a play-test's clubs read "rolls for events: 4" and could not tell);
        /// empty in events stored before it was recorded.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn_on: Vec<u8>,
    },
    WinterEvent {
        nation: NationCode,
        event: String,
        name_it: String,
        name_en: String,
        /// The face of Table 36 that drew it: a play-test's club saw the roll that sent
        /// it to the table, never this one. Absent in events stored before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<u8>,
        /// What the event does (`epidemic`, `cities`, `villages`, `breach`, `destroy`)
        /// and its figure (a percentage, ducats a village): a play-test's club was told
        /// "famine" and had to find Table 36 to learn why its income fell. Absent in
        /// events stored before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        effect: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        amount: Option<i64>,
        /// The place a disaster struck at once (none where the club had no fortified
        /// place): a play-test's club read of a disaster and a breach, never linked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        struck: Option<NodeCode>,
    },
    Breached {
        node: NodeCode,
    },
    /// G4.3: a disaster destroyed the fortifications of `node`: it is open now.
    FortificationsDestroyed {
        node: NodeCode,
    },
    CampaignEnds,
    // ---- summer ----
    Epidemic {
        nation: NationCode,
        node: NodeCode,
    },
    /// G3a.1: one force's roll at a place the epidemic struck and what it meant
    /// (destroyed on `destroys_on`); told to the force's club.
    EpidemicRoll {
        nation: NationCode,
        node: NodeCode,
        what: Force,
        roll: u8,
        destroys_on: Vec<u8>,
        destroyed: bool,
    },
    ForceDestroyed {
        nation: NationCode,
        what: Force,
        node: NodeCode,
        cause: Cause,
    },
    Encounter {
        node: NodeCode,
        hand: NationCode,
        other: NationCode,
        text_it: String,
        text_en: String,
        /// The Table 34 cell: the choice of the side in hand and of the other side,
        /// revealed to both (G3c.2). Absent in events stored before it was recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hand_choice: Option<Choice>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        other_choice: Option<Choice>,
        /// The other side had no choice: a garrison alone, or armies already inside,
        /// stay within the walls (G3c.3). Absent (false) in events stored before it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        other_walls: bool,
        /// The other side's standing choice when it could not be kept (a withdrawal with
        /// no fortification of its own there, an attack the round its commander was
        /// killed): it stopped instead. Told to that side alone; absent before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        other_meant: Option<Choice>,
        /// The two sides' nations are allies as they meet (G5.2): an attack or a siege
        /// betrays the alliance. Absent (false) in events stored before it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        allies: bool,
        /// Table 34 gave a battle, but a side was a diplomat, who never fights (G3c.5):
        /// no battle is fought (a play-test's clubs read "battle" and found none).
        /// Absent (false) in events stored before it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_battle: bool,
        /// Table 34 let the moving side besiege the other, inside its walls, but the
        /// moving side was a diplomat, who never besieges (G3c.5): said so (a play-test's
        /// diplomat read "the moving side may besiege"). Absent (false) before.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_siege: bool,
        /// Told to the other side alone: the withdrawal recorded is its own choice, not
        /// the walls' rule (G3c.3); the side in hand reads a withdrawal either way (G7).
        /// Absent (false) in events stored before it, which hedge between the two.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        other_chose: bool,
    },
    DiplomatRevealed {
        nation: NationCode,
        node: NodeCode,
    },
    DiplomatUnmasked {
        node: NodeCode,
    },
    EnemySize {
        node: NodeCode,
        ducats: Ducats,
        /// Of `ducats`, the place's garrison (which a battle card leaves out: a
        /// play-test's club read 140 from its spy and 100 on the card). Absent where
        /// none, and in events stored before.
        #[serde(default, skip_serializing_if = "is_zero")]
        garrison: Ducats,
    },
    BattlePending {
        id: String,
        node: NodeCode,
        attacker: NationCode,
        defender: NationCode,
        rearguard: bool,
    },
    /// G3c.7 (`battle_lapses_when_a_side_is_gone`): a pending battle lapsed, never
    /// fought, because `gone`'s armies had left its node by another battle's result.
    BattleLapsed {
        battle: String,
        node: NodeCode,
        gone: NationCode,
    },
    Retreated {
        nation: NationCode,
        from: NodeCode,
        to: NodeCode,
        /// G3c.8: the battle was a draw, and this side fell back as its attacker (a
        /// ruling: two clubs may not share the node); absent, and read `false`, in
        /// events stored before it was recorded.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        draw: bool,
    },
    /// G3c.8: the other side of the club's battle fell back from `from` (where to is
    /// not told: its pieces are seen only as G7.2 says) or, with nowhere to go, was
    /// destroyed; told to the side that stayed.
    EnemyFellBack {
        battle: String,
        nation: NationCode,
        from: NodeCode,
        destroyed: bool,
        /// The battle was a draw: the other side fell back as the attacker, and the
        /// battle was not won.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        draw: bool,
        /// The battle was a rearguard action: the rearguard fell back whoever won
        /// (G3c.9), so its falling back says nothing of the result (a play-test's loser
        /// read "the battle is yours").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rearguard: bool,
        /// The place is the side's own that stayed: it keeps it, where the words for
        /// taking another nation's place do not apply (a play-test's club, the winner
        /// in its own city, read how to take a place).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        own_place: bool,
    },
    /// G3c.7: the other side of the club's battle lost every army it fought with.
    EnemyDestroyed {
        battle: String,
        nation: NationCode,
        node: NodeCode,
    },
    SiegeRoll {
        node: NodeCode,
        besieger: NationCode,
        roll: u8,
        total: i32,
        needed: i32,
    },
    /// G3d.2: one siege round of a place, with every modifier named. What the defender
    /// reads is decided by `rules::visibility` (no total, none of the besieger's own
    /// modifiers): there `total` is absent.
    SiegeRound {
        node: NodeCode,
        besieger: NationCode,
        /// The armies of the besieging club that took part (each pays the round's cost).
        armies: Vec<ArmyId>,
        roll: u8,
        modifiers: Vec<SiegeModifier>,
        total: Option<i32>,
        needed: i32,
        fell: bool,
    },
    /// G3d.2: a siege roll as the defender of the place reads it: the die, without the
    /// total (from events stored before the modifiers were named).
    SiegeRollSeen {
        node: NodeCode,
        besieger: NationCode,
        roll: u8,
        needed: i32,
    },
    /// G3d.2, G7: a siege round as its defender reads it under the ruling
    /// `siege_defender_sees = "outcome"`: who besieges and whether the place fell, no die.
    SiegeOutcomeSeen {
        node: NodeCode,
        besieger: NationCode,
        fell: bool,
    },
    /// G3d.2: a siege ended without the place falling, and why.
    SiegeEnded {
        node: NodeCode,
        army: ArmyId,
        why: SiegeEnd,
    },
    /// G3d.2 (told since issue 29): the siege of one of the club's own places is over
    /// without the place falling (lifted, or the besieger gone); told to its owner, who
    /// read of the siege when it began.
    SiegeRaised {
        node: NodeCode,
        besieger: NationCode,
    },
    /// G3b.8, G3d.1 (told since issue 29): the club's army came this round to a
    /// fortified place of `owner`'s that no force holds: it changes hands only by
    /// siege, which the army may begin next round.
    BeforeWalls {
        army: ArmyId,
        node: NodeCode,
        owner: NationCode,
    },
    /// G3e.3 (told since issue 29): a landing of `by`'s at `node` was turned back by
    /// the club's forces there; told to the holders, who see the ships off their coast.
    LandingRepelled {
        node: NodeCode,
        by: NationCode,
    },
    /// G3b.8 (told since issue 29): a force of `nation` (an army or a diplomat: the
    /// owner cannot tell which, G7.4) came this round to the club's fortified place
    /// `node`, which no force of the club holds.
    AtOurWalls {
        node: NodeCode,
        nation: NationCode,
    },
    /// G3d.2, G3c.7 (`siege_waits_for_battle`): a siege not rolled this round because
    /// its army is in battle `battle` at the place, not yet settled; the siege stands.
    SiegeHeldByBattle {
        node: NodeCode,
        army: ArmyId,
        battle: String,
    },
    /// [`Happening::SiegeHeldByBattle`] as the place's holder reads it: who besieges,
    /// not the besieging army's id (its battle card names only its own side's armies,
    /// and an id would aim an assassin: play-test 46), nor the besieger's bribe.
    SiegeHeldByBattleSeen {
        node: NodeCode,
        besieger: NationCode,
        battle: String,
    },
    /// G3d.2: a standing siege its army does not roll this round (it cannot attack),
    /// still on; `others` are the club's armies that roll the siege of the place this
    /// round without it (a play-test's report said the siege was not rolled, then gave
    /// its roll by another army).
    SiegeWaits {
        node: NodeCode,
        army: ArmyId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        others: Vec<ArmyId>,
    },
    /// G3d.3: a bribe the treasury could not pay was dropped; the siege goes on.
    BribeDropped {
        node: NodeCode,
        bribe: Ducats,
        treasury: Ducats,
    },
    Surrendered {
        node: NodeCode,
        from: NationCode,
        to: NationCode,
        /// G3d.5: its walls fell, the place is breached (every surrender since it was
        /// recorded); absent, and read `false`, in events stored before.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        breached: bool,
    },
    /// G3d.2: what a place that surrendered to the club had inside, destroyed with the
    /// surrender; told to the besieger alone (the place's owner hears of each of its
    /// forces).
    SurrenderTook {
        node: NodeCode,
        from: NationCode,
        garrison: bool,
        armies: u32,
    },
    /// G3d.2: works a club had paid for at a place that surrendered are lost with it.
    WorksCaptured {
        node: NodeCode,
        nation: NationCode,
        kind: super::world::WorkKind,
    },
    /// G3d.2, G3d.5: the defender's sapper at a place that surrendered is lost with it.
    SapperCaptured {
        node: NodeCode,
        nation: NationCode,
    },
    NodeTaken {
        node: NodeCode,
        from: NationCode,
        to: NationCode,
    },
    StormRoll {
        roll: u8,
        /// Whether the roll raised a storm (G3e.4: every fleet at sea then rolls to
        /// survive). Unknown (`None`) in events stored before it was recorded.
        #[serde(default)]
        storm: Option<bool>,
    },
    FleetLost {
        nation: NationCode,
        fleet: FleetId,
    },
    /// G3e.4: one fleet's roll in a storm and what it meant (lost on `lost_on`); told to
    /// its club, before `FleetLost` when it was lost.
    FleetStormRoll {
        nation: NationCode,
        fleet: FleetId,
        roll: u8,
        lost_on: Vec<u8>,
        lost: bool,
    },
    FleetPushedBack {
        nation: NationCode,
        fleet: FleetId,
        to: String,
        /// The sea zone where it met the enemy, and whose fleets it met (a play-test's
        /// clubs read "pushed back" with nothing said of what pushed them); absent in
        /// events stored before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        by: Vec<NationCode>,
    },
    FleetDestroyed {
        nation: NationCode,
        fleet: FleetId,
    },
    /// G3e.2 (told since issue 29): the fleet met at least as many fleets of `by` in
    /// sea zone `at` but did not sail this round: it has nowhere to be pushed back to
    /// and holds the zone.
    FleetHeldZone {
        nation: NationCode,
        fleet: FleetId,
        at: String,
        by: Vec<NationCode>,
    },
    /// G3e.2 (told since issue 29): the club's `fleets` met fewer fleets of `against` in
    /// sea zone `at`, and `fate` is what became of those (a play-test's club whose
    /// fleets drove an enemy off was told nothing of the clash).
    FleetClashWon {
        nation: NationCode,
        fleets: Vec<FleetId>,
        at: String,
        against: NationCode,
        fate: ClashFate,
    },
    /// G3e.1 (told since issue 29): the fleet lies in `port`, its club's as the round
    /// began, which passed to `owner` this round: safe there until it sails, it cannot
    /// come back once it has left.
    FleetInLostPort {
        nation: NationCode,
        fleet: FleetId,
        port: NodeCode,
        owner: NationCode,
    },
    /// G3e.1: a fleet given no move at sea sails toward `port`, its club's nearest:
    /// `to` is where it is now (the port itself, or the next sea zone).
    FleetSailedHome {
        nation: NationCode,
        fleet: FleetId,
        to: String,
        port: NodeCode,
    },
    /// G3e.1: a fleet given no move at sea with no port of its club within reach is
    /// lost, with any army aboard.
    FleetAdrift {
        nation: NationCode,
        fleet: FleetId,
    },
    CommanderKilled {
        nation: NationCode,
        army: ArmyId,
    },
    SpecialistKilled {
        nation: NationCode,
        what: Specialist,
    },
    /// G5.2: a club the receiving club had declared an alliance with attacked it, and
    /// no alliance was betrayed: none stood (`never`: the other had not declared it, under
    /// the ruling `alliance_needs_both`), or it was already broken.
    AllyAttackNoBetrayal {
        by: NationCode,
        against: NationCode,
        why: NoBetrayal,
        how: Betrayal,
    },
    AllianceBetrayed {
        by: NationCode,
        against: NationCode,
        /// What made it a betrayal. Absent in events stored before it was recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        how: Option<Betrayal>,
    },
    Landed {
        nation: NationCode,
        army: ArmyId,
        node: NodeCode,
    },
    BattleFought {
        id: String,
        node: NodeCode,
        attacker: NationCode,
        defender: NationCode,
        winner: Option<NationCode>,
        provisional: bool,
    },
    BattleLosses {
        id: String,
        attacker_loss: Ducats,
        defender_loss: Ducats,
    },
    /// G5.3: a courier reached the addressee's capital: the letter goes with the mail.
    CourierArrived {
        letter: i64,
        from: NationCode,
        to: NationCode,
    },
    /// G5.3: a courier was lost: a hostile army stood at `node` on its path, or (`None`)
    /// it found no path to set out on.
    CourierLost {
        letter: i64,
        from: NationCode,
        to: NationCode,
        node: Option<NodeCode>,
    },
    /// G5.3: the spy of `by` read a courier's letter on its way (it goes on).
    LetterIntercepted {
        letter: i64,
        from: NationCode,
        to: NationCode,
        by: NationCode,
    },
}

impl Happening {
    /// A fact told since issue 29 to the club it concerns alone (a storm or epidemic
    /// roll, a lost bid, the enemy's fate, works or a sapper lost with a place, an
    /// ally's attack that betrayed nothing). Phases resolved before it were never told
    /// them: `audit` compares those phases without them.
    pub fn told_since_issue_29(&self) -> bool {
        matches!(
            self,
            Happening::FleetStormRoll { .. }
                | Happening::EpidemicRoll { .. }
                | Happening::StrategosOutbid { .. }
                | Happening::StrategosTiedAbove { .. }
                | Happening::EnemyFellBack { .. }
                | Happening::EnemyDestroyed { .. }
                | Happening::WorksCaptured { .. }
                | Happening::SapperCaptured { .. }
                | Happening::AllyAttackNoBetrayal { .. }
                | Happening::AllianceOneSided { .. }
                | Happening::AllianceStaysBroken { .. }
                | Happening::SiegeRaised { .. }
                | Happening::BeforeWalls { .. }
                | Happening::AtOurWalls { .. }
                | Happening::LandingRepelled { .. }
                | Happening::FleetHeldZone { .. }
                | Happening::FleetClashWon { .. }
                | Happening::FleetInLostPort { .. }
                | Happening::SurrenderTook { .. }
                | Happening::SiegeEnded {
                    why: SiegeEnd::FellBack,
                    ..
                }
        )
    }
}

/// What an ally did that counts as betraying the alliance (G5.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Betrayal {
    /// Its moving force met the ally at `node` and attacked: its standing choice on
    /// contact (G3c.3) was to attack.
    OnContact { node: NodeCode },
    /// The ally's force moved into its own at `node`, and its standing choice when
    /// contacted (G3c.3) was to attack.
    WhenContacted { node: NodeCode },
    /// It laid siege to the ally's place `node` (G3d).
    Siege { node: NodeCode },
    /// It sent an assassin against the ally (G2b.5).
    Assassin,
}

/// Why an attack by a club the attacked had declared an alliance with betrayed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoBetrayal {
    /// Under `alliance_needs_both` the alliance never stood: the attacker had not
    /// declared it.
    NeverStood,
    /// It was already broken by an earlier betrayal.
    AlreadyBroken,
    /// It was already broken by the attacked club's own betrayal (the ruling
    /// `betrayal_ends_alliance`).
    BrokenByAttacked,
}

/// One modifier of a siege roll (G3d.2, Table 35), with what it counts and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "modifier")]
pub enum SiegeModifier {
    /// Whole rounds already spent in this siege: +0 on the first roll.
    RoundsSpent {
        rounds: u8,
        value: i32,
    },
    BesiegerSapper {
        value: i32,
    },
    /// The bribes paid this round, pooled.
    Bribe {
        ducats: Ducats,
        value: i32,
    },
    Garrison {
        value: i32,
    },
    DefenderSapper {
        value: i32,
    },
    FortifiedVillage {
        value: i32,
    },
    FortifiedCity {
        value: i32,
    },
    Fortress {
        value: i32,
    },
}

impl SiegeModifier {
    /// What the modifier adds to the roll.
    pub(crate) fn value(&self) -> i32 {
        match self {
            SiegeModifier::RoundsSpent { value, .. }
            | SiegeModifier::BesiegerSapper { value }
            | SiegeModifier::Bribe { value, .. }
            | SiegeModifier::Garrison { value }
            | SiegeModifier::DefenderSapper { value }
            | SiegeModifier::FortifiedVillage { value }
            | SiegeModifier::FortifiedCity { value }
            | SiegeModifier::Fortress { value } => *value,
        }
    }
}

/// What became of the fleets that met a stronger enemy in a sea zone (G3e.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClashFate {
    /// Pushed back where they came from.
    PushedBack,
    /// A single fleet, with nowhere to go, facing two or more.
    Destroyed,
    /// They had not sailed this round: nowhere to be pushed back to, they hold the zone.
    Held,
}

/// Why a siege ended without the place falling (G3d.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SiegeEnd {
    /// The army left the place (or boarded a fleet).
    ArmyLeft,
    /// The place is no longer an enemy fortified place (taken, breached, allied).
    NoTarget,
    /// Not ordered again this round (the siege is not a standing order).
    NotRenewed,
    /// The army fell back from the place after a battle there (G3c.8); told since
    /// issue 29, before which the siege ended unsaid.
    FellBack,
}

/// A force destroyed whole: an army, or the garrison of the event's node.
///
/// Events stored before the facts were typed hold English words (`"V3"`, `"garrison of
/// V6"`); they read into the same values, so old campaigns replay and read the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Force {
    Army(ArmyId),
    Garrison,
}

/// Why a force was destroyed (stored before as English words, still read).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// G3c.7: the loser's army of a battle.
    #[serde(alias = "lost in battle")]
    LostInBattle,
    /// G3c.7: no node to fall back to.
    #[serde(alias = "could not retreat")]
    CouldNotRetreat,
    /// G3d.2: the garrison of a place that surrendered.
    #[serde(alias = "surrendered")]
    Surrendered,
    /// G3a.1.
    #[serde(alias = "epidemic")]
    Epidemic,
    /// G4: aboard a fleet lost in a storm.
    #[serde(alias = "lost at sea")]
    LostAtSea,
}

/// A specialist killed by an assassin (G2b.5). Stored before as English words (`"the
/// sapper of F-A1"`, `"the sapper of F7"`, `"diplomat F-D1"`, `"the spy"`), still read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Specialist {
    /// The sapper attached to an army or to a node.
    Sapper(SapperAt),
    Diplomat(DiplomatId),
    Spy,
}

/// What an assassin goes for (G2b.5), as the sender's report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Struck {
    /// The commander of the strongest enemy army at a node: it cannot move or attack
    /// in the next round.
    Commander,
    Sapper,
    Diplomat,
    Spy,
}

/// The typed form as written today, or the words stored by earlier versions.
#[derive(Deserialize)]
#[serde(untagged)]
enum Stored<T> {
    Typed(T),
    Words(String),
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ForceRepr {
    Army(ArmyId),
    Garrison,
}

impl<'de> Deserialize<'de> for Force {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Force, D::Error> {
        Ok(match Stored::<ForceRepr>::deserialize(d)? {
            Stored::Typed(ForceRepr::Army(a)) => Force::Army(a),
            Stored::Typed(ForceRepr::Garrison) => Force::Garrison,
            // "garrison" is what the typed unit variant serializes to as well.
            Stored::Words(w) if w == "garrison" || w.starts_with("garrison of ") => Force::Garrison,
            Stored::Words(w) => Force::Army(ArmyId::from(w.as_str())),
        })
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum SpecialistRepr {
    Sapper(SapperAt),
    Diplomat(DiplomatId),
    Spy,
}

impl<'de> Deserialize<'de> for Specialist {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Specialist, D::Error> {
        Ok(match Stored::<SpecialistRepr>::deserialize(d)? {
            Stored::Typed(SpecialistRepr::Sapper(at)) => Specialist::Sapper(at),
            Stored::Typed(SpecialistRepr::Diplomat(id)) => Specialist::Diplomat(id),
            Stored::Typed(SpecialistRepr::Spy) => Specialist::Spy,
            Stored::Words(w) => {
                if let Some(place) = w.strip_prefix("the sapper of ") {
                    // An army's id names its nation (`F-A1`); a node's code does not.
                    if place.contains('-') {
                        Specialist::Sapper(SapperAt::Army(ArmyId::from(place)))
                    } else {
                        Specialist::Sapper(SapperAt::Node(NodeCode::from(place)))
                    }
                } else if let Some(id) = w.strip_prefix("diplomat ") {
                    Specialist::Diplomat(DiplomatId::from(id))
                } else if w == "the spy" || w == "spy" {
                    Specialist::Spy
                } else {
                    return Err(serde::de::Error::custom(format!(
                        "unknown specialist {w:?}"
                    )));
                }
            }
        })
    }
}

/// Whether a figure is zero (a field left out of a stored event).
fn is_zero(n: &Ducats) -> bool {
    *n == 0
}
