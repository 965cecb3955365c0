//! `unitly new article "Title"`: scaffolds a draft article that passes `check` as it stands.

use crate::content::date::Date;
use crate::content::paths::slug_of;
use crate::diagnostics::Refused;
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::Path;

/// The blog's folder, relative to the project root.
const BLOG_DIR: &str = "content/blog";

pub fn article(root: &Path, title: &str, category: Option<&str>) -> Result<()> {
    let title = title.trim();
    if title.is_empty() {
        return Err(Refused("the title is empty: write it in quotes, e.g. unitly new article \"Reading Recipe Units Abroad\"".into()).into());
    }
    let slug = slug_of(title);
    if slug.is_empty() {
        return Err(Refused(format!(
            "cannot make a URL slug from the title `{title}`: it needs a letter a–z or a digit; for a title in another script, make the article with a Latin title and change `title` in the file"
        ))
        .into());
    }
    let rel = format!("{BLOG_DIR}/{slug}.md");
    let path = root.join(&rel);
    let site = std::fs::read_to_string(root.join("content/site.yaml")).context("reading content/site.yaml")?;
    let site: serde_yaml::Value = serde_yaml::from_str(&site).context("reading content/site.yaml (run `unitly check`)")?;
    let author = site.get("author").and_then(|v| v.as_str()).or_else(|| site.get("name").and_then(|v| v.as_str())).unwrap_or("Unitly").to_string();
    let category = match category {
        Some(c) if c.trim().is_empty() => {
            return Err(Refused("the category is empty: name one (`--category Guides`) or leave --category out for the blog's most used one".into()).into())
        }
        Some(c) => c.trim().to_string(),
        None => most_used_category(&root.join(BLOG_DIR)),
    };
    let today = Date::today().map_err(anyhow::Error::msg)?;
    let text = format!(
        "---\n\
         title: {title}\n\
         excerpt: {excerpt}\n\
         date: {date}\n\
         readTime: 3 min read\n\
         category: {category}\n\
         slug: {slug}\n\
         author: {author}\n\
         featured: false\n\
         keywords: []\n\
         draft: true                 # remove this line (or set false) to publish\n\
         ---\n\
         Start with the question this article answers, in one or two sentences.\n\
         \n\
         ## The short answer\n\
         \n\
         Give the rule or the factor first, then a worked example a reader can check on a\n\
         converter: link it by its path, as in `[the length converter](/length-converter)`.\n\
         \n\
         ## Why it works\n\
         \n\
         Explain where the number comes from. An image is one file in `content/images/` and one line:\n\
         `![What the picture shows](/images/your-picture.png)`.\n",
        title = yaml_string(title),
        excerpt = yaml_string(&format!("What a reader learns from {title}, in one or two sentences for the blog index.")),
        date = today.iso(),
        category = yaml_string(&category),
        author = yaml_string(&author),
    );
    std::fs::create_dir_all(root.join(BLOG_DIR)).with_context(|| format!("creating {BLOG_DIR}"))?;
    // create_new: never overwrites, even if the file appears between a check and the write.
    let mut file = match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(Refused(format!("{rel} already exists: an article with the slug `{slug}` is there; choose another title (nothing was written)")).into());
        }
        Err(e) => return Err(e).with_context(|| format!("creating {rel}")),
    };
    std::io::Write::write_all(&mut file, text.as_bytes()).with_context(|| format!("writing {rel}"))?;
    println!("created {rel} (a draft: `build` leaves it out until you remove `draft: true`)");
    println!("preview it: unitly serve, then open http://127.0.0.1:8080/blog/{slug}");
    println!("check it:   unitly check");
    Ok(())
}

/// A YAML scalar that reads back as exactly `s` (double-quoted when plain would not).
fn yaml_string(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars().all(|c| c.is_alphanumeric() || " .,'()-?!&/".contains(c))
        && !s.starts_with(['-', '?', '&', '!', '\'', '.'])
        && !s.ends_with(' ')
        && serde_yaml::from_str::<serde_yaml::Value>(s).is_ok_and(|v| v.as_str() == Some(s));
    if plain {
        s.to_string()
    } else {
        serde_json::to_string(s).expect("a string serialises")
    }
}

/// The category most articles use (ties: alphabetical), so a new article starts in a real
/// section of the blog; "Guides" when there is none.
fn most_used_category(dir: &Path) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
        if let Some(line) = text.lines().skip(1).take_while(|l| l.trim_end() != "---").find(|l| l.starts_with("category:")) {
            let value = line["category:".len()..].trim().trim_matches('"').to_string();
            if !value.is_empty() {
                *counts.entry(value).or_default() += 1;
            }
        }
    }
    counts.into_iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0))).map(|(c, _)| c).unwrap_or_else(|| "Guides".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_strings_read_back() {
        for s in ["Plain Title", "Cups: a guide", "50% off", "\"Quoted\"", "yes", "2025", "- dash", "It's # not a comment"] {
            let y = yaml_string(s);
            let back: String = serde_yaml::from_str(&y).unwrap();
            assert_eq!(back, s, "{y}");
        }
        assert_eq!(yaml_string("Reading Recipe Units Abroad"), "Reading Recipe Units Abroad");
    }

    #[test]
    fn slugs_are_plain_addresses() {
        assert_eq!(slug_of("Reading Recipe Units Abroad"), "reading-recipe-units-abroad");
        assert_eq!(slug_of("Crème Brûlée: Ounces & Grams!"), "creme-brulee-ounces-grams");
        assert_eq!(slug_of("!!!"), "");
        assert_eq!(slug_of("日本語の単位"), "");
        let long = slug_of(&"very long title ".repeat(30));
        assert!(long.len() <= 80 && !long.ends_with('-') && long.starts_with("very-long-title"), "{long}");
        for slug in ["reading-recipe-units-abroad", "creme-brulee-ounces-grams", long.as_str()] {
            assert_eq!(crate::content::paths::slug_problem(slug), None, "{slug}");
        }
        for bad in ["a b", "café", "Upper", "double--hyphen", "-edge", "dot.md"] {
            assert!(crate::content::paths::slug_problem(bad).is_some(), "{bad}");
        }
    }
}
