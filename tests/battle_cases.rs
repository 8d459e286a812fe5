//! Battle cases as data: `tests/cases/battle/<game>/*.toml`, each a game (ruleset and
//! readings), a situation in the game's own words, scripted dice and what must follow,
//! walked by one runner through the library's public battle API, as the campaign's
//! rules cases are. The format is in `tests/cases/battle/README.md`.
//!
//! A case fails with its file name and every expectation that differed. To write a
//! case, run it with `GIGLIO_CASE_TRACE=<file name>` to print the rolls it asked for.

use giglio::battle::card::{Card, CardSide, Leader, NodeKind, Place, SideSpec, Terrain, Unit};
use giglio::battle::result::{TacticalResult, Winner};
use giglio::battle::ruleset::{Game, Ruleset};
use giglio::rules::dice::{Dice, Roll, ScriptedDice, ScriptedRoll};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where the cases live, one folder per game.
const GAMES: [(&str, Game); 4] = [
    ("mon", Game::Mon),
    ("leg", Game::Leg),
    ("ott", Game::Ott),
    ("pia", Game::Pia),
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    description: String,
    /// Where the example comes from (the game's rulebook section, or the audit).
    source: String,
    /// The ruleset file under `campaigns/il-giglio/rulesets/`.
    ruleset: String,
    /// READING switches chosen for this battle (over the ruleset's).
    #[serde(default)]
    readings: BTreeMap<String, String>,
    #[serde(default)]
    place: PlaceCase,
    attacker: SideCase,
    defender: SideCase,
    /// The dice, in the order rolled; every one must be used, and none more.
    #[serde(default)]
    rolls: Vec<RollCase>,
    /// Instead of dice: every sequence of faces, with its probability.
    #[serde(default)]
    exact: Option<Exact>,
    /// Legnano: one combat of units already in contact, instead of a whole battle.
    #[serde(default)]
    combat: Option<CombatCase>,
    /// Ottaggio: one melee, the attacker in the defender's hex, instead of a battle.
    #[serde(default)]
    melee: Option<MeleeCase>,
    /// Piacenza: one formation's first move (the unit named), instead of a battle.
    #[serde(default)]
    first_move: Option<String>,
    #[serde(default)]
    expect: Expect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, default)]
struct PlaceCase {
    /// `battle` or `rearguard` (G3c.9).
    battle: String,
    /// `city`, `fortress`, `village` or `open` (at no node).
    kind: String,
    terrain: String,
    fortified: bool,
    /// The defender fights from inside its works (a siege assault).
    defender_inside: bool,
    /// A node of the map, for the record (`SI0`).
    node: String,
    name: String,
    month: String,
}

impl Default for PlaceCase {
    fn default() -> Self {
        PlaceCase {
            battle: "battle".into(),
            kind: "village".into(),
            terrain: "plain".into(),
            fortified: false,
            defender_inside: false,
            node: "X1".into(),
            name: "X".into(),
            month: "May".into(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideCase {
    /// Without `units`: the order of battle is built from the ruleset's templates for
    /// this many ducats, as for a campaign battle (§0.5).
    #[serde(default)]
    ducats: Option<i64>,
    /// G2b.5: its commander was killed in the campaign.
    #[serde(default)]
    commander_killed: bool,
    #[serde(default)]
    units: Vec<UnitCase>,
    #[serde(default)]
    leaders: Vec<LeaderCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitCase {
    /// Default: `A-U1`, `A-U2`… in the order listed (B for the defender).
    #[serde(default)]
    id: Option<String>,
    kind: String,
    #[serde(default)]
    name: Option<String>,
    /// Ducats the unit stands for (what the campaign loses with it).
    value: i64,
    /// So many such units, numbered on.
    #[serde(default)]
    count: Option<usize>,
    #[serde(default)]
    ratings: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaderCase {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    ratings: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RollCase {
    Face(u8),
    Named {
        /// The roll's event without `<game>/<battle>/` (`r1/A-U1`, `t1/c1/crt`).
        #[serde(rename = "for")]
        event: String,
        face: u8,
        /// A part of what the roll says it was for: the value fired at, the odds
        /// column and modifiers of a CRT roll…
        #[serde(default)]
        says: Option<String>,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Exact {
    /// The probability of each end: a fraction (`"5/16"`), a decimal (`"0.3125"`) or a
    /// percentage (`"11.1%"`), right to the last digit written.
    #[serde(default)]
    attacker: Option<String>,
    #[serde(default)]
    defender: Option<String>,
    #[serde(default)]
    draw: Option<String>,
    /// The most sequences of faces the runner may walk (default 200 000).
    #[serde(default)]
    limit: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MeleeCase {
    attacker: String,
    defender: String,
    /// The row of the defender's hex (default 6, on the approach; the village's row, 11
    /// on the shipped table, puts the defender in its village).
    #[serde(default)]
    row: Option<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CombatCase {
    /// The attacking units, by id, in contact with the defender.
    attackers: Vec<String>,
    defender: String,
    /// For each attacker, the hexes between it and the defender when its move began
    /// (1: already adjacent, the default; 2–4 let cavalry charge).
    #[serde(default)]
    from_hexes: Vec<i32>,
    /// Leaders with a unit: leader id → unit id.
    #[serde(default)]
    leaders_with: BTreeMap<String, String>,
    /// Units already Disordered or Routed before the combat.
    #[serde(default)]
    disordered: Vec<String>,
    #[serde(default)]
    routed: Vec<String>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// `attacker`, `defender` or `draw`.
    winner: Option<String>,
    reason: Option<String>,
    reason_starts: Option<String>,
    turns: Option<u32>,
    /// Ducats each side loses in the campaign (G3c.7).
    losses: Option<Losses>,
    /// A PROVISIONAL stand-in table was used.
    provisional: Option<bool>,
    /// Each unit's end state, with the steps it lost when it has any: `ok`, `reduced/1`,
    /// `eliminated/2`, `disordered`, `routed`, `escaped`…
    #[serde(default)]
    units: BTreeMap<String, String>,
    /// Each leader's end state: `ok`, `killed`, `captured`, `replaced`.
    #[serde(default)]
    leaders: BTreeMap<String, String>,
    /// How many dice were rolled (with scripted dice every one is used anyway).
    rolls_used: Option<usize>,
    /// The battle cannot be fought: the error says this.
    error: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Losses {
    attacker: i64,
    defender: i64,
}

fn ruleset(id: &str) -> Result<Ruleset, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("campaigns/il-giglio/rulesets")
        .join(format!("{id}.toml"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("ruleset {id}: {e}"))?;
    Ruleset::parse(&text).map_err(|e| format!("ruleset {id}: {e}"))
}

/// The battle's id on the card: every roll's event starts `<game>/T/`.
const BATTLE: &str = "T";

fn card(case: &Case, rs: &Ruleset) -> Result<Card, String> {
    let p = &case.place;
    let place = Place {
        node: p.node.clone(),
        node_name: p.name.clone(),
        node_kind: NodeKind::from_key(&p.kind).ok_or_else(|| {
            format!(
                "`place.kind = {:?}`: not one of {:?}",
                p.kind,
                NodeKind::ALL.map(NodeKind::as_str)
            )
        })?,
        terrain: Terrain::from_key(&p.terrain).ok_or_else(|| {
            format!(
                "`place.terrain = {:?}`: not one of {:?}",
                p.terrain,
                Terrain::ALL.map(Terrain::as_str)
            )
        })?,
        fortified: p.fortified,
        month: p.month.clone(),
    };
    let b_role = if p.battle == "rearguard" {
        "rearguard"
    } else {
        "defender"
    };
    let spec = |s: &SideCase, nation: &str, role: &str| SideSpec {
        nation: nation.into(),
        club: nation.into(),
        role: role.into(),
        ducats: s.ducats.unwrap_or(0),
        sapper: false,
        commander_killed: s.commander_killed,
    };
    let kind = giglio::battle::card::BattleKind::from_key(&p.battle).unwrap_or_else(|| {
        panic!(
            "`battle = {:?}`: a case is a battle or a rearguard",
            p.battle
        )
    });
    let mut c = Card::build(
        BATTLE,
        kind,
        rs,
        place,
        [
            spec(&case.attacker, "A", "attacker"),
            spec(&case.defender, "B", b_role),
        ],
    );
    c.battle.defender_inside = p.defender_inside;
    c.battle.readings.extend(case.readings.clone());
    for (side, s) in c.sides.iter_mut().zip([&case.attacker, &case.defender]) {
        hand_built(side, s)?;
    }
    Ok(c)
}

/// Replaces a side's template-built order of battle with the case's own units and
/// leaders, when it lists them.
fn hand_built(side: &mut CardSide, s: &SideCase) -> Result<(), String> {
    if s.units.is_empty() {
        if s.ducats.is_none() {
            return Err(format!("side {}: give `ducats` or `units`", side.key));
        }
        if !s.leaders.is_empty() {
            return Err(format!("side {}: leaders need units", side.key));
        }
        return Ok(());
    }
    let mut units = Vec::new();
    for u in &s.units {
        for _ in 0..u.count.unwrap_or(1) {
            let id = match (&u.id, u.count) {
                (Some(id), None) => id.clone(),
                (Some(_), Some(_)) => return Err(format!("unit {:?}: `id` or `count`", u.id)),
                (None, _) => format!("{}-U{}", side.key, units.len() + 1),
            };
            units.push(Unit {
                name: u.name.clone().unwrap_or_else(|| id.clone()),
                id,
                kind: u.kind.clone(),
                ratings: u.ratings.clone(),
                campaign_value: u.value,
            });
        }
    }
    side.leaders = s
        .leaders
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let id =
                l.id.clone()
                    .unwrap_or_else(|| format!("{}-L{}", side.key, i + 1));
            Leader {
                name: l.name.clone().unwrap_or_else(|| id.clone()),
                id,
                ratings: l.ratings.clone(),
            }
        })
        .collect();
    side.ducats = s
        .ducats
        .unwrap_or_else(|| units.iter().map(|u| u.campaign_value).sum());
    side.units = units;
    side.oob = "club".into();
    side.unspent = 0;
    Ok(())
}

/// The event prefix of every roll of a battle of `game`.
fn prefix(game: &str) -> String {
    format!("{game}/{BATTLE}/")
}

fn scripted(case: &Case, game: &str) -> ScriptedDice {
    ScriptedDice::new(case.rolls.iter().map(|r| match r {
        RollCase::Face(value) => ScriptedRoll {
            event: None,
            value: *value,
        },
        RollCase::Named { event, face, .. } => ScriptedRoll {
            event: Some(format!("{}{event}", prefix(game))),
            value: *face,
        },
    }))
}

fn winner_word(w: Winner) -> &'static str {
    match w {
        Winner::A => "attacker",
        Winner::B => "defender",
        Winner::Draw => "draw",
    }
}

/// A serde enum's name in snake case (`Eliminated` → `eliminated`).
fn word(x: &impl serde::Serialize) -> String {
    serde_json::to_value(x)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Compares what a whole battle gave with what the case expects.
fn check_result(
    card: &Card,
    rs: &Ruleset,
    r: &TacticalResult,
    e: &Expect,
    log: &[Roll],
    out: &mut Vec<String>,
) {
    let mut differ = |what: &str, want: &dyn std::fmt::Debug, got: &dyn std::fmt::Debug| {
        out.push(format!("{what}: expected {want:?}, got {got:?}"));
    };
    if let Some(w) = &e.winner
        && w != winner_word(r.winner)
    {
        differ("winner", w, &winner_word(r.winner));
    }
    if let Some(want) = &e.reason
        && *want != r.reason
    {
        differ("reason", want, &r.reason);
    }
    if let Some(want) = &e.reason_starts
        && !r.reason.starts_with(want.as_str())
    {
        differ("reason starting", want, &r.reason);
    }
    if let Some(t) = e.turns
        && t != r.turns_played
    {
        differ("turns", &t, &r.turns_played);
    }
    if let Some(l) = &e.losses {
        let got = r.losses(card, rs.partial_loss_percent);
        if got != [l.attacker, l.defender] {
            differ(
                "losses [attacker, defender]",
                &[l.attacker, l.defender],
                &got,
            );
        }
    }
    if let Some(p) = e.provisional
        && p != r.provisional_tables_used
    {
        differ("provisional", &p, &r.provisional_tables_used);
    }
    for (id, want) in &e.units {
        let got = r.units.iter().find(|u| &u.id == id).map(|u| {
            if u.steps_lost == 0 {
                word(&u.state)
            } else {
                format!("{}/{}", word(&u.state), u.steps_lost)
            }
        });
        if got.as_deref() != Some(want.as_str()) {
            differ(&format!("unit {id}"), want, &got);
        }
    }
    for (id, want) in &e.leaders {
        let got = r
            .leaders
            .iter()
            .find(|l| &l.id == id)
            .map(|l| word(&l.state));
        if got.as_deref() != Some(want.as_str()) {
            differ(&format!("leader {id}"), want, &got);
        }
    }
    if let Some(n) = e.rolls_used
        && n != log.len()
    {
        differ("rolls used", &n, &log.len());
    }
}

/// Checks each named roll's `says` against what the roll said it was for.
fn check_says(case: &Case, log: &[Roll], out: &mut Vec<String>) {
    for (i, r) in case.rolls.iter().enumerate() {
        if let RollCase::Named {
            says: Some(want), ..
        } = r
        {
            match log.get(i) {
                Some(roll) if roll.purpose.contains(want.as_str()) => {}
                Some(roll) => out.push(format!(
                    "roll {} ({}): expected it to say {want:?}, it says {:?}",
                    i + 1,
                    roll.event,
                    roll.purpose
                )),
                None => out.push(format!("roll {} was never rolled", i + 1)),
            }
        }
    }
}

fn trace(name: &str, log: &[Roll]) {
    if std::env::var("GIGLIO_CASE_TRACE").is_ok_and(|t| name.contains(&t)) {
        for r in log {
            eprintln!(
                "{name}: {{ for = {:?}, face = {} }}  # d{} {}",
                r.event.split('/').skip(2).collect::<Vec<_>>().join("/"),
                r.value,
                r.sides,
                r.purpose
            );
        }
    }
}

/// Runs one case file; returns what differed (empty: the case holds).
fn run(path: &Path, game: &str, kind: Game) -> Vec<String> {
    let name = path.display().to_string();
    let case: Case = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| toml::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(c) => c,
        Err(e) => return vec![format!("cannot read the case: {e}")],
    };
    if case.description.trim().is_empty() || case.source.trim().is_empty() {
        return vec!["a case says what it pins (`description`) and where from (`source`)".into()];
    }
    let rs = match ruleset(&case.ruleset) {
        Ok(rs) => rs,
        Err(e) => return vec![e],
    };
    if rs.game != kind {
        return vec![format!(
            "ruleset {} is not a game of the folder {game}/",
            rs.id
        )];
    }
    let card = match card(&case, &rs) {
        Ok(c) => c,
        Err(e) => return vec![e],
    };
    let mut out = Vec::new();
    if let Some(x) = &case.exact {
        if !case.rolls.is_empty()
            || case.combat.is_some()
            || case.melee.is_some()
            || case.first_move.is_some()
        {
            return vec![
                "`exact` walks every roll and plays a whole battle: nothing else with it".into(),
            ];
        }
        match exact(&card, &rs, x.limit.unwrap_or(200_000)) {
            Ok(p) => {
                for (what, want, got) in [
                    ("attacker", &x.attacker, p[0]),
                    ("defender", &x.defender, p[1]),
                    ("draw", &x.draw, p[2]),
                ] {
                    if let Some(want) = want {
                        match close(want, got) {
                            Ok(true) => {}
                            Ok(false) => out.push(format!(
                                "exact probability of the {what}: expected {want}, got {got:.6} ({:.3}%)",
                                got * 100.0
                            )),
                            Err(e) => out.push(e),
                        }
                    }
                }
            }
            Err(e) => out.push(e),
        }
        return out;
    }
    let mut dice = scripted(&case, game);
    let resolved = match (&case.combat, &case.melee) {
        (None, None) => match &case.first_move {
            None => giglio::battle::auto_resolve(&card, &rs, &mut dice),
            Some(u) if kind == Game::Pia => {
                giglio::battle::pia::first_move(&card, &rs, &mut dice, u)
            }
            Some(_) => return vec!["`first_move` cases are Piacenza's".into()],
        },
        (None, Some(m)) if kind == Game::Ott => giglio::battle::ott::one_melee_at(
            &card,
            &rs,
            &mut dice,
            &m.attacker,
            &m.defender,
            m.row.unwrap_or(6),
        ),
        (None, Some(_)) => return vec!["`melee` cases are Ottaggio's".into()],
        (Some(c), None) if kind == Game::Leg => {
            let combat = giglio::battle::leg::Combat {
                attackers: c.attackers.clone(),
                defender: c.defender.clone(),
                from_hexes: c.from_hexes.clone(),
                leaders_with: c.leaders_with.clone(),
                disordered: c.disordered.clone(),
                routed: c.routed.clone(),
            };
            giglio::battle::leg::one_combat(&card, &rs, &mut dice, &combat)
        }
        (Some(_), None) => return vec!["`combat` cases are Legnano's".into()],
        (Some(_), Some(_)) => return vec!["a case is a `combat` or a `melee`, not both".into()],
    };
    trace(&name, dice.log());
    match (resolved, &case.expect.error) {
        (Ok(r), None) => check_result(&card, &rs, &r, &case.expect, dice.log(), &mut out),
        (Ok(_), Some(want)) => out.push(format!("expected the error {want:?}, it resolved")),
        (Err(e), Some(want)) if e.to_string().contains(want.as_str()) => {}
        (Err(e), _) => out.push(format!("error: {e}")),
    }
    check_says(&case, dice.log(), &mut out);
    out.extend(dice.problems().into_iter().map(|p| format!("dice: {p}")));
    out
}

/// Whether `got` is the probability written as `want`: a fraction exactly (to 1e-12),
/// a decimal or a percentage to half a unit of its last digit.
fn close(want: &str, got: f64) -> Result<bool, String> {
    let bad = || format!("cannot read the probability {want:?}");
    let w = want.trim();
    if let Some((n, d)) = w.split_once('/') {
        let n: f64 = n.trim().parse().map_err(|_| bad())?;
        let d: f64 = d.trim().parse().map_err(|_| bad())?;
        return Ok((n / d - got).abs() < 1e-12);
    }
    let (digits, scale) = match w.strip_suffix('%') {
        Some(p) => (p.trim(), 100.0),
        None => (w, 1.0),
    };
    let value: f64 = digits.parse().map_err(|_| bad())?;
    let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len());
    let half = 0.5 * 10f64.powi(-(decimals as i32));
    Ok((got * scale - value).abs() <= half + 1e-12)
}

/// Dice that walk every sequence of faces, one run a path: a run follows its path of
/// forced faces and rolls 1 past its end; the next path is the last face that can still
/// go up, gone up. Exact odds of a battle small enough, with no sampling.
struct PathDice {
    path: Vec<u8>,
    sides: Vec<u8>,
    log: Vec<Roll>,
}

impl Dice for PathDice {
    fn roll(&mut self, event: &str, sides: u8, purpose: &str) -> u8 {
        let at = self.sides.len();
        if at == self.path.len() {
            self.path.push(1);
        }
        self.sides.push(sides);
        let value = self.path[at];
        self.log.push(Roll {
            seq: at as u32 + 1,
            event: event.into(),
            purpose: purpose.into(),
            sides,
            value,
        });
        value
    }

    fn log(&self) -> &[Roll] {
        &self.log
    }
}

/// Exact probabilities of attacker wins, defender wins and draws, by enumerating every
/// sequence of faces (at most `limit` of them).
fn exact(card: &Card, rs: &Ruleset, limit: usize) -> Result<[f64; 3], String> {
    let mut out = [0.0; 3];
    let mut path = Vec::new();
    for _ in 0..limit {
        let mut dice = PathDice {
            path,
            sides: Vec::new(),
            log: Vec::new(),
        };
        let r = giglio::battle::auto_resolve(card, rs, &mut dice).map_err(|e| e.to_string())?;
        let p: f64 = dice.sides.iter().map(|&s| 1.0 / f64::from(s)).product();
        out[match r.winner {
            Winner::A => 0,
            Winner::B => 1,
            Winner::Draw => 2,
        }] += p;
        let mut next = dice.path;
        next.truncate(dice.sides.len());
        while let Some(&last) = next.last() {
            let i = next.len() - 1;
            if last < dice.sides[i] {
                next[i] += 1;
                break;
            }
            next.pop();
        }
        if next.is_empty() {
            return Ok(out);
        }
        path = next;
    }
    Err(format!(
        "more than {limit} sequences of dice: too big to enumerate"
    ))
}

fn cases(game: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/battle")
        .join(game);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_battle_case_holds() {
    let mut failures = Vec::new();
    for (game, kind) in GAMES {
        let files = cases(game);
        if files.is_empty() {
            failures.push(format!("no case under tests/cases/battle/{game}/"));
        }
        for f in files {
            let differ = run(&f, game, kind);
            if !differ.is_empty() {
                let name = f
                    .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                    .unwrap_or(&f)
                    .display()
                    .to_string();
                failures.push(format!("{name}:\n  {}", differ.join("\n  ")));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} battle case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn probabilities_are_read_to_their_last_digit() {
    assert_eq!(close("1/9", 1.0 / 9.0), Ok(true));
    assert_eq!(close("1/9", 0.1111), Ok(false));
    assert_eq!(close("11.1%", 1.0 / 9.0), Ok(true));
    assert_eq!(close("11.2%", 1.0 / 9.0), Ok(false));
    assert_eq!(close("99.306%", 143.0 / 144.0), Ok(true));
    assert_eq!(
        close("99.305%", 143.0 / 144.0),
        Ok(false),
        "99.3056% is 99.306%"
    );
    assert_eq!(close("0.3125", 5.0 / 16.0), Ok(true));
    assert!(close("a lot", 0.5).is_err());
}
