//! Nothing a user owns is lost: `--out` refuses folders unitly did not write (exit 2,
//! before touching anything), always refuses the project and its sources, and no content
//! (a climbing route path, slug or collection, a symlink out of the project) makes the build
//! write outside its output folder or publish a file from elsewhere.

#[allow(dead_code)]
mod common;
use common::{snapshot, stderr, Project};

/// A folder of someone's files, beside the project.
fn foreign_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "my notes\n").unwrap();
    std::fs::create_dir_all(dir.path().join("photos")).unwrap();
    std::fs::write(dir.path().join("photos/a.jpg"), [0xff, 0xd8, 0xff, 0xe0]).unwrap();
    dir
}

#[test]
fn a_foreign_folder_is_refused_untouched_and_force_replaces_it_atomically() {
    let p = Project::copy_of_real_site();
    let pictures = foreign_folder();
    let out = pictures.path().join("Pictures");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "my notes\n").unwrap();
    std::fs::create_dir_all(out.join("photos")).unwrap();
    std::fs::write(out.join("photos/a.jpg"), [0xff, 0xd8]).unwrap();
    let before = snapshot(pictures.path());
    for cmd in ["build", "serve"] {
        let o = p.unitly(&[cmd, "--out", out.to_str().unwrap()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
        for needle in [out.to_str().unwrap(), "notes.txt", "photos/", "--force", "empty folder"] {
            assert!(err.contains(needle), "{cmd}: {needle:?} missing in:\n{err}");
        }
        assert_eq!(snapshot(pictures.path()), before, "{cmd} touched the folder");
        assert_eq!(std::fs::read_dir(pictures.path()).unwrap().count(), 3, "{cmd} left something beside it");
    }

    // --force replaces it (the site, with its marker); a rebuild then needs no --force.
    let o = p.unitly(&["build", "--force", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!out.join("notes.txt").exists() && out.join("index.html").is_file() && out.join(".unitly-output").is_file());
    assert!(std::fs::read_to_string(out.join(".assetsignore")).unwrap().lines().any(|l| l == ".unitly-output"));
    let marker = std::fs::read(out.join(".unitly-output")).unwrap();
    p.edit("content/blog/conversion-tips.md", "title:", "title: Rebuilt Into Its Own Output\nx_was_title:");
    p.edit("content/blog/conversion-tips.md", "x_was_title:", "#");
    let o = p.unitly(&["build", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(out.join("blog/conversion-tips.html")).unwrap().contains("Rebuilt Into Its Own Output"));
    assert_eq!(std::fs::read(out.join(".unitly-output")).unwrap(), marker, "the marker never varies");
}

#[test]
fn the_project_its_sources_the_root_and_home_are_always_refused() {
    let p = Project::copy_of_real_site();
    std::fs::create_dir_all(p.path("src")).unwrap();
    let home = foreign_folder();
    let root = p.dir.path().to_str().unwrap().to_string();
    let parent = p.dir.path().parent().unwrap().to_str().unwrap().to_string();
    let home_dir = home.path().to_str().unwrap().to_string();
    let refused = [
        (root.clone(), "project folder"),
        (format!("{root}/."), "project folder"),
        (parent, "contains it"),
        ("content".into(), "content/"),
        (format!("{root}/themes/unitly/new"), "themes/"),
        ("islands".into(), "islands/"),
        ("edge/dist".into(), "edge/"),
        (format!("{root}/src"), "src/"),
        (format!("{root}/dist/../content/blog"), "content/"),
        ("/".into(), "root of the file system"),
        (home_dir.clone(), "home folder"),
    ];
    let before = snapshot(&p.path("content"));
    for (out, why) in refused {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_unitly"))
            .args(["--root", &root, "build", "--force", "--out", &out])
            .current_dir(p.dir.path())
            .env("HOME", &home_dir)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{out}: {err}");
        assert!(err.contains(why) && err.contains("--force does not change this"), "{out}: {why:?} missing in:\n{err}");
    }
    assert_eq!(snapshot(&p.path("content")), before);
    assert!(home.path().join("notes.txt").exists());
}

/// Breaks the copy, then expects `check` and `build` both to report `expected` and `build`
/// to write nothing anywhere.
fn refused_content(edit: impl FnOnce(&Project), expected: &[&str]) {
    let p = Project::copy_of_real_site();
    edit(&p);
    for args in [&["check"][..], &["build", "--out", "dist"][..]] {
        let o = p.unitly(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        for fragment in expected {
            assert!(err.contains(fragment), "{args:?}: expected {fragment:?} in:\n{err}");
        }
    }
    assert!(!p.path("dist").exists());
    assert!(!p.dir.path().parent().unwrap().join("escape-probe.html").exists());
}

/// Line (1-based) of the first line of the real routes.yaml that is `text` once trimmed.
fn route_line_of(text: &str) -> usize {
    let routes = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/routes.yaml")).unwrap();
    routes.lines().position(|l| l.trim() == text).unwrap() + 1
}

fn route_line(p: &Project, path: &str) -> usize {
    p.read("content/routes.yaml").lines().position(|l| l.trim_start() == format!("- path: {path}")).unwrap() + 1
}

#[test]
fn content_paths_that_leave_the_site_are_located_errors() {
    let cases = [
        ("/../../escape-probe", "leaves the site"),
        ("/a\\\\b", "contains a backslash"),
        ("/C:/escape-probe", "leaves the site"),
        ("//escape-probe", "leaves the site"),
        ("\"/a\\u0007b\"", "contains a control character"),
    ];
    let line = route_line(&Project::copy_of_real_site(), "/about");
    let at = format!("content/routes.yaml:{line}:11: path ");
    for (path, why) in cases {
        refused_content(|p| p.edit("content/routes.yaml", "- path: /about\n", &format!("- path: {path}\n")), &[&at, why]);
    }
    refused_content(
        |p| p.edit("content/routes.yaml", "path: /blog/{slug}", "path: /../{slug}"),
        &[&format!("content/routes.yaml:{}:11: path /../{{slug}} leaves the site (collection `blog`)", route_line_of("path: /blog/{slug}"))],
    );
    refused_content(
        |p| p.edit("content/routes.yaml", "dir: blog", "dir: ../../etc"),
        &[&format!("content/routes.yaml:{}:10: dir ../../etc leaves the content folder", route_line_of("dir: blog"))],
    );
    refused_content(
        |p| p.edit("content/routes.yaml", "source: pages/about.md", "source: ../../../etc/hostname"),
        &["source ../../../etc/hostname leaves the content folder"],
    );
    // (A file named `...md` is hidden, so never read: the slug is refused in any other.)
    refused_content(
        |p| p.edit("content/blog/conversion-tips.md", "slug: conversion-tips", "slug: .."),
        &["content/blog/conversion-tips.md:", "slug .. leaves the site"],
    );
}

#[test]
fn a_symlink_out_of_the_project_is_a_located_error() {
    let outside = tempfile::tempdir().unwrap();
    let real = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/blog/conversion-tips.md")).unwrap();
    std::fs::write(outside.path().join("leak.md"), real.replace("slug: conversion-tips", "slug: leak").replace("featured: true", "featured: false")).unwrap();
    let target = outside.path().join("leak.md");
    let canonical = std::fs::canonicalize(&target).unwrap();
    refused_content(
        |p| std::os::unix::fs::symlink(&target, p.path("content/blog/leak.md")).unwrap(),
        &[&format!("content/blog/leak.md:1:1: symbolic link to {}, outside the project", canonical.display())],
    );
    refused_content(
        |p| std::os::unix::fs::symlink(&target, p.path("themes/unitly/static/leak.txt")).unwrap(),
        &["themes/unitly/static/leak.txt:1:1: symbolic link to "],
    );
}

#[test]
fn a_relative_out_is_in_the_project_and_built_is_said_once_the_previous_output_is_gone() {
    let p = Project::copy_of_real_site();
    // A cron job running `unitly build --root /srv/unitly --out dist` from another folder.
    let elsewhere = tempfile::tempdir().unwrap();
    let build = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_unitly"))
            .args(["--root", p.dir.path().to_str().unwrap(), "build", "--out", "site"])
            .current_dir(elsewhere.path())
            .output()
            .unwrap()
    };
    let first = build();
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(p.path("site/index.html").is_file(), "written into the project");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing in the current folder");

    // What interrupted builds left (their processes gone: PIDs above the kernel's maximum),
    // each a whole copy of the site beside it.
    let leftovers = [p.path(".site.staging-4194305"), p.path(".site.old-4194306")];
    for dir in &leftovers {
        std::fs::create_dir_all(dir.join("blog")).unwrap();
        std::fs::write(dir.join("blog/a.html"), "an old page").unwrap();
    }
    let second = build();
    let out = common::stdout(&second);
    assert!(second.status.success(), "{}", stderr(&second));
    for dir in &leftovers {
        assert!(!dir.exists(), "{} removed", dir.display());
        assert!(out.contains(&format!("removing {}, left by an interrupted build", dir.display())), "{out}");
    }
    let names: Vec<String> = std::fs::read_dir(p.dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.starts_with(".site.")), "{names:?}");
    // The previous output is removed before "built", the last line: done when it says so.
    let lines: Vec<&str> = out.lines().collect();
    let removed = lines.iter().position(|l| l.trim_start().starts_with("remove old output")).unwrap_or_else(|| panic!("{out}"));
    assert!(lines.last().unwrap().starts_with("built ") && removed < lines.len() - 1, "{out}");
}
