//! An encounter asked of a club in contact-exchange mode (G3c.3), in words: the mail's
//! subject and text, and the reply file filled in with its standing choice. Built only
//! from what the club may read of it (`rules::visibility::asked_for`).

use crate::rules::tables::{Choice, Lang};
use crate::rules::visibility::AskView;
use crate::rules::{Campaign, NationCode};
use crate::t;
use crate::words::Words;
use crate::words::explain::{nation_name, node_name};

/// What the words of an ask need beyond the club's view of the encounter.
pub struct Ask<'a> {
    pub campaign: &'a Campaign,
    pub view: &'a AskView,
    pub nation: &'a NationCode,
    pub phase_key: &'a str,
    pub phase_name: &'a str,
    /// As clubs read it (local time and zone).
    pub deadline: Option<&'a str>,
    pub lang: Lang,
}

/// A choice as written in the reply file.
pub(crate) fn code(c: Choice) -> &'static str {
    match c {
        Choice::Stop => "stop",
        Choice::Retreat => "retreat",
        Choice::Attack => "attack",
        Choice::Withdraw => "withdraw",
    }
}

/// A choice with its meaning in the club's language: `"attack" (attaccare)`.
fn choice(w: &Words, l: Lang, c: Choice) -> String {
    let meaning = w.plain(l, &format!("page-choice-{}", code(c)));
    t!(w, l, "exchange-choice", choice = code(c), meaning = meaning)
}

/// The reply file's name.
pub(crate) fn file_name(a: &Ask) -> String {
    format!("{}-{}.toml", a.nation, a.view.id)
}

/// The mail's subject and text.
pub fn text(w: &Words, a: &Ask) -> (String, String) {
    let (l, c, v) = (a.lang, a.campaign, a.view);
    let node = node_name(c, v.node.as_str());
    let subject = t!(
        w,
        l,
        "exchange-subject",
        node = node.as_str(),
        phase = a.phase_name
    );
    let other = nation_name(c, &v.other, l);
    let mut parts = Vec::new();
    if v.in_hand {
        let from = v
            .from
            .as_ref()
            .map_or(String::new(), |f| node_name(c, f.as_str()));
        parts.push(t!(
            w,
            l,
            "exchange-hand",
            phase = a.phase_name,
            piece = v.mine.pieces.first().map_or("", String::as_str),
            from = from,
            node = node.as_str(),
            other = other,
            garrison = if v.other_garrison { "yes" } else { "no" }
        ));
    } else {
        parts.push(t!(
            w,
            l,
            "exchange-other",
            phase = a.phase_name,
            other = other,
            node = node.as_str(),
            pieces = v.mine.pieces.join(", "),
            garrison = if v.mine.garrison { "yes" } else { "no" }
        ));
    }
    if let Some(d) = v.mine.spy_sees {
        parts.push(t!(w, l, "exchange-spy", ducats = d));
    }
    let options: Vec<String> = v.mine.options.iter().map(|o| choice(w, l, *o)).collect();
    parts.push(t!(w, l, "exchange-options", options = options.join(", ")));
    let standing = choice(w, l, v.mine.standing);
    parts.push(match a.deadline {
        Some(d) => t!(w, l, "exchange-standing", deadline = d, standing = standing),
        None => t!(w, l, "exchange-standing-no-deadline", standing = standing),
    });
    parts.push(t!(w, l, "exchange-how", file = file_name(a)));
    (subject, parts.join("\n\n") + "\n")
}

/// The reply file, filled in with the club's standing choice.
pub fn reply_file(w: &Words, a: &Ask) -> String {
    let v = a.view;
    let options: Vec<&str> = v.mine.options.iter().map(|o| code(*o)).collect();
    let head = t!(
        w,
        a.lang,
        "exchange-file-head",
        id = v.id.as_str(),
        node = v.node.as_str(),
        options = options.join(", ")
    );
    format!(
        "{head}\nclub = {:?}\nphase = {:?}\nsecret = \"\"\n\n[[encounter]]\nid = {:?}\nchoice = {:?}\n",
        a.nation.as_str(),
        a.phase_key,
        v.id,
        code(v.mine.standing)
    )
}
