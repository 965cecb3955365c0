//! The images of `content/images/` as far as their headers tell: size, format, content
//! hash, or why one cannot be used.

use super::model::{Image, Kind, DIR, ENCODING_VERSION, MAX_BYTES, MAX_PIXELS};
use image::{ImageDecoder, ImageFormat, ImageReader};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

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
            .filter_entry(|e| !crate::content::paths::hidden(e))
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            // A link to outside the project is reported (content::paths::links_outside), not read.
            .filter(|p| crate::content::paths::outside(root, p).is_none())
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
    // The name goes into src and srcset as it is, where a space ends the address.
    if !url_name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-/".contains(&b)) {
        return Err(Unusable::Unsupported(format!(
            "image /images/{url_name}: its name holds a space or a character an address must escape: rename the file with letters, digits, `-`, `_` and `.` only (`{}`)",
            url_name.to_lowercase().split(|c: char| !c.is_ascii_alphanumeric() && !"._/".contains(c)).filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-")
        )));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_sizes() {
        assert_eq!(svg_size("<?xml?><svg xmlns=\"x\" width=\"760\" height=\"350px\">"), Some((760, 350)));
        assert_eq!(svg_size("<svg viewBox=\"0 0 400 200.4\" width=\"100%\">"), Some((400, 200)));
        assert_eq!(svg_size("<svg>"), None);
    }

    #[test]
    fn a_name_an_address_must_escape_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("two words.png");
        std::fs::write(&path, b"not read").unwrap();
        let why = inspect(&path, Path::new(DIR).join("two words.png")).unwrap_err().to_string();
        assert!(why.contains("image /images/two words.png: its name holds a space") && why.contains("(`two-words.png`)"), "{why}");
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
