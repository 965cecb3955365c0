//! Images from plain markdown: `![alt](/images/ruler.png)` with the file in `content/images/`.
//!
//! The build reads each image's size from its header, writes resized variants (480, 960 and
//! 1600 px wide, never upscaled) as lossy WebP and in the original format, named by the
//! source's content hash, and renders `<picture>` with `srcset`/`sizes` and an `<img>` that
//! carries `width`, `height`, `alt`, `loading="lazy"` and `decoding="async"`. Encoded
//! variants are kept in `.unitly-cache/images/<source hash>/`, so an unchanged image is never
//! encoded twice. SVG files are published as they are, under a content-hashed name, once
//! [`crate::svg`] found nothing in them a drawing may not hold.

use anyhow::{Context, Result};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageFormat, ImageReader};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

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
const ENCODING_VERSION: &str = "unitly-images-1:webp80:jpeg82:png-best:lanczos3";

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

/// Why an image cannot be used; the message is shown at the markdown line that uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unusable {
    Unreadable(String),
    Oversized(String),
    Unsupported(String),
    /// An SVG drawing holding what a drawing may not ([`crate::svg`]): the image's URL, why,
    /// and the line and column in its file.
    Unsafe {
        url: String,
        why: String,
        line: usize,
        column: usize,
    },
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unusable::Unreadable(m) | Unusable::Oversized(m) | Unusable::Unsupported(m) => f.write_str(m),
            Unusable::Unsafe { url, why, line, column } => {
                write!(f, "image {url} is refused: {why} (at {DIR}{}:{line}:{column})", url.trim_start_matches("/images"))
            }
        }
    }
}

/// Every file of `content/images/`, by the URL markdown uses.
#[derive(Debug, Default)]
pub struct Catalog {
    pub images: BTreeMap<String, Result<Image, Unusable>>,
}

pub enum Lookup<'a> {
    Found(&'a Image),
    Unusable(&'a Unusable),
    Missing,
}

impl Catalog {
    /// Reads every file under `root/content/images/` (headers only; hashes the bytes).
    pub fn scan(root: &Path) -> Catalog {
        let dir = root.join(DIR);
        let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .filter(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
            .collect();
        files.sort();
        let images = files
            .par_iter()
            .map(|path| {
                let rel = path.strip_prefix(&dir).unwrap_or(path).to_string_lossy().replace('\\', "/");
                let source = Path::new(DIR).join(&rel);
                (format!("/images/{rel}"), inspect(path, source))
            })
            .collect();
        Catalog { images }
    }

    pub fn get(&self, url: &str) -> Lookup<'_> {
        match self.images.get(url) {
            Some(Ok(image)) => Lookup::Found(image),
            Some(Err(why)) => Lookup::Unusable(why),
            None => Lookup::Missing,
        }
    }
}

fn inspect(path: &Path, source: PathBuf) -> Result<Image, Unusable> {
    let url_name = source.strip_prefix(DIR).unwrap_or(&source).display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| Unusable::Unreadable(format!("image /images/{url_name} cannot be read: {e}")))?;
    if meta.len() > MAX_BYTES {
        return Err(Unusable::Oversized(format!(
            "image /images/{url_name} is {:.1} MB; the limit is {} MB: export it smaller (1600 px wide is the largest size the site shows)",
            meta.len() as f64 / 1_048_576.0,
            MAX_BYTES / 1_048_576
        )));
    }
    let data = std::fs::read(path).map_err(|e| Unusable::Unreadable(format!("image /images/{url_name} cannot be read: {e}")))?;
    let hash = content_hash(&data);
    let is_svg = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let (kind, width, height) = if is_svg {
        let text =
            std::str::from_utf8(&data).map_err(|_| Unusable::Unreadable(format!("image /images/{url_name} is not UTF-8 text, as an SVG file must be")))?;
        let (w, h) = svg_size(text)
            .ok_or_else(|| Unusable::Unreadable(format!("image /images/{url_name}: the <svg> element gives no size (add width and height, or a viewBox)")))?;
        if let Some((at, why)) = crate::svg::problem(text) {
            let (line, column) = crate::diagnostics::line_col(text, at);
            return Err(Unusable::Unsafe { url: format!("/images/{url_name}"), why, line, column });
        }
        (Kind::Svg, w, h)
    } else {
        let (kind, w, h) = raster_header(&data).map_err(|e| Unusable::Unreadable(format!("image /images/{url_name} cannot be read: {e}")))?;
        let kind = kind.ok_or_else(|| Unusable::Unsupported(format!("image /images/{url_name} is not a PNG, JPEG, WebP or SVG file")))?;
        if w as u64 * h as u64 > MAX_PIXELS {
            return Err(Unusable::Oversized(format!(
                "image /images/{url_name} is {w}×{h} pixels; the limit is {} megapixels: export it smaller (1600 px wide is the largest size the site shows)",
                MAX_PIXELS / 1_000_000
            )));
        }
        (kind, w, h)
    };
    Ok(Image { url: format!("/images/{url_name}"), source, kind, width, height, hash, bytes: meta.len() })
}

/// SHA-256 of the bytes and the encoding settings, in hex.
pub fn content_hash(data: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(ENCODING_VERSION.as_bytes());
    h.update([0]);
    h.update(data);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Format and displayed size from the header, or `None` for a format we do not publish.
fn raster_header(data: &[u8]) -> image::ImageResult<(Option<Kind>, u32, u32)> {
    let reader = ImageReader::new(Cursor::new(data)).with_guessed_format()?;
    let kind = match reader.format() {
        Some(ImageFormat::Png) => Some(Kind::Png),
        Some(ImageFormat::Jpeg) => Some(Kind::Jpeg),
        Some(ImageFormat::WebP) => Some(Kind::Webp),
        _ => None,
    };
    if kind.is_none() {
        return Ok((None, 0, 0));
    }
    let mut decoder = reader.into_decoder()?;
    let (w, h) = decoder.dimensions();
    let rotated = matches!(
        decoder.orientation()?,
        image::metadata::Orientation::Rotate90
            | image::metadata::Orientation::Rotate270
            | image::metadata::Orientation::Rotate90FlipH
            | image::metadata::Orientation::Rotate270FlipH
    );
    Ok(if rotated { (kind, h, w) } else { (kind, w, h) })
}

/// `width`/`height` of the root `<svg>` element (plain numbers or px), else its viewBox.
fn svg_size(text: &str) -> Option<(u32, u32)> {
    let start = text.find("<svg")?;
    let tag = &text[start..start + text[start..].find('>')?];
    let attr = |name: &str| -> Option<&str> {
        let needle = format!(" {name}=");
        let i = tag.find(&needle)? + needle.len();
        let quote = tag[i..].chars().next()?;
        let rest = &tag[i + 1..];
        Some(&rest[..rest.find(quote)?])
    };
    let number = |s: &str| s.trim().trim_end_matches("px").parse::<f64>().ok().filter(|v| *v > 0.0);
    if let (Some(w), Some(h)) = (attr("width").and_then(number), attr("height").and_then(number)) {
        return Some((w.round() as u32, h.round() as u32));
    }
    let vb: Vec<f64> = attr("viewBox")?.split(|c: char| c == ',' || c.is_whitespace()).filter(|s| !s.is_empty()).filter_map(|s| s.parse().ok()).collect();
    match vb[..] {
        [_, _, w, h] if w > 0.0 && h > 0.0 => Some((w.round() as u32, h.round() as u32)),
        _ => None,
    }
}

/// The widths an image is published at: each of [`WIDTHS`] below its own width, and its own
/// width capped at the largest.
pub fn widths(width: u32) -> Vec<u32> {
    let largest = width.min(WIDTHS[WIDTHS.len() - 1]);
    let mut out: Vec<u32> = WIDTHS.iter().copied().filter(|w| *w < largest).collect();
    out.push(largest);
    out
}

/// Every output file of an image: WebP then the original format, narrowest first. An SVG
/// is one file, as it is. A WebP source has only WebP variants.
pub fn variants(image: &Image) -> Vec<Variant> {
    let url = image.url.trim_start_matches('/');
    let (stem, _) = url.rsplit_once('.').unwrap_or((url, ""));
    let short = &image.hash[..10];
    if image.kind == Kind::Svg {
        return vec![Variant { file: format!("{stem}.{short}.svg"), width: image.width, height: image.height, kind: Kind::Svg }];
    }
    let kinds: &[Kind] = if image.kind == Kind::Webp { &[Kind::Webp] } else { &[Kind::Webp, image.kind] };
    let mut out = Vec::new();
    for &kind in kinds {
        for w in widths(image.width) {
            let h = ((image.height as u64 * w as u64 + image.width as u64 / 2) / image.width as u64).max(1) as u32;
            out.push(Variant { file: format!("{stem}-{w}.{short}.{}", kind.ext()), width: w, height: h, kind });
        }
    }
    out
}

/// The markup for an image: `<picture>` with a WebP `<source>` and the original-format
/// `<img>`, both with `srcset` and `sizes`; an SVG is a plain `<img>`.
pub fn html(image: &Image, alt: &str, title: &str) -> String {
    let esc = crate::html::escape_attr;
    let variants = variants(image);
    // The last variant: the widest of the original format (or the only SVG file).
    let largest = variants.last().expect("an image has a variant");
    let title = if title.is_empty() { String::new() } else { format!(" title=\"{}\"", esc(title)) };
    let img = |src: &str, srcset: &str| {
        format!(
            "<img src=\"{src}\"{srcset} width=\"{}\" height=\"{}\" alt=\"{}\"{title} loading=\"lazy\" decoding=\"async\">",
            largest.width,
            largest.height,
            esc(alt)
        )
    };
    if image.kind == Kind::Svg {
        return img(&largest.url(), "");
    }
    let srcset = |kind: Kind| variants.iter().filter(|v| v.kind == kind).map(|v| format!("{} {}w", v.url(), v.width)).collect::<Vec<_>>().join(", ");
    let fallback = img(&largest.url(), &format!(" srcset=\"{}\" sizes=\"{SIZES}\"", srcset(image.kind)));
    if image.kind == Kind::Webp {
        return format!("<picture>{fallback}</picture>");
    }
    format!("<picture><source type=\"image/webp\" srcset=\"{}\" sizes=\"{SIZES}\">{fallback}</picture>", srcset(Kind::Webp))
}

/// What [`publish`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub images: usize,
    pub files: usize,
    /// Files encoded now (the rest came from the cache; SVG files are copied, not encoded).
    pub encoded: usize,
}

/// An image that failed while being encoded: the file and why.
#[derive(Debug)]
pub struct EncodeError {
    pub url: String,
    pub message: String,
}

/// Produces every variant of `images`, from the cache at `cache_dir` where it has them,
/// encoding the rest in parallel (and adding them to the cache). Calls `write` with each
/// output file in a stable order.
pub fn publish(root: &Path, images: &[&Image], cache_dir: &Path, write: &(dyn Fn(&str, &[u8]) -> Result<()> + Sync)) -> Result<Stats, Vec<EncodeError>> {
    let encoded = AtomicUsize::new(0);
    let results: Vec<Result<usize, EncodeError>> = images
        .par_iter()
        .map(|image| {
            let fail = |message: String| EncodeError { url: image.url.clone(), message };
            let variants = variants(image);
            let dir = cache_dir.join(&image.hash);
            let cached = |v: &Variant| dir.join(format!("{}-{}.{}", v.width, v.height, v.kind.ext()));
            let missing: Vec<&Variant> = variants.iter().filter(|v| !cached(v).is_file()).collect();
            if !missing.is_empty() {
                let data = std::fs::read(root.join(&image.source)).map_err(|e| fail(format!("cannot be read: {e}")))?;
                let files: Vec<(PathBuf, Vec<u8>)> = if image.kind == Kind::Svg {
                    vec![(cached(&variants[0]), data)]
                } else {
                    let decoded = decode(&data).map_err(|e| fail(format!("cannot be decoded: {e}")))?;
                    missing
                        .par_iter()
                        .map(|v| encode(&decoded, v).map(|bytes| (cached(v), bytes)))
                        .collect::<Result<_>>()
                        .map_err(|e| fail(format!("{e:#}")))?
                };
                std::fs::create_dir_all(&dir).map_err(|e| fail(format!("creating the cache folder {}: {e}", dir.display())))?;
                for (path, bytes) in &files {
                    store(path, bytes).map_err(|e| fail(format!("{e:#}")))?;
                }
                if image.kind != Kind::Svg {
                    encoded.fetch_add(files.len(), Ordering::Relaxed);
                }
            }
            for v in &variants {
                let bytes = std::fs::read(cached(v)).map_err(|e| fail(format!("reading the cached {}: {e}", cached(v).display())))?;
                write(&v.file, &bytes).map_err(|e| fail(format!("{e:#}")))?;
            }
            Ok(variants.len())
        })
        .collect();
    let mut errors = Vec::new();
    let mut files = 0;
    for r in results {
        match r {
            Ok(n) => files += n,
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(Stats { images: images.len(), files, encoded: encoded.into_inner() })
    } else {
        Err(errors)
    }
}

/// Writes a cache file so that a reader never sees half of it.
fn store(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension(format!("tmp-{}-{:?}", std::process::id(), std::thread::current().id()).replace(['(', ')'], ""));
    std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
}

/// Decodes a source image upright (EXIF orientation applied) as 8-bit RGB or RGBA.
fn decode(data: &[u8]) -> image::ImageResult<DynamicImage> {
    let mut reader = ImageReader::new(Cursor::new(data)).with_guessed_format()?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(40_000);
    limits.max_image_height = Some(40_000);
    reader.limits(limits);
    let mut decoder = reader.into_decoder()?;
    let orientation = decoder.orientation()?;
    let mut img = DynamicImage::from_decoder(decoder)?;
    img.apply_orientation(orientation);
    Ok(if img.color().has_alpha() { DynamicImage::ImageRgba8(img.into_rgba8()) } else { DynamicImage::ImageRgb8(img.into_rgb8()) })
}

/// Resizes (Lanczos3, never upscaling) and encodes one variant.
fn encode(src: &DynamicImage, v: &Variant) -> Result<Vec<u8>> {
    let resized;
    let img = if v.width == src.width() && v.height == src.height() {
        src
    } else {
        let mut dst = DynamicImage::new(v.width, v.height, src.color());
        let options = fast_image_resize::ResizeOptions::new().resize_alg(fast_image_resize::ResizeAlg::Convolution(fast_image_resize::FilterType::Lanczos3));
        fast_image_resize::Resizer::new().resize(src, &mut dst, &options).context("resizing")?;
        resized = dst;
        &resized
    };
    let (w, h) = (img.width(), img.height());
    let alpha = img.color().has_alpha();
    let mut out = Vec::new();
    match v.kind {
        Kind::Webp => {
            let encoder = if alpha { webp::Encoder::from_rgba(img.as_bytes(), w, h) } else { webp::Encoder::from_rgb(img.as_bytes(), w, h) };
            out.extend_from_slice(&encoder.encode(WEBP_QUALITY));
        }
        Kind::Png => {
            let color = if alpha { image::ExtendedColorType::Rgba8 } else { image::ExtendedColorType::Rgb8 };
            PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
                .write_image(img.as_bytes(), w, h, color)
                .context("encoding PNG")?;
        }
        Kind::Jpeg => {
            let rgb = img.to_rgb8();
            JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY).encode_image(&rgb).context("encoding JPEG")?;
        }
        Kind::Svg => unreachable!("SVG files are copied, not encoded"),
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(kind: Kind, width: u32, height: u32) -> Image {
        Image {
            url: format!("/images/a.{}", kind.ext()),
            source: PathBuf::from("content/images/a"),
            kind,
            width,
            height,
            hash: "0123456789abcdef".into(),
            bytes: 1,
        }
    }

    #[test]
    fn widths_never_upscale() {
        assert_eq!(widths(3000), [480, 960, 1600]);
        assert_eq!(widths(1600), [480, 960, 1600]);
        assert_eq!(widths(1200), [480, 960, 1200]);
        assert_eq!(widths(480), [480]);
        assert_eq!(widths(300), [300]);
    }

    #[test]
    fn variants_keep_the_ratio_and_carry_the_hash() {
        let v = variants(&image(Kind::Png, 2000, 1000));
        let names: Vec<&str> = v.iter().map(|v| v.file.as_str()).collect();
        assert_eq!(
            names,
            [
                "images/a-480.0123456789.webp",
                "images/a-960.0123456789.webp",
                "images/a-1600.0123456789.webp",
                "images/a-480.0123456789.png",
                "images/a-960.0123456789.png",
                "images/a-1600.0123456789.png"
            ]
        );
        assert_eq!((v[2].width, v[2].height), (1600, 800));
        assert_eq!(variants(&image(Kind::Webp, 500, 333)).len(), 2);
        assert_eq!(variants(&image(Kind::Svg, 760, 350))[0].file, "images/a.0123456789.svg");
    }

    #[test]
    fn html_is_a_picture_with_sizes() {
        let h = html(&image(Kind::Jpeg, 1000, 500), "A \"ruler\"", "");
        assert_eq!(
            h,
            "<picture><source type=\"image/webp\" srcset=\"/images/a-480.0123456789.webp 480w, /images/a-960.0123456789.webp 960w, /images/a-1000.0123456789.webp 1000w\" sizes=\"(min-width: 800px) 760px, 100vw\">\
             <img src=\"/images/a-1000.0123456789.jpg\" srcset=\"/images/a-480.0123456789.jpg 480w, /images/a-960.0123456789.jpg 960w, /images/a-1000.0123456789.jpg 1000w\" sizes=\"(min-width: 800px) 760px, 100vw\" \
             width=\"1000\" height=\"500\" alt=\"A &quot;ruler&quot;\" loading=\"lazy\" decoding=\"async\"></picture>"
        );
        let svg = html(&image(Kind::Svg, 760, 350), "Yard", "Definitions");
        assert_eq!(
            svg,
            "<img src=\"/images/a.0123456789.svg\" width=\"760\" height=\"350\" alt=\"Yard\" title=\"Definitions\" loading=\"lazy\" decoding=\"async\">"
        );
    }

    #[test]
    fn svg_sizes() {
        assert_eq!(svg_size("<?xml?><svg xmlns=\"x\" width=\"760\" height=\"350px\">"), Some((760, 350)));
        assert_eq!(svg_size("<svg viewBox=\"0 0 400 200.4\" width=\"100%\">"), Some((400, 200)));
        assert_eq!(svg_size("<svg>"), None);
    }

    #[test]
    fn encodes_smaller_webp_and_caches() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(DIR)).unwrap();
        // A smooth gradient with noise-free detail: a realistic photo-like PNG.
        let img = image::RgbImage::from_fn(1200, 800, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 251) as u8]));
        img.save(dir.path().join(DIR).join("g.png")).unwrap();
        let catalog = Catalog::scan(dir.path());
        let Lookup::Found(found) = catalog.get("/images/g.png") else { panic!("not found") };
        assert_eq!((found.width, found.height, found.kind), (1200, 800, Kind::Png));
        let out = std::sync::Mutex::new(BTreeMap::new());
        let write = |rel: &str, bytes: &[u8]| -> Result<()> {
            out.lock().unwrap().insert(rel.to_string(), bytes.to_vec());
            Ok(())
        };
        let cache = dir.path().join(CACHE_DIR);
        let stats = publish(dir.path(), &[found], &cache, &write).unwrap();
        assert_eq!(stats, Stats { images: 1, files: 6, encoded: 6 });
        let first = out.lock().unwrap().clone();
        for (name, bytes) in &first {
            let decoded = image::load_from_memory(bytes).unwrap();
            let v = variants(found).into_iter().find(|v| &v.file == name).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (v.width, v.height), "{name}");
        }
        let webp = &first[&format!("images/g-1200.{}.webp", &found.hash[..10])];
        assert!((webp.len() as u64) < found.bytes, "webp {} < png {}", webp.len(), found.bytes);
        let stats = publish(dir.path(), &[found], &cache, &write).unwrap();
        assert_eq!(stats.encoded, 0, "the second run reads the cache");
        assert_eq!(*out.lock().unwrap(), first, "cached files are the same bytes");
    }

    #[test]
    fn unusable_files_say_why() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(DIR)).unwrap();
        std::fs::write(dir.path().join(DIR).join("broken.png"), b"\x89PNG\r\n\x1a\nnot really").unwrap();
        std::fs::write(dir.path().join(DIR).join("notes.txt"), b"hello").unwrap();
        let catalog = Catalog::scan(dir.path());
        assert!(
            matches!(catalog.get("/images/broken.png"), Lookup::Unusable(Unusable::Unreadable(m)) if m.starts_with("image /images/broken.png cannot be read"))
        );
        assert!(matches!(catalog.get("/images/notes.txt"), Lookup::Unusable(Unusable::Unsupported(_))));
        assert!(matches!(catalog.get("/images/none.png"), Lookup::Missing));
    }
}
