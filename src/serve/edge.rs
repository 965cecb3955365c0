//! The edge function, run by its own Node adapter (`edge/scripts/dev-server.mjs`), so
//! `/api/*` locally is the same code as in production. We proxy to it.

use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The edge's answer: status, headers, body.
pub type Answer = (u16, Vec<(String, String)>, Vec<u8>);

pub struct Edge {
    pub url: String,
    child: Child,
}

impl Edge {
    pub fn start(root: &Path) -> Result<Edge> {
        let dir = root.join("edge");
        if !dir.join("package.json").exists() {
            bail!("no edge function in {}", dir.display());
        }
        crate::npm::ensure_npm_packages(&dir)?;
        let mut child = Command::new("node")
            .args(["scripts/dev-server.mjs", "--port", "0", "--host", "127.0.0.1"])
            .current_dir(&dir)
            .stdin(Stdio::piped()) // closed when we exit, which stops the adapter
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting node edge/scripts/dev-server.mjs")?;
        let stdout = child.stdout.take().context("edge stdout")?;
        let mut first = String::new();
        let mut reader = BufReader::new(stdout);
        reader.read_line(&mut first).context("reading the edge adapter's address")?;
        let url = first.trim().rsplit(' ').next().unwrap_or_default().trim_end_matches('/').to_string();
        if !url.starts_with("http://") {
            let _ = child.kill();
            bail!("the edge adapter did not report its address (said: {first:?})");
        }
        // Keep draining stdout so the adapter never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = Vec::new();
            let _ = reader.read_to_end(&mut sink);
        });
        Ok(Edge { url, child })
    }

    /// Forwards one request; answers with the edge's status, headers and body.
    pub fn forward(&self, method: &str, path_and_query: &str, headers: &[(String, String)], body: Vec<u8>) -> Result<Answer> {
        let agent = ureq::AgentBuilder::new().timeout(std::time::Duration::from_secs(30)).redirects(0).build();
        let mut req = agent.request(method, &format!("{}{}", self.url, path_and_query));
        for (k, v) in headers {
            let lower = k.to_ascii_lowercase();
            if !matches!(lower.as_str(), "host" | "connection" | "content-length" | "transfer-encoding" | "accept-encoding") {
                req = req.set(k, v);
            }
        }
        let response = match req.send_bytes(&body) {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => return Err(e).context("reaching the edge function"),
        };
        let status = response.status();
        let headers = response
            .headers_names()
            .into_iter()
            .filter(|n| !matches!(n.as_str(), "connection" | "transfer-encoding" | "content-length"))
            .filter_map(|n| response.header(&n).map(|v| (n.clone(), v.to_string())))
            .collect();
        let mut body = Vec::new();
        response.into_reader().take(8 * 1024 * 1024).read_to_end(&mut body).context("reading the edge's answer")?;
        Ok((status, headers, body))
    }
}

impl Drop for Edge {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}
