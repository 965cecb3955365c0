//! `unitly serve`: build, serve `dist/` with the deployed headers, run the edge function
//! for `/api/*`, rebuild on changes and reload the browser.

mod edge;
mod files;
mod http;
mod watch;

use crate::site::{BuildCache, Site};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The build generation, bumped after every successful rebuild; browsers wait on it.
pub struct Generation {
    value: Mutex<u64>,
    changed: Condvar,
}

impl Generation {
    fn bump(&self) {
        *self.value.lock().expect("generation lock") += 1;
        self.changed.notify_all();
    }

    /// Returns the current generation, waiting up to `timeout` for one newer than `seen`.
    fn wait_newer(&self, seen: Option<u64>, timeout: Duration) -> u64 {
        let guard = self.value.lock().expect("generation lock");
        match seen {
            Some(seen) if *guard == seen => *self.changed.wait_timeout_while(guard, timeout, |v| *v == seen).expect("generation lock").0,
            _ => *guard,
        }
    }
}

pub struct Server {
    pub out: PathBuf,
    pub generation: Generation,
    pub edge: Option<edge::Edge>,
    pub live_reload: bool,
}

pub fn run(root: &Path, host: &str, port: u16, out: &Path, watch_changes: bool) -> Result<()> {
    // serve previews drafts (marked "Draft"); `build` leaves them out.
    let site = Site { drafts: true, ..Site::new(root) };
    let mut cache = BuildCache::default();
    site.build(out, &mut cache)?;

    let listener = std::net::TcpListener::bind((host, port)).with_context(|| format!("listening on {host}:{port}"))?;
    // Port 0 asks the system for a free port; print the real one (tests read this line).
    let addr = listener.local_addr().context("reading the listening address")?;
    // The edge builds absolute links (the newsletter's confirmation link) on this origin.
    let edge = match edge::Edge::start(root, &format!("http://{addr}")) {
        Ok(e) => {
            println!("edge function running at {} for /api/*", e.url);
            Some(e)
        }
        Err(e) => {
            eprintln!("warning: the edge function did not start, /api/* will answer 502: {e:#}");
            None
        }
    };
    let server = Arc::new(Server {
        out: std::path::absolute(out).with_context(|| format!("resolving {}", out.display()))?,
        generation: Generation { value: Mutex::new(1), changed: Condvar::new() },
        edge,
        live_reload: watch_changes,
    });
    println!("serving http://{addr}/ (Ctrl+C to stop)");

    if watch_changes {
        let server = Arc::clone(&server);
        let site = Site { drafts: true, ..Site::new(root) };
        let out = out.to_path_buf();
        watch::spawn(root, move |changed| {
            let start = std::time::Instant::now();
            match site.build(&out, &mut cache) {
                Ok(report) => {
                    println!("rebuilt {} pages in {:.0} ms ({changed})", report.pages, start.elapsed().as_secs_f64() * 1000.0);
                    server.generation.bump();
                }
                Err(e) => eprintln!("rebuild failed, still serving the previous build:\n{e:#}"),
            }
        })?;
    }

    http::serve(listener, move |request| files::handle(&server, request));
    Ok(())
}
