//! The edge function in workerd, the Workers runtime, through Miniflare
//! (`edge/scripts/serve.mjs`): `/api/*` locally is the production code in the production
//! runtime, with the bindings of `edge/wrangler.jsonc`. We proxy to it.
//!
//! Its KV store lives in `.unitly/edge-state` of the project (git-ignored), or in
//! `$UNITLY_EDGE_STATE`, so a restart within the data's TTL costs no upstream call.
//!
//! The proxy (`proxy.rs`) needs only its base URL.

use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Edge {
    pub url: String,
    child: Child,
    /// Closing it tells the runner to stop workerd and exit.
    stdin: Option<ChildStdin>,
}

/// Where the edge keeps its local KV: `$UNITLY_EDGE_STATE`, else `ROOT/.unitly/edge-state`.
pub fn state_dir(root: &Path) -> PathBuf {
    match std::env::var_os("UNITLY_EDGE_STATE") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => root.join(".unitly").join("edge-state"),
    }
}

impl Edge {
    /// Starts the edge for a site served at `site_origin`, which becomes its `SITE_ORIGIN`
    /// unless the environment sets one.
    pub fn start(root: &Path, site_origin: &str) -> Result<Edge> {
        let dir = root.join("edge");
        if !dir.join("package.json").exists() {
            bail!("no edge function in {}", dir.display());
        }
        crate::npm::ensure_npm_packages(&dir)?;
        let state = std::path::absolute(state_dir(root)).context("resolving the edge state folder")?;
        let mut command = Command::new("node");
        if std::env::var_os("SITE_ORIGIN").is_none_or(|v| v.is_empty()) {
            command.env("SITE_ORIGIN", site_origin);
        }
        let mut child = command
            .args(["scripts/serve.mjs", "--port", "0", "--host", "127.0.0.1", "--state"])
            .arg(&state)
            .current_dir(&dir)
            .stdin(Stdio::piped()) // closed when we exit, which stops the runner and workerd
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting node edge/scripts/serve.mjs")?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().context("edge stdout")?;
        let mut first = String::new();
        let mut reader = BufReader::new(stdout);
        reader.read_line(&mut first).context("reading the edge runner's address")?;
        let url = first.trim().rsplit(' ').next().unwrap_or_default().trim_end_matches('/').to_string();
        if !url.starts_with("http://") {
            let _ = child.kill();
            let _ = child.wait();
            bail!("the edge runner did not report its address (said: {first:?})");
        }
        // Keep draining stdout so the runner never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = Vec::new();
            let _ = reader.read_to_end(&mut sink);
        });
        Ok(Edge { url, child, stdin })
    }
}

impl Drop for Edge {
    /// Asks the runner to stop (it then stops workerd, which a plain kill would orphan),
    /// and kills it only if it has not exited within a few seconds.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
