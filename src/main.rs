//! The `giglio` binary: hands the command line to [`giglio::cli::main`].

fn main() -> std::process::ExitCode {
    giglio::cli::main()
}
