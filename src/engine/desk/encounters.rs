//! What a club's authenticated file answers in contact-exchange mode (G3c.3): each
//! `[[encounter]]` reply is judged against the encounter the round stands at and saved
//! as a step of the open phase; the receipt says what was taken or why not. Whether the
//! other side has answered is never told.

use crate::engine::exchange::{self, ReplyProblem, ReplyStep};
use crate::error::Result;
use crate::report::asked::code;
use crate::rules::NationCode;
use crate::rules::order::{Order, OrderKind};
use crate::storage::{Club, NewStep, Store};
use crate::t;
use crate::words::Words;

/// The steps to save and the receipt's lines for a file's encounter replies.
pub(crate) fn take(
    store: &Store,
    club: &Club,
    sha256: &str,
    sent: &[Order],
    words: &Words,
) -> Result<(Vec<NewStep>, Vec<String>)> {
    let lang = club.lang;
    let current = store.current()?;
    let key = current.id.key();
    let mut steps_so_far = store.steps(&key)?;
    let nation = NationCode(club.nation.clone());
    let mut steps = Vec::new();
    let mut lines = Vec::new();
    for o in sent {
        let OrderKind::EncounterReply { encounter, choice } = &o.kind else {
            continue;
        };
        let id = encounter.as_str();
        match exchange::judge_reply(&steps_so_far, &key, &nation, id, *choice) {
            Ok(number) => {
                let reply = ReplyStep {
                    encounter: encounter.clone(),
                    number,
                    nation: nation.clone(),
                    choice: *choice,
                    receipt: sha256.to_owned(),
                };
                let step = exchange::step(exchange::REPLY, &reply, &current.world, Vec::new())?;
                // A second reply in the same file counts after the first, as if stored.
                steps_so_far.push(crate::storage::StepRow {
                    phase: key.clone(),
                    n: 0,
                    kind: step.kind.clone(),
                    at: String::new(),
                    input: step.input.clone(),
                    seed_commitment: String::new(),
                    revealed_seed: None,
                    result: step.result.clone(),
                    rolls: Vec::new(),
                    messages: Vec::new(),
                });
                steps.push(step);
                lines.push(t!(
                    words,
                    lang,
                    "exchange-receipt-taken",
                    id = id,
                    choice = code(*choice)
                ));
            }
            Err(ReplyProblem::NoSuchEncounter) => {
                lines.push(t!(words, lang, "exchange-refused-not-waiting", id = id));
            }
            Err(ReplyProblem::NotAsked) => {
                lines.push(t!(words, lang, "exchange-refused-not-asked", id = id));
            }
            Err(ReplyProblem::NotAnOption(options)) => {
                let options: Vec<&str> = options.into_iter().map(code).collect();
                lines.push(t!(
                    words,
                    lang,
                    "exchange-refused-option",
                    id = id,
                    choice = code(*choice),
                    options = options.join(", ")
                ));
            }
        }
    }
    Ok((steps, lines))
}
