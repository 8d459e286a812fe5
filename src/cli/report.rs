//! `giglio report`: a resolved phase's reports again, from what is stored: a club's
//! (text or HTML), the public bulletin, the referee's; or all of them into a folder.
//! With `--year`, a year's reports instead: a club's yearly report or the chronicle.

use super::json::{ReportKind, ReportOut};
use super::ui;
use crate::error::{Error, Result};
use crate::report::{club, year};
use crate::rules::World;
use crate::rules::resolve::Resolution;
use crate::rules::tables::Lang;
use crate::rules::visibility::PhaseFacts;
use crate::storage::Store;
use std::path::{Path, PathBuf};

/// Show the reports of a resolved phase (the last one unless --phase), or with --year
/// the reports of a whole year: a club's yearly report or the public chronicle.
#[derive(Debug, clap::Args)]
pub(crate) struct ReportArgs {
    /// A club's report (its nation code); without it, the referee's report.
    #[arg(long, value_name = "CODE")]
    pub(crate) club: Option<String>,
    /// The public bulletin instead.
    #[arg(long, conflicts_with = "club")]
    pub(crate) bulletin: bool,
    /// The phase, by key (1494-spring, 1494-r03…).
    #[arg(long, value_name = "KEY")]
    pub(crate) phase: Option<String>,
    /// A year's reports, once its winter is resolved: the club's yearly report with
    /// --club, else the public chronicle.
    #[arg(long, value_name = "YYYY", conflicts_with_all = ["phase", "bulletin"])]
    pub(crate) year: Option<u16>,
    /// The year's public chronicle (the default with --year and no --club).
    #[arg(long, requires = "year", conflicts_with = "club")]
    pub(crate) chronicle: bool,
    /// Language of a club's report, the bulletin or a year's report (default: the
    /// club's; the bulletin's and the chronicle's: it). The referee's report is English.
    #[arg(long, value_enum)]
    pub(crate) lang: Option<super::orders::LangArg>,
    /// Plain text, or HTML with the map embedded in the page (a data: URI), so the page
    /// printed stands alone.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
    /// Write every club's report (text, HTML, PNG map), the bulletin and the
    /// referee's report into this folder (with --club or --bulletin, only that one); with --year, every club's yearly report,
    /// the chronicle in Italian and English, and the political map.
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,
    /// Print JSON instead: the report with what it is (kind, phase or year, club,
    /// language, format), or with --out the files written.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum Format {
    Text,
    Html,
}

/// A resolved phase as stored: the world it opened with, what its resolution did,
/// and the public facts of its reports.
struct Stored {
    before: World,
    resolution: Resolution,
    facts: PhaseFacts,
    rolls: usize,
}

fn stored(store: &Store, campaign: &crate::rules::Campaign, key: Option<&str>) -> Result<Stored> {
    let phases = store.phases()?;
    let idx = match key {
        Some(k) => phases.iter().position(|p| p.id.key() == k).ok_or_else(|| {
            Error::user(format!(
                "no phase `{k}` in this campaign (see `giglio history`)"
            ))
        })?,
        None => phases
            .iter()
            .rposition(|p| p.resolved_at.is_some())
            .ok_or_else(|| Error::user("no phase is resolved yet: there is no report"))?,
    };
    let p = &phases[idx];
    let (resolution, facts) = crate::engine::site::resolved(store, campaign, &phases, idx)?
        .ok_or_else(|| Error::user(format!("{} is not resolved yet: there is no report", p.id)))?;
    Ok(Stored {
        before: p.world.clone(),
        resolution,
        facts,
        rolls: store.dice(Some(&p.id.key()))?.len(),
    })
}

pub(crate) fn cmd_report(dir: &Path, a: ReportArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let env = crate::report::environment(Some(&dir.join("templates")), super::words_of(dir)?)?;
    if let Some(y) = a.year {
        return cmd_year(&store, &campaign, &env, y, &a);
    }
    let s = stored(&store, &campaign, a.phase.as_deref())?;
    let after = s
        .resolution
        .next
        .clone()
        .unwrap_or_else(|| s.before.clone());
    let clubs = store.clubs()?;
    if let Some(out) = &a.out {
        let only = match (&a.club, a.bulletin) {
            (Some(c), _) => Only::Club(c.as_str()),
            (None, true) => Only::Bulletin,
            (None, false) => Only::All,
        };
        let referee_lang = crate::mail::config::load(dir)?.mail.referee_lang;
        let (said, written) = write_all(
            out,
            (&store, &campaign, &env),
            &s,
            &after,
            only,
            referee_lang,
        )?;
        let (kind, nation) = match only {
            Only::Club(c) => (ReportKind::Club, Some(c.to_owned())),
            Only::Bulletin => (ReportKind::Bulletin, None),
            Only::All => (ReportKind::Phase, None),
        };
        return finish(
            &a,
            said,
            ReportOut {
                kind,
                phase: Some(s.before.phase.key()),
                year: None,
                nation,
                lang: None,
                format: None,
                document: None,
                out: Some(out.display().to_string()),
                written,
            },
        );
    }
    let html = matches!(a.format, Format::Html);
    let lang = a.lang.map(Lang::from);
    if lang.is_some() && a.club.is_none() && !a.bulletin {
        return Err(Error::user(
            "--lang is for a club's report (--club), the bulletin (--bulletin) or a year's \
             reports (--year): the referee's report has one language",
        ));
    }
    let mut shown_lang = lang;
    let text = if let Some(code) = &a.club {
        let club = clubs.iter().find(|c| &c.nation == code).ok_or_else(|| {
            Error::user(format!(
                "no club plays `{code}` in this campaign (see `giglio club list`)"
            ))
        })?;
        let mut club = club.clone();
        club.lang = lang.unwrap_or(club.lang);
        shown_lang = Some(club.lang);
        let reports = club::club_reports(
            &env,
            &campaign,
            &s.before,
            &s.resolution,
            std::slice::from_ref(&club),
            &s.facts,
            &|c| format!("{}.png", c.nation),
        )?;
        let r = reports
            .into_iter()
            .next()
            .ok_or_else(|| Error::user(format!("{code} is not played by a club")))?;
        if html {
            // Rendered again with the picture inside: the page goes to standard output,
            // where no file can sit beside it.
            club::club_report(&env, &campaign, &r.view, &data_uri(&r.png))?.html
        } else {
            r.rendered.text
        }
    } else if a.bulletin {
        let view = club::public(
            &env,
            &campaign,
            &s.before,
            &s.resolution,
            lang.unwrap_or(Lang::It),
            &s.facts,
        );
        let b = club::bulletin(&env, &campaign, &view, &after, "bulletin.png")?;
        if html {
            let png = crate::report::png::svg_to_png(&b.svg, 1.0)?;
            club::bulletin(&env, &campaign, &view, &after, &data_uri(&png))?.html
        } else {
            b.text
        }
    } else {
        let view = club::referee_view(
            &env,
            &campaign,
            (&s.before, &s.resolution),
            &s.facts,
            s.rolls,
            Vec::new(),
            crate::mail::config::load(dir)?.mail.referee_lang,
        );
        club::referee(&env, &view)?
    };
    let kind = match (&a.club, a.bulletin) {
        (Some(_), _) => ReportKind::Club,
        (None, true) => {
            shown_lang = Some(lang.unwrap_or(Lang::It));
            ReportKind::Bulletin
        }
        (None, false) => ReportKind::Referee,
    };
    let doc = ReportOut {
        kind,
        phase: Some(s.before.phase.key()),
        year: None,
        nation: a.club.clone(),
        lang: shown_lang,
        format: Some(format_name(a.format).to_owned()),
        document: Some(text.clone()),
        out: None,
        written: Vec::new(),
    };
    finish(&a, text, doc)
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Text => "text",
        Format::Html => "html",
    }
}

/// Prints what was rendered or written: the text, or with `--json` the document that
/// says what it is.
fn finish(a: &ReportArgs, text: String, doc: ReportOut) -> Result<()> {
    if a.json {
        return ui::out_json(&doc);
    }
    ui::out(&text);
    Ok(())
}

/// A PNG picture as a `data:` URI, for an HTML page printed to standard output: the
/// page then shows its map wherever the referee saves or pipes it, and nothing is
/// written beside it unasked.
fn data_uri(png: &[u8]) -> String {
    use base64::Engine;
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    )
}

/// Writes every report of the phase into `out`.
/// What `report --out` writes: everything, or only what --club / --bulletin asked for.
#[derive(Clone, Copy)]
enum Only<'a> {
    All,
    Club(&'a str),
    Bulletin,
}

fn write_all(
    out: &Path,
    (store, campaign, env): (&Store, &crate::rules::Campaign, &minijinja::Environment),
    s: &Stored,
    after: &World,
    only: Only,
    referee_lang: Lang,
) -> Result<(String, Vec<String>)> {
    let mut written = Vec::new();
    let mut write = |name: String, bytes: &[u8]| -> Result<()> {
        let path = out.join(&name);
        std::fs::write(&path, bytes).map_err(|e| Error::write_at(&path, e))?;
        written.push(name);
        Ok(())
    };
    let mut clubs = store.clubs()?;
    match only {
        Only::Club(code) => {
            clubs.retain(|c| c.nation == code);
            if clubs.is_empty() {
                return Err(Error::user(format!(
                    "no club plays `{code}` (see `giglio club list`)"
                )));
            }
        }
        Only::Bulletin => clubs.clear(),
        Only::All => {}
    }
    std::fs::create_dir_all(out).map_err(|e| Error::io_at(out, e))?;
    let reports = club::club_reports(
        env,
        campaign,
        &s.before,
        &s.resolution,
        &clubs,
        &s.facts,
        &|c| format!("{}.png", c.nation),
    )?;
    for r in &reports {
        let n = &r.club.nation;
        write(format!("{n}.txt"), r.rendered.text.as_bytes())?;
        write(format!("{n}.html"), r.rendered.html.as_bytes())?;
        write(format!("{n}.png"), &r.png)?;
    }
    if let Only::Club(code) = only {
        let said = format!(
            "the report of {code} for {} written to {}\n",
            s.before.phase,
            out.display()
        );
        return Ok((said, written));
    }
    let view = club::public(env, campaign, &s.before, &s.resolution, Lang::It, &s.facts);
    let b = club::bulletin(env, campaign, &view, after, "bulletin.png")?;
    write("bulletin.txt".into(), b.text.as_bytes())?;
    write("bulletin.html".into(), b.html.as_bytes())?;
    write(
        "bulletin.png".into(),
        &crate::report::png::svg_to_png(&b.svg, 1.0)?,
    )?;
    if let Only::Bulletin = only {
        let said = format!(
            "the bulletin of {} written to {}\n",
            s.before.phase,
            out.display()
        );
        return Ok((said, written));
    }
    let view = club::referee_view(
        env,
        campaign,
        (&s.before, &s.resolution),
        &s.facts,
        s.rolls,
        Vec::new(),
        referee_lang,
    );
    write("referee.txt".into(), club::referee(env, &view)?.as_bytes())?;
    let said = format!(
        "{} club reports, the bulletin and the referee's report of {} written to {}\n",
        reports.len(),
        s.before.phase,
        out.display()
    );
    Ok((said, written))
}

/// `giglio report --year`: a club's yearly report, the chronicle, or all of them into
/// a folder.
fn cmd_year(
    store: &Store,
    campaign: &crate::rules::Campaign,
    env: &minijinja::Environment,
    y: u16,
    a: &ReportArgs,
) -> Result<()> {
    let record = crate::engine::paperwork::year_record(store, y, None)?;
    if let Some(out) = &a.out {
        let (said, written) = write_year(out, store, campaign, env, &record)?;
        return finish(
            a,
            said,
            ReportOut {
                kind: ReportKind::Years,
                phase: None,
                year: Some(y),
                nation: None,
                lang: None,
                format: None,
                document: None,
                out: Some(out.display().to_string()),
                written,
            },
        );
    }
    let lang = a.lang.map(Lang::from);
    let club_lang = match &a.club {
        Some(code) => store
            .clubs()?
            .into_iter()
            .find(|c| &c.nation == code)
            .map(|c| c.lang),
        None => None,
    };
    let map_lang = lang.or(club_lang).unwrap_or(Lang::It);
    let map_src = match a.format {
        Format::Html => data_uri(&year::political_png(env, campaign, &record.end, map_lang)?),
        Format::Text => year_map_file(y, map_lang),
    };
    let shown_lang;
    let rendered = match &a.club {
        Some(code) => {
            let clubs = store.clubs()?;
            let mut club = clubs
                .into_iter()
                .find(|c| &c.nation == code)
                .ok_or_else(|| {
                    Error::user(format!(
                        "no club plays `{code}` in this campaign (see `giglio club list`)"
                    ))
                })?;
            club.lang = lang.unwrap_or(club.lang);
            shown_lang = Some(club.lang);
            let (_, view) = year::club_views(env, campaign, &record, std::slice::from_ref(&club))
                .into_iter()
                .next()
                .ok_or_else(|| Error::user(format!("{code} was not played by a club in {y}")))?;
            year::year_report(env, &view, &map_src)?
        }
        None => {
            shown_lang = Some(lang.unwrap_or(Lang::It));
            let view = year::chronicle_view(env, campaign, &record, lang.unwrap_or(Lang::It));
            year::chronicle_report(env, &view, &map_src)?
        }
    };
    let text = match a.format {
        Format::Html => rendered.html,
        Format::Text => rendered.text,
    };
    let doc = ReportOut {
        kind: if a.club.is_some() {
            ReportKind::Year
        } else {
            ReportKind::Chronicle
        },
        phase: None,
        year: Some(y),
        nation: a.club.clone(),
        lang: shown_lang,
        format: Some(format_name(a.format).to_owned()),
        document: Some(text.clone()),
        out: None,
        written: Vec::new(),
    };
    finish(a, text, doc)
}

/// The file name of a year's political map picture, as the HTML reports name it.
/// The political map's file beside the yearly reports, in a language.
fn year_map_file(y: u16, lang: Lang) -> String {
    match lang {
        Lang::It => format!("mappa-{y}.png"),
        Lang::En => format!("map-{y}.png"),
    }
}

/// Writes every club's yearly report (text and HTML), the chronicle in both languages
/// and the political map at the year's end into `out`.
fn write_year(
    out: &Path,
    store: &Store,
    campaign: &crate::rules::Campaign,
    env: &minijinja::Environment,
    record: &crate::rules::chronicle::YearRecord,
) -> Result<(String, Vec<String>)> {
    std::fs::create_dir_all(out).map_err(|e| Error::io_at(out, e))?;
    let mut written = Vec::new();
    let mut write = |name: String, bytes: &[u8]| -> Result<()> {
        let path = out.join(&name);
        std::fs::write(&path, bytes).map_err(|e| Error::write_at(&path, e))?;
        written.push(name);
        Ok(())
    };
    let y = record.year;
    let views = year::club_views(env, campaign, record, &store.clubs()?);
    for (club, view) in &views {
        let r = year::year_report(env, view, &year_map_file(y, club.lang))?;
        let n = &club.nation;
        write(format!("{n}-{y}.txt"), r.text.as_bytes())?;
        write(format!("{n}-{y}.html"), r.html.as_bytes())?;
    }
    for lang in [Lang::It, Lang::En] {
        let view = year::chronicle_view(env, campaign, record, lang);
        let r = year::chronicle_report(env, &view, &year_map_file(y, lang))?;
        let name = crate::engine::post::yearly::chronicle_file(lang, y);
        write(name.replace(".txt", ".html"), r.html.as_bytes())?;
        write(name, r.text.as_bytes())?;
        write(
            year_map_file(y, lang),
            &year::political_png(env, campaign, &record.end, lang)?,
        )?;
    }
    let said = format!(
        "{} yearly reports, the chronicle (it, en) and the political map of {y} written to {}\n",
        views.len(),
        out.display()
    );
    Ok((said, written))
}
