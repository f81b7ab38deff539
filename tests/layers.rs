//! The source is three wings and a top, `src/lib.rs` declaring them in order: `engine`, `player`,
//! `workshop`, `cli`. Each wing is a folder whose `mod.rs` declares its modules in order too. A
//! module may use the wings before its own, and the modules before it (or itself) in its own wing:
//! so nothing imports upward and there is no circle. The engine's files are checked whole, unit
//! tests included, so that the engine compiles without the other wings; elsewhere unit tests may
//! build whole games with later modules.

use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The modules a `mod.rs` or `lib.rs` declares, in order.
fn declared(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';').map(String::from))
        .collect()
}

/// Every `.rs` file below `path` (a file, or a folder searched whole).
fn files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    if path.is_dir() {
        for e in std::fs::read_dir(path).unwrap() {
            out.extend(files(&e.unwrap().path()));
        }
    }
    out.retain(|p| p.extension().is_some_and(|e| e == "rs"));
    out.sort();
    out
}

fn ident(s: &str) -> String {
    s.trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
}

/// The `(wing, module)` pairs a piece of code names as `crate::WING::MODULE` (or
/// `crate::WING::{MODULE, ..}`, or `crate::TOP` for a top-level module such as `cli`).
fn uses(code: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        let wing = ident(rest);
        let after = &rest[wing.len()..];
        match after.strip_prefix("::") {
            Some(inner) => match inner.strip_prefix('{') {
                Some(group) => {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    out.extend(group.split(',').map(|m| (wing.clone(), ident(m))));
                }
                None => out.push((wing.clone(), ident(inner))),
            },
            None => out.push((wing.clone(), String::new())),
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A file's code: whole for the engine, its unit tests cut off elsewhere.
fn code_of(path: &Path, whole: bool) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    if whole { text } else { text.split("#[cfg(test)]").next().unwrap().to_string() }
}

fn short(p: &Path) -> String {
    p.strip_prefix(src()).unwrap().display().to_string()
}

#[test]
fn every_module_uses_only_the_wings_and_modules_before_it() {
    let wings = declared(&src().join("lib.rs"));
    assert_eq!(wings, ["engine", "player", "workshop", "cli"]);
    let modules = |w: &str| -> Vec<String> {
        let m = src().join(w).join("mod.rs");
        if m.is_file() { declared(&m) } else { Vec::new() }
    };
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (wrank, wing) in wings.iter().enumerate() {
        let own = modules(wing);
        let units: Vec<(usize, PathBuf)> = if own.is_empty() {
            vec![(0, src().join(format!("{wing}.rs")))]
        } else {
            let folder = src().join(wing);
            own.iter()
                .enumerate()
                .flat_map(|(r, m)| {
                    let mut f = files(&folder.join(format!("{m}.rs")));
                    f.extend(files(&folder.join(m)));
                    assert!(!f.is_empty(), "no source for {wing}::{m}");
                    f.into_iter().map(move |p| (r, p))
                })
                .collect()
        };
        for (mrank, path) in units {
            checked += 1;
            let code = code_of(&path, wing == "engine");
            let deep = path.parent() != Some(src().join(wing).as_path());
            let outside_tests = code_of(&path, false);
            if (!deep && outside_tests.contains("super::"))
                || outside_tests.contains("super::super")
            {
                wrong.push(format!("{} reaches out with super::; name the module", short(&path)));
            }
            for (w, m) in uses(&code) {
                let Some(r) = wings.iter().position(|x| *x == w) else {
                    wrong.push(format!("{} uses crate::{w}, not a wing", short(&path)));
                    continue;
                };
                if r > wrank {
                    wrong.push(format!("{} uses the {w} wing, a later one", short(&path)));
                } else if r == wrank && !own.is_empty() {
                    match own.iter().position(|x| *x == m) {
                        Some(k) if k > mrank => wrong.push(format!(
                            "{} uses {w}::{m}, declared after it in {w}/mod.rs",
                            short(&path)
                        )),
                        Some(_) => {}
                        None => wrong.push(format!("{} uses {w}::{m}, not a module", short(&path))),
                    }
                }
            }
        }
    }
    assert!(checked > 40, "{checked} files checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_every_kind_of_use() {
    let code = "use crate::engine::search::search;\nfn f() { crate::player::text::x(); }";
    let e = |w: &str, m: &str| (w.to_string(), m.to_string());
    assert_eq!(uses(code), [e("engine", "search"), e("player", "text")]);
    assert_eq!(
        uses("use crate::engine::{search::Tally, rules};"),
        [e("engine", "rules"), e("engine", "search")]
    );
    assert_eq!(uses("crate::cli::main(&a)"), [e("cli", "main")]);
}

#[test]
fn no_file_in_src_is_over_500_lines() {
    fn every(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() { every(&p, out) } else { out.push(p) }
        }
    }
    let mut all = Vec::new();
    every(&src(), &mut all);
    assert!(all.len() > 40, "{} files", all.len());
    let long: Vec<String> = all
        .iter()
        .map(|p| (short(p), std::fs::read_to_string(p).map_or(0, |t| t.lines().count())))
        .filter(|(_, n)| *n > 500)
        .map(|(p, n)| format!("{p}: {n} lines"))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}
