use clap::Parser;
use unitly::{cli, cmd, diagnostics};

fn main() {
    let cli = cli::Cli::parse();
    let result = match cli.command {
        cli::Command::Build { out, base_url } => cmd::build::run(&cli.root, &out, base_url),
        cli::Command::Serve { host, port, out, no_watch } => cmd::serve::run(&cli.root, &host, port, &out, !no_watch),
        cli::Command::Check => cmd::check::run(&cli.root),
    };
    if let Err(e) = result {
        // Content problems print as `file:line:column: message` lines, ready for editors.
        if let Some(problems) = e.chain().find_map(|c| c.downcast_ref::<diagnostics::Problems>()) {
            eprintln!("error: the content has problems:\n{problems}");
        } else {
            eprintln!("error: {e:#}");
        }
        std::process::exit(1);
    }
}
