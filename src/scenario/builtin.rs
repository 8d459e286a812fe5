//! The campaigns shipped inside the binary, so `giglio new` and `giglio demo` work on
//! any machine without the source tree.

/// The files of a campaign definition, in the order they are checked (the rulesets in
/// `rulesets/` come besides them).
pub(crate) const FILES: [&str; 5] = [
    "campaign.toml",
    "nations.toml",
    "map.toml",
    "rules.toml",
    "start.toml",
];

/// Files a definition may have: read when present, and the campaign works without them.
pub(crate) const OPTIONAL: [&str; 1] = ["land.toml"];

/// Embeds a file of the shipped Il Giglio campaign under its key.
macro_rules! il_giglio {
    ($($file:literal),* $(,)?) => {
        vec![$(($file, include_str!(concat!("../../campaigns/il-giglio/", $file)))),*]
    };
}

/// Returns the files of a built-in campaign by name, as (file key, text).
pub(crate) fn files(name: &str) -> Option<Vec<(&'static str, &'static str)>> {
    match name {
        "il-giglio" => Some(il_giglio![
            "campaign.toml",
            "nations.toml",
            "map.toml",
            "rules.toml",
            "start.toml",
            "land.toml",
            "rulesets/armati.toml",
            "rulesets/leg1176.toml",
            "rulesets/mon1628.toml",
            "rulesets/ott1625.toml",
            "rulesets/pia1746.toml",
            "rulesets/vgf.toml",
        ]),
        _ => None,
    }
}
