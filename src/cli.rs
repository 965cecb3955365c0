//! Command-line interface. The doc comments are the help text.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Unitly's static-site generator: renders the converter site from `content/`.
#[derive(Parser)]
#[command(name = "unitly", version, about)]
pub struct Cli {
    /// The project folder (holding content/, themes/ and islands/).
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Build the whole site into a folder, atomically.
    Build {
        /// Where to write the site.
        #[arg(long, default_value = "dist")]
        out: PathBuf,
        /// Absolute URL the site is published at (canonical links, sitemap); defaults to content/site.yaml.
        #[arg(long)]
        base_url: Option<String>,
    },
    /// Build, serve on 127.0.0.1:8080, rebuild on changes and reload the browser.
    Serve {
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Where to write the site.
        #[arg(long, default_value = "dist")]
        out: PathBuf,
        /// Do not watch for changes.
        #[arg(long)]
        no_watch: bool,
    },
    /// Validate everything without writing; report every problem at once.
    Check,
}
