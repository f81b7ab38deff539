//! Tournaments over several processes: shards of a run merged into the whole run's table and
//! SPRT verdict, a run killed and resumed, Ctrl-C, and the files a merge or a resume refuses.
//! The entrants are deterministic (rule players, and the foundation search at a rollout budget
//! the clock does not cut), so the same games come out of every way of playing them.

use crate::common::{cells, text, without_times};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const FIXED: [&str; 4] = ["mc1:rollouts=2000", "tables-described", "roles", "greedy"];

fn daimyo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_daimyo")).args(args).output().unwrap()
}

/// A run that must succeed: its stdout and stderr.
fn arena(args: &[&str]) -> (String, String) {
    let o = daimyo(&[&["arena"], args].concat());
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    (text(&o.stdout), text(&o.stderr))
}

/// A run that must fail: its exit code and stderr.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let o = daimyo(&[&["arena"], args].concat());
    assert!(!o.status.success(), "{args:?}: {}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(err.starts_with("daimyo arena: ") && !err.contains("panicked"), "{err}");
    (o.status.code(), err)
}

/// A fresh scratch path for one test.
fn scratch(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("daimyo-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    let _ = std::fs::remove_file(&p);
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// An output as two runs of the same games print it alike: without the answer times, and
/// without the end of the header (`jobs 2`, `merged from 3 files`).
fn comparable(output: &str) -> String {
    let t = without_times(output);
    let (head, rest) = t.split_once('\n').unwrap();
    format!("{}\n{rest}", &head[..head.rfind("  ").unwrap()])
}

/// The games of an `--out` file, without their times (the lines after the run line).
fn games_of(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap());
    assert!(lines.next().unwrap()["run"].is_object(), "{text}");
    let mut games: Vec<Value> = lines.collect();
    for g in &mut games {
        assert!(g.get("run").is_none(), "one run line, at the top");
        let g = g.as_object_mut().unwrap();
        g.remove("times_ms").unwrap();
        g.remove("max_ms").unwrap();
    }
    games
}

/// A game's place: seed, side, rotation.
fn key(g: &Value) -> (u64, String, u64) {
    let side = g["side"].as_str().unwrap_or("").to_string();
    (g["seed"].as_u64().unwrap(), side, g["rotation"].as_u64().unwrap())
}

fn sorted(mut games: Vec<Value>) -> Vec<Value> {
    games.sort_by_key(key);
    games
}

/// The whole run, then its shards k/n with `--out`, then their merge: the whole run's output,
/// the shards' and the merge's; the shards must have played the whole run's games, once.
fn whole_shards_merge(args: &[&str], n: usize, name: &str) -> (String, Vec<String>, Output) {
    let whole = scratch(&format!("{name}-whole.out"));
    let (whole_out, _) = arena(&[args, &["--out", s(&whole)]].concat());
    let files: Vec<PathBuf> = (1..=n).map(|k| scratch(&format!("{name}-{k}-of-{n}.out"))).collect();
    let mut shards = Vec::new();
    let mut all = Vec::new();
    for (k, f) in (1..=n).zip(&files) {
        let shard = format!("{k}/{n}");
        let (out, _) = arena(&[args, &["--shard", &shard, "--out", s(f)]].concat());
        let games = games_of(f);
        let seeds: BTreeSet<u64> = games.iter().map(|g| g["seed"].as_u64().unwrap()).collect();
        assert!(!seeds.is_empty() && seeds.iter().all(|s| (s - 1) as usize % n == k - 1), "{k}");
        assert!(out.lines().next().unwrap().contains(&format!("  shard {shard}: seed")), "{out}");
        all.extend(games);
        shards.push(out);
    }
    let names: Vec<&str> = files.iter().map(|f| s(f)).collect();
    let merged = daimyo(&[&["arena", "--merge"][..], &names].concat());
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    // The shards played the whole run's games, each once.
    let played = sorted(all);
    let run = games_of(&whole);
    assert_eq!(played.len(), played.iter().map(key).collect::<BTreeSet<_>>().len(), "once");
    // Under --sprt the whole run stopped at its verdict; the shards played every seed.
    let last = run.last().unwrap()["seed"].as_u64().unwrap();
    let within = played.iter().filter(|g| g["seed"].as_u64() <= Some(last));
    assert_eq!(run, within.cloned().collect::<Vec<_>>());
    assert_eq!(run.len() < played.len(), args.contains(&"--sprt"), "{whole_out}");
    for f in files.iter().chain([&whole]) {
        std::fs::remove_file(f).unwrap();
    }
    (whole_out, shards, merged)
}

#[test]
fn shards_merged_print_the_whole_runs_table() {
    let args = [&["--seeds", "7", "--jobs", "2", "--quiet"][..], &FIXED].concat();
    let (whole, shards, merged) = whole_shards_merge(&args, 3, "fixed");
    let out = String::from_utf8(merged.stdout).unwrap();
    assert_eq!(comparable(&out), comparable(&whole));
    assert!(out.lines().next().unwrap().ends_with("  28 games  merged from 3 files"), "{out}");
    assert!(merged.stderr.is_empty(), "nothing missing, nothing twice: {}", text(&merged.stderr));
    // Every entrant's row, over all 28 games; the shards' tables hold their own games.
    let games =
        |t: &str| -> Vec<String> { t.lines().skip(2).map(|l| cells(&l[2..])[3].clone()).collect() };
    assert_eq!(games(&out), ["28"; 4]);
    assert_eq!(games(&shards[0]), ["12"; 4], "seeds 1, 4 and 7:\n{}", shards[0]);
    assert_eq!(games(&shards[1]), ["8"; 4], "seeds 2 and 5:\n{}", shards[1]);
    assert!(shards[2].starts_with(&whole[..whole.find("  jobs 2").unwrap()]), "{}", shards[2]);
}

#[test]
fn shards_of_a_paired_sprt_merged_stop_where_the_whole_run_stopped() {
    let sprt =
        ["--sprt", "random", "mc1:rollouts=2000", "--draw-from", "random,greedy,knapsack,random"];
    let args = [&["--seeds", "12", "--jobs", "2", "--quiet"][..], &sprt].concat();
    let (whole, shards, merged) = whole_shards_merge(&args, 3, "sprt");
    let out = String::from_utf8(merged.stdout).unwrap();
    assert_eq!(comparable(&out), comparable(&whole));
    let verdict = out.lines().last().unwrap();
    assert!(verdict.starts_with("verdict: B is stronger: LLR "), "{out}");
    let seeds =
        out.lines().filter(|l| l.starts_with("    ") && l.ends_with(|c: char| c.is_ascii_digit()));
    let k = seeds.count();
    assert!(k < 12 && verdict.contains(&format!("after {k} seeds ({} games)", 8 * k)), "{out}");
    // The shards played on, to their last seed: the merge leaves out what the run never played.
    let err = text(&merged.stderr);
    assert!(err.contains("of seeds beyond the verdict are left out"), "{err}");
    for shard in &shards {
        assert!(!shard.contains("verdict") && shard.contains("--merge"), "{shard}");
        assert_eq!(shard.matches(", in its tables:").count(), 2, "{shard}");
    }
}

/// The lines of a file that end with their newline.
fn whole_lines(path: &Path) -> usize {
    std::fs::read(path).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count())
}

/// Waits (for a minute at most) until `ready` holds while `child` runs.
fn wait_for(child: &mut std::process::Child, what: &str, ready: impl Fn() -> bool) {
    let begun = Instant::now();
    while !ready() {
        assert!(child.try_wait().unwrap().is_none(), "the run ended before {what}");
        assert!(begun.elapsed() < Duration::from_secs(60), "no {what} after a minute");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_killed_run_resumed_plays_every_game_once() {
    let run = ["--seeds", "30", "--jobs", "2", "--quiet", "mc1:rollouts=10000"];
    let args = [&run[..], &FIXED[1..]].concat();
    let whole = scratch("uninterrupted.out");
    let (uninterrupted, _) = arena(&[&args[..], &["--out", s(&whole)]].concat());
    let out = scratch("killed.out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .arg("arena")
        .args(&args)
        .args(["--out", s(&out)])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&mut child, "8 games were written", || whole_lines(&out) > 8);
    child.kill().unwrap(); // SIGKILL: nothing is flushed, nothing is cleaned up
    child.wait().unwrap();
    let lines = whole_lines(&out);
    assert!(lines < 1 + 120, "killed before its last game: {lines} lines");
    // A line cut short, as a kill in the middle of a write would leave it.
    let mut f = std::fs::OpenOptions::new().append(true).open(&out).unwrap();
    std::io::Write::write_all(&mut f, br#"{"seed":9,"rotation":2,"seats":["mc1:roll"#).unwrap();
    drop(f);
    let (resumed, err) = arena(&[&args[..], &["--out", s(&out), "--resume"]].concat());
    let torn = format!(
        "{}: line {} is cut short (the run was stopped while writing it)",
        s(&out),
        lines + 1
    );
    assert!(err.contains(&torn), "{err}");
    assert_eq!(comparable(&resumed), comparable(&uninterrupted));
    // Every game once, as the uninterrupted run played it.
    let games = games_of(&out);
    assert_eq!(games.len(), 120);
    assert_eq!(sorted(games), games_of(&whole));
    // Resumed again, the run has nothing left to play and prints the same.
    let (again, _) = arena(&[&args[..], &["--out", s(&out), "--resume"]].concat());
    assert_eq!(comparable(&again), comparable(&uninterrupted));
    assert_eq!(games_of(&out).len(), 120);
    std::fs::remove_file(&out).unwrap();
    std::fs::remove_file(&whole).unwrap();
}

#[test]
fn ctrl_c_ends_the_programs_and_prints_the_table_so_far() {
    let pids = scratch("pids");
    std::fs::create_dir(&pids).unwrap();
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs/sleepy.sh");
    let sleepy = format!("exec:bash {program}");
    let out = scratch("stopped.out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .args(["arena", "--seeds", "3", "--jobs", "2", "--quiet", "--out", s(&out)])
        .args([sleepy.as_str(), "random", "greedy", "tables-described"])
        .env("DAIMYO_TEST_PIDS", &pids)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A game taken, and games under way (each game starts the program once).
    let started = || std::fs::read_dir(&pids).unwrap().count();
    wait_for(&mut child, "a game was taken", || whole_lines(&out) >= 2 && started() >= 3);
    let signalled = Instant::now();
    // SAFETY: a plain kill(2) of the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let o = child.wait_with_output().unwrap();
    let (stdout, err) = (text(&o.stdout), text(&o.stderr));
    // No program outlived the arena (one left behind would still be in its 0.2 s sleep).
    for pid in std::fs::read_dir(&pids).unwrap() {
        let pid = pid.unwrap().file_name().into_string().unwrap();
        assert!(!Path::new(&format!("/proc/{pid}")).exists(), "program {pid} left running");
    }
    assert!(signalled.elapsed() < Duration::from_secs(5), "the games under way were abandoned");
    assert_eq!(o.status.code(), Some(130), "{err}");
    // The games taken are on file and in the table; the message says how to go on.
    let taken = games_of(&out).len();
    assert!((1..12).contains(&taken), "{taken}");
    let want =
        format!("stopped by SIGINT after {taken} of 12 games; the same command with --resume");
    assert!(err.contains(&want), "{err}");
    let row = stdout
        .lines()
        .skip(2)
        .find(|l| l.contains("sleepy.sh"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(cells(&row[2..])[3], taken.to_string(), "{stdout}");
    std::fs::remove_dir_all(&pids).unwrap();
    std::fs::remove_file(&out).unwrap();
}

/// What a merge says of runs alike but for seeds that do not follow on from one another.
const FOLLOW_ON: &str = "; runs alike but for their seeds add up only when each begins at the seed after the last of \
     another";

#[test]
fn runs_on_seeds_that_follow_on_merge_into_the_run_over_all_of_them() {
    // A curve on seeds 1..5, and the same curve played as two runs on seeds 1..2 and 3..5:
    // merged, the two print the whole run's tables, pairs and slope, for all five seeds.
    let curve = [
        &["--jobs", "2", "--quiet", "--curve", "mc1:rollouts=300,mc1:rollouts=3000"][..],
        &["tables-described", "roles", "greedy"],
    ]
    .concat();
    let [whole, first, second, apart] =
        ["w", "p1", "p2", "p3"].map(|n| scratch(&format!("{n}.out")));
    let play = |seeds: &str, from: &str, out: &Path| {
        let args = ["--seeds", seeds, "--first-seed", from, "--out", s(out)];
        arena(&[&args[..], &curve].concat()).0
    };
    let whole_out = play("5", "1", &whole);
    play("2", "1", &first);
    play("3", "3", &second);
    let (merged, err) = arena(&["--merge", s(&second), s(&first)]);
    // The tables without their answer times; the curve's pairs and slope as printed.
    let parts = |t: &str| {
        let (tables, curve) = t.split_once("\ncurve: ").expect("a curve after the tables");
        (comparable(tables), curve.to_string())
    };
    assert_eq!(parts(&merged), parts(&whole_out), "{merged}\n{whole_out}");
    let head = merged.lines().next().unwrap();
    assert!(head.contains(" seeds 1..5 (5)  40 games  merged from 2 files"), "{head}");
    assert!(merged.contains("\nper doubling of rollouts: "), "{merged}");
    assert!(err.is_empty(), "nothing missing, nothing twice: {err}");
    // Seeds 1..2 and 4..5 leave seed 3 out: refused, and so are seeds played twice.
    play("2", "4", &apart);
    let (code, err) = refused(&["--merge", s(&first), s(&apart)]);
    let (f, a) = (s(&first), s(&apart));
    let want = format!("{a} (line 1) is of another run than {f}: seeds 1..2 in {f}, 4..5 in {a}");
    assert_eq!(
        (code, err.trim_end()),
        (Some(1), format!("daimyo arena: {want}{FOLLOW_ON}").as_str())
    );
    let (_, err) = refused(&["--merge", s(&whole), s(&second)]);
    assert!(err.contains(": seeds 1..5 in ") && err.ends_with(&format!("{FOLLOW_ON}\n")), "{err}");
    // Under --sprt the test is of one run's seeds in order: two runs of it do not add up,
    // whatever their seeds, and the merge says so (here seeds 1 and 3, a gap between them).
    let sprt = ["--jobs", "2", "--quiet", "--sprt", "mc1:rollouts=300", "mc1:rollouts=600"];
    for (from, out) in [("1", &first), ("3", &second)] {
        let args = ["--seeds", "1", "--first-seed", from, "--out", s(out)];
        arena(&[&args[..], &sprt, &["--draw-from", "tables-described,roles,greedy"]].concat());
    }
    let (_, err) = refused(&["--merge", s(&first), s(&second)]);
    assert!(
        err.trim_end().ends_with("; an SPRT's runs on other seeds do not add up to one test"),
        "{err}"
    );
    for f in [whole, first, second, apart] {
        std::fs::remove_file(f).unwrap();
    }
}

#[test]
fn merges_and_resumes_say_what_they_refuse_and_what_is_missing() {
    let rules = ["--jobs", "2", "--quiet", "tables-described", "roles", "greedy", "random"];
    let (a, b, c) = (scratch("a.out"), scratch("b.out"), scratch("c.out"));
    arena(&[&["--seeds", "4", "--shard", "1/2", "--out", s(&a)][..], &rules].concat());
    arena(&[&["--seeds", "5", "--shard", "2/2", "--out", s(&b)][..], &rules].concat());
    // Two different runs: refused, with what differs.
    let (code, err) = refused(&["--merge", s(&a), s(&b)]);
    let want = format!(
        "{} (line 1) is of another run than {}: seeds 1..4 in {}, 1..5 in {}{FOLLOW_ON}",
        s(&b),
        s(&a),
        s(&a),
        s(&b)
    );
    assert_eq!((code, err.trim_end()), (Some(1), format!("daimyo arena: {want}").as_str()));
    let settings = ["--seeds", "4", "--jobs", "1", "--quiet", "--out", s(&c), "mc1:rollouts=9"];
    arena(&[&settings[..], &rules[3..6]].concat());
    let (_, err) = refused(&["--merge", s(&c), s(&a)]);
    assert!(
        err.contains("is of another run than") && err.contains("mc1:rollouts=9 | tables-described"),
        "{err}"
    );
    arena(
        &[&["--seeds", "4", "--jobs", "1", "--out", s(&c), "mc1:rollouts=9"][..], &rules[3..6]]
            .concat(),
    );
    arena(
        &[&["--seeds", "4", "--jobs", "2", "--out", s(&b), "mc1:rollouts=9"][..], &rules[3..6]]
            .concat(),
    );
    let (_, err) = refused(&["--merge", s(&b), s(&c)]);
    assert!(
        err.contains("mc1:rollouts=9: threads 1 in ") && err.contains(", every core in "),
        "{err}"
    );

    // A resume of another run's file, or of another shard: refused, the file left as it was.
    let before = std::fs::read(&a).unwrap();
    let (code, err) = refused(
        &[&["--seeds", "6", "--shard", "1/2", "--resume", "--out", s(&a)][..], &rules].concat(),
    );
    assert_eq!(code, Some(2));
    assert!(
        err.contains("line 1 is of another run: seeds 1..4 in the file, 1..6 in this run"),
        "{err}"
    );
    let (_, err) = refused(
        &[&["--seeds", "4", "--shard", "2/2", "--resume", "--out", s(&a)][..], &rules].concat(),
    );
    assert!(err.contains("line 1 says it holds shard 1/2, not shard 2/2"), "{err}");
    assert_eq!(std::fs::read(&a).unwrap(), before);

    // Half the run: the table of the games present, and the seeds missing named.
    let (half, err) = arena(&["--merge", s(&a)]);
    assert!(err.is_empty(), "{err}");
    assert!(
        half.contains("\nmissing: seeds 2, 4 (8 of the run's 16 games not in the files)\n"),
        "{half}"
    );
    // A file named twice: each game counted once, and said.
    let (twice, err) = arena(&["--merge", s(&a), s(&a)]);
    assert_eq!(twice.replace("merged from 2 files", "merged from 1 file"), half);
    assert!(
        err.contains(&format!(
            "games of seeds 1, 3 are in {}, named twice: each counts once",
            s(&a)
        )),
        "{err}"
    );

    // Not an --out file of this arena: named by file and line.
    let text = String::from_utf8(before).unwrap();
    std::fs::write(&b, text.lines().skip(1).collect::<Vec<_>>().join("\n") + "\n").unwrap();
    let (_, err) = refused(&["--merge", s(&a), s(&b)]);
    assert!(err.contains(&format!("{}: no run line at its top", s(&b))), "{err}");
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "{\"seed\": 3,";
    std::fs::write(&b, lines.join("\n") + "\n").unwrap();
    let (_, err) = refused(&["--merge", s(&b)]);
    assert!(err.starts_with(&format!("daimyo arena: {}: line 3: not JSON: EOF", s(&b))), "{err}");
    let seats = r#""seats":["tables-described","roles","greedy","random"]"#;
    assert!(text.contains(seats), "{text}");
    let swapped =
        text.replacen(seats, r#""seats":["roles","tables-described","greedy","random"]"#, 1);
    std::fs::write(&b, swapped).unwrap();
    let (_, err) = refused(&["--merge", s(&b)]);
    let want = "line 2: its seats (roles | tables-described | greedy | random) are not the run's \
                for seed 1, rotation 0 (tables-described | roles | greedy | random)";
    assert!(err.contains(want), "{err}");
    // A game of the other shard in a shard's file: refused by --resume.
    arena(&[&["--seeds", "4", "--shard", "2/2", "--out", s(&c)][..], &rules].concat());
    let other = std::fs::read_to_string(&c).unwrap();
    std::fs::write(&b, text.clone() + other.lines().nth(1).unwrap() + "\n").unwrap();
    let resume = ["--seeds", "4", "--shard", "1/2", "--resume", "--out", s(&b)];
    let (_, err) = refused(&[&resume[..], &rules].concat());
    assert!(err.contains(&format!("{}: line 10: seed 2 is not in shard 1/2", s(&b))), "{err}");
    for f in [&a, &b, &c] {
        std::fs::remove_file(f).unwrap();
    }
}

#[test]
fn shard_resume_and_merge_arguments_are_checked() {
    let four = ["random", "greedy", "tables-described", "roles"];
    for (args, says) in [
        (&["--shard", "0/3"][..], "--shard '0/3': K/N is wanted"),
        (&["--shard", "4/3"], "--shard '4/3': K/N is wanted"),
        (&["--shard", "2"], "--shard '2': K/N is wanted"),
        (&["--seeds", "2", "--shard", "1/3"], "--shard 1/3: more shards than the run's 2 seeds"),
        (&["--resume"], "--resume needs --out FILE"),
    ] {
        let (code, err) = refused(&[args, &four].concat());
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    for (args, says) in [
        (&["--merge"][..], "--merge needs the --out files of a run"),
        (&["--merge", "--seeds", "3", "x"], "--merge takes files only"),
        (&["--merge", "/no/such/file"], "/no/such/file: "),
    ] {
        let (_, err) = refused(args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_shards_progress_line_counts_its_own_games() {
    let (_, err) = arena(&[
        "--seeds",
        "5",
        "--shard",
        "2/2",
        "--jobs",
        "2",
        "greedy",
        "random",
        "tables-described",
        "roles",
    ]);
    let last = err.lines().last().unwrap();
    assert!(last.starts_with("shard 2/2: 8/8 games (100%)  0 left  "), "{err}");
    assert!(last.contains("  greedy "), "the running share: {err}");
}
