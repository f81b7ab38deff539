//! What every command's argument parsing shares: the one reader of a command line (options,
//! their values, `--`, the text of the arguments), a setting or a thread count, a command of
//! files only, the exit a command's arguments or its work end in, and writing to a stdout that
//! may have been closed.
//!
//! The reader is written here rather than taken from a crate such as lexopt, which reads the
//! same way: the player is built in the same binary as the workshop and keeps to its few
//! crates, and one reader for the player, the workshop and the lab keeps them alike.

use daimyo_engine::params::time::MAX_THREADS;
use std::ffi::OsString;
use std::io::Write;

/// Writes to stdout, ignoring a closed pipe: `print!` would panic (`daimyo bench | head -1`).
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

/// The command line as text, or which argument is not UTF-8: every command reads its arguments
/// as text (numbers, names, paths), so such an argument is refused before any is read.
pub fn utf8(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, String> {
    let mut text = Vec::new();
    for (n, arg) in args.into_iter().enumerate() {
        match arg.into_string() {
            Ok(a) => text.push(a),
            Err(arg) => {
                let mut shown = String::new();
                for piece in arg.as_encoded_bytes().utf8_chunks() {
                    shown.extend(piece.valid().chars().flat_map(char::escape_debug));
                    shown.extend(piece.invalid().iter().map(|b| format!("\\x{b:02X}")));
                }
                let after = text.last().map(|a| format!(" (after '{a}')")).unwrap_or_default();
                return Err(format!(
                    "argument {} is not UTF-8: '{shown}'{after}; arguments are read as UTF-8 text",
                    n + 1
                ));
            }
        }
    }
    Ok(text)
}

/// An argument as the [`Reader`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// An option by its name: `--seeds` (of `--seeds 5` or `--seeds=5`), or `-h`.
    Opt(&'a str),
    /// Any other argument (a file, an entrant), and every argument after `--`.
    Free(&'a str),
}

/// A command's arguments read in order. An option's value follows it (`--seeds 5`) or is joined
/// to it by `=` (`--seeds=5`, `-o=F`); `--` ends the options, so that a file may begin with
/// `-`; `-` alone is not an option. A value joined to an option that takes none is an error.
pub struct Reader<'a> {
    args: &'a [String],
    next: usize,
    /// The option last read: its value comes next, and its errors name it.
    option: &'a str,
    /// The value joined to that option by `=`, until it is taken.
    joined: Option<&'a str>,
    /// Past `--`.
    ended: bool,
}

impl<'a> Reader<'a> {
    pub fn new(args: &'a [String]) -> Self {
        Reader { args, next: 0, option: "", joined: None, ended: false }
    }

    /// The next argument, if any; an error if the option before it was given a value it does
    /// not take.
    pub fn next_arg(&mut self) -> Result<Option<Arg<'a>>, String> {
        if let Some(v) = self.joined.take() {
            return Err(format!("{} takes no value, not '{v}'", self.option));
        }
        while let Some(arg) = self.args.get(self.next) {
            self.next += 1;
            if arg == "--" && !self.ended {
                self.ended = true;
                continue;
            }
            if self.ended || arg == "-" || !arg.starts_with('-') {
                return Ok(Some(Arg::Free(arg)));
            }
            (self.option, self.joined) = match arg.split_once('=') {
                Some((name, v)) => (name, Some(v)),
                None => (arg.as_str(), None),
            };
            return Ok(Some(Arg::Opt(self.option)));
        }
        Ok(None)
    }

    /// The value of the option just read, parsed, with a message naming the option on failure.
    pub fn value<T: std::str::FromStr>(&mut self) -> Result<T, String> {
        let name = self.option;
        let v = match self.joined.take() {
            Some(v) => v,
            None => {
                let v = self.args.get(self.next).ok_or_else(|| format!("{name} needs a value"))?;
                self.next += 1;
                v
            }
        };
        v.parse().map_err(|_| format!("{name}: cannot read '{v}'"))
    }

    /// The value of the option just read, as text.
    pub fn text(&mut self) -> Result<String, String> {
        self.value()
    }
}

/// Whether one of the options `names` is given anywhere before `--`, whatever comes before it:
/// `--help` is answered before the rest is read.
pub fn given(args: &[String], names: &[&str]) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| names.contains(&a.as_str()))
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
    if given(args, &["-h", "--help"]) {
        return Ok(None);
    }
    let (mut read, mut files) = (Reader::new(args), Vec::new());
    while let Some(arg) = read.next_arg()? {
        match arg {
            Arg::Opt(other) => return Err(format!("unknown option '{other}' ({command} --help)")),
            Arg::Free(file) => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err(format!("which files? arena --out files ({command} --help)"));
    }
    Ok(Some(files))
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

    fn line(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| a.to_string()).collect()
    }

    /// Every argument as the reader gives it (`Opt`'s value taken as text for `--out` and
    /// `--set`), or the first error.
    fn read(args: &[&str]) -> Result<Vec<String>, String> {
        let args = line(args);
        let (mut read, mut seen) = (Reader::new(&args), Vec::new());
        while let Some(arg) = read.next_arg()? {
            seen.push(match arg {
                Arg::Opt(o @ ("--out" | "--set" | "-o")) => format!("{o} {}", read.text()?),
                Arg::Opt(o) => format!("option {o}"),
                Arg::Free(f) => format!("free {f}"),
            });
        }
        Ok(seen)
    }

    #[test]
    fn a_value_follows_its_option_or_is_joined_by_an_equals_sign() {
        let want = ["--out a.jsonl", "--set gate=0.5", "-o f.json", "free x"];
        assert_eq!(
            read(&["--out", "a.jsonl", "--set", "gate=0.5", "-o", "f.json", "x"]),
            Ok(want.map(String::from).to_vec())
        );
        assert_eq!(
            read(&["--out=a.jsonl", "--set=gate=0.5", "-o=f.json", "x"]),
            Ok(want.map(String::from).to_vec())
        );
        // A value is taken whatever it looks like; an empty one is a value.
        assert_eq!(read(&["--out", "--quiet"]), Ok(vec!["--out --quiet".to_string()]));
        assert_eq!(read(&["--out="]), Ok(vec!["--out ".to_string()]));
        assert_eq!(read(&["--out"]), Err("--out needs a value".to_string()));
    }

    #[test]
    fn numbers_are_read_with_the_option_named_on_failure() {
        let args = line(&["--seeds=5", "--jobs=x"]);
        let mut read = Reader::new(&args);
        assert_eq!(read.next_arg(), Ok(Some(Arg::Opt("--seeds"))));
        assert_eq!(read.value::<u32>(), Ok(5));
        assert_eq!(read.next_arg(), Ok(Some(Arg::Opt("--jobs"))));
        assert_eq!(read.value::<u32>(), Err("--jobs: cannot read 'x'".to_string()));
    }

    #[test]
    fn a_value_joined_to_an_option_that_takes_none_is_refused() {
        assert_eq!(read(&["--quiet=yes"]), Err("--quiet takes no value, not 'yes'".to_string()));
        assert_eq!(
            read(&["--quiet=", "x"]),
            Err("--quiet takes no value, not ''".to_string()),
            "even an empty one"
        );
    }

    #[test]
    fn double_dash_ends_the_options() {
        let read = read(&["--quiet", "--", "--out", "-x.jsonl", "--", "-"]);
        let want = ["option --quiet", "free --out", "free -x.jsonl", "free --", "free -"];
        assert_eq!(read, Ok(want.map(String::from).to_vec()));
        // A lone `-` is no option, before `--` too.
        let args = line(&["-", "-h"]);
        let mut read = Reader::new(&args);
        assert_eq!(read.next_arg(), Ok(Some(Arg::Free("-"))));
        assert_eq!(read.next_arg(), Ok(Some(Arg::Opt("-h"))));
    }

    #[test]
    fn help_counts_before_double_dash_only() {
        assert!(given(&line(&["a", "--help"]), &["-h", "--help"]));
        assert!(!given(&line(&["--", "--help"]), &["-h", "--help"]));
        assert!(!given(&line(&["--help=x"]), &["-h", "--help"]));
    }

    #[cfg(unix)]
    #[test]
    fn an_argument_that_is_not_utf8_is_named_with_its_bytes() {
        use std::os::unix::ffi::OsStringExt;
        let args = ["arena", "--out"].map(OsString::from).into_iter();
        let bad = OsString::from_vec(b"r\xe9sultats-\xff.jsonl".to_vec());
        let said = utf8(args.clone().chain([bad])).unwrap_err();
        assert_eq!(
            said,
            "argument 3 is not UTF-8: 'r\\xE9sultats-\\xFF.jsonl' (after '--out'); arguments are \
             read as UTF-8 text"
        );
        let good = OsString::from("r\u{e9}sultats.jsonl");
        assert_eq!(utf8(args.chain([good])), Ok(line(&["arena", "--out", "r\u{e9}sultats.jsonl"])));
    }

    #[test]
    fn thread_counts_are_checked() {
        assert_eq!(threads("--threads", 1), Ok(1));
        assert_eq!(threads("--threads", MAX_THREADS), Ok(MAX_THREADS));
        let zero = threads("--threads", 0).unwrap_err();
        assert_eq!(zero, format!("--threads must be 1 to {MAX_THREADS}, not 0"));
        assert!(threads("--threads", MAX_THREADS + 1).is_err());
    }
}
