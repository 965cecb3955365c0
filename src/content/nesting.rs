//! How deep a page's body may nest (lists in lists, quotes in quotes, HTML elements in
//! elements): far more than any text needs, and far less than the thousands at which the
//! minifier, which recurses, would overflow its stack and end the build or `serve`.

pub const MAX_NESTING: usize = 40;

/// The problem of `what` nested past [`MAX_NESTING`].
pub fn too_deep(what: &str) -> String {
    format!("{what} nested more than {MAX_NESTING} deep: no reader follows that; flatten it")
}
