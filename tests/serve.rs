//! `unitly serve` on a copy of the real site: an edit to an article or to a template is
//! served after the rebuild (the caches it keeps between rebuilds notice the change), and
//! a broken edit leaves the previous pages served.

// Each test binary compiles its own copy of the shared helpers and uses only some of them.
#[allow(dead_code)]
mod common;

use common::{snapshot, stderr, Project};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Serve {
    child: Child,
    addr: String,
    stdout: Receiver<String>,
    stderr: Receiver<String>,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn lines(from: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    rx
}

/// The first line from `rx` that contains `needle`, within two minutes (a cold start runs
/// the island pipeline).
fn wait_for(rx: &Receiver<String>, needle: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if line.contains(needle) => return line,
            Ok(_) => continue,
            Err(e) => panic!("no line containing {needle:?}: {e}"),
        }
    }
}

fn start(project: &Project) -> Serve {
    start_with(project, &[])
}

fn start_with(project: &Project, options: &[&str]) -> Serve {
    let out = project.path("dist");
    start_in(project, &[options, &["--out", out.to_str().unwrap()]].concat(), project.dir.path())
}

/// `unitly --root PROJECT serve --port 0 OPTIONS`, run from the folder `cwd`.
fn start_in(project: &Project, options: &[&str], cwd: &std::path::Path) -> Serve {
    let mut child = Command::new(env!("CARGO_BIN_EXE_unitly"))
        .args(["--root", project.dir.path().to_str().unwrap(), "serve", "--port", "0"])
        .args(options)
        .current_dir(cwd)
        // No request in these tests reaches the edge function; keep its upstreams local anyway.
        .env("GOLD_UPSTREAM_URL", "http://127.0.0.1:9/gold")
        .env("FTSE_UPSTREAM_URL", "http://127.0.0.1:9/ftse")
        .env("RATES_UPSTREAM_URL", "http://127.0.0.1:9/v6")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting unitly serve");
    let stdout = lines(child.stdout.take().unwrap());
    let stderr = lines(child.stderr.take().unwrap());
    let line = wait_for(&stdout, "serving http://");
    let addr = line.split("http://").nth(1).unwrap().split('/').next().unwrap().to_string();
    // Let the watcher register its folders before the first edit.
    std::thread::sleep(Duration::from_millis(300));
    Serve { child, addr, stdout, stderr }
}

/// Polls `GET path` until its body contains `text` (a rebuild takes tens of milliseconds,
/// but the watcher may report one edit as several events and rebuild more than once).
fn served_eventually(addr: &str, path: &str, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (head, body) = answer(addr, path);
        if head.starts_with("HTTP/1.1 200") && body.contains(text) {
            return body;
        }
        assert!(Instant::now() < deadline, "GET {path} never contained {text:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The body of `GET path`, without compression.
fn get(addr: &str, path: &str) -> String {
    let (head, body) = answer(addr, path);
    assert!(head.starts_with("HTTP/1.1 200"), "GET {path}: {head}");
    body
}

/// The head and body of `GET path`, whatever its status.
fn answer(addr: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("connecting to unitly serve");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    (head.to_string(), body.to_string())
}

/// The first event the live-reload stream sends (the build state as it is now).
fn first_event(addr: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connecting to unitly serve");
    write!(stream, "GET /__unitly/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let data = BufReader::new(stream).lines().map_while(Result::ok).find(|l| l.starts_with("data:"));
    data.expect("an event")
}

#[test]
fn edits_are_served_after_the_rebuild_and_a_broken_edit_keeps_the_last_good_pages() {
    let project = Project::copy_of_real_site();
    let serve = start(&project);
    let article = "content/blog/conversion-tips.md";
    assert!(get(&serve.addr, "/blog/conversion-tips").contains("Top 10 Unit Conversion Tips"));

    // Content: only the article changed, so templates and islands come from the caches.
    project.edit(article, "Top 10 Unit Conversion Tips for Accurate Results", "Ten Unit Conversion Tips That Hold Up");
    served_eventually(&serve.addr, "/blog/conversion-tips", "Ten Unit Conversion Tips That Hold Up");
    assert!(get(&serve.addr, "/blog").contains("Ten Unit Conversion Tips That Hold Up"), "the blog list follows");
    wait_for(&serve.stdout, "rebuilt");

    // A template: the parsed templates must not be reused, nor the footer every page shares,
    // which is rendered once a build.
    project.edit("themes/unitly/templates/partials/site-footer.html", "All rights reserved.", "All rights reserved. Made with care.");
    served_eventually(&serve.addr, "/faq", "All rights reserved. Made with care.");
    project.edit("themes/unitly/templates/base.html", "Skip to content", "Skip to the content");
    served_eventually(&serve.addr, "/faq", "Skip to the content");

    // Broken front matter: the rebuild fails with the place, the last good pages stay.
    project.edit(article, "title: ", "title: [unclosed ");
    let failure = wait_for(&serve.stderr, "rebuild failed");
    let located = wait_for(&serve.stderr, "conversion-tips.md:");
    assert!(located.contains(":2:"), "{failure}\n{located}");
    assert!(get(&serve.addr, "/blog/conversion-tips").contains("Ten Unit Conversion Tips That Hold Up"));
}

/// A field of `/proc/PID/status` (`Threads`, `VmRSS` in kB).
fn proc_status(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(&format!("{field}:"))).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_thousand_idle_clients_and_a_64_mib_header_cost_no_threads_and_little_memory() {
    let project = Project::copy_of_real_site();
    let serve = start(&project);
    let pid = serve.child.id();
    let idle: Vec<TcpStream> = (0..1000).map(|_| TcpStream::connect(&serve.addr).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(300)); // let the server accept them
    let threads = proc_status(pid, "Threads");
    eprintln!("1,000 idle connections: {threads} threads");
    assert!(threads <= 64, "{threads} threads with 1,000 idle connections");
    assert!(get(&serve.addr, "/length-converter").contains("<h1"), "a normal request answers meanwhile");

    // One request whose header line would be 64 MiB: refused after 16 KiB, never held whole.
    let rss_before = proc_status(pid, "VmRSS");
    let mut huge = TcpStream::connect(&serve.addr).unwrap();
    huge.set_write_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = huge.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Huge: ");
    let chunk = vec![b'a'; 1024 * 1024];
    for _ in 0..64 {
        if huge.write_all(&chunk).is_err() {
            break; // the server closed the connection, as it should
        }
    }
    let grown_kb = proc_status(pid, "VmRSS").saturating_sub(rss_before);
    eprintln!("64 MiB header line: resident memory grew by {grown_kb} kB");
    assert!(grown_kb < 16 * 1024, "memory grew by {grown_kb} kB");
    assert!(get(&serve.addr, "/").contains("<h1"), "still answering");
    drop(idle);
}

#[test]
fn no_build_serves_a_build_as_it_is_and_writes_nothing() {
    let project = Project::copy_of_real_site();
    std::fs::create_dir(project.path("dist")).unwrap();
    let refused = project.unitly(&["serve", "--no-build", "--port", "0", "--out", project.path("dist").to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("holds no built site (no index.html): run `unitly build --out"), "{}", stderr(&refused));

    let built = project.unitly(&["build", "--out", "dist"]);
    assert!(built.status.success(), "{}", stderr(&built));
    let before = snapshot(&project.path("dist"));
    let serve = start_with(&project, &["--no-build"]);
    assert!(get(&serve.addr, "/length-converter").contains("<h1"));
    assert!(get(&serve.addr, "/blog/conversion-tips").contains("Top 10 Unit Conversion Tips"));
    // Not watching: an edit changes nothing served.
    project.edit("content/blog/conversion-tips.md", "Top 10 Unit Conversion Tips for Accurate Results", "Ten Unit Conversion Tips That Hold Up");
    std::thread::sleep(Duration::from_millis(1500));
    assert!(get(&serve.addr, "/blog/conversion-tips").contains("Top 10 Unit Conversion Tips"));
    drop(serve);
    assert!(snapshot(&project.path("dist")) == before, "the served folder changed");
}

#[test]
fn the_preview_is_written_into_its_own_folder_never_the_one_that_is_deployed() {
    let project = Project::copy_of_real_site();
    let draft = project.unitly(&["new", "article", "Secret Launch Plans"]);
    assert!(draft.status.success(), "{}", stderr(&draft));
    // Run from elsewhere: the preview goes into the project, never the current folder.
    let elsewhere = tempfile::tempdir().unwrap();
    // A published article links to the draft: the preview resolves the link, and says that
    // `build` would not.
    let tips = "content/blog/conversion-tips.md";
    let published = project.read(tips);
    project.write(tips, &format!("{published}\nSee [our plans](/blog/secret-launch-plans).\n"));
    let serve = start_in(&project, &["--no-watch"], elsewhere.path());
    let line = published.lines().count() + 2;
    let warning = wait_for(&serve.stderr, "secret-launch-plans`, which is a draft");
    assert!(warning.starts_with(&format!("warning: {tips}:{line}:5: link to `/blog/secret-launch-plans`")), "{warning}");
    let page = get(&serve.addr, "/blog/secret-launch-plans");
    assert!(page.contains(">Draft</span>") && page.contains("content=noindex"), "the draft is previewed, noindex");
    project.write(tips, &published);
    assert!(project.path(".unitly/preview/blog/secret-launch-plans.html").is_file(), "the preview is in .unitly/preview");
    assert!(!project.path("dist").exists(), "dist/, which `wrangler deploy` uploads, is only ever written by `unitly build`");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing written in the current folder");
    drop(serve);

    // --no-build serves what `unitly build` wrote: dist/ by default.
    let built = project.unitly(&["build"]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(!project.path("dist/blog/secret-launch-plans.html").exists(), "build leaves the draft out");
    let serve = start_in(&project, &["--no-build"], elsewhere.path());
    assert!(get(&serve.addr, "/length-converter").contains("<h1"));
    let mut missing = TcpStream::connect(&serve.addr).unwrap();
    write!(missing, "GET /blog/secret-launch-plans HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", serve.addr).unwrap();
    let mut answer = String::new();
    missing.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 404"), "{}", answer.lines().next().unwrap_or_default());
}

#[test]
fn a_port_in_use_fails_at_once_before_anything_is_built() {
    let project = Project::copy_of_real_site();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let started = Instant::now();
    let o = project.unitly(&["serve", "--port", &port, "--out", "preview"]);
    let err = stderr(&o);
    let next = port.parse::<u16>().unwrap() + 1;
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "port {port} on 127.0.0.1 is already in use (another `unitly serve` may be running): stop it, or serve on another port with `--port {next}`"
        )),
        "{err}"
    );
    assert!(!project.path("preview").exists(), "nothing built before the port was found taken");
    eprintln!("failed in {:?}", started.elapsed());
}

#[test]
fn a_broken_tree_is_served_with_its_problems_and_built_once_fixed() {
    let project = Project::copy_of_real_site();
    let article = "content/blog/conversion-tips.md";
    project.edit(article, "title: ", "title: [unclosed ");
    // Not watching, nothing would ever be built: refused, as `build` refuses it.
    let once = project.unitly(&["serve", "--no-watch", "--port", "0", "--out", "preview"]);
    assert!(!once.status.success() && stderr(&once).contains("conversion-tips.md:2:"), "{}", stderr(&once));

    // Watching, it starts: the editor is about to fix it.
    let serve = start(&project);
    wait_for(&serve.stderr, "build failed, serving a page that waits for the first good build");
    let (head, body) = answer(&serve.addr, "/blog/conversion-tips");
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    assert!(body.contains("data-unitly-nothing-built") && body.contains("/__unitly/livereload.js"), "{body}");
    assert!(answer(&serve.addr, "/assets/nope.js").0.starts_with("HTTP/1.1 404"), "only pages get the waiting page");
    let event = first_event(&serve.addr);
    assert!(event.contains("content/blog/conversion-tips.md:2:") && event.contains("title: [unclosed"), "{event}");

    project.edit(article, "title: [unclosed ", "title: ");
    served_eventually(&serve.addr, "/blog/conversion-tips", "Top 10 Unit Conversion Tips");
    assert!(first_event(&serve.addr).contains(r#""problems":[]"#));
    drop(serve);

    // Broken again at the next start: the last good build is served under the problems.
    project.edit(article, "title: ", "title: [unclosed ");
    let serve = start(&project);
    wait_for(&serve.stderr, "build failed, serving the previous build");
    assert!(get(&serve.addr, "/blog/conversion-tips").contains("Top 10 Unit Conversion Tips"));
    assert!(first_event(&serve.addr).contains("conversion-tips.md:2:"));
}
