//! Watching the sources: a burst of changes becomes one rebuild.

use anyhow::{Context, Result};
use notify::{RecursiveMode, Watcher};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

// Editors save in bursts (write + rename); 15 ms joins a burst without delaying the rebuild.
const SETTLE: Duration = Duration::from_millis(15);

pub fn spawn(root: &Path, mut rebuild: impl FnMut(&str) + Send + 'static) -> Result<()> {
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event {
            if !matches!(event.kind, notify::EventKind::Access(_)) {
                let _ = tx.send(event.paths);
            }
        }
    })
    .context("starting the file watcher")?;
    for dir in ["content", "themes", "islands/src", "islands/scripts"] {
        let path = root.join(dir);
        if path.exists() {
            watcher.watch(&path, RecursiveMode::Recursive).with_context(|| format!("watching {}", path.display()))?;
        }
    }
    let root = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf());
    std::thread::spawn(move || {
        let _watcher = watcher; // lives as long as this thread
        while let Ok(first) = rx.recv() {
            let mut paths = first;
            while let Ok(more) = rx.recv_timeout(SETTLE) {
                paths.extend(more);
            }
            // Hidden files (editor swap files, .git) inside the project do not count; the
            // project itself may well live under a hidden folder.
            paths.retain(|p| !p.strip_prefix(&root).unwrap_or(p).components().any(|c| c.as_os_str().to_string_lossy().starts_with('.')));
            if paths.is_empty() {
                continue;
            }
            let shown = paths.first().map(|p| p.display().to_string()).unwrap_or_default();
            let changed = if paths.len() > 1 { format!("{shown} and {} more", paths.len() - 1) } else { shown };
            rebuild(&changed);
        }
    });
    Ok(())
}
