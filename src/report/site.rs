//! The campaign in public (`giglio site`): a static site in Italian and English made of
//! what every club may know, rendered from the stored phases the engine gathers
//! (`engine::site`): each phase's bulletin, the political map of every phase with a
//! slider across the season, holdings over time as a chart, the public battles and
//! sieges, each year's chronicle, after the end the final verdict, and an Atom feed with
//! an entry per phase (`report::feed`).
//!
//! Nothing here decides what the public learns: each page is drawn from the bulletin's
//! view (`rules::visibility::public_view`, `public_battles`), the chronicle
//! (`rules::chronicle`), the political map (owners and fortifications only) and, once
//! the campaign is over, the verdict. A site is plain files (no server, no external
//! fetch): it works opened from disk and from any web host.

use super::chart::{self, Chart};
use super::club;
use crate::error::Result;
use crate::rules::chronicle::YearRecord;
use crate::rules::resolve::Resolution;
use crate::rules::tables::Lang;
use crate::rules::visibility::{self, EventView, PhaseFacts, PublicView};
use crate::rules::{Campaign, NationCode, World};
use minijinja::Environment;
use minijinja::value::{Serde, Value};
use serde::Serialize;
use std::collections::BTreeMap;

/// A resolved phase as the site shows it: the world it opened with, its resolution (its
/// `next` the world after it, `None` after the last winter), the bulletin's facts, and
/// when it was resolved (RFC 3339, the feed's `updated`).
#[derive(Clone, Debug)]
pub struct SitePhase {
    pub before: World,
    pub resolution: Resolution,
    pub facts: PhaseFacts,
    pub resolved_at: String,
}

impl SitePhase {
    /// The world after the phase.
    pub fn after(&self) -> &World {
        self.resolution.next.as_ref().unwrap_or(&self.before)
    }
}

/// Everything the site is drawn from.
pub struct SiteInput<'a> {
    pub campaign: &'a Campaign,
    /// A stable name of this campaign for the feed's ids (`urn:giglio:<id>:…`).
    pub id: &'a str,
    /// The resolved phases, oldest first.
    pub phases: &'a [SitePhase],
    /// The years whose winter is resolved, oldest first.
    pub years: &'a [YearRecord],
    /// The site's address, for the feed's links (relative without it).
    pub base_url: Option<&'a str>,
    /// Extra pages once the campaign is over and revealed (`report::reveal`), by path.
    pub reveal: Vec<SiteFile>,
}

impl SiteInput<'_> {
    /// Whether the last winter is resolved: the campaign is over.
    pub fn over(&self) -> bool {
        self.phases
            .last()
            .is_some_and(|p| p.resolution.next.is_none())
    }
}

/// One file of the site: its path inside the site's folder and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFile {
    pub path: String,
    pub bytes: Vec<u8>,
}

impl SiteFile {
    fn text(path: impl Into<String>, text: String) -> SiteFile {
        SiteFile {
            path: path.into(),
            bytes: text.into_bytes(),
        }
    }
}

/// The languages of the site, in the order of the home page's links.
pub const LANGS: [Lang; 2] = [Lang::It, Lang::En];

/// The political map of a phase's end in a language (its title, legend and seas).
pub fn map_file(lang: Lang, key: &str) -> String {
    format!("{}{key}.svg", maps_dir(lang))
}

/// The folder of a language's maps, ending in `/`.
pub fn maps_dir(lang: Lang) -> String {
    format!("maps/{}/", lang.as_str())
}

/// A frame of the season's map: the phase and its picture.
#[derive(Serialize)]
struct Frame {
    key: String,
    name: String,
    src: String,
}

/// The public battles and sieges of one phase.
#[derive(Serialize)]
struct PhaseBattles {
    key: String,
    name: String,
    events: Vec<PublicBattle>,
}

/// One of them: a battle whose result came in a later phase names the round it was
/// fought in.
#[derive(Serialize)]
struct PublicBattle {
    fought: Option<String>,
    #[serde(flatten)]
    event: EventView,
}

/// What a language's home page shows.
#[derive(Serialize)]
struct Home<'a> {
    lang: Lang,
    other: Lang,
    campaign: String,
    last: Option<&'a Frame>,
    frames: &'a [Frame],
    /// The frames as a JavaScript literal for the slider, safe inside `<script>`.
    frames_json: String,
    /// The last bulletin's holdings (public, G7.1).
    holdings: Value,
    battles: Vec<PhaseBattles>,
    years: Vec<u16>,
    over: bool,
    verdict: Option<String>,
    reveal: bool,
    chart: Option<Chart>,
}

/// The script that recomputes a roll from a revealed seed, at the site's root.
pub const ROLL_SCRIPT: &str = "roll.py";
const ROLL_PY: &str = include_str!("../../scripts/roll.py");

/// Renders the whole site: every file, by path.
pub fn render(env: &Environment, input: &SiteInput) -> Result<Vec<SiteFile>> {
    let c = input.campaign;
    let say = super::explain(env, c);
    let words = crate::words::from_env(env);
    let mut files = Vec::new();
    for lang in LANGS {
        for p in input.phases {
            let key = p.before.phase.key();
            files.push(SiteFile::text(
                map_file(lang, &key),
                super::map::render(c, p.after(), None, lang, env)?,
            ));
        }
    }
    for lang in LANGS {
        let dir = lang.as_str();
        let views: Vec<PublicView> = input
            .phases
            .iter()
            .map(|p| visibility::public_view(c, &say, &p.before, &p.resolution, lang, &p.facts))
            .collect();
        let frames: Vec<Frame> = views
            .iter()
            .map(|v| Frame {
                key: v.phase.key.clone(),
                name: v.phase.name.clone(),
                src: format!("../{}", map_file(lang, &v.phase.key)),
            })
            .collect();
        let nav = nav(&words, lang);
        let mut texts = Vec::new();
        for (v, f) in views.iter().zip(&frames) {
            let (text, html) =
                club::render_both(env, "bulletin", lang, Value::from(Serde(v)), &f.src)?;
            let html = html.replacen("<body>\n", &format!("<body>\n{nav}\n"), 1);
            files.push(SiteFile::text(format!("{dir}/{}.html", f.key), html));
            texts.push(text);
        }
        let history = year_starts(input);
        let years: Vec<(u16, &World)> = history.iter().map(|(y, w)| (*y, *w)).collect();
        for record in input.years {
            let y = record.year;
            let view = super::year::chronicle_view(env, c, record, lang);
            let upto: Vec<(u16, &World)> = years
                .iter()
                .filter(|(at, _)| *at <= y + 1)
                .copied()
                .collect();
            let chart = chart::holdings(&words, lang, c, &upto)?;
            let map = format!("../{}", map_file(lang, &format!("{y}-winter")));
            let r = super::year::chronicle_report_charted(
                env,
                &view,
                &map,
                std::slice::from_ref(&chart),
            )?;
            let html = r.html.replacen("<body>\n", &format!("<body>\n{nav}\n"), 1);
            files.push(SiteFile::text(format!("{dir}/chronicle-{y}.html"), html));
        }
        let verdict = match (input.over(), input.phases.last()) {
            (true, Some(last)) => {
                let v = crate::rules::victory::standings(c, last.after());
                Some(super::verdict::render(&words, lang, c, &v, last.before.phase.year).1)
            }
            _ => None,
        };
        let home = Home {
            lang,
            other: other(lang),
            campaign: c.title_it.clone(),
            last: frames.last(),
            frames: &frames,
            frames_json: script_json(&frames),
            holdings: Value::from(Serde(views.last().map(|v| &v.holdings))),
            battles: input
                .phases
                .iter()
                .zip(&views)
                .map(|(p, v)| PhaseBattles {
                    key: v.phase.key.clone(),
                    name: v.phase.name.clone(),
                    events: visibility::public_battles(&say, &p.resolution, p.before.phase, lang)
                        .into_iter()
                        .map(|(fought, event)| PublicBattle {
                            fought: fought.map(|f| f.name),
                            event,
                        })
                        .collect(),
                })
                .filter(|b| !b.events.is_empty())
                .collect(),
            years: input.years.iter().map(|r| r.year).collect(),
            over: input.over(),
            verdict,
            reveal: !input.reveal.is_empty(),
            chart: holdings_chart(&words, lang, c, &views)?,
        };
        let l = club::labels(env, lang)?;
        let html = env
            .get_template("site.html")
            .and_then(|t| t.render(minijinja::context! { v => Value::from(Serde(&home)), L => l }))
            .map_err(|e| super::template_error("site.html", &e))?;
        files.push(SiteFile::text(format!("{dir}/index.html"), html));
        let entries: Vec<super::feed::Entry> = views
            .iter()
            .zip(input.phases)
            .zip(texts)
            .map(|((v, p), text)| super::feed::Entry {
                key: v.phase.key.clone(),
                title: v.phase.name.clone(),
                updated: p.resolved_at.clone(),
                text,
            })
            .collect();
        let feed = super::feed::Feed {
            id: input.id,
            lang,
            title: format!("{} — {}", c.title_it, words.plain(lang, "site-feed-title")),
            author: words.plain(lang, "site-feed-author"),
            entries: &entries,
            base: input.base_url,
        };
        files.push(SiteFile::text(format!("{dir}/feed.xml"), feed.xml()));
    }
    let l = club::labels(env, Lang::It)?;
    let root = env
        .get_template("site-root.html")
        .and_then(|t| {
            t.render(minijinja::context! { campaign => c.title_it.clone(), L => l, lang => "it", langs => LANGS.map(Lang::as_str) })
        })
        .map_err(|e| super::template_error("site-root.html", &e))?;
    files.push(SiteFile::text("index.html", root));
    // The dice check the bulletins' seeds ask for, where every club can fetch it (a
    // play-test's club was pointed at a repository it did not have).
    files.push(SiteFile::text(ROLL_SCRIPT, ROLL_PY.to_owned()));
    files.extend(input.reveal.iter().cloned());
    Ok(files)
}

/// A value as JSON that may stand inside an HTML `<script>`: no `<`, `>` or `&` can
/// close the element or start markup.
fn script_json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The other language of the site.
fn other(lang: Lang) -> Lang {
    match lang {
        Lang::It => Lang::En,
        Lang::En => Lang::It,
    }
}

/// The line at the top of every page but the home: back to the home, in its language.
fn nav(words: &crate::words::Words, lang: Lang) -> String {
    format!(
        "<nav class=\"site\"><a href=\"index.html\">{}</a></nav>",
        html_escape(&words.plain(lang, "site-home"))
    )
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The worlds at the start of each year played (its spring's opening), and the end of
/// the last year whose winter is resolved labelled the next year: the chronicle's chart.
fn year_starts<'a>(input: &'a SiteInput) -> Vec<(u16, &'a World)> {
    let mut out: Vec<(u16, &World)> = input
        .phases
        .iter()
        .filter(|p| p.before.phase.phase == crate::rules::Phase::Spring)
        .map(|p| (p.before.phase.year, &p.before))
        .collect();
    if let Some(r) = input.years.last() {
        out.push((r.year + 1, &r.end));
    }
    out
}

/// Every nation's holdings after each phase, from the bulletins (G7.1); `None` before
/// the first phase is resolved.
fn holdings_chart(
    words: &crate::words::Words,
    lang: Lang,
    c: &Campaign,
    views: &[PublicView],
) -> Result<Option<Chart>> {
    if views.is_empty() {
        return Ok(None);
    }
    let held: Vec<BTreeMap<NationCode, i64>> = views
        .iter()
        .map(|v| {
            v.holdings
                .iter()
                .map(|h| (h.nation.clone(), i64::try_from(h.nodes).unwrap_or(0)))
                .collect()
        })
        .collect();
    // A year's name where its spring stands; the rounds between go unnamed.
    let labels: Vec<String> = views
        .iter()
        .map(|v| match v.phase.key.strip_suffix("-spring") {
            Some(y) => y.to_owned(),
            None => String::new(),
        })
        .collect();
    chart::by_phase(
        words,
        lang,
        c,
        ("chart-site-holdings", "chart-nodes"),
        &labels,
        &held,
    )
    .map(Some)
}
