//! The theme's templates: parsed once and kept while unchanged, listed by name, and a
//! failed render located at its template.

use crate::diagnostics::{Problem, Problems};
use crate::theme::THEME;
use std::path::Path;

/// A template that failed to render a page, located at the template (or, for a blog listing
/// page without a `/blog` route, at the route registry).
#[derive(Debug)]
pub struct TemplateError {
    pub(super) file: String,
    /// The page being rendered.
    pub(super) path: String,
    pub(super) error: tera::Error,
}

impl TemplateError {
    pub(super) fn new(template: &str, path: &str, error: tera::Error) -> TemplateError {
        TemplateError { file: format!("{THEME}/templates/{template}"), path: path.to_string(), error }
    }

    pub fn problems(&self) -> Problems {
        Problems(vec![Problem::new(&self.file, 1, 1, format!("rendering {}: {}", self.path, error_chain(&self.error)))])
    }
}

/// An error with its causes, `outer: inner: innermost` (tera puts a template's position and
/// the failing expression in the causes).
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

pub fn template_names(dir: &Path) -> std::collections::HashSet<String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .filter_map(|e| e.path().strip_prefix(dir).ok().map(|p| p.to_string_lossy().replace('\\', "/")))
        .collect()
}
