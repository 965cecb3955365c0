//! Command-line interface. The doc comments are the help text.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};

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
        /// Where to write the site: a missing or empty folder, or one unitly wrote before.
        /// A relative DIR is inside the project (--root), not the current folder.
        #[arg(long, default_value = "dist")]
        out: PathBuf,
        /// Replace DIR even when it holds files unitly did not write (still atomically).
        /// Never allowed for `/`, the home folder, the project or its source folders.
        #[arg(long)]
        force: bool,
        /// Absolute URL the site is published at (canonical links, sitemap); defaults to content/site.yaml.
        #[arg(long)]
        base_url: Option<String>,
        /// Include draft articles (`draft: true`), marked "Draft", for a preview build.
        #[arg(long)]
        drafts: bool,
        /// Include scheduled articles (dated after today, UTC or SOURCE_DATE_EPOCH's day).
        #[arg(long)]
        future: bool,
    },
    /// Build (drafts included), serve on 127.0.0.1:8080, rebuild on changes and reload the browser.
    Serve {
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Where to write the preview: a missing or empty folder, or one unitly wrote before.
        /// Default .unitly/preview, never dist/ (what gets deployed): the preview holds drafts.
        /// With --no-build, the folder to serve (default dist). A relative DIR is inside the
        /// project (--root), not the current folder.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace DIR even when it holds files unitly did not write (still atomically).
        /// Never allowed for `/`, the home folder, the project or its source folders.
        #[arg(long)]
        force: bool,
        /// Do not watch for changes.
        #[arg(long)]
        no_watch: bool,
        /// Serve DIR as it is, without building or watching: a preview of what `unitly build`
        /// wrote (drafts left out), with the same headers and the edge function.
        #[arg(long)]
        no_build: bool,
    },
    /// Validate everything without writing; report every problem at once.
    Check,
    /// Create new content from a template.
    New {
        #[command(subcommand)]
        what: New,
    },
}

/// Where `serve` writes its preview by default: its own folder (git-ignored), never `dist/`,
/// which `edge/wrangler.jsonc` deploys; a preview holds the drafts `build` leaves out.
pub const PREVIEW_DIR: &str = ".unitly/preview";
/// Where `build` writes by default, and what `serve --no-build` serves by default.
pub const BUILD_DIR: &str = "dist";

/// `out` as the commands use it: a relative folder is inside the project (`--root`), as the
/// project's `dist/` is what `edge/wrangler.jsonc` deploys, wherever the command ran from.
pub fn out_dir(root: &Path, out: &Path) -> PathBuf {
    if out.is_relative() && root != Path::new(".") {
        root.join(out)
    } else {
        out.to_path_buf()
    }
}

#[derive(Subcommand)]
pub enum New {
    /// Create content/blog/<slug>.md as a draft, with its front matter filled in.
    Article {
        /// The article's title; the slug (file name and URL) is made from it.
        title: String,
        /// The blog category; defaults to the one most articles use.
        #[arg(long)]
        category: Option<String>,
    },
}
