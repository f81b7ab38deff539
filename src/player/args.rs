//! What every subcommand's argument parsing shares: reading an option's value, a setting or a
//! thread count, a command of files only, the exit a command's arguments or its work end in,
//! and writing to a stdout that may have been closed.

use daimyo_engine::params::time::MAX_THREADS;
use std::io::Write;

/// Writes to stdout, ignoring a closed pipe: `print!` would panic (`daimyo bench | head -1`).
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

/// The value of the option at `args[*i]`, parsed, with a clear message on failure; `*i` is left
/// on the value.
pub fn value<T: std::str::FromStr>(args: &[String], i: &mut usize) -> Result<T, String> {
    let name = &args[*i];
    *i += 1;
    let v = args.get(*i).ok_or_else(|| format!("{name} needs a value"))?;
    v.parse().map_err(|_| format!("{name}: cannot read '{v}'"))
}

/// A setting of `--set NAME=V`, read as its name and number.
pub fn setting(text: &str) -> Result<(String, f64), String> {
    let read = text.split_once('=').and_then(|(k, v)| Some((k, v.parse().ok()?)));
    let (key, v) = read.ok_or_else(|| format!("--set: '{text}' is not NAME=NUMBER"))?;
    Ok((key.to_string(), v))
}

/// A thread count as asked for by `option`, checked: 1 to `MAX_THREADS`.
pub fn threads(option: &str, n: usize) -> Result<usize, String> {
    if (1..=MAX_THREADS).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{option} must be 1 to {MAX_THREADS}, not {n}"))
    }
}

/// A workshop command's arguments as `read` found them; or its exit: 0 with its `usage` printed
/// for `--help` (`Ok(None)`), 2 with the error, named for the `command`, on stderr.
pub fn parsed<T>(command: &str, usage: &str, read: Result<Option<T>, String>) -> Result<T, i32> {
    match read {
        Ok(Some(a)) => Ok(a),
        Ok(None) => {
            say(usage);
            Err(0)
        }
        Err(e) => {
            eprintln!("{command}: {e}");
            Err(2)
        }
    }
}

/// The arguments of a command that reads arena `--out` files and takes no option: none for
/// `--help`; an option, or no file, is an error.
pub fn files_only(command: &str, args: &[String]) -> Result<Option<Vec<String>>, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(None);
    }
    if let Some(other) = args.iter().find(|a| a.starts_with('-')) {
        return Err(format!("unknown option '{other}' ({command} --help)"));
    }
    if args.is_empty() {
        return Err(format!("which files? arena --out files ({command} --help)"));
    }
    Ok(Some(args.to_vec()))
}

/// A workshop command's exit once its work is done: 0 with its text printed, or 1 with the
/// error, named for the `command`, on stderr.
pub fn finish(command: &str, done: Result<String, String>) -> i32 {
    match done {
        Ok(text) => {
            say(&text);
            0
        }
        Err(e) => {
            eprintln!("{command}: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_checked() {
        assert_eq!(threads("--threads", 1), Ok(1));
        assert_eq!(threads("--threads", MAX_THREADS), Ok(MAX_THREADS));
        let zero = threads("--threads", 0).unwrap_err();
        assert_eq!(zero, format!("--threads must be 1 to {MAX_THREADS}, not 0"));
        assert!(threads("--threads", MAX_THREADS + 1).is_err());
    }
}
