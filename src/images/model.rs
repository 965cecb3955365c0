//! What an image is: the build's image settings, the formats it publishes, an image of
//! `content/images/` and an output file made from it.

use std::path::PathBuf;

/// Where editors put images, relative to the project root; served at `/images/…`.
pub const DIR: &str = "content/images";
/// The encode cache, relative to the project root (git-ignored).
pub const CACHE_DIR: &str = ".unitly-cache/images";
/// Widths of the variants; an image narrower than a width is never upscaled to it.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];
/// Lossy WebP quality (libwebp's 0–100 scale).
pub const WEBP_QUALITY: f32 = 80.0;
/// JPEG quality of the original-format variants of a JPEG.
pub const JPEG_QUALITY: u8 = 82;
/// The largest source file accepted.
pub const MAX_BYTES: u64 = 20 * 1024 * 1024;
/// The largest source image accepted, in pixels (width × height).
pub const MAX_PIXELS: u64 = 40_000_000;
/// How the rendered image is laid out: the article column is at most 760 px wide.
pub const SIZES: &str = "(min-width: 800px) 760px, 100vw";
/// Changes whenever the encoding does, so variant names and cache entries change with it.
pub(super) const ENCODING_VERSION: &str = "unitly-images-1:webp80:jpeg82:png-best:lanczos3";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Png,
    Jpeg,
    Webp,
    Svg,
}

impl Kind {
    pub fn ext(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
            Kind::Webp => "webp",
            Kind::Svg => "svg",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Kind::Png => "image/png",
            Kind::Jpeg => "image/jpeg",
            Kind::Webp => "image/webp",
            Kind::Svg => "image/svg+xml",
        }
    }
}

/// One image of `content/images/`, as far as its header tells.
#[derive(Debug, Clone)]
pub struct Image {
    /// The path markdown uses: `/images/ruler.png`.
    pub url: String,
    /// The file, relative to the project root.
    pub source: PathBuf,
    pub kind: Kind,
    /// Displayed size (after the EXIF orientation is applied).
    pub width: u32,
    pub height: u32,
    /// Hex SHA-256 of the file's bytes and the encoding settings.
    pub hash: String,
    pub bytes: u64,
}

/// An output file made from an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// Relative to the output folder: `images/ruler-480.0123456789.webp`.
    pub file: String,
    pub width: u32,
    pub height: u32,
    pub kind: Kind,
}

impl Variant {
    pub fn url(&self) -> String {
        format!("/{}", self.file)
    }
}
