//! Battle results back in the campaign (G3c.7–G3c.9): losses in ducats off the armies,
//! the loser's retreat or destruction, the rearguard's withdrawal.
//!
//! Results are applied in the phase after the battle, before anything else happens in
//! it: as a step of that phase as soon as the result is settled (ruling
//! `battle_results_at_once`), or else at the start of its resolution.

use super::ids::{ArmyId, Ducats, NationCode, NodeCode};
use super::ledger::Item;
use super::outcome::{Audience, Cause, Happening, Reason};
use super::step::Step;
use super::summer::movement::retreat_node;
use super::world::{Battle, BattleKind, BattleSide};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where a result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResultSource {
    /// Fought on the table; both clubs' results agree.
    Table,
    /// Auto-resolved with the ruleset's mechanics.
    Auto,
    /// Ruled by the referee (a dispute settled, or losses entered by hand).
    Referee,
}

/// Who set a stored result of a battle: one of the clubs that fought it (sent by mail,
/// or entered for it by the referee with `giglio battle result`), the auto-resolver,
/// or the referee's ruling. Stored as the club's nation code, `auto` or `referee`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SetBy {
    Club(NationCode),
    Auto,
    Referee,
}

impl SetBy {
    /// Reads the stored form; any other word is a club's nation code (as every version
    /// stored it).
    pub(crate) fn from_stored(s: &str) -> SetBy {
        match s {
            "auto" => SetBy::Auto,
            "referee" => SetBy::Referee,
            nation => SetBy::Club(NationCode(nation.to_owned())),
        }
    }
}

/// The stored form: the club's nation code, `auto` or `referee`.
impl std::fmt::Display for SetBy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetBy::Club(n) => f.write_str(n.as_str()),
            SetBy::Auto => f.write_str("auto"),
            SetBy::Referee => f.write_str("referee"),
        }
    }
}

/// Written in its stored form, as a result's `source` always was.
impl Serialize for SetBy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where a pending battle's result stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum BattleState {
    /// No usable result yet: these clubs have not sent theirs.
    Waiting { missing: Vec<NationCode> },
    /// Both clubs sent results that differ: the referee rules (`giglio battle rule`).
    Disputed,
    /// The result to apply: the referee's ruling, an auto-resolve, or two agreeing
    /// club results, in that order of precedence.
    Agreed { outcome: BattleOutcome },
}

/// Which result of a battle counts, from its active results in the order they were set
/// (the latest of each setter counts): the referee's ruling over an auto-resolve over
/// the clubs' results, which count only when both clubs sent one and they agree.
pub(crate) fn result_that_counts<'a>(
    results: impl IntoIterator<Item = (&'a SetBy, &'a BattleOutcome)> + Clone,
    battle: &Battle,
) -> BattleState {
    let latest = |by: &SetBy| {
        results
            .clone()
            .into_iter()
            .filter(|(s, _)| *s == by)
            .last()
            .map(|(_, o)| o.clone())
    };
    if let Some(o) = latest(&SetBy::Referee).or_else(|| latest(&SetBy::Auto)) {
        return BattleState::Agreed { outcome: o };
    }
    let a = latest(&SetBy::Club(battle.attacker.nation.clone()));
    let d = latest(&SetBy::Club(battle.defender.nation.clone()));
    match (a, d) {
        (Some(a), Some(d)) if same_result(&a, &d) => BattleState::Agreed {
            outcome: BattleOutcome {
                source: ResultSource::Table,
                ..a
            },
        },
        (Some(_), Some(_)) => BattleState::Disputed,
        (a, d) => BattleState::Waiting {
            missing: [
                (a.is_none(), &battle.attacker.nation),
                (d.is_none(), &battle.defender.nation),
            ]
            .into_iter()
            .filter(|(m, _)| *m)
            .map(|(_, n)| n.clone())
            .collect(),
        },
    }
}

/// A battle's result as the campaign needs it: who won, what each side lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BattleOutcome {
    pub battle: String,
    /// The winning nation; `None` for a draw.
    pub winner: Option<NationCode>,
    /// Ducats lost by the attacker and by the defender (units routed, captured or
    /// destroyed at their army-list value, G3c.7).
    pub attacker_loss: Ducats,
    pub defender_loss: Ducats,
    pub source: ResultSource,
    /// A PROVISIONAL table was used: every report says so.
    pub provisional: bool,
    /// The victory condition or the referee's reason.
    pub reason: String,
}

/// Builds the outcome of a battle from a winner and each side's loss, checked against
/// the battle: the winner and every nation named fought it, and no side loses more
/// than it brought or less than nothing. A side not named loses nothing.
pub(crate) fn outcome_of(
    battle: &Battle,
    winner: Option<&NationCode>,
    losses: &[(NationCode, Ducats)],
    source: ResultSource,
    reason: String,
) -> Result<BattleOutcome, Reason> {
    let sides = [&battle.attacker, &battle.defender];
    let side_of = |n: &NationCode| {
        sides
            .iter()
            .position(|s| &s.nation == n)
            .ok_or_else(|| Reason::NationNotInBattle {
                battle: battle.id.clone(),
                nation: n.clone(),
            })
    };
    if let Some(w) = winner {
        side_of(w)?;
    }
    let mut loss = [0; 2];
    for (nation, l) in losses {
        let i = side_of(nation)?;
        if *l < 0 || *l > sides[i].ducats {
            return Err(Reason::LossTooLarge {
                nation: nation.clone(),
                loss: *l,
                had: sides[i].ducats,
            });
        }
        loss[i] = *l;
    }
    Ok(BattleOutcome {
        battle: battle.id.clone(),
        winner: winner.cloned(),
        attacker_loss: loss[0],
        defender_loss: loss[1],
        source,
        provisional: false,
        reason,
    })
}

/// Finds the pending battle a club sends a result or an order of battle for: it must
/// wait for its result, and the club must have fought it.
pub(crate) fn pending_for<'a>(
    battles: &'a [Battle],
    club: &NationCode,
    id: &str,
) -> Result<&'a Battle, Reason> {
    let b = battles
        .iter()
        .find(|b| b.id == id)
        .ok_or_else(|| Reason::BattleNotPending {
            battle: id.to_owned(),
        })?;
    if b.attacker.nation != *club && b.defender.nation != *club {
        return Err(Reason::NotInBattle {
            battle: id.to_owned(),
        });
    }
    Ok(b)
}

/// Checks what a club sends about a pending battle in its file, under the ruling
/// `battle_results_at_once`: a result (the battle waits for one, the club fought it,
/// its winner and losses fit the battle) or an order of battle (its units add up to
/// the club's side, §0.5). `Ok(None)` for any other kind of order.
pub(crate) fn judge_sent(
    battles: &[Battle],
    club: &NationCode,
    kind: &super::order::OrderKind,
) -> Result<Option<BattleOutcome>, Reason> {
    use super::order::OrderKind;
    match kind {
        OrderKind::BattleResult {
            battle,
            winner,
            losses,
        } => {
            let b = pending_for(battles, club, battle)?;
            outcome_of(
                b,
                winner.as_ref(),
                losses,
                ResultSource::Table,
                String::new(),
            )
            .map(Some)
        }
        OrderKind::OrderOfBattle {
            battle,
            ruleset,
            units,
            ..
        } => check_order_of_battle(battles, club, battle, ruleset, units, None).map(|_| None),
        _ => Ok(None),
    }
}

/// The unit kinds of the campaign's rulesets, by ruleset id (their templates' kinds):
/// all the rules core needs to know of a ruleset to check an order of battle.
pub(crate) type UnitKinds = BTreeMap<String, Vec<String>>;

/// The §0.5 check of a club's own order of battle, the one the command line and the
/// mail desk both use: the battle waits for its result and the club fought it, its
/// units add up to the club's side, and, where the campaign's rulesets are at hand
/// (`kinds`; a club's file checked on its own has none), the ruleset it names is one of
/// them and knows every unit's kind. Returns the battle.
pub(crate) fn check_order_of_battle<'a>(
    battles: &'a [Battle],
    club: &NationCode,
    battle: &str,
    ruleset: &str,
    units: &[super::order::OobUnit],
    kinds: Option<&UnitKinds>,
) -> Result<&'a Battle, Reason> {
    let b = pending_for(battles, club, battle)?;
    let side = if b.attacker.nation == *club {
        &b.attacker
    } else {
        &b.defender
    };
    let total: Ducats = units.iter().map(|u| u.campaign_value).sum();
    if total != side.ducats {
        return Err(Reason::OobValue {
            total,
            army: side.ducats,
        });
    }
    let Some(kinds) = kinds else {
        return Ok(b);
    };
    let Some(known) = kinds.get(ruleset) else {
        return Err(Reason::UnknownRuleset {
            ruleset: ruleset.to_owned(),
        });
    };
    match units.iter().find(|u| !known.contains(&u.kind)) {
        Some(u) => Err(Reason::OobUnitKind {
            unit: u.name.clone(),
            kind: u.kind.clone(),
            kinds: known.join(", "),
        }),
        None => Ok(b),
    }
}

/// Two results agree when they name the same winner and the same losses.
pub(crate) fn same_result(a: &BattleOutcome, b: &BattleOutcome) -> bool {
    a.winner == b.winner && a.attacker_loss == b.attacker_loss && a.defender_loss == b.defender_loss
}

/// Applies a battle's outcome and removes the battle from the pending list.
pub(super) fn apply(s: &mut Step, battle: &Battle, o: &BattleOutcome) {
    let rule = "G3c.7";
    take_losses(s, &battle.attacker, o.attacker_loss, &battle.id);
    take_losses(s, &battle.defender, o.defender_loss, &battle.id);
    // G3c.8: the loser falls back one node, or is destroyed. In a rearguard action the
    // rearguard withdraws whatever the result (G3c.9): winning means it got away with
    // more units than it lost. On a draw the attacker falls back: it failed to take
    // the node, and two clubs may not share it (G3b.5).
    let falls_back: Vec<&BattleSide> = match (battle.kind, &o.winner) {
        (BattleKind::Rearguard, _) => vec![&battle.defender],
        (BattleKind::Battle, Some(w)) if *w == battle.attacker.nation => vec![&battle.defender],
        (BattleKind::Battle, Some(_)) => vec![&battle.attacker],
        (BattleKind::Battle, None) => vec![&battle.attacker],
    };
    let draw = battle.kind == BattleKind::Battle && o.winner.is_none();
    for side in falls_back {
        let stayed = if side.nation == battle.attacker.nation {
            &battle.defender.nation
        } else {
            &battle.attacker.nation
        };
        let rearguard = battle.kind == BattleKind::Rearguard;
        fall_back(
            s,
            side,
            (&battle.node, &battle.id),
            stayed,
            (draw, rearguard),
        );
    }
    s.w.battles.retain(|b| b.id != battle.id);
    if s.c.tables.rulings.battle_lapses_when_a_side_is_gone {
        lapse_battles_left(s, &battle.node);
    }
    // That a battle was fought, where, between whom and who won is public news: the
    // bulletin and the chronicle report battles fought (issues 6 and 7, a ruling beyond
    // G7.1). Sizes and losses are not: only the two sides learn them (G7.3), below.
    s.event(
        Audience::Public,
        rule,
        Happening::BattleFought {
            id: battle.id.clone(),
            node: battle.node.clone(),
            attacker: battle.attacker.nation.clone(),
            defender: battle.defender.nation.clone(),
            winner: o.winner.clone(),
            provisional: o.provisional,
        },
    );
    // Fighting reveals sizes: both sides learn both losses (G7.3).
    for who in [&battle.attacker.nation, &battle.defender.nation] {
        s.event(
            Audience::Nation(who.clone()),
            rule,
            Happening::BattleLosses {
                id: battle.id.clone(),
                attacker_loss: o.attacker_loss,
                defender_loss: o.defender_loss,
            },
        );
    }
}

/// With `battle_lapses_when_a_side_is_gone`: a battle still pending at `node` one of
/// whose sides has no army left there (it fell back or was destroyed by another battle's
/// result at the place: two armies of one club that met one enemy army in a round make
/// two battles) lapses. It is never fought, nobody loses anything, and both clubs are
/// told why; left pending, it held the round for a battle against an army gone home.
/// A side of no armies (a garrison) never lapses here.
fn lapse_battles_left(s: &mut Step, node: &NodeCode) {
    let gone_from = |b: &Battle, side: &BattleSide| {
        !side.armies.is_empty()
            && side
                .armies
                .iter()
                .all(|id| s.w.armies.get(id).is_none_or(|a| a.node != b.node))
    };
    let lapsed: Vec<(Battle, NationCode)> =
        s.w.battles
            .iter()
            .filter(|b| &b.node == node)
            .filter_map(|b| {
                [&b.attacker, &b.defender]
                    .into_iter()
                    .find(|side| gone_from(b, side))
                    .map(|side| (b.clone(), side.nation.clone()))
            })
            .collect();
    for (b, gone) in lapsed {
        s.w.battles.retain(|x| x.id != b.id);
        for who in [&b.attacker.nation, &b.defender.nation] {
            s.event(
                Audience::Nation(who.clone()),
                "G3c.7",
                Happening::BattleLapsed {
                    battle: b.id.clone(),
                    node: b.node.clone(),
                    gone: gone.clone(),
                },
            );
        }
    }
}

/// Takes a side's loss off its armies in proportion to their values, the rest from the
/// largest first; a side cannot lose more than it has.
fn take_losses(s: &mut Step, side: &BattleSide, loss: Ducats, battle: &str) {
    let armies: Vec<(ArmyId, Ducats)> = side
        .armies
        .iter()
        .filter_map(|id| s.w.armies.get(id).map(|a| (id.clone(), a.value)))
        .collect();
    let total: Ducats = armies.iter().map(|(_, v)| v).sum();
    let loss = loss.clamp(0, total);
    if loss == 0 || total == 0 {
        return;
    }
    let mut takes: Vec<(ArmyId, Ducats, Ducats)> = armies
        .iter()
        .map(|(id, v)| (id.clone(), *v, loss * v / total))
        .collect();
    let mut rest = loss - takes.iter().map(|(_, _, t)| t).sum::<Ducats>();
    takes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (_, value, take) in &mut takes {
        let more = rest.min(*value - *take);
        *take += more;
        rest -= more;
    }
    for (id, value, take) in takes {
        if take > 0 {
            let item = Item::BattleLoss {
                battle: battle.to_owned(),
            };
            if take >= value {
                super::forces::destroy_army(s, &id, "G3c.7", item, Cause::LostInBattle);
            } else {
                s.army_add(&id, -take, "G3c.7", item);
            }
        }
    }
}

/// G3c.8: a side's surviving armies fall back one node (an attacker to where it came
/// from, if that is free); with nowhere to go they are destroyed.
///
/// The other side, `stayed`, hears what became of them: that they fell back (not
/// where to: their pieces are seen only as G7.2 says), or were destroyed, here or by
/// their losses.
///
/// `draw`: the battle was drawn and `side`, its attacker, falls back; both sides hear
/// that, so neither reads the other's retreat as a win.
fn fall_back(
    s: &mut Step,
    side: &BattleSide,
    (at, battle): (&NodeCode, &str),
    stayed: &NationCode,
    (draw, rearguard): (bool, bool),
) {
    let alive: Vec<ArmyId> = side
        .armies
        .iter()
        .filter(|id| s.w.armies.contains_key(*id))
        .cloned()
        .collect();
    if alive.is_empty() {
        if !side.armies.is_empty() {
            s.event(
                Audience::Nation(stayed.clone()),
                "G3c.7",
                Happening::EnemyDestroyed {
                    battle: battle.to_owned(),
                    nation: side.nation.clone(),
                    node: at.clone(),
                },
            );
        }
        return;
    }
    let preferred = side
        .came_from
        .clone()
        .or_else(|| s.w.armies[&alive[0]].stance.retreat_to.clone());
    match retreat_node(s, &side.nation, at, preferred.as_ref()) {
        Some(to) => {
            let phase = s.w.phase;
            for id in &alive {
                if let Some(a) = s.w.armies.get_mut(id) {
                    a.node = to.clone();
                    a.inside = false;
                    a.arrived = Some(phase);
                }
                s.occ.refresh_army(&s.w, id);
                // Its club hears that its siege there ended with the retreat: the
                // next round's report would otherwise simply lose it.
                let ended: Vec<_> =
                    s.w.sieges
                        .iter()
                        .filter(|x| &x.besieger == id)
                        .cloned()
                        .collect();
                s.w.sieges.retain(|x| &x.besieger != id);
                for x in ended {
                    s.event(
                        Audience::Nation(side.nation.clone()),
                        "G3d.2",
                        Happening::SiegeEnded {
                            node: x.node,
                            army: x.besieger,
                            why: crate::rules::outcome::SiegeEnd::FellBack,
                        },
                    );
                }
            }
            s.event(
                Audience::Nation(side.nation.clone()),
                "G3c.8",
                Happening::Retreated {
                    nation: side.nation.clone(),
                    from: at.clone(),
                    to,
                    draw,
                },
            );
            s.event(
                Audience::Nation(stayed.clone()),
                "G3c.8",
                Happening::EnemyFellBack {
                    battle: battle.to_owned(),
                    nation: side.nation.clone(),
                    from: at.clone(),
                    destroyed: false,
                    draw,
                    rearguard,
                    own_place: s.w.nodes.get(at).is_some_and(|x| &x.owner == stayed),
                },
            );
        }
        None => {
            for id in &alive {
                super::forces::destroy_army(
                    s,
                    id,
                    "G3c.8",
                    Item::BattleLoss {
                        battle: battle.to_owned(),
                    },
                    Cause::CouldNotRetreat,
                );
            }
            s.event(
                Audience::Nation(stayed.clone()),
                "G3c.8",
                Happening::EnemyFellBack {
                    battle: battle.to_owned(),
                    nation: side.nation.clone(),
                    from: at.clone(),
                    destroyed: true,
                    draw,
                    rearguard,
                    own_place: s.w.nodes.get(at).is_some_and(|x| &x.owner == stayed),
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::calendar::{Phase, PhaseId};
    use crate::rules::order::OobUnit;

    fn battle() -> Battle {
        let side = |n: &str, ducats| BattleSide {
            nation: NationCode(n.into()),
            armies: Vec::new(),
            ducats,
            sapper: false,
            commander_killed: false,
            came_from: None,
        };
        Battle {
            id: "1494-r01-F7".into(),
            kind: BattleKind::Battle,
            node: NodeCode("F7".into()),
            phase: PhaseId {
                year: 1494,
                phase: Phase::Round(1),
            },
            attacker: side("V", 150),
            defender: side("F", 200),
            fortified: false,
        }
    }

    fn unit(kind: &str, value: Ducats) -> OobUnit {
        OobUnit {
            name: format!("{kind} {value}"),
            kind: kind.into(),
            campaign_value: value,
            ratings: BTreeMap::new(),
        }
    }

    /// §0.5, one check for every door: the battle and the club, the value, then (with
    /// the rulesets at hand) the ruleset and its unit kinds, each a typed problem.
    #[test]
    fn an_order_of_battle_is_checked_once_for_every_door() {
        let battles = [battle()];
        let v = NationCode("V".into());
        let kinds = UnitKinds::from([("mon1628".into(), vec!["inf".into(), "cav".into()])]);
        let check = |club: &NationCode, id: &str, rs: &str, units: &[OobUnit], k| {
            check_order_of_battle(&battles, club, id, rs, units, k).map(|b| b.id.clone())
        };
        let good = [unit("inf", 100), unit("cav", 50)];
        assert_eq!(
            check(&v, "1494-r01-F7", "mon1628", &good, Some(&kinds)),
            Ok("1494-r01-F7".into())
        );
        assert_eq!(
            check(&v, "1494-r09-X1", "mon1628", &good, Some(&kinds)),
            Err(Reason::BattleNotPending {
                battle: "1494-r09-X1".into()
            })
        );
        assert_eq!(
            check(
                &NationCode("M".into()),
                "1494-r01-F7",
                "mon1628",
                &good,
                None
            ),
            Err(Reason::NotInBattle {
                battle: "1494-r01-F7".into()
            })
        );
        assert_eq!(
            check(&v, "1494-r01-F7", "mon1628", &good[..1], Some(&kinds)),
            Err(Reason::OobValue {
                total: 100,
                army: 150
            })
        );
        // The defender's side is its own value.
        let f = NationCode("F".into());
        assert_eq!(
            check(&f, "1494-r01-F7", "mon1628", &good, None),
            Err(Reason::OobValue {
                total: 150,
                army: 200
            })
        );
        assert_eq!(
            check(&v, "1494-r01-F7", "pia1746", &good, Some(&kinds)),
            Err(Reason::UnknownRuleset {
                ruleset: "pia1746".into()
            })
        );
        let elephant = [unit("inf", 100), unit("elephant", 50)];
        assert_eq!(
            check(&v, "1494-r01-F7", "mon1628", &elephant, Some(&kinds)),
            Err(Reason::OobUnitKind {
                unit: "elephant 50".into(),
                kind: "elephant".into(),
                kinds: "inf, cav".into()
            })
        );
        // A file checked on its own (no rulesets at hand) is judged on the rest.
        assert_eq!(
            check(&v, "1494-r01-F7", "pia1746", &elephant, None),
            Ok("1494-r01-F7".into())
        );
    }

    fn outcome(winner: Option<&str>, a: Ducats, d: Ducats, source: ResultSource) -> BattleOutcome {
        BattleOutcome {
            battle: "1494-r01-F7".into(),
            winner: winner.map(|w| NationCode(w.into())),
            attacker_loss: a,
            defender_loss: d,
            source,
            provisional: false,
            reason: String::new(),
        }
    }

    /// Who set a result is read back from what every version stored.
    #[test]
    fn who_set_a_result_reads_its_stored_form() {
        for (stored, by) in [
            ("auto", SetBy::Auto),
            ("referee", SetBy::Referee),
            ("V", SetBy::Club(NationCode("V".into()))),
        ] {
            assert_eq!(SetBy::from_stored(stored), by);
            assert_eq!(by.to_string(), stored);
        }
    }

    /// The referee's ruling over an auto-resolve over the clubs' results; the clubs'
    /// count when both agree; the latest of each setter counts.
    #[test]
    fn the_result_that_counts_is_decided_by_who_set_it() {
        let b = battle();
        let v = SetBy::Club(NationCode("V".into()));
        let f = SetBy::Club(NationCode("F".into()));
        let club_v = outcome(Some("V"), 10, 50, ResultSource::Table);
        let club_f = outcome(Some("F"), 60, 0, ResultSource::Table);
        let auto = outcome(Some("F"), 70, 5, ResultSource::Auto);
        let ruled = outcome(None, 20, 20, ResultSource::Referee);
        let state =
            |rs: &[(SetBy, BattleOutcome)]| result_that_counts(rs.iter().map(|(s, o)| (s, o)), &b);
        assert_eq!(
            state(&[]),
            BattleState::Waiting {
                missing: vec![NationCode("V".into()), NationCode("F".into())]
            }
        );
        assert_eq!(
            state(&[(v.clone(), club_v.clone())]),
            BattleState::Waiting {
                missing: vec![NationCode("F".into())]
            }
        );
        assert_eq!(
            state(&[(v.clone(), club_v.clone()), (f.clone(), club_f.clone())]),
            BattleState::Disputed
        );
        // F sends again, agreeing: its latest counts.
        assert_eq!(
            state(&[
                (v.clone(), club_v.clone()),
                (f.clone(), club_f.clone()),
                (f.clone(), club_v.clone())
            ]),
            BattleState::Agreed {
                outcome: club_v.clone()
            }
        );
        let all = [
            (v.clone(), club_v.clone()),
            (SetBy::Auto, auto.clone()),
            (f.clone(), club_v.clone()),
        ];
        assert_eq!(state(&all), BattleState::Agreed { outcome: auto });
        let mut ruled_too = all.to_vec();
        ruled_too.insert(0, (SetBy::Referee, ruled.clone()));
        assert_eq!(state(&ruled_too), BattleState::Agreed { outcome: ruled });
    }
}
