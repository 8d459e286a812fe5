//! A battle's news by mail: once its result is applied mid-phase, an update to each side
//! (what happened, its new position, a fresh order file, view file and order page); when the two
//! clubs' results differ, one notice to both clubs and one to the referee, at once.

use crate::error::Result;
use crate::mail::compose::{Draft, FilePart, compose, mailbox};
use crate::mail::config::Config;
use crate::report::{news, sheet};
use crate::rules::battles::BattleOutcome;
use crate::rules::resolve::StepResolution;
use crate::rules::tables::Lang;
use crate::rules::visibility::events_for;
use crate::rules::world::Battle;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Club, OutMessage};
use crate::words::Words;
use std::collections::BTreeMap;

/// What every battle message of one arrival shares.
pub(crate) struct Desk<'a> {
    pub(crate) words: &'a Words,
    pub(crate) config: &'a Config,
    pub(crate) campaign: &'a Campaign,
    /// The campaign definition as the referee edited it (for the view file).
    pub(crate) definition: &'a BTreeMap<String, String>,
    pub(crate) clubs: &'a [Club],
    /// The open phase's deadline, as written to clubs.
    pub(crate) deadline: Option<&'a str>,
    /// When each club's active orders for the open phase arrived (nation → time).
    pub(crate) orders_sent: &'a BTreeMap<String, String>,
    /// The phase goes at the service's next pass, before its deadline
    /// (`engine::goes_early`).
    pub(crate) goes_early: bool,
    pub(crate) now: &'a str,
    /// The auto-resolve these updates tell of is the referee's (`giglio battle auto`).
    pub(crate) referee_auto: Option<news::RefereeAuto<'a>>,
}

/// The update to each side of a battle whose result a step applied, with the counting
/// auto-resolve's account when there is one; `world` is the world after every step of
/// this arrival (the order file is filled in from it).
pub(crate) fn updates(
    d: &Desk,
    battle: &Battle,
    game: Option<&crate::engine::battles::GameName>,
    (outcome, account): (&BattleOutcome, Option<&crate::battle::result::Account>),
    step: (u32, &StepResolution),
    world: &World,
    mailed: &[(NationCode, BattleOutcome)],
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&d.config.mail.from)?;
    let key = world.phase.key();
    let mut out = Vec::new();
    // The deadline as clubs read it everywhere (in the campaign's zone), and whether it
    // has passed: a round past its deadline that waited for this battle is resolved
    // next, so the update does not ask for orders it can no longer take.
    let tz = crate::engine::deadline::zone(&d.campaign.time_zone)?;
    let shown_deadline = d
        .deadline
        .map(|at| crate::engine::deadline::display(at, tz));
    // Under `[run] early` with every club's orders in, the round goes at the service's
    // next pass as if its deadline had passed (a play-test's update invited changes the
    // round gave no time for).
    let early = d.goes_early && !deadline_passed(d);
    let deadline_passed = deadline_passed(d) || early;
    // The map's templates, built once for both sides when a page is sent.
    let mut env: Option<minijinja::Environment<'static>> = None;
    for (nation, club) in sides(d, battle) {
        let lang = club.lang;
        // Projected and judged once for the update, the sheet, the view file and the page.
        let own = sheet::OwnWorld::of(d.campaign, world, nation);
        let events = events_for(&step.1.events, nation);
        let phase_name = crate::words::phases::phase_name(
            d.words,
            &d.campaign.tables.calendar,
            world.phase,
            lang,
        );
        let sheet_name = sheet::file_name(lang, nation, &key);
        // When the club's file arrived, as clubs read times: in the campaign's zone.
        let received = d
            .orders_sent
            .get(nation.as_str())
            .map(|at| crate::engine::deadline::display(at, tz));
        let (subject, text) = news::update(
            d.words,
            &news::Update {
                campaign: d.campaign,
                battle,
                game: game.map(|g| g.in_lang(lang)),
                reduced_percent: game.and_then(|g| g.reduced_percent),
                outcome,
                account,
                set_aside: crate::rules::visibility::set_aside_for(mailed, outcome, nation),
                events: &events,
                world: &own.world,
                nation,
                lang,
                phase_name: &phase_name,
                deadline: shown_deadline.as_deref(),
                deadline_passed,
                early,
                orders_sent: received.as_deref(),
                sheet: &sheet_name,
                referee_auto: d.referee_auto,
            },
        );
        let subject = format!("[{}] {subject}", title(d.campaign, lang));
        let page_on = d.config.mail.order_page(nation.as_str());
        // Past the deadline the round is resolved in this same pass, and its report
        // brings the next sheet: a sheet for the closed round would only mislead.
        let mut files = if deadline_passed {
            Vec::new()
        } else {
            sheet::own_attachments(
                d.words,
                d.campaign,
                &own,
                nation,
                lang,
                shown_deadline.as_deref(),
                d.definition,
                page_on,
            )
        };
        // The order page of the open phase, as the report and the welcome carry it:
        // the battle changed the pieces, so the page of the report is out of date.
        let mut text = text;
        if !deadline_passed && page_on {
            if env.is_none() {
                env = Some(crate::report::environment(None, d.words.clone())?);
            }
            let Some(env) = env.as_ref() else { continue };
            let map_svg = super::welcome::club_map_svg(env, d.campaign, world, club, nation)?;
            crate::report::page::with_view(
                d.words,
                &crate::report::page::PageInput {
                    campaign: d.campaign,
                    world,
                    nation,
                    lang,
                    deadline: shown_deadline.as_deref(),
                    map_svg: &map_svg,
                    orders_to: &d.config.mail.orders_address(),
                },
                &own,
                &mut files,
            );
            let name = crate::report::page::file_name(lang, nation, &own.world.phase.key());
            text.push_str(&crate::report::page::note(d.words, lang, &name));
        }
        out.push(update_mail(
            d,
            (&from, &key, club),
            (subject, text),
            format!("{key} step {}", step.0),
            super::file_parts(files),
        )?);
    }
    out.extend(bystanders(d, battle, step, world)?);
    Ok(out)
}

/// A notice to each club that was no side of the battle but that the step told
/// something of its own (a battle of its at the place lapsed when this result sent the
/// other side away): without it, that club learnt it only from the next round's report.
/// Public news alone (who won) is no reason to write: the bulletin carries it.
fn bystanders(
    d: &Desk,
    battle: &Battle,
    step: (u32, &StepResolution),
    world: &World,
) -> Result<Vec<OutMessage>> {
    use crate::rules::outcome::Audience;
    let from = mailbox(&d.config.mail.from)?;
    let key = world.phase.key();
    let mut out = Vec::new();
    let sides = [&battle.attacker.nation, &battle.defender.nation];
    for club in d.clubs.iter().filter(|c| !c.emails.is_empty()) {
        let nation = NationCode::from(club.nation.as_str());
        let own =
            |e: &&crate::rules::outcome::Event| e.audience == Audience::Nation(nation.clone());
        if sides.contains(&&nation) || !step.1.events.iter().any(|e| own(&e)) {
            continue;
        }
        let events = events_for(&step.1.events, &nation);
        let lang = club.lang;
        let phase_name = crate::words::phases::phase_name(
            d.words,
            &d.campaign.tables.calendar,
            world.phase,
            lang,
        );
        // The club's sheet no longer lists the lapsed battle: a fresh one goes with the
        // notice while the round still takes orders (a play-test sent the result block
        // of the old sheet, and it was refused).
        let own = sheet::OwnWorld::of(d.campaign, world, &nation);
        let sheet_name = sheet::file_name(lang, &nation, &key);
        let files: Vec<FilePart> = if deadline_passed(d) {
            Vec::new()
        } else {
            let tz = crate::engine::deadline::zone(&d.campaign.time_zone)?;
            let shown = d
                .deadline
                .map(|at| crate::engine::deadline::display(at, tz));
            super::file_parts(sheet::own_attachments(
                d.words,
                d.campaign,
                &own,
                &nation,
                lang,
                shown.as_deref(),
                d.definition,
                false,
            ))
        };
        let (subject, text) = news::bystander(
            d.words,
            &news::Bystander {
                campaign: d.campaign,
                battle,
                events: &events,
                lang,
                phase_name: &phase_name,
                sheet: files
                    .iter()
                    .any(|f| f.name == sheet_name)
                    .then_some(sheet_name.as_str()),
            },
        );
        let subject = format!("[{}] {subject}", title(d.campaign, lang));
        out.push(update_mail(
            d,
            (&from, &key, club),
            (subject, text),
            format!("{key} step {} bystander", step.0),
            files,
        )?);
    }
    Ok(out)
}

/// With results waiting for the next resolution (`battle_results_at_once` off): the
/// notice to each side of a battle auto-resolved meanwhile, its result and, to a club
/// whose mailed result it sets aside, which one and why (nothing is applied yet, so
/// there is no update). Only for an auto-resolve nobody has told of yet (the service's
/// fallback notice says it for its own).
pub(crate) fn settled_later(
    d: &Desk,
    battle: &Battle,
    game: Option<&crate::engine::battles::GameName>,
    (outcome, account): (&BattleOutcome, Option<&crate::battle::result::Account>),
    world: &World,
    mailed: &[(NationCode, BattleOutcome)],
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&d.config.mail.from)?;
    let key = world.phase.key();
    let mut out = Vec::new();
    for (nation, club) in sides(d, battle) {
        let lang = club.lang;
        let own = sheet::OwnWorld::of(d.campaign, world, nation);
        let phase_name = crate::words::phases::phase_name(
            d.words,
            &d.campaign.tables.calendar,
            world.phase,
            lang,
        );
        let (subject, text) = news::settled_later(
            d.words,
            lang,
            &news::Update {
                campaign: d.campaign,
                battle,
                game: game.map(|g| g.in_lang(lang)),
                reduced_percent: game.and_then(|g| g.reduced_percent),
                outcome,
                account,
                set_aside: crate::rules::visibility::set_aside_for(mailed, outcome, nation),
                events: &[],
                world: &own.world,
                nation,
                lang,
                phase_name: &phase_name,
                deadline: None,
                deadline_passed: false,
                early: false,
                orders_sent: None,
                sheet: "",
                referee_auto: d.referee_auto,
            },
            &phase_name,
        );
        let subject = format!("[{}] {subject}", title(d.campaign, lang));
        out.push(compose(
            &super::club_draft(
                "battle",
                &key,
                club,
                (subject, text),
                format!("{} settled later", battle.id),
            ),
            &from,
            d.now,
        )?);
    }
    Ok(out)
}

/// The notice that a battle's two results differ, to both clubs in their language and
/// to the referee.
pub(crate) fn dispute(
    d: &Desk,
    battle: &Battle,
    phase: &str,
    attacker: &BattleOutcome,
    defender: &BattleOutcome,
    play_by: Option<&str>,
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&d.config.mail.from)?;
    // A new notice for every new pair of results; the same pair twice is one message.
    let salt = format!(
        "{} dispute {}",
        battle.id,
        serde_json::to_string(&(attacker, defender)).unwrap_or_default()
    );
    let mut out = Vec::new();
    let mut draft = |nation: Option<&Club>, lang: Lang| -> Result<()> {
        let (subject, mut text) = news::dispute(
            d.words, lang, d.campaign, battle, attacker, defender, play_by,
        );
        // The referee's copy says how to rule (a play-test looked for the command).
        if nation.is_none() {
            text.push('\n');
            text.push_str(&crate::t!(
                d.words,
                lang,
                "referee-dispute-how",
                battle = battle.id.as_str(),
                attacker = battle.attacker.nation.as_str(),
                defender = battle.defender.nation.as_str()
            ));
            text.push('\n');
        }
        // Every mail carries the campaign's title, as a club's filters expect.
        let subject = format!("[{}] {subject}", title(d.campaign, lang));
        let (to, to_name) = match nation {
            Some(c) => (c.emails.clone(), Some(c.name.clone())),
            None => (d.config.mail.referee.clone(), None),
        };
        if to.is_empty() {
            return Ok(());
        }
        out.push(compose(
            &Draft {
                kind: "dispute",
                phase: Some(phase.to_owned()),
                nation: nation.map(|c| c.nation.clone()),
                to_name,
                to,
                subject,
                text,
                html: None,
                inline_png: None,
                files: Vec::new(),
                salt: salt.clone(),
            },
            &from,
            d.now,
        )?);
        Ok(())
    };
    for n in [&battle.attacker.nation, &battle.defender.nation] {
        if let Some(c) = d.clubs.iter().find(|c| c.nation == n.as_str()) {
            draft(Some(c), c.lang)?;
        }
    }
    draft(None, d.config.mail.referee_lang)?;
    Ok(out)
}

/// An update mail to `club` of phase `key`, with its files.
fn update_mail(
    d: &Desk,
    (from, key, club): (&lettre::message::Mailbox, &str, &Club),
    said: (String, String),
    salt: String,
    files: Vec<FilePart>,
) -> Result<OutMessage> {
    compose(
        &Draft {
            files,
            ..super::club_draft("update", key, club, said, salt)
        },
        from,
        d.now,
    )
}

/// Whether the open phase's deadline has passed (the phase is resolved next and takes
/// no more orders: a sheet for it would only mislead).
fn deadline_passed(d: &Desk) -> bool {
    let at = |t: &str| chrono::DateTime::parse_from_rfc3339(t).ok();
    d.deadline
        .and_then(at)
        .zip(at(d.now))
        .is_some_and(|(due, now)| due <= now)
}

/// The nations of a battle other than `nation`.
pub(crate) fn other<'a>(battle: &'a Battle, nation: &NationCode) -> &'a NationCode {
    if battle.attacker.nation == *nation {
        &battle.defender.nation
    } else {
        &battle.attacker.nation
    }
}

/// The campaign's title in a reader's language, as every mail's subject carries it.
fn title(c: &crate::rules::Campaign, lang: Lang) -> &str {
    match lang {
        Lang::It => &c.title_it,
        Lang::En => &c.title_en,
    }
}

/// The two sides of a battle whose clubs have an address, each with its club.
fn sides<'a>(d: &'a Desk, battle: &'a Battle) -> impl Iterator<Item = (&'a NationCode, &'a Club)> {
    [&battle.attacker.nation, &battle.defender.nation]
        .into_iter()
        .filter_map(|nation| {
            let club = d
                .clubs
                .iter()
                .find(|c| c.nation == nation.as_str() && !c.emails.is_empty())?;
            Some((nation, club))
        })
}
