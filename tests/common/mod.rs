//! A copy of the real site in a temporary folder, to build, break and build again.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The real site's pages as its content defines them: every route of content/routes.yaml, then
/// every article of content/blog (the real content has no draft and no scheduled article). Tests
/// count and visit these, so a new category page or article needs no test edit.
pub fn real_site_routes() -> Vec<String> {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let registry: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(real.join("routes.yaml")).expect("routes.yaml")).expect("routes.yaml parses");
    let mut routes: Vec<String> = registry["routes"].as_sequence().expect("routes").iter().map(|r| r["path"].as_str().expect("path").to_string()).collect();
    let mut articles: Vec<String> = std::fs::read_dir(real.join("blog"))
        .expect("content/blog")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| format!("/blog/{}", p.file_stem().unwrap().to_string_lossy()))
        .collect();
    articles.sort();
    routes.extend(articles);
    routes
}

/// Each unit category's converter page directly under `/` in the real content (the page the
/// build puts that category's pair pages under): category key → path.
pub fn real_category_pages() -> std::collections::BTreeMap<String, String> {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let read = |rel: &str| std::fs::read_to_string(real.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let registry: serde_yaml::Value = serde_yaml::from_str(&read("routes.yaml")).expect("routes.yaml parses");
    let mut pages = std::collections::BTreeMap::new();
    for route in registry["routes"].as_sequence().expect("routes") {
        if route["template"].as_str() == Some("converter.html") && route["parent"].as_str() == Some("/") {
            let source = read(route["source"].as_str().expect("source"));
            if let Some(line) = source.lines().find(|l| l.starts_with("category:")) {
                pages.entry(line["category:".len()..].trim().to_string()).or_insert_with(|| route["path"].as_str().expect("path").to_string());
            }
        }
    }
    pages
}

/// How many pages the build generates for pairs from the real content: for each unit
/// category with a converter page directly under `/`, every ordered pair of its units, every
/// unit to each of its compounds, and the category's index of them; with a currency page,
/// every ordered pair of the featured currencies.
pub fn real_site_pair_pages() -> usize {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("content/units.yaml")).expect("units.yaml");
    let units: serde_yaml::Value = serde_yaml::from_str(&text).expect("units.yaml parses");
    let categories = units["categories"].as_mapping().expect("categories");
    let homes = real_category_pages();
    let unit_pairs: usize = homes
        .keys()
        .filter_map(|key| categories.get(key.as_str()))
        .map(|c| {
            let units: Vec<&str> = c["units"].as_sequence().map_or(vec![], |u| u.iter().filter_map(|u| u["key"].as_str()).collect());
            let n = units.len();
            let sizes = unit_sizes(c);
            let in_parts: usize = compounds(c).iter().map(|compound| units.iter().filter(|u| reads_in_parts(&sizes, u, compound)).count()).sum();
            n * (n - 1) + in_parts + 1
        })
        .sum();
    let featured = units["currencies"].as_sequence().map_or(0, Vec::len);
    unit_pairs + if homes.contains_key("currency") { featured * (featured - 1) } else { 0 }
}

/// A linear factor with π too ("96939420213600000/pi"): products and quotients of decimals and pi.
pub fn unit_size(value: &serde_yaml::Value) -> Option<f64> {
    let text = match value {
        serde_yaml::Value::Number(n) => return n.as_f64(),
        serde_yaml::Value::String(s) => s,
        _ => return None,
    };
    let term = |t: &str| if t.trim() == "pi" { Some(std::f64::consts::PI) } else { t.trim().parse::<f64>().ok() };
    let mut parts = text.split('/');
    let mut x: f64 = parts.next()?.split('*').map(term).product::<Option<f64>>()?;
    for d in parts {
        x /= d.split('*').map(term).product::<Option<f64>>()?;
    }
    Some(x)
}

/// A units.yaml category's linear units' sizes in its base unit, by key.
pub fn unit_sizes(category: &serde_yaml::Value) -> HashMap<String, f64> {
    category["units"]
        .as_sequence()
        .map_or(&[][..], |s| s.as_slice())
        .iter()
        .filter(|u| u.get("scale").is_none() && u.get("reciprocal").is_none())
        .filter_map(|u| Some((u["key"].as_str()?.to_string(), unit_size(u.get("factor")?)?)))
        .collect()
}

/// A units.yaml compound: its parts' unit keys, and whether a decimal of its largest part has
/// a page in parts (`decimal_page`, true when absent).
pub struct Compound {
    pub parts: Vec<String>,
    pub decimal_page: bool,
}

/// A units.yaml category's compounds.
pub fn compounds(category: &serde_yaml::Value) -> Vec<Compound> {
    let parts = |c: &serde_yaml::Value| c["parts"].as_sequence().unwrap().iter().map(|p| p.as_str().unwrap().to_string()).collect();
    category
        .get("compounds")
        .and_then(|x| x.as_sequence())
        .map(|s| s.iter().map(|c| Compound { parts: parts(c), decimal_page: c["decimal_page"].as_bool().unwrap_or(true) }).collect())
        .unwrap_or_default()
}

/// The compounds a unit's pages go to: those whose table (1 to 1,000 of the unit) reaches ten
/// of the smallest part, where one unit is at most 1,000 of the largest (no "< 0.01 in" rows,
/// no light-years in feet and inches). A unit that is a whole number of the largest part
/// (feet, yards) has a table of decimals, so only where halves and fifths of it are not whole
/// too (no fathoms, days in hours or stones in pounds: "… 0 in" row after row), and not for
/// hands (`decimal_page: false`: 15.2 hh is 15 hands 2 inches).
pub fn reads_in_parts(sizes: &HashMap<String, f64>, from: &str, compound: &Compound) -> bool {
    let part_sizes: Vec<f64> = compound.parts.iter().map(|p| sizes[p]).collect();
    let (smallest, largest) = (part_sizes.iter().copied().fold(f64::INFINITY, f64::min), part_sizes.iter().copied().fold(0.0, f64::max));
    let size = sizes[from];
    let in_largest = size / largest;
    let whole = in_largest >= 1.0 && (in_largest - in_largest.round()).abs() <= 1e-9 * in_largest;
    let k = in_largest.round() as u64;
    let decimals_read = compound.decimal_page && !k.is_multiple_of(2) && !k.is_multiple_of(5);
    // A part's table counts whole largest parts (seconds: 3,600 … s in h min s).
    let reaches_largest = size * 1_000.0 >= largest || compound.parts.iter().any(|p| p == from);
    size >= smallest / 100.0 && reaches_largest && size <= largest * 1_000.0 && (!whole || decimals_read)
}

/// Every page the real site's build writes (not the 404): its routes and articles, and the
/// unit pair pages generated from units.yaml.
pub fn real_site_page_count() -> usize {
    real_site_routes().len() + real_site_pair_pages()
}

pub struct Project {
    pub dir: tempfile::TempDir,
}

/// The search box's data (`search/<digest>/units.json`) of a site built into `out`.
pub fn search_units_json(out: &Path) -> serde_json::Value {
    let text = std::fs::read_dir(out.join("search"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path().join("units.json")).ok())
        .next()
        .expect("the search index's units.json");
    serde_json::from_str(&text).unwrap()
}

impl Project {
    /// A copy of the real site ([`Project::copy_of_real_site_never_built`]) that starts with
    /// the island renders of a build of it, as a checkout that was built once does
    /// ([`real_site_island_store`]): its build sends Node only the islands its own edits ask for.
    pub fn copy_of_real_site() -> Project {
        let p = Project::copy_of_real_site_never_built();
        copy_dir(real_site_island_store(), &p.path(unitly::islands::store::DIR));
        p
    }

    /// `content/`, `themes/`, `islands/` and `edge/` copied, except the packages' node_modules,
    /// which are linked (they are large), and no cache, as a fresh checkout: its first build
    /// renders every island. A build of the copy rewrites the copy's generated modules, never
    /// the real ones.
    pub fn copy_of_real_site_never_built() -> Project {
        let real = Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["content", "themes", "islands", "edge"] {
            copy_dir(&real.join(sub), &dir.path().join(sub));
        }
        for sub in ["islands", "edge"] {
            std::os::unix::fs::symlink(real.join(sub).join("node_modules"), dir.path().join(sub).join("node_modules")).expect("symlink");
        }
        Project { dir }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("reading {rel}: {e}"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Replaces the first occurrence of `from` in a file, failing loudly if it is absent.
    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} does not contain {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }

    pub fn unitly(&self, args: &[&str]) -> Output {
        self.unitly_with(args, &[])
    }

    /// Runs unitly with extra environment variables (`SOURCE_DATE_EPOCH`, `GITHUB_ACTIONS`).
    pub fn unitly_with(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_unitly"));
        cmd.args(["--root", self.dir.path().to_str().unwrap()]).args(args).current_dir(self.dir.path());
        // The caller decides; the test runner's own CI environment must not leak in.
        cmd.env_remove("GITHUB_ACTIONS").env_remove("SOURCE_DATE_EPOCH");
        cmd.envs(env.iter().copied());
        cmd.output().expect("running unitly")
    }
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The island store (`.unitly-cache/islands`) a build of the real site leaves, kept between
/// test runs in cargo's temporary folder and made again when the real site or the binary
/// changed. A build from nothing spends most of its time rendering the ~11,000 islands of the
/// pair pages in Node (14 s, against 3.4 s with the store); the tests build copies of the
/// site about a hundred times. The store is keyed by the islands' inputs and each render by
/// its props, so a copy whose edits change them renders what it needs, as any checkout does:
/// the seed can make a build slower when stale, never different.
fn real_site_island_store() -> &'static Path {
    static STORE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    STORE.get_or_init(|| {
        let real = Path::new(env!("CARGO_MANIFEST_DIR"));
        let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("real-site-islands");
        let store = kept.join("store");
        let stamp_file = kept.join("stamp");
        // The test binaries of one `cargo test` run one after another, but two runs may share
        // the folder: one makes the store while the other waits.
        std::fs::create_dir_all(&kept).expect("cargo's temporary folder");
        let lock = std::fs::File::create(kept.with_extension("lock")).expect("lock file");
        lock.lock().expect("locking the kept island store");
        // The islands' inputs (the whole theme for the stylesheets' folder), and the content
        // their props come from.
        let mut inputs = unitly::islands::store::inputs(real, &real.join("themes"));
        inputs.push(real.join("content"));
        let binary = Path::new(env!("CARGO_BIN_EXE_unitly"));
        let stamp = format!(
            "{:016x} {:016x}",
            unitly::fingerprint::contents(real, &inputs),
            unitly::fingerprint::contents(binary.parent().unwrap(), &[binary.to_path_buf()])
        );
        if std::fs::read_to_string(&stamp_file).ok().as_deref() != Some(stamp.as_str()) || !store.is_dir() {
            let p = Project::copy_of_real_site_never_built();
            if store.is_dir() {
                // The last store: a build after a small change renders little.
                copy_dir(&store, &p.path(unitly::islands::store::DIR));
            }
            let out = p.unitly(&["build", "--out", "site"]);
            assert!(out.status.success(), "building the real site for its island store: {}", stderr(&out));
            let _ = std::fs::remove_file(&stamp_file);
            let _ = std::fs::remove_dir_all(&store);
            copy_dir(&p.path(unitly::islands::store::DIR), &store);
            std::fs::write(&stamp_file, &stamp).expect("writing the store's stamp");
        }
        store
    })
}

fn copy_dir(from: &Path, to: &Path) {
    let skip = |e: &walkdir::DirEntry| e.depth() == 1 && matches!(e.file_name().to_str(), Some("node_modules" | "dist"));
    for entry in walkdir::WalkDir::new(from).into_iter().filter_entry(|e| !skip(e)) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every file under `dir` with its bytes, to prove a folder did not change.
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}
