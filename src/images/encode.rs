//! Encoding the variants: resized, as WebP and in the original format, in parallel, each
//! kept in the encode cache under its source's hash so it is never encoded twice.

use super::model::{Image, Kind, Variant, JPEG_QUALITY, WEBP_QUALITY};
use super::variants::variants;
use anyhow::{Context, Result};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageReader};
use rayon::prelude::*;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

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
    use super::super::{Catalog, Lookup, CACHE_DIR, DIR};
    use super::*;
    use std::collections::BTreeMap;

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
}
