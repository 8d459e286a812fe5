//! What a phase costs the referee (`cargo bench --bench phase`; `scripts/bench.sh`
//! prints the ratios).
//!
//! - `phase/full`: open the campaign, resolve a summer round of the shipped campaign
//!   with every club's bot orders, render every report (text, HTML, map PNG) and queue
//!   them with the new phase, in one transaction (`engine::resolve_open_phase`). As the
//!   service (`giglio run`) does it, phase after phase in one process: the phase's map
//!   base (its node marks) is drawn anew, the maps' static layer (land, sea, roads,
//!   names, legend) was drawn by an earlier phase, and the bands of pictures compressed
//!   are those of the phase before (the spring's), as the service keeps them.
//! - `phase/full_cold`: the same, as a one-shot `giglio resolve` in a fresh process
//!   does it: the maps' static layer is drawn too, and no band is kept.
//! - `phase/floor`: the least any tool must do for the same step: open the campaign,
//!   read the open world, write the same advance (next world, resolution, dice, the
//!   same already-rendered messages).
//! - With `GIGLIO_BENCH_PAIRS=N` (as `scripts/bench.sh` runs it): `full` and `floor` also
//!   timed in N pairs run back to back, and the ratio of their sums printed with the
//!   spread of a pair's (the ratio of criterion's means compares runs seconds apart, on
//!   a machine whose other work moves the disk-bound floor).
//! - `parts/*`: the pieces of `full` — gather orders, resolve, render and compose the
//!   messages — and within the messages the club reports' text, HTML and map SVG, the
//!   SVGs alone and the PNGs alone (`png`: every club's map, the phase's base drawn over
//!   the static layer kept; `png_one`: one more club's map over that base), to say what
//!   dominates.
//! - `scale/resolve/x{1,10,100}`: a summer round resolved on a synthetic campaign 1,
//!   10 and 100 times the shipped one (nodes, nations, clubs, armies).
//!
//! Each iteration is undone (`Store::undo`, untimed), so every one resolves the same
//! round from the same state.

#[path = "support/synthetic.rs"]
mod synthetic;

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use giglio::engine;
use giglio::engine::post::{self, Mailing};
use giglio::mail::config::Config;
use giglio::rules::dice::{Dice, Roll, SeededDice};
use giglio::rules::resolve::Resolution;
use giglio::rules::{Campaign, World};
use giglio::scenario::{self, Source};
use giglio::storage::{Advance, NewCampaign, OutMessage, Store, StoredOrders};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const NOW: &str = "2026-09-01T08:00:00Z";

/// The shipped campaign in a temporary directory, its first summer round open with
/// every club's bot orders stored.
struct Campaign1 {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    campaign: Campaign,
    env: minijinja::Environment<'static>,
    config: Config,
    rulesets: Vec<giglio::battle::ruleset::Ruleset>,
    definition: std::collections::BTreeMap<String, String>,
    /// The bands of map pictures a service keeps after the phase before the one timed
    /// (the spring's, drawn by `setup`): every timed phase starts from them, as the
    /// service's next phase does, never from the bands of the same phase drawn by the
    /// iteration before.
    memo: giglio::report::png::BandMemo,
}

impl Campaign1 {
    fn mailing(&self) -> Mailing<'_> {
        Mailing {
            env: &self.env,
            config: &self.config,
            rulesets: &self.rulesets,
            definition: &self.definition,
        }
    }

    fn open(&self) -> Store {
        Store::open_write(&self.dir, "bench").expect("the campaign opens")
    }
}

/// Stores every club's bot orders for the open phase.
fn submit_bot_orders(store: &mut Store, c: &Campaign) {
    let world = store.current().expect("current").world;
    let key = world.phase.key();
    for n in &world.clubs {
        let set = giglio::bots::orders(c, &world, n);
        let text = giglio::orders::unparse(n.as_str(), &key, None, &set);
        let o = StoredOrders {
            id: 0,
            phase: key.clone(),
            nation: n.to_string(),
            received_at: NOW.into(),
            source: "bench".into(),
            sha256: giglio::submission::sha256_hex(text.as_bytes()),
            text,
            active: true,
        };
        store.submit_orders(&o, "bench").expect("orders stored");
    }
}

fn setup() -> Campaign1 {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path().join("campaign");
    let source = Source::builtin("il-giglio").expect("built in");
    let campaign = scenario::load(&source).expect("loads");
    let clubs = scenario::clubs::default_clubs(&campaign);
    let nations: Vec<_> = clubs.iter().map(|c| c.nation.as_str().into()).collect();
    let world = World::start(&campaign, &nations);
    let mut config = Config::default();
    config.mail.referee = vec!["referee@example.org".into()];
    let c = Campaign1 {
        env: giglio::report::environment(
            None,
            giglio::words::Words::load(None).expect("catalogue"),
        )
        .expect("templates"),
        config,
        rulesets: scenario::rulesets(&source).expect("rulesets"),
        definition: source.files.clone(),
        dir,
        _tmp: tmp,
        campaign,
        memo: Default::default(),
    };
    let mut store = Store::create(
        &c.dir,
        NewCampaign {
            name: "bench",
            master_seed: [7; 32],
            definition: &source.files,
            definition_hash: &source.hash(),
            clubs: &clubs,
            secrets: &Default::default(),
            world: &world,
            now: NOW,
            command: "bench",
        },
    )
    .expect("the campaign is created");
    // Spring, then the first summer round with orders: the state every bench starts in.
    submit_bot_orders(&mut store, &c.campaign);
    giglio::report::png::forget_band_memo();
    resolve(&c, &mut store);
    submit_bot_orders(&mut store, &c.campaign);
    let mut c = c;
    c.memo = giglio::report::png::band_memo();
    c
}

/// The map pictures a service keeps when the timed round opens: the static layers, and
/// the bands of the spring's pictures alone.
fn after_the_spring(c: &Campaign1) {
    giglio::report::png::forget_bases();
    giglio::report::map::forget_phase_texts();
    giglio::report::png::restore_band_memo(c.memo.clone());
}

/// Resolves the open phase as `giglio resolve` does, every message rendered and queued.
fn resolve(c: &Campaign1, store: &mut Store) -> engine::Ran {
    engine::resolve_open_phase(
        store,
        &c.campaign,
        true,
        false,
        NOW,
        "bench",
        &c.mailing().words(),
        Some(&c.mailing()),
    )
    .expect("the phase resolves")
}

/// Everything `resolve_open_phase` writes, computed once, for the floor.
struct Written {
    next: Option<World>,
    resolution: Resolution,
    rolls: Vec<Roll>,
    outbox: Vec<OutMessage>,
    deadline: Option<String>,
}

/// How many pieces [`pieces`] times.
const PARTS: usize = 7;

/// Runs the pieces of `resolve_open_phase` one by one, timing each: gathering the
/// orders, resolving, rendering and composing the messages; then, for the breakdown,
/// the club reports without PNG, their map SVGs and their PNGs again on their own.
fn pieces(c: &Campaign1, store: &Store) -> (Written, [(&'static str, Duration); PARTS]) {
    let t = Instant::now();
    let p = engine::prepare(store, &c.campaign, &c.mailing().words()).expect("prepared");
    let t_prepare = t.elapsed();
    let t = Instant::now();
    let mut dice = SeededDice::new(store.phase_seed().expect("seed"));
    let resolution = engine::run(&c.campaign, &p, &mut dice)
        .expect("resolves")
        .expect("the shipped rules settle encounters by standing choices");
    let rolls = dice.log().to_vec();
    let t_resolve = t.elapsed();
    // The bands the spring left (the phase's base is kept from the iteration before;
    // the text of its node marks is written anew, as by the phase's first club).
    giglio::report::png::restore_band_memo(c.memo.clone());
    giglio::report::map::forget_phase_texts();
    let t = Instant::now();
    let sent: Vec<_> = p.orders.keys().cloned().collect();
    let paper = engine::paperwork::gather(
        store,
        &c.campaign,
        &p.world,
        &resolution,
        &sent,
        &c.mailing(),
        NOW,
    )
    .expect("paperwork");
    let phase = paper.phase(&p.world, &resolution, rolls.len());
    let msgs = post::phase_messages(&c.campaign, &phase, &c.mailing(), NOW).expect("messages");
    let (facts, deadline) = (&paper.facts, paper.deadline.clone());
    let t_messages = t.elapsed();
    // The shares of the messages, each made again on its own: the club reports' text,
    // HTML and map SVG (no PNG), the map SVGs alone, the PNGs alone.
    let clubs = store.clubs().expect("clubs");
    let reports = giglio::report::club::club_reports(
        &c.env,
        &c.campaign,
        &p.world,
        &resolution,
        &clubs,
        facts,
        &|_| "cid:map".into(),
    )
    .expect("reports");
    let t = Instant::now();
    for r in &reports {
        black_box(
            giglio::report::club::club_report(&c.env, &c.campaign, &r.view, "cid:map")
                .expect("report"),
        );
    }
    let t_reports = t.elapsed();
    // The phase's first club writes the text of its node marks, the others reuse it.
    giglio::report::map::forget_phase_texts();
    let t = Instant::now();
    for r in &reports {
        black_box(giglio::report::map::render_view(&c.campaign, &r.view, &c.env).expect("SVG"));
    }
    let t_svg = t.elapsed();
    let svgs: Vec<&str> = reports.iter().map(|r| r.rendered.svg.as_str()).collect();
    // Every club's map of a phase: the phase's shared base drawn once, then each club's.
    after_the_spring(c);
    let t = Instant::now();
    let pngs = black_box(giglio::report::club::parallel_png(svgs.clone()).expect("PNGs"));
    let t_png = t.elapsed();
    // One club's map over the phase's base already drawn, on one thread (the bands it
    // shares with the spring's picture found, not the ones drawn just above).
    giglio::report::png::restore_band_memo(c.memo.clone());
    let t = Instant::now();
    black_box(giglio::report::png::map_to_png(svgs[0]).expect("PNG"));
    let t_png_one = t.elapsed();
    static SIZE: std::sync::Once = std::sync::Once::new();
    SIZE.call_once(|| {
        let total: usize = pngs.iter().map(Vec::len).sum();
        eprintln!(
            "club maps: {} PNGs, mean {} bytes",
            pngs.len(),
            total / pngs.len().max(1)
        );
    });
    let written = Written {
        next: resolution.next.clone(),
        resolution,
        rolls,
        outbox: msgs,
        deadline,
    };
    (
        written,
        [
            ("prepare", t_prepare),
            ("resolve", t_resolve),
            ("messages", t_messages),
            ("text_html_svg", t_reports),
            ("svg", t_svg),
            ("png", t_png),
            ("png_one", t_png_one),
        ],
    )
}

fn undo(c: &Campaign1) {
    c.open().undo(NOW, "bench undo").expect("undo");
}

/// `iters` full resolutions of the same round, timed; `cold`: each with no map layer
/// kept, as a fresh process finds it (the placed names and the fonts, which a fresh
/// process loads too, stay kept: a few ms, not counted).
fn full(c: &Campaign1, iters: u64, cold: bool) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        // A new phase draws its shared base (the node marks are the phase's).
        after_the_spring(c);
        if cold {
            giglio::report::png::forget_static_layers();
            giglio::report::png::forget_band_memo();
            giglio::report::map::forget_static_text();
        }
        let t = Instant::now();
        let mut store = c.open();
        let r = resolve(c, &mut store);
        drop(store);
        total += t.elapsed();
        black_box(r);
        undo(c);
    }
    total
}

fn phase(crit: &mut Criterion) {
    let c = setup();
    let mut group = crit.benchmark_group("phase");
    group.sample_size(20);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(20));
    // The service's phase (`full`: the static layer kept, as an earlier phase drew it)
    // and a fresh process's (`full_cold`: nothing kept).
    for (name, cold) in [("full", false), ("full_cold", true)] {
        group.bench_function(name, |b| b.iter_custom(|iters| full(&c, iters, cold)));
    }
    let w = {
        let store = c.open();
        pieces(&c, &store).0
    };
    group.bench_function("floor", |b| b.iter_custom(|iters| floor(&c, &w, iters)));
    group.finish();
    pairs(&c, &w);
    parts(crit, &c);
}

/// `iters` floors of the same round, timed: open the campaign, read the open world,
/// write the advance `w` (the phase's own messages, already rendered), close.
fn floor(c: &Campaign1, w: &Written, iters: u64) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let t = Instant::now();
        let mut store = c.open();
        black_box(store.current().expect("current"));
        store
            .advance(Advance {
                definition: None,
                next: w.next.as_ref(),
                resolution: Some(&w.resolution),
                rolls: &w.rolls,
                now: NOW,
                command: "bench",
                description: "resolve (bench floor)",
                outbox: &w.outbox,
                deadline: w.deadline.as_deref(),
                letters: &[],
            })
            .expect("advance");
        drop(store);
        total += t.elapsed();
        undo(c);
    }
    total
}

/// The ratio of `phase/full` to `phase/floor` measured in pairs, one of each run back
/// to back (in turn which goes first), as many pairs as `GIGLIO_BENCH_PAIRS` says
/// (`scripts/bench.sh` sets it; none without it): printed as the ratio of the sums, with
/// a pair's median ratio and the middle half of them. Criterion times `full`, then
/// `floor`, seconds apart, and the floor (mostly writing and syncing the phase's mail to
/// disk) moves with the machine's other work: in three runs of the same code in a row,
/// the ratio of criterion's means was 4.15×, 5.49× and 5.28×, that of 60 pairs' sums
/// 5.36×, 5.35× and 5.33×. A pair sees the same machine.
fn pairs(c: &Campaign1, w: &Written) {
    let n: usize = std::env::var("GIGLIO_BENCH_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    if n == 0 {
        return;
    }
    let full_once = || full(c, 1, false);
    // Warm: the static layer and the bands the service keeps, the file in the cache.
    for _ in 0..3 {
        full_once();
        floor(c, w, 1);
    }
    let mut ratios = Vec::with_capacity(n);
    let (mut fulls, mut floors) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        let (a, b) = if i % 2 == 0 {
            let a = full_once();
            (a, floor(c, w, 1))
        } else {
            let b = floor(c, w, 1);
            (full_once(), b)
        };
        ratios.push(a.as_secs_f64() / b.as_secs_f64());
        fulls.push(a.as_secs_f64() * 1e3);
        floors.push(b.as_secs_f64() * 1e3);
    }
    let at = |v: &mut Vec<f64>, q: f64| {
        v.sort_by(f64::total_cmp);
        v[((v.len() - 1) as f64 * q).round() as usize]
    };
    let sum = |v: &[f64]| v.iter().sum::<f64>();
    eprintln!(
        "phase pairs: {n}, full/floor of the sums {:.2}x, median {:.2}x (middle half {:.2}x to {:.2}x), full median {:.1} ms, floor median {:.1} ms",
        sum(&fulls) / sum(&floors),
        at(&mut ratios, 0.5),
        at(&mut ratios, 0.25),
        at(&mut ratios, 0.75),
        at(&mut fulls, 0.5),
        at(&mut floors, 0.5),
    );
}

/// The pieces of a full resolution, each its own benchmark (all timed in every call of
/// [`pieces`]; each benchmark reports one).
fn parts(crit: &mut Criterion, c: &Campaign1) {
    let mut group = crit.benchmark_group("parts");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(5));
    let store = c.open();
    let names = pieces(c, &store).1.map(|(name, _)| name);
    for (i, name) in names.iter().enumerate() {
        group.bench_function(*name, |b| {
            b.iter_custom(|iters| (0..iters).map(|_| pieces(c, &store).1[i].1).sum())
        });
    }
    group.finish();
}

/// A summer round resolved on campaigns 1, 10 and 100 times the shipped one.
fn scale(crit: &mut Criterion) {
    let mut group = crit.benchmark_group("scale");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(20));
    for k in [1usize, 10, 100] {
        let round = synthetic::summer_round(k);
        eprintln!(
            "scale x{k}: {} nodes, {} clubs, {} armies, {} orders",
            round.campaign.map.node_count(),
            round.world.clubs.len(),
            round.world.armies.len(),
            round.orders.values().map(|s| s.orders.len()).sum::<usize>()
        );
        group.bench_with_input(
            BenchmarkId::new("resolve", format!("x{k}")),
            &round,
            |b, r| {
                b.iter(|| {
                    let res = giglio::rules::resolve::resolve(
                        &r.campaign,
                        &r.world,
                        &r.orders,
                        &Default::default(),
                        &mut SeededDice::new([9; 32]),
                    )
                    .expect("resolves");
                    black_box(res)
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, phase, scale);
criterion_main!(benches);
