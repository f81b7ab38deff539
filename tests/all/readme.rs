//! What the README shows, held to the code and the findings: every command and option it shows
//! is in `daimyo --help`, its bench block's signature is the one recorded in
//! `tests/data/bench.txt`, and its learning curve is the one in `docs/findings.md`.

use crate::common::cli;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The README's code: its fenced blocks and its inline spans.
fn code(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut prose = String::new();
    for (i, part) in readme.split("```").enumerate() {
        match i % 2 {
            // A block, after its info string.
            1 => out.push(part.split_once('\n').map_or("", |(_, b)| b).to_string()),
            _ => prose.push_str(part),
        }
    }
    for line in prose.lines() {
        out.extend(line.split('`').skip(1).step_by(2).map(String::from));
    }
    out
}

/// The first word after each `daimyo ` that starts a command in the README's code (`daimyo
/// arena`, `./target/release/daimyo --verbose`; not `daimyo-lab`).
fn after_daimyo(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in code(readme) {
        for (i, _) in piece.match_indices("daimyo ") {
            let before = piece[..i].chars().last();
            if before.is_some_and(|c| !c.is_whitespace() && c != '/' && c != '\'') {
                continue;
            }
            let word = piece[i + "daimyo ".len()..].split_whitespace().next().unwrap_or("");
            let word = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
            if !word.is_empty() && word != "--" && !out.iter().any(|w| w == word) {
                out.push(word.to_string());
            }
        }
    }
    out
}

/// The options in the first column of the README's table of `daimyo --help`: `play NAME`,
/// `--verbose`, `--log FILE`, ...
fn options_table(readme: &str) -> Vec<String> {
    let table = readme.split("## Options (`daimyo --help`)").nth(1).expect("the options' section");
    let mut out = Vec::new();
    for row in table.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|'))
    {
        let first = row.split('|').nth(1).unwrap_or("");
        out.extend(first.split('`').skip(1).step_by(2).map(String::from));
    }
    out.retain(|o| o != "option" && !o.starts_with("---"));
    out
}

#[test]
fn the_help_lists_every_command_and_option_the_readme_shows() {
    let (code, help, err) = cli(&["--help"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let readme = readme();
    let commands = after_daimyo(&readme);
    // What the parsing finds, so that a README laid out otherwise cannot pass unread.
    for known in ["arena", "show", "halftime", "learn", "bench", "play", "--model", "--verbose"] {
        assert!(commands.iter().any(|c| c == known), "{known} not found in {commands:?}");
    }
    let mut missing = Vec::new();
    for c in &commands {
        let listed = match c.starts_with('-') {
            // An option, as a word of its own.
            true => help.split(|ch: char| ch.is_whitespace() || ch == ',').any(|w| w == c),
            // A command, as a line of the usage.
            false => help.lines().any(|l| l.trim_start().starts_with(&format!("daimyo {c} "))),
        };
        if !listed {
            missing.push(c.clone());
        }
    }
    let options = options_table(&readme);
    assert!(options.len() >= 12, "the options' table: {options:?}");
    for o in &options {
        // `play NAME` as a command line, `--log FILE` as an option and its value.
        let listed = help.contains(&format!("daimyo {o} "))
            || help.lines().any(|l| l.trim_start().starts_with(&format!("{o} ")))
            || help.split_whitespace().any(|w| w == o);
        if !listed {
            missing.push(o.clone());
        }
    }
    assert!(missing.is_empty(), "the README shows {missing:?}, which daimyo --help does not list");
}

#[test]
fn the_readmes_bench_block_has_the_recorded_signature() {
    let readme = readme();
    let bench = readme.split("## Bench").nth(1).expect("the bench section");
    let block = bench.split("```text\n").nth(1).and_then(|b| b.split("```").next()).unwrap();
    let shown = block.lines().find_map(|l| l.strip_prefix("Signature: ")).expect("a signature");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench.txt");
    let recorded = std::fs::read_to_string(path).unwrap();
    let bot = recorded.lines().find_map(|l| l.strip_prefix("bot ")).expect("the bot's line");
    assert_eq!(shown, bot.trim(), "the README's bench block against tests/data/bench.txt");
}

#[test]
fn the_readmes_learning_curve_is_the_findings() {
    // The tables under each marker, row by row: the README shows what the findings measured.
    let findings =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/findings.md")).unwrap();
    let readme = readme();
    for marker in ["<!-- the learning curve -->\n", "<!-- the learning curve at the clock -->\n"] {
        let table = |text: &str, name: &str| -> Vec<String> {
            let after = text.split(marker).collect::<Vec<_>>();
            assert_eq!(after.len(), 2, "{name} has the marker {marker:?} once");
            after[1].lines().take_while(|l| l.starts_with('|')).map(String::from).collect()
        };
        let (shown, measured) = (table(&readme, "README.md"), table(&findings, "findings.md"));
        assert!(shown.len() >= 4, "{marker:?}: {shown:?}");
        assert_eq!(shown, measured, "{marker:?}: the README against docs/findings.md");
    }
}
