//! The examples that end every command's `--help`, in one table, and the help lines of
//! the battle commands' arguments (whose definitions the battle module owns).
//!
//! [`super::command`] applies them to the clap tree, so `--help`, the man pages and the
//! completions all carry them; a test walks the tree and fails on a command without.

/// Each command (its words after `giglio`) and one or two example lines.
const EXAMPLES: &[(&str, &[&str])] = &[
    (
        "new",
        &[
            "giglio new lega-1494 --clubs clubs.toml --from \"Arbitro <arbitro@club.it>\" --referee arbitro@club.it",
            "giglio new prova --campaign ./my-definition --seed 7",
            "giglio new lega-1494 --clubs clubs.toml --secrets-by-hand",
        ],
    ),
    ("welcome", &["giglio welcome", "giglio welcome --club M"]),
    ("rules", &["giglio rules G3b.3", "giglio rules --lang en"]),
    (
        "status",
        &["giglio status", "giglio -C lega-1494 status --json"],
    ),
    (
        "map check",
        &["giglio map check", "giglio map check ./my-definition"],
    ),
    (
        "map show",
        &[
            "giglio map show",
            "giglio map show --json | jq '.nodes | length'",
        ],
    ),
    (
        "map render",
        &[
            "giglio map render --out map.svg",
            "giglio map render --club V --out venezia.svg",
        ],
    ),
    ("export", &["giglio export --json > state.json"]),
    (
        "orders check",
        &[
            "giglio orders check V.toml",
            "giglio orders check V.toml --lang en --json",
            "giglio orders check ordini-V-1494-r03.toml --view ordini-V-1494-r03.html",
        ],
    ),
    (
        "orders submit",
        &[
            "giglio orders submit V.toml",
            "giglio orders submit M.toml --json",
        ],
    ),
    (
        "orders list",
        &[
            "giglio orders list",
            "giglio orders list --phase 1494-spring --json",
        ],
    ),
    (
        "orders schema",
        &["giglio orders schema > orders.schema.json"],
    ),
    (
        "resolve",
        &["giglio resolve --dry-run", "giglio resolve --force"],
    ),
    (
        "battle list",
        &["giglio battle list", "giglio battle list --json"],
    ),
    (
        "battle card",
        &[
            "giglio battle card 1494-r03-F7",
            "giglio battle card 1494-r03-F7 --format html > card.html",
            "giglio battle card 1494-r03-F7 --club F",
            "giglio battle card 1494-r03-F7 --lang it --format toml > scheda.toml",
        ],
    ),
    (
        "battle auto",
        &[
            "giglio battle auto 1494-r03-F7",
            "giglio battle auto 1494-r03-F7 --ruleset armati --json",
        ],
    ),
    (
        "battle result",
        &["giglio battle result 1494-r03-F7 V-result.toml"],
    ),
    ("battle oob", &["giglio battle oob 1494-r03-F7 V-oob.toml"]),
    (
        "battle rule",
        &[
            "giglio battle rule 1494-r03-F7 --winner V --loss V=50 --loss M=120 --reason \"both tables agree\"",
            "giglio battle rule 1494-r05-MN0 --as-sent V --reason \"the table's result, confirmed\"",
        ],
    ),
    (
        "battle odds",
        &[
            "giglio battle odds 1494-r03-F7",
            "giglio battle odds 1494-r03-F7 --runs 10000 --json",
        ],
    ),
    (
        "ledger",
        &[
            "giglio ledger --club V",
            "giglio ledger --club M --year 1494 --lang en",
        ],
    ),
    (
        "club list",
        &["giglio club list", "giglio club list --json"],
    ),
    (
        "club secret",
        &[
            "giglio club secret V --rotate",
            "giglio club secret V --rotate --json | jq -r .secret",
            "giglio club secret V --rotate --no-welcome",
        ],
    ),
    (
        "club edit",
        &[
            "giglio club edit V --email doge@example.org --email vice@example.org",
            "giglio club edit M --name \"Circolo Sforza\" --lang en",
        ],
    ),
    (
        "club handover",
        &["giglio club handover F --name \"Club Valois\" --email roi@example.org --lang en"],
    ),
    ("club leave", &["giglio club leave N"]),
    (
        "announce",
        &[
            "giglio announce break.toml",
            "giglio announce ruling.toml --chronicle",
        ],
    ),
    ("log", &["giglio log", "giglio log --dice --phase 1494-r01"]),
    (
        "letters",
        &[
            "giglio letters",
            "giglio letters --club V --phase 1494-spring --json",
        ],
    ),
    ("history", &["giglio history", "giglio history --json"]),
    (
        "audit",
        &["giglio audit", "giglio audit --phase 1494-r02 --json"],
    ),
    ("victory", &["giglio victory", "giglio victory --json"]),
    ("undo", &["giglio undo", "giglio undo --steps 2"]),
    ("demo", &["giglio demo", "giglio demo ./prova --years 3"]),
    (
        "report",
        &[
            "giglio report",
            "giglio report --club V --format html --out reports/",
            "giglio report --year 1494 --chronicle --json",
        ],
    ),
    ("site", &["giglio site --out public/", "giglio site --json"]),
    ("reveal", &["giglio reveal", "giglio reveal --json"]),
    (
        "inbox",
        &[
            "giglio inbox --maildir ~/Maildir",
            "giglio inbox --eml a.eml b.eml --json",
        ],
    ),
    (
        "deadline",
        &[
            "giglio deadline",
            "giglio deadline --set \"2026-12-01 21:00\"",
        ],
    ),
    (
        "remind",
        &["giglio remind", "giglio remind && giglio mail send"],
    ),
    (
        "run",
        &[
            "giglio run",
            "giglio run --once",
            "giglio run --imap imaps://arbitro@mail.example.org/INBOX",
            "giglio run --print-systemd-unit > giglio-stagione.service",
        ],
    ),
    (
        "hold",
        &["giglio hold --reason \"Easter holidays\"", "giglio hold"],
    ),
    ("resume", &["giglio resume", "giglio resume --json"]),
    (
        "late",
        &[
            "giglio late",
            "giglio late --refuse M",
            "giglio late --accept V --json",
        ],
    ),
    (
        "mail send",
        &["giglio mail send", "giglio mail send --to-dir preview/"],
    ),
    (
        "mail status",
        &[
            "giglio mail status",
            "giglio mail status --only failed --json",
        ],
    ),
    ("mail retry", &["giglio mail retry && giglio mail send"]),
    (
        "mail archive",
        &["giglio mail archive --before 1496-spring --to mail-1494-1495.mbox"],
    ),
    (
        "simulate",
        &[
            "giglio simulate",
            "giglio simulate --runs 1000 --years 5 --json",
            "giglio simulate --runs 200 --chart balance.png",
        ],
    ),
    (
        "backup",
        &[
            "giglio backup",
            "giglio backup --to /media/usb/giglio-1494.sqlite --json",
        ],
    ),
    (
        "schema",
        &[
            "giglio schema orders submit",
            "giglio schema --json > giglio-schemas.json",
        ],
    ),
    (
        "completions",
        &[
            "giglio completions bash > ~/.local/share/bash-completion/completions/giglio",
            "giglio completions fish > ~/.config/fish/completions/giglio.fish",
        ],
    ),
    (
        "man",
        &[
            "giglio man | man -l -",
            "giglio man --out ~/.local/share/man/man1",
        ],
    ),
];

/// Help lines for arguments defined without one (command, argument id, help).
const ARG_HELP: &[(&str, &str, &str)] = &[
    (
        "battle auto",
        "id",
        "The battle's id (see `giglio battle list`).",
    ),
    (
        "battle auto",
        "ruleset",
        "The tactical ruleset to fight it with (default: the campaign's).",
    ),
    (
        "battle card",
        "id",
        "The battle's id (see `giglio battle list`).",
    ),
    ("battle card", "format", "How to print the card."),
    (
        "battle odds",
        "id",
        "The battle's id (see `giglio battle list`).",
    ),
    (
        "battle odds",
        "ruleset",
        "The tactical ruleset to simulate (default: the campaign's).",
    ),
    ("battle odds", "runs", "How many battles to simulate."),
    ("battle odds", "json", "Print JSON instead of text."),
    (
        "battle oob",
        "id",
        "The battle's id (see `giglio battle list`).",
    ),
    (
        "battle oob",
        "file",
        "The club's order-of-battle file (TOML, authenticated like orders).",
    ),
    (
        "battle result",
        "id",
        "The battle's id (see `giglio battle list`).",
    ),
    (
        "battle result",
        "file",
        "The club's result file (TOML, authenticated like orders).",
    ),
    (
        "battle rule",
        "id",
        "The battle's id (see `giglio battle list`).",
    ),
    (
        "battle rule",
        "reason",
        "Why: written in the journal and told to both clubs.",
    ),
];

/// Applies the examples and help lines to the command tree.
pub(crate) fn apply(mut cmd: clap::Command) -> clap::Command {
    for (path, lines) in EXAMPLES {
        let text = format!("Examples:\n  {}", lines.join("\n  "));
        cmd = at(cmd, path, &|c| c.after_help(text.clone()));
    }
    for (path, id, help) in ARG_HELP {
        cmd = at(cmd, path, &|c| {
            if c.get_arguments().any(|a| a.get_id() == *id) {
                c.mut_arg(*id, |a| {
                    if a.get_help().is_none() {
                        a.help(*help)
                    } else {
                        a
                    }
                })
            } else {
                c
            }
        });
    }
    cmd
}

/// Changes the command at `path` (words after `giglio`); a path that names no command is
/// left alone (the test of the tree then reports the command without examples).
fn at(cmd: clap::Command, path: &str, f: &dyn Fn(clap::Command) -> clap::Command) -> clap::Command {
    match path.split_once(' ') {
        None if cmd.find_subcommand(path).is_some() => cmd.mut_subcommand(path, f),
        Some((first, rest)) if cmd.find_subcommand(first).is_some() => {
            cmd.mut_subcommand(first, |c| at(c, rest, f))
        }
        _ => cmd,
    }
}
