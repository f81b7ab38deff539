//! The lab's commands read their arguments as the player and the workshop do
//! (`daimyo::player::args::Reader`): a value follows its option or is joined to it by `=`, `--`
//! ends the options, and an argument that is not UTF-8 is refused with exit 2.

use crate::common::cli;

/// Each command, with what it needs besides a file.
const COMMANDS: [&[&str]; 10] = [
    &["agreement"],
    &["calibrate"],
    &["continue"],
    &["foresight"],
    &["hindsight"],
    &["regret"],
    &["fit", "--from"],
    &["fit-margins", "--hold-out=2"],
    &["fit-tables", "--hold-out=3"],
    &["tune"],
];

#[test]
fn values_joined_by_an_equals_sign_are_read() {
    for (args, says) in [
        (&["agreement", "--hold-out=third", "f"][..], "--hold-out: cannot read 'third'"),
        (&["continue", "--from=99", "f"][..], "--from: 99 is past the last turn, 9"),
        (&["foresight", "--hold-out=x", "f"][..], "--hold-out: cannot read 'x'"),
        (&["hindsight", "--seat=7", "f"][..], "--seat 7: a seat is 0 to 3"),
        (&["regret", "--seeds=0"][..], "--reference and --seeds must be at least 1"),
        (&["fit", "--from", "--seeds=5", "f"][..], "--seeds is for games played, not read"),
        (&["fit-margins", "--hold-out=third", "f"][..], "--hold-out: cannot read 'third'"),
        (&["fit-tables", "--label=x", "--hold-out=all"][..], "--hold-out: cannot read 'all'"),
        (&["tune", "--jobs=0", "gate=0.5:0.1"][..], "--jobs and --every must be at least 1"),
    ] {
        let (code, out, err) = cli(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.starts_with(&format!("daimyo-lab {}: ", args[0])), "{args:?}: {err}");
        assert!(first.contains(says), "{args:?}: {err}");
    }
    let (code, _, err) = cli(&["calibrate", "--each=yes", "f"]);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "daimyo-lab calibrate: unknown option '--each' \
        (daimyo-lab calibrate --help)\n"
        )
    );
    let (code, _, err) = cli(&["hindsight", "--each=yes", "f"]);
    assert_eq!(
        (code, err.as_str()),
        (2, "daimyo-lab hindsight: --each takes no value, not 'yes'\n")
    );
}

#[test]
fn after_double_dash_an_argument_that_begins_with_a_dash_is_a_file() {
    for command in COMMANDS {
        let (_, out, err) = cli(&[command, &["--", "-no-such-file"]].concat());
        assert!(out.is_empty(), "{command:?}: {out}");
        let said = format!("daimyo-lab {}: ", command[0]);
        // tune's free arguments are settings to tune, the others' files.
        let read = match command[0] {
            "tune" => "'-no-such-file': a setting to tune is NAME=START:C",
            _ => "-no-such-file: No such file",
        };
        assert!(err.starts_with(&format!("{said}{read}")), "{command:?}: {err}");
        let (code, _, err) = cli(&[command, &["-no-such-file"]].concat());
        assert_eq!(code, 2, "{command:?}: {err}");
        assert!(err.contains("unknown") && err.contains("'-no-such-file'"), "{command:?}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_with_exit_2_for_every_command() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    for command in COMMANDS {
        let mut args: Vec<OsString> = command.iter().map(OsString::from).collect();
        args.push(OsString::from_vec(b"games-\xe9.jsonl".to_vec()));
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_daimyo-lab"))
            .args(&args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{command:?}: {err}");
        assert!(o.stdout.is_empty(), "{command:?}");
        let n = args.len();
        let after = command.last().unwrap();
        assert_eq!(
            err,
            format!(
                "daimyo-lab: argument {n} is not UTF-8: 'games-\\xE9.jsonl' (after '{after}'); \
                 arguments are read as UTF-8 text\n"
            ),
            "{command:?}"
        );
    }
}
