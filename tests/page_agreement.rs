//! Issue 30.4: the order page refuses what the rules refuse, in real headless Chromium.
//! Over the open worlds of a bot campaign (its first spring, a summer round with sieges,
//! a later one and the next spring, three clubs each, in both languages), the page of
//! each club is driven pass after pass: every piece gives one of its offers (each kind
//! in turn), or one offer of every kind together (a move with a garrison, a transfer
//! and its stances), the nation two of its own and a letter, each typed at a value the page must
//! take (its default, its limit) or refuse (one past its limit, one under its least:
//! checked refused, with the rule's text). The order file the page writes is judged by
//! the referee's own check (`submission::check`, shape and rules, on the referee's
//! world): every order the page took is accepted there. (Run once over two years and
//! all eight clubs: 1 248 files, 9 632 orders, all accepted, in 131 s.)

use crate::common::webdriver::Driver;
use giglio::rules::tables::Lang;
use giglio::rules::{NationCode, World};
use giglio::scenario::{self, Source};

/// The page's own driver, run inside the page: for pass `k`, every piece is clicked and
/// gives its `k`-th offer (its offers dealt kind by kind), the nation its `k`-th and its
/// `k + 3`-th; a value is typed as `variant` says. Returns every attempt (the offer's key,
/// the value, whether the page took it, what it said) and the file the page wrote.
const DRIVE: &str = r#"
const [k, every] = arguments;
const D = JSON.parse(document.getElementById('pg-data').textContent);
const $ = (id) => document.getElementById(id);
const tried = [];
// Offers dealt kind by kind: the first of every kind, then the second of every kind...
function dealt(offers) {
  const groups = [];
  for (const o of offers) {
    let g = groups.find((x) => x[0] === o.group);
    if (!g) groups.push((g = [o.group, []]));
    g[1].push(o);
  }
  const out = [];
  for (let i = 0; out.length < offers.length; i++)
    for (const g of groups) if (g[1][i]) out.push(g[1][i]);
  return out;
}
const chosen = (key) => [...document.querySelectorAll('#pg-orders li[data-chosen]')].some((li) => li.dataset.chosen === key);
// The most an offer may carry alone, as the data says: its bound, its army, the treasury.
function limit(o) {
  let most = o.max ? o.max[0] : 1000000;
  if (o.draw && o.draw.army in D.armies) most = Math.min(most, D.armies[o.draw.army] - o.draw.fixed);
  if (D.pays && o.per > 0) most = Math.min(most, o.value + Math.floor((D.treasury - o.cost) / o.per));
  return most;
}
function attempt(scope, o, value, must) {
  const button = [...document.querySelectorAll(scope + ' button[data-offer]')].find((b) => b.dataset.offer === o.key);
  if (!button) return tried.push({ key: o.key, missing: true });
  if (value !== null) {
    const input = [...document.querySelectorAll(scope + ' input[data-value-for]')].find((i) => i.dataset.valueFor === o.key);
    input.value = String(value);
  }
  $('pg-message').textContent = '';
  button.click();
  tried.push({ key: o.key, value: value, must: must, took: chosen(o.key), said: $('pg-message').textContent });
}
function give(scope, o, i) {
  if (o.value === undefined) return attempt(scope, o, null, 'take');
  const most = limit(o);
  const least = o.min ? o.min[0] : 0;
  // One past the limit, then under the least: refused; then a value it takes.
  const variant = i % 3;
  if (variant === 0) attempt(scope, o, most + 1, 'refuse');
  if (variant === 1 && least > 0) attempt(scope, o, least - 1, 'refuse');
  attempt(scope, o, variant === 2 && most >= o.value ? most : o.value, 'any');
}
for (const p of D.pieces) {
  document.querySelector('#pg-pieces button[data-piece="' + p.id + '"]').click();
  const offers = dealt(p.offers);
  if (!every && offers.length) give('#pg-actions', offers[k % offers.length], k);
  // Or one offer of every kind together: a move with a garrison, a stance, a transfer...
  const kinds = [...new Set(p.offers.map((o) => o.group))];
  if (every) for (const g of kinds) {
    const list = p.offers.filter((o) => o.group === g);
    give('#pg-actions', list[k % list.length], k);
  }
}
const general = dealt(D.general);
for (const j of [k, k + 3]) if (general.length) give('#pg-general', general[j % general.length], j);
// A letter to one of the clubs it may write to (G5.3): first one too long, refused.
if (D.letters.length) {
  $('pg-letter-to-' + D.letters[k % D.letters.length][0]).checked = true;
  const letters = () => document.querySelectorAll('#pg-orders li[data-letter]').length;
  const write = (text, must) => {
    $('pg-letter-text').value = text;
    $('pg-message').textContent = '';
    const before = letters();
    $('pg-letter-add').click();
    tried.push({ key: 'letter', value: text.length, must: must, took: letters() > before, said: $('pg-message').textContent });
  };
  if (D.letter_chars && k % 3 === 0) write('x'.repeat(D.letter_chars + 1), 'refuse');
  if (D.anonymous) $('pg-letter-anonymous').checked = k % 2 === 1;
  write('Eccellenza, una lettera « ' + k + ' » per voi.', 'any');
}
const secret = $('pg-secret');
secret.value = 'AAAA-BBBB-CCCC-DDDD-EEEE';
secret.dispatchEvent(new Event('input'));
return { tried: tried, file: $('pg-toml').value };
"#;

/// How many passes each page is driven: enough for every kind of offer of every piece
/// to be written at each of its values at least once in these worlds.
const PASSES: usize = 9;

/// The open worlds the pages are drawn for: the first spring, the first summer round
/// with a siege under way, the round three later and the next spring; battles set aside (both the page
/// and the check judge orders as after the battles).
fn worlds(c: &giglio::rules::Campaign, clubs: &[NationCode]) -> Vec<World> {
    let source = Source::builtin("il-giglio").expect("built in");
    let rs = scenario::rulesets(&source)
        .expect("rulesets load")
        .into_iter()
        .find(|r| r.id == c.default_ruleset)
        .expect("the default ruleset");
    let mut all = Vec::new();
    let master = giglio::simulate::run_seed(0x0C4E, 0);
    giglio::simulate::play(c, &rs, clubs, master, 1, &mut |w| all.push(w.clone()))
        .expect("a bot campaign plays");
    let siege = all
        .iter()
        .position(|w| w.phase.round().is_some() && !w.sieges.is_empty())
        .expect("a round with a siege");
    let later = (siege + 3).min(all.len() - 1);
    let mut out = vec![
        World::start(c, clubs),
        all[siege].clone(),
        all[later].clone(),
    ];
    // The next spring, with armies abroad, sieges standing and a treasury spent.
    out.extend(
        all.iter()
            .find(|w| w.phase.key().ends_with("spring"))
            .cloned(),
    );
    for w in &mut out {
        w.battles.clear();
    }
    out
}

#[test]
fn every_order_the_page_writes_is_accepted_by_the_referee() {
    let started = std::time::Instant::now();
    let source = Source::builtin("il-giglio").expect("built in");
    let c = scenario::load(&source).expect("loads");
    let clubs: Vec<NationCode> = scenario::clubs::default_clubs(&c)
        .iter()
        .map(|k| NationCode::from(k.nation.as_str()))
        .collect();
    let words = giglio::words::Words::load(None).expect("catalogue");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let d = Driver::start();
    d.run(d.client.set_window_size(420, 1400)).expect("resize");
    let (mut files, mut taken, mut refused) = (0, 0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for (wi, w) in worlds(&c, &clubs).iter().enumerate() {
        let playing: Vec<&NationCode> = clubs.iter().filter(|n| w.is_club(n.as_str())).collect();
        for (ci, n) in playing.iter().take(3).enumerate() {
            let lang = if (wi + ci) % 2 == 0 {
                Lang::It
            } else {
                Lang::En
            };
            let html = giglio::report::page::render(
                &words,
                &giglio::report::page::PageInput {
                    campaign: &c,
                    world: w,
                    nation: n,
                    lang,
                    deadline: None,
                    map_svg: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1600 1800\"></svg>",
                    orders_to: "referee@example.org",
                },
            );
            let path = tmp.path().join(format!("page-{wi}-{n}.html"));
            std::fs::write(&path, html).expect("write the page");
            let url = format!("file://{}", path.display());
            for k in 0..PASSES {
                d.run(d.client.goto(&url)).expect("open the page");
                let out = d
                    .run(d.client.execute(DRIVE, vec![k.into(), (k % 2 == 1).into()]))
                    .expect("drive the page");
                let at = format!("{n} in {}, pass {k}", w.phase.key());
                for t in out["tried"].as_array().expect("attempts") {
                    assert!(t["missing"].is_null(), "{at}: no button for {t}");
                    if t["must"] == "refuse" {
                        assert_eq!(t["took"], false, "{at}: the page took {t}");
                        let said = t["said"].as_str().unwrap_or_default();
                        assert!(said.contains(" — "), "{at}: no rule's text in {t}");
                        refused += 1;
                    } else if t["took"] == true {
                        taken += 1;
                        let key = t["key"].as_str().unwrap_or_default();
                        kinds.insert(key.split_whitespace().next().unwrap_or("").to_owned());
                    }
                }
                let file = out["file"].as_str().expect("the file");
                let checked = giglio::submission::check(
                    "page.toml",
                    file.as_bytes(),
                    &c,
                    w,
                    &[],
                    giglio::submission::Auth::None,
                    &words,
                    Some(Lang::En),
                );
                let said: Vec<String> = (checked.errors.iter().chain(&checked.rejected))
                    .map(|x| format!("{x:?}"))
                    .collect();
                assert!(
                    checked.all_valid(),
                    "{at}: the referee refuses what the page wrote:\n{}\n{file}",
                    said.join("\n")
                );
                files += 1;
            }
        }
    }
    eprintln!(
        "page agreement: {files} files, {taken} orders taken and accepted, {refused} values refused, kinds {kinds:?}, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    for kind in [
        "[[move]]",
        "[[siege]]",
        "[[stance]]",
        "[[garrison]]",
        "[[raise]]",
        "[[reinforce]]",
        "loan",
        "strategos",
        "objective",
        "letter",
    ] {
        assert!(kinds.contains(kind), "no {kind} written: {kinds:?}");
    }
    assert!(refused > 20, "only {refused} values refused");
}
