//! The notice a referee's ruling on a battle sends each of its two clubs (G3c.7): the
//! result, what it replaces (an earlier ruling, an auto-resolve, the clubs' own results)
//! and when it counts. Composed here, queued by `engine::record` with the ruling.

use crate::error::Result;
use crate::mail::compose::{compose, mailbox};
use crate::mail::config::Config;
use crate::rules::Campaign;
use crate::rules::battles::BattleOutcome;
use crate::rules::battles::SetBy;
use crate::rules::tables::Lang;
use crate::rules::world::Battle;
use crate::storage::Store;
use crate::words::Words;

/// What a new ruling `outcome` replaces: an earlier ruling, an auto-resolve, the clubs'
/// results, or nothing; or that it confirms a result a club mailed (a play-test read
/// "it replaces the clubs' results" of a ruling that gave its own).
pub(crate) fn replaced_by_ruling(
    store: &Store,
    b: &Battle,
    outcome: &BattleOutcome,
) -> Result<&'static str> {
    let results = store.results(&b.id)?;
    let has = |s: SetBy| results.iter().any(|r| r.source == s);
    let confirms = results.iter().any(|r| {
        matches!(r.source, SetBy::Club(_))
            && crate::rules::battles::same_result(&r.outcome, outcome)
    });
    Ok(if has(SetBy::Referee) {
        "referee"
    } else if has(SetBy::Auto) {
        "auto"
    } else if results.is_empty() {
        "none"
    } else if confirms {
        "confirms"
    } else {
        "clubs"
    })
}

/// The message that tells each club of the battle about a ruling, in its language:
/// the result, what it replaces (`replaced`, from [`replaced_by_ruling`]) and when it
/// counts. None where results apply at once: the update each club then receives
/// carries the ruling and its reason (one mail, not two in the same minute).
pub(crate) fn notices(
    store: &Store,
    (c, config, words): (&Campaign, &Config, &Words),
    (b, outcome, replaced): (&Battle, &BattleOutcome, &str),
    phase: &str,
    now: &str,
) -> Result<Vec<crate::storage::OutMessage>> {
    if c.tables.rulings.battle_results_at_once {
        return Ok(Vec::new());
    }
    let from = mailbox(&config.mail.from)?;
    let mut out = Vec::new();
    for club in store.clubs()? {
        if club.nation != b.attacker.nation.as_str() && club.nation != b.defender.nation.as_str() {
            continue;
        }
        let title = match club.lang {
            Lang::It => &c.title_it,
            Lang::En => &c.title_en,
        };
        let lang = club.lang;
        // The winner by name, with its article ("la Repubblica di Venezia").
        let winner = outcome.winner.as_ref().map_or("draw".to_owned(), |n| {
            crate::words::article::before(lang, "", &c.nation_name(n.as_str(), lang))
        });
        let subject = crate::t!(
            words,
            lang,
            "battle-ruling-subject",
            campaign = title.as_str(),
            battle = b.id.as_str()
        );
        let text = crate::t!(
            words,
            lang,
            "battle-ruling-text",
            battle = b.id.as_str(),
            winner = winner.as_str(),
            attacker_loss = outcome.attacker_loss,
            defender_loss = outcome.defender_loss,
            reason = outcome.reason.as_str(),
            replaced = replaced
        ) + " "
            + &words.plain(
                lang,
                if c.tables.rulings.battle_results_at_once {
                    "battle-ruling-now"
                } else {
                    "battle-ruling-later"
                },
            )
            + "\n";
        out.push(compose(
            &super::club_draft(
                "referee",
                phase,
                &club,
                (subject, text),
                format!("ruling {} {now}", b.id),
            ),
            &from,
            now,
        )?);
    }
    Ok(out)
}
