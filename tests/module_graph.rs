//! The modules of `src/` import one another without circles: a file that uses another
//! never ends up, through any chain of uses, used by it. A circle makes two files one
//! (neither can be read, changed or tested without the other), so it fails this test.
//!
//! A file's uses are read with `syn`: every `use` and every path through `crate::`,
//! `super::`, `self::`, a child module or a name a `use` brought in, resolved to the file
//! that defines the module it names. `mod x;` itself is no use (a parent declaring its
//! children is how Rust builds the tree), nor is a `#[cfg(test)]` module's code (tests
//! may reach anywhere).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// Circles kept on purpose: (file, file, why). None today.
const ALLOWED: &[(&str, &str, &str)] = &[];

type ModPath = Vec<String>;

/// Every module file under `src/` (the library's: `main.rs` is the binary, which only uses
/// the library by its name), by module path.
fn module_files(src: &Path) -> BTreeMap<ModPath, PathBuf> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(src).into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs") || path == src.join("main.rs") {
            continue;
        }
        let rel = path.strip_prefix(src).unwrap().with_extension("");
        let mut segments: ModPath = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
        if segments.last().is_some_and(|s| s == "mod" || s == "lib") {
            segments.pop();
        }
        files.insert(segments, path.to_path_buf());
    }
    files
}

/// Reads one file's uses: full module paths (before resolution to a file).
struct Uses<'a> {
    modules: &'a BTreeMap<ModPath, PathBuf>,
    /// The module whose code is being read (the file's, then any inline module's).
    module: ModPath,
    /// Names `use` brought into scope → what they stand for.
    aliases: HashMap<String, ModPath>,
    found: Vec<ModPath>,
}

impl Uses<'_> {
    /// `segments` as a path from the crate root, or `None` for another crate's.
    fn absolute(&self, segments: &[String]) -> Option<ModPath> {
        let (first, rest) = segments.split_first()?;
        let mut base = match first.as_str() {
            "crate" => Vec::new(),
            "self" => self.module.clone(),
            "super" => {
                let mut m = self.module.clone();
                m.pop();
                m
            }
            name => {
                let child: ModPath = self.module.iter().cloned().chain([name.to_string()]).collect();
                if self.modules.contains_key(&child) {
                    child
                } else {
                    self.aliases.get(name)?.clone()
                }
            }
        };
        let mut rest = rest;
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.bind(prefix, &n.ident.to_string(), &n.ident.to_string()),
            syn::UseTree::Rename(r) => self.bind(prefix, &r.ident.to_string(), &r.rename.to_string()),
            syn::UseTree::Glob(_) => {
                if let Some(path) = self.absolute(prefix) {
                    self.found.push(path);
                }
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }

    /// `use prefix::name as alias;` (`name` may be `self`).
    fn bind(&mut self, prefix: &[String], name: &str, alias: &str) {
        let segments: Vec<String> = if name == "self" { prefix.to_vec() } else { prefix.iter().cloned().chain([name.to_string()]).collect() };
        if let Some(path) = self.absolute(&segments) {
            self.found.push(path.clone());
            if alias != "self" {
                self.aliases.insert(alias.to_string(), path);
            } else if let Some(last) = prefix.last() {
                self.aliases.insert(last.clone(), path);
            }
        }
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && a.meta.require_list().is_ok_and(|l| l.tokens.to_string() == "test"))
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if !is_test_only(&item.attrs) {
            self.use_tree(&mut Vec::new(), &item.tree);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if is_test_only(&item.attrs) {
            return;
        }
        if let Some((_, items)) = &item.content {
            self.module.push(item.ident.to_string());
            items.iter().for_each(|i| self.visit_item(i));
            self.module.pop();
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 {
            if let Some(p) = self.absolute(&segments) {
                self.found.push(p);
            }
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // Paths inside format!, vec!, … arguments are expressions too.
        if let Ok(args) = mac.parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated) {
            args.iter().for_each(|e| self.visit_expr(e));
        }
        syn::visit::visit_macro(self, mac);
    }
}

/// The file that defines the module `path` names (or an item of): its longest known prefix.
fn file_of<'a>(modules: &'a BTreeMap<ModPath, PathBuf>, path: &[String]) -> Option<&'a ModPath> {
    (0..=path.len()).rev().find_map(|n| modules.get_key_value(&path[..n]).map(|(k, _)| k))
}

fn name(m: &ModPath) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("::")
    }
}

/// File → the files it uses.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = module_files(src);
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).unwrap();
        let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut uses = Uses { modules: &modules, module: module.clone(), aliases: HashMap::new(), found: Vec::new() };
        // `use` first, so the paths that follow know the names it brought in.
        for item in &ast.items {
            if let syn::Item::Use(u) = item {
                uses.visit_item_use(u);
            }
        }
        uses.visit_file(&ast);
        let targets: BTreeSet<String> = uses.found.iter().filter_map(|p| file_of(&modules, p)).filter(|m| *m != module).map(name).collect();
        edges.insert(name(module), targets);
    }
    edges
}

/// The strongly connected groups of more than one file (Tarjan's algorithm).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn connect<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w.as_str()) {
                connect(s, w);
                s.low.insert(v, s.low[v].min(s.low[w.as_str()]));
            } else if s.on_stack.contains(w.as_str()) {
                s.low.insert(v, s.low[v].min(s.index[w.as_str()]));
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                group.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.found.push(group);
            }
        }
    }
    let mut s = State { edges, index: HashMap::new(), low: HashMap::new(), stack: Vec::new(), on_stack: BTreeSet::new(), found: Vec::new() };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            connect(&mut s, v);
        }
    }
    s.found
}

#[test]
fn src_modules_import_each_other_without_circles() {
    let mut edges = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    for (a, b, _why) in ALLOWED {
        if let Some(uses) = edges.get_mut(*a) {
            uses.remove(*b);
        }
    }
    let found = circles(&edges);
    let described: Vec<String> = found
        .iter()
        .map(|group| {
            let inside: Vec<String> = group.iter().flat_map(|a| edges[a].iter().filter(|b| group.contains(b)).map(move |b| format!("{a} → {b}"))).collect();
            format!("{} ({})", group.join(", "), inside.join(", "))
        })
        .collect();
    assert!(described.is_empty(), "import circles in src/:\n{}", described.join("\n"));
}

#[test]
fn a_circle_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod a;\npub mod b;\n").unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod inner;\npub fn f() { inner::g() }\n").unwrap();
    std::fs::write(src.join("a/inner.rs"), "pub fn g() { crate::b::h() }\n").unwrap();
    std::fs::write(src.join("b.rs"), "use crate::a;\npub fn h() {}\npub fn k() { a::f() }\n#[cfg(test)]\nmod tests { use crate::a::inner; }\n").unwrap();
    let edges = graph(src);
    assert_eq!(edges["a"], ["a::inner".to_string()].into_iter().collect());
    assert_eq!(circles(&edges), vec![vec!["a".to_string(), "a::inner".to_string(), "b".to_string()]]);
    std::fs::write(src.join("b.rs"), "pub fn h() {}\n").unwrap();
    assert!(circles(&graph(src)).is_empty());
}
