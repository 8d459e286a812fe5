//! `giglio completions SHELL` and `giglio man`: generated from the clap definitions, so
//! they never disagree with the commands.

use crate::error::{Error, Result};

/// Print the shell completion script for bash, zsh or fish.
#[derive(Debug, clap::Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

/// Print the manual page (roff) of giglio, or write one page per command into a folder.
#[derive(Debug, clap::Args)]
pub(crate) struct ManArgs {
    /// Write giglio.1 and a giglio-COMMAND.1 page for every command into this folder.
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<std::path::PathBuf>,
}

pub(crate) fn cmd_completions(a: CompletionsArgs) -> Result<()> {
    let mut cmd = super::command();
    let mut out = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "giglio", &mut out);
    super::ui::out(&String::from_utf8_lossy(&out));
    Ok(())
}

pub(crate) fn cmd_man(a: ManArgs) -> Result<()> {
    let cmd = super::command();
    if let Some(dir) = a.out {
        std::fs::create_dir_all(&dir).map_err(|e| Error::io_at(&dir, e))?;
        clap_mangen::generate_to(cmd, &dir).map_err(|e| Error::io_at(&dir, e))?;
        super::ui::out(&format!("manual pages written to {}\n", dir.display()));
        return Ok(());
    }
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut out)
        .map_err(|e| Error::internal(format!("man page: {e}")))?;
    super::ui::out(&String::from_utf8_lossy(&out));
    Ok(())
}
