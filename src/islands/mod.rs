//! The island pipeline. Templates call `island(name=…, props=…, client=…)`, which records
//! a render request and leaves a placeholder. One Node process then bundles the client
//! (esbuild: hashed ES modules, React in a shared chunk) and prerenders every distinct
//! island with React's server renderer; the placeholders become server HTML wrapped in an
//! element that carries the props and the hydration directive.

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

mod manifest;
pub mod store;
use manifest::copy_files;
pub use manifest::ClientManifest;
pub use store::{relocate_cache, IslandCache};

/// When the browser hydrates an island: at once, when the main thread is idle, when it is
/// on the screen, or when the page first asks for it (`demand`: islands/src/lib/islandDemand.ts,
/// such as the install bar at the browser's install offer or the history panel once there is
/// history), so a page loads an island shown only on an event only then.
const DIRECTIVES: [&str; 4] = ["load", "idle", "visible", "demand"];
/// The directive of a server-only component (`islands/src/static/`): its HTML goes into the
/// page as it is, with no wrapper, props or script.
const SERVER_ONLY: &str = "none";

#[derive(Debug, Clone)]
pub struct RenderRequest {
    pub key: String,
    pub name: String,
    /// The props as compact JSON text: a build holds thousands of requests (two per unit
    /// pair page), and a parsed `Value` of a category's units weighs ten times its text.
    pub props: Arc<str>,
}

/// Render requests recorded while templates run, deduplicated by (name, props).
pub struct IslandRegistry {
    known: HashSet<String>,
    /// The server-only ones among them (`islands/src/static/`).
    server_only: HashSet<String>,
    requests: Mutex<BTreeMap<String, RenderRequest>>,
}

impl IslandRegistry {
    /// `components`: what [`components`] found.
    pub fn new(components: Components) -> Arc<Self> {
        let known = components.hydrated.union(&components.server_only).cloned().collect();
        Arc::new(IslandRegistry { known, server_only: components.server_only, requests: Mutex::new(BTreeMap::new()) })
    }

    pub fn requests(&self) -> Vec<RenderRequest> {
        self.requests.lock().expect("registry lock").values().cloned().collect()
    }

    /// The template function `island(name=…, props=…, client=…, category=…)`. `category`, a
    /// unit category's key, adds that category to the props as `category`, from `categories`
    /// (each category's JSON text, written once): a page with two cards of a 20-unit category
    /// otherwise has tera clone and serialise the category over and over.
    pub fn tera_function(self: &Arc<Self>, categories: HashMap<String, String>) -> impl tera::Function {
        let registry = Arc::clone(self);
        move |args: &HashMap<String, Value>| -> tera::Result<Value> {
            let name = args.get("name").and_then(Value::as_str).ok_or("island() needs name=\"Component\"")?;
            if !registry.known.contains(name) {
                let mut known: Vec<&String> = registry.known.iter().collect();
                known.sort();
                return Err(format!("unknown island `{name}` (islands/src/components has: {known:?})").into());
            }
            let server_only = registry.server_only.contains(name);
            let client = args.get("client").and_then(Value::as_str).unwrap_or(if server_only { SERVER_ONLY } else { "load" });
            if server_only && client != SERVER_ONLY {
                return Err(format!("island `{name}` is server-only (islands/src/static): client must be \"{SERVER_ONLY}\", found `{client}`").into());
            }
            if !server_only && !DIRECTIVES.contains(&client) {
                return Err(format!("island `{name}`: client must be one of {DIRECTIVES:?}, found `{client}`").into());
            }
            let props = match args.get("category") {
                None => args.get("props").map_or_else(|| "{}".to_string(), Value::to_string),
                Some(key) => {
                    let text = key.as_str().and_then(|k| categories.get(k)).ok_or_else(|| format!("island `{name}`: no unit category {key}"))?;
                    with_category(args.get("props"), text).map_err(|e| format!("island `{name}`: {e}"))?
                }
            };
            let key = format!("{:016x}", crate::hash::fnv1a(format!("{name}\0{props}").as_bytes()));
            registry.requests.lock().expect("registry lock").entry(key.clone()).or_insert_with(|| RenderRequest {
                key: key.clone(),
                name: name.to_string(),
                props: props.into(),
            });
            Ok(Value::String(crate::marks::marker(&format!("island:{key}:{client}"))))
        }
    }
}

/// `props` (an object, or none) with `category` added as the JSON text `category`, written
/// as `Value::to_string` would write the whole: keys in order, compact.
fn with_category(props: Option<&Value>, category: &str) -> std::result::Result<String, String> {
    let empty = serde_json::Map::new();
    let fields = match props {
        None => &empty,
        Some(Value::Object(fields)) if !fields.contains_key("category") => fields,
        Some(Value::Object(_)) => return Err("props has a category already".into()),
        Some(other) => return Err(format!("props must be an object, found {other}")),
    };
    let mut entries: Vec<(&str, String)> = fields.iter().map(|(k, v)| (k.as_str(), v.to_string())).collect();
    entries.push(("category", category.to_string()));
    entries.sort_by(|a, b| a.0.cmp(b.0));
    let body: Vec<String> = entries.into_iter().map(|(k, v)| format!("{}:{v}", Value::from(k))).collect();
    Ok(format!("{{{}}}", body.join(",")))
}

/// The islands a site has: hydrated ones (`islands/src/components/*.tsx`) and server-only
/// ones (`islands/src/static/*.tsx`), rendered at build time and never sent to the browser.
pub struct Components {
    pub hydrated: HashSet<String>,
    pub server_only: HashSet<String>,
}

pub fn components(islands_dir: &Path) -> Components {
    Components { hydrated: tsx_names(&islands_dir.join("src/components")), server_only: tsx_names(&islands_dir.join("src/static")) }
}

fn tsx_names(dir: &Path) -> HashSet<String> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| {
            let path = e.path();
            let name = path.file_name()?.to_str()?;
            name.strip_suffix(".tsx").filter(|n| !n.contains('.')).map(str::to_string)
        })
        .collect()
}

/// What the island pipeline answers: the bundle (when asked for) and the renders.
struct PipelineAnswer {
    client: Option<ClientManifest>,
    html: HashMap<String, String>,
}

/// One line of the pipeline's output: a render, or (the last line) the bundle and the errors.
#[derive(Deserialize)]
#[serde(untagged)]
enum PipelineLine {
    Render { key: String, html: String },
    Done { client: Option<ClientManifest>, errors: Vec<PipelineError> },
}

#[derive(Debug, Deserialize)]
struct PipelineError {
    name: String,
    message: String,
}

pub use store::Renders;

pub struct Prerendered {
    pub manifest: ClientManifest,
    /// Shared with the island cache: a build holds every render once (tens of MB with
    /// 20,000 articles), however many steps ask for them.
    pub html: HashMap<String, Renders>,
    /// How many islands Node rendered this time (0 when everything came from the cache).
    pub rendered: usize,
}

/// The island store of the project at `root` as its inputs are now (`css`: the stylesheet);
/// made once a build, though the build may prerender twice. The build has installed the
/// npm packages (one of the inputs) before.
pub fn store_of(root: &Path, css: &Path) -> store::Store {
    // The stylesheet's folder: main.css imports its partials.
    store::Store::new(root, css.parent().unwrap_or(css))
}

/// Bundles and prerenders, reusing `cache` (or, when it is empty, what the last build left
/// on disk) where it is still valid. `assets_dir` is where the client files must end up.
/// `every_page`: whether `requests` come from every page of the site, so that what is kept
/// on disk can be just their renders; a rebuild that reuses pages asks only for the islands
/// of the pages it renders again, and keeps every render it has, so the next build started
/// afresh does not send the reused pages' islands to Node again.
/// `keep_current`: keeps a client file as the output being patched has it (named by its
/// content's hash, the same name is the same file), false when it cannot; used when Node
/// need not run, instead of linking each file into the staged output.
pub fn prerender(
    store: &store::Store,
    css: &Path,
    requests: &[RenderRequest],
    every_page: bool,
    assets_dir: &Path,
    keep_current: &dyn Fn(&str) -> bool,
    cache: &mut IslandCache,
) -> Result<Prerendered> {
    let islands_dir = store.islands_dir();
    if cache.inputs != store.key() {
        *cache = IslandCache { inputs: store.key().to_string(), ..Default::default() };
        // When not every page asks (a build that keeps most pages), only the renders asked
        // for are read: a few of 10,000.
        let wanted: Option<HashSet<&str>> = (!every_page).then(|| requests.iter().map(|r| r.key.as_str()).collect());
        if let Some(saved) = store.load(wanted.as_ref()) {
            let client = Some((saved.manifest, store.client_dir()));
            *cache = IslandCache { inputs: store.key().to_string(), client, html: saved.html, partial: wanted.is_some() };
        }
    } else if cache.partial {
        // Asked for since (the late islands' pages): read those too.
        let more: HashSet<&str> = requests.iter().map(|r| r.key.as_str()).filter(|k| !cache.html.contains_key(*k)).collect();
        if let Some(saved) = (!more.is_empty()).then(|| store.load(Some(&more))).flatten() {
            cache.html.extend(saved.html);
        }
    }
    let missing: Vec<&RenderRequest> = requests.iter().filter(|r| !cache.html.contains_key(&r.key)).collect();
    let mut reuse_client = cache.client.as_ref().filter(|(_, dir)| dir.exists()).map(|(m, dir)| (m.clone(), dir.clone()));

    std::fs::create_dir_all(assets_dir).with_context(|| format!("creating {}", assets_dir.display()))?;
    if let Some((manifest, from)) = &reuse_client {
        // With renders to make, the island store may save the client files from `assets_dir`.
        let kept = missing.is_empty() && manifest.files.iter().all(|f| keep_current(f));
        if !kept && copy_files(from, assets_dir, &manifest.files).is_err() {
            // Removed under us (another build replaced the saved results): bundle again.
            reuse_client = None;
        }
    }
    let mut rendered = 0;
    let manifest = match (reuse_client, missing.is_empty()) {
        (Some((manifest, _)), true) => manifest,
        (reuse_client, _) => {
            let answer = run_node(islands_dir, css, &missing, assets_dir, reuse_client.is_none())?;
            rendered = missing.len();
            cache.html.extend(answer.html.into_iter().map(|(k, h)| (k, Renders::from(h))));
            match (answer.client, reuse_client) {
                (Some(m), _) | (None, Some((m, _))) => m,
                (None, None) => bail!("the island pipeline returned no client bundle"),
            }
        }
    };
    cache.client = Some((manifest.clone(), assets_dir.to_path_buf()));
    let html: HashMap<String, Renders> = requests.iter().filter_map(|r| cache.html.get(&r.key).map(|h| (r.key.clone(), h.clone()))).collect();
    if rendered > 0 {
        if cache.partial {
            // The store keeps every render it had, not only those read.
            for (key, render) in store.load(None).map(|saved| saved.html).unwrap_or_default() {
                cache.html.entry(key).or_insert(render);
            }
            cache.partial = false;
        }
        if let Err(e) = store.save(&manifest, if every_page { &html } else { &cache.html }, assets_dir) {
            eprintln!("warning: could not keep the islands in {}: {e:#}", store::DIR);
        }
    }
    Ok(Prerendered { manifest, html, rendered })
}

fn run_node(islands_dir: &Path, css: &Path, requests: &[&RenderRequest], assets_dir: &Path, client: bool) -> Result<PipelineAnswer> {
    let script = islands_dir.join("scripts/build.mjs");
    let mut child = Command::new("node")
        .arg(&script)
        .current_dir(islands_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting `node {}` (is Node.js installed?)", script.display()))?;
    // Node reads all of its input before it writes a line; its messages are read aside, so a
    // long one never blocks it.
    let mut stderr_pipe = child.stderr.take().expect("stderr");
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr_pipe.read_to_string(&mut text);
        text
    });
    let sent = write_input(child.stdin.take().expect("stdin"), css, requests, assets_dir, client);
    // Read line by line: each render is kept once, as it arrives, and not also in one
    // answer holding them all.
    let mut html = HashMap::with_capacity(requests.len());
    let mut done = None;
    let mut unreadable = None;
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.context("reading the island pipeline's answer")?;
        match serde_json::from_str::<PipelineLine>(&line) {
            Ok(PipelineLine::Render { key, html: body }) => {
                html.insert(key, body);
            }
            Ok(PipelineLine::Done { client, errors }) => done = Some((client, errors)),
            Err(e) => unreadable = unreadable.or(Some(format!("{e}: {}", line.chars().take(200).collect::<String>()))),
        }
    }
    let status = child.wait().context("waiting for the island pipeline")?;
    let stderr = stderr_reader.join().unwrap_or_default();
    if !status.success() {
        bail!("the island pipeline (node {}) failed:\n{}", script.display(), stderr.trim());
    }
    sent.context("sending island requests to node")?;
    let Some((client, errors)) = done else {
        bail!("the island pipeline ended without its last line{}\n{}", unreadable.map(|u| format!(" (unreadable: {u})")).unwrap_or_default(), stderr.trim());
    };
    if !errors.is_empty() {
        let list: Vec<String> = errors.iter().map(|e| format!("  island {}: {}", e.name, e.message)).collect();
        bail!("prerendering islands failed:\n{}", list.join("\n"));
    }
    Ok(PipelineAnswer { client, html })
}

/// Writes the pipeline's input, `{"outDir", "publicPath", "css", "client", "renders": [{key,
/// name, props}]}`, with each request's props as the JSON text it already is: building one
/// `Value` of every request first held them all, parsed, at once.
fn write_input(stdin: std::process::ChildStdin, css: &Path, requests: &[&RenderRequest], assets_dir: &Path, client: bool) -> Result<()> {
    let mut out = BufWriter::new(stdin);
    let head = serde_json::json!({
        "outDir": assets_dir,
        "publicPath": format!("/{}/", crate::output::ASSETS_DIR),
        "css": css,
        "client": client,
    })
    .to_string();
    out.write_all(head.strip_suffix('}').unwrap_or(&head).as_bytes())?;
    out.write_all(b",\"renders\":[")?;
    for (i, r) in requests.iter().enumerate() {
        let comma = if i == 0 { "" } else { "," };
        write!(out, "{comma}{{\"key\":{},\"name\":{},\"props\":{}}}", Value::from(r.key.as_str()), Value::from(r.name.as_str()), r.props)?;
    }
    out.write_all(b"]}")?;
    out.flush()?;
    Ok(())
}

/// How an island's marker begins (the build's token, then `island:`).
pub fn island_mark() -> String {
    format!("{}island:", crate::marks::prefix())
}

/// Names of the islands a page hydrates at once (`client="load"`), in page order.
pub fn loaded_at_once<'a>(html: &str, requests: &HashMap<&str, &'a RenderRequest>) -> Vec<&'a str> {
    html.split(&island_mark())
        .skip(1)
        .filter_map(|rest| {
            let (key, client) = rest.split_once("-->")?.0.split_once(':')?;
            (client == "load").then(|| requests.get(key).map(|r| r.name.as_str())).flatten()
        })
        .collect()
}

/// The ids the islands of a page render from their props: every string field named `id`
/// in them (the FAQ island gives each entry's `<details>` its `id`), so `check` knows those
/// anchors without running Node.
pub fn prop_ids(html: &str, requests: &HashMap<&str, &RenderRequest>) -> HashSet<String> {
    fn collect(value: &Value, out: &mut HashSet<String>) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    match v {
                        Value::String(id) if k == "id" => {
                            out.insert(id.clone());
                        }
                        _ => collect(v, out),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
            _ => {}
        }
    }
    let mut out = HashSet::new();
    for rest in html.split(&island_mark()).skip(1) {
        let key = rest.split_once("-->").and_then(|(spec, _)| spec.split_once(':')).map(|(key, _)| key);
        // Parsed only when the text can hold an `id` key: most props (`{}`, a menu's) cannot,
        // and this runs for every island of every page.
        if let Some(request) = key.and_then(|k| requests.get(k)).filter(|r| r.props.contains("\"id\"")) {
            collect(&serde_json::from_str(&request.props).unwrap_or(Value::Null), &mut out);
        }
    }
    out
}

/// Replaces island placeholders with their server HTML, wrapped for hydration, and the
/// assets placeholder with the stylesheet, preloads and runtime script.
pub fn fill_placeholders(html: &str, renders: &HashMap<String, Renders>, requests: &HashMap<&str, &RenderRequest>, assets: &str) -> Result<String> {
    let mark = crate::marks::prefix();
    let mut out = String::with_capacity(html.len() + 4096);
    let mut rest = html;
    while let Some(start) = rest.find(mark) {
        out.push_str(&rest[..start]);
        let after = &rest[start + mark.len()..];
        let end = after.find("-->").context("unterminated unitly placeholder")?;
        let marker = &after[..end];
        if marker == "assets" {
            out.push_str(assets);
        } else if let Some(spec) = marker.strip_prefix("island:") {
            let (key, client) = spec.split_once(':').context("malformed island placeholder")?;
            let request = requests.get(key).with_context(|| format!("island {key} was never requested"))?;
            let body = renders.get(key).with_context(|| format!("island {} was not prerendered", request.name))?;
            if client == SERVER_ONLY {
                out.push_str(body.as_ref());
                rest = &after[end + 3..];
                continue;
            }
            out.push_str(&format!(
                "<div class=\"island\" data-island=\"{}\" data-client=\"{client}\" data-props='{}'>{body}</div>",
                request.name,
                props_attr(&props_json(&request.props)),
            ));
        } else {
            bail!("unknown placeholder {mark}{marker}-->");
        }
        rest = &after[end + 3..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Props as JSON for the `data-props` attribute, escaped as all inline JSON is
/// ([`crate::html::escape_json_text`]). An apostrophe (only ever inside a JSON string) is
/// written `\u0027` too, so the attribute can be quoted with `'` (see [`props_attr`]).
fn props_json(props: &str) -> String {
    crate::html::escape_json_text(props).replace('\'', "\\u0027")
}

/// JSON escaped for an attribute quoted with `'`: JSON is full of `"`, which a `"`-quoted
/// attribute must write as `&quot;` (six bytes each: 9 KB of the home page's cards).
fn props_attr(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '\'' => out.push_str("&#39;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::escape_attr;
    use crate::marks::marker as m;

    #[test]
    fn a_marker_written_by_the_content_stays_text() {
        // What minify-html makes of a title holding a marker: `<` as it is. Without the token it is no marker.
        let out = fill_placeholders("<title>Tips <!--unitly:assets--> x</title>", &HashMap::new(), &HashMap::new(), "<script></script>").unwrap();
        assert_eq!(out, "<title>Tips <!--unitly:assets--> x</title>");
    }

    #[test]
    fn placeholders_become_wrapped_islands() {
        let req = RenderRequest { key: "k1".into(), name: "Toggle".into(), props: serde_json::json!({"a": "<\"x\">"}).to_string().into() };
        let requests: HashMap<&str, &RenderRequest> = [("k1", &req)].into_iter().collect();
        let renders: HashMap<String, Renders> = [("k1".to_string(), Renders::from("<button>t</button>"))].into_iter().collect();
        let out = fill_placeholders(&format!("<p>a</p>{}{}", m("island:k1:idle"), m("assets")), &renders, &requests, "<script></script>").unwrap();
        assert_eq!(
            out,
            "<p>a</p><div class=\"island\" data-island=\"Toggle\" data-client=\"idle\" data-props='{\"a\":\"\\u003c\\\"x\\\"\\u003e\"}'><button>t</button></div><script></script>"
        );
    }

    #[test]
    fn only_islands_hydrated_at_load_are_preloaded() {
        let card = RenderRequest { key: "k1".into(), name: "Card".into(), props: serde_json::json!({}).to_string().into() };
        let menu = RenderRequest { key: "k2".into(), name: "Menu".into(), props: serde_json::json!({}).to_string().into() };
        let requests: HashMap<&str, &RenderRequest> = [("k1", &card), ("k2", &menu)].into_iter().collect();
        let html = format!("{}{}<p>x</p>{}{}", m("assets"), m("island:k2:idle"), m("island:k1:load"), m("island:k2:visible"));
        assert_eq!(loaded_at_once(&html, &requests), ["Card"]);
    }

    #[test]
    fn apostrophes_in_props_stay_valid_json_without_entities() {
        let props = serde_json::json!({"answer": "the browser's storage"});
        let json = props_json(&props.to_string());
        assert!(!json.contains('\''));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&json).unwrap(), props);
        let html = crate::output::minify(&format!("<div data-props=\"{}\"></div>", escape_attr(&json)));
        assert!(!html.contains("&#39"), "{html}");
    }

    #[test]
    fn unknown_islands_and_directives_are_refused() {
        let reg = IslandRegistry::new(Components {
            hydrated: ["Toggle".to_string()].into_iter().collect(),
            server_only: ["Facts".to_string()].into_iter().collect(),
        });
        let f = reg.tera_function(HashMap::new());
        let call = |name: &str, client: &str| {
            let args: HashMap<String, Value> = [("name".to_string(), Value::from(name)), ("client".to_string(), Value::from(client))].into_iter().collect();
            tera::Function::call(&f, &args)
        };
        assert!(call("Nope", "load").is_err());
        assert!(call("Toggle", "soon").is_err());
        let a = call("Toggle", "load").unwrap();
        let b = call("Toggle", "idle").unwrap();
        assert_ne!(a, b);
        assert_eq!(reg.requests().len(), 1, "identical renders are memoised");
        assert!(call("Toggle", "none").is_err(), "a hydrated island needs a directive");
        assert!(call("Facts", "load").is_err(), "a server-only island is never hydrated");
        assert!(call("Facts", "none").is_ok());
    }

    /// A category named by key is the same props as the category passed in them.
    #[test]
    fn a_category_by_key_is_the_same_request_as_in_the_props() {
        let reg = IslandRegistry::new(Components { hydrated: ["Card".to_string()].into_iter().collect(), server_only: HashSet::new() });
        let category = serde_json::json!({"key": "length", "units": [{"key": "feet", "factor": "0.3048"}], "label": "Length \"L\""});
        let f = reg.tera_function([("length".to_string(), category.to_string())].into_iter().collect());
        let call = |args: Value| tera::Function::call(&f, &serde_json::from_value(args).unwrap());
        let inline = call(serde_json::json!({"name": "Card", "props": {"to": "m", "category": category, "from": "ft", "z": [1, {"b": 2}]}})).unwrap();
        let by_key = call(serde_json::json!({"name": "Card", "category": "length", "props": {"z": [1, {"b": 2}], "from": "ft", "to": "m"}})).unwrap();
        assert_eq!(inline, by_key);
        assert_eq!(reg.requests().len(), 1);
        assert!(call(serde_json::json!({"name": "Card", "category": "mass"})).is_err(), "an unknown category");
        assert!(call(serde_json::json!({"name": "Card", "category": "length", "props": {"category": 1}})).is_err());
        assert!(call(serde_json::json!({"name": "Card", "category": "length"})).is_ok());
    }

    #[test]
    fn server_only_islands_are_their_html_alone() {
        let req = RenderRequest { key: "k1".into(), name: "Facts".into(), props: serde_json::json!({"secret": "not in the page"}).to_string().into() };
        let requests: HashMap<&str, &RenderRequest> = [("k1", &req)].into_iter().collect();
        let renders: HashMap<String, Renders> = [("k1".to_string(), Renders::from("<table></table>"))].into_iter().collect();
        let out = fill_placeholders(&format!("<p>a</p>{}<p>b</p>", m("island:k1:none")), &renders, &requests, "").unwrap();
        assert_eq!(out, "<p>a</p><table></table><p>b</p>");
    }
}
