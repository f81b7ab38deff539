//! What every subcommand's argument parsing shares: reading an option's value, and writing to a
//! stdout that may have been closed.

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
