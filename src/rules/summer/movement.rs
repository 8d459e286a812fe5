//! Moving armies and diplomats along roads (G3b), and the encounters they meet
//! (G3c, Table 34): choices, spies, diplomats unmasked, retreats and battles.

use super::round::Round;
use crate::rules::campaign::Campaign;
use crate::rules::exchange::{Asked, AskedSide, encounter_id};
use crate::rules::forces::{
    allied_knowingly, betray, force_value, other_forces, piece_at, piece_name,
};
use crate::rules::ids::{ArmyId, DiplomatId, NationCode, NodeCode};
use crate::rules::order::{Order, OrderKind, Piece, SpyCondition};
use crate::rules::outcome::{Audience, Betrayal, Done, Happening, Outcome, Reason};
use crate::rules::step::Step;
use crate::rules::tables::{Choice, EncounterResult, Side};
use crate::rules::world::{Battle, BattleKind, BattleSide, Fortification, Stance, World};
use std::collections::{BTreeSet, VecDeque};

type Moved = Result<Outcome, Outcome>;

fn reject(rule: &str, reason: Reason) -> Outcome {
    Outcome::rejected(rule, reason)
}

/// G3b: moves a piece along its path, stopping at the first node that holds another
/// nation's force, where the encounter is settled at once.
pub(super) fn move_piece(
    s: &mut Step,
    r: &mut Round,
    n: &NationCode,
    piece: &Piece,
    path: &[NodeCode],
) -> Moved {
    let at = whose(&s.w, n, piece)?;
    let name = piece_name(piece);
    // Between the two halves of `before_moving`: a second move of a piece of the
    // club's that stands somewhere is refused before its path is looked at.
    if r.moved.contains(piece) {
        return Err(reject("G3b.3", Reason::MovedTwice { piece: name }));
    }
    may_go(s.c, &s.w, n, piece, &at, path)?;
    r.moved.insert(piece.clone());
    let mut travelled = vec![at.clone()];
    leave_garrisons(s, r, n, piece, &at);
    for step in path.windows(2) {
        let (from, to) = (&step[0], &step[1]);
        place(s, piece, to);
        travelled.push(to.clone());
        if !other_forces(s, to, n).is_empty() {
            return Ok(Outcome::Done(encounter(s, n, piece, from, to)));
        }
        leave_garrisons(s, r, n, piece, to);
    }
    Ok(Outcome::Done(Done::Moved {
        piece: name,
        path: travelled,
    }))
}

/// The checks a move passes before anything changes (G3b.2, G3e.3, G2b.5, G3b.3,
/// G3b.6), for the piece's first move of the round: what [`move_piece`] checks first,
/// reading only the campaign and the world, so a move refused here is refused by the
/// resolution with the same rule, whatever else the round holds.
pub(super) fn before_moving(
    c: &Campaign,
    w: &World,
    n: &NationCode,
    piece: &Piece,
    path: &[NodeCode],
) -> Result<(), Outcome> {
    let at = whose(w, n, piece)?;
    may_go(c, w, n, piece, &at, path)
}

/// G3b.2, G3e.3: the node where the club's own piece stands, ashore.
fn whose(w: &World, n: &NationCode, piece: &Piece) -> Result<NodeCode, Outcome> {
    let name = piece_name(piece);
    // Whether another nation's piece exists, or is aboard, is never told (G7.4): an id
    // without the club's own prefix is "not yours", existing or not.
    if !name.starts_with(&format!("{n}-")) {
        return Err(reject("G3b.2", Reason::NotYourPiece { piece: name }));
    }
    let Some((owner, at)) = piece_at(w, piece) else {
        let aboard =
            matches!(piece, Piece::Army(id) if w.armies.get(id).is_some_and(|a| !a.ashore()));
        if aboard {
            return Err(reject("G3e.3", Reason::Aboard));
        }
        return Err(reject("G3b.2", Reason::UnknownPiece { piece: name }));
    };
    if &owner != n {
        return Err(reject("G3b.2", Reason::NotYourPiece { piece: name }));
    }
    Ok(at)
}

/// G2b.5, G3b.2, G3b.3, G3b.6, G3c.7: whether the piece, standing at `at`, may take
/// `path`: not stunned, in no pending battle (with the ruling), the path starting where it stands, within its allowance, on no road
/// banned to the club this round.
fn may_go(
    c: &Campaign,
    w: &World,
    n: &NationCode,
    piece: &Piece,
    at: &NodeCode,
    path: &[NodeCode],
) -> Result<(), Outcome> {
    if let Piece::Army(id) = piece
        && w.armies[id].stunned == Some(w.phase)
    {
        return Err(reject("G2b.5", Reason::Stunned));
    }
    if let Piece::Army(id) = piece
        && c.tables.rulings.armies_in_battle_stay
        && let Some(b) = w
            .battles
            .iter()
            .find(|b| b.attacker.armies.contains(id) || b.defender.armies.contains(id))
    {
        return Err(reject(
            "G3c.7",
            Reason::InBattle {
                node: b.node.clone(),
            },
        ));
    }
    if path.first() != Some(at) {
        return Err(reject("G3b.2", Reason::PathStart { at: at.clone() }));
    }
    allowance(c, w, n, path)?;
    let round = w.phase.round().unwrap_or(0);
    for step in path.windows(2) {
        if c.map
            .is_banned(n.as_str(), step[0].as_str(), step[1].as_str(), round)
        {
            return Err(reject(
                "G3b.6",
                Reason::Banned {
                    from: step[0].clone(),
                    to: step[1].clone(),
                },
            ));
        }
    }
    Ok(())
}

/// G3b.3: up to `home_steps` along the club's own territory from home; or one single
/// step into foreign territory, as the first step; from abroad, `abroad_steps`.
fn allowance(c: &Campaign, w: &World, n: &NationCode, path: &[NodeCode]) -> Result<(), Outcome> {
    let steps = path.len() - 1;
    let owned = |node: &NodeCode| w.nodes.get(node).is_some_and(|x| &x.owner == n);
    let mv = &c.tables.movement;
    if !owned(&path[0]) {
        let max = c.tables.rulings.abroad_steps;
        return if steps <= usize::from(max) {
            Ok(())
        } else {
            Err(reject("G3b.3", Reason::TooFarFromAbroad { max }))
        };
    }
    match path[1..].iter().position(|x| !owned(x)) {
        None if steps <= usize::from(mv.home_steps) => Ok(()),
        None => Err(reject("G3b.3", Reason::TooFar { max: mv.home_steps })),
        Some(0) if steps <= usize::from(mv.border_steps) => Ok(()),
        Some(0) => Err(reject(
            "G3b.3",
            Reason::TooFarIntoForeign {
                max: mv.border_steps,
            },
        )),
        Some(_) => Err(reject("G3b.3", Reason::BorderNotFirst)),
    }
}

/// G2b.3: an army leaves the garrisons its club named for `node` as it stands there on
/// its move (the book takes garrisons from the armies that are in a place or pass
/// through it); each is judged as a garrison left where the army stands, then.
fn leave_garrisons(s: &mut Step, r: &mut Round, n: &NationCode, piece: &Piece, node: &NodeCode) {
    let Piece::Army(id) = piece else { return };
    let here: Vec<Order> = (r.on_the_way.iter())
        .filter(|o| {
            matches!(&o.kind, OrderKind::Garrison { army, node: Some(x), .. }
                if army == id && x == node)
                && !r.left_on_the_way.contains(&o.at.seq)
        })
        .cloned()
        .collect();
    for o in here {
        let OrderKind::Garrison { value, .. } = &o.kind else {
            continue;
        };
        let result = crate::rules::forces::garrison(s, n, id, *value);
        r.left_on_the_way.insert(o.at.seq);
        s.outcome(n, &o, result.unwrap_or_else(|rejected| rejected));
    }
}

/// Where along `path` a move the rules refused breaks its rule: the index of the
/// first node it may not reach (the start, for a path that starts elsewhere; the node
/// past the allowance, G3b.3; the far end of a banned road, G3b.6). `None` for a reason
/// about the move as a whole. Lets a club's check point at the step, not the order.
pub(crate) fn breaking_step(
    w: &World,
    n: &NationCode,
    path: &[NodeCode],
    reason: &Reason,
) -> Option<usize> {
    let owned = |node: &NodeCode| w.nodes.get(node).is_some_and(|x| &x.owner == n);
    let at = match reason {
        Reason::PathStart { .. } => Some(0),
        Reason::TooFar { max }
        | Reason::TooFarIntoForeign { max }
        | Reason::TooFarFromAbroad { max } => Some(usize::from(*max) + 1),
        Reason::BorderNotFirst => path.iter().skip(1).position(|x| !owned(x)).map(|i| i + 1),
        Reason::Banned { from, to } => path
            .windows(2)
            .position(|p| &p[0] == from && &p[1] == to)
            .map(|i| i + 1),
        _ => None,
    };
    at.filter(|i| *i < path.len())
}

/// Puts a piece at a node; an army that moves leaves any siege and comes out of any
/// fortification, and arrives this round (G3d.1).
fn place(s: &mut Step, piece: &Piece, node: &NodeCode) {
    let phase = s.w.phase;
    match piece {
        Piece::Army(id) => {
            if let Some(a) = s.w.armies.get_mut(id) {
                a.node = node.clone();
                a.inside = false;
                a.arrived = Some(phase);
            }
            s.occ.refresh_army(&s.w, id);
            s.w.sieges.retain(|x| &x.besieger != id);
        }
        Piece::Diplomat(id) => {
            if let Some(d) = s.w.diplomats.get_mut(id) {
                d.node = node.clone();
            }
            s.occ.refresh_diplomat(&s.w, id);
        }
    }
}

/// Sends the piece in hand back to the node it came from. If other forces wait there,
/// it can only have come out of its own fortification, and it goes back inside it.
fn turn_back(s: &mut Step, n: &NationCode, piece: &Piece, from: &NodeCode) {
    place(s, piece, from);
    let own_walls =
        s.w.nodes
            .get(from)
            .is_some_and(|x| &x.owner == n && x.fortification == Fortification::Fortified);
    if let Piece::Army(id) = piece
        && own_walls
        && !other_forces(s, from, n).is_empty()
        && let Some(a) = s.w.armies.get_mut(id)
    {
        a.inside = true;
    }
}

/// One side of an encounter: a nation's forces at the node.
struct Party {
    nation: NationCode,
    armies: Vec<ArmyId>,
    diplomats: Vec<DiplomatId>,
    garrison: bool,
}

impl Party {
    /// Whether this side has no real force: diplomats only (they never fight, G3c.5).
    fn bluff(&self) -> bool {
        self.armies.is_empty() && !self.garrison
    }
}

/// The forces of `nation` at `node`.
fn party(s: &Step, nation: &NationCode, node: &NodeCode) -> Party {
    let armies = s
        .occ
        .armies_at(&s.w, node)
        .filter(|id| s.w.armies.get(*id).is_some_and(|a| &a.nation == nation))
        .cloned()
        .collect();
    let diplomats = s
        .occ
        .diplomats_at(&s.w, node)
        .filter(|id| s.w.diplomats.get(*id).is_some_and(|d| &d.nation == nation))
        .cloned()
        .collect();
    let garrison =
        s.w.nodes
            .get(node)
            .and_then(|x| x.garrison.as_ref())
            .is_some_and(|g| &g.nation == nation);
    Party {
        nation: nation.clone(),
        armies,
        diplomats,
        garrison,
    }
}

/// The stance that speaks for a side: its first army's, else its first diplomat's.
fn stance_of(s: &Step, p: &Party) -> Stance {
    if let Some(id) = p.armies.first() {
        return s.w.armies[id].stance.clone();
    }
    p.diplomats
        .first()
        .map(|id| s.w.diplomats[id].stance.clone())
        .unwrap_or_default()
}

/// G3c.3–4: a side's choice from its standing orders; a spy's condition counts only if
/// the club has a spy this year, else the plain standing choice (or the default) holds.
fn choose(
    s: &Step,
    nation: &NationCode,
    stance: &Stance,
    plain: Option<Choice>,
    default: Choice,
    enemy: i64,
) -> Choice {
    let has_spy = s.w.nation(nation.as_str()).is_some_and(|x| x.spy);
    match (&stance.spy, has_spy) {
        (
            Some(SpyCondition {
                enemy_at_most,
                then,
                otherwise,
            }),
            true,
        ) => {
            if enemy <= *enemy_at_most {
                *then
            } else {
                *otherwise
            }
        }
        _ => plain.unwrap_or(default),
    }
}

/// The value of a side as a spy sees it: diplomats count 0 (G3c.4).
fn size(s: &Step, p: &Party, node: &NodeCode) -> i64 {
    force_value(s, node, &p.nation)
}

/// Returns whether the side's armies may withdraw into a friendly fortification at the
/// node (G3c.1): the node is theirs and holds.
fn can_withdraw(s: &Step, p: &Party, node: &NodeCode) -> bool {
    s.w.nodes
        .get(node)
        .is_some_and(|x| x.owner == p.nation && x.fortification == Fortification::Fortified)
}

/// Settles the encounter of a piece that moved `from` → `at` (G3c, Table 34) and
/// returns what became of the moving piece.
fn encounter(s: &mut Step, n: &NationCode, piece: &Piece, from: &NodeCode, at: &NodeCode) -> Done {
    let name = piece_name(piece);
    // Where several nations stand (a besieger in the field, the besieged inside its
    // walls), the piece meets the force in the field: the one inside withdraws anyway,
    // and meeting only it would leave two clubs in the field at one node (G3b.5).
    let others = other_forces(s, at, n);
    let in_field = |o: &NationCode| {
        let p = party(s, o, at);
        p.armies.iter().any(|id| !s.w.armies[id].inside)
            || (!p.diplomats.is_empty() && !p.garrison && p.armies.is_empty())
    };
    let other_nation = others
        .iter()
        .find(|o| in_field(o))
        .or_else(|| others.iter().next())
        .cloned()
        .expect("the caller found a force");
    let hand = party(s, n, at);
    let other = party(s, &other_nation, at);
    let tables = &s.c.tables.encounters;
    // The side in hand: its own piece's stance speaks.
    let hand_stance = match piece {
        Piece::Army(id) => s.w.armies[id].stance.clone(),
        Piece::Diplomat(id) => s.w.diplomats[id].stance.clone(),
    };
    let hand_sees = size(s, &other, at);
    let other_sees = size(s, &hand, at);
    let hand_standing = match choose(
        s,
        n,
        &hand_stance,
        hand_stance.on_contact,
        tables.default_on_contact,
        hand_sees,
    ) {
        Choice::Withdraw => Choice::Stop,
        c => c,
    };
    let hand_options = vec![Choice::Stop, Choice::Retreat, Choice::Attack];
    // The other side: a garrison, or armies already inside, always withdraw (G3c.3).
    let inside = other.armies.iter().any(|id| s.w.armies[id].inside);
    // A garrison withdraws even with a diplomat beside it: a diplomat never fights (G3c.5).
    let walls =
        (other.armies.is_empty() && (other.diplomats.is_empty() || other.garrison)) || inside;
    // The other side's standing choice when it could not be kept: its club is told (a
    // play-test's "withdraw" became a stop with no word why).
    let mut other_meant = None;
    let (other_standing, other_options) = if walls {
        (Choice::Withdraw, vec![Choice::Withdraw])
    } else {
        let st = stance_of(s, &other);
        let c = choose(
            s,
            &other.nation,
            &st,
            st.when_contacted,
            tables.default_when_contacted,
            other_sees,
        );
        let stunned = other
            .armies
            .first()
            .is_some_and(|id| s.w.armies[id].stunned == Some(s.w.phase));
        let withdraw = can_withdraw(s, &other, at);
        let options: Vec<Choice> = Choice::ALL
            .into_iter()
            .filter(|c| match c {
                Choice::Withdraw => withdraw,
                Choice::Attack => !stunned,
                _ => true,
            })
            .collect();
        let standing = match c {
            Choice::Withdraw if !withdraw => Choice::Stop,
            Choice::Attack if stunned => Choice::Stop,
            c => c,
        };
        other_meant = (standing != c).then_some(c);
        (standing, options)
    };
    s.encounters += 1;
    let (hand_choice, other_choice) = if s.exchange.asking {
        let asked = Asked {
            id: encounter_id(&s.w.phase.key(), s.encounters),
            number: s.encounters,
            node: at.clone(),
            hand: asked_side(
                s,
                &hand,
                Some(&name),
                hand_options,
                hand_standing,
                hand_sees,
            ),
            other: asked_side(s, &other, None, other_options, other_standing, other_sees),
            from: from.clone(),
        };
        match exchanged(s, &asked) {
            Some(pair) => pair,
            None => {
                // The round stops here; what this returns is never kept.
                s.paused = Some(asked);
                return Done::TurnedBack {
                    piece: name,
                    to: from.clone(),
                };
            }
        }
    } else {
        (hand_standing, other_standing)
    };
    spy_reports(s, n, &other, at, hand_sees);
    spy_reports(s, &other.nation, &hand, at, other_sees);
    let cell = tables
        .lookup(hand_choice, other_choice)
        .cloned()
        .expect("Table 34 is complete (checked at load)");
    // Allies meet as any two nations do; each is told that they are allies, for Table
    // 34's "may besiege" would otherwise read as an invitation (a play-test's Milan).
    let allies = allied_knowingly(s, n, &other.nation);
    let no_battle = (matches!(piece, Piece::Diplomat(_)) || other.bluff())
        && matches!(
            cell.result,
            EncounterResult::Battle { .. } | EncounterResult::Rearguard { .. }
        );
    for who in [n, &other.nation] {
        s.event(
            Audience::Nation(who.clone()),
            "G3c.2",
            Happening::Encounter {
                node: at.clone(),
                hand: n.clone(),
                other: other.nation.clone(),
                text_it: cell.text_it.clone(),
                text_en: cell.text_en.clone(),
                hand_choice: Some(hand_choice),
                other_choice: Some(other_choice),
                // Told to the side that had no choice only: the side in hand reads a
                // withdrawal, as from a force that chose it (what it may know, G7).
                other_walls: walls && who == &other.nation,
                other_chose: !walls && who == &other.nation,
                other_meant: other_meant.filter(|_| {
                    who == &other.nation && !s.exchange.asking && other_choice == Choice::Stop
                }),
                allies,
                no_battle,
                // Told to the diplomat's own club alone: to the other side it is a
                // marker like an army's (G7.4), and Table 34 reads as it would.
                no_siege: who == n
                    && matches!(piece, Piece::Diplomat(_))
                    && matches!(cell.result, EncounterResult::OtherInside),
            },
        );
    }
    let e = Encounter {
        n: n.clone(),
        piece: piece.clone(),
        name,
        from: from.clone(),
        at: at.clone(),
        other,
        hand_choice,
    };
    apply(s, &e, &cell.result)
}

/// One side of an encounter as the exchange records it (G3c.3): its pieces at the node
/// (for the side in hand, the piece that moved in first), its options and standing
/// choice, and what its spy sees of the other side.
fn asked_side(
    s: &Step,
    p: &Party,
    mover: Option<&str>,
    options: Vec<Choice>,
    standing: Choice,
    sees: i64,
) -> AskedSide {
    let mut pieces: Vec<String> = mover.map(str::to_owned).into_iter().collect();
    for id in p
        .armies
        .iter()
        .map(ToString::to_string)
        .chain(p.diplomats.iter().map(ToString::to_string))
    {
        if !pieces.contains(&id) {
            pieces.push(id);
        }
    }
    AskedSide {
        nation: p.nation.clone(),
        pieces,
        garrison: p.garrison,
        asked: s.w.is_club(p.nation.as_str()) && options.len() > 1,
        options,
        standing,
        spy_sees: s
            .w
            .nation(p.nation.as_str())
            .is_some_and(|x| x.spy)
            .then_some(sees),
    }
}

/// The two sides' choices for an asked encounter: a club's answer where it is one of
/// its options, else its standing choice if the club is not asked or the encounter is
/// closed. `None` while an asked club has not answered an open encounter.
fn exchanged(s: &Step, a: &Asked) -> Option<(Choice, Choice)> {
    let pick = |side: &AskedSide| -> Option<Choice> {
        let answer = s
            .exchange
            .choice(a.number, &side.nation)
            .filter(|c| side.asked && side.options.contains(c));
        match answer {
            Some(c) => Some(c),
            None if !side.asked || a.number <= s.exchange.closed => Some(side.standing),
            None => None,
        }
    };
    Some((pick(&a.hand)?, pick(&a.other)?))
}

/// An encounter being settled.
struct Encounter {
    n: NationCode,
    piece: Piece,
    name: String,
    from: NodeCode,
    at: NodeCode,
    other: Party,
    hand_choice: Choice,
}

/// Tells a club with a spy what it learned at an encounter (G3c.4): the enemy's size,
/// and whether the marker was only a diplomat.
fn spy_reports(s: &mut Step, nation: &NationCode, enemy: &Party, at: &NodeCode, seen: i64) {
    if !s.w.nation(nation.as_str()).is_some_and(|x| x.spy) {
        return;
    }
    let who = Audience::Nation(nation.clone());
    if enemy.bluff() {
        s.event(
            who,
            "G3c.4",
            Happening::DiplomatUnmasked { node: at.clone() },
        );
    } else {
        s.event(
            who,
            "G3c.4",
            Happening::EnemySize {
                node: at.clone(),
                ducats: seen,
                garrison: crate::rules::forces::garrison_value(s, at, &enemy.nation),
            },
        );
    }
}

fn apply(s: &mut Step, e: &Encounter, result: &EncounterResult) -> Done {
    let (n, piece, name, from, at, other) =
        (&e.n, &e.piece, e.name.as_str(), &e.from, &e.at, &e.other);
    let hand_bluff = matches!(piece, Piece::Diplomat(_));
    match result {
        EncounterResult::HandBack { other_inside } => {
            if *other_inside {
                set_inside(s, other);
            }
            turn_back(s, n, piece, from);
            Done::TurnedBack {
                piece: name.to_owned(),
                to: from.clone(),
            }
        }
        EncounterResult::OtherRetreats => {
            if retreat(s, other, at) {
                Done::Stopped {
                    piece: name.to_owned(),
                    at: at.clone(),
                }
            } else {
                // G3c.6: with nowhere to go, the other side must stop instead.
                let cell =
                    s.c.tables
                        .encounters
                        .lookup(e.hand_choice, Choice::Stop)
                        .map(|c| c.result.clone());
                match cell {
                    Some(EncounterResult::OtherRetreats | EncounterResult::BothFallBack) | None => {
                        Done::Stopped {
                            piece: name.to_owned(),
                            at: at.clone(),
                        }
                    }
                    Some(other_result) => apply(s, e, &other_result),
                }
            }
        }
        EncounterResult::BothFallBack => {
            turn_back(s, n, piece, from);
            retreat(s, other, at);
            Done::TurnedBack {
                piece: name.to_owned(),
                to: from.clone(),
            }
        }
        EncounterResult::OtherInside => {
            set_inside(s, other);
            Done::Stopped {
                piece: name.to_owned(),
                at: at.clone(),
            }
        }
        EncounterResult::Battle { attacker }
        | EncounterResult::Rearguard {
            rearguard: attacker,
        } => {
            let rearguard = matches!(result, EncounterResult::Rearguard { .. });
            // Diplomats never fight: attacked by a real army, a diplomat is unmasked and
            // removed (G3c.5); two bluffs simply part.
            let hand_single = Party {
                nation: n.clone(),
                armies: match piece {
                    Piece::Army(id) => vec![id.clone()],
                    Piece::Diplomat(_) => vec![],
                },
                diplomats: match piece {
                    Piece::Diplomat(id) => vec![id.clone()],
                    Piece::Army(_) => vec![],
                },
                garrison: false,
            };
            match (hand_bluff, other.bluff()) {
                (true, true) => {
                    turn_back(s, n, piece, from);
                    return Done::TurnedBack {
                        piece: name.to_owned(),
                        to: from.clone(),
                    };
                }
                (true, false) => {
                    // The diplomat is a force of its club: whichever side attacks, an
                    // ally's or its own, betrays (G5.2) under the ruling.
                    if s.c.tables.rulings.diplomat_encounters_betray {
                        let hand_attacks = if rearguard {
                            *attacker == Side::Other
                        } else {
                            *attacker == Side::Hand
                        };
                        if hand_attacks {
                            let how = Betrayal::OnContact { node: at.clone() };
                            betray(s, n, &other.nation, how);
                        } else {
                            let how = Betrayal::WhenContacted { node: at.clone() };
                            betray(s, &other.nation, n, how);
                        }
                    }
                    reveal(s, &hand_single, &other.nation, at);
                    return Done::Revealed {
                        piece: name.to_owned(),
                    };
                }
                (false, true) => {
                    // Attacking an ally's bluff is still an attack on the ally (G5.2).
                    let hand_attacks = if rearguard {
                        *attacker == Side::Other
                    } else {
                        *attacker == Side::Hand
                    };
                    if hand_attacks {
                        let how = Betrayal::OnContact { node: at.clone() };
                        betray(s, n, &other.nation, how);
                    }
                    reveal(s, other, n, at);
                    return Done::Stopped {
                        piece: name.to_owned(),
                        at: at.clone(),
                    };
                }
                (false, false) => {}
            }
            // In a rearguard action `attacker` names the rearguard; the other side attacks.
            let hand_attacks = if rearguard {
                *attacker == Side::Other
            } else {
                *attacker == Side::Hand
            };
            let (att, def, att_from, def_from) = if hand_attacks {
                (&hand_single, other, Some(from.clone()), None)
            } else {
                (other, &hand_single, None, Some(from.clone()))
            };
            let how = if hand_attacks {
                Betrayal::OnContact { node: at.clone() }
            } else {
                Betrayal::WhenContacted { node: at.clone() }
            };
            betray(s, &att.nation, &def.nation, how);
            join_battle(s, at, rearguard, att, def, att_from, def_from);
            Done::Stopped {
                piece: name.to_owned(),
                at: at.clone(),
            }
        }
    }
}

fn set_inside(s: &mut Step, p: &Party) {
    for id in &p.armies {
        if let Some(a) = s.w.armies.get_mut(id) {
            a.inside = true;
        }
    }
}

/// Removes a side's diplomats, unmasked (G3c.5) before `by`, the side that met them.
/// Only the two sides learn it: that a marker was a diplomat is never told to anyone
/// else (G7.4).
fn reveal(s: &mut Step, p: &Party, by: &NationCode, at: &NodeCode) {
    for id in &p.diplomats {
        s.w.diplomats.remove(id);
        s.occ.refresh_diplomat(&s.w, id);
    }
    for who in [&p.nation, by] {
        s.event(
            Audience::Nation(who.clone()),
            "G3c.5",
            Happening::DiplomatRevealed {
                nation: p.nation.clone(),
                node: at.clone(),
            },
        );
    }
}

/// G3c.6: a side retreats one node: where its standing order says if that is free,
/// else the adjacent node nearest its own territory with no enemy force. Returns
/// whether it could.
fn retreat(s: &mut Step, p: &Party, at: &NodeCode) -> bool {
    let stance = stance_of(s, p);
    let Some(to) = retreat_node(s, &p.nation, at, stance.retreat_to.as_ref()) else {
        return false;
    };
    let phase = s.w.phase;
    for id in &p.armies {
        if let Some(a) = s.w.armies.get_mut(id) {
            a.node = to.clone();
            a.inside = false;
            a.arrived = Some(phase);
        }
        s.occ.refresh_army(&s.w, id);
        s.w.sieges.retain(|x| &x.besieger != id);
    }
    for id in &p.diplomats {
        if let Some(d) = s.w.diplomats.get_mut(id) {
            d.node = to.clone();
        }
        s.occ.refresh_diplomat(&s.w, id);
    }
    s.event(
        Audience::Nation(p.nation.clone()),
        "G3c.6",
        Happening::Retreated {
            nation: p.nation.clone(),
            from: at.clone(),
            to,
            draw: false,
        },
    );
    true
}

/// G3c.6: where a force of `nation` at `at` retreats: `preferred` if it is adjacent and
/// free of other nations' forces, else the free adjacent node nearest the nation's own
/// territory (ties by code); `None` when no adjacent node is free.
pub(in crate::rules) fn retreat_node(
    s: &Step,
    nation: &NationCode,
    at: &NodeCode,
    preferred: Option<&NodeCode>,
) -> Option<NodeCode> {
    let free: Vec<NodeCode> =
        s.c.map
            .neighbours(at.as_str())
            .filter(|x| other_forces(s, x, nation).is_empty())
            .cloned()
            .collect();
    if let Some(p) = preferred.filter(|p| free.contains(p)) {
        return Some(p.clone());
    }
    free.iter()
        .min_by_key(|x| (distance_home(s, x, nation), (*x).clone()))
        .cloned()
}

/// Steps by road from `node` to the nearest node the nation owns (0 if it owns it).
fn distance_home(s: &Step, node: &NodeCode, nation: &NationCode) -> usize {
    let mut seen = BTreeSet::from([node.clone()]);
    let mut queue = VecDeque::from([(node.clone(), 0usize)]);
    while let Some((x, d)) = queue.pop_front() {
        if s.w.nodes.get(&x).is_some_and(|y| &y.owner == nation) {
            return d;
        }
        for y in s.c.map.neighbours(x.as_str()) {
            if seen.insert(y.clone()) {
                queue.push_back((y.clone(), d + 1));
            }
        }
    }
    usize::MAX
}

/// G3c.7: records a battle (or rearguard action) for the table; both sides stay.
fn join_battle(
    s: &mut Step,
    at: &NodeCode,
    rearguard: bool,
    att: &Party,
    def: &Party,
    att_from: Option<NodeCode>,
    def_from: Option<NodeCode>,
) {
    let side = |s: &Step, p: &Party, came_from: Option<NodeCode>| BattleSide {
        nation: p.nation.clone(),
        armies: p.armies.clone(),
        ducats: p.armies.iter().map(|id| s.w.armies[id].value).sum(),
        sapper: p.armies.iter().any(|id| s.w.armies[id].sapper),
        commander_killed: p
            .armies
            .iter()
            .any(|id| s.w.armies[id].stunned == Some(s.w.phase)),
        came_from,
    };
    let round = s.w.phase.round().unwrap_or(0);
    let base = format!("{}-r{round:02}-{at}", s.w.phase.year);
    let taken =
        s.w.battles
            .iter()
            .filter(|b| b.id == base || b.id.starts_with(&format!("{base}-")))
            .count();
    let id = if taken == 0 {
        base
    } else {
        format!("{base}-{}", taken + 1)
    };
    let battle =
        Battle {
            id: id.clone(),
            kind: if rearguard {
                BattleKind::Rearguard
            } else {
                BattleKind::Battle
            },
            node: at.clone(),
            phase: s.w.phase,
            attacker: side(s, att, att_from),
            defender: side(s, def, def_from),
            fortified: s.w.nodes.get(at).is_some_and(|x| {
                x.owner == def.nation && x.fortification == Fortification::Fortified
            }),
        };
    s.w.battles.push(battle);
    for who in [&att.nation, &def.nation] {
        s.event(
            Audience::Nation(who.clone()),
            "G3c.7",
            Happening::BattlePending {
                id: id.clone(),
                node: at.clone(),
                attacker: att.nation.clone(),
                defender: def.nation.clone(),
                rearguard,
            },
        );
    }
}
