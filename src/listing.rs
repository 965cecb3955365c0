//! The blog's listing pages: `/blog` and its numbered pages, and the archives by year (and
//! by month when a year is large), planned from the article list the site publishes (newest
//! first, already filtered: whatever is not listed never reaches this module).
//!
//! Every article is at most 5 clicks from `/` at any size: `/` → `/blog` → a year → a month
//! → one of that month's pages (each month page links to all of them) → the article. With
//! no more articles than fit on `/blog`, there are no numbered pages and no archives.

use serde::Serialize;

/// Articles per page of `/blog` (full cards).
pub const PER_PAGE: usize = 12;
/// How many of the newest articles the home page's Learning Center shows.
pub const HOME_ARTICLES: usize = 3;
/// The blog's first listing page.
pub const BLOG_PATH: &str = "/blog";
/// Articles per archive page (one line each). A year with more is split by month, and a
/// month with more is split into numbered pages.
pub const ARCHIVE_PER_PAGE: usize = 100;

/// What the planner needs of an article: its date (`YYYY-MM-DD`) and featured flag.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    pub date: &'a str,
    pub featured: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Kind {
    Blog { page: usize },
    Year { year: String },
    Month { year: String, month: String, page: usize },
}

#[derive(Debug, Clone, Serialize)]
pub struct PageLink {
    pub number: usize,
    pub path: String,
    pub current: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Pager {
    pub current: usize,
    pub total: usize,
    pub prev: Option<String>,
    pub next: Option<String>,
    pub first: String,
    pub last: String,
    /// The numbers shown: for `/blog` the first, the last and the nearby pages (`None` marks
    /// a gap); for an archive month, every page.
    pub links: Vec<Option<PageLink>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArchiveLink {
    pub label: String,
    pub path: String,
    pub count: usize,
}

/// One listing page.
#[derive(Debug, Clone, Serialize)]
pub struct Listing {
    pub path: String,
    pub kind: Kind,
    /// Indexes into the article list, in the order shown.
    #[serde(skip)]
    pub items: Vec<usize>,
    pub pager: Option<Pager>,
    /// On a large year's page: its months.
    pub months: Vec<ArchiveLink>,
    /// On `/blog` pages, when there are archives: every year.
    pub years: Vec<ArchiveLink>,
}

const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

pub fn month_name(month: &str) -> &'static str {
    month.parse::<usize>().ok().and_then(|m| MONTHS.get(m.wrapping_sub(1))).copied().unwrap_or("")
}

fn blog_path(page: usize) -> String {
    if page == 1 {
        BLOG_PATH.into()
    } else {
        format!("/blog/page/{page}")
    }
}

fn month_path(year: &str, month: &str, page: usize) -> String {
    if page == 1 {
        format!("/blog/archive/{year}/{month}")
    } else {
        format!("/blog/archive/{year}/{month}/page/{page}")
    }
}

/// Page numbers around `current`, with the first and the last: `1 … 4 5 [6] 7 8 … 40`.
fn nearby(current: usize, total: usize) -> Vec<Option<usize>> {
    let mut out = Vec::new();
    let mut last = 0;
    for n in 1..=total {
        if n == 1 || n == total || n.abs_diff(current) <= 2 {
            if n > last + 1 {
                out.push(None);
            }
            out.push(Some(n));
            last = n;
        }
    }
    out
}

fn pager(current: usize, total: usize, path: impl Fn(usize) -> String, numbers: Vec<Option<usize>>) -> Option<Pager> {
    (total > 1).then(|| Pager {
        current,
        total,
        prev: (current > 1).then(|| path(current - 1)),
        next: (current < total).then(|| path(current + 1)),
        first: path(1),
        last: path(total),
        links: numbers.into_iter().map(|n| n.map(|number| PageLink { number, path: path(number), current: number == current })).collect(),
    })
}

/// A month (`MM`) of a year's archive and its articles (indexes), newest first.
type Month = (String, Vec<usize>);

/// Plans every listing page for `articles` (newest first). The first is always `/blog`.
pub fn plan(articles: &[Entry]) -> Vec<Listing> {
    // Page 1 starts with the featured articles, then every other one, newest first.
    let order: Vec<usize> = (0..articles.len()).filter(|&i| articles[i].featured).chain((0..articles.len()).filter(|&i| !articles[i].featured)).collect();
    let pages: Vec<&[usize]> = if order.is_empty() { vec![&[][..]] } else { order.chunks(PER_PAGE).collect() };
    let total = pages.len();
    let archived = total > 1;

    // Years (newest first) → months (newest first) → article indexes (newest first).
    let mut years: Vec<(String, Vec<Month>)> = Vec::new();
    if archived {
        for (i, a) in articles.iter().enumerate() {
            let (year, month) = (a.date.get(..4).unwrap_or("0000").to_string(), a.date.get(5..7).unwrap_or("01").to_string());
            if years.last().is_none_or(|(y, _)| *y != year) {
                years.push((year.clone(), Vec::new()));
            }
            let months = &mut years.last_mut().expect("pushed").1;
            if months.last().is_none_or(|(m, _)| *m != month) {
                months.push((month, Vec::new()));
            }
            months.last_mut().expect("pushed").1.push(i);
        }
    }
    let year_links: Vec<ArchiveLink> = years
        .iter()
        .map(|(y, months)| ArchiveLink { label: y.clone(), path: format!("/blog/archive/{y}"), count: months.iter().map(|(_, m)| m.len()).sum() })
        .collect();

    let mut out: Vec<Listing> = pages
        .iter()
        .enumerate()
        .map(|(i, items)| Listing {
            path: blog_path(i + 1),
            kind: Kind::Blog { page: i + 1 },
            items: items.to_vec(),
            pager: pager(i + 1, total, blog_path, nearby(i + 1, total)),
            months: Vec::new(),
            years: year_links.clone(),
        })
        .collect();
    for (year, months) in &years {
        let count: usize = months.iter().map(|(_, m)| m.len()).sum();
        let split = count > ARCHIVE_PER_PAGE;
        out.push(Listing {
            path: format!("/blog/archive/{year}"),
            kind: Kind::Year { year: year.clone() },
            items: if split { Vec::new() } else { months.iter().flat_map(|(_, m)| m.iter().copied()).collect() },
            pager: None,
            months: if split {
                months
                    .iter()
                    .map(|(m, items)| ArchiveLink { label: format!("{} {year}", month_name(m)), path: month_path(year, m, 1), count: items.len() })
                    .collect()
            } else {
                Vec::new()
            },
            years: Vec::new(),
        });
        if !split {
            continue;
        }
        for (month, items) in months {
            let chunks: Vec<&[usize]> = items.chunks(ARCHIVE_PER_PAGE).collect();
            let total = chunks.len();
            for (i, chunk) in chunks.iter().enumerate() {
                let path = |n: usize| month_path(year, month, n);
                out.push(Listing {
                    path: path(i + 1),
                    kind: Kind::Month { year: year.clone(), month: month.clone(), page: i + 1 },
                    items: chunk.to_vec(),
                    pager: pager(i + 1, total, path, (1..=total).map(Some).collect()),
                    months: Vec::new(),
                    years: Vec::new(),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(dates: &[String], featured: &[usize]) -> Vec<Entry<'static>> {
        dates.iter().enumerate().map(|(i, d)| Entry { date: Box::leak(d.clone().into_boxed_str()), featured: featured.contains(&i) }).collect()
    }

    #[test]
    fn a_small_blog_is_one_page_with_no_archives() {
        let dates: Vec<String> = vec!["2025-12-28".into(), "2025-01-15".into(), "2024-06-01".into()];
        let plan = plan(&entries(&dates, &[1]));
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].path, "/blog");
        assert_eq!(plan[0].items, [1, 0, 2], "featured first");
        assert!(plan[0].pager.is_none() && plan[0].years.is_empty());
    }

    #[test]
    fn numbered_pages_show_first_last_and_nearby() {
        assert_eq!(nearby(6, 40), [Some(1), None, Some(4), Some(5), Some(6), Some(7), Some(8), None, Some(40)]);
        assert_eq!(nearby(1, 3), [Some(1), Some(2), Some(3)]);
        let dates: Vec<String> = (0..(PER_PAGE * 3 + 1)).map(|i| format!("2024-{:02}-01", 12 - i % 12)).collect();
        let plan = plan(&entries(&dates, &[]));
        let blog: Vec<&Listing> = plan.iter().filter(|l| matches!(l.kind, Kind::Blog { .. })).collect();
        assert_eq!(blog.len(), 4);
        assert_eq!(blog[1].path, "/blog/page/2");
        let p = blog[1].pager.as_ref().unwrap();
        assert_eq!((p.prev.as_deref(), p.next.as_deref()), (Some("/blog"), Some("/blog/page/3")));
        assert!(blog[0].pager.as_ref().unwrap().prev.is_none() && blog[3].pager.as_ref().unwrap().next.is_none());
        let listed: usize = blog.iter().map(|l| l.items.len()).sum();
        assert_eq!(listed, dates.len());
        assert_eq!(blog[0].years.len(), 1);
    }

    #[test]
    fn a_large_year_splits_by_month_and_a_large_month_into_pages_linking_each_other() {
        // 250 articles in March 2024, 3 in 2023.
        let mut dates: Vec<String> = (0..250).map(|_| "2024-03-10".to_string()).collect();
        dates.extend(["2023-05-01".to_string(), "2023-04-01".to_string(), "2023-01-01".to_string()]);
        let plan = plan(&entries(&dates, &[]));
        let find = |p: &str| plan.iter().find(|l| l.path == p).unwrap_or_else(|| panic!("{p}"));
        let y2024 = find("/blog/archive/2024");
        assert!(y2024.items.is_empty());
        assert_eq!(y2024.months[0].path, "/blog/archive/2024/03");
        assert_eq!(y2024.months[0].label, "March 2024");
        let march = find("/blog/archive/2024/03");
        assert_eq!(march.items.len(), ARCHIVE_PER_PAGE);
        let links: Vec<String> = march.pager.as_ref().unwrap().links.iter().flatten().map(|l| l.path.clone()).collect();
        assert_eq!(links, ["/blog/archive/2024/03", "/blog/archive/2024/03/page/2", "/blog/archive/2024/03/page/3"]);
        assert_eq!(find("/blog/archive/2024/03/page/3").items.len(), 50);
        assert_eq!(find("/blog/archive/2023").items, [250, 251, 252], "a small year lists its articles");
    }
}
