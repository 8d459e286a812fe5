//! The campaigns shipped inside the binary, so `giglio new` and `giglio demo` work on
//! any machine without the source tree.

/// The files of a campaign definition, in the order they are checked.
pub const FILES: [&str; 5] = [
    "campaign.toml",
    "nations.toml",
    "map.toml",
    "rules.toml",
    "start.toml",
];

/// Returns the files of a built-in campaign by name, as (file name, text).
pub fn files(name: &str) -> Option<Vec<(&'static str, &'static str)>> {
    match name {
        "il-giglio" => Some(vec![
            (
                "campaign.toml",
                include_str!("../../campaigns/il-giglio/campaign.toml"),
            ),
            (
                "nations.toml",
                include_str!("../../campaigns/il-giglio/nations.toml"),
            ),
            (
                "map.toml",
                include_str!("../../campaigns/il-giglio/map.toml"),
            ),
            (
                "rules.toml",
                include_str!("../../campaigns/il-giglio/rules.toml"),
            ),
            (
                "start.toml",
                include_str!("../../campaigns/il-giglio/start.toml"),
            ),
        ]),
        _ => None,
    }
}

/// Names of the built-in campaigns.
pub const NAMES: [&str; 1] = ["il-giglio"];
