//! `giglio letters`: every letter the clubs sent one another (G5.3), as the referee keeps
//! them: who wrote, to whom, when it was read, and where each copy stands.

use super::ui;
use crate::error::Result;
use crate::rules::outcome::Happening;
use crate::storage::{CourierFate, LetterRow, Store};
use std::path::Path;

/// Show every letter between clubs: writer, addressees, when read, each copy's fate.
#[derive(Debug, clap::Args)]
pub(crate) struct LettersArgs {
    /// Only letters read while this phase was open (`1494-spring`, `1494-r03`).
    #[arg(long, value_name = "PHASE")]
    pub(crate) phase: Option<String>,
    /// Only letters this nation wrote or received.
    #[arg(long, value_name = "CODE")]
    pub(crate) club: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_letters(dir: &Path, args: LettersArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    let mut letters = store.letters()?;
    // A letter of the open phase waits for its courier only where couriers carry them.
    let by_courier = super::campaign_of(dir).is_ok_and(|(c, _)| {
        c.tables.rulings.letters_travel == crate::rules::tables::LettersTravel::Courier
    });
    couriers(&store, &mut letters, by_courier)?;
    let letters: Vec<LetterRow> = letters
        .into_iter()
        .filter(|l| args.phase.as_ref().is_none_or(|p| &l.phase == p))
        .filter(|l| {
            args.club
                .as_ref()
                .is_none_or(|c| &l.sender == c || l.recipients.contains(c))
        })
        .collect();
    if args.json {
        return ui::out_json(&letters);
    }
    ui::out(&text(&letters));
    Ok(())
}

/// G5.3, by courier: where each letter's couriers stand, from the events of the resolved
/// phases and the couriers on the road in the open phase's world. Where couriers carry
/// letters, a letter of the open phase waits for its courier to set out.
fn couriers(store: &Store, letters: &mut [LetterRow], by_courier: bool) -> Result<()> {
    let current = store.current()?;
    let open = current.id.key();
    let fate = |l: &mut LetterRow, to: &str| -> usize {
        if let Some(i) = l.couriers.iter().position(|c| c.to == to) {
            return i;
        }
        l.couriers.push(CourierFate {
            to: to.to_owned(),
            status: "waiting".into(),
            phase: None,
            rounds_left: None,
            lost_at: None,
            intercepted_by: Vec::new(),
        });
        l.couriers.len() - 1
    };
    for p in store.phases()? {
        let key = p.id.key();
        let Some(r) = store.resolution(&key)? else {
            continue;
        };
        for e in &r.events {
            let (letter, to) = match &e.what {
                Happening::CourierArrived { letter, to, .. }
                | Happening::CourierLost { letter, to, .. }
                | Happening::LetterIntercepted { letter, to, .. } => (*letter, to.as_str()),
                _ => continue,
            };
            let Some(l) = letters.iter_mut().find(|l| l.id == letter) else {
                continue;
            };
            let i = fate(l, to);
            let f = &mut l.couriers[i];
            match &e.what {
                Happening::CourierArrived { .. } => {
                    f.status = "delivered".into();
                    f.phase = Some(key.clone());
                }
                Happening::CourierLost { node, .. } => {
                    f.status = "lost".into();
                    f.phase = Some(key.clone());
                    f.lost_at = node.as_ref().map(|n| n.as_str().to_owned());
                }
                Happening::LetterIntercepted { by, .. } => {
                    f.intercepted_by.push(by.as_str().to_owned());
                }
                _ => {}
            }
        }
    }
    for k in &current.world.couriers {
        let Some(l) = letters.iter_mut().find(|l| l.id == k.letter) else {
            continue;
        };
        let i = fate(l, k.to.as_str());
        let f = &mut l.couriers[i];
        if !k.path.is_empty() {
            f.status = "in_transit".into();
            f.rounds_left = Some(k.rounds_left);
        }
    }
    for l in letters.iter_mut().filter(|_| by_courier) {
        if l.phase != open || l.withdrawn_at.is_some() {
            continue;
        }
        for to in l.recipients.clone() {
            let sent = l.copies.iter().any(|c| c.nation.as_deref() == Some(&to));
            if !sent && !l.couriers.iter().any(|c| c.to == to) {
                fate(l, &to);
            }
        }
    }
    Ok(())
}

/// The letters as the referee reads them in a terminal.
fn text(letters: &[LetterRow]) -> String {
    if letters.is_empty() {
        return "no letters: clubs write them as [[letter]] entries in the files they mail\n"
            .to_owned();
    }
    let mut out = String::new();
    for l in letters {
        out.push_str(&format!(
            "#{} {} {} -> {}{}{}\n    written {}, read {}\n",
            l.id,
            l.phase,
            l.sender,
            l.recipients.join(", "),
            if l.anonymous { " (unsigned)" } else { "" },
            l.withdrawn_at
                .as_ref()
                .map(|w| format!(" (taken back by undo {w})"))
                .unwrap_or_default(),
            l.written_at,
            l.received_at
        ));
        for c in &l.copies {
            let to = c.nation.as_deref().unwrap_or("referee");
            let when = c
                .sent_at
                .as_ref()
                .map(|s| format!(" {s}"))
                .unwrap_or_default();
            out.push_str(&format!("    {to}: {}{when}\n", c.status));
        }
        for k in &l.couriers {
            let mut words = k.status.replace('_', " ");
            if let Some(n) = k.rounds_left.filter(|_| k.status == "in_transit") {
                words.push_str(&format!(", {n} summer rounds to ride"));
            }
            if let Some(p) = &k.phase {
                words.push_str(&format!(" in {p}"));
            }
            if k.status == "lost" {
                match &k.lost_at {
                    Some(n) => words.push_str(&format!(", a hostile army at {n}")),
                    None => words.push_str(", no road free of hostile armies"),
                }
            }
            if !k.intercepted_by.is_empty() {
                words.push_str(&format!("; intercepted by {}", k.intercepted_by.join(", ")));
            }
            out.push_str(&format!("    courier to {}: {words}\n", k.to));
        }
        for line in l.text.lines() {
            out.push_str(&format!("    | {line}\n"));
        }
        out.push('\n');
    }
    out
}
