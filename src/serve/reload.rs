//! Live reload and the error overlay: the build state (a version bumped by every successful
//! rebuild, and the problems of the last failed one) streamed to every open tab as
//! server-sent events; `client/livereload.js` reloads the tab or shows the problems.

use crate::diagnostics::Problems;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use std::convert::Infallible;
use std::path::Path;
use std::time::Duration;
use tokio::sync::watch;

pub const CLIENT_JS: &str = include_str!("client/livereload.js");
pub const OVERLAY_CSS: &str = include_str!("client/overlay.css");
/// A comment on the event stream this often keeps proxies and the browser from closing it.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How soon a tab tries again after serve stops (it reloads once serve is back).
const RETRY: Duration = Duration::from_millis(500);

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct State {
    pub version: String,
    pub problems: Vec<Shown>,
}

/// One problem as the overlay shows it: `location: message`, and the offending line of
/// source with a caret under `column`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Shown {
    pub location: String,
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub source: Option<String>,
}

pub struct Reload {
    instance: String,
    generation: std::sync::atomic::AtomicU64,
    tx: watch::Sender<State>,
}

impl Reload {
    pub fn new() -> Reload {
        // Differs between runs of serve, so a tab that reconnects after a restart reloads.
        let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let instance = format!("{:x}-{:x}", started.as_millis(), std::process::id());
        let (tx, _) = watch::channel(State { version: format!("{instance}-1"), problems: vec![] });
        Reload { instance, generation: 1.into(), tx }
    }

    /// A rebuild succeeded: every tab reloads.
    pub fn built(&self) {
        let n = self.generation.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        self.tx.send_replace(State { version: format!("{}-{n}", self.instance), problems: vec![] });
    }

    /// A rebuild failed: every tab shows `problems` above the last good build.
    pub fn failed(&self, problems: Vec<Shown>) {
        self.tx.send_modify(|state| state.problems = problems);
    }

    pub fn events(&self) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
        // The current state at once, then each change.
        let mut rx = self.tx.subscribe();
        rx.mark_changed();
        let stream = futures_util::stream::unfold(rx, |mut rx| async move {
            rx.changed().await.ok()?;
            let state = rx.borrow_and_update().clone();
            let event = Event::default().event("build").retry(RETRY);
            Some((Ok(event.json_data(&state).unwrap_or_else(|_| Event::default().comment("unserialisable state"))), rx))
        });
        Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
    }
}

/// What a failed build reports, made ready for the overlay: located problems with their
/// line of source, or the error's message.
pub fn shown(root: &Path, error: &anyhow::Error) -> Vec<Shown> {
    let Some(problems) = error.chain().find_map(|c| c.downcast_ref::<Problems>()) else {
        return vec![Shown { location: String::new(), message: format!("{error:#}"), line: 0, column: 0, source: None }];
    };
    problems
        .0
        .iter()
        .map(|p| {
            let source = std::fs::read_to_string(root.join(&p.file)).ok().and_then(|text| text.lines().nth(p.line - 1).map(str::to_string));
            Shown { location: format!("{}:{}:{}", p.file.display(), p.line, p.column), message: p.message.clone(), line: p.line, column: p.column, source }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Problem;

    #[test]
    fn failed_builds_carry_located_problems_with_their_source_line() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("content/blog")).unwrap();
        std::fs::write(root.path().join("content/blog/x.md"), "---\ntitle: x\ndate: Feb 1\n---\n").unwrap();
        let mut problems = Problems::default();
        problems.push(Problem::new("content/blog/x.md", 3, 7, "expected a date written YYYY-MM-DD"));
        let error = anyhow::Error::new(problems.into_result().unwrap_err()).context("step `load content` failed");
        let shown = shown(root.path(), &error);
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].location, "content/blog/x.md:3:7");
        assert_eq!(shown[0].source.as_deref(), Some("date: Feb 1"));
        let other = super::shown(root.path(), &anyhow::anyhow!("templates: unknown filter"));
        assert_eq!((other[0].location.as_str(), other[0].source.is_none()), ("", true));
        assert!(other[0].message.contains("unknown filter"));

        let reload = Reload::new();
        let mut rx = reload.tx.subscribe();
        let first = rx.borrow_and_update().version.clone();
        reload.failed(shown.clone());
        assert_eq!(rx.borrow_and_update().version, first, "a failed build keeps the version");
        reload.built();
        let state = rx.borrow_and_update().clone();
        assert!(state.version != first && state.problems.is_empty());
    }
}
