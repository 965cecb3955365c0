//! Located problems: every content error names a file, a line and a column.

use std::fmt;
use std::path::{Path, PathBuf};

/// An error stops `check` and `build`; a warning is reported and the command goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Severity {
    #[default]
    Error,
    Warning,
}

/// One problem found in the content, located as precisely as the source allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub severity: Severity,
}

impl Problem {
    pub fn new(file: impl AsRef<Path>, line: usize, column: usize, message: impl Into<String>) -> Self {
        Problem { file: file.as_ref().to_path_buf(), line: line.max(1), column: column.max(1), message: message.into(), severity: Severity::Error }
    }

    /// The same problem reported as a warning.
    pub fn warning(self) -> Self {
        Problem { severity: Severity::Warning, ..self }
    }

    /// The problem as a GitHub Actions workflow command, so it shows on the pull request's
    /// line: `::error file=content/blog/x.md,line=7,col=1::message`.
    pub fn annotation(&self) -> String {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let file = escape_property(&self.file.to_string_lossy().replace('\\', "/"));
        format!("::{level} file={file},line={},col={}::{}", self.line, self.column, escape_data(&self.message))
    }

    /// A problem located at a byte offset of `text`, the contents of `file`.
    pub fn at_offset(file: impl AsRef<Path>, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_col(text, offset);
        Problem::new(file, line, column, message)
    }

    /// A problem from serde_yaml, shifted by `line_offset` lines (front matter starts below `---`).
    pub fn from_yaml(file: impl AsRef<Path>, err: &serde_yaml::Error, line_offset: usize) -> Self {
        let (line, column) = err.location().map(|l| (l.line(), l.column())).unwrap_or((1, 1));
        // serde_yaml appends " at line X column Y" to its message; the location is ours to print.
        let text = err.to_string();
        let mut message = match text.find(" at line ") {
            Some(i) => text[..i].to_string(),
            None => text,
        };
        // The usual cause: an unquoted value containing `: ` (`title: Cups: a guide`).
        if message.contains("mapping values are not allowed in this context") {
            message.push_str(": a value that contains `: ` must be quoted; put the value in quotes, e.g. title: \"Cups: a Guide\"");
        }
        // A tab: YAML indents with spaces only, which the message does not say.
        if message.contains("found character that cannot start any token") || message.contains("found a tab character") {
            message.push_str(" (if it is a tab: YAML indents with spaces, never tabs)");
        }
        Problem::new(file, line + line_offset, column, message)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = if self.severity == Severity::Warning { "warning: " } else { "" };
        write!(f, "{}:{}:{}: {level}{}", self.file.display(), self.line, self.column, self.message)
    }
}

/// Workflow-command escaping of a message (GitHub's `escapeData`).
fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Workflow-command escaping of a property value (GitHub's `escapeProperty`).
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// True when running in GitHub Actions, where problems are also printed as annotations.
/// A command refused before it changed anything, for a reason that is the user's to fix (an
/// output folder that is not unitly's, an existing slug): exit status 2, not 1.
#[derive(Debug)]
pub struct Refused(pub String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

pub fn in_github_actions() -> bool {
    std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true")
}

/// Every problem found in one pass, so `check` reports them all at once.
#[derive(Debug, Default)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn push(&mut self, p: Problem) {
        self.0.push(p);
    }

    /// Each problem as a GitHub Actions annotation, one a line.
    pub fn annotations(&self) -> String {
        self.0.iter().map(|p| p.annotation() + "\n").collect()
    }
    /// Ok when nothing was found, the problems as an error otherwise.
    pub fn into_result(mut self) -> Result<(), Problems> {
        if self.0.is_empty() {
            Ok(())
        } else {
            self.0.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
            self.0.dedup();
            Err(self)
        }
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.0 {
            writeln!(f, "{p}")?;
        }
        let n = self.0.len();
        write!(f, "{n} problem{} found", if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Problems {}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, before[line_start..].chars().count() + 1)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let t = "ab\ncdé\nf";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 8), (3, 1));
        assert_eq!(line_col(t, 7), (2, 4));
    }

    #[test]
    fn annotations_follow_the_workflow_command_format() {
        let p = Problem::new("content/blog/x.md", 7, 1, "image /images/chart.png not found in content/images/");
        assert_eq!(p.annotation(), "::error file=content/blog/x.md,line=7,col=1::image /images/chart.png not found in content/images/");
        let w = Problem::new("content/a,b:c.md", 2, 3, "50% done\nnext").warning();
        assert_eq!(w.annotation(), "::warning file=content/a%2Cb%3Ac.md,line=2,col=3::50%25 done%0Anext");
        assert_eq!(w.to_string(), "content/a,b:c.md:2:3: warning: 50% done\nnext");
    }
}
