//! The boundary between the campaign and the tactical games (the campaign rulebook's
//! G3c.7–G3c.11 and §0, `docs/rulebook.en.md`): battle cards out, results back, and a map-free
//! auto-resolver for each seed game, every roll through the campaign's logged dice.
//!
//! This module never touches the campaign world: it reads a [`card::Card`] and
//! returns a [`result::TacticalResult`]; `rules::battles` applies results to the world.
//!
//! This file is the games' registry: it alone maps a [`ruleset::Game`] to its module
//! (the tables, the resolver). The games import the card, the ruleset, the frame they
//! share and the error, never this file, so no file of `battle/` imports one that
//! imports it back.

pub mod card;
#[cfg(test)]
pub(crate) mod card_tests;
mod error;
pub(crate) mod frame;
pub mod leg;
pub(crate) mod mon;
pub mod notes;
pub mod odds;
pub mod ott;
pub mod pia;
#[cfg(test)]
mod replay_golden;
pub mod result;
pub mod ruleset;

pub use error::BattleError;

use crate::rules::dice::Dice;
use card::Card;
use result::TacticalResult;
use ruleset::{Game, Ruleset, TableError};
use std::sync::Arc;

/// A game's tables, typed and checked once; a battle holds them by a shared pointer.
#[derive(Clone)]
pub enum GameTables {
    Mon(Arc<mon::Tables>),
    Leg(Arc<leg::Tables>),
    Ott(Arc<ott::Tables>),
    Pia(Arc<pia::Tables>),
    Points,
}

impl std::fmt::Debug for GameTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GameTables::Mon(_) => "Mon",
            GameTables::Leg(_) => "Leg",
            GameTables::Ott(_) => "Ott",
            GameTables::Pia(_) => "Pia",
            GameTables::Points => "Points",
        })
    }
}

/// A ruleset's game tables, typed and checked by its game's module: compiled once for
/// the ruleset and its clones, at the first call (`giglio map check` makes it, and
/// reports a broken table with its place in the file).
pub fn game_tables(rs: &Ruleset) -> Result<GameTables, TableError> {
    Ok(match rs.game {
        Game::Mon => GameTables::Mon(rs.tables(mon::compile)?),
        Game::Leg => GameTables::Leg(rs.tables(leg::compile)?),
        Game::Ott => GameTables::Ott(rs.tables(ott::compile)?),
        Game::Pia => GameTables::Pia(rs.tables(pia::compile)?),
        Game::Points => GameTables::Points,
    })
}

/// Whether a reading matters only in a full game of its ruleset, never in a battle of
/// the campaign (a breach, a raid, reinforcements, who starts): a club's card leaves it
/// out, the referee's lists it.
pub fn full_game_only(name: &str) -> bool {
    matches!(
        name,
        "MON_breach_fire_floor"
            | "MON_raid_camp_morale"
            | "MON_raid_enemy_units"
            | "MON_reinforcement_roll"
            | "MON_starting_player"
    )
}

/// The READING switches a game has, by name: those its resolver reads and those kept
/// for a referee who plays the game fully on the table. A name in a ruleset's
/// `[readings]` that its game does not have is a misspelling `map check` reports, not a
/// switch silently ignored (`tests/tidy.rs` checks every name the resolvers read is
/// listed here).
pub fn known_readings(game: Game) -> &'static [&'static str] {
    match game {
        Game::Mon => &[
            "MON_breach_fire_floor",
            "MON_commander_difficult",
            "MON_commander_killed",
            "MON_continue_policy",
            "MON_difficult_terrain",
            "MON_fort_applies",
            "MON_fortified_node",
            "MON_fortress_option_holder",
            "MON_fortress_option_nodes",
            "MON_max_rounds",
            "MON_protection_rounds",
            "MON_raid_camp_morale",
            "MON_raid_enemy_units",
            "MON_reinforcement_roll",
            "MON_starting_player",
        ],
        Game::Leg => &[
            "LEG_attacker_policy",
            "LEG_carroccio_cavalry_neighbour",
            "LEG_carroccio_level",
            "LEG_crt_clamp",
            "LEG_facing_mods",
            "LEG_forest_cavalry",
            "LEG_good_morale_friend",
            "LEG_leader_drm",
            "LEG_morale_compare",
            "LEG_odds_rounding",
            "LEG_result_hits",
            "LEG_rout_level_compare",
            "LEG_rout_rally_near_enemy",
            "LEG_variable_combat",
            "LEG_vp_leader",
            "LEG_vp_unit",
        ],
        Game::Ott => &[
            "OTT_duel_tie",
            "OTT_end_roll",
            "OTT_fort_applies",
            "OTT_genoa_retreat",
            "OTT_infantry_mp",
            "OTT_melee_choice",
            "OTT_morale_test",
            "OTT_second_die",
            "OTT_surrender_abs",
        ],
        Game::Pia => &[
            "PIA_austrian_win_objectives",
            "PIA_cavalry_post_attack",
            "PIA_charged_routed_retreat",
            "PIA_cic_staff_vp",
            "PIA_depth_threshold",
            "PIA_disorder_removal",
            "PIA_flags",
            "PIA_fort_applies",
            "PIA_light_cavalry",
            "PIA_occupy",
            "PIA_second_disorder_retreat",
            "PIA_smoke_floor",
            "PIA_wing_pairs",
        ],
        Game::Points => &[],
    }
}

/// Checks a seed game's READING switches as its resolver reads them, on a battle built
/// from the ruleset's templates (a fortified village, 400 ducats against 300): a value
/// the game does not have is the ruleset's data error, with the values it may take.
/// Points-only games have none.
pub(crate) fn check_readings(rs: &Ruleset) -> Result<(), BattleError> {
    let side = |nation: &str, role: &str, ducats| card::SideSpec {
        nation: nation.into(),
        club: nation.into(),
        role: role.into(),
        ducats,
        sapper: false,
        commander_killed: false,
    };
    let place = card::Place {
        node: "X1".into(),
        node_name: "X".into(),
        node_kind: card::NodeKind::Village,
        terrain: card::Terrain::Plain,
        fortified: true,
        month: "May".into(),
    };
    let card = Card::build(
        "check",
        card::BattleKind::Battle,
        rs,
        place,
        [side("A", "attacker", 400), side("B", "defender", 300)],
    );
    match rs.game {
        Game::Mon => mon::check_readings(&card, rs),
        Game::Leg => leg::check_readings(&card, rs),
        Game::Ott => ott::check_readings(&card, rs),
        Game::Pia => pia::check_readings(&card, rs),
        Game::Points => Ok(()),
    }
}

/// Resolves a battle map-free with its ruleset's own mechanics.
pub fn auto_resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    if rs.game == Game::Points {
        return Err(BattleError::PointsOnly(rs.id.clone()));
    }
    if card.sides.iter().any(|s| s.units.is_empty()) {
        return Err(BattleError::Card(
            "each side needs at least one unit".into(),
        ));
    }
    match rs.game {
        Game::Mon => mon::resolve(card, rs, dice),
        Game::Leg => leg::resolve(card, rs, dice),
        Game::Ott => ott::resolve(card, rs, dice),
        Game::Pia => pia::resolve(card, rs, dice),
        Game::Points => Err(BattleError::PointsOnly(rs.id.clone())),
    }
}

/// What the table needs besides the card's units to fight this battle as the
/// auto-resolver would (the campaign's way of counting losses, the options on, and each
/// game's numbers for this battle), read from the game's own set-up. A card the
/// resolver refuses has, in place of its game's numbers, a note that says why.
pub fn table_notes(card: &Card, rs: &Ruleset) -> Vec<notes::Note> {
    let mut out = notes::common(card, rs);
    if card.sides.iter().any(|s| s.units.is_empty()) {
        return out;
    }
    let game = match rs.game {
        Game::Mon => mon::notes(card, rs),
        Game::Leg => leg::notes(card, rs),
        Game::Ott => ott::notes(card, rs),
        Game::Pia => pia::notes(card, rs),
        Game::Points => Ok(Vec::new()),
    };
    match game {
        Ok(notes) => out.extend(notes),
        Err(e) => {
            out.push(notes::Note::new("battle-card-notes-refused").text("error", e.to_string()))
        }
    }
    out
}

/// A side's strength in a points-only game (G3c.11).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PointsCheck {
    pub(crate) nation: String,
    pub points: i64,
    pub(crate) unit: String,
    /// Armati: whether its value buys at least one BP beyond the Core (G3c.11).
    pub may_field: bool,
    /// The Core's points and the least a side must have, when the game has a Core.
    pub(crate) core: Option<i64>,
    pub(crate) needed: Option<i64>,
    /// What the campaign does with a side that cannot field an army.
    pub(crate) cannot_field: ruleset::CannotField,
    pub note: String,
}

/// Converts each side's ducats to the game's points and applies the Core check.
pub fn points_check(card: &Card, rs: &Ruleset) -> Option<Vec<PointsCheck>> {
    let p = rs.points.as_ref()?;
    Some(
        card.sides
            .iter()
            .map(|s| {
                let points = s.ducats / p.ducats_per_point.max(1);
                let (may_field, note) = match p.core {
                    Some(core) => {
                        let needed = core + p.beyond_core;
                        let ok = points >= needed;
                        let note = if ok {
                            format!("{points} {} buy the Core ({core}) and {} beyond it", p.unit, points - core)
                        } else {
                            format!("{points} {} do not buy the Core ({core}) and one BP beyond it ({needed}): this side cannot field an army (G3c.11)", p.unit)
                        };
                        (ok, note)
                    }
                    None => (points > 0, format!("{points} {}", p.unit)),
                };
                PointsCheck {
                    nation: s.nation.clone(),
                    points,
                    unit: p.unit.clone(),
                    may_field,
                    core: p.core,
                    needed: p.core.map(|c| c + p.beyond_core),
                    cannot_field: p.cannot_field,
                    note,
                }
            })
            .collect(),
    )
}

/// Auto-resolves a campaign battle into what the campaign applies. A side whose ducats
/// buy no unit of the ruleset cannot fight: it is overwhelmed and loses all it had
/// (both sides empty: nothing happens but the attacker falls back, as on a draw).
pub fn auto_outcome(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<(crate::rules::battles::BattleOutcome, Option<TacticalResult>), BattleError> {
    auto_told(card, rs, dice).map(|a| (a.outcome, a.result))
}

/// What an auto-resolve decided: the outcome the campaign applies, the tactical result
/// when the battle was fought, and the reason as the catalogue words it (the tactical
/// result's, or why a side could not fight).
#[derive(Clone, Debug)]
pub struct AutoTold {
    pub outcome: crate::rules::battles::BattleOutcome,
    pub result: Option<TacticalResult>,
    pub account: Option<result::Account>,
}

/// [`auto_outcome`] with the reason as the catalogue words it.
pub fn auto_told(card: &Card, rs: &Ruleset, dice: &mut dyn Dice) -> Result<AutoTold, BattleError> {
    use crate::rules::NationCode;
    use crate::rules::battles::{BattleOutcome, ResultSource};
    // A points-only game with the `overwhelmed` setting: a side that cannot field an
    // army (G3c.11) is overwhelmed as a side with no unit; if both can, the battle is
    // fought on the table.
    let points = points_check(card, rs).filter(|c| {
        c.iter()
            .all(|x| x.cannot_field == ruleset::CannotField::Overwhelmed)
    });
    let empty = match &points {
        Some(c) if c.iter().any(|x| !x.may_field) => [!c[0].may_field, !c[1].may_field],
        _ if rs.game == Game::Points => return Err(BattleError::PointsOnly(rs.id.clone())),
        _ => [
            card.sides[0].units.is_empty(),
            card.sides[1].units.is_empty(),
        ],
    };
    if empty[0] || empty[1] {
        let winner = match empty {
            [true, false] => Some(NationCode(card.sides[1].nation.clone())),
            [false, true] => Some(NationCode(card.sides[0].nation.clone())),
            _ => None,
        };
        let loss = |i: usize| {
            if empty[i] && !empty[1 - i] {
                card.sides[i].ducats
            } else {
                0
            }
        };
        let account = if points.is_some() {
            result::Account::new("cannot-field")
        } else {
            result::Account::new("cannot-fight")
        }
        .key("ruleset", &rs.id);
        let outcome = BattleOutcome {
            battle: card.battle.id.clone(),
            winner,
            attacker_loss: loss(0),
            defender_loss: loss(1),
            source: ResultSource::Auto,
            provisional: false,
            reason: if points.is_some() {
                format!(
                    "G3c.11: a side whose value does not buy an army of {} cannot field one and is overwhelmed",
                    rs.id
                )
            } else {
                format!(
                    "G3c.7: a side whose ducats buy no unit of {} cannot fight and is overwhelmed",
                    rs.id
                )
            },
        };
        return Ok(AutoTold {
            outcome,
            result: None,
            account: Some(account),
        });
    }
    let r = auto_resolve(card, rs, dice)?;
    Ok(AutoTold {
        outcome: result::outcome_of(card, &r, rs, crate::rules::battles::ResultSource::Auto),
        account: r.account.clone(),
        result: Some(r),
    })
}
