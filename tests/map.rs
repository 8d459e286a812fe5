//! The map picture on generated campaigns of the shipped scenario: no label covers
//! another label, a node or a piece on the referee's map or any club's, measured on the
//! drawn picture (text laid out with the built-in font); the pictures are written to
//! `target/map-pictures/` to be looked at.

use giglio::bots;
use giglio::report::{self, map, png};
use giglio::rules::dice::{SeededDice, phase_seed};
use giglio::rules::resolve::{Resolution, resolve};
use giglio::rules::tables::Lang;
use giglio::rules::visibility::{self, ClubName, PhaseFacts};
use giglio::rules::{Campaign, NationCode, World};
use giglio::scenario::{self, Source};
use giglio::simulate;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Where the test leaves its pictures.
fn out_dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("map-pictures");
    std::fs::create_dir_all(&d).expect("the pictures' directory");
    d
}

type Boxes = Vec<(String, [f32; 4])>;

fn overlap(a: &[f32; 4], b: &[f32; 4]) -> f32 {
    let w = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0);
    let h = (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    w * h
}

/// Every overlap of a label with another label, a node's mark or a piece.
fn overlaps(boxes: &Boxes) -> Vec<String> {
    let is_label = |id: &str| id.starts_with("label-") || id.starts_with("pieces-");
    let is_thing = |id: &str| id.starts_with("mark-") || id.starts_with("piece-");
    let labels: Vec<_> = boxes.iter().filter(|(id, _)| is_label(id)).collect();
    let things: Vec<_> = boxes.iter().filter(|(id, _)| is_thing(id)).collect();
    let mut out = Vec::new();
    for (i, (a, ra)) in labels.iter().enumerate() {
        for (b, rb) in labels[i + 1..].iter().chain(&things) {
            // A hair of anti-aliasing is not an overlap.
            if overlap(ra, rb) > 0.5 {
                out.push(format!("{a} {ra:?} overlaps {b} {rb:?}"));
            }
        }
    }
    out
}

fn checked(name: &str, svg: &str) -> Vec<String> {
    let boxes = png::drawn_boxes(svg).expect("the picture parses");
    let labels = boxes
        .iter()
        .filter(|(id, _)| id.starts_with("label-"))
        .count();
    assert!(labels > 100, "{name}: only {labels} node labels drawn");
    std::fs::write(out_dir().join(format!("{name}.svg")), svg).expect("written");
    overlaps(&boxes)
        .into_iter()
        .map(|o| format!("{name}: {o}"))
        .collect()
}

/// Plays the shipped campaign with bots for up to `phases` phases (stopping where
/// battles wait for results); returns the last phase's world before and its resolution.
fn play(c: &Campaign, phases: usize) -> (World, Resolution) {
    let clubs: Vec<NationCode> = c
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    let master = simulate::run_seed(0x3A9, 1);
    let mut w = World::start(c, &clubs);
    for played in 1.. {
        let seed = phase_seed(&master, &w.phase.key());
        let orders: BTreeMap<NationCode, _> = clubs
            .iter()
            .map(|n| (n.clone(), bots::orders(c, &w, n)))
            .collect();
        let r = resolve(
            c,
            &w,
            &orders,
            &Default::default(),
            &mut SeededDice::new(seed),
        )
        .expect("a bot phase resolves");
        match r.next.clone() {
            Some(next) if played < phases && next.battles.is_empty() => w = next,
            _ => return (w, r),
        }
    }
    unreachable!("the loop returns")
}

#[test]
fn no_label_covers_a_label_a_node_or_a_piece() {
    let source = Source::builtin("il-giglio").expect("built in");
    let c = scenario::load(&source).expect("loads");
    let env = report::environment(None, giglio::words::Words::load(None).expect("catalogue"))
        .expect("templates");
    let (before, r) = play(&c, 3);
    let now = r.next.clone().unwrap_or_else(|| before.clone());
    let mut problems = checked("referee", &map::render_referee(&c, &now, &env).unwrap());
    let facts = PhaseFacts {
        deadline: None,
        next_seed_commitment: None,
        revealed_seed: None,
        sent_orders: Vec::new(),
    };
    for (i, n) in before.clubs.iter().enumerate() {
        let lang = if i % 2 == 0 { Lang::It } else { Lang::En };
        let view = visibility::club_view(
            &c,
            &giglio::report::explain(&env, &c),
            &before,
            &r,
            ClubName {
                nation: n,
                name: "club",
                lang,
            },
            &facts,
        );
        let svg = map::render_view(&c, &view, &env).unwrap();
        problems.extend(checked(&format!("club-{n}"), &svg));
        if i == 0 {
            let png = png::svg_to_png(&svg, 1.0).unwrap();
            std::fs::write(out_dir().join(format!("club-{n}.png")), png).unwrap();
        }
    }
    assert!(
        problems.is_empty(),
        "{} overlaps:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_overlap_check_finds_a_label_moved_onto_another() {
    let source = Source::builtin("il-giglio").expect("built in");
    let c = scenario::load(&source).expect("loads");
    let env = report::environment(None, giglio::words::Words::load(None).expect("catalogue"))
        .expect("templates");
    let svg = map::render_referee(&c, &World::start(&c, &[]), &env).unwrap();
    // Move Venice's label onto Padua's.
    let attrs = |id: &str| {
        let at = svg
            .find(&format!("id=\"{id}\" "))
            .expect("the label is drawn");
        let rest = &svg[at..];
        rest[..rest.find('>').unwrap()].to_owned()
    };
    let xy = |a: &str| a[a.find(" x=").unwrap()..a.find(" font-size").unwrap()].to_owned();
    let (v, p) = (attrs("label-V0"), attrs("label-V1"));
    let moved = svg.replacen(&v, &v.replace(&xy(&v), &xy(&p)), 1);
    let boxes = png::drawn_boxes(&svg).unwrap();
    assert_ne!(moved, svg, "the label was found in the SVG");
    let before = overlaps(&boxes).len();
    let after = overlaps(&png::drawn_boxes(&moved).unwrap()).len();
    assert!(after > before, "{before} overlaps before, {after} after");
}
