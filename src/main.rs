//! `hookshot`: the command-line program. Each subcommand lives in `cli/`; this file only
//! parses the command line, starts logging and turns errors into one line and an exit code.

mod cli;
mod demo;
mod exit;
mod logging;

use clap::Parser;

use crate::exit::Failure;

#[derive(Parser)]
#[command(
    name = "hookshot",
    version,
    about = "NVN semantics on Vulkan, for recompiled Switch ports"
)]
struct Cli {
    #[command(subcommand)]
    command: cli::Command,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli::run(cli.command) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            let code = err
                .downcast_ref::<Failure>()
                .map_or(1, |failure| failure.exit_code);
            eprintln!("hookshot: error: {}", cli::one_line(&err));
            std::process::ExitCode::from(code)
        }
    }
}
