//! The rules tables of Il Giglio as data: every number and every **\[ruling\]** of the
//! campaign rulebook (`docs/rulebook.en.md`), read from `rules.toml` so a referee can
//! change one without code.
//!
//! Each field's doc names the rule id it carries.

use super::ids::Ducats;
use serde::{Deserialize, Serialize};

/// All the tables of one campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub calendar: CalendarTable,
    pub(crate) income: IncomeTable,
    pub(crate) loan: LoanTable,
    pub(crate) armies: ArmyTable,
    pub(crate) garrison: GarrisonTable,
    pub(crate) works: WorksTable,
    pub(crate) specialists: SpecialistTable,
    pub(crate) fleets: FleetTable,
    pub(crate) movement: MovementTable,
    pub(crate) encounters: EncounterTable,
    pub siege: SiegeTable,
    pub(crate) epidemic: EpidemicTable,
    pub events: EventTable,
    pub victory: VictoryTable,
    pub rulings: Rulings,
}

/// G1, G3: the length of the campaign and the names of the summer rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalendarTable {
    /// The first year of the campaign.
    pub start_year: u16,
    /// G1.2: years before objectives are judged.
    pub(crate) years: u16,
    /// G3: summer rounds a year.
    pub(crate) rounds: u8,
    /// G0 \[ruling\]: month name of each round, Italian.
    pub(crate) months_it: Vec<String>,
    /// G0 \[ruling\]: month name of each round, English.
    pub(crate) months_en: Vec<String>,
}

impl CalendarTable {
    /// Returns the last year of the campaign.
    pub(crate) fn last_year(&self) -> u16 {
        self.start_year + self.years.saturating_sub(1)
    }

    /// Returns the month name of a round in a language (`it` or `en`).
    pub fn month(&self, round: u8, lang: Lang) -> &str {
        let names = match lang {
            Lang::It => &self.months_it,
            Lang::En => &self.months_en,
        };
        names
            .get(usize::from(round).saturating_sub(1))
            .map_or("?", String::as_str)
    }

    /// The name in `lang` of a month named in English (a battle card keeps the English
    /// name); `None` for a name the calendar does not have.
    pub(crate) fn month_in(&self, english: &str, lang: Lang) -> Option<&str> {
        let i = self.months_en.iter().position(|m| m == english)?;
        let names = match lang {
            Lang::It => &self.months_it,
            Lang::En => &self.months_en,
        };
        names.get(i).map(String::as_str)
    }
}

// The language is a shared leaf type of the words layer; rules name it in their typed
// facts (a nation's name per language), never to build a sentence.
pub use crate::words::Lang;

/// G2a.1: what each kind of node pays at spring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct IncomeTable {
    pub(crate) village: Ducats,
    pub(crate) fortress: Ducats,
    pub(crate) city: Ducats,
    /// A capital pays as a city.
    pub(crate) capital: Ducats,
}

/// G2a.3: loans.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LoanTable {
    /// Limit, as a percentage of what the club's cities pay this spring.
    pub(crate) limit_percent_of_city_income: u32,
    /// Interest due with the repayment next spring, in percent.
    pub(crate) interest_percent: u32,
    /// Value at which a fleet is confiscated.
    pub(crate) fleet_value: Ducats,
    /// \[ruling\] How interest is rounded to whole ducats.
    pub(crate) interest_rounding: Rounding,
}

/// Rounding to whole ducats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Rounding {
    Up,
    Down,
    /// Half rounds up.
    Nearest,
}

impl Rounding {
    /// Returns `numerator / denominator` rounded this way (both non-negative).
    pub(crate) fn apply(self, numerator: Ducats, denominator: Ducats) -> Ducats {
        match self {
            Rounding::Up => (numerator + denominator - 1) / denominator,
            Rounding::Down => numerator / denominator,
            Rounding::Nearest => (numerator + denominator / 2) / denominator,
        }
    }
}

/// G2b.1, G2b.8: armies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ArmyTable {
    /// Most armies a club may have (diplomats do not count).
    pub(crate) max_armies: u32,
    /// Smallest value of a newly raised army.
    pub(crate) min_raise: Ducats,
}

/// G2b.3: garrisons.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GarrisonTable {
    /// Taken from the army's value when it detaches a garrison.
    pub(crate) detach_cost: Ducats,
}

/// G2b.4: fortification works.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct WorksTable {
    pub(crate) fortify_city: Ducats,
    pub(crate) fortify_village: Ducats,
    /// Repair a place breached by a siege or a disaster.
    pub(crate) repair: Ducats,
}

/// G2b.5, Table 33: specialists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpecialistTable {
    pub(crate) sapper: Ducats,
    pub(crate) diplomat: Ducats,
    pub(crate) spy: Ducats,
    pub(crate) assassin: Ducats,
    /// Faces of 1d6 on which an assassin succeeds.
    pub(crate) assassin_succeeds_on: Vec<u8>,
}

/// G2b.6, G3e: fleets (limits per nation live in `nations.toml`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FleetTable {
    pub(crate) cost: Ducats,
    /// G3e.4: the round's storm roll strikes on these faces.
    pub(crate) storm_on: Vec<u8>,
    /// G3e.4: a fleet at sea in a storm is lost on these faces.
    pub(crate) lost_on: Vec<u8>,
    /// G3e.3: whole rounds a landing takes.
    pub(crate) landing_rounds: u8,
}

/// G3b.3: movement allowances.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MovementTable {
    /// Nodes a piece starting at home may move along its own territory.
    pub(crate) home_steps: u8,
    /// Steps into foreign territory (must be the first step of the round).
    pub(crate) border_steps: u8,
}

/// A side's choice in an encounter (G3c.1).
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
pub enum Choice {
    Stop,
    Retreat,
    Attack,
    /// Only the side not in hand, into a friendly fortification at the node.
    Withdraw,
}

impl Choice {
    /// Every choice, in table order.
    pub(crate) const ALL: [Choice; 4] = [
        Choice::Stop,
        Choice::Retreat,
        Choice::Attack,
        Choice::Withdraw,
    ];
}

/// Which side of an encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Side {
    /// The side whose move caused the encounter.
    Hand,
    Other,
}

/// The result of one cell of Table 34.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub(crate) enum EncounterResult {
    /// The side in hand goes back to the node it came from; with `other_inside`, the
    /// other side is inside its fortification.
    HandBack {
        #[serde(default)]
        other_inside: bool,
    },
    /// The other side retreats one node; the side in hand holds the node.
    OtherRetreats,
    /// Both fall back; the node is left empty.
    BothFallBack,
    /// The other side is inside its fortification; the side in hand may besiege.
    OtherInside,
    /// A battle, handed off to the table (G3c.7).
    Battle { attacker: Side },
    /// A rearguard action (G3c.9).
    Rearguard { rearguard: Side },
}

/// One cell of Table 34.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct EncounterCell {
    pub(crate) hand: Choice,
    pub(crate) other: Choice,
    #[serde(flatten)]
    pub(crate) result: EncounterResult,
    pub(crate) text_it: String,
    pub(crate) text_en: String,
}

/// G3c: Table 34 and the standing choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EncounterTable {
    /// G3c.3: default standing choice when a piece moves into a force.
    pub(crate) default_on_contact: Choice,
    /// G3c.3: default standing choice when a force moves into a piece.
    pub(crate) default_when_contacted: Choice,
    pub(crate) cell: Vec<EncounterCell>,
}

impl EncounterTable {
    /// Looks up the cell for the two choices.
    pub(crate) fn lookup(&self, hand: Choice, other: Choice) -> Option<&EncounterCell> {
        self.cell
            .iter()
            .find(|c| c.hand == hand && c.other == other)
    }
}

/// G3d, Table 35: sieges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegeTable {
    /// The place surrenders when 1d6 plus modifiers reaches this.
    pub(crate) target: i32,
    pub(crate) per_round_spent: i32,
    pub(crate) besieger_sapper: i32,
    /// Ducats of bribe that buy one point (the English text says 30).
    pub bribe_step: Ducats,
    pub(crate) per_bribe_step: i32,
    pub(crate) garrison_present: i32,
    pub(crate) defender_sapper: i32,
    pub(crate) fortified_city: i32,
    pub(crate) fortress: i32,
    pub(crate) fortified_village: i32,
    /// G3d.4: ducats the besieging army loses each siege round.
    pub(crate) army_cost_per_round: Ducats,
}

/// G3a: epidemics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EpidemicTable {
    /// Each army and garrison in the struck city is destroyed on these faces of 1d6.
    pub(crate) destroys_on: Vec<u8>,
}

/// What a Table 36 event does to next year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub(crate) enum EventEffect {
    /// G3a: one of the club's cities is struck at the start of summer.
    Epidemic,
    /// The club's cities pay this percentage.
    CityIncomePercent { percent: u32 },
    /// The club's villages pay this much each.
    VillageIncome { ducats: Ducats },
    /// A random fortified place of the club's own is breached.
    BreachRandomFortified,
}

/// One line of Table 36.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventEntry {
    pub(crate) roll: u8,
    pub id: String,
    pub name_it: String,
    pub name_en: String,
    #[serde(flatten)]
    pub(crate) effect: EventEffect,
}

/// G4.3, Table 36: winter events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventTable {
    /// Faces of the first 1d6 on which the club rolls on the table.
    pub(crate) trigger_on: Vec<u8>,
    pub entry: Vec<EventEntry>,
}

/// The eleven objectives of G8.1.
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
pub enum ObjectiveKind {
    KeepPossessions,
    ConquerNation,
    MostCapitals,
    MostDucats,
    MostCities,
    MostFortresses,
    MostVillages,
    MostPorts,
    MostAlliancesHonoured,
    MostAlliancesBetrayed,
    MostFleets,
}

/// One objective a club may choose, with its names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveEntry {
    pub id: ObjectiveKind,
    pub name_it: String,
    pub name_en: String,
}

/// G8: victory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryTable {
    pub objective: Vec<ObjectiveEntry>,
}

/// How the Strategos auction treats a tie (G2b.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum StrategosTie {
    /// No winner, nobody pays; the move order is drawn at random.
    NoWinner,
    /// The tied bidders roll off; the winner pays.
    RollOff,
}

/// What a fleet at sea given no move does (G3e.1: only in a port may a fleet stay).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum IdleFleet {
    /// Before the ruling existed: into a port of its club on its zone, untold; where
    /// there is none it keeps the sea (which the book forbids).
    #[default]
    PortOnZone,
    /// It sails one lane toward the nearest port of its club (into the port when one
    /// lies on its zone), and the club is told; a fleet with no port of its club within
    /// reach by sea is lost with its cargo.
    SailsHome,
}

/// What becomes of a table battle whose play-by date passes without two agreeing
/// results (G3c.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleFallback {
    /// It keeps waiting; the referee is reminded (and campaigns written before the
    /// play-by date existed set none, so nothing happens at all).
    #[default]
    Hold,
    /// It is auto-resolved with the battle's own game, once; a club's result already
    /// mailed is set aside, and both clubs are told why.
    Auto,
}

/// What a nation in civil disorder does (G0): its pieces stand, or the bot plays it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisorderPlay {
    /// Its pieces stand on their standing choices, as a club that sends nothing.
    #[default]
    Stand,
    /// The bot gives its orders, from the world alone.
    Bot,
}

/// What the defender of a besieged place is told of each siege round (G3d.2, G7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiegeDefenderSees {
    /// Before the ruling existed: the die, the modifiers it can know (rounds spent, its
    /// garrison, its sapper, its walls) and the outcome; with the target, the die bounds
    /// the besieger's hidden sapper or bribe.
    #[default]
    DieAndKnownModifiers,
    /// Who besieges, and whether the place held or surrendered: nothing of the roll.
    Outcome,
}

/// G5.3: who may write a letter to whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LettersTo {
    /// No letters (campaigns written before the ruling existed).
    #[default]
    Off,
    /// Any club to any other club.
    Any,
    /// Only to a club whose pieces are in contact with the writer's ("touch press").
    Contact,
}

/// G5.3: how a letter travels to its addressee.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LettersTravel {
    /// With the next mail the referee sends (campaigns written before the ruling).
    #[default]
    NextMail,
    /// Carried by a courier along the roads, capital to capital: late by the road's
    /// length, lost where a hostile army stands on the way, read by spies beside it.
    Courier,
}

/// What to confiscate first from a club that cannot repay its loan (G2a.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Confiscation {
    Treasury,
    Armies,
    Fleets,
    /// The club's garrisons, the largest first.
    Garrisons,
}

/// Every **\[ruling\]** of the rulebook, as a named switch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rulings {
    /// G2a.3: the order in which assets are confiscated.
    pub(crate) loan_confiscation_order: Vec<Confiscation>,
    /// G2a.3: what confiscation cannot cover stays owed, due next spring without new
    /// interest; off (campaigns written before this switch existed), it is written off.
    #[serde(default)]
    pub(crate) loan_unpaid_carried: bool,
    /// G2b.1: an existing army may be reinforced only in a city its club owns.
    pub(crate) reinforce_only_in_owned_city: bool,
    /// G2b.3, G2b.4: garrisons and works in owned nodes take effect at once (the amendment).
    pub(crate) works_at_once_in_owned_nodes: bool,
    /// G2b.5: rounds an army whose commander was killed cannot move or attack.
    pub(crate) commander_killed_rounds: u8,
    /// G2b.5: Strategos ties.
    pub(crate) strategos_tie: StrategosTie,
    /// G2b.5: an assassin sent after a target that is not there spends its one mission
    /// (else it waits, and each round's try tells the club for free where enemy pieces
    /// are not). Campaigns written before this switch existed keep the old reading.
    #[serde(default)]
    pub(crate) assassin_spent_without_target: bool,
    /// G3c.7: a battle's result is applied as soon as it is settled (the two clubs'
    /// results agree, the referee rules, or it is auto-resolved), as a step of the open
    /// phase, so both sides learn their new position before their next orders are due.
    /// Off, results wait for the next resolution. Campaigns written before this switch
    /// existed keep waiting.
    #[serde(default)]
    pub(crate) battle_results_at_once: bool,
    /// G1.3: an auto-resolved battle draws its dice from one stream seeded once for the
    /// battle (SHA-256 of the phase seed and the battle id), in the order the game rolls
    /// them, instead of a stream per roll: all of a battle's rolls are seen by both sides,
    /// so none can be hidden behind another, and resolving costs a third or less.
    /// Campaigns written before this switch existed keep a stream per roll, so their
    /// stored battles replay and audit exactly.
    #[serde(default)]
    pub(crate) battle_dice_stream: bool,
    /// G1.3: `giglio undo` draws the dice of the phase it opens again anew (a new seed,
    /// its commitment in the correction the clubs receive): the undone reports revealed
    /// the old seed, and a club that sends a new file would write it knowing every roll.
    /// Campaigns written before this switch existed keep the seed the reports revealed.
    #[serde(default)]
    pub(crate) fresh_seed_after_undo: bool,
    /// G3c.7: the armies of a pending battle stay where it was joined until its result
    /// is applied (their moves are refused), and nobody takes the node meanwhile (G3b.8).
    /// Campaigns written before this switch existed let a defender march off the field
    /// and the attacker take the node it left.
    #[serde(default)]
    pub(crate) armies_in_battle_stay: bool,
    /// G3c.7: with `armies_in_battle_stay`, an army of a pending battle may not embark
    /// either (a play-test's army boarded a fleet and sailed off the field of its
    /// battle, which then split its losses with an army at sea). Campaigns written
    /// before this switch existed let it embark.
    #[serde(default)]
    pub(crate) armies_in_battle_stay_ashore: bool,
    /// G5.2, G3c.5: a diplomat met in an encounter is a force of its club like an army:
    /// an ally's army that attacks it (its standing choice when contacted), or a
    /// diplomat whose standing choice is to attack an ally's army, betrays the alliance,
    /// as an army attacking an ally's diplomat already did. Campaigns written before this
    /// switch existed betray nothing there.
    #[serde(default)]
    pub(crate) diplomat_encounters_betray: bool,
    /// G5.2: an alliance one member betrayed is broken for both: the other's later
    /// attack or siege betrays nothing, and its club is told why. Campaigns written
    /// before this switch existed count the second member's attack as a betrayal too
    /// (a play-test's alliance read as broken by one and betrayed again by the other).
    #[serde(default)]
    pub(crate) betrayal_ends_alliance: bool,
    /// G3c.4: a `[[stance]]` that gives a plain choice (`on_contact` or
    /// `when_contacted`) and no spy line takes away the piece's standing condition on
    /// the enemy's size: the club's latest choice counts. Campaigns written before this
    /// switch existed keep the condition, which decides while the club has a spy (a
    /// play-test's club wrote a plain choice and its piece went by the old condition).
    #[serde(default)]
    pub(crate) plain_choice_clears_spy_condition: bool,
    /// G3d.2, G3c.7: a besieging army in a battle pending at the place does not roll
    /// (nor pay the round, nor a bribe) until the battle's result is applied: the
    /// besiegers are fighting the relief, and a siege that fell meanwhile would capture
    /// the relief army still owed its battle. The siege stands; both clubs are told.
    /// Campaigns written before this switch existed roll as if no battle were pending.
    #[serde(default)]
    pub(crate) siege_waits_for_battle: bool,
    /// G3c.7, G3c.8: a battle pending at a node lapses, never fought, when another
    /// battle's result there leaves one of its sides with no army at the node (two
    /// armies of one club that met one enemy army in a round make two battles; the
    /// first result sends the enemy home). Campaigns written before this switch existed
    /// keep the second battle pending and fight it against the army gone.
    #[serde(default)]
    pub(crate) battle_lapses_when_a_side_is_gone: bool,
    /// G3c.7: days the clubs have to play a table battle, from when its card went out
    /// (the resolution of the phase it arose in); the date is on the card and in the
    /// clubs' reminders. 0 sets none: campaigns written before this switch existed wait
    /// for a battle's result as long as it takes.
    #[serde(default)]
    pub battle_play_days: u32,
    /// G3c.7: what the unattended referee does with a battle past its play-by date.
    #[serde(default)]
    pub battle_fallback: BattleFallback,
    /// G0: a club that sent no orders for this many order phases in a row falls into
    /// civil disorder when the next is resolved without its orders too. 0: never
    /// (campaigns written before this switch existed).
    #[serde(default)]
    pub civil_disorder_after: u32,
    /// G0: what a nation in civil disorder does.
    #[serde(default)]
    pub civil_disorder_play: DisorderPlay,
    /// G2b.3: a garrison may be detached in an enemy fortified node where the club's
    /// army stands and no other nation has a force; the node then becomes the club's.
    /// Campaigns written before this switch existed keep "only in the club's own nodes".
    #[serde(default)]
    pub(crate) garrison_in_enemy_node_with_army: bool,
    /// G2b.3, G2b.4, G3b.8, G3d.1: a garrison or works go only into a node the club
    /// already holds (taken by siege, or open and taken by its army); an army standing in
    /// an enemy fortified place it does not hold may besiege it from the next round, and
    /// a garrison cannot take it. Over `garrison_in_enemy_node_with_army` and the "or
    /// where its army stands" of `works_where_held_or_army`. Campaigns written before
    /// this switch existed keep those two readings.
    #[serde(default)]
    pub(crate) garrison_and_works_where_held: bool,
    /// G2b.2, G2b.3: transfers between armies and garrisons may be ordered in summer
    /// rounds too, where the army stands when the order comes. Campaigns written before
    /// this switch existed keep them spring orders.
    #[serde(default)]
    pub(crate) garrison_and_transfer_in_rounds: bool,
    /// G2b.4: works may be ordered only in a node the club holds or where its army
    /// stands; works that complete in a node no longer the club's are lost. Campaigns
    /// written before this switch existed let works be ordered anywhere.
    #[serde(default)]
    pub(crate) works_where_held_or_army: bool,
    /// G2b.8: upkeep per army each spring.
    pub(crate) army_upkeep: Ducats,
    /// G4.3: a natural disaster destroys the fortifications of the place it strikes
    /// (a fortress is breached); off, it only breaches (campaigns written before this
    /// switch existed).
    #[serde(default)]
    pub(crate) disaster_destroys_fortifications: bool,
    /// G3e.1: what a fleet at sea given no move does. Campaigns written before this
    /// switch existed keep the old reading (`port_on_zone`).
    #[serde(default)]
    pub(crate) idle_fleet_at_sea: IdleFleet,
    /// G3b.3: nodes a piece that starts the round abroad may move.
    pub(crate) abroad_steps: u8,
    /// G3c.3: pause at each encounter and ask both clubs, instead of standing orders only.
    pub contact_exchange: bool,
    /// G5.2: an alliance exists only when both sides declared it.
    pub(crate) alliance_needs_both: bool,
    /// G7.2: foreign markers are seen in nodes adjacent to the club's nodes and pieces.
    pub see_adjacent_nodes: bool,
    /// G3d.2: one siege per place and besieging club (one roll, one count of rounds,
    /// sappers and bribes pooled); else each army besieges on its own. Campaigns written
    /// before this switch existed keep one siege per army.
    #[serde(default)]
    pub(crate) one_siege_per_place: bool,
    /// G3d.2, G3d.3: a siege is a standing order that goes on until lifted or until its
    /// army leaves; a bribe the treasury cannot pay is dropped and the siege goes on.
    /// Campaigns written before this switch existed keep "ordered again every round".
    #[serde(default)]
    pub(crate) siege_stands_until_lifted: bool,
    /// G3d.2, G7: what a siege round tells the defender of the place. Campaigns written
    /// before this switch existed keep telling the die and the modifiers it can know.
    #[serde(default)]
    pub siege_defender_sees: SiegeDefenderSees,
    /// G3d.2: the bribe step the English text gives, kept for reference (not used unless
    /// copied into `siege.bribe_step`).
    pub(crate) bribe_step_english_text: Ducats,
    /// G5.3: who may write letters to whom (carried by the referee). Campaigns written
    /// before this switch existed carry none.
    #[serde(default)]
    pub letters: LettersTo,
    /// G5.3: a letter may go unsigned (`anonymous = true`).
    #[serde(default)]
    pub letters_anonymous: bool,
    /// G5.3: the referee gets a copy of every letter.
    #[serde(default = "yes")]
    pub letters_referee_copy: bool,
    /// G5.3: letters may be written while a winter phase is open.
    #[serde(default = "yes")]
    pub letters_in_winter: bool,
    /// G5.3: most letters a club may send in one phase (0: no limit).
    #[serde(default)]
    pub letters_per_phase: u32,
    /// G5.3: longest letter, in characters (0: the order file's own limit only).
    #[serde(default)]
    pub letters_max_chars: u32,
    /// G6.3: the most hours one `[extension]` may move the open deadline on by. 0: no
    /// club may ask (campaigns written before this switch existed).
    #[serde(default)]
    pub extension_max_hours: u32,
    /// G6.3: how many extensions a club may be granted in one campaign year.
    #[serde(default)]
    pub extensions_per_year: u32,
    /// G5.3: how letters travel: with the next mail, or by courier along the roads.
    /// Campaigns written before this switch existed send them with the next mail.
    #[serde(default)]
    pub letters_travel: LettersTravel,
}

/// A switch that is on unless the campaign says otherwise.
fn yes() -> bool {
    true
}
