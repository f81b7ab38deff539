//! Every command reads its arguments one way (`player::args::Reader`): a value follows its
//! option or is joined to it by `=`, `--` ends the options, and an argument that is not UTF-8
//! is refused with a message naming it and exit 2. Here for the player, `play NAME` and each
//! of the workshop's commands, through the real binary.

use crate::common::{daimyo, daimyo_in, full_game, has_panic_text, scratch_path, text};
use std::ffi::OsString;
use std::process::Output;

/// The first line of stderr of a run that must have failed with exit 2 and printed nothing
/// (`bench` follows it with its usage).
fn refused(o: &Output) -> String {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty(), "stdout: {}", text(&o.stdout));
    assert!(!has_panic_text(&err), "{err}");
    err.lines().next().unwrap_or_default().to_string()
}

/// The player's stdout for a whole game, at a fixed seed and rollout budget given `joined`
/// (`--seed=1`) or not.
fn played(prefix: &[&str], joined: bool) -> String {
    let options = [("--seed", "1"), ("--rollouts", "300"), ("--threads", "1")];
    let mut args: Vec<String> = prefix.iter().map(|a| a.to_string()).collect();
    for (name, v) in options {
        match joined {
            true => args.push(format!("{name}={v}")),
            false => args.extend([name.to_string(), v.to_string()]),
        }
    }
    args.push("--no-clock".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = daimyo(&args, full_game().as_bytes());
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn the_player_takes_values_joined_by_an_equals_sign() {
    let out = played(&[], true);
    assert_eq!(out.lines().count(), 10, "READY and 9 answers: {out}");
    assert_eq!(out, played(&[], false), "--seed=1 plays as --seed 1");
    let said = refused(&daimyo(&["--rollouts=many"], b""));
    assert_eq!(said, "daimyo: --rollouts: cannot read 'many'");
    let said = refused(&daimyo(&["--verbose=yes"], b""));
    assert_eq!(said, "daimyo: --verbose takes no value, not 'yes'");
    // An option of another command is named without its value.
    let said = refused(&daimyo(&["--seeds=5"], b""));
    assert!(said.starts_with("daimyo: unknown argument '--seeds' "), "{said}");
}

#[test]
fn play_name_takes_values_joined_by_an_equals_sign() {
    let out = played(&["play", "mc1"], true);
    assert_eq!(out.lines().count(), 10, "READY and 9 answers: {out}");
    assert_eq!(out, played(&["play", "mc1"], false), "--seed=1 plays as --seed 1");
}

#[test]
fn the_player_reads_nothing_after_double_dash_as_an_option() {
    let game = full_game();
    let o = daimyo(&["--rollouts", "300", "--no-clock", "--seed", "1", "--"], game.as_bytes());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).lines().count(), 10);
    let said = refused(&daimyo(&["--seed", "1", "--", "--rollouts", "300"], b""));
    assert!(said.starts_with("daimyo: unknown argument '--rollouts' "), "{said}");
    let said = refused(&daimyo(&["play", "random", "--", "--seed"], b""));
    assert!(said.starts_with("daimyo: unknown argument '--seed' "), "{said}");
}

#[test]
fn arena_takes_seeds_joined_by_an_equals_sign() {
    let entrants = ["random", "greedy", "fortress", "random"];
    let run = |options: &[&str]| {
        let o = daimyo(&[&["arena", "--jobs=1", "--quiet"], options, &entrants[..]].concat(), b"");
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let out = run(&["--seeds=5"]);
    assert!(out.contains("seeds 1..5 (5)  20 games"), "{out}");
    let out = run(&["--first-seed=3", "--seeds", "2"]);
    assert!(out.contains("seeds 3..4 (2)  8 games"), "{out}");
    // Entrants after `--`, where none is read as an option.
    let out = run(&["--seeds=1", "--"]);
    assert!(out.contains("seeds 1..1 (1)  4 games"), "{out}");
    let said = refused(&daimyo(&["arena", "--seeds=1", "--", "--jobs=1"], b""));
    assert!(said.starts_with("daimyo arena: unknown entrant '--jobs=1'"), "{said}");
    let said = refused(&daimyo(&["arena", "--quiet=no"], b""));
    assert_eq!(said, "daimyo arena: --quiet takes no value, not 'no'");
}

/// A scratch folder holding a small run's `--out` file named `-run.jsonl`: a name only `--`
/// lets a command take as a file.
fn folder_with_a_dash_file() -> std::path::PathBuf {
    let dir = scratch_path("arguments", "dash");
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["arena", "--seeds=1", "--jobs=1", "--quiet", "--out", "-run.jsonl"];
    let args = [&args[..], &["random", "greedy", "fortress", "random"]].concat();
    let o = daimyo_in(Some(&dir), &args, b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(dir.join("-run.jsonl").is_file());
    dir
}

#[test]
fn files_after_double_dash_may_begin_with_a_dash() {
    let dir = folder_with_a_dash_file();
    let run = |args: &[&str]| daimyo_in(Some(&dir), args, b"");
    for (command, says) in [
        (&["show"][..], "arena game, seed 1, rotation 0"),
        (&["show", "--game=4"][..], "arena game, seed 1, rotation 3"),
        (&["halftime"][..], "halftime: 1 file, 4 games, 16 seat-games"),
        (&["arena", "--merge"][..], "merged from 1 file"),
    ] {
        let o = run(&[command, &["--", "-run.jsonl"]].concat());
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert!(o.status.success(), "{command:?}: {err}");
        assert!(out.contains(says), "{command:?}: {out}");
        // Without `--` the name is an option, unknown.
        let err = refused(&run(&[command, &["-run.jsonl"]].concat()));
        assert!(err.contains("-run.jsonl"), "{command:?}: {err}");
    }
    let o = run(&["show", "--game", "4", "-run.jsonl"]);
    assert!(!o.status.success());
    assert_eq!(
        text(&run(&["show", "--game=4", "--", "-run.jsonl"]).stdout),
        text(&run(&["show", "--game", "4", "--", "-run.jsonl"]).stdout),
        "--game=4 shows what --game 4 does"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_and_learn_take_values_joined_by_an_equals_sign() {
    let said = refused(&daimyo(&["bench", "--threads=0"], b""));
    assert!(said.starts_with("daimyo bench: --threads must be 1 to "), "{said}");
    let said = refused(&daimyo(&["bench", "--player=nobody"], b""));
    assert!(said.ends_with("not 'nobody'"), "{said}");
    let said = refused(&daimyo(&["bench", "--", "--help"], b""));
    assert!(said.starts_with("daimyo bench: unknown argument '--help'"), "{said}");

    let said = refused(&daimyo(&["learn", "-o=field.json", "--hold-out=x", "games"], b""));
    assert_eq!(said, "daimyo learn: --hold-out: cannot read 'x'");
    // `-o=F` named the file (no "where to?"), and the file after `--` is read as one.
    let said = refused(&daimyo(&["learn", "-o=field.json", "--", "-no-such-games"], b""));
    assert!(said.contains("-no-such-games"), "{said}");
    assert!(!said.contains("where to") && !said.contains("unknown option"), "{said}");
}

/// A byte string that is not UTF-8, as an argument.
#[cfg(unix)]
fn not_utf8(bytes: &[u8]) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(bytes.to_vec())
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_with_exit_2_for_every_command() {
    let commands: [&[&str]; 7] =
        [&[], &["play", "random"], &["arena"], &["show"], &["halftime"], &["bench"], &["learn"]];
    for command in commands {
        let mut args: Vec<OsString> = command.iter().map(OsString::from).collect();
        args.extend(["--out".into(), not_utf8(b"games-\xff.jsonl")]);
        let o = daimyo_in(None, &args, full_game().as_bytes());
        assert_eq!(text(&o.stderr).lines().count(), 1, "{command:?}");
        let said = refused(&o);
        let n = command.len() + 2;
        assert_eq!(
            said,
            format!(
                "daimyo: argument {n} is not UTF-8: 'games-\\xFF.jsonl' (after '--out'); \
                 arguments are read as UTF-8 text"
            ),
            "{command:?}"
        );
    }
    let o = daimyo_in(None, &[not_utf8(b"\xc3")], b"");
    let said = refused(&o);
    assert_eq!(said, "daimyo: argument 1 is not UTF-8: '\\xC3'; arguments are read as UTF-8 text");
}
