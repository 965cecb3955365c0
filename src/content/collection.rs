//! A collection's articles (`routes.yaml` `collections`): one markdown file each, read in
//! parallel, or taken as they are from the previous load when their files did not change.

use super::{frontmatter, paths, read_source, remembered, Collection, Hold, Loader, Page, PageData, Problem, Problems, Texts};
use crate::content::model::ArticleFront;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What loading one article's file made: its page, its problems, its texts and what was done.
type OneFile = (Option<Arc<Page>>, Problems, Texts, Option<remembered::Seen>);

impl Loader<'_> {
    /// The articles of a collection, and what this load did with each of `remembered`'s.
    pub(super) fn collection(&mut self, name: &str, col: &Collection, site_name: &str) -> (Vec<Arc<Page>>, Vec<remembered::Seen>) {
        let dir = self.root.join("content").join(&col.dir);
        let mut files: Vec<PathBuf> = super::paths::entries(&dir).into_iter().filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "md")).collect();
        // By the paths' bytes, the order of their names (they share the folder); comparing
        // paths name by name was a tenth of a rebuild's load with 2,000 articles.
        files.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
        // Each file on its own (read, front matter, markdown) in parallel, or as the previous
        // load left it when it is unchanged; problems and texts are merged back in file order.
        use rayon::prelude::*;
        let (root, images, today, remembered) = (self.root, self.images, self.today, self.remembered);
        let context = remembered::context(name, col, site_name, today);
        let loaded: Vec<OneFile> = files
            .par_iter()
            .map(|path| {
                let (mut problems, mut texts) = (Problems::default(), Texts::default());
                let file = PathBuf::from(path.strip_prefix(root).unwrap_or(path));
                let stamp = remembered::Stamp::of(path);
                if let Some(known) = stamp.and_then(|s| remembered.get(&file, s, context)) {
                    texts.0.insert(file.clone(), known.front.clone());
                    return (Some(known.page.clone()), problems, texts, Some(remembered::Seen::Known(file)));
                }
                let mut loader = Loader { root, problems: &mut problems, texts: &mut texts, images, today, remembered };
                let page = loader.article(name, col, site_name, &file).map(Arc::new);
                let seen = match (stamp, &page) {
                    (Some(stamp), Some(page)) if problems.0.is_empty() => {
                        let front = texts.get(&file).to_string();
                        Some(remembered::Seen::Learned(file, Box::new(remembered::Article::new(stamp, context, page.clone(), front))))
                    }
                    _ => None,
                };
                (page, problems, texts, seen)
            })
            .collect();
        let (mut pages, mut seen) = (Vec::with_capacity(loaded.len()), Vec::new());
        for (page, problems, texts, what) in loaded {
            self.problems.0.extend(problems.0);
            self.texts.0.extend(texts.0);
            seen.extend(what);
            pages.extend(page);
        }
        (pages, seen)
    }

    fn article(&mut self, name: &str, col: &Collection, site_name: &str, file: &Path) -> Option<Page> {
        let file = file.to_path_buf();
        let text = read_source(self.root, &file).map_err(|p| self.problem(p)).ok()?;
        let split = frontmatter::split(&file, &text).map_err(|p| self.problem(p)).ok()?;
        // Only the front matter is kept to locate problems: the body is read again when rendered.
        self.texts.0.insert(file.clone(), text[..split.body_offset].to_string());
        let front: ArticleFront = self.front(&file, &split)?;
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        let slug_at = || split.positions().get("slug").or((1, 1));
        if front.slug != stem {
            let (l, c) = slug_at();
            self.problem(Problem::new(&file, l, c, format!("slug `{}` must equal the file name `{stem}`", front.slug)));
        }
        if let Some(message) = paths::url_path_problem("slug", &front.slug).or_else(|| paths::slug_problem(&front.slug)) {
            let (l, c) = slug_at();
            self.problem(Problem::new(&file, l, c, message));
            return None;
        }
        // A field left empty would publish a page without a title, heading or description; one
        // far too long fills every listing and card it is shown in (a 2 MB title made a 4 MB
        // /blog and a 2 MB home page).
        for (key, value, most) in
            [("title", &front.title, 200), ("excerpt", &front.excerpt, 600), ("readTime", &front.read_time, 40), ("category", &front.category, 60)]
        {
            let (l, c) = split.positions().get(key).or((1, 1));
            if value.trim().is_empty() {
                self.problem(Problem::new(&file, l, c, format!("`{key}` is empty: every article needs one (see content/README.md)")));
            } else if value.chars().count() > most {
                self.problem(Problem::new(&file, l, c, format!("`{key}` is {} characters, more than the {most} it may have", value.chars().count())));
            }
        }
        let date = self.date_field(&file, &split, "date", Some(&front.date))?;
        let lastmod = self.date_field(&file, &split, "updated", front.updated.as_deref()).unwrap_or(date);
        // `updated` is when the article last changed: not before it was published, not after
        // today (the sitemap and the feed would promise a change that has not happened).
        if lastmod < date || (lastmod > self.today && lastmod > date) {
            let (l, c) = split.positions().get("updated").or((1, 1));
            let why = if lastmod < date { format!("is before `date` {}", front.date) } else { "is after today".to_string() };
            self.problem(Problem::new(
                &file,
                l,
                c,
                format!("`updated` {} {why}: write the day of the last change", front.updated.as_deref().unwrap_or_default()),
            ));
        }
        let hold = if front.draft {
            Some(Hold::Draft)
        } else if date > self.today {
            Some(Hold::Scheduled(date))
        } else {
            None
        };
        Some(Page {
            path: col.path.replace("{slug}", &front.slug),
            hold,
            template: col.template.clone(),
            label: front.title.clone(),
            short_label: None,
            title: format!("{} | {site_name} {}", front.title, col.label.clone().unwrap_or_else(|| capitalised(name))),
            heading: front.title.clone(),
            description: front.excerpt.clone(),
            keywords: front.keywords.clone(),
            schema: col.schema,
            parent: Some(col.parent.clone()),
            priority: col.priority,
            changefreq: col.changefreq,
            source: file,
            data: PageData::Article(front),
            body: None,
            lastmod,
            source_hash: crate::hash::in_memory(text.as_bytes()),
        })
    }
}

/// `blog` → `Blog`: a collection's name in page titles when it sets no `label`.
fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
