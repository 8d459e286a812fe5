//! `giglio announce FILE`: the referee's word (house rules, a break, a ruling) to every
//! club, in each club's language when both are given, with a copy in the year's
//! chronicle when asked.
//!
//! The file is TOML: `it = """…"""` and/or `en = """…"""`. With one language only,
//! every club reads that one.

use super::ui;
use crate::diag::Diagnostic;
use crate::error::{Error, Result};
use crate::rules::tables::Lang;
use crate::storage::{Announcement, Store};
use std::path::{Path, PathBuf};

/// Mail the referee's word to every club playing a nation, in its language.
#[derive(Debug, clap::Args)]
pub(crate) struct AnnounceArgs {
    /// The announcement: a TOML file with `it = "…"` and/or `en = "…"`.
    pub(crate) file: PathBuf,
    /// Copy it into the chronicle of the open phase's year too (public, G7.1).
    #[arg(long)]
    pub(crate) chronicle: bool,
}

/// The file as written.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct AnnounceFile {
    it: Option<toml::Spanned<String>>,
    en: Option<toml::Spanned<String>>,
}

/// Reads the file: at least one language, no empty text; every problem located.
fn read(path: &Path) -> Result<(String, String)> {
    let bytes = super::read_file(path)?;
    let shown = path.display().to_string();
    let text = String::from_utf8(bytes).map_err(|_| {
        invalid(
            &shown,
            "",
            Diagnostic::file(&shown, "announce.utf8", "the file is not UTF-8 text".into()),
        )
    })?;
    let file: AnnounceFile = toml::from_str(&text).map_err(|e| {
        invalid(
            &shown,
            &text,
            Diagnostic::at(
                &shown,
                &text,
                e.span().unwrap_or(0..0),
                "toml",
                e.message().trim().to_owned(),
            ),
        )
    })?;
    for s in [&file.it, &file.en].into_iter().flatten() {
        if s.get_ref().trim().is_empty() {
            return Err(invalid(
                &shown,
                &text,
                Diagnostic::at(
                    &shown,
                    &text,
                    s.span(),
                    "announce.empty",
                    "the announcement is empty".into(),
                ),
            ));
        }
    }
    let it = file.it.map(|s| s.into_inner().trim().to_owned());
    let en = file.en.map(|s| s.into_inner().trim().to_owned());
    match (it, en) {
        (Some(it), Some(en)) => Ok((it, en)),
        (Some(one), None) | (None, Some(one)) => Ok((one.clone(), one)),
        (None, None) => Err(invalid(
            &shown,
            &text,
            Diagnostic::file(
                &shown,
                "announce.text",
                "no announcement: write it = \"…\" and/or en = \"…\"".into(),
            ),
        )),
    }
}

fn invalid(path: &str, text: &str, d: Diagnostic) -> Error {
    let rendered = d.render(text);
    Error::invalid(
        format!("{path}: not an announcement giglio can send"),
        vec![d],
        rendered,
    )
}

pub(crate) fn cmd_announce(dir: &Path, a: AnnounceArgs) -> Result<()> {
    let (text_it, text_en) = read(&a.file)?;
    let command = format!("announce {}", a.file.display());
    let mut store = Store::open_write(dir, &command)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let config = crate::mail::config::load(dir)?;
    let current = store.current()?;
    let clubs: Vec<_> = store
        .clubs()?
        .into_iter()
        .filter(|c| current.world.is_club(&c.nation))
        .collect();
    let title = campaign.title_it.clone();
    let say = |w: &crate::words::Words, lang: Lang, _phase: &str| {
        let body = match lang {
            Lang::It => &text_it,
            Lang::En => &text_en,
        };
        (
            crate::t!(w, lang, "desk-announce-subject", campaign = title.as_str()),
            format!("{}\n\n{body}", crate::t!(w, lang, "desk-announce-heading")),
        )
    };
    let now = super::now();
    let notice = crate::engine::post::notice::Notice {
        kind: "announcement",
        phase: current.id,
        // Two announcements with the same words are two messages.
        salt: format!("{now}|{}", store.journal()?.len()),
        say: &say,
    };
    let msgs = crate::engine::post::notice::to_clubs(
        &campaign,
        &config,
        &clubs.iter().collect::<Vec<_>>(),
        &notice,
        &super::words_of(dir)?,
        &now,
    )?;
    let record = Announcement {
        phase: current.id.key(),
        year: current.id.year,
        text_it,
        text_en,
        in_chronicle: a.chronicle,
    };
    store.announce(&record, &msgs, &now, &command)?;
    ui::out(&format!(
        "the announcement queued to {}{}; `giglio mail send` delivers it\n",
        ui::count(msgs.len(), "club"),
        if a.chronicle {
            format!(", and kept for the chronicle of {}", current.id.year)
        } else {
            String::new()
        }
    ));
    Ok(())
}
