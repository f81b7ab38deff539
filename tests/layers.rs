//! The modules form layers: each uses only the modules declared before it in `src/lib.rs`, so
//! there is no cycle and the engine never reaches up into the I/O. Unit tests inside a module
//! are exempt (they may build whole games).

use std::path::{Path, PathBuf};

/// The top-level modules in the order `src/lib.rs` declares them.
fn layers() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';').map(String::from))
        .collect()
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file of a module, its unit tests cut off.
fn sources(module: &str) -> Vec<(PathBuf, String)> {
    let file = src().join(format!("{module}.rs"));
    let dir = src().join(module);
    let mut paths = vec![file];
    if dir.is_dir() {
        for e in std::fs::read_dir(&dir).unwrap() {
            paths.push(e.unwrap().path());
        }
    }
    paths
        .into_iter()
        .filter(|p| p.is_file())
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap().to_string();
            (p, code)
        })
        .collect()
}

fn ident(s: &str) -> String {
    s.trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
}

/// The top-level modules a piece of code names as `crate::NAME` or in `crate::{A, B::..}`.
fn uses(code: &str, layers: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                out.extend(group.split(',').map(ident));
            }
            None => out.push(ident(rest)),
        }
    }
    out.retain(|name| layers.contains(name));
    out.sort();
    out.dedup();
    out
}

fn short(p: &Path) -> String {
    p.strip_prefix(src()).unwrap().display().to_string()
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let layers = layers();
    assert!(layers.len() >= 15, "{layers:?}");
    let mut wrong = Vec::new();
    for (rank, module) in layers.iter().enumerate() {
        let files = sources(module);
        assert!(!files.is_empty(), "no source for {module}");
        for (path, code) in files {
            for used in uses(&code, &layers) {
                let r = layers.iter().position(|l| *l == used).unwrap();
                if r > rank {
                    wrong.push(format!("{} uses {used}, a later layer", short(&path)));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_a_use_of_a_later_layer() {
    let layers: Vec<String> = ["rules", "search"].map(String::from).to_vec();
    let code = "use crate::search::search;\nfn f() { crate::rules::score(); }";
    assert_eq!(uses(code, &layers), ["rules", "search"]);
    assert_eq!(uses("use crate::{search::Tally, rules};", &layers), ["rules", "search"]);
}
