//! The final verdict's text (G8): the standings with every club's objective revealed,
//! the winners and the tie-break used. Sent to every club once the campaign is over,
//! when nothing of it is secret any more.

use crate::rules::tables::Lang;
use crate::rules::victory::Verdict;
use crate::rules::{Campaign, NationCode};
use crate::t;
use crate::words::Words;

/// Returns the verdict's subject and text in a language, for the campaign's last
/// `year`.
pub fn render(w: &Words, l: Lang, c: &Campaign, v: &Verdict, year: u16) -> (String, String) {
    let names = |list: &[NationCode]| {
        list.iter()
            .map(|n| c.nation_said(n.as_str(), l))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = vec![t!(w, l, "verdict-intro", year = year)];
    parts.push(if v.winners.is_empty() {
        w.plain(l, "verdict-no-winner")
    } else {
        t!(
            w,
            l,
            "verdict-winner",
            count = v.winners.len() as i64,
            winners = names(&v.winners)
        )
    });
    if v.met.len() > 1 {
        let id = if v.winners.len() > 1 {
            "verdict-tiebreak-tied"
        } else {
            "verdict-tiebreak"
        };
        parts.push(t!(w, l, id, met = names(&v.met)));
    }
    let mut table = w.plain(l, "verdict-standings");
    for s in &v.standings {
        let objective = match s.objective {
            None => w.plain(l, "verdict-no-objective"),
            Some(kind) => {
                let name = c
                    .tables
                    .victory
                    .objective
                    .iter()
                    .find(|o| o.id == kind)
                    .map_or_else(String::new, |o| {
                        crate::words::explain::objective_name(o, l).to_owned()
                    });
                match &s.target {
                    Some(t) => t!(
                        w,
                        l,
                        "verdict-target",
                        objective = name,
                        target = c.nation_name(t.as_str(), l)
                    ),
                    None => name,
                }
            }
        };
        table.push_str("\n  ");
        table.push_str(&t!(
            w,
            l,
            "verdict-line",
            nation = crate::rules::campaign::name_with_code(
                &c.nation_name(s.nation.as_str(), l),
                s.nation.as_str()
            ),
            objective = objective,
            met = if s.met { "yes" } else { "no" },
            treasury = s.treasury
        ));
    }
    parts.push(table);
    let mut text = parts.join("\n\n");
    text.push('\n');
    (w.plain(l, "verdict-subject"), text)
}
