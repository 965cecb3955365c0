//! Images from plain markdown: `![alt](/images/ruler.png)` with the file in `content/images/`.
//!
//! The build reads each image's size from its header, writes resized variants (480, 960 and
//! 1600 px wide, never upscaled) as lossy WebP and in the original format, named by the
//! source's content hash, and renders `<picture>` with `srcset`/`sizes` and an `<img>` that
//! carries `width`, `height`, `alt`, `loading="lazy"` and `decoding="async"`. Encoded
//! variants are kept in `.unitly-cache/images/<source hash>/`, so an unchanged image is never
//! encoded twice. SVG files are published as they are, under a content-hashed name, once
//! [`crate::svg`] found nothing in them a drawing may not hold.

mod catalog;
mod encode;
mod model;
mod variants;

pub use catalog::{content_hash, Catalog, Lookup, Unusable};
pub use encode::{publish, EncodeError, Stats};
pub use model::{Image, Kind, Variant, CACHE_DIR, DIR, JPEG_QUALITY, MAX_BYTES, MAX_PIXELS, SIZES, WEBP_QUALITY, WIDTHS};
pub use variants::{html, variants, widths};
