//! `giglio demo`: a demo campaign, made and shown in one command, with no server and
//! no network.

use super::new::{NewArgs, create};
use super::status::{StatusArgs, cmd_status};
use super::ui;
use crate::error::{Error, Result};
use crate::report;
use std::path::{Path, PathBuf};

/// Create a demo campaign of Il Giglio (seed 1494) and play it with bot clubs: every
/// club's orders written and submitted as files, every battle auto-resolved, every
/// phase resolved; then show its status, standings and map.
#[derive(Debug, clap::Args)]
pub(crate) struct DemoArgs {
    /// Where to create it; a previous demo there is replaced.
    #[arg(default_value = "giglio-demo")]
    pub(crate) dir: PathBuf,
    /// Years to play (0: only create the campaign).
    #[arg(long, default_value_t = 1)]
    pub(crate) years: u16,
    /// The bots mail their orders into a Maildir and `giglio run`'s passes do the rest,
    /// on a clock moved from deadline to deadline; the campaign file's size is shown.
    #[arg(long)]
    pub(crate) service: bool,
}

/// Marks a directory as made by `giglio demo`, so it may be replaced by the next one.
const MARKER: &str = "DEMO";

pub(crate) fn cmd_demo(args: DemoArgs) -> Result<()> {
    clear_previous(&args.dir)?;
    let (mut store, secrets) = create(&NewArgs {
        dir: args.dir.clone(),
        campaign: "il-giglio".into(),
        seed: Some(1494),
        clubs: None,
        from: None,
        referee: Vec::new(),
        orders: None,
        secrets_by_hand: false,
        no_welcome: true,
        json: false,
    })?;
    let marker = args.dir.join(MARKER);
    std::fs::write(
        &marker,
        "made by `giglio demo`; the next demo may replace this directory\n",
    )
    .map_err(|e| Error::write_at(&marker, e))?;
    // The referee of the demo gets the referee's reports too.
    let config_path = args.dir.join(crate::mail::config::CONFIG_FILE);
    let config_text = if args.service {
        super::demo_service::config(crate::mail::config::TEMPLATE)
    } else {
        crate::mail::config::TEMPLATE
            .replace("referee = []", "referee = [\"arbitro@giglio.invalid\"]")
    }
    // The demo keeps its public site too (`giglio site`), in site/.
    .replace("# out = \"public\"", "out = \"site\"");
    std::fs::write(&config_path, config_text).map_err(|e| Error::write_at(&config_path, e))?;
    let (campaign, source) = super::campaign_of(&args.dir)?;
    ui::out(&format!(
        "demo campaign created in {}; the bots play {}\n",
        args.dir.display(),
        ui::count(args.years as usize, "year")
    ));
    if args.service && args.years > 0 {
        drop(store);
        super::demo_service::play(&args.dir, &secrets, args.years, &super::now())?;
        store = crate::storage::Store::open_write(&args.dir, "demo")?;
    } else if args.years > 0 {
        play(
            &args.dir, &mut store, &campaign, &source, &secrets, args.years,
        )?;
    }
    // Every report, bulletin and referee's report, as the clubs would receive them.
    let config = crate::mail::config::load(&args.dir)?;
    let sink = crate::mail::deliver::sink(&args.dir, &config, None)?;
    let sent = crate::mail::deliver::send_queued(&mut store, &sink, &super::now, &|_, _| {})?;
    // The mail written out as files, counted where it lies: with `--service`, the
    // service's passes sent it already and the send above finds none left.
    let out_dir = args.dir.join(&config.mail.out_dir);
    let written = std::fs::read_dir(&out_dir).map_or(sent.sent, |entries| {
        entries
            .filter_map(std::result::Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
            .count()
    });
    let world = store.current()?.world;
    // The last year played to its end, for its yearly reports and chronicle.
    let last_year = store
        .phases()?
        .iter()
        .rev()
        .find(|p| p.id.phase == crate::rules::Phase::Winter && p.resolved_at.is_some())
        .map(|p| p.id.year);
    drop(store);
    let reports = |year| super::report::ReportArgs {
        club: None,
        bulletin: false,
        phase: None,
        year,
        chronicle: false,
        lang: None,
        format: super::report::Format::Text,
        out: Some(args.dir.join("reports")),
        json: false,
    };
    if args.years > 0 {
        super::report::cmd_report(&args.dir, reports(None))?;
    }
    if let Some(y) = last_year {
        super::report::cmd_report(&args.dir, reports(Some(y)))?;
    }
    let env = report::environment(None, super::words_of(&args.dir)?)?;
    if args.years > 0 {
        let store = crate::storage::Store::open_read(&args.dir)?;
        crate::engine::site::after_phase(&store, &args.dir, &campaign, &env, &config)?;
    }
    let svg_path = args.dir.join("map.svg");
    std::fs::write(
        &svg_path,
        report::map::render_referee(&campaign, &world, &env)?,
    )
    .map_err(|e| Error::write_at(&svg_path, e))?;
    ui::out("\n");
    cmd_status(&args.dir, StatusArgs { json: false })?;
    ui::out(&format!(
        "\nmap: {}\norder files the bots sent: {}/orders/\nmail: {} messages (reports, yearly reports, chronicles, referee's reports) as .eml files in {}/{}\nlast phase's reports (text, HTML, PNG), the referee's summary and the last year's chronicle: {}/reports/\npublic site (bulletins, maps, chronicles, feed): {}/site/index.html\ntry: giglio -C {} victory\n     giglio -C {} ledger --club V\n     giglio -C {} audit\n",
        svg_path.display(),
        args.dir.display(),
        written,
        args.dir.display(),
        config.mail.out_dir.display(),
        args.dir.display(),
        args.dir.display(),
        args.dir.display(),
        args.dir.display(),
        args.dir.display()
    ));
    Ok(())
}

/// Removes a previous demo; refuses to touch a directory that holds anything else.
fn clear_previous(dir: &Path) -> Result<()> {
    if !dir.exists() {
        return Ok(());
    }
    let is_demo = dir.join(MARKER).is_file();
    let empty = std::fs::read_dir(dir)
        .map_err(|e| Error::io_at(dir, e))?
        .next()
        .is_none();
    if empty {
        return Ok(());
    }
    if !is_demo {
        return Err(Error::user(format!(
            "{} exists and was not made by `giglio demo`; choose another directory",
            dir.display()
        )));
    }
    std::fs::remove_dir_all(dir)
        .map_err(|e| Error::io(format!("cannot remove {}", dir.display())).with_source(e))?;
    Ok(())
}

/// Plays `years` years with bots through the real paths: each club's orders written as
/// an order file in `orders/` and submitted like a club's, each pending battle
/// auto-resolved with the campaign's default ruleset, each phase resolved.
fn play(
    dir: &Path,
    store: &mut crate::storage::Store,
    c: &crate::rules::Campaign,
    source: &crate::scenario::Source,
    secrets: &std::collections::BTreeMap<String, String>,
    years: u16,
) -> Result<()> {
    use crate::rules::Phase;
    let rs = crate::scenario::rulesets(source)
        .map_err(|d| super::invalid_files(d, Some(source)))?
        .into_iter()
        .find(|r| r.id == c.default_ruleset)
        .ok_or_else(|| Error::user(format!("no ruleset `{}`", c.default_ruleset)))?;
    let orders_dir = dir.join("orders");
    std::fs::create_dir_all(&orders_dir).map_err(|e| Error::io_at(&orders_dir, e))?;
    let parts = super::MailParts::load(dir)?;
    let words = super::words_of(dir)?;
    let last_year = c.tables.calendar.start_year + years - 1;
    loop {
        let current = store.current()?;
        let w = current.world;
        if current.resolved_at.is_some() || (w.phase.year > last_year) {
            break;
        }
        let key = w.phase.key();
        if w.phase.phase != Phase::Winter {
            for nation in w.clubs.iter() {
                let set = crate::bots::orders(c, &w, nation);
                let text = crate::orders::unparse(
                    nation.as_str(),
                    &key,
                    secrets.get(nation.as_str()).map(String::as_str),
                    &set,
                );
                let path = orders_dir.join(format!("{key}-{nation}.toml"));
                std::fs::write(&path, &text).map_err(|e| Error::write_at(&path, e))?;
                let shown = path.display().to_string();
                let checked = super::accept_club_file(store, c, text.as_bytes(), &shown, &words)?;
                store.submit_orders(
                    &crate::storage::StoredOrders {
                        id: 0,
                        phase: key.clone(),
                        nation: nation.to_string(),
                        received_at: super::now(),
                        source: format!("demo bot, {shown}"),
                        sha256: checked.sha256.clone(),
                        text: checked.masked.clone(),
                        active: true,
                    },
                    "demo",
                )?;
            }
        }
        for b in &w.battles {
            crate::engine::auto_resolve(store, c, b, &rs, &super::now(), "demo", None, Vec::new())?;
        }
        // In contact-exchange mode the bots never answer: each encounter asked is
        // closed by the next forced call, their standing choices speaking (G3c.3).
        let r = loop {
            let ran = crate::engine::resolve_open_phase(
                store,
                c,
                true,
                false,
                &super::now(),
                "demo",
                &words,
                Some(&parts.mailing()),
            )?;
            if let Some(r) = ran.resolved() {
                break r;
            }
        };
        let battles = r
            .resolution
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e.what,
                    crate::rules::outcome::Happening::BattleFought { .. }
                )
            })
            .count();
        let taken = r
            .resolution
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e.what,
                    crate::rules::outcome::Happening::NodeTaken { .. }
                        | crate::rules::outcome::Happening::Surrendered { .. }
                )
            })
            .count();
        let line = crate::t!(
            words,
            crate::rules::tables::Lang::En,
            "demo-resolved",
            phase = format!("{:<20}", w.phase.to_string()),
            orders = format!("{:>3}", r.resolution.outcomes.len()),
            battles = battles as i64,
            taken = taken as i64,
            dice = r.rolls.len() as i64
        );
        ui::out(&format!("{line}\n"));
    }
    Ok(())
}
