//! What an image is published as: its variants' widths and names, and the `<picture>` a
//! page shows it with.

use super::model::{Image, Kind, Variant, SIZES, WIDTHS};

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

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
}
