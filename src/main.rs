use clap::Parser;
use unitly::{cli, cmd, diagnostics, serve};

/// mimalloc instead of glibc's allocator: the build allocates and frees millions of small
/// strings and JSON values on every core, where glibc's arenas spent a fifth of the build's
/// time in malloc/free and kept freed pages resident.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = cli::Cli::parse();
    let result = match cli.command {
        cli::Command::Build { out, base_url, drafts, future, force } => {
            cmd::build::run(&cli.root, &cli::out_dir(&cli.root, &out), base_url, drafts, future, force)
        }
        cli::Command::Serve { host, port, out, no_watch, no_build, force } => {
            let source = if no_build { serve::Source::Built } else { serve::Source::Build { watch: !no_watch } };
            let out = out.unwrap_or_else(|| (if no_build { cli::BUILD_DIR } else { cli::PREVIEW_DIR }).into());
            cmd::serve::run(&cli.root, &host, port, &cli::out_dir(&cli.root, &out), source, force)
        }
        cli::Command::Check => cmd::check::run(&cli.root),
        cli::Command::New { what: cli::New::Article { title, category } } => cmd::new::article(&cli.root, &title, category.as_deref()),
    };
    if let Err(e) = result {
        // Refused (an output folder that is not ours, an existing slug): nothing was
        // touched; exit 2 with what to do.
        if let Some(refused) = e.downcast_ref::<diagnostics::Refused>() {
            eprintln!("error: {refused}");
            std::process::exit(2);
        }
        // Content problems print as `file:line:column: message` lines, ready for editors.
        if let Some(problems) = e.chain().find_map(|c| c.downcast_ref::<diagnostics::Problems>()) {
            eprintln!("error: the content has problems:\n{problems}");
            if diagnostics::in_github_actions() {
                print!("{}", problems.annotations());
            }
        } else {
            eprintln!("error: {e:#}");
        }
        std::process::exit(1);
    }
}
