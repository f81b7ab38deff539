//! The version `daimyo --version` prints and the files of a run record (`daimyo::version`): the
//! package's version and, when the package is a git checkout, its commit. Outside one (a copy of
//! the source, a package's tarball) the version alone: a failing or missing git is no error.

use std::path::Path;
use std::process::Command;

fn git(dir: &str, args: &[&str]) -> Option<String> {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    let version = std::env::var("CARGO_PKG_VERSION").unwrap();
    // The checkout must be this package's own, not a repository that happens to hold a copy.
    let own = git(&dir, &["rev-parse", "--show-toplevel"]).is_some_and(|top| {
        Path::new(&top).canonicalize().ok() == Path::new(&dir).canonicalize().ok()
    });
    let commit = own.then(|| git(&dir, &["rev-parse", "--short", "HEAD"])).flatten();
    let text = match &commit {
        Some(c) => format!("{version} ({c})"),
        None => version,
    };
    println!("cargo:rustc-env=DAIMYO_VERSION={text}");
    // Built again when HEAD moves: HEAD itself, the branch it names, and the packed refs.
    println!("cargo:rerun-if-changed=build.rs");
    if own {
        let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
        if let Some(branch) = git(&dir, &["symbolic-ref", "-q", "HEAD"]) {
            watched.push(branch);
        }
        for name in watched {
            if let Some(path) = git(&dir, &["rev-parse", "--git-path", &name]) {
                let path = Path::new(&dir).join(path);
                if path.exists() {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
            }
        }
    }
}
