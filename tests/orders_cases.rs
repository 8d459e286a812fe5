//! Diagnostics of bad order files: `tests/cases/orders/*.toml`, each rendered the way a
//! club sees it (located, rule-cited, in its language) and compared with a snapshot in
//! `tests/snapshots/`.

use giglio::rules::tables::Lang;
use giglio::rules::{Campaign, PhaseId, World};
use giglio::scenario::{self, Source};
use giglio::storage::Club;
use giglio::submission::{self, Auth};
use serde::Deserialize;

/// The secret of every club in these cases.
pub const SECRET: &str = "AAAA-BBBB-CCCC-DDDD-EEEE";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    description: String,
    #[serde(default)]
    lang: Option<Lang>,
    #[serde(default)]
    phase: Option<String>,
    file: String,
}

fn campaign() -> Campaign {
    scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads")
}

/// Renders what a club is told about a file: every error and rejection.
fn render(c: &Campaign, case: &Case, name: &str) -> (String, usize) {
    let played: Vec<_> = c
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    let mut world = World::start(c, &played);
    if let Some(p) = &case.phase {
        world.phase = PhaseId::parse_key(p).expect("a valid phase in the case");
    }
    let lang = case.lang.unwrap_or_default();
    let clubs: Vec<Club> = played
        .iter()
        .map(|n| Club {
            nation: n.to_string(),
            name: format!("Club {n}"),
            emails: vec![],
            lang,
        })
        .collect();
    let hash = giglio::auth::hash(SECRET).expect("hash");
    let lookup = |_: &str| Some(hash.clone());
    let checked = submission::check(
        name,
        case.file.as_bytes(),
        c,
        &world,
        &clubs,
        Auth::Campaign(&lookup),
        &giglio::words::Words::load(None).expect("catalogue"),
        Some(lang),
    );
    let rendered: String = checked
        .errors
        .iter()
        .chain(&checked.rejected)
        .map(|d| d.render(&case.file))
        .collect();
    (rendered, checked.errors.len() + checked.rejected.len())
}

#[test]
fn bad_order_files_are_explained() {
    let c = campaign();
    let mut count = 0;
    insta::glob!("cases/orders/*.toml", |path| {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let case: Case = toml::from_str(&std::fs::read_to_string(path).expect("read"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (rendered, n) = render(&c, &case, &name);
        assert!(
            n > 0,
            "{name} ({}): the file was accepted",
            case.description
        );
        insta::assert_snapshot!(rendered);
        count += 1;
    });
    assert!(
        count >= 20,
        "at least 20 kinds of bad order file, found {count}"
    );
}

#[test]
fn a_good_file_has_no_diagnostic() {
    let c = campaign();
    let case = Case {
        description: "every spring order, all valid".into(),
        lang: Some(Lang::En),
        phase: None,
        file: format!(
            "club = \"V\"\nphase = \"1494-spring\"\nsecret = \"{SECRET}\"\nnote = \"Per la Serenissima\"\nloan = 100\nobjective = {{ kind = \"most_cities\" }}\nstrategos = {{ bid = 50, move_order = [\"V\"] }}\nalliances = [\"F\"]\n\n[[raise]]\nnode = \"V0\"\nvalue = 100\n\n[[hire]]\nspecialist = \"spy\"\n\n[[fortify]]\nnode = \"V9\"\n"
        ),
    };
    let (rendered, n) = render(&c, &case, "good.toml");
    assert_eq!(n, 0, "{rendered}");
}

/// Issue 29 point 5: a bribe that is not a whole number of steps says, when it is
/// ordered, what it buys (25 ducats a step: 20 buy +0) and that the rest is paid for
/// nothing unless pooled at the same siege; a whole step says nothing.
#[test]
fn a_bribe_short_of_a_step_says_what_it_buys() {
    let c = campaign();
    let warnings = |bribe: i64| bribe_warnings(&c, bribe, Some("M0"));
    let step = c.tables.siege.bribe_step;
    let short = warnings(step - 5);
    assert!(
        short
            .iter()
            .any(|w| w.contains("buys +0") && w.contains("pooled")),
        "{short:?}"
    );
    let whole = warnings(step);
    assert!(!whole.iter().any(|w| w.contains("buys +")), "{whole:?}");
    // A siege the rules refuse (V-A2 where it starts, no enemy place) pays nothing: no
    // word on its bribe (a play-test's receipt said "will be rejected" above "the 20
    // ducats beyond a step are paid").
    let refused = bribe_warnings(&c, step - 5, None);
    assert!(!refused.iter().any(|w| w.contains("buys +")), "{refused:?}");
    // Before Milan, a fortified city: a 6, +1 for one step of bribe, -2 for the city
    // reach 5 of the 7 it falls on, and the club is told so before it pays (a play-test's
    // club paid for a roll that could not succeed); four steps could make it.
    let milan = "M0";
    let hopeless = bribe_warnings(&c, step, Some(milan));
    assert!(
        hopeless.iter().any(|w| w.contains("totals at most 5")
            && w.contains("falls on 7")
            && w.contains("before any garrison or sapper inside")),
        "{hopeless:?}"
    );
    let enough = bribe_warnings(&c, 4 * step, Some(milan));
    assert!(
        !enough.iter().any(|w| w.contains("totals at most")),
        "{enough:?}"
    );
}

/// A standing attack moved into a place of an ally is warned of, in the club's words: a
/// battle with the ally's force there betrays the alliance (G5.2). A play-test's Milan
/// was told only "valid". Without the alliance, or with the choice to stop, nothing.
#[test]
fn a_standing_attack_into_an_allys_place_is_warned_of() {
    let c = campaign();
    let file = |stance: &str| {
        format!(
            "club = \"M\"\nphase = \"1494-r01\"\nsecret = \"{SECRET}\"\n[[stance]]\npiece = \"M-A1\"\non_contact = \"{stance}\"\n\n[[move]]\npiece = \"M-A1\"\npath = [\"M0\", \"V6\"]\n"
        )
    };
    let allied = |both: bool| {
        move |w: &mut World| {
            w.alliances.push(giglio::rules::world::Alliance {
                members: ["M".into(), "V".into()],
                declared_by: if both {
                    ["M".into(), "V".into()].into()
                } else {
                    ["V".into()].into()
                },
                betrayed_by: Default::default(),
            });
        }
    };
    let warned = warnings_of(&c, &file("attack"), allied(true));
    assert!(
        warned.iter().any(|w| w
            == "M-A1 moves into Bergamo (V6), a place of the Republic of Venice, your ally, with the standing choice to attack on contact: if it meets a force of the Republic of Venice there in the field, the battle betrays the alliance (G5.2). A garrison within its walls is not fought, but a siege of the place would betray it too."),
        "{warned:?}"
    );
    for (stance, both) in [("stop", true), ("attack", false)] {
        let quiet = warnings_of(&c, &file(stance), allied(both));
        assert!(
            !quiet.iter().any(|w| w.contains("G5.2")),
            "{stance} {both}: {quiet:?}"
        );
    }
}

/// Declaring again an alliance that was betrayed is warned of: it stays broken (G5.2).
#[test]
fn declaring_a_betrayed_alliance_again_is_warned_of() {
    let c = campaign();
    let file = format!(
        "club = \"M\"\nphase = \"1495-spring\"\nsecret = \"{SECRET}\"\nalliances = [\"V\"]\n"
    );
    let warned = warnings_of(&c, &file, |w: &mut World| {
        w.phase = PhaseId::parse_key("1495-spring").expect("a phase");
        w.alliances.push(giglio::rules::world::Alliance {
            members: ["M".into(), "V".into()],
            declared_by: ["M".into(), "V".into()].into(),
            betrayed_by: ["V".into()].into(),
        });
    });
    assert_eq!(
        warned,
        [
            "your alliance with the Republic of Venice was betrayed, and a betrayed alliance stays broken for the rest of the campaign (G5.2): this declaration makes nothing."
        ]
    );
}

/// A spy condition without a spy is warned of: it counts only with one (G3c.4; a
/// play-test's club was told "valid" and its piece stopped).
#[test]
fn a_spy_condition_without_a_spy_is_warned_of() {
    let c = campaign();
    let file = format!(
        "club = \"V\"\nphase = \"1494-r01\"\nsecret = \"{SECRET}\"\n[[stance]]\npiece = \"V-A1\"\nspy = {{ enemy_at_most = 200, then = \"attack\", otherwise = \"retreat\" }}\n"
    );
    let spy = |has: bool| {
        move |w: &mut World| {
            w.nations
                .get_mut(&giglio::rules::NationCode::from("V"))
                .expect("Venice")
                .spy = has;
        }
    };
    let warned = warnings_of(&c, &file, spy(false));
    assert_eq!(
        warned,
        [
            "your nation has no spy now: the condition on the enemy's size counts only while you have one (G3c.4), so until then V-A1 meets a force with its plain standing choices. A spy is hired in spring."
        ]
    );
    assert!(warnings_of(&c, &file, spy(true)).is_empty());
}

/// A siege of an ally's place is warned of: it betrays the alliance (G5.2; a play-test's
/// Milan besieged its ally's Bergamo and was told only "valid").
#[test]
fn a_siege_of_an_allys_place_is_warned_of() {
    let c = campaign();
    let file = format!(
        "club = \"M\"\nphase = \"1494-r01\"\nsecret = \"{SECRET}\"\n[[siege]]\narmy = \"M-A1\"\n"
    );
    let allied = |w: &mut World| {
        w.armies
            .get_mut(&giglio::rules::ids::ArmyId::from("M-A1"))
            .expect("M-A1")
            .node = giglio::rules::ids::NodeCode::from("V6");
        w.alliances.push(giglio::rules::world::Alliance {
            members: ["M".into(), "V".into()],
            declared_by: ["M".into(), "V".into()].into(),
            betrayed_by: Default::default(),
        });
    };
    let warned = warnings_of(&c, &file, allied);
    assert!(
        warned.iter().any(|w| w.starts_with("M-A1 besieges")
            && w.contains("a place of the Republic of Venice, your ally: the siege betrays the alliance (G5.2)")),
        "{warned:?}"
    );
}

/// A plain choice for a piece with a standing spy condition is told what becomes of the
/// condition: under the ruling `plain_choice_clears_spy_condition` it is taken away (a
/// play-test's club wrote a plain choice and its piece went by the old condition).
#[test]
fn a_plain_choice_says_it_takes_the_spy_condition_away() {
    let c = campaign();
    let file = |stance: &str| {
        format!(
            "club = \"V\"\nphase = \"1494-r01\"\nsecret = \"{SECRET}\"\n[[stance]]\npiece = \"V-A1\"\n{stance}\n"
        )
    };
    let conditioned = |w: &mut World| {
        w.nations
            .get_mut(&giglio::rules::NationCode::from("V"))
            .expect("Venice")
            .spy = true;
        w.armies
            .get_mut(&giglio::rules::ArmyId::from("V-A1"))
            .expect("V-A1")
            .stance = serde_json::from_str(
            r#"{"spy": {"enemy_at_most": 200, "then": "attack", "otherwise": "retreat"}}"#,
        )
        .expect("a stance");
    };
    assert_eq!(
        warnings_of(&c, &file("on_contact = \"stop\""), conditioned),
        [
            "V-A1 has a standing condition on the enemy's size; this [[stance]] gives a plain choice and no spy line, so it takes the condition away and the plain choices count from now on (G3c.4). To keep the condition, write its spy line in this [[stance]] too."
        ]
    );
    // With its spy line, or for a piece without a condition, nothing to say.
    assert!(
        warnings_of(
            &c,
            &file("on_contact = \"stop\"\nspy = { enemy_at_most = 100, then = \"attack\", otherwise = \"stop\" }"),
            conditioned
        )
        .iter()
        .all(|w| !w.contains("takes the condition away")),
    );
    assert!(warnings_of(&c, &file("on_contact = \"stop\""), |_: &mut World| {}).is_empty());
    // Without a spy the condition counts for nothing either way: nothing to keep.
    let spyless = |w: &mut World| {
        conditioned(w);
        w.nations
            .get_mut(&giglio::rules::NationCode::from("V"))
            .expect("Venice")
            .spy = false;
    };
    assert!(warnings_of(&c, &file("on_contact = \"stop\""), spyless).is_empty());
}

/// The warnings of a file whose one order is V-A2's siege with `bribe`, V-A2 standing
/// at `at` (where it starts, without).
fn bribe_warnings(c: &giglio::rules::Campaign, bribe: i64, at: Option<&str>) -> Vec<String> {
    let file = format!(
        "club = \"V\"\nphase = \"1494-r01\"\nsecret = \"{SECRET}\"\n[[siege]]\narmy = \"V-A2\"\nbribe = {bribe}\n"
    );
    warnings_of(c, &file, |world| {
        if let Some(at) = at {
            let a = world
                .armies
                .get_mut(&giglio::rules::ids::ArmyId::from("V-A2"))
                .expect("V-A2");
            a.node = giglio::rules::ids::NodeCode::from(at);
        }
    })
}

/// The warnings of a round-1 `file` (in English), the world first changed by
/// `set_up`.
fn warnings_of(
    c: &giglio::rules::Campaign,
    file: &str,
    set_up: impl FnOnce(&mut World),
) -> Vec<String> {
    let played: Vec<_> = c
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    let mut world = World::start(c, &played);
    world.phase = PhaseId::parse_key("1494-r01").expect("a phase");
    set_up(&mut world);
    let clubs: Vec<Club> = played
        .iter()
        .map(|n| Club {
            nation: n.to_string(),
            name: format!("Club {n}"),
            emails: vec![],
            lang: Lang::En,
        })
        .collect();
    let hash = giglio::auth::hash(SECRET).expect("hash");
    let lookup = |_: &str| Some(hash.clone());
    let checked = submission::check(
        "r01.toml",
        file.as_bytes(),
        c,
        &world,
        &clubs,
        Auth::Campaign(&lookup),
        &giglio::words::Words::load(None).expect("catalogue"),
        Some(Lang::En),
    );
    checked.warnings.iter().map(|d| d.message.clone()).collect()
}
