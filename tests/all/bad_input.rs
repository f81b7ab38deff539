//! One test per row of the bad-input tables (docs/bad-input.md): malformed input ends the game
//! with one line on stderr and exit code 2; input that is well-formed but cannot have happened earns
//! warnings and is played from as given; end of input between turns and a closed stdout end
//! quietly with 0. Most tests run the player loop in-process on byte buffers; the `subprocess_`
//! ones run the binary (`daimyo play random`) to check the real exit code and streams.

use crate::common::{
    check_stdout, full_game, has_panic_text, is_printable, phases_of, play, play_with,
};
use daimyo_engine::rules::Phase;
use std::cell::RefCell;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

// The recorded game the tests edit, line by line (1-based): 1 settings, 2 strengths, 3 `1 D`,
// 4-9 public, 10 R, 11 N, 12 `2 N`, 13-18 public, 19 R, 20 `3 D`, 21-26 public, 27 R, 28 N,
// 29 `4 N`, ... 9 turns in all.

fn lines(s: &str) -> Vec<String> {
    s.lines().map(String::from).collect()
}

fn joined(l: &[String]) -> String {
    l.iter().map(|l| format!("{l}\n")).collect()
}

/// The game with line `n` replaced.
fn edit(s: &str, n: usize, new: &str) -> String {
    let mut l = lines(s);
    l[n - 1] = new.into();
    joined(&l)
}

/// The game with lines `from..=to` taken out.
fn cut(s: &str, from: usize, to: usize) -> String {
    let mut l = lines(s);
    l.drain(from - 1..to);
    joined(&l)
}

/// The game with `new` inserted before line `n`.
fn insert(s: &str, n: usize, new: &str) -> String {
    let mut l = lines(s);
    l.insert(n - 1, new.into());
    joined(&l)
}

/// The first `k` lines of the game.
fn head(s: &str, k: usize) -> String {
    joined(&lines(s)[..k])
}

/// Checks a malformed input: exit code 2, stdout READY and one legal move for each of the
/// first `answered` turns, exactly one line on stderr, which is returned.
fn malformed(input: &[u8], answered: usize) -> String {
    let o = play(input);
    assert_eq!(o.code, 2, "exit code; stderr: {}", o.err);
    let phases = phases_of(&String::from_utf8_lossy(input));
    check_stdout(&o.out, &phases[..answered]).unwrap();
    assert_eq!(o.err.lines().count(), 1, "one line on stderr: {:?}", o.err);
    assert!(o.err.ends_with('\n'));
    assert!(is_printable(&o.err), "{:?}", o.err);
    o.err.trim_end().to_string()
}

/// Checks an impossible but well-formed input: exit code 0, every turn answered, stderr only
/// warnings, among them `warning`.
fn impossible(input: &str, warning: &str) {
    let o = play(input.as_bytes());
    assert_eq!(o.code, 0, "exit code; stderr: {}", o.err);
    check_stdout(&o.out, &phases_of(input)).unwrap();
    for l in o.err.lines() {
        assert!(l.starts_with("daimyo: warning, turn "), "{l}");
    }
    assert!(o.err.lines().any(|l| l == warning), "no '{warning}' in:\n{}", o.err);
}

/// Checks that the player ends quietly: exit code 0, every turn answered, nothing on stderr.
fn quiet(input: &[u8]) {
    let o = play(input);
    assert_eq!((o.code, o.err.as_str()), (0, ""));
    check_stdout(&o.out, &phases_of(&String::from_utf8_lossy(input))).unwrap();
}

const AT: &str = "daimyo: malformed input at";

/// Checks a malformed input as `malformed` does, and that its line is `AT` followed by `want`.
fn says(input: &[u8], answered: usize, want: &str) {
    assert_eq!(malformed(input, answered), format!("{AT} {want}"));
}

/// Checks a malformed input as `malformed` does, and that its line ends with `tail`.
fn ends_with(input: &[u8], answered: usize, tail: &str) {
    let got = malformed(input, answered);
    assert!(got.ends_with(tail), "{got}");
}

// Malformed input: exit 2, one line on stderr.

#[test]
fn not_a_number() {
    says(
        edit(&full_game(), 22, "1 x 0 3").as_bytes(),
        2,
        "line 22, token 2 (turn 3): expected the public intimacy of lord 1, column 1, got 'x' \
         (not a number)",
    );
}

#[test]
fn garbage_token() {
    says(
        edit(&full_game(), 27, "2 3 1 3x 0 0").as_bytes(),
        2,
        "line 27, token 4 (turn 3): expected the R line (own intimacy), lord 3, got '3x' (not a \
         number)",
    );
    let got = malformed(edit(&full_game(), 1, "READY").as_bytes(), 0);
    assert!(
        got.ends_with("expected the settings line '9 4 6' (turns, daimyo, lords), got 'READY'")
    );
}

#[test]
fn too_few_numbers_on_a_line() {
    says(
        edit(&full_game(), 22, "1 1 0").as_bytes(),
        2,
        "line 22, token 4 (turn 3): expected the public intimacy of lord 1, column 3, got the end \
         of the line (too few values)",
    );
}

#[test]
fn too_many_numbers_on_a_line() {
    says(
        edit(&full_game(), 22, "1 1 0 3 0").as_bytes(),
        2,
        "line 22, token 5 (turn 3): expected the end of a public intimacy line after 4 values, \
         got '0' (a value too many)",
    );
    // Two protocol lines on one input line (lord 0's and lord 1's of turn 3).
    let game = full_game();
    let nl = game.match_indices('\n').nth(20).unwrap().0;
    let joined = format!("{} {}", &game[..nl], &game[nl + 1..]);
    let got = malformed(joined.as_bytes(), 2);
    assert!(
        got.contains("line 21, token 5 (turn 3): expected the end of a public intimacy line"),
        "{got}"
    );
    // Without the manager's layout (settings not alone on their line) only tokens count.
    let squeezed = game.replace('\n', " ");
    let o = play(squeezed.as_bytes());
    assert_eq!(o.code, 0, "{}", o.err);
    check_stdout(&o.out, &phases_of(&game)).unwrap();
}

#[test]
fn negative_number() {
    ends_with(edit(&full_game(), 22, "1 -1 0 3").as_bytes(), 2, "column 1, got '-1' (negative)");
}

#[test]
fn huge_number() {
    ends_with(
        edit(&full_game(), 22, "1 256 0 3").as_bytes(),
        2,
        "column 1, got '256' (larger than 255)",
    );
    ends_with(
        edit(&full_game(), 22, "1 99999999999999999999999 0 3").as_bytes(),
        2,
        "got '99999999999999999999999' (larger than 255)",
    );
}

#[test]
fn settings_other_than_9_4_6() {
    says(
        edit(&full_game(), 1, "9 4 7").as_bytes(),
        0,
        "line 1, token 3 (settings): expected the settings line '9 4 6' (turns, daimyo, lords), \
         got '9 4 7'",
    );
    // A position pasted without the settings and the strengths.
    let pasted = joined(&lines(&full_game())[19..]);
    assert!(malformed(pasted.as_bytes(), 0).ends_with("got '3'"));
}

#[test]
fn strength_outside_3_to_6() {
    says(
        edit(&full_game(), 2, "4 4 4 7 3 3").as_bytes(),
        0,
        "line 2, token 4 (settings): expected the strength of lord 3 (3..6), got '7' (larger \
         than 6)",
    );
    ends_with(edit(&full_game(), 2, "4 4 4 2 3 3").as_bytes(), 0, "got '2' (smaller than 3)");
}

#[test]
fn phase_other_than_d_or_n() {
    says(
        edit(&full_game(), 20, "3 d").as_bytes(),
        2,
        "line 20, token 2 (turn 3): expected the phase D or N, got 'd' (not a phase letter)",
    );
}

#[test]
fn turn_number_outside_1_to_9() {
    says(
        edit(&full_game(), 20, "10 D").as_bytes(),
        2,
        "line 20, token 1 (turn 2): expected the number 1..9 of the next turn, got '10' (larger \
         than 9)",
    );
}

#[test]
fn night_turn_with_an_n_line() {
    says(
        insert(&full_game(), 20, "3 1 1 3 0 0").as_bytes(),
        2,
        "line 20, token 2 (turn 3): expected the phase D or N, got '1' (a night turn has no N \
         line)",
    );
    ends_with(
        insert(&full_game(), 20, "0 1 1 3 0 3").as_bytes(),
        2,
        "got '0' (no turn 0; a night turn has no N line)",
    );
}

#[test]
fn day_turn_without_an_n_line() {
    says(
        cut(&full_game(), 28, 28).as_bytes(),
        2,
        "line 28, token 2 (turn 3): expected the N line (a day turn has one), lord 1, got 'N' \
         (not a number; is a line missing before this turn line?)",
    );
}

#[test]
fn end_of_input_in_mid_turn() {
    let g = full_game();
    says(
        head(&g, 24).as_bytes(),
        2,
        "line 25 (turn 3): expected the public intimacy of lord 4, column 0, got the end of input \
         (it ended in mid-turn)",
    );
    // Without a newline at the end, inside a line, after the settings, inside the settings.
    assert!(malformed(format!("{}1 1", head(&g, 24)).as_bytes(), 2).contains("column 2"));
    says(
        head(&g, 2).as_bytes(),
        0,
        "line 3 (turn 1): expected the turn line '1 D' (the settings begin turn 1), got the end \
         of input",
    );
    assert!(malformed(b"9 4", 0).contains("line 1 (settings): expected the settings line"));
    assert!(malformed(b"9 4 6\n3 4", 0).contains("the strength of lord 2 (3..6), got the end"));
}

#[test]
fn binary_bytes() {
    let mut input = head(&full_game(), 21).into_bytes();
    input.extend_from_slice(b"1 \x00\x1b[31m\xff\xfe 0 3\n");
    says(
        &input,
        2,
        "line 22, token 2 (turn 3): expected the public intimacy of lord 1, column 1, got \
         '\\x00\\x1b[31m\\xff\\xfe' (not a number)",
    );
    ends_with(b"\x7fELF\x02\x01\x01\x00\x00", 0, "got '\\x7fELF\\x02\\x01\\x01\\x00\\x00'");
}

#[test]
fn token_that_never_ends() {
    // An endless stream with no whitespace after the strengths: the reader gives up after a
    // few bytes instead of reading (or storing) forever.
    let input = head(&full_game(), 3).into_bytes();
    let endless = input.as_slice().chain(std::io::repeat(b'7'));
    let o = play_with(
        endless,
        daimyo::workshop::builtins::agent("random", Default::default()).unwrap().as_mut(),
    );
    assert_eq!((o.code, o.out.as_str()), (2, "READY\n"));
    assert_eq!(
        o.err.trim_end(),
        format!(
            "{AT} line 4, token 1 (turn 1): expected the public intimacy of lord 0, column 0, \
             got '77777777777777777777777777777777...' (no space after 32 bytes)"
        )
    );
}

/// A stdin that breaks after some bytes.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("device gone"));
        }
        self.0.read(buf)
    }
}

#[test]
fn unreadable_input() {
    let input = head(&full_game(), 11);
    let o = play_with(
        Failing(input.as_bytes()),
        daimyo::workshop::builtins::agent("greedy", Default::default()).unwrap().as_mut(),
    );
    assert_eq!(o.code, 2);
    check_stdout(&o.out, &[Phase::Day]).unwrap();
    assert_eq!(o.err, format!("{AT} line 12 (turn 1): cannot read input: device gone\n"));
}

// Well-formed but impossible input: warnings, play goes on.

#[test]
fn turn_skips_ahead() {
    impossible(
        &cut(&full_game(), 12, 19),
        "daimyo: warning, turn 3: turn 3 follows turn 1 (skips ahead); playing from this view",
    );
}

#[test]
fn turn_repeated_or_back() {
    let g = full_game();
    let turn3 = joined(&lines(&g)[19..28]);
    impossible(
        &insert(&g, 29, turn3.trim_end()),
        "daimyo: warning, turn 3: turn 3 follows turn 3 (repeats or goes back); playing from \
         this view",
    );
    // Turns 3 and 4 swapped.
    let l = lines(&g);
    let swapped = [&l[..19], &l[28..36], &l[19..28], &l[36..]].concat();
    impossible(
        &joined(&swapped),
        "daimyo: warning, turn 3: turn 3 follows turn 4 (repeats or goes back); playing from \
         this view",
    );
}

#[test]
fn pasted_mid_game_position() {
    let g = full_game();
    let l = lines(&g);
    // The settings, then turn 7 alone.
    let turn7 = l.iter().position(|l| l == "7 D").unwrap();
    let pasted = joined(&[&l[..2], &l[turn7..turn7 + 9]].concat());
    let o = play(pasted.as_bytes());
    assert_eq!(o.code, 0);
    check_stdout(&o.out, &[Phase::Day]).unwrap();
    assert_eq!(
        o.err,
        "daimyo: warning, turn 7: the game starts at turn 7: earlier turns are unknown and \
         estimated\n"
    );
}

#[test]
fn intimacy_falls() {
    // Lord 3's own intimacy falls from 3 to 2 at turn 3, and lord 5's rises by one to make up.
    impossible(
        &edit(&full_game(), 27, "2 3 1 2 0 1"),
        "daimyo: warning, turn 3: own intimacy (R line) fell since turn 2",
    );
}

#[test]
fn intimacies_disagree_with_the_previous_turn() {
    let g = full_game();
    // The N line of turn 3 has no negotiation with lord 0, yet the R line rose by 2 there.
    impossible(
        &edit(&g, 28, "0 1 1 3 0 3"),
        "daimyo: warning, turn 3: the N line counts fewer negotiations than the own move of \
         night 2 (the rise of the R line)",
    );
    // Public intimacies moved over night 2 (same sums).
    impossible(
        &edit(&edit(&g, 21, "0 0 1 1"), 22, "1 1 1 3"),
        "daimyo: warning, turn 3: public intimacies changed over night 2, which is not public",
    );
    // Day 3: the R line rose on lords 0 and 3, the own public intimacy on lord 3 alone.
    impossible(
        &edit(&g, 36, "3 3 1 7 0 0"),
        "daimyo: warning, turn 4: the R line and the own public intimacy (column 0) rose \
         differently over day 3, whose moves are public",
    );
    // Column 2 gained 6 over day 1 instead of 5.
    impossible(
        &edit(&g, 13, "0 0 3 1"),
        "daimyo: warning, turn 2: public intimacies of column 2 add up to 6, on turn 2 they add \
         up to 5",
    );
}

#[test]
fn phase_letter_against_the_turn() {
    // Turn 1 sent as a night (no N line): answered with 2 lords, as the letter says.
    let l = lines(&full_game());
    let night1 = joined(&[&l[..2], &["1 N".to_string()], &l[3..10]].concat());
    let o = play(night1.as_bytes());
    assert_eq!(o.code, 0);
    check_stdout(&o.out, &[Phase::Night]).unwrap();
    assert_eq!(
        o.err,
        "daimyo: warning, turn 1: turn 1 is a day turn but the phase says N; answering as a \
         night (2 lords)\n"
    );
}

#[test]
fn n_line_not_summing_to_8() {
    impossible(
        &edit(&full_game(), 28, "3 1 1 3 0 1"),
        "daimyo: warning, turn 3: the N line adds up to 9, on turn 3 it adds up to 8",
    );
}

#[test]
fn value_above_what_a_game_allows() {
    impossible(
        &edit(&full_game(), 10, "0 0 0 50 0 0"),
        "daimyo: warning, turn 1: own intimacy (R line) above 41, the most a game allows; capped",
    );
}

// End of input between turns: exit 0, nothing on stderr.

#[test]
fn empty_input() {
    quiet(b"");
    quiet(b" \r\n\t\n");
}

#[test]
fn end_after_turn_9() {
    let g = full_game();
    assert_eq!(phases_of(&g).len(), 9);
    quiet(g.as_bytes());
}

#[test]
fn end_between_turns() {
    let g = full_game();
    quiet(head(&g, 19).as_bytes());
    quiet(head(&g, 11).as_bytes());
}

#[test]
fn crlf_tabs_and_blank_lines() {
    let g = full_game().replace('\n', " \r\n\r\n").replace(' ', " \t ");
    quiet(format!("\n\n{g}").as_bytes());
}

/// Hands out its bytes a few at a time.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(self.0.len()).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn byte_order_mark() {
    let g = format!("\u{feff}{}", full_game());
    quiet(g.as_bytes());
    // Laid out in lines still: a value too many is found where it is.
    let e = malformed(edit(&g, 22, "1 1 0 3 0").as_bytes(), 2);
    assert!(e.ends_with("line 22, token 5 (turn 3): expected the end of a public intimacy line after 4 values, got '0' (a value too many)"), "{e}");
    // The mark split over reads, and a mark alone.
    for size in [1, 2] {
        let mut agent = daimyo::workshop::builtins::agent("random", Default::default()).unwrap();
        let o = play_with(Trickle(g.as_bytes(), size), agent.as_mut());
        assert_eq!((o.code, o.err.as_str()), (0, ""));
        check_stdout(&o.out, &phases_of(&g)).unwrap();
    }
    quiet("\u{feff}".as_bytes());
    // Only at the start: elsewhere it is a token like any other.
    let e = malformed("9 4 6\n\u{feff}3 4 5 6 3 4\n".as_bytes(), 0);
    assert!(e.contains("line 2, token 1 (settings): expected the strength of lord 0 (3..6), got '\\xef\\xbb\\xbf3'"), "{e}");
}

/// A stdout that is closed after `room` bytes.
struct ClosedAfter(usize);

impl Write for ClosedAfter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() > self.0 {
            return Err(std::io::ErrorKind::BrokenPipe.into());
        }
        self.0 -= buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn closed_stdout() {
    let g = full_game();
    for room in [0, 6, 8] {
        let mut agent = daimyo::workshop::builtins::agent("random", Default::default()).unwrap();
        let mut err = Vec::new();
        let code = daimyo::player::play::run(
            g.as_bytes(),
            &mut ClosedAfter(room),
            &mut err,
            agent.as_mut(),
            &daimyo::player::play::Settings::default(),
        );
        assert_eq!((code, err.as_slice()), (0, &b""[..]), "room for {room} bytes");
    }
}

/// Input that checks, at its first read, that READY is already out.
struct CheckReady {
    out: Rc<RefCell<Vec<u8>>>,
    checked: bool,
}

impl Read for CheckReady {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        assert_eq!(self.out.borrow().as_slice(), b"READY\n", "READY before the first read");
        self.checked = true;
        Ok(0)
    }
}

struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn ready_comes_before_any_input_is_read() {
    let out = Rc::new(RefCell::new(Vec::new()));
    let mut input = CheckReady { out: out.clone(), checked: false };
    let mut agent = daimyo::workshop::builtins::agent("random", Default::default()).unwrap();
    let code = daimyo::player::play::run(
        &mut input,
        &mut Shared(out.clone()),
        &mut Vec::new(),
        agent.as_mut(),
        &daimyo::player::play::Settings::default(),
    );
    assert!(input.checked, "the input was read");
    assert_eq!((code, out.borrow().as_slice()), (0, &b"READY\n"[..]));
}

// The real binary.

struct Run {
    code: Option<i32>,
    out: String,
    err: String,
}

/// `daimyo play random` on pipes, with backtraces asked for (none may come).
fn spawn() -> Child {
    Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .args(["play", "random", "--seed", "1"])
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("daimyo runs")
}

/// Runs `daimyo play random` on `input`, for 20 s at the most.
fn subprocess(input: &[u8]) -> Run {
    let mut child = spawn();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The player may stop reading early (malformed input): a failed write is expected then.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = wait_with_timeout(child);
    writer.join().unwrap();
    out
}

fn wait_with_timeout(mut child: Child) -> Run {
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("daimyo did not end within 20 s");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let o = child.wait_with_output().unwrap();
    let run = Run {
        code: o.status.code(),
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
    };
    assert!(!has_panic_text(&run.out) && !has_panic_text(&run.err), "{}", run.err);
    run
}

#[test]
fn subprocess_malformed_input_exits_2_with_one_line() {
    let g = full_game();
    let mut binary = head(&g, 21).into_bytes();
    binary.extend_from_slice(b"1 \x00\xff 0 3\n");
    let cases: [(Vec<u8>, usize); 5] = [
        (edit(&g, 22, "1 x 0 3").into_bytes(), 2),
        (edit(&g, 22, "1 1 0").into_bytes(), 2),
        (edit(&g, 1, "9 4 7").into_bytes(), 0),
        (head(&g, 24).into_bytes(), 2),
        (binary, 2),
    ];
    for (input, answered) in cases {
        let r = subprocess(&input);
        assert_eq!(r.code, Some(2), "{}", r.err);
        check_stdout(&r.out, &phases_of(&String::from_utf8_lossy(&input))[..answered]).unwrap();
        assert_eq!(r.err.lines().count(), 1, "{:?}", r.err);
        assert!(r.err.starts_with(AT), "{}", r.err);
    }
}

#[test]
fn subprocess_whole_game_and_impossible_input_exit_0() {
    let g = full_game();
    let r = subprocess(g.as_bytes());
    assert_eq!((r.code, r.err.as_str()), (Some(0), ""));
    check_stdout(&r.out, &phases_of(&g)).unwrap();
    let skip = cut(&g, 12, 19);
    let r = subprocess(skip.as_bytes());
    assert_eq!(r.code, Some(0));
    check_stdout(&r.out, &phases_of(&skip)).unwrap();
    assert!(r.err.lines().all(|l| l.starts_with("daimyo: warning, turn ")), "{}", r.err);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
}

#[test]
fn subprocess_stdin_closed_at_once() {
    let r = subprocess(b"");
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (Some(0), "READY\n", ""));
}

#[test]
fn subprocess_broken_pipe() {
    let mut child = spawn();
    let mut stdout = child.stdout.take().unwrap();
    let mut ready = [0u8; 6];
    stdout.read_exact(&mut ready).unwrap();
    assert_eq!(&ready, b"READY\n");
    drop(stdout);
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(full_game().as_bytes());
    drop(stdin);
    let r = wait_with_timeout(child);
    assert_eq!(r.code, Some(0), "{}", r.err);
}

#[test]
fn subprocess_help_into_a_closed_pipe() {
    // A pipe whose reading end is gone before daimyo starts: its first write fails.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .arg("--help")
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("daimyo runs");
    let r = wait_with_timeout(child);
    assert_eq!((r.code, r.err.as_str()), (Some(0), ""));
}
