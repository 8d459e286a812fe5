//! The reveal, once the final verdict is in (G8): what no club saw, rendered for the
//! public site and the reveal mail. Each club's secret objective and how it fared (the
//! verdict), the referee's map of every phase (every piece), the orders each club gave,
//! every die with its purpose, and the season as a film: one animated SVG of the
//! referee's maps, a frame a phase.
//!
//! The engine hands it plain values gathered from storage (`engine::reveal`); nothing is
//! kept from anyone any more, so nothing here is fogged.

use super::club;
use super::site::SiteFile;
use crate::error::{Error, Result};
use crate::rules::say::Say;
use crate::rules::tables::Lang;
use crate::rules::{Campaign, World};
use minijinja::Environment;
use minijinja::value::{Serde, Value};
use serde::Serialize;

/// The most a film may weigh: it goes by mail.
pub const FILM_MAX_BYTES: usize = 5 * 1024 * 1024;

/// Seconds each phase stays on screen in the film.
const FRAME_SECONDS: f64 = 0.8;

/// One die as the reveal lists it.
#[derive(Clone, Debug, Serialize)]
pub struct Die {
    pub seq: u32,
    pub purpose: String,
    pub sides: u8,
    pub value: u8,
}

/// One club's order file for a phase, as received (its secret masked).
#[derive(Clone, Debug, Serialize)]
pub struct GivenOrders {
    pub nation: String,
    pub name: String,
    pub text: String,
}

/// A letter between clubs (G5.3), as the reveal shows it: who wrote it, even unsigned.
#[derive(Clone, Debug, Serialize)]
pub struct SentLetter {
    pub from: String,
    pub to: Vec<String>,
    /// It went unsigned: its addressees did not know who wrote it.
    pub anonymous: bool,
    pub text: String,
}

/// A phase as the reveal shows it: the world after it, the orders given, the letters
/// written, the dice.
#[derive(Clone, Debug)]
pub struct RevealPhase {
    pub key: String,
    pub after: World,
    pub orders: Vec<GivenOrders>,
    pub letters: Vec<SentLetter>,
    pub dice: Vec<Die>,
}

/// The referee's map of a phase, on the site.
pub fn map_file(key: &str) -> String {
    format!("reveal/maps/{key}.svg")
}

/// The film's file on the site and in the mail.
pub const FILM_FILE: &str = "reveal/film.svg";

/// The season as a film: the referee's maps of `worlds`, one frame each, as one SVG
/// whose frames follow each other and loop. The part every frame shares (the land,
/// the sea, the roads, the names, the legend: before the maps' phase mark) is kept
/// once; each frame carries its phase's node marks (owners change) and pieces. A
/// template without the phase mark splits at its overlay mark.
pub fn film(campaign: &Campaign, worlds: &[&World], env: &Environment) -> Result<String> {
    let mut base: Option<String> = None;
    let mut frames = Vec::new();
    for w in worlds {
        let svg = super::map::render_referee(campaign, w, env)?;
        let (at, mark) = [super::png::PHASE, super::png::OVERLAY]
            .into_iter()
            .find_map(|mark| svg.find(mark).map(|at| (at, mark)))
            .ok_or_else(|| Error::internal("a map without its overlay mark"))?;
        let end = svg
            .rfind("</svg>")
            .ok_or_else(|| Error::internal("a map without its end"))?;
        if base.is_none() {
            base = Some(svg[..at].to_owned());
        }
        frames.push(svg[at + mark.len()..end].to_owned());
    }
    let Some(mut out) = base else {
        return Err(Error::user("a film needs at least one phase"));
    };
    let n = frames.len();
    let dur = FRAME_SECONDS * n as f64;
    for (i, body) in frames.iter().enumerate() {
        // Discrete visibility: shown from i/n to (i+1)/n of each loop.
        let (values, times) = if n == 1 {
            ("visible".to_owned(), "0".to_owned())
        } else if i == 0 {
            ("visible;hidden".to_owned(), format!("0;{}", frac(1, n)))
        } else if i + 1 == n {
            ("hidden;visible".to_owned(), format!("0;{}", frac(i, n)))
        } else {
            (
                "hidden;visible;hidden".to_owned(),
                format!("0;{};{}", frac(i, n), frac(i + 1, n)),
            )
        };
        let start = if i == 0 { "visible" } else { "hidden" };
        out.push_str(&format!(
            "<g class=\"frame\" visibility=\"{start}\"><animate attributeName=\"visibility\" \
             values=\"{values}\" keyTimes=\"{times}\" dur=\"{dur:.1}s\" calcMode=\"discrete\" \
             repeatCount=\"indefinite\"/>{body}</g>\n"
        ));
    }
    out.push_str("</svg>\n");
    Ok(out)
}

fn frac(a: usize, b: usize) -> String {
    format!("{:.4}", a as f64 / b as f64)
}

/// What the reveal page shows.
#[derive(Serialize)]
struct Page<'a> {
    lang: Lang,
    other: Lang,
    campaign: String,
    verdict: String,
    film: bool,
    /// Every club's treasury phase by phase, secret until now.
    chart: super::chart::Chart,
    phases: Vec<PagePhase<'a>>,
}

#[derive(Serialize)]
struct PagePhase<'a> {
    key: &'a str,
    name: String,
    map: String,
    orders: &'a [GivenOrders],
    letters: &'a [SentLetter],
    dice: &'a [Die],
}

/// The reveal's files for the site: the page in each language, the referee's map of
/// every phase and the film (`None` where it would weigh more than a mail may carry).
pub fn pages(
    env: &Environment,
    campaign: &Campaign,
    phases: &[RevealPhase],
    verdict: &crate::rules::victory::Verdict,
    year: u16,
    film_svg: Option<&str>,
) -> Result<Vec<SiteFile>> {
    let words = crate::words::from_env(env);
    let say = super::explain(env, campaign);
    let mut files = Vec::new();
    for p in phases {
        files.push(SiteFile {
            path: map_file(&p.key),
            bytes: super::map::render_referee(campaign, &p.after, env)?.into_bytes(),
        });
    }
    if let Some(film) = film_svg {
        files.push(SiteFile {
            path: FILM_FILE.into(),
            bytes: film.as_bytes().to_vec(),
        });
    }
    for lang in super::site::LANGS {
        let page = Page {
            lang,
            other: match lang {
                Lang::It => Lang::En,
                Lang::En => Lang::It,
            },
            campaign: campaign.title_it.clone(),
            verdict: super::verdict::render(&words, lang, campaign, verdict, year).1,
            film: film_svg.is_some(),
            chart: treasuries(&words, lang, campaign, phases)?,
            phases: phases
                .iter()
                .map(|p| {
                    let id = crate::rules::PhaseId::parse_key(&p.key);
                    PagePhase {
                        key: &p.key,
                        name: id.map_or_else(|| p.key.clone(), |id| say.phase(id, lang)),
                        map: format!("../{}", map_file(&p.key)),
                        orders: &p.orders,
                        letters: &p.letters,
                        dice: &p.dice,
                    }
                })
                .collect(),
        };
        let l = club::labels(env, lang)?;
        let html = env
            .get_template("reveal.html")
            .and_then(|t| t.render(minijinja::context! { v => Value::from(Serde(&page)), L => l }))
            .map_err(|e| super::template_error("reveal.html", &e))?;
        files.push(SiteFile {
            path: format!("{}/reveal.html", lang.as_str()),
            bytes: html.into_bytes(),
        });
    }
    Ok(files)
}

/// Every club's treasury after each phase (G7.4 kept them secret until the end).
fn treasuries(
    words: &crate::words::Words,
    lang: Lang,
    campaign: &Campaign,
    phases: &[RevealPhase],
) -> Result<super::chart::Chart> {
    let held: Vec<_> = phases
        .iter()
        .map(|p| {
            p.after
                .clubs
                .iter()
                .filter_map(|n| Some((n.clone(), p.after.nation(n.as_str())?.treasury)))
                .collect()
        })
        .collect();
    let labels: Vec<String> = phases
        .iter()
        .map(|p| p.key.strip_suffix("-spring").unwrap_or_default().to_owned())
        .collect();
    super::chart::by_phase(
        words,
        lang,
        campaign,
        ("chart-reveal-treasury", "chart-ducats"),
        &labels,
        &held,
    )
}

/// The reveal as text: every phase's orders and dice, for the mail's attachment.
pub fn text(words: &crate::words::Words, lang: Lang, phases: &[RevealPhase]) -> String {
    let mut out = String::new();
    for p in phases {
        out.push_str(&format!("== {} ==\n", p.key));
        out.push_str(&format!("-- {} --\n", words.plain(lang, "reveal-orders")));
        for o in &p.orders {
            out.push_str(&format!(
                "[{} — {}]\n{}\n",
                o.nation,
                o.name,
                o.text.trim_end()
            ));
        }
        if !p.letters.is_empty() {
            out.push_str(&format!("-- {} --\n", words.plain(lang, "reveal-letters")));
            for l in &p.letters {
                let unsigned = if l.anonymous {
                    format!(" ({})", words.plain(lang, "reveal-unsigned"))
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "[{} → {}{unsigned}]\n{}\n",
                    l.from,
                    l.to.join(", "),
                    l.text.trim_end()
                ));
            }
        }
        out.push_str(&format!("-- {} --\n", words.plain(lang, "reveal-dice")));
        for d in &p.dice {
            out.push_str(&format!(
                "{:>4}  d{}={:<2}  {}\n",
                d.seq, d.sides, d.value, d.purpose
            ));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A film holds one frame per world, the first shown at once, each with its own
    /// title, and the part every frame shares once.
    #[test]
    fn a_film_has_a_frame_a_phase_and_the_shared_map_once() {
        let c = crate::fixtures::shipped();
        let env =
            crate::report::environment(None, crate::words::Words::load(None).expect("catalogue"))
                .expect("templates");
        let start = World::start(&c, &[crate::rules::NationCode::from("V")]);
        let mut later = start.clone();
        later.phase = crate::rules::PhaseId::parse_key("1494-r01").expect("a key");
        let film = film(&c, &[&start, &later, &start], &env).expect("drawn");
        let doc = roxmltree::Document::parse(&film).expect("one SVG document");
        let frames: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("frame"))
            .collect();
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0].attribute("visibility"), Some("visible"));
        assert_eq!(frames[1].attribute("visibility"), Some("hidden"));
        assert_eq!(
            film.matches("id=\"land\"").count(),
            1,
            "the land drawn once"
        );
        assert!(film.contains("turno 1"), "each frame says its phase");
        let one = super::super::map::render_referee(&c, &start, &env).expect("a map");
        assert!(film.len() < 3 * one.len(), "smaller than three maps");
    }
}
