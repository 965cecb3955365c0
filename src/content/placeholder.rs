//! The transparent placeholder a deferred markdown image carries as its `src`, and how the
//! sanitizer recognises it: the only `data:` URL a body may hold.

/// A tiny transparent placeholder: the `src` a deferred image carries until it is near the
/// viewport (`islands/src/lib/lazyImages.ts` swaps `data-src` in). With a known size the
/// placeholder has the same proportions, so nothing moves when the image arrives.
pub fn placeholder(size: Option<(u32, u32)>) -> String {
    match size {
        Some((w, h)) => format!("data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='{w}'%20height='{h}'%3E%3C/svg%3E"),
        None => "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7".to_string(),
    }
}

/// Whether `src` is one of the transparent placeholders [`placeholder`] writes (the only
/// `data:` URL a body may hold).
pub fn is_placeholder(src: &str) -> bool {
    let svg = src
        .strip_prefix("data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='")
        .and_then(|rest| rest.strip_suffix("'%3E%3C/svg%3E"))
        .and_then(|size| size.split_once("'%20height='"))
        .is_some_and(|(w, h)| w.parse::<u32>().is_ok() && h.parse::<u32>().is_ok());
    svg || src == placeholder(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placeholders_are_the_only_data_urls() {
        assert!(is_placeholder(&placeholder(Some((720, 300)))) && is_placeholder(&placeholder(None)));
        assert!(!is_placeholder("data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20width='1'%20height='1'%20onload='x'%3E%3C/svg%3E"));
    }
}
