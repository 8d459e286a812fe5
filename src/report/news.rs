//! A battle's news by mail, in words: the update each side receives once its result is
//! applied (what happened, where its forces stand now, what becomes of orders already
//! sent), the notice that two clubs' results differ, and the receipt's line on a result
//! a club sent. Built from the club's own world and the events it may be told.

use crate::rules::battles::{BattleOutcome, ResultSource};
use crate::rules::outcome::Event;
use crate::rules::tables::Lang;
use crate::rules::world::Battle;
use crate::rules::{Campaign, NationCode, World};
use crate::t;
use crate::words::Words;
use crate::words::explain::{nation_name, node_name};

/// What an update says beyond the events.
pub struct Update<'a> {
    pub campaign: &'a Campaign,
    pub battle: &'a Battle,
    /// The game the battle's card went out with (the ruleset's name), when known.
    pub game: Option<&'a str>,
    /// The share of a reduced unit's value its side loses, when the game is known.
    pub reduced_percent: Option<u32>,
    pub outcome: &'a BattleOutcome,
    /// Why an auto-resolve ended as it did, as the catalogue words it (worded in the
    /// club's language; without it, the outcome's reason as stored).
    pub account: Option<&'a crate::battle::result::Account>,
    /// The result the club mailed, set aside by the ruling or auto-resolve that counts
    /// (`rules::visibility::set_aside_for`).
    pub set_aside: Option<crate::rules::visibility::SetAside<'a>>,
    /// The events of the step the club may be told (`rules::visibility::events_for`).
    pub events: &'a [&'a Event],
    /// The club's own world after the step (`rules::visibility::club_world`).
    pub world: &'a World,
    pub nation: &'a NationCode,
    pub lang: Lang,
    pub phase_name: &'a str,
    pub deadline: Option<&'a str>,
    /// The deadline has passed: the phase is resolved next, it takes no more orders.
    pub deadline_passed: bool,
    /// It has not, but every club's orders are in under `[run] early`: the phase is
    /// resolved next all the same (`deadline_passed` is set too).
    pub early: bool,
    /// When the club's active orders for the phase arrived, if it has sent any.
    pub orders_sent: Option<&'a str>,
    /// The name of the attached order file.
    pub sheet: &'a str,
    /// The referee had the game resolve the battle (`giglio battle auto`), not the
    /// clubs' results nor its play-by date: the clubs are told so, and why.
    pub referee_auto: Option<RefereeAuto<'a>>,
}

/// What the clubs are told of an auto-resolve the referee ordered: a play-test's clubs,
/// whose battle's play-by date was days ahead, read only that the game had resolved it.
#[derive(Clone, Copy, Debug)]
pub struct RefereeAuto<'a> {
    /// The referee's words (`--reason`), told word for word; empty when none was given.
    pub reason: &'a str,
    /// The battle's play-by date, as clubs read times, while it had not yet passed.
    pub play_by: Option<&'a str>,
}

/// The line on an auto-resolve the referee ordered, if this one was.
fn referee_auto_of(w: &Words, l: Lang, u: &Update) -> Option<String> {
    let r = u
        .referee_auto
        .filter(|_| u.outcome.source == ResultSource::Auto)?;
    let reason = sentence(r.reason);
    Some(t!(
        w,
        l,
        "news-update-auto-by-referee",
        play_by = r.play_by.unwrap_or("none"),
        has_reason = if reason.is_empty() { "no" } else { "yes" },
        reason = reason
    ))
}

/// What the notice to a club a battle's result concerns, though it did not fight it,
/// says (a battle of its own at the place lapsed: `battle_lapses_when_a_side_is_gone`).
pub struct Bystander<'a> {
    pub campaign: &'a Campaign,
    pub battle: &'a Battle,
    /// The events of the step the club may be told, one at least its own.
    pub events: &'a [&'a Event],
    pub lang: Lang,
    pub phase_name: &'a str,
    /// The name of the fresh order file attached, while the phase takes orders.
    pub sheet: Option<&'a str>,
}

/// A battle's id as the mail about it names it: a rearguard action says so beside its
/// id (`1494-r03-M5 (azione di retroguardia)`), which a play-test's club read as a
/// battle it had not been in.
fn id_said(w: &Words, l: Lang, b: &Battle) -> String {
    match b.kind {
        crate::rules::world::BattleKind::Battle => b.id.clone(),
        crate::rules::world::BattleKind::Rearguard => {
            format!("{} ({})", b.id, w.plain(l, "battle-card-kind-rearguard"))
        }
    }
}

/// Returns the subject and text of the notice to a club a result concerns though it
/// was not a side of the battle (see [`Bystander`]).
pub fn bystander(w: &Words, b: &Bystander) -> (String, String) {
    let (l, c, battle) = (b.lang, b.campaign, b.battle);
    let subject = t!(
        w,
        l,
        "news-bystander-subject",
        battle = id_said(w, l, battle)
    );
    let mut text = t!(
        w,
        l,
        "news-bystander-head",
        battle = id_said(w, l, battle),
        node = node_name(c, battle.node.as_str()),
        attacker = nation_name(c, &battle.attacker.nation, l),
        defender = nation_name(c, &battle.defender.nation, l),
        phase = b.phase_name
    );
    text.push('\n');
    let say = crate::words::explain::Explain::new(w.clone(), c);
    for e in b.events {
        text.push_str(&format!(
            "- {}\n",
            crate::rules::say::Say::happening(&say, &e.what, l)
        ));
    }
    text.push('\n');
    text.push_str(&t!(w, l, "news-bystander-rest", phase = b.phase_name));
    text.push('\n');
    if let Some(sheet) = b.sheet {
        text.push('\n');
        text.push_str(&t!(w, l, "news-bystander-sheet", sheet = sheet));
        text.push('\n');
    }
    (subject, text)
}

/// A result in words: the winner (or a draw) and each side's loss, nations by their
/// names where the campaign is given (a receipt echoes the club's own file by codes).
pub(crate) fn result(
    w: &Words,
    l: Lang,
    b: &Battle,
    o: &BattleOutcome,
    names: Option<&Campaign>,
) -> String {
    let name = |n: &NationCode| names.map_or_else(|| n.to_string(), |c| nation_name(c, n, l));
    let losses = t!(
        w,
        l,
        "news-losses",
        attacker = name(&b.attacker.nation),
        attacker_loss = o.attacker_loss,
        defender = name(&b.defender.nation),
        defender_loss = o.defender_loss
    );
    match &o.winner {
        Some(n) => t!(w, l, "news-result", winner = name(n), losses = losses),
        None => t!(w, l, "news-result-draw", losses = losses),
    }
}

/// The notice of a battle auto-resolved while results wait for the next resolution
/// (`battle_results_at_once` off): its result, that it counts from that resolution,
/// and, to a club whose mailed result it sets aside, which one and why. Returns the
/// subject and text.
pub fn settled_later(w: &Words, l: Lang, u: &Update, phase_name: &str) -> (String, String) {
    let b = u.battle;
    let subject = t!(w, l, "news-later-subject", battle = id_said(w, l, b));
    let mut parts = vec![t!(
        w,
        l,
        "news-later-head",
        battle = id_said(w, l, b),
        node = node_name(u.campaign, b.node.as_str()),
        game = u.game.unwrap_or("-"),
        result = result(w, l, b, u.outcome, Some(u.campaign)),
        phase = phase_name
    )];
    parts.extend(referee_auto_of(w, l, u));
    parts.extend(set_aside_of(w, l, u));
    (subject, format!("{}\n", parts.join("\n\n")))
}

/// The paragraph on the club's mailed result an update or notice sets aside, if any.
fn set_aside_of(w: &Words, l: Lang, u: &Update) -> Option<String> {
    let s = u.set_aside?;
    let b = u.battle;
    // The other side may be a neutral nation, which sends no result (G0).
    let other = if b.attacker.nation == *u.nation {
        &b.defender.nation
    } else {
        &b.attacker.nation
    };
    Some(set_aside(
        (w, l, Some(u.campaign)),
        b,
        &s,
        (u.outcome, u.account),
        !u.world.is_club(other.as_str()),
    ))
}

/// Returns the update's subject and text.
pub fn update(w: &Words, u: &Update) -> (String, String) {
    let (l, c, b) = (u.lang, u.campaign, u.battle);
    let subject = t!(w, l, "news-update-subject", battle = id_said(w, l, b));
    let source = w.plain(
        l,
        match u.outcome.source {
            ResultSource::Table => "news-source-table",
            ResultSource::Auto => "news-source-auto",
            ResultSource::Referee => "news-source-referee",
        },
    );
    let mut parts = vec![t!(
        w,
        l,
        "news-update-head",
        battle = id_said(w, l, b),
        node = node_name(c, b.node.as_str()),
        phase = u.phase_name,
        source = source,
        game = u.game.unwrap_or("-"),
        result = result(w, l, b, u.outcome, Some(c))
    )];
    // How hits became ducats: without it a side that took hits and lost nothing reads
    // as a mistake (a reduced unit costs nothing when the game's share is 0).
    if let Some(percent) = u.reduced_percent {
        parts.push(t!(w, l, "news-losses-how", percent = percent));
    }
    // The card says a result giglio resolves with stand-in tables is marked provisional:
    // the update marks it (a play-test looked for the word and found none).
    if u.outcome.provisional {
        parts.push(w.plain(l, "news-update-provisional"));
    }
    parts.extend(referee_auto_of(w, l, u));
    match set_aside_of(w, l, u) {
        Some(line) => parts.push(line),
        // A ruling's reason, told once: with the club's own result set aside, that
        // line gives it.
        None if u.outcome.source == ResultSource::Referee
            && !u.outcome.reason.trim().is_empty() =>
        {
            parts.push(t!(
                w,
                l,
                "news-update-ruling-reason",
                reason = sentence(&u.outcome.reason)
            ));
        }
        // How the game decided an auto-resolve no club's result was set aside by: a
        // play-test's winner had lost more than the other side, and nothing said why.
        None if u.outcome.source == ResultSource::Auto => {
            let worded = u
                .account
                .and_then(|a| super::account::account_words(w, l, a));
            let reason = sentence(worded.as_deref().unwrap_or(&u.outcome.reason));
            if !reason.is_empty() {
                parts.push(t!(w, l, "news-update-auto-reason", reason = reason));
            }
        }
        None => {}
    }
    let mut happened = format!("{}\n", w.plain(l, "news-update-happened"));
    // Places by their names, as in the reports.
    let say = crate::words::explain::Explain::new(w.clone(), c);
    for e in u.events {
        happened.push_str(&format!(
            "- {}\n",
            crate::rules::say::Say::happening(&say, &e.what, l)
        ));
    }
    parts.push(happened.trim_end().to_owned());
    parts.push(forces(w, c, u.world, u.nation, l));
    parts.push(match (u.orders_sent, u.deadline) {
        // The round is resolved in this same pass: its orders can no longer change.
        (Some(received), Some(_)) if u.deadline_passed => t!(
            w,
            l,
            if u.early {
                "news-update-orders-sent-early"
            } else {
                "news-update-orders-sent-passed"
            },
            phase = u.phase_name,
            received = received
        ),
        (Some(received), _) => t!(
            w,
            l,
            "news-update-orders-sent",
            phase = u.phase_name,
            received = received,
            sheet = u.sheet
        ),
        (None, Some(_)) if u.deadline_passed => {
            t!(w, l, "news-update-orders-passed", phase = u.phase_name)
        }
        (None, Some(deadline)) => t!(
            w,
            l,
            "news-update-orders-due",
            phase = u.phase_name,
            deadline = deadline,
            sheet = u.sheet
        ),
        (None, None) => t!(
            w,
            l,
            "news-update-orders-open",
            phase = u.phase_name,
            sheet = u.sheet
        ),
    });
    (subject, format!("{}\n", parts.join("\n\n")))
}

/// A reason put into a sentence that ends it: without the full stop its writer may
/// have given it (a referee's "equal losses." read "equal losses..").
fn sentence(reason: &str) -> &str {
    reason.trim().trim_end_matches('.').trim_end()
}

/// Why the result the club mailed does not count: the referee's ruling or the
/// auto-resolve does (G3c.7), with the reason given (an auto-resolve's account in the
/// club's words, else the reason as stored), and whether the two agree.
fn set_aside(
    (w, l, names): (&Words, Lang, Option<&Campaign>),
    b: &Battle,
    s: &crate::rules::visibility::SetAside,
    (counted, account): (&BattleOutcome, Option<&crate::battle::result::Account>),
    neutral: bool,
) -> String {
    use crate::rules::visibility::ClubsResults;
    let by = match counted.source {
        ResultSource::Referee => "referee",
        _ => "auto",
    };
    let worded = account.and_then(|a| super::account::account_words(w, l, a));
    let reason = sentence(worded.as_deref().unwrap_or(&counted.reason));
    t!(
        w,
        l,
        "news-update-set-aside",
        battle = id_said(w, l, b),
        // The result the club wrote, its nations by name (a play-test's club read
        // "M wins; losses: M 40" and had to look the codes up).
        mine = result(w, l, b, s.mine, names),
        by = by,
        clubs = match s.clubs {
            ClubsResults::OtherMissing if neutral => "neutral",
            ClubsResults::OtherMissing => "other_missing",
            ClubsResults::Disputed => "disputed",
            ClubsResults::Agreed => "agreed",
        },
        reason = if reason.is_empty() { "none" } else { reason },
        same = if crate::rules::battles::same_result(s.mine, counted) {
            "true"
        } else {
            "false"
        }
    )
}

/// The club's armies and where each stands now, in natural order.
fn forces(w: &Words, c: &Campaign, world: &World, nation: &NationCode, l: Lang) -> String {
    let mut armies: Vec<_> = world.armies_of(nation.as_str()).collect();
    armies.sort_by(|a, b| crate::rules::ids::natural_cmp(a.id.as_str(), b.id.as_str()));
    if armies.is_empty() {
        return w.plain(l, "news-update-no-army");
    }
    let mut out = format!("{}\n", w.plain(l, "news-update-forces"));
    for a in armies {
        // An army aboard is where its fleet is (a play-test read one at sea in port).
        let fleet = (a.aboard.as_ref()).and_then(|f| world.fleets.get(f));
        let line = match fleet {
            Some(f) => {
                let at = match &f.at {
                    crate::rules::world::FleetAt::Port(p) => p.to_string(),
                    crate::rules::world::FleetAt::Sea(z) => z.to_string(),
                };
                t!(
                    w,
                    l,
                    "news-update-army-aboard",
                    army = a.id.as_str(),
                    fleet = f.id.as_str(),
                    at = c.place_said_in(&at, l),
                    sea = if c.map.node(&at).is_none() {
                        "yes"
                    } else {
                        "no"
                    },
                    value = a.value
                )
            }
            None => t!(
                w,
                l,
                "news-update-army",
                army = a.id.as_str(),
                node = node_name(c, a.node.as_str()),
                value = a.value
            ),
        };
        out.push_str(&format!("- {line}\n"));
    }
    out.trim_end().to_owned()
}

/// Returns the subject and text of the notice that the two clubs' results of a battle
/// differ: both results side by side, to both clubs and the referee.
pub fn dispute(
    w: &Words,
    l: Lang,
    c: &Campaign,
    b: &Battle,
    attacker: &BattleOutcome,
    defender: &BattleOutcome,
    play_by: Option<&str>,
) -> (String, String) {
    let subject = t!(w, l, "news-dispute-subject", battle = id_said(w, l, b));
    let line = |n: &NationCode, o: &BattleOutcome| {
        t!(
            w,
            l,
            "news-dispute-line",
            club = c.nation_said(n.as_str(), l),
            result = result(w, l, b, o, Some(c))
        )
    };
    let text = [
        t!(
            w,
            l,
            "news-dispute-head",
            battle = id_said(w, l, b),
            node = node_name(c, b.node.as_str())
        ),
        format!(
            "- {}\n- {}",
            line(&b.attacker.nation, attacker),
            line(&b.defender.nation, defender)
        ),
        // What happens if they never agree: the campaign's play-by date and fallback
        // (G3c.7), else the referee's ruling.
        match play_by {
            Some(date) => t!(
                w,
                l,
                "news-dispute-next-by",
                date = date,
                fallback = match c.tables.rulings.battle_fallback {
                    crate::rules::tables::BattleFallback::Auto => "auto",
                    crate::rules::tables::BattleFallback::Hold => "hold",
                }
            ),
            None => w.plain(l, "news-dispute-next"),
        },
    ];
    (subject, format!("{}\n", text.join("\n\n")))
}

/// Where a battle stands after a club's result arrived, for its receipt.
pub(crate) enum Standing<'a> {
    /// Recorded; the other club's result is awaited.
    Waiting { other: &'a NationCode },
    /// Recorded; the other side is a neutral nation, which sends none (G0): the referee
    /// decides, confirming it with a ruling or auto-resolving the battle.
    Neutral { other: &'a NationCode },
    /// Both agree and it is applied: an update follows.
    Applied { other: &'a NationCode },
    /// Both agree; it is applied when the phase is resolved.
    Agreed { other: &'a NationCode },
    /// The two differ: both clubs and the referee are told.
    Disputed { other: &'a NationCode },
    /// A ruling or an auto-resolve already stands: recorded, it changes nothing.
    Overruled,
}

/// The receipt's line on a result the club sent.
pub(crate) fn receipt_line(
    (w, c): (&Words, &Campaign),
    l: Lang,
    b: &Battle,
    mine: &BattleOutcome,
    s: &Standing,
) -> String {
    let (id, other) = match s {
        Standing::Waiting { other } => ("news-receipt-waiting", Some(other)),
        Standing::Neutral { other } => ("news-receipt-neutral", Some(other)),
        Standing::Applied { other } => ("news-receipt-applied", Some(other)),
        Standing::Agreed { other } => ("news-receipt-agreed", Some(other)),
        Standing::Disputed { other } => ("news-receipt-disputed", Some(other)),
        Standing::Overruled => ("news-receipt-overruled", None),
    };
    t!(
        w,
        l,
        id,
        battle = id_said(w, l, b),
        // Its nations by name too (a play-test read "F wins; losses: F 20 ducats").
        result = result(w, l, b, mine, Some(c)),
        // The other side by its name ("Genova is a neutral nation", not "G").
        other = other.map_or(String::new(), |o| nation_name(c, o, l))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::calendar::{Phase, PhaseId};
    use crate::rules::visibility::{ClubsResults, SetAside, set_aside_for};
    use crate::rules::world::{BattleKind, BattleSide};

    fn battle() -> Battle {
        let side = |n: &str| BattleSide {
            nation: NationCode::from(n),
            armies: Vec::new(),
            ducats: 200,
            sapper: false,
            commander_killed: false,
            came_from: None,
        };
        Battle {
            id: "1494-r01-F7".into(),
            kind: BattleKind::Battle,
            node: "F7".into(),
            phase: PhaseId {
                year: 1494,
                phase: Phase::Round(1),
            },
            attacker: side("V"),
            defender: side("F"),
            fortified: false,
        }
    }

    fn outcome(winner: &str, v: i64, f: i64, source: ResultSource, reason: &str) -> BattleOutcome {
        BattleOutcome {
            battle: "1494-r01-F7".into(),
            winner: Some(NationCode::from(winner)),
            attacker_loss: v,
            defender_loss: f,
            source,
            provisional: false,
            reason: reason.into(),
        }
    }

    /// A play-test's club read the update of a rearguard action as news of a battle it
    /// had not fought: the mail names the action's kind beside its id.
    #[test]
    fn a_rearguard_action_is_named_as_one() {
        let w = Words::load(None).expect("catalogue");
        let mut b = battle();
        assert_eq!(id_said(&w, Lang::It, &b), "1494-r01-F7");
        b.kind = BattleKind::Rearguard;
        assert_eq!(
            id_said(&w, Lang::It, &b),
            "1494-r01-F7 (azione di retroguardia)"
        );
        assert_eq!(id_said(&w, Lang::En, &b), "1494-r01-F7 (rearguard action)");
    }

    /// Issue 29: the result a club mailed and that a ruling or an auto-resolve set aside
    /// is told with what counts instead and why, in both languages; only the club's own,
    /// and nothing when the clubs' agreeing results count.
    #[test]
    fn a_result_set_aside_says_what_counts_instead_and_why() {
        let w = Words::load(None).expect("catalogue");
        let b = battle();
        let mine = outcome("V", 50, 120, ResultSource::Table, "");
        let theirs = outcome("F", 60, 10, ResultSource::Table, "");
        let mailed = vec![
            (NationCode::from("V"), mine.clone()),
            (NationCode::from("F"), theirs),
        ];
        let auto = outcome("V", 50, 120, ResultSource::Auto, "the defender routed");
        let s = set_aside_for(&mailed, &auto, &NationCode::from("V")).expect("set aside");
        assert_eq!(
            s,
            SetAside {
                mine: &mine,
                clubs: ClubsResults::Disputed
            }
        );
        assert_eq!(
            set_aside((&w, Lang::En, None), &b, &s, (&auto, None), false),
            "The result you mailed for battle 1494-r01-F7 (V wins; losses: V 50 ducats, F 120 ducats) is set aside: the battle was resolved automatically by the tactical game's own mechanics, and that counts over the clubs' results (G3c.7), as the two clubs' results differed. How the game decided it: the defender routed. It gives the same result as yours."
        );
        // An auto-resolve's account is worded in the club's language; without one (a
        // result stored before accounts were kept), the stored reason is told.
        let fortress = crate::battle::result::Account::new("mon-fortress")
            .num("hits_a", 6)
            .num("hits_b", 7);
        let it = set_aside(
            (&w, Lang::It, None),
            &b,
            &s,
            (&auto, Some(&fortress)),
            false,
        );
        assert!(
            it.ends_with("Come l'ha decisa il gioco: MON §7.5 fortezza: il difensore subisce una perdita in più invece di ritirarsi, e l'attaccante si ritira (colpi subiti: A, l'attaccante, 6; B, il difensore, 7). Dà lo stesso risultato del vostro."),
            "{it}"
        );
        assert!(
            set_aside((&w, Lang::It, None), &b, &s, (&auto, None), false)
                .contains("Come l'ha decisa il gioco: the defender routed.")
        );
        let unknown = crate::battle::result::Account::new("a-later-one");
        assert!(
            set_aside((&w, Lang::It, None), &b, &s, (&auto, Some(&unknown)), false)
                .contains("Come l'ha decisa il gioco: the defender routed.")
        );
        let ruling = outcome("F", 70, 0, ResultSource::Referee, "");
        let s = set_aside_for(&mailed[..1], &ruling, &NationCode::from("V")).expect("set aside");
        assert_eq!(
            set_aside((&w, Lang::It, None), &b, &s, (&ruling, None), false),
            "Il risultato che avete mandato per la battaglia 1494-r01-F7 (vince V; perdite: V 50 ducati, F 120 ducati) è messo da parte: la decisione dell'arbitro vale sopra i risultati dei club (G3c.7), perché il risultato dell'altro club non era arrivato."
        );
        // Against a neutral nation no other club sends a result: the reason says so.
        assert!(
            set_aside((&w, Lang::It, None), &b, &s, (&ruling, None), true).contains(
                "perché l'altra parte è una nazione neutrale, che non manda risultati (regola G0)."
            )
        );
        // Florence sent none here: nothing of Venice's is told to it.
        assert_eq!(
            set_aside_for(&mailed[..1], &ruling, &NationCode::from("F")),
            None
        );
        // The clubs' agreeing results count: nothing is set aside.
        let table = outcome("V", 50, 120, ResultSource::Table, "");
        assert_eq!(set_aside_for(&mailed, &table, &NationCode::from("V")), None);
    }

    /// An auto-resolve with stand-in tables is marked provisional in the update, as the
    /// battle card says it will be (play-test 7); an auto-resolve no club's result was
    /// set aside by says how the game decided it, without a doubled full stop.
    #[test]
    fn an_update_marks_a_provisional_result_and_tells_the_games_reason() {
        let w = Words::load(None).expect("catalogue");
        let c = crate::scenario::load(&crate::scenario::Source::builtin("il-giglio").unwrap())
            .expect("loads");
        let world = World::start(&c, &[NationCode::from("V"), NationCode::from("F")]);
        let b = battle();
        let mut auto = outcome("V", 50, 120, ResultSource::Auto, "the defender routed.");
        auto.provisional = true;
        let v = NationCode::from("V");
        let u = Update {
            campaign: &c,
            battle: &b,
            game: None,
            reduced_percent: None,
            outcome: &auto,
            account: None,
            set_aside: None,
            events: &[],
            world: &world,
            nation: &v,
            lang: Lang::En,
            phase_name: "round 2 (April) of 1494",
            deadline: None,
            deadline_passed: false,
            early: false,
            orders_sent: None,
            sheet: "orders-V-1494-r02.toml",
            referee_auto: None,
        };
        let (_, text) = update(&w, &u);
        assert!(
            text.contains("PROVISIONAL: the game was resolved with stand-in tables"),
            "{text}"
        );
        assert!(!text.contains("The referee had the game"), "{text}");
        let by_referee = Update {
            referee_auto: Some(RefereeAuto {
                reason: "the table could not meet.",
                play_by: Some("2026-12-08 21:00"),
            }),
            ..u
        };
        let (_, told) = update(&w, &by_referee);
        assert!(
            told.contains("The referee had the game resolve this battle before its play-by date (2026-12-08 21:00), without waiting for the clubs' results. The referee's reason: the table could not meet.\n"),
            "{told}"
        );
        assert!(
            text.contains("How the game decided it: the defender routed.\n"),
            "{text}"
        );
        let plain = outcome("V", 50, 120, ResultSource::Auto, "the defender routed.");
        let (_, text) = update(
            &w,
            &Update {
                outcome: &plain,
                ..u
            },
        );
        assert!(!text.contains("PROVISIONAL"), "{text}");
        // Under `[run] early` with every club's orders in, the round goes next: the
        // update says so, not "send a new file" (a play-test) nor "the deadline passed".
        let (_, text) = update(
            &w,
            &Update {
                outcome: &plain,
                deadline: Some("2026-12-10 21:00 Europe/Rome"),
                deadline_passed: true,
                early: true,
                orders_sent: Some("2026-12-08 10:00 Europe/Rome"),
                ..u
            },
        );
        assert!(
            text.contains(
                "every club's orders are in: the round is resolved now, before its deadline"
            ),
            "{text}"
        );
        assert!(!text.contains("deadline has passed"), "{text}");
    }

    /// An army aboard is listed where its fleet is: a play-test's update put one at sea
    /// in the port it had left.
    #[test]
    fn an_army_aboard_is_listed_where_its_fleet_is() {
        use crate::rules::world::FleetAt;
        let w = Words::load(None).expect("catalogue");
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign loads");
        let codes: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
        let mut world = World::start(&c, &codes);
        let v = NationCode::from("V");
        let fleet = (world.fleets_of("V").next()).expect("a fleet").id.clone();
        let army = (world.armies_of("V").next()).expect("an army").id.clone();
        let sea = c.map.seas().next().expect("a sea zone").code.clone();
        let f = world.fleets.get_mut(&fleet).expect("the fleet");
        f.at = FleetAt::Sea(sea.clone());
        f.cargo = Some(army.clone());
        world.armies.get_mut(&army).expect("the army").aboard = Some(fleet.clone());
        let text = forces(&w, &c, &world, &v, Lang::En);
        let at = c.place_said_in(sea.as_str(), Lang::En);
        assert!(
            text.contains(&format!("- {army} aboard {fleet}, in the {at}: ")),
            "{text}"
        );
    }
}
