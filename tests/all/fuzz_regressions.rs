//! What the fuzz targets (`fuzz/`, cargo-fuzz on nightly) found wrong, each kept here as a
//! test that runs on stable with the rest of the suite: the input the fuzzer made, cut down to
//! what it needs, and what must hold instead.

use crate::common;

use crate::common::{daimyo, text};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ENTRANTS: [&str; 4] = ["greedy", "random", "fortress", "tables-described"];

/// The `--out` file of a small run (one seed, four games), made by the real binary.
fn small_run(path: &Path) -> Vec<u8> {
    let out = path.to_str().unwrap();
    let args = [&["arena", "--seeds", "1", "--jobs", "1", "--out", out][..], &ENTRANTS].concat();
    let o = daimyo(&args, b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    std::fs::read(path).unwrap()
}

/// `daimyo arena --resume` on the file at `path`: its stderr.
fn resume(path: &Path) -> String {
    let out = path.to_str().unwrap();
    let args = [&["arena", "--seeds", "1", "--jobs", "1", "--resume", "--out", out][..], &ENTRANTS]
        .concat();
    let o = daimyo(&args, b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stderr)
}

/// `daimyo ARGS`, its stdout; it must end well within `limit` (else it is killed and the test
/// fails, rather than hang the suite) and succeed.
fn within(limit: Duration, args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("daimyo {} still running after {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

/// arena_out: `--resume` cut a torn last line off the file at its place in the text read
/// lossily, where each byte that is not UTF-8 counts three: a file with such bytes before its
/// torn line kept the torn line's first bytes, without a newline, and the next game was
/// written onto them, a line no reader takes again; one without a torn line was lengthened
/// with zero bytes. The fuzzer's input: such bytes in the run line; here in a key of a game
/// line that no reader knows (and so skips).
#[test]
fn resume_cuts_a_torn_line_at_its_place_in_the_files_bytes() {
    let path = common::scratch_path("fuzz", "resume-not-utf8.jsonl");
    let whole = small_run(&path);
    let at = whole.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut edited = whole[..at].to_vec();
    edited.extend_from_slice(b"{\"note\":\"\xff\xfe\xfd\",");
    edited.extend_from_slice(&whole[at + 1..]);
    let last_game = edited[at..].split(|&b| b == b'\n').next().unwrap().to_vec();

    // No torn line: the file is left as it was.
    std::fs::write(&path, &edited).unwrap();
    let said = resume(&path);
    assert!(!said.contains("cut short"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), edited, "nothing added, nothing cut");

    // A torn line after it: exactly the torn line is cut off.
    let mut torn = edited.clone();
    torn.extend_from_slice(&last_game[..100]);
    std::fs::write(&path, &torn).unwrap();
    let said = resume(&path);
    assert!(said.contains("line 6 is cut short"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), edited, "the whole lines, and only them");
    // ... and the file reads again, all four games.
    let o = daimyo(&["arena", "--merge", path.to_str().unwrap()], b"");
    assert!(o.status.success() && o.stderr.is_empty(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("merged from 1 file"), "{}", text(&o.stdout));
    assert!(!text(&o.stdout).contains("missing"), "{}", text(&o.stdout));
    let _ = std::fs::remove_file(&path);
}

/// arena_out: `--merge` went through every game of the run's plan, and listed every seed of it
/// to name the missing ones: a run line that names 4,000,000,000 seeds (a hand edit, or a run
/// begun with such `--seeds` and stopped) held it for hours and asked for 16 GB. It now goes
/// through the games the files hold, and names a dozen missing seeds and counts the rest.
#[test]
fn merge_of_a_run_of_billions_of_seeds_ends_at_once() {
    let path = common::scratch_path("fuzz", "merge-billions.jsonl");
    let whole = text(&small_run(&path));
    let huge = whole.replacen("\"seeds\":1}", "\"seeds\":4000000000}", 1);
    assert_ne!(huge, whole);
    std::fs::write(&path, &huge).unwrap();
    let out = within(Duration::from_secs(20), &["arena", "--merge", path.to_str().unwrap()]);
    assert!(out.contains("seeds 1..4000000000 (4000000000)  16000000000 games"), "{out}");
    let missing = "missing: seeds 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 and 3999999987 more \
                   (15999999996 of the run's 16000000000 games not in the files)";
    assert!(out.contains(missing), "{out}");
    // The table is of the four games the file holds, as for the run of one seed.
    std::fs::write(&path, &whole).unwrap();
    let one = text(&daimyo(&["arena", "--merge", path.to_str().unwrap()], b"").stdout);
    fn table(t: &str) -> Vec<&str> {
        t.lines().skip_while(|l| !l.starts_with("entrant")).collect()
    }
    assert_eq!(table(&out), table(&one));
    assert_eq!(table(&one).len(), 5, "{one}");
    let _ = std::fs::remove_file(&path);
}

/// The default field file's text.
fn default_field() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/player/field/default.json");
    std::fs::read_to_string(path).unwrap()
}

/// `daimyo --model FILE`, FILE holding `text_of_file`, refuses it before `READY`: exit 2 and one
/// line on stderr, which says `says`.
fn refused_in_one_line(name: &str, text_of_file: &str, says: &str) {
    let path = common::scratch_path("fuzz", name);
    std::fs::write(&path, text_of_file).unwrap();
    let o = daimyo(&["--model", path.to_str().unwrap()], b"");
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty(), "nothing before READY: {}", text(&o.stdout));
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains(says), "{err:?}");
    let _ = std::fs::remove_file(&path);
}

/// field_file: a key the field file does not know was quoted in the refusal as the JSON's
/// escapes made it, a newline and all (`unknown field `str` on one line, `gth`` on the next):
/// the one-line message of `--model` was two. The fuzzer's input: the default field with
/// `"strength"` made `"str\ngth"`, escaped in the JSON.
#[test]
fn a_refused_field_file_is_said_in_one_line_whatever_its_keys_hold() {
    let default = default_field();
    let edited = default.replacen("\"strength\"", "\"str\\ngth\"", 1);
    assert_ne!(edited, default);
    let e = daimyo::player::field::parse(&edited).expect_err("an unknown key");
    assert!(e.contains("unknown field `str\\ngth`") && !e.contains('\n'), "{e:?}");
    refused_in_one_line("field-newline-key.json", &edited, "unknown field `str\\ngth`");
}

/// field_file: a move model's number past f32's range (`-8888...0.1101` in the fuzzer's input,
/// in a learnt player's `rank` table) was read as an infinity, and the field taken: the file
/// written from it (`FieldFile::text`) held `null` there, which no reader takes, and the model
/// read moves at infinite scores. Such a number is refused as the policy's are, in each learnt
/// player's move model and in the contestant's.
#[test]
fn a_field_files_move_model_number_past_f32_is_refused() {
    let default = default_field();
    const RANK: &str = "\"rank\":[[[";
    const SAYS: &str = "its move model holds a number that is not finite";
    // The default field with the first number of the `rank` table at `at` made -1e39.
    let huge = |at: usize| {
        let start = at + RANK.len();
        let end = start + default[start..].find(',').unwrap();
        format!("{}-1e39{}", &default[..start], &default[end..])
    };
    let tables: Vec<usize> = default.match_indices(RANK).map(|(at, _)| at).collect();
    assert!(tables.len() >= 2, "learnt players and the contestant: {} move models", tables.len());
    for &at in &tables {
        let e = daimyo::player::field::parse(&huge(at)).expect_err("an infinite number");
        assert!(e.contains(SAYS), "{e}");
    }
    refused_in_one_line("field-infinite.json", &huge(tables[0]), SAYS);
}
