//! The source is layered one way. Each crate of the workspace (the engine, this package, the
//! lab) is a tree of modules, and every folder's `lib.rs`, `main.rs` or `mod.rs` declares its
//! modules in order. A module may use what its own folder declares before it (and what those
//! hold), never what comes after: so nothing imports upward and there is no circle, at any
//! depth. The compiler keeps the crates apart (the engine depends on no other); this test keeps
//! the modules inside each crate apart. Unit tests are left out: they may build whole games
//! with later modules.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The source folders of the workspace's crates, with their root file.
fn crates() -> Vec<(PathBuf, &'static str)> {
    vec![
        (root().join("engine/src"), "lib.rs"),
        (root().join("src"), "lib.rs"),
        (root().join("lab/src"), "main.rs"),
    ]
}

/// The modules a root or `mod.rs` file declares, in order (a `tests` module left out).
fn declared(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap();
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start().strip_prefix("pub ").unwrap_or(l.trim_start());
            l.strip_prefix("mod ")?.strip_suffix(';').map(String::from)
        })
        .collect()
}

fn ident(s: &str) -> String {
    s.trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
}

/// The module paths a piece of code names, resolved from `module` (the path of the module the
/// code is in): `crate::a::b`,
/// `crate::a::{b, c::d}`, `super::b` and `self::b`. Each path goes as deep as the names that
/// follow, items included: a check only compares the first name at which two paths part.
fn uses(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    // `super` is the parent of the module whether its code is in `a.rs` or `a/mod.rs`.
    let here: Vec<String> = module.to_vec();
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    for (start, base) in [("crate::", Vec::new()), ("super::", parent), ("self::", here)] {
        for (i, _) in code.match_indices(start) {
            let before = code[..i].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut path = base.clone();
            let mut rest = &code[i + start.len()..];
            loop {
                if let Some(group) = rest.strip_prefix('{') {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    for part in group.split(',') {
                        let mut p = path.clone();
                        p.extend(part.split("::").map(ident).filter(|s| !s.is_empty()));
                        out.push(p);
                    }
                    break;
                }
                let name = ident(rest);
                if name.is_empty() {
                    out.push(path);
                    break;
                }
                rest = &rest[name.len()..];
                path.push(name);
                match rest.strip_prefix("::") {
                    Some(r) => rest = r,
                    None => {
                        out.push(path);
                        break;
                    }
                }
            }
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Every module file of a crate: its path as modules, its file, and whether it is a module's
/// root file (`mod.rs`, or the crate's own).
fn modules(dir: &Path, root_file: &str) -> Vec<(Vec<String>, PathBuf, bool)> {
    fn walk(
        dir: &Path,
        file: &Path,
        path: Vec<String>,
        out: &mut Vec<(Vec<String>, PathBuf, bool)>,
    ) {
        let is_root =
            file.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs");
        out.push((path.clone(), file.to_path_buf(), is_root));
        if !is_root {
            return;
        }
        for m in declared(file) {
            let mut p = path.clone();
            p.push(m.clone());
            let flat = dir.join(format!("{m}.rs"));
            let folder = dir.join(&m);
            if flat.is_file() {
                walk(dir, &flat, p.clone(), out);
                // A flat file may still keep submodules in a folder of its name.
                if folder.is_dir() {
                    for sub in declared(&flat) {
                        let mut q = p.clone();
                        q.push(sub.clone());
                        walk(&folder, &folder.join(format!("{sub}.rs")), q, out);
                    }
                }
            } else {
                assert!(folder.join("mod.rs").is_file(), "no source for module {m} in {dir:?}");
                walk(&folder, &folder.join("mod.rs"), p, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &dir.join(root_file), Vec::new(), &mut out);
    out
}

/// What is wrong with one file's uses: a sibling declared after it (or after the ancestor of
/// it that is the sibling), at whatever depth the two paths part.
fn wrong_uses(
    module: &[String],
    code: &str,
    order: &dyn Fn(&[String]) -> Vec<String>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for target in uses(code, module) {
        let k = module.iter().zip(&target).take_while(|(a, b)| a == b).count();
        if k == module.len() || k == target.len() {
            continue; // itself, what it holds, or an item of a module it is inside
        }
        let siblings = order(&module[..k]);
        let (Some(mine), Some(theirs)) = (
            siblings.iter().position(|m| *m == module[k]),
            siblings.iter().position(|m| *m == target[k]),
        ) else {
            continue; // an item of the folder's root file, not a module
        };
        if theirs > mine {
            wrong.push(format!("uses {}, declared after {}", target.join("::"), module[k]));
        }
    }
    wrong
}

#[test]
fn every_module_uses_only_the_modules_declared_before_it() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (dir, root_file) in crates() {
        let all = modules(&dir, root_file);
        let order = |folder: &[String]| -> Vec<String> {
            all.iter()
                .find(|(p, _, is_root)| *is_root && p == folder)
                .map(|(_, f, _)| declared(f))
                .unwrap_or_default()
        };
        for (module, file, _) in &all {
            checked += 1;
            let text = std::fs::read_to_string(file).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap();
            let name = file.strip_prefix(root()).unwrap().display().to_string();
            for w in wrong_uses(module, code, &order) {
                wrong.push(format!("{name} {w}"));
            }
        }
    }
    assert!(checked > 80, "{checked} files checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_every_kind_of_use_and_every_wrong_one() {
    let s = |p: &[&str]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let code = "use crate::model::forecast::Learnt;\nfn f() { super::nights::x(); }";
    assert_eq!(
        uses(code, &s(&["model", "ahead"])),
        [s(&["model", "forecast", "Learnt"]), s(&["model", "nights", "x"])]
    );
    assert_eq!(uses("use crate::a::{b::C, d};", &s(&["x"])), [s(&["a", "b", "C"]), s(&["a", "d"])]);
    assert_eq!(uses("use self::inner::Y;", &s(&["m"])), [s(&["m", "inner", "Y"])]);
    let order = |folder: &[String]| -> Vec<String> {
        match folder.len() {
            0 => s(&["rules", "model", "search"]),
            _ => s(&["nights", "forecast", "ahead"]),
        }
    };
    // Upward at the top, upward inside a folder, and through super::.
    let up = wrong_uses(&s(&["rules"]), "use crate::search::Tally;", &order);
    assert_eq!(up, ["uses search::Tally, declared after rules"]);
    let inner = wrong_uses(&s(&["model", "nights"]), "crate::model::ahead::f()", &order);
    assert_eq!(inner, ["uses model::ahead::f, declared after nights"]);
    assert_eq!(wrong_uses(&s(&["model", "forecast"]), "super::ahead::g", &order).len(), 1);
    // Downward, into itself, and the folder's own items are fine.
    let fine = "use crate::rules::Row; use crate::model::nights::N; use crate::model::Forecast;";
    assert!(wrong_uses(&s(&["model", "ahead"]), fine, &order).is_empty());
}

#[test]
fn no_source_file_is_over_500_lines() {
    fn every(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                every(&p, out)
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p)
            }
        }
    }
    let mut all = Vec::new();
    for (dir, _) in crates() {
        every(&dir, &mut all);
    }
    assert!(all.len() > 80, "{} files", all.len());
    let long: Vec<String> = all
        .iter()
        .map(|p| {
            (
                p.strip_prefix(root()).unwrap().display().to_string(),
                std::fs::read_to_string(p).map_or(0, |t| t.lines().count()),
            )
        })
        .filter(|(_, n)| *n > 500)
        .map(|(p, n)| format!("{p}: {n} lines"))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}
