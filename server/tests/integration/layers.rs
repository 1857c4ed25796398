//! The server's layers, read from its source: domains flow one way (handler → service →
//! repository, with the API router's root above them), so these hold and stay true:
//!
//! - no file under `server/src` outside the page mount (`web/`) names `app::`;
//! - no repository (`repo.rs`, `repo/*.rs`) names `ApiError` or `crate::http`;
//! - no file of a domain names `crate::demo` or `crate::web` (development tools are wired in
//!   at the root);
//! - no import circle between the server's domains (the top folders under `server/src`, the
//!   infrastructure they share left out), nor between the files of `app/src`.
//!
//! Paths are read as `crate::` and `super::` paths, `use` trees included
//! (`use crate::{a::{b, c}, d}`), with comments, strings and inline test modules left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The shared infrastructure every domain may use: not nodes of the domain graph.
const INFRASTRUCTURE: &[&str] = &["state", "http", "db", "config", "cache", "qr", "refusal"];

/// Top folders of `server/src` that are not domains: the page mount, the development tools
/// and the infrastructure.
const NOT_DOMAINS: &[&str] = &["web", "demo", "http", "db"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// One source file: its path relative to its crate's `src`, its module path, and its code.
struct Source {
    rel: String,
    /// The module path (`orders/mod.rs` is `orders`, `orders/repo.rs` is `orders::repo`).
    module: Vec<String>,
    code: String,
}

/// Every `.rs` file under `root`, in a stable order.
fn sources(root: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
            let mut module: Vec<String> = rel.trim_end_matches(".rs").split('/').map(str::to_string).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                module.pop();
            }
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Source { rel, module, code: without_test_modules(&strip(&text)) }
        })
        .collect()
}

/// `src` without comments, and with every string and character literal emptied.
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let mut start = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                out.push_str(&src[start..i]);
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                start = i;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                out.push_str(&src[start..i]);
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(' ');
                start = i;
            }
            // A raw string: r"…", r#"…"#, br"…".
            b'r' if (i == 0 || !is_ident(b[i - 1]) || (b[i - 1] == b'b' && (i < 2 || !is_ident(b[i - 2]))))
                && matches!(b.get(i + 1), Some(b'"' | b'#')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                out.push_str(&src[start..i]);
                let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                let body = i + 2 + hashes;
                i = src[body..].find(&close).map_or(b.len(), |at| body + at + close.len());
                out.push_str("\"\"");
                start = i;
            }
            b'"' => {
                out.push_str(&src[start..i]);
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
                start = i.min(b.len());
            }
            // A character literal ('x', '\n', '"'); a lifetime ('a) is left as it is.
            b'\'' => {
                let len = if b.get(i + 1) == Some(&b'\\') {
                    b[i + 2..].iter().position(|&c| c == b'\'').map(|p| p + 3)
                } else {
                    src[i + 1..].chars().next().and_then(|c| {
                        let after = i + 1 + c.len_utf8();
                        (b.get(after) == Some(&b'\'')).then_some(c.len_utf8() + 2)
                    })
                };
                match len {
                    Some(len) => {
                        out.push_str(&src[start..i]);
                        out.push_str("' '");
                        i += len;
                        start = i;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(&src[start.min(src.len())..]);
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// `code` without its inline `#[cfg(test)] mod … { … }` blocks: tests may reach anywhere.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let block = after.strip_prefix("mod ").or_else(|| after.strip_prefix("pub(crate) mod "));
        let open = block.and_then(|b| {
            let name_end = b.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
            b[name_end..].trim_start().starts_with('{').then(|| rest.len() - b.len() + name_end)
        });
        let Some(open) = open else {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        };
        out.push_str(&rest[..at]);
        let body = &rest[open..];
        let brace = body.find('{').expect("the block opens");
        let mut depth = 0;
        let mut end = body.len();
        for (i, c) in body[brace..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = brace + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &body[end..];
    }
    out.push_str(rest);
    out
}

/// The paths a `use` tree or path names, from `tree` (the text right after `crate::` or
/// `super::`), each prefixed with `prefix`.
fn expand(tree: &str, prefix: &[String]) -> Vec<Vec<String>> {
    let tree = tree.trim_start();
    if let Some(group) = tree.strip_prefix('{') {
        return group_items(group).iter().flat_map(|item| expand_item(item, prefix)).collect();
    }
    let mut path = prefix.to_vec();
    let mut rest = tree;
    loop {
        let len = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if len == 0 {
            break;
        }
        path.push(rest[..len].to_string());
        let after = rest[len..].trim_start();
        match after.strip_prefix("::") {
            Some(more) => {
                let more = more.trim_start();
                if let Some(group) = more.strip_prefix('{') {
                    return group_items(group).iter().flat_map(|item| expand_item(item, &path)).collect();
                }
                rest = more;
            }
            None => break,
        }
    }
    if path.len() > prefix.len() {
        vec![path]
    } else {
        Vec::new()
    }
}

fn expand_item(item: &str, prefix: &[String]) -> Vec<Vec<String>> {
    let item = item.trim();
    if item.is_empty() || item == "self" || item.starts_with("self ") || item == "*" {
        return vec![prefix.to_vec()];
    }
    if let Some(group) = item.strip_prefix('{') {
        return group_items(group).iter().flat_map(|i| expand_item(i, prefix)).collect();
    }
    expand(item, prefix)
}

/// The items of a `{…}` group whose text starts after its `{`, split at its top-level commas.
fn group_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut depth = 1;
    let mut start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    items.push(&group[start..i]);
                    return items;
                }
            }
            ',' if depth == 1 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
}

/// Every module path `source` names through `crate::` or `super::`.
fn named_paths(source: &Source) -> Vec<Vec<String>> {
    let code = &source.code;
    let b = code.as_bytes();
    let mut paths = Vec::new();
    for keyword in ["crate", "super"] {
        for (at, _) in code.match_indices(keyword) {
            if at > 0 && (is_ident(b[at - 1]) || (keyword == "super" && b[at - 1] == b':')) {
                continue;
            }
            let mut rest = code[at + keyword.len()..].trim_start();
            if !rest.starts_with("::") || (keyword == "crate" && at > 0 && b[at - 1] == b':') {
                continue;
            }
            let base = if keyword == "crate" {
                Vec::new()
            } else {
                // `super::super::…`: one level up per `super`, from the file's own module.
                let mut ups = 1;
                rest = rest[2..].trim_start();
                while let Some(more) =
                    rest.strip_prefix("super").map(str::trim_start).and_then(|r| r.strip_prefix("::"))
                {
                    ups += 1;
                    rest = more.trim_start();
                }
                source.module[..source.module.len().saturating_sub(ups)].to_vec()
            };
            let tree = if keyword == "crate" { &rest[2..] } else { rest };
            paths.extend(expand(tree, &base));
        }
    }
    paths
}

/// The longest module of `modules` that `path` starts with.
fn resolve<'a>(modules: &'a BTreeSet<Vec<String>>, path: &[String]) -> Option<&'a Vec<String>> {
    (1..=path.len()).rev().find_map(|n| modules.get(&path[..n]))
}

/// The import graph with, for each edge, the files that make it.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The circles of `graph` (its strongly connected parts of more than one node), each told as
/// its edges and the files making them.
fn circles(graph: &Graph) -> Vec<String> {
    let nodes: BTreeSet<&String> = graph.keys().chain(graph.values().flat_map(|e| e.keys())).collect();
    let reaches = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(n) = todo.pop() {
            for next in graph.get(n).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<&String>> = nodes.iter().map(|n| (*n, reaches(n))).collect();
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for node in &nodes {
        if done.contains(node) || !reach[node].contains(node) {
            continue;
        }
        let part: BTreeSet<&String> =
            nodes.iter().copied().filter(|m| reach[node].contains(m) && reach[m].contains(node)).collect();
        done.extend(part.iter().copied());
        let mut text = format!("{:?}:", part.iter().collect::<Vec<_>>());
        for a in &part {
            for (b, files) in graph.get(*a).into_iter().flatten().filter(|(b, _)| part.contains(b)) {
                text.push_str(&format!("\n    {a} -> {b} ({})", files.iter().cloned().collect::<Vec<_>>().join(", ")));
            }
        }
        found.push(text);
    }
    found
}

fn server_sources() -> Vec<Source> {
    sources(&workspace().join("server/src"))
}

/// The top folder of a file (`orders` of `orders/repo.rs`), `None` for a file at the top.
fn top_folder(rel: &str) -> Option<&str> {
    rel.split_once('/').map(|(top, _)| top)
}

/// Whether `code` names the crate `name` (`name::…` not part of a longer path or name).
fn names_crate(code: &str, name: &str) -> bool {
    let needle = format!("{name}::");
    code.match_indices(&needle).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$')
    })
}

#[test]
fn only_the_page_mount_names_the_app() {
    let offending: Vec<String> = server_sources()
        .into_iter()
        .filter(|s| top_folder(&s.rel) != Some("web") && names_crate(&s.code, "app"))
        .map(|s| s.rel)
        .collect();
    assert!(offending.is_empty(), "files outside server/src/web/ name `app::`: {offending:?}");
}

#[test]
fn repositories_know_nothing_of_http() {
    let offending: Vec<String> = server_sources()
        .into_iter()
        .filter(|s| s.rel.ends_with("/repo.rs") || s.rel.contains("/repo/"))
        .filter(|s| {
            s.code.contains("ApiError") || named_paths(s).iter().any(|p| p.first().is_some_and(|m| m == "http"))
        })
        .map(|s| s.rel)
        .collect();
    assert!(offending.is_empty(), "repositories naming `ApiError` or `crate::http`: {offending:?}");
}

/// The domains' pure rules refuse with `crate::refusal::Refusal` (or an enum of their own), so
/// they are tested and reused without HTTP.
#[test]
fn rules_know_nothing_of_http() {
    let offending: Vec<String> = server_sources()
        .into_iter()
        .filter(|s| s.rel.ends_with("/rules.rs"))
        .filter(|s| {
            s.code.contains("ApiError") || named_paths(s).iter().any(|p| p.first().is_some_and(|m| m == "http"))
        })
        .map(|s| s.rel)
        .collect();
    assert!(offending.is_empty(), "rules naming `ApiError` or `crate::http`: {offending:?}");
}

/// The domains' service steps (a `service.rs` or `jobs.rs`, and the steps their handlers and
/// jobs share) answer `crate::refusal::DomainError` or an enum of their own, so a handler, a
/// form action and a background job call them alike; only the handlers speak HTTP.
const SERVICE_STEPS: &[&str] =
    &["accounts/limits.rs", "accounts/hashing.rs", "payments/online.rs", "payments/settle.rs"];

#[test]
fn services_know_nothing_of_http() {
    let sources = server_sources();
    for step in SERVICE_STEPS {
        assert!(sources.iter().any(|s| s.rel == *step), "{step} is not a source file any more");
    }
    let offending: Vec<String> = sources
        .into_iter()
        .filter(|s| {
            SERVICE_STEPS.contains(&s.rel.as_str()) || s.rel.ends_with("/service.rs") || s.rel.ends_with("/jobs.rs")
        })
        .filter(|s| {
            s.code.contains("ApiError") || named_paths(s).iter().any(|p| p.first().is_some_and(|m| m == "http"))
        })
        .map(|s| s.rel)
        .collect();
    assert!(offending.is_empty(), "service steps naming `ApiError` or `crate::http`: {offending:?}");
}

#[test]
fn no_domain_names_the_development_tools_or_the_page_mount() {
    let offending: Vec<String> = server_sources()
        .into_iter()
        .filter(|s| top_folder(&s.rel).is_some_and(|top| !NOT_DOMAINS.contains(&top)))
        .filter(|s| named_paths(s).iter().any(|p| p.first().is_some_and(|m| m == "demo" || m == "web")))
        .map(|s| s.rel)
        .collect();
    assert!(offending.is_empty(), "domain files naming `crate::demo` or `crate::web`: {offending:?}");
}

#[test]
fn server_domains_import_one_way() {
    let sources = server_sources();
    let tops: BTreeSet<String> = sources.iter().filter_map(|s| s.module.first().cloned()).collect();
    let mut graph = Graph::new();
    for source in &sources {
        let Some(from) = source.module.first() else { continue };
        if INFRASTRUCTURE.contains(&from.as_str()) {
            continue;
        }
        for path in named_paths(source) {
            let Some(to) = path.first().filter(|t| tops.contains(*t)) else { continue };
            if to == from || INFRASTRUCTURE.contains(&to.as_str()) {
                continue;
            }
            graph.entry(from.clone()).or_default().entry(to.clone()).or_default().insert(source.rel.clone());
        }
    }
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles between server domains:\n{}", found.join("\n"));
}

#[test]
fn app_files_import_one_way() {
    let sources = sources(&workspace().join("app/src"));
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let mut graph = Graph::new();
    for source in &sources {
        for path in named_paths(source) {
            let Some(to) = resolve(&modules, &path) else { continue };
            // A module and the modules inside it are one unit here.
            if to.starts_with(&source.module) || source.module.starts_with(to) {
                continue;
            }
            let from = source.module.join("/");
            graph.entry(from).or_default().entry(to.join("/")).or_default().insert(source.rel.clone());
        }
    }
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles between app/src files:\n{}", found.join("\n"));
}

#[test]
fn paths_are_read_through_use_trees() {
    let source = Source {
        rel: "orders/handlers.rs".into(),
        module: vec!["orders".into(), "handlers".into()],
        code: without_test_modules(&strip(
            "use crate::{a::{b, c::{self, d}}, e};\n// crate::f\nlet s = \"crate::g\";\nlet c = '\"';\n\
             use super::repo;\nfn x() { super::super::h::i(); }\n#[cfg(test)]\nmod tests { use crate::j; }",
        )),
    };
    let named: Vec<String> = named_paths(&source).iter().map(|p| p.join("::")).collect();
    assert_eq!(named, ["a::b", "a::c", "a::c::d", "e", "orders::repo", "h::i"]);
    assert!(names_crate("use app::x;", "app") && !names_crate("crate::app::y; myapp::z", "app"));
}
