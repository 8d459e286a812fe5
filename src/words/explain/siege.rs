//! A siege roll's modifiers in words (G3d.2, Table 35): each one named with its value,
//! `+0` for the rounds spent on a first roll included, so a club can check the sum.

use crate::rules::tables::Lang;
use crate::words::{Args, Words};
use serde_json::Value;

/// The modifiers of a siege roll, each as `+1 (a sapper with the besiegers)`, joined;
/// the catalogue's "none" when there are none.
pub(super) fn modifiers(w: &Words, lang: Lang, ms: &[Value]) -> String {
    let parts: Vec<String> = ms.iter().filter_map(|m| one(w, lang, m)).collect();
    if parts.is_empty() {
        return w.plain(lang, "siege-modifiers-none");
    }
    parts.join(" ")
}

/// One modifier (`{ "modifier": "bribe", "ducats": 50, "value": 2 }`) in words.
fn one(w: &Words, lang: Lang, m: &Value) -> Option<String> {
    let map = m.as_object()?;
    let kind = map.get("modifier")?.as_str()?;
    let value = map.get("value").and_then(Value::as_i64).unwrap_or(0);
    let mut args = Args::new();
    args.set("signed", format!("{value:+}"));
    for (k, v) in map {
        if let Some(n) = v.as_i64() {
            args.set(k.clone(), n);
        }
    }
    Some(w.get(
        lang,
        &format!("siege-modifier-{}", kind.replace('_', "-")),
        &args,
    ))
}
