//! The sheet's standing choices and assassins: a piece's choices now and the
//! `[[stance]]` that changes them (with a spy's condition), and the missions an assassin
//! may be sent on.

use super::{SheetInput, comment, commented_order};
use crate::t;
use crate::words::{Lang, Words};
use std::fmt::Write as _;

/// A choice as the order file writes it (`stop`, `withdraw`).
pub(super) fn choice_word(c: crate::rules::tables::Choice) -> String {
    serde_json::to_value(c)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A standing choice as the sheet shows it: the value the file takes, glossed in the
/// reader's words where they differ (`"stop" (fermarsi)`; English reads `"stop"`).
pub(super) fn choice_said(w: &Words, l: Lang, value: &str) -> String {
    let id = format!("page-choice-{value}");
    if !w.has(l, &id) {
        return format!("{value:?}");
    }
    let gloss = w.plain(l, &id);
    if gloss == value {
        format!("{value:?}")
    } else {
        format!("{value:?} ({gloss})")
    }
}

/// The values a standing choice may take, glossed: `stop (fermarsi) | retreat (…)`.
pub(super) fn choices_said(w: &Words, l: Lang, values: &[&str]) -> String {
    values
        .iter()
        .map(|v| {
            let id = format!("page-choice-{v}");
            let gloss = if w.has(l, &id) {
                w.plain(l, &id)
            } else {
                String::new()
            };
            if gloss.is_empty() || gloss == *v {
                (*v).to_owned()
            } else {
                format!("{v} ({gloss})")
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// G3c.3–4: a piece's standing choices now (the table's default where it has none of its
/// own), then a `[[stance]]` written with them, to change; with a spy, the condition
/// on the enemy's size too.
pub(super) fn stance(
    out: &mut String,
    w: &Words,
    s: &SheetInput,
    id: &str,
    now: Option<&crate::rules::world::Stance>,
) {
    let (l, c) = (s.lang, s.campaign);
    let e = &c.tables.encounters;
    let st = now.cloned().unwrap_or_default();
    let on = choice_word(st.on_contact.unwrap_or(e.default_on_contact));
    let when = choice_word(st.when_contacted.unwrap_or(e.default_when_contacted));
    let mut text = t!(
        w,
        l,
        "sheet-stance-now",
        on_contact = choice_said(w, l, &on),
        when_contacted = choice_said(w, l, &when),
        retreat_to = st
            .retreat_to
            .as_ref()
            .map_or_else(|| "none".to_owned(), |n| c.place_said(n.as_str()))
    );
    if let Some(spy) = &st.spy {
        text.push(' ');
        text.push_str(&t!(
            w,
            l,
            if s.options.spy {
                "sheet-stance-spy-now"
            } else {
                "sheet-stance-spy-idle"
            },
            at_most = spy.enemy_at_most,
            then = choice_said(w, l, &choice_word(spy.then)),
            otherwise = choice_said(w, l, &choice_word(spy.otherwise))
        ));
    }
    if st.spy.is_some() && c.tables.rulings.plain_choice_clears_spy_condition {
        text.push(' ');
        text.push_str(&w.plain(l, "sheet-stance-spy-clear"));
    }
    text.push(' ');
    text.push_str(&w.plain(l, "sheet-stance-change"));
    // An empty line first: what follows an order's lines is not taken for one of them.
    out.push_str("#\n");
    comment(out, &text);
    let _ = writeln!(
        out,
        "# [[stance]]\n# piece = {id:?}\n# on_contact = {on:?}          # stop | retreat | attack\n# when_contacted = {when:?}      # stop | retreat | attack | withdraw",
    );
    if s.options.spy {
        let (at_most, then, otherwise) =
            st.spy
                .as_ref()
                .map_or((200, "attack".to_owned(), "retreat".to_owned()), |x| {
                    (
                        x.enemy_at_most,
                        choice_word(x.then),
                        choice_word(x.otherwise),
                    )
                });
        let _ = writeln!(
            out,
            "# spy = {{ enemy_at_most = {at_most}, then = {then:?}, otherwise = {otherwise:?} }}"
        );
        comment(out, &w.plain(l, "sheet-stance-spy"));
    }
}

/// G2b.5: the club's assassins in a round: what a mission may aim at, with the missions
/// the rules accept that need no sight of a foreign piece as examples.
pub(super) fn assassins(out: &mut String, w: &Words, s: &SheetInput) {
    // Not an ally's marker: a mission against an ally betrays the alliance (G5.2).
    let mut seen: Vec<String> = (s.seen.iter())
        .filter(|(_, n)| !s.options.allies.contains(n))
        .map(|(at, _)| format!("{at} {}", s.campaign.place_name(at)))
        .collect();
    seen.dedup();
    let round = s.phase_key.contains("-r");
    if s.options.assassins == 0 || !round || (s.options.missions.is_empty() && seen.is_empty()) {
        return;
    }
    let l = s.lang;
    let _ = writeln!(out, "\n# ==== {} ====", w.plain(l, "sheet-assassin-title"));
    comment(
        out,
        &t!(w, l, "sheet-assassin", count = s.options.assassins as i64),
    );
    // Where a commander may be sought: the nodes of the foreign markers the club sees (a
    // play-test's club had to guess that its own besieged city counted).
    comment(
        out,
        &if seen.is_empty() {
            w.plain(l, "sheet-assassin-seen-none")
        } else {
            t!(w, l, "sheet-assassin-seen", nodes = seen.join(", "))
        },
    );
    for m in &s.options.missions {
        out.push_str("#\n");
        commented_order(out, m);
    }
}
