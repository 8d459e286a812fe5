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

/// How far each place's name stands from its own mark: the gap between the mark's box
/// and the name's box (0 when they touch), for every `label-CODE` with a `mark-CODE`.
fn name_distances(boxes: &Boxes) -> Vec<(String, f32)> {
    let marks: BTreeMap<&str, &[f32; 4]> = boxes
        .iter()
        .filter_map(|(id, b)| Some((id.strip_prefix("mark-")?, b)))
        .collect();
    boxes
        .iter()
        .filter_map(|(id, l)| {
            let code = id.strip_prefix("label-")?;
            let m = marks.get(code)?;
            let dx = (l[0] - m[2]).max(m[0] - l[2]).max(0.0);
            let dy = (l[1] - m[3]).max(m[1] - l[3]).max(0.0);
            Some((code.to_owned(), dx.hypot(dy)))
        })
        .collect()
}

/// The goal of issue 30.1: at most 5% of names further than `NEAR` from their mark,
/// none further than `FAR`.
const NEAR: f32 = 24.0;
const FAR: f32 = 60.0;

/// What is wrong with a picture's names against the goal, with its figures.
fn distance_problems(name: &str, svg: &str) -> (Vec<String>, String) {
    let boxes = png::drawn_boxes(svg).expect("the picture parses");
    let d = name_distances(&boxes);
    let labels = boxes
        .iter()
        .filter(|(id, _)| id.starts_with("label-"))
        .count();
    let far: Vec<_> = d.iter().filter(|(_, d)| *d > NEAR).collect();
    let worst = d.iter().map(|(_, d)| *d).fold(0.0f32, f32::max);
    let figures = format!(
        "{name}: {} names ({labels} labels), {} past {NEAR} px ({}), {} past {FAR} px, worst {worst:.0} px",
        d.len(),
        far.len(),
        far.iter()
            .map(|(c, d)| format!("{c} {d:.0}"))
            .collect::<Vec<_>>()
            .join(", "),
        far.iter().filter(|(_, d)| *d > FAR).count()
    );
    let mut problems = Vec::new();
    if d.len() != labels || d.len() < 100 {
        problems.push(format!(
            "{name}: {labels} labels, {} with their mark",
            d.len()
        ));
    }
    if far.len() as f32 > 0.05 * d.len() as f32 {
        problems.push(format!(
            "{name}: {} of {} names past {NEAR} px",
            far.len(),
            d.len()
        ));
    }
    for (code, dist) in far.iter().filter(|(_, d)| *d > FAR) {
        problems.push(format!("{name}: {code}'s name {dist:.0} px from its mark"));
    }
    (problems, figures)
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

/// The shipped campaign and the built-in templates and words.
fn shipped() -> (Campaign, minijinja::Environment<'static>) {
    let source = Source::builtin("il-giglio").expect("built in");
    let c = scenario::load(&source).expect("loads");
    let env = report::environment(None, giglio::words::Words::load(None).expect("catalogue"))
        .expect("templates");
    (c, env)
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
    let (c, env) = shipped();
    let (before, r) = play(&c, 3);
    let now = r.next.clone().unwrap_or_else(|| before.clone());
    let mut problems = checked("referee", &map::render_referee(&c, &now, &env).unwrap());
    for (i, (n, svg)) in club_svgs(&c, &env, &before, &r).into_iter().enumerate() {
        problems.extend(checked(&format!("club-{n}"), &svg));
        if i == 0 {
            let png = png::map_to_png(&svg).unwrap();
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

/// Issue 30.1: every name beside its place, on the referee's map and each club's map of
/// a played year (spring to winter, every club in its language).
#[test]
fn every_name_stands_beside_its_place() {
    let (c, env) = shipped();
    let (mut problems, mut figures) = (Vec::new(), Vec::new());
    let mut check = |name: String, svg: String| {
        let (p, mut f) = distance_problems(&name, &svg);
        problems.extend(p);
        // What the picture weighs as sent (issue 30.5 wants the mail lighter).
        if name == "referee" || name.ends_with("-V") || name.ends_with("-F") {
            let png = png::map_to_png(&svg).unwrap();
            f.push_str(&format!("; SVG {} B, PNG {} B", svg.len(), png.len()));
            // Reproducible: the same picture gives the same bytes.
            assert_eq!(png, png::map_to_png(&svg).unwrap(), "{name}");
            std::fs::write(out_dir().join(format!("{name}.png")), png).expect("written");
        }
        figures.push(f);
        std::fs::write(out_dir().join(format!("{name}.svg")), svg).expect("written");
    };
    let (before, r) = play(&c, 4);
    let now = r.next.clone().unwrap_or_else(|| before.clone());
    let referee = map::render_referee(&c, &now, &env).unwrap();
    assert_eq!(referee, map::render_referee(&c, &now, &env).unwrap());
    check("referee".into(), referee);
    for (n, svg) in club_svgs(&c, &env, &before, &r) {
        // Drawn over the base on the rows its overlay covers alone, a club's map is
        // the map drawn over a copy of the whole base (issue 30: the phase's cost).
        assert_eq!(
            png::map_to_png(&svg).unwrap(),
            png::map_to_png_over_whole_base(&svg).unwrap(),
            "{n}"
        );
        check(format!("names-{n}"), svg);
    }
    eprintln!("{}", figures.join("\n"));
    assert!(
        problems.is_empty(),
        "{} names too far:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Every club's map after `r`, each club in its language (Italian and English in turn).
fn club_svgs(
    c: &Campaign,
    env: &minijinja::Environment,
    before: &World,
    r: &giglio::rules::resolve::Resolution,
) -> Vec<(String, String)> {
    (0..before.clubs.len())
        .map(|i| club_svg(c, env, before, r, i))
        .collect()
}

/// The `i`th club's map after `r`, in its language (Italian for even `i`).
fn club_svg(
    c: &Campaign,
    env: &minijinja::Environment,
    before: &World,
    r: &giglio::rules::resolve::Resolution,
    i: usize,
) -> (String, String) {
    let facts = PhaseFacts {
        deadline: None,
        next_seed_commitment: None,
        revealed_seed: None,
        sent_orders: Vec::new(),
        late: Default::default(),
        late_refused: Default::default(),
        disorder: Default::default(),
        replaces: Default::default(),
    };
    let n = before.clubs.iter().nth(i).expect("a club");
    let lang = if i.is_multiple_of(2) {
        Lang::It
    } else {
        Lang::En
    };
    let view = visibility::club_view(
        c,
        &giglio::report::explain(env, c),
        before,
        r,
        ClubName {
            nation: n,
            name: "club",
            lang,
        },
        &facts,
    );
    (n.to_string(), map::render_view(c, &view, env).unwrap())
}

/// Every club's map of the last phase of a played year, in its language.
fn club_maps(c: &Campaign, env: &minijinja::Environment) -> Vec<(String, String)> {
    let (before, r) = play(c, 4);
    club_svgs(c, env, &before, &r)
}

/// Issue 30.1: a sea zone's name never lies over a node, a port or a piece.
#[test]
fn no_sea_name_lies_over_a_node_a_port_or_a_piece() {
    let (c, env) = shipped();
    let mut pictures = club_maps(&c, &env);
    // An English club's map names the seas as its report does (a play-test's club read
    // "Canale d'Otranto" on its map and "Strait of Otranto" in its sheet); the names are
    // placed with room for either, so the checks below cover both.
    let named = |name: &str| {
        pictures
            .iter()
            .filter(|(_, svg)| svg.contains(name))
            .count()
    };
    assert!(named(">Gulf of Venice<") > 0 && named(">Golfo di Venezia<") > 0);
    assert_eq!(
        named(">Gulf of Venice<") + named(">Golfo di Venezia<"),
        pictures.len()
    );
    pictures.push((
        "referee".into(),
        map::render_referee(&c, &World::start(&c, &[]), &env).unwrap(),
    ));
    let mut problems = Vec::new();
    for (name, svg) in &pictures {
        let boxes = png::drawn_boxes(svg).unwrap();
        let seas: Vec<_> = boxes
            .iter()
            .filter(|(id, _)| id.starts_with("sea-"))
            .collect();
        assert!(seas.len() > 10, "{name}: {} sea names", seas.len());
        let things = boxes.iter().filter(|(id, _)| {
            id.starts_with("mark-") || id.starts_with("anchor-") || id.starts_with("piece-")
        });
        for (t, rt) in things {
            for (s, rs) in &seas {
                if overlap(rs, rt) > 0.5 {
                    problems.push(format!("{name}: {s} {rs:?} lies over {t} {rt:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Issue 30.1: the round's moves end in arrowheads a reader sees at the size the map
/// is sent (the PNG at scale 1): each as large as a piece's icon, drawn over the marks,
/// and red in the PNG itself.
#[test]
fn every_move_ends_in_an_arrowhead_seen_in_the_sent_picture() {
    let (c, env) = shipped();
    let (mut moves, mut problems) = (0, Vec::new());
    for (name, svg) in club_maps(&c, &env) {
        let boxes: BTreeMap<String, [f32; 4]> =
            png::drawn_boxes(&svg).unwrap().into_iter().collect();
        let heads: Vec<(&String, &[f32; 4])> = boxes
            .iter()
            .filter(|(id, _)| id.starts_with("arrow-") && !id.ends_with("-in"))
            .collect();
        let paths = boxes
            .keys()
            .filter(|id| id.starts_with("move-") && !id.ends_with("-in"))
            .count();
        assert_eq!(heads.len(), paths, "{name}: one arrowhead per move");
        if heads.is_empty() {
            continue;
        }
        moves += paths;
        // The heads are drawn after the nodes' marks, which cannot hide them.
        assert!(
            svg.find("id=\"arrows\"") > svg.find("id=\"nodes\""),
            "{name}: arrowheads drawn under the marks"
        );
        let picture = png::map_to_png(&svg).unwrap();
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(picture))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        let palette = reader.info().palette.as_ref().unwrap().to_vec();
        let red = |x: u32, y: u32| {
            let i = buf[(y * frame.width + x) as usize] as usize * 3;
            let (r, g, b) = (palette[i], palette[i + 1], palette[i + 2]);
            r > 150 && g < 90 && b < 90
        };
        for (id, b) in heads {
            let (w, h) = (b[2] - b[0], b[3] - b[1]);
            if w.max(h) < 12.0 || w.min(h) < 6.0 {
                problems.push(format!("{name}: {id} is {w:.1} × {h:.1} px"));
                continue;
            }
            let seen = (b[0] as u32..b[2] as u32)
                .flat_map(|x| (b[1] as u32..b[3] as u32).map(move |y| (x, y)))
                .filter(|&(x, y)| red(x, y))
                .count();
            if seen < 25 {
                problems.push(format!("{name}: {id} shows {seen} red pixels"));
            }
        }
    }
    assert!(moves > 3, "only {moves} moves drawn");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_overlap_check_finds_a_label_moved_onto_another() {
    let (c, env) = shipped();
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

/// Issue 30.5: the phase's node marks are written once and put back into every other
/// club's map of the phase and language; each club's map is the one written whole,
/// including the marks drawn again over its own moves.
#[test]
fn every_club_map_written_with_the_phase_marks_kept_is_the_map_written_whole() {
    let (c, env) = shipped();
    let (before, r) = play(&c, 4);
    // Written one after another: the first club of each language writes the marks.
    map::forget_phase_texts();
    let kept = club_svgs(&c, &env, &before, &r);
    let over_moves = |svg: &str| {
        let from = svg.find("<g id=\"over-moves\">").expect("the layer");
        svg[from..]
            .split("</g>\n  <g id=\"sieges\">")
            .next()
            .map_or(0, |layer| layer.matches("<g class=\"node").count())
    };
    assert!(
        kept.iter().any(|(_, svg)| over_moves(svg) > 0),
        "some club's moves pass a node, whose mark is drawn again over them"
    );
    for (i, (nation, svg)) in kept.iter().enumerate() {
        map::forget_phase_texts();
        let (_, whole) = club_svg(&c, &env, &before, &r, i);
        assert_eq!(*svg, whole, "{nation}'s map");
    }
}

/// Issue 30.5: the inset clips to its frame only the pieces and labels that may cross
/// it (each clipped one is drawn on a layer of its own). On every club's map of a played
/// year, a piece or label of the inset drawn unclipped lies inside the frame, with room
/// for its halo; and the picture is the one drawn with every one of them clipped, but
/// for the rounding of a few anti-aliased edges.
#[test]
fn the_inset_clips_only_what_may_cross_its_frame() {
    let (c, env) = shipped();
    let (mut unclipped, mut problems) = (0, Vec::new());
    for (name, svg) in club_maps(&c, &env) {
        let number = |from: &str, attr: &str| -> f32 {
            let at = from.find(&format!(" {attr}=\"")).expect(attr) + attr.len() + 3;
            from[at..at + from[at..].find('"').unwrap()]
                .parse()
                .unwrap()
        };
        let clip = &svg[svg.find("<clipPath id=\"inset-clip\">").expect("an inset")..];
        let (x, y) = (number(clip, "x"), number(clip, "y"));
        let frame = [x, y, x + number(clip, "width"), y + number(clip, "height")];
        let inset = &svg[svg
            .find("<g id=\"inset-overlay\">")
            .expect("the inset's layers")..];
        let boxes: BTreeMap<String, [f32; 4]> =
            png::drawn_boxes(&svg).unwrap().into_iter().collect();
        for (id, b) in &boxes {
            let Some(at) = inset.find(&format!(" id=\"{id}\"")) else {
                continue;
            };
            if !(id.starts_with("piece-") || id.starts_with("pieces-")) {
                continue;
            }
            let element = &inset[at..at + inset[at..].find('>').unwrap()];
            if element.contains("clip-path") {
                continue;
            }
            unclipped += 1;
            // A halo of 2.5 and the anti-aliased edge stay inside.
            let room = 2.0;
            if b[0] - room < frame[0]
                || b[1] - room < frame[1]
                || b[2] + room > frame[2]
                || b[3] + room > frame[3]
            {
                problems.push(format!("{name}: {id} {b:?} unclipped crosses {frame:?}"));
            }
        }
        // Every piece and label of the inset clipped, as before the clip was chosen.
        let (head, tail) = svg.split_at(svg.find("<g id=\"inset-overlay\">").unwrap());
        let tail = tail
            .replace(
                "<g id=\"piece-",
                "<g clip-path=\"url(#inset-clip)\" id=\"piece-",
            )
            .replace(
                "font-weight=\"bold\">",
                "font-weight=\"bold\" clip-path=\"url(#inset-clip)\">",
            );
        let all = format!("{head}{tail}");
        let pixels = |svg: &str| {
            let picture = png::map_to_png(svg).unwrap();
            let mut reader = ::png::Decoder::new(std::io::Cursor::new(picture))
                .read_info()
                .unwrap();
            let mut buf = vec![0; reader.output_buffer_size().unwrap()];
            reader.next_frame(&mut buf).unwrap();
            let palette = reader.info().palette.as_ref().unwrap().to_vec();
            buf.iter()
                .map(|&i| [0, 1, 2].map(|k| palette[i as usize * 3 + k]))
                .collect::<Vec<[u8; 3]>>()
        };
        let (now, before) = (pixels(&svg), pixels(&all));
        let differ: Vec<u8> = now
            .iter()
            .zip(&before)
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (0..3).map(|k| a[k].abs_diff(b[k])).max().unwrap())
            .collect();
        // Drawn on a layer and masked, or straight on the picture: the same shapes, but
        // for a few edge pixels rounded apart by a shade or two (67 to 101 pixels, by at
        // most 8 of 255, on the year measured).
        if differ.len() > 200 || differ.iter().any(|&d| d > 16) {
            problems.push(format!(
                "{name}: {} pixels differ from the picture clipped whole, by up to {:?}",
                differ.len(),
                differ.iter().max()
            ));
        }
    }
    assert!(
        unclipped > 20,
        "only {unclipped} unclipped pieces and labels"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
