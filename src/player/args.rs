//! What every subcommand's argument parsing shares: reading an option's value, a setting or a
//! thread count, and writing to a stdout that may have been closed.

use crate::engine::params::time::MAX_THREADS;
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
