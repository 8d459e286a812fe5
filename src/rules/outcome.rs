//! What became of every order, and what else happened in a phase: the material every
//! report is built from. Each carries the rule id and reads in Italian or English.

use super::ids::{ArmyId, DiplomatId, Ducats, FleetId, NationCode, NodeCode};
use super::order::{OrderRef, SapperAt};
use super::tables::Lang;
use serde::{Deserialize, Serialize};

fn tr(lang: Lang, it: String, en: String) -> String {
    match lang {
        Lang::It => it,
        Lang::En => en,
    }
}

/// Names a destroyed force in Italian and English. The stored event keeps the words
/// the rules wrote (`V3`, `garrison of V6`), so campaigns stored before the words were
/// translated read the same.
fn destroyed_force(what: &str) -> (String, String) {
    // The sentence names the node already.
    if what.starts_with("garrison of ") {
        ("la guarnigione".into(), "the garrison".into())
    } else {
        (format!("l'armata {what}"), format!("army {what}"))
    }
}

/// Says why a force was destroyed, in Italian (the rules store the English words; an
/// unknown cause is shown as stored).
fn destruction_cause_it(cause: &str) -> &str {
    match cause {
        "lost in battle" => "persa in battaglia",
        "could not retreat" => "senza via di ritirata",
        "surrendered" => "per la resa",
        "epidemic" => "per l'epidemia",
        "lost at sea" => "persa in mare",
        other => other,
    }
}

/// Says in Italian that a specialist was killed. The stored event keeps the words the
/// rules wrote (`the sapper of F-A1`, `the sapper of F7`, `diplomat F-D1`, `the spy`).
fn specialist_killed_it(what: &str, nation: &NationCode) -> String {
    if let Some(place) = what.strip_prefix("the sapper of ") {
        // A sapper is attached to an army (its id names the nation) or a node.
        if place.contains('-') {
            format!("il geniere dell'armata {place} di {nation} è ucciso")
        } else {
            format!("il geniere di {nation} a {place} è ucciso")
        }
    } else if let Some(id) = what.strip_prefix("diplomat ") {
        format!("il diplomatico {id} di {nation} è ucciso")
    } else if what == "the spy" {
        format!("la spia di {nation} è uccisa")
    } else {
        format!("{what} di {nation} è ucciso")
    }
}

/// The outcome of one order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderOutcome {
    pub nation: NationCode,
    pub at: OrderRef,
    /// The order's name as written (`raise`, `fortify`…).
    pub order: String,
    pub result: Outcome,
}

/// Carried out, or rejected with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

    /// Returns the outcome in words.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Outcome::Done(d) => d.text(lang),
            Outcome::Rejected { rule, reason } => tr(
                lang,
                format!("respinto ({rule}): {}", reason.text(lang)),
                format!("rejected ({rule}): {}", reason.text(lang)),
            ),
        }
    }
}

/// What a carried-out order did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    AssassinSent {
        success: bool,
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

impl Done {
    /// Returns what was done, in words.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Done::Loan { amount, due } => tr(
                lang,
                format!("prestito di {amount} ducati; da restituire {due} la prossima primavera"),
                format!("loan of {amount} ducats; {due} due next spring"),
            ),
            Done::Raised { army, node, value } => tr(
                lang,
                format!("armata {army} arruolata a {node} con {value} ducati"),
                format!("army {army} raised at {node} with {value} ducats"),
            ),
            Done::Reinforced { army, value } => tr(
                lang,
                format!("armata {army} rinforzata di {value} ducati"),
                format!("army {army} reinforced by {value} ducats"),
            ),
            Done::Transferred {
                from,
                to,
                value,
                disbanded,
            } => {
                let gone = if *disbanded {
                    tr(
                        lang,
                        format!("; {from} è sciolta"),
                        format!("; {from} is disbanded"),
                    )
                } else {
                    String::new()
                };
                tr(
                    lang,
                    format!("{value} ducati trasferiti da {from} a {to}{gone}"),
                    format!("{value} ducats transferred from {from} to {to}{gone}"),
                )
            }
            Done::Garrisoned { army, node, value } => tr(
                lang,
                format!("{army} lascia una guarnigione di {value} ducati a {node}"),
                format!("{army} detaches a garrison of {value} ducats at {node}"),
            ),
            Done::Fortified {
                node,
                at_once: true,
            } => tr(
                lang,
                format!("{node} è fortificato"),
                format!("{node} is fortified"),
            ),
            Done::Fortified {
                node,
                at_once: false,
            } => tr(
                lang,
                format!("lavori di fortificazione a {node}: completi in inverno"),
                format!("fortification works at {node}: complete in winter"),
            ),
            Done::Repaired {
                node,
                at_once: true,
            } => tr(
                lang,
                format!("{node} è riparato"),
                format!("{node} is repaired"),
            ),
            Done::Repaired {
                node,
                at_once: false,
            } => tr(
                lang,
                format!("riparazioni a {node}: complete in inverno"),
                format!("repairs at {node}: complete in winter"),
            ),
            Done::SapperHired {
                at: SapperAt::Army(a),
            } => tr(
                lang,
                format!("un guastatore si unisce all'armata {a}"),
                format!("a sapper joins army {a}"),
            ),
            Done::SapperHired {
                at: SapperAt::Node(n),
            } => tr(
                lang,
                format!("un guastatore rafforza la difesa di {n}"),
                format!("a sapper strengthens the defence of {n}"),
            ),
            Done::DiplomatHired { diplomat, node } => tr(
                lang,
                format!("diplomatico {diplomat} posto a {node}"),
                format!("diplomat {diplomat} placed at {node}"),
            ),
            Done::SpyHired => tr(
                lang,
                "una spia al servizio del club per l'anno".into(),
                "a spy serves the club for the year".into(),
            ),
            Done::AssassinHired => tr(
                lang,
                "un assassino attende la sua missione".into(),
                "an assassin awaits a mission".into(),
            ),
            Done::FleetBuilt { fleet, port } => tr(
                lang,
                format!("flotta {fleet} costruita a {port}"),
                format!("fleet {fleet} built at {port}"),
            ),
            Done::AllianceDeclared { with } => tr(
                lang,
                format!("alleanza dichiarata con {with}"),
                format!("alliance declared with {with}"),
            ),
            Done::ObjectiveChosen => tr(
                lang,
                "obiettivo segreto registrato".into(),
                "secret objective recorded".into(),
            ),
            Done::StanceSet { piece } => tr(
                lang,
                format!("nuove scelte permanenti per {piece}"),
                format!("new standing choices for {piece}"),
            ),
            Done::Moved { piece, path } => {
                let p: Vec<&str> = path.iter().map(NodeCode::as_str).collect();
                tr(
                    lang,
                    format!("{piece} muove {}", p.join(" → ")),
                    format!("{piece} moves {}", p.join(" → ")),
                )
            }
            Done::Stopped { piece, at } => tr(
                lang,
                format!("{piece} si ferma a {at} per un incontro"),
                format!("{piece} stops at {at}: an encounter"),
            ),
            Done::TurnedBack { piece, to } => tr(
                lang,
                format!("{piece} è respinto e torna a {to}"),
                format!("{piece} is turned back to {to}"),
            ),
            Done::Revealed { piece } => tr(
                lang,
                format!("{piece} è smascherato e rimosso"),
                format!("{piece} is unmasked and removed"),
            ),
            Done::SiegeRolled {
                node,
                roll,
                total,
                needed,
                fell,
            } => {
                let end_it = if *fell {
                    "la piazza si arrende"
                } else {
                    "la piazza resiste"
                };
                let end_en = if *fell {
                    "the place surrenders"
                } else {
                    "the place holds"
                };
                tr(
                    lang,
                    format!(
                        "assedio di {node}: 1d6={roll}, totale {total}, serve {needed}: {end_it}"
                    ),
                    format!("siege of {node}: 1d6={roll}, total {total}, needs {needed}: {end_en}"),
                )
            }
            Done::AssassinSent { success: true } => tr(
                lang,
                "l'assassino ha colpito".into(),
                "the assassin struck".into(),
            ),
            Done::AssassinSent { success: false } => tr(
                lang,
                "l'assassino ha fallito".into(),
                "the assassin failed".into(),
            ),
            Done::AssassinFoundNoTarget => tr(
                lang,
                "l'assassino non ha trovato il bersaglio: la missione è consumata".into(),
                "the assassin found no target: the mission is spent".into(),
            ),
            Done::FleetMoved { fleet, to } => tr(
                lang,
                format!("la flotta {fleet} va a {to}"),
                format!("fleet {fleet} sails to {to}"),
            ),
            Done::Embarked { fleet, army } => tr(
                lang,
                format!("{army} si imbarca sulla flotta {fleet}"),
                format!("{army} embarks on fleet {fleet}"),
            ),
            Done::Landing { fleet, node } => tr(
                lang,
                format!("la flotta {fleet} sbarca a {node}"),
                format!("fleet {fleet} lands at {node}"),
            ),
            Done::BidSealed { amount } => tr(
                lang,
                format!("offerta sigillata di {amount} ducati per lo Stratego"),
                format!("sealed bid of {amount} ducats for the Strategos"),
            ),
        }
    }
}

/// Why an order was rejected. Every reason reads in Italian and English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    BorderNotFirst,
    Banned {
        from: NodeCode,
        to: NodeCode,
    },
    Stunned,
    Aboard,
    NoSiegeTarget {
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
    /// Orders of this kind are resolved by a later capability of the tool.
    NotResolvedYet,
}

impl Reason {
    /// Returns the reason in words.
    pub fn text(&self, lang: Lang) -> String {
        use Reason::*;
        match self {
            MissingDucats { cost, treasury } => tr(
                lang,
                format!(
                    "costa {cost} ducati ma la tesoreria ne ha {treasury}: ne mancano {}",
                    cost - treasury
                ),
                format!(
                    "costs {cost} ducats but the treasury holds {treasury}: {} missing",
                    cost - treasury
                ),
            ),
            WrongPhase => tr(
                lang,
                "questo ordine non vale in questa fase".into(),
                "this order does not belong to this phase".into(),
            ),
            NotYourArmy { army } => tr(
                lang,
                format!("{army} non è una vostra armata"),
                format!("{army} is not one of your armies"),
            ),
            UnknownArmy { army } => tr(
                lang,
                format!("non esiste l'armata {army}"),
                format!("there is no army {army}"),
            ),
            NotYourFleet { fleet } => tr(
                lang,
                format!("{fleet} non è una vostra flotta"),
                format!("{fleet} is not one of your fleets"),
            ),
            NotYourNode { node } => tr(
                lang,
                format!("{node} non è vostro"),
                format!("{node} is not yours"),
            ),
            NotACity { node } => tr(
                lang,
                format!("{node} non è una città"),
                format!("{node} is not a city"),
            ),
            NotAPort { node } => tr(
                lang,
                format!("{node} non è un porto"),
                format!("{node} is not a port"),
            ),
            TooManyArmies { max } => tr(
                lang,
                format!("avete già {max} armate, il massimo"),
                format!("you already have {max} armies, the most allowed"),
            ),
            ValueTooSmall { min } => tr(
                lang,
                format!("il valore deve essere almeno {min}"),
                format!("the value must be at least {min}"),
            ),
            ArmyTooSmall {
                army,
                value,
                needed,
            } => tr(
                lang,
                format!("{army} vale {value} ducati, ne servono {needed}"),
                format!("{army} is worth {value} ducats; {needed} are needed"),
            ),
            NotTogether { from, to } => tr(
                lang,
                format!("{from} e {to} non sono nello stesso nodo"),
                format!("{from} and {to} are not in the same node"),
            ),
            SameArmy => tr(
                lang,
                "un'armata non può trasferire a se stessa".into(),
                "an army cannot transfer to itself".into(),
            ),
            NotFortified { node } => tr(
                lang,
                format!("{node} non è fortificato"),
                format!("{node} is not fortified"),
            ),
            AlreadyFortified { node } => tr(
                lang,
                format!("{node} è già fortificato"),
                format!("{node} is already fortified"),
            ),
            NotBreached { node } => tr(
                lang,
                format!("{node} non ha brecce da riparare"),
                format!("{node} has no breach to repair"),
            ),
            BreachedUseRepair { node } => tr(
                lang,
                format!("{node} ha una breccia: ordinate una riparazione"),
                format!("{node} is breached: order a repair"),
            ),
            CannotFortifyFortress { node } => tr(
                lang,
                format!("{node} è una fortezza, sempre fortificata"),
                format!("{node} is a fortress, always fortified"),
            ),
            SapperAlready => tr(
                lang,
                "c'è già un guastatore".into(),
                "a sapper is already there".into(),
            ),
            SpyAlready => tr(
                lang,
                "avete già una spia quest'anno".into(),
                "you already have a spy this year".into(),
            ),
            FleetLimit { limit } => tr(
                lang,
                format!("la vostra nazione può avere al massimo {limit} flotte"),
                format!("your nation may have at most {limit} fleets"),
            ),
            LoanTwice => tr(
                lang,
                "un solo prestito all'anno".into(),
                "only one loan a year".into(),
            ),
            LoanTooLarge { limit } => tr(
                lang,
                format!("il prestito può essere al massimo {limit} ducati"),
                format!("the loan may be at most {limit} ducats"),
            ),
            LoanOutstanding => tr(
                lang,
                "c'è ancora un prestito da restituire".into(),
                "a loan is still outstanding".into(),
            ),
            ObjectiveNotFirstSpring => tr(
                lang,
                "l'obiettivo si sceglie solo nella prima primavera".into(),
                "the objective is chosen in the first spring only".into(),
            ),
            ObjectiveTwice => tr(
                lang,
                "l'obiettivo è già stato scelto".into(),
                "the objective has already been chosen".into(),
            ),
            ObjectiveNeedsTarget => tr(
                lang,
                "questo obiettivo richiede una nazione bersaglio".into(),
                "this objective needs a target nation".into(),
            ),
            ObjectiveTargetSelf => tr(
                lang,
                "non potete conquistare voi stessi".into(),
                "you cannot conquer yourselves".into(),
            ),
            UnknownNation { nation } => tr(
                lang,
                format!("{nation} non è una nazione della campagna"),
                format!("{nation} is not a nation of the campaign"),
            ),
            SelfAlliance => tr(
                lang,
                "non potete allearvi con voi stessi".into(),
                "you cannot ally with yourselves".into(),
            ),
            UnknownPiece { piece } => tr(lang, format!("non esiste il pezzo {piece}"), format!("there is no piece {piece}")),
            NotYourPiece { piece } => tr(lang, format!("{piece} non è vostro"), format!("{piece} is not yours")),
            MovedTwice { piece } => tr(lang, format!("{piece} ha già mosso in questo turno"), format!("{piece} has already moved this round")),
            PathStart { at } => tr(lang, format!("il percorso deve partire da {at}, dove sta il pezzo"), format!("the path must start at {at}, where the piece stands")),
            TooFar { max } => tr(lang, format!("troppo lontano: al massimo {max} nodi in questo turno"), format!("too far: at most {max} nodes this round")),
            BorderNotFirst => tr(lang, "in territorio straniero si entra solo con il primo passo, e ci si ferma".into(), "foreign territory is entered only with the first step, and the piece stops there".into()),
            Banned { from, to } => tr(lang, format!("in questo turno non si può muovere da {from} a {to}"), format!("no move from {from} to {to} is allowed this round")),
            Stunned => tr(lang, "il comandante è stato ucciso: l'armata non può muovere né attaccare in questo turno".into(), "its commander was killed: the army cannot move or attack this round".into()),
            Aboard => tr(lang, "l'armata è imbarcata".into(), "the army is aboard a fleet".into()),
            NoSiegeTarget { node } => tr(lang, format!("a {node} non c'è una piazza fortificata nemica da assediare"), format!("there is no enemy fortified place to besiege at {node}")),
            ArrivedThisRound => tr(lang, "l'armata è appena arrivata: l'assedio può cominciare dal turno seguente".into(), "the army has just arrived: the siege may start next round".into()),
            NoAssassin => tr(lang, "non avete assassini disponibili".into(), "you have no assassin left".into()),
            TargetNotFound => tr(lang, "il bersaglio non c'è".into(), "the target is not there".into()),
            NotAdjacentSea { to } => tr(lang, format!("{to} non è raggiungibile con una rotta da dove sta la flotta"), format!("{to} is not one sea lane from where the fleet is")),
            ForeignPort { port } => tr(lang, format!("{port} non è un vostro porto"), format!("{port} is not one of your ports")),
            CargoFull => tr(lang, "la flotta trasporta già un'armata".into(), "the fleet already carries an army".into()),
            NoCargo => tr(lang, "la flotta non trasporta un'armata".into(), "the fleet carries no army".into()),
            NotInPort => tr(lang, "la flotta non è in porto".into(), "the fleet is not in port".into()),
            NotAtPort { node } => tr(lang, format!("né la flotta né l'armata sono a {node}"), format!("the fleet and the army are not both at {node}")),
            FleetBusy => tr(lang, "la flotta ha già un altro ordine in questo turno".into(), "the fleet already has another order this round".into()),
            LandingBlocked { node } => tr(lang, format!("lo sbarco a {node} è impedito da forze nemiche"), format!("the landing at {node} is blocked by enemy forces")),
            ContactExchangeOff => tr(lang, "in questa campagna gli incontri si risolvono con le scelte permanenti".into(), "encounters in this campaign are settled by standing choices".into()),
            BattleResultByCommand => tr(
                lang,
                "i risultati e gli ordini di battaglia si registrano con `giglio battle result` e `giglio battle oob`".into(),
                "battle results and orders of battle are entered with `giglio battle result` and `giglio battle oob`".into(),
            ),
            BidTwice => tr(
                lang,
                "una sola offerta per lo Stratego".into(),
                "only one bid for the Strategos".into(),
            ),
            NotResolvedYet => tr(
                lang,
                "questo tipo di ordine non è ancora risolto da questa versione".into(),
                "this kind of order is not resolved by this version yet".into(),
            ),
        }
    }
}

/// Who may learn of an event (G7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    pub rule: String,
    pub what: Happening,
}

/// The kinds of things that happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    },
    StrategosWon {
        nation: NationCode,
        bid: Ducats,
    },
    StrategosTie {
        bid: Ducats,
    },
    StrategosNone,
    MoveOrder {
        order: Vec<NationCode>,
    },
    AllianceFormed {
        members: [NationCode; 2],
    },
    WorksComplete {
        node: NodeCode,
    },
    SpecialistsLeave {
        nation: NationCode,
    },
    EventRoll {
        nation: NationCode,
        roll: u8,
    },
    WinterEvent {
        nation: NationCode,
        event: String,
        name_it: String,
        name_en: String,
    },
    Breached {
        node: NodeCode,
    },
    CampaignEnds,
    // ---- summer ----
    Epidemic {
        nation: NationCode,
        node: NodeCode,
    },
    ForceDestroyed {
        nation: NationCode,
        what: String,
        node: NodeCode,
        cause: String,
    },
    Encounter {
        node: NodeCode,
        hand: NationCode,
        other: NationCode,
        text_it: String,
        text_en: String,
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
    },
    BattlePending {
        id: String,
        node: NodeCode,
        attacker: NationCode,
        defender: NationCode,
        rearguard: bool,
    },
    Retreated {
        nation: NationCode,
        from: NodeCode,
        to: NodeCode,
    },
    SiegeRoll {
        node: NodeCode,
        besieger: NationCode,
        roll: u8,
        total: i32,
        needed: i32,
    },
    Surrendered {
        node: NodeCode,
        from: NationCode,
        to: NationCode,
    },
    NodeTaken {
        node: NodeCode,
        from: NationCode,
        to: NationCode,
    },
    StormRoll {
        roll: u8,
    },
    FleetLost {
        nation: NationCode,
        fleet: FleetId,
    },
    FleetPushedBack {
        nation: NationCode,
        fleet: FleetId,
        to: String,
    },
    FleetDestroyed {
        nation: NationCode,
        fleet: FleetId,
    },
    CommanderKilled {
        nation: NationCode,
        army: ArmyId,
    },
    SpecialistKilled {
        nation: NationCode,
        what: String,
    },
    AllianceBetrayed {
        by: NationCode,
        against: NationCode,
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
}

impl Happening {
    /// Returns what happened, in words.
    pub fn text(&self, lang: Lang) -> String {
        use Happening::*;
        match self {
            Income { nation, amount } => tr(
                lang,
                format!("{nation} incassa {amount} ducati"),
                format!("{nation} collects {amount} ducats"),
            ),
            LoanRepaid { nation, amount } => tr(
                lang,
                format!("{nation} restituisce il prestito: {amount} ducati"),
                format!("{nation} repays its loan: {amount} ducats"),
            ),
            LoanDefault {
                nation,
                due,
                paid,
                unpaid,
            } => tr(
                lang,
                format!(
                    "{nation} non può restituire {due} ducati: confiscati {paid}, restano insoluti {unpaid}"
                ),
                format!(
                    "{nation} cannot repay {due} ducats: {paid} confiscated, {unpaid} left unpaid"
                ),
            ),
            StrategosWon { nation, bid } => tr(
                lang,
                format!("{nation} ottiene lo Stratego per {bid} ducati"),
                format!("{nation} wins the Strategos for {bid} ducats"),
            ),
            StrategosTie { bid } => tr(
                lang,
                format!("parità a {bid} ducati: nessuno Stratego quest'anno"),
                format!("a tie at {bid} ducats: no Strategos this year"),
            ),
            StrategosNone => tr(
                lang,
                "nessuna offerta valida: nessuno Stratego quest'anno".into(),
                "no valid bid: no Strategos this year".into(),
            ),
            MoveOrder { order } => {
                let o: Vec<&str> = order.iter().map(NationCode::as_str).collect();
                tr(
                    lang,
                    format!("ordine di movimento dell'estate: {}", o.join(", ")),
                    format!("the summer's move order: {}", o.join(", ")),
                )
            }
            AllianceFormed { members } => tr(
                lang,
                format!("alleanza stretta tra {} e {}", members[0], members[1]),
                format!("alliance formed between {} and {}", members[0], members[1]),
            ),
            WorksComplete { node } => tr(
                lang,
                format!("i lavori a {node} sono completi"),
                format!("the works at {node} are complete"),
            ),
            SpecialistsLeave { nation } => tr(
                lang,
                format!("gli specialisti di {nation} lasciano il servizio"),
                format!("the specialists of {nation} leave service"),
            ),
            EventRoll { nation, roll } => tr(
                lang,
                format!("{nation} tira per gli eventi: {roll}"),
                format!("{nation} rolls for events: {roll}"),
            ),
            WinterEvent {
                nation,
                name_it,
                name_en,
                ..
            } => tr(
                lang,
                format!("{nation}: {name_it} per il prossimo anno"),
                format!("{nation}: {name_en} for next year"),
            ),
            Breached { node } => tr(
                lang,
                format!("{node} subisce una breccia"),
                format!("{node} is breached"),
            ),
            CampaignEnds => tr(
                lang,
                "la campagna è finita".into(),
                "the campaign is over".into(),
            ),
            Epidemic { nation, node } => tr(
                lang,
                format!("l'epidemia colpisce {node} ({nation})"),
                format!("the epidemic strikes {node} ({nation})"),
            ),
            ForceDestroyed {
                nation,
                what,
                node,
                cause,
            } => {
                let (what_it, what_en) = destroyed_force(what);
                tr(
                    lang,
                    format!(
                        "{what_it} di {nation} a {node} è distrutta ({})",
                        destruction_cause_it(cause)
                    ),
                    format!("{what_en} of {nation} at {node} is destroyed ({cause})"),
                )
            }
            Encounter {
                node,
                hand,
                other,
                text_it,
                text_en,
            } => tr(
                lang,
                format!("incontro a {node} tra {hand} e {other}: {text_it}"),
                format!("encounter at {node} between {hand} and {other}: {text_en}"),
            ),
            DiplomatRevealed { nation, node } => tr(
                lang,
                format!("a {node} un diplomatico di {nation} è smascherato e rimosso"),
                format!("at {node} a diplomat of {nation} is unmasked and removed"),
            ),
            DiplomatUnmasked { node } => tr(
                lang,
                format!("la vostra spia rivela che a {node} c'è solo un diplomatico"),
                format!("your spy reveals that at {node} there is only a diplomat"),
            ),
            EnemySize { node, ducats } => tr(
                lang,
                format!("la vostra spia stima il nemico a {node}: {ducats} ducati"),
                format!("your spy sizes the enemy at {node}: {ducats} ducats"),
            ),
            BattlePending {
                id,
                node,
                attacker,
                defender,
                rearguard,
            } => {
                let (k_it, k_en) = if *rearguard {
                    ("azione di retroguardia", "rearguard action")
                } else {
                    ("battaglia", "battle")
                };
                tr(
                    lang,
                    format!(
                        "{k_it} {id} a {node}: {attacker} contro {defender}, in attesa del risultato"
                    ),
                    format!(
                        "{k_en} {id} at {node}: {attacker} against {defender}, waiting for its result"
                    ),
                )
            }
            Retreated { nation, from, to } => tr(
                lang,
                format!("forze di {nation} ripiegano da {from} a {to}"),
                format!("forces of {nation} fall back from {from} to {to}"),
            ),
            SiegeRoll {
                node,
                besieger,
                roll,
                total,
                needed,
            } => tr(
                lang,
                format!("{besieger} assedia {node}: 1d6={roll}, totale {total}, serve {needed}"),
                format!("{besieger} besieges {node}: 1d6={roll}, total {total}, needs {needed}"),
            ),
            Surrendered { node, from, to } => tr(
                lang,
                format!("{node} si arrende: passa da {from} a {to}"),
                format!("{node} surrenders: it passes from {from} to {to}"),
            ),
            NodeTaken { node, from, to } => tr(
                lang,
                format!("{to} prende {node} a {from}"),
                format!("{to} takes {node} from {from}"),
            ),
            StormRoll { roll } => tr(
                lang,
                format!("tiro della tempesta: {roll}"),
                format!("storm roll: {roll}"),
            ),
            FleetLost { nation, fleet } => tr(
                lang,
                format!("la flotta {fleet} di {nation} è persa nella tempesta"),
                format!("fleet {fleet} of {nation} is lost in the storm"),
            ),
            FleetPushedBack { nation, fleet, to } => tr(
                lang,
                format!("la flotta {fleet} di {nation} è respinta a {to}"),
                format!("fleet {fleet} of {nation} is pushed back to {to}"),
            ),
            FleetDestroyed { nation, fleet } => tr(
                lang,
                format!("la flotta {fleet} di {nation} è distrutta"),
                format!("fleet {fleet} of {nation} is destroyed"),
            ),
            CommanderKilled { nation, army } => tr(
                lang,
                format!("il comandante dell'armata {army} di {nation} è ucciso"),
                format!("the commander of army {army} of {nation} is killed"),
            ),
            SpecialistKilled { nation, what } => tr(
                lang,
                specialist_killed_it(what, nation),
                format!("{what} of {nation} is killed"),
            ),
            AllianceBetrayed { by, against } => tr(
                lang,
                format!("{by} tradisce l'alleanza con {against}"),
                format!("{by} betrays its alliance with {against}"),
            ),
            Landed { nation, army, node } => tr(
                lang,
                format!("{army} di {nation} sbarca a {node}"),
                format!("{army} of {nation} lands at {node}"),
            ),
            BattleFought {
                id,
                node,
                attacker,
                defender,
                winner,
                provisional,
            } => {
                let (w_it, w_en) = match winner {
                    Some(w) => (format!("vince {w}"), format!("{w} wins")),
                    None => ("pareggio".to_owned(), "a draw".to_owned()),
                };
                let (p_it, p_en) = if *provisional {
                    (" (con tabelle provvisorie)", " (with provisional tables)")
                } else {
                    ("", "")
                };
                tr(
                    lang,
                    format!("battaglia {id} a {node}, {attacker} contro {defender}: {w_it}{p_it}"),
                    format!("battle {id} at {node}, {attacker} against {defender}: {w_en}{p_en}"),
                )
            }
            BattleLosses {
                id,
                attacker_loss,
                defender_loss,
            } => tr(
                lang,
                format!(
                    "perdite nella battaglia {id}: attaccante {attacker_loss} ducati, difensore {defender_loss}"
                ),
                format!(
                    "losses in battle {id}: attacker {attacker_loss} ducats, defender {defender_loss}"
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn destroyed(what: &str, cause: &str) -> Happening {
        Happening::ForceDestroyed {
            nation: "S".into(),
            what: what.into(),
            node: "S6".into(),
            cause: cause.into(),
        }
    }

    #[test]
    fn destroyed_forces_and_killed_specialists_are_told_in_the_clubs_language() {
        let g = destroyed("garrison of S6", "surrendered");
        assert_eq!(
            g.text(Lang::It),
            "la guarnigione di S a S6 è distrutta (per la resa)"
        );
        assert_eq!(
            g.text(Lang::En),
            "the garrison of S at S6 is destroyed (surrendered)"
        );
        let a = destroyed("S4", "lost at sea");
        assert_eq!(
            a.text(Lang::It),
            "l'armata S4 di S a S6 è distrutta (persa in mare)"
        );
        // Every cause the rules write has its Italian words.
        for (what, it) in [
            (
                "the sapper of F-A1",
                "il geniere dell'armata F-A1 di S è ucciso",
            ),
            ("the sapper of F7", "il geniere di S a F7 è ucciso"),
            ("diplomat S-D2", "il diplomatico S-D2 di S è ucciso"),
            ("the spy", "la spia di S è uccisa"),
        ] {
            let killed = Happening::SpecialistKilled {
                nation: "S".into(),
                what: what.into(),
            };
            assert_eq!(killed.text(Lang::It), it);
        }
        for cause in [
            "lost in battle",
            "could not retreat",
            "surrendered",
            "epidemic",
            "lost at sea",
        ] {
            assert_ne!(destruction_cause_it(cause), cause);
        }
    }
}
