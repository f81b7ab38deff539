//! Property tests of the player loop on hostile input: random byte streams, and the 240 recorded
//! input streams mutated (bytes flipped, tokens inserted, bytes, tokens and lines deleted,
//! truncation anywhere, turns duplicated, dropped or swapped, lines joined or split, CRLF,
//! reshaped blanks), delivered in one piece or in reads of 1 to 7 bytes.
//!
//! For every case the player must not panic, must return, and must behave as an independent
//! reading of the grammar (`oracle`, written without `protocol.rs`) says: exit 2 with one
//! error line naming the exact line, token and turn where the stream first breaks the grammar,
//! exit 0 otherwise; stdout `READY` and one legal move per complete turn before that point;
//! stderr nothing but warnings and that error, on printable lines. The recorded streams, their
//! CRLF and reshaped variants end with 0 and nothing on stderr.
//!
//! `random_cases` runs 40,000 cases by default (about 6 s in a debug build on two cores) and
//! prints the count and time (`cargo test --release --test all properties:: -- --nocapture`).
//! Environment: `DAIMYO_PROPTEST_CASES=N` runs N cases, `DAIMYO_PROPTEST_SEED=S` draws another
//! set, `DAIMYO_PROPTEST_CASE=I` reruns case I alone (a failure names its case and seed). Every
//! 400th case plays the bot (`cheap_bot`), 100 of the 40,000; the others play the built-ins.
//! The sweeps are fixed: every recorded stream as recorded, in CRLF and reshaped, each whole and
//! trickled (1,440 runs), and three streams and their CRLF forms cut after every byte (2,988
//! runs).

use crate::common::{Outcome, check_stdout, fixture_streams, is_printable, play_with};
use daimyo_engine::agent::Agent;
use daimyo_engine::rules::Phase;
use daimyo_engine::timeman::Budget;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

type Rng = Xoshiro256PlusPlus;

const DEFAULT_CASES: u64 = 40_000;
const DEFAULT_SEED: u64 = 2014;
/// Every this many cases play against the bot instead of a built-in strategy.
const BOT_EVERY: u64 = 400;
/// The bot's rollout budget in those cases: small, the point is its handling of odd positions.
const CHEAP_BOT_ROLLOUTS: u64 = 64;

/// The bot as `daimyo --rollouts N` runs it, with a small budget.
fn cheap_bot() -> Box<dyn Agent> {
    daimyo::workshop::builtins::agent(
        "bot",
        Budget { rollouts: Some(CHEAP_BOT_ROLLOUTS), ..Budget::default() },
    )
    .expect("the bot is built in")
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| v.parse().unwrap_or_else(|_| panic!("{name}={v}?")))
}

// ---------------------------------------------------------------------------------------------
// The grammar, read independently of the reader under test.

/// The longest token that can still be a number.
const MAX_TOKEN: usize = 32;

/// What the player must make of a stream: the phases of the complete turns, and the place of the
/// first break of the grammar, as the error line starts (`daimyo: malformed input at ...: `).
struct Expected {
    phases: Vec<Phase>,
    error: Option<String>,
}

struct Tok<'a> {
    text: &'a [u8],
    line: usize,
    pos: usize,
}

fn tokens(input: &[u8]) -> (Vec<Tok<'_>>, usize) {
    // A byte-order mark at the start is as if it were not there.
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut toks = Vec::new();
    let (mut line, mut pos, mut i) = (1, 0, 0);
    while i < input.len() {
        let b = input[i];
        if b.is_ascii_whitespace() {
            if b == b'\n' {
                line += 1;
                pos = 0;
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < input.len() && !input[i].is_ascii_whitespace() {
            i += 1;
        }
        pos += 1;
        toks.push(Tok { text: &input[start..i], line, pos });
    }
    (toks, line)
}

fn number(t: &[u8], max: u32) -> Option<u32> {
    if t.is_empty() || t.len() > MAX_TOKEN || !t.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let s = std::str::from_utf8(t).unwrap().trim_start_matches('0');
    if s.len() > 3 {
        return None;
    }
    let v = if s.is_empty() { 0 } else { s.parse().unwrap() };
    (v <= max).then_some(v)
}

/// A reading of the token stream, one protocol line after another.
struct Grammar<'a> {
    toks: Vec<Tok<'a>>,
    /// The line the input ends on.
    last_line: usize,
    next: usize,
    /// The input line of the protocol line being read (or of the one before, until its first
    /// token).
    line: usize,
    turn: u8,
    /// Laid out in lines: `9 4 6` alone on the first line of settings. Otherwise only the order
    /// of the tokens counts.
    lines: bool,
}

impl<'a> Grammar<'a> {
    fn at(&self, line: usize, pos: usize) -> String {
        let place = if self.turn == 0 { "settings".into() } else { format!("turn {}", self.turn) };
        let token = if pos == 0 { String::new() } else { format!(", token {pos}") };
        format!("daimyo: malformed input at line {line}{token} ({place}): ")
    }

    /// Token `j` of the protocol line being read, which must share the line with the others of
    /// its protocol line and no other.
    fn take(&mut self, j: usize) -> Result<&'a [u8], String> {
        let Some(t) = self.toks.get(self.next) else {
            return Err(self.at(self.last_line, 0));
        };
        if j == 0 {
            if self.lines && t.line == self.line {
                return Err(self.at(t.line, t.pos));
            }
            self.line = t.line;
        } else if self.lines && t.line != self.line {
            return Err(self.at(self.line, j + 1));
        }
        self.next += 1;
        Ok(t.text)
    }

    /// The error at the token just taken.
    fn bad(&self) -> String {
        let t = &self.toks[self.next - 1];
        self.at(t.line, t.pos)
    }

    fn numbers(&mut self, len: usize, min: u32, max: u32) -> Result<(), String> {
        for j in 0..len {
            let t = self.take(j)?;
            if number(t, max).is_none_or(|v| v < min) {
                return Err(self.bad());
            }
        }
        Ok(())
    }

    fn read(&mut self, phases: &mut Vec<Phase>) -> Result<(), String> {
        if self.toks.is_empty() {
            return Ok(());
        }
        let mut one_line = true;
        for (j, want) in ["9", "4", "6"].iter().enumerate() {
            if self.take(j)? != want.as_bytes() {
                return Err(self.bad());
            }
            one_line &= self.toks[self.next - 1].line == self.toks[0].line;
        }
        self.lines = one_line && self.toks.get(3).is_some_and(|t| t.line != self.toks[0].line);
        self.numbers(6, 3, 6)?;
        self.turn = 1;
        loop {
            if self.next == self.toks.len() && !phases.is_empty() {
                return Ok(());
            }
            match number(self.take(0)?, 9) {
                Some(t) if t >= 1 => self.turn = t as u8,
                _ => return Err(self.bad()),
            }
            let phase = match self.take(1)? {
                b"D" => Phase::Day,
                b"N" => Phase::Night,
                _ => return Err(self.bad()),
            };
            for _ in 0..6 {
                self.numbers(4, 0, 255)?;
            }
            self.numbers(6, 0, 255)?;
            if phase == Phase::Day {
                self.numbers(6, 0, 255)?;
            }
            phases.push(phase);
        }
    }
}

fn oracle(input: &[u8]) -> Expected {
    let (toks, last_line) = tokens(input);
    let mut g = Grammar { toks, last_line, next: 0, line: 0, turn: 0, lines: false };
    let mut phases = Vec::new();
    let error = g.read(&mut phases).err();
    Expected { phases, error }
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/// Delivers the bytes in reads of 1 to 7, now and then interrupted (which the reader retries).
struct Trickle {
    data: Vec<u8>,
    at: usize,
    rng: Rng,
}

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.rng.random_range(0..16) == 0 {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        let n = self.rng.random_range(1..=7).min(buf.len()).min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

const ODD_TOKENS: &[&str] = &[
    "x",
    "-1",
    "-0",
    "256",
    "999",
    "00",
    "007",
    "D",
    "N",
    "d",
    "3x",
    "0x3",
    "+3",
    "9 4 6",
    "1 D",
    "2 N",
    "\x00",
    "\x1b[2J",
    "é",
    "99999999999999999999999999999999999999",
    "READY",
    "\t",
    "-",
];

/// Bytes a flip is likely to land on: digits, separators, phase letters, and any byte at all.
fn odd_byte(rng: &mut Rng) -> u8 {
    const ODD: &[u8] = b"0123456789 \n\r\t\x0b\x0cDN-+x\x00\xff";
    if rng.random_bool(0.7) { ODD[rng.random_range(0..ODD.len())] } else { rng.random() }
}

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// Where the turns of a recorded stream start (byte offsets), and its end.
fn turn_starts(s: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 0;
    for line in s.split_inclusive(|&b| b == b'\n') {
        if line.ends_with(b" D\n") || line.ends_with(b" N\n") {
            starts.push(at);
        }
        at += line.len();
    }
    starts.push(s.len());
    starts
}

/// Positions of the tokens: (start, end) byte offsets.
fn token_spans(s: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < s.len() && !s[i].is_ascii_whitespace() {
            i += 1;
        }
        spans.push((start, i));
    }
    spans
}

fn positions_of(s: &[u8], b: u8) -> Vec<usize> {
    s.iter().enumerate().filter(|&(_, &c)| c == b).map(|(i, _)| i).collect()
}

/// Turns one `from` byte, at random, into `to`; where, if there was one.
fn swap_one(s: &mut [u8], from: u8, to: u8, rng: &mut Rng) -> Option<usize> {
    let at = positions_of(s, from);
    let &i = at.get(rng.random_range(0..at.len().max(1)))?;
    s[i] = to;
    Some(i)
}

/// CRLF line ends.
fn crlf(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() * 9 / 8);
    for &b in s {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

/// The same lines with other blanks: runs of spaces and tabs between tokens, blanks at either
/// end of a line, blank lines, CRLF.
fn reshaped(s: &[u8], rng: &mut Rng) -> Vec<u8> {
    const GAPS: &[&[u8]] = &[b" ", b" ", b"  ", b"\t", b" \t ", b"\x0c"];
    const ENDS: &[&[u8]] = &[b"\n", b"\n", b"\r\n", b" \n", b"\t\r\n", b"\n\n", b"\n \n"];
    let mut out = Vec::new();
    for &b in s {
        match b {
            b' ' => {
                let gap = *pick(rng, GAPS);
                out.extend_from_slice(gap)
            }
            b'\n' => {
                let end = *pick(rng, ENDS);
                out.extend_from_slice(end)
            }
            _ => out.push(b),
        }
    }
    if rng.random_bool(0.3) {
        out.splice(0..0, b"\n \t\n".iter().copied());
    }
    out
}

/// Moves whole turns around: the grammar still holds, the game does not.
fn shuffle_turns(s: &[u8], rng: &mut Rng) -> (Vec<u8>, &'static str) {
    let starts = turn_starts(s);
    let turns: Vec<&[u8]> = starts.windows(2).map(|w| &s[w[0]..w[1]]).collect();
    if turns.is_empty() {
        return (s.to_vec(), "no turn to move");
    }
    let mut order: Vec<usize> = (0..turns.len()).collect();
    let label = match rng.random_range(0..3) {
        0 => {
            let i = rng.random_range(0..order.len());
            order.insert(i, order[i]);
            "duplicate a turn"
        }
        1 => {
            let (i, j) = (rng.random_range(0..order.len()), rng.random_range(0..order.len()));
            order.swap(i, j);
            "swap two turns"
        }
        _ => {
            order.remove(rng.random_range(0..order.len()));
            "drop a turn"
        }
    };
    let mut out = s[..starts[0]].to_vec();
    for i in order {
        out.extend_from_slice(turns[i]);
    }
    (out, label)
}

/// One mutation that mostly keeps the grammar: a number changed for another, turns moved, blanks
/// reshaped. What it makes is mostly well-formed and impossible (a settings value, a strength or
/// a turn number changed can still break the grammar).
fn mutate_values(s: &mut Vec<u8>, rng: &mut Rng) -> String {
    match rng.random_range(0..6) {
        0 => {
            let (shuffled, label) = shuffle_turns(s, rng);
            *s = shuffled;
            label.into()
        }
        1 => {
            *s = reshaped(s, rng);
            "reshape blanks".into()
        }
        _ => {
            let numbers: Vec<(usize, usize)> = token_spans(s)
                .into_iter()
                .filter(|&(a, b)| s[a..b].iter().all(u8::is_ascii_digit))
                .collect();
            if numbers.is_empty() {
                return "no number to change".into();
            }
            let (a, b) = *pick(rng, &numbers);
            let v = match rng.random_range(0..10) {
                0 => rng.random_range(0..=255),
                1 => rng.random_range(0..=45),
                _ => rng.random_range(0..=9),
            };
            s.splice(a..b, v.to_string().bytes());
            format!("set the number at {a} to {v}")
        }
    }
}

/// One mutation that may well break the grammar.
fn mutate(s: &mut Vec<u8>, rng: &mut Rng) -> String {
    if s.is_empty() {
        s.extend_from_slice(pick(rng, ODD_TOKENS).as_bytes());
        return "insert into nothing".into();
    }
    let at = rng.random_range(0..s.len());
    match rng.random_range(0..11) {
        0 | 1 => {
            s[at] = odd_byte(rng);
            format!("flip byte {at}")
        }
        2 | 3 => {
            let tok = if rng.random_bool(0.5) {
                pick(rng, ODD_TOKENS).to_string()
            } else {
                rng.random_range(0..12u32).to_string()
            };
            let (before, after) =
                *pick(rng, &[("", ""), (" ", ""), ("", " "), (" ", " "), ("\n", "")]);
            let text = format!("{before}{tok}{after}");
            s.splice(at..at, text.bytes());
            format!("insert {text:?} at {at}")
        }
        4 => {
            let end = (at + rng.random_range(1..=8)).min(s.len());
            s.drain(at..end);
            format!("delete bytes {at}..{end}")
        }
        5 => {
            let spans = token_spans(s);
            if spans.is_empty() {
                return "no token to delete".into();
            }
            let (a, b) = *pick(rng, &spans);
            s.drain(a..b);
            format!("delete token {a}..{b}")
        }
        6 => match swap_one(s, b'\n', b' ', rng) {
            Some(i) => format!("join the lines at {i}"),
            None => "no line to join".into(),
        },
        7 => match swap_one(s, b' ', b'\n', rng) {
            Some(i) => format!("split the line at {i}"),
            None => "no line to split".into(),
        },
        8 => {
            let mut lines: Vec<&[u8]> = s.split_inclusive(|&b| b == b'\n').collect();
            let i = rng.random_range(0..lines.len());
            let label = if rng.random_bool(0.5) {
                lines.remove(i);
                format!("delete line {}", i + 1)
            } else {
                lines.insert(i, lines[i]);
                format!("duplicate line {}", i + 1)
            };
            *s = lines.concat();
            label
        }
        9 => {
            let spans = token_spans(s);
            let end = match rng.random_range(0..4) {
                0 => at,
                1 => positions_of(s, b'\n').get(rng.random_range(0..8)).map_or(at, |&i| i + 1),
                2 => spans
                    .get(rng.random_range(0..spans.len().max(1)))
                    .map_or(at, |&(a, b)| (a + b).div_ceil(2)),
                _ => *pick(rng, &turn_starts(s)),
            };
            s.truncate(end);
            format!("truncate at {end}")
        }
        _ => mutate_values(s, rng),
    }
}

/// A stream of turns with random values, laid out like the manager's: deep into the reader and
/// the tracker, with every kind of impossible position and now and then a broken line.
fn random_game(rng: &mut Rng) -> Vec<u8> {
    let mut s = String::from("9 4 6\n");
    let strength = |rng: &mut Rng| if rng.random_bool(0.98) { rng.random_range(3..=6) } else { 7 };
    let st: Vec<String> = (0..6).map(|_| strength(rng).to_string()).collect();
    s += &(st.join(" ") + "\n");
    let value = |rng: &mut Rng| -> u32 {
        match rng.random_range(0..20) {
            0 => rng.random_range(0..=300),
            1..=3 => rng.random_range(0..=45),
            _ => rng.random_range(0..=8),
        }
    };
    let mut turn = 1;
    for _ in 0..rng.random_range(0..=12) {
        let phase =
            if rng.random_bool(0.9) { Phase::of_turn(turn) } else { Phase::of_turn(turn + 1) };
        s += &format!("{turn} {}\n", daimyo::player::protocol::phase_letter(phase));
        for _ in 0..6 {
            let row: Vec<String> = (0..4).map(|_| value(rng).to_string()).collect();
            s += &(row.join(" ") + "\n");
        }
        let lines = if phase == Phase::Day { 2 } else { 1 };
        for _ in 0..lines {
            let row: Vec<String> = (0..6).map(|_| value(rng).to_string()).collect();
            s += &(row.join(" ") + "\n");
        }
        turn = match rng.random_range(0..10) {
            0 => rng.random_range(1..=9),
            _ => turn % 9 + 1,
        };
    }
    let mut bytes = s.into_bytes();
    if rng.random_bool(0.2) {
        mutate(&mut bytes, rng);
    }
    bytes
}

/// A case: the input, what it is, and whether it must play without warnings (a game as it can
/// happen, possibly cut short).
struct Case {
    input: Vec<u8>,
    label: String,
    quiet: bool,
}

fn random_case(rng: &mut Rng, streams: &[(String, Vec<u8>)]) -> Case {
    let kind = rng.random_range(0..100);
    if kind < 20 {
        let (input, label) = match kind {
            0..4 => ((0..rng.random_range(0..200)).map(|_| rng.random()).collect(), "random bytes"),
            4..8 => {
                const ALPHABET: &[u8] = b"0123456789  \n\nDN-x\r\t";
                let n = rng.random_range(0..300);
                ((0..n).map(|_| *pick(rng, ALPHABET)).collect(), "random protocol characters")
            }
            _ => (random_game(rng), "random game"),
        };
        return Case { input, label: label.into(), quiet: false };
    }
    let (name, stream) = pick(rng, streams);
    let mut input = stream.clone();
    let mut label = name.clone();
    if kind < 30 {
        // Clean variants: the same stream with other blanks.
        if rng.random_bool(0.5) {
            input = crlf(&input);
            label += ", CRLF";
        } else {
            input = reshaped(&input, rng);
            label += ", reshaped blanks";
        }
        return Case { input, label, quiet: true };
    }
    let grammar_kept = kind < 55;
    for _ in 0..rng.random_range(1..=3) {
        label += ", ";
        label +=
            &if grammar_kept { mutate_values(&mut input, rng) } else { mutate(&mut input, rng) };
    }
    Case { input, label, quiet: false }
}

// ---------------------------------------------------------------------------------------------
// The check.

fn show(input: &[u8]) -> String {
    let cut = &input[..input.len().min(3000)];
    cut.escape_ascii().to_string().replace("\\n", "\\n\n")
}

/// How a case ended, for the tally.
#[derive(Clone, Copy)]
enum Ending {
    Quiet,
    Warned,
    Malformed,
}

/// Runs the player on one case; `Err` says what went wrong.
fn check(case: &Case, agent: &mut dyn Agent, trickle: Option<Rng>) -> Result<Ending, String> {
    let want = oracle(&case.input);
    let run = catch_unwind(AssertUnwindSafe(|| match trickle {
        Some(rng) => play_with(Trickle { data: case.input.clone(), at: 0, rng }, agent),
        None => play_with(case.input.as_slice(), agent),
    }));
    let Ok(Outcome { code, out, err }) = run else {
        return Err("the player panicked".into());
    };
    let want_code = if want.error.is_some() { 2 } else { 0 };
    if code != want_code {
        return Err(format!("exit code {code}, expected {want_code}; stderr:\n{err}"));
    }
    check_stdout(&out, &want.phases)?;
    if !is_printable(&err) {
        return Err(format!("stderr has unprintable bytes: {err:?}"));
    }
    let mut lines: Vec<&str> = err.lines().collect();
    if let Some(prefix) = &want.error {
        match lines.pop() {
            Some(l) if l.starts_with(prefix.as_str()) => {}
            l => return Err(format!("the last line of stderr should start '{prefix}': {l:?}")),
        }
    }
    if case.quiet && !lines.is_empty() {
        return Err(format!("there should be no warnings:\n{err}"));
    }
    if let Some(l) = lines.iter().find(|l| !l.starts_with("daimyo: warning, turn ")) {
        return Err(format!("not a warning: {l}"));
    }
    Ok(match (code, lines.is_empty()) {
        (2, _) => Ending::Malformed,
        (_, true) => Ending::Quiet,
        _ => Ending::Warned,
    })
}

fn builtin(i: u64) -> Box<dyn Agent> {
    let name = if i.is_multiple_of(2) { "random" } else { "greedy" };
    daimyo::workshop::builtins::agent(name, Default::default()).unwrap()
}

#[test]
fn random_cases() {
    let seed = env_u64("DAIMYO_PROPTEST_SEED").unwrap_or(DEFAULT_SEED);
    let only = env_u64("DAIMYO_PROPTEST_CASE");
    let cases = env_u64("DAIMYO_PROPTEST_CASES").unwrap_or(DEFAULT_CASES);
    let streams = fixture_streams();
    let clock = Instant::now();
    let range = match only {
        Some(i) => i..i + 1,
        None => 0..cases,
    };
    let mut tally = [0u64; 3];
    for i in range.clone() {
        let mut rng = Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
        let case = random_case(&mut rng, &streams);
        let trickle = rng.random_bool(0.3).then(|| Rng::seed_from_u64(rng.random()));
        let mut agent = if i % BOT_EVERY == 0 { cheap_bot() } else { builtin(i) };
        match check(&case, agent.as_mut(), trickle.clone()) {
            Ok(ending) => tally[ending as usize] += 1,
            Err(why) => panic!(
                "case {i} (DAIMYO_PROPTEST_SEED={seed} DAIMYO_PROPTEST_CASE={i}): {}\n\
                 agent {}, {}\n{why}\ninput:\n{}",
                case.label,
                agent.name(),
                if trickle.is_some() { "in reads of 1..7 bytes" } else { "in one piece" },
                show(&case.input)
            ),
        }
    }
    println!(
        "{} random cases, seed {seed}, in {:.1} s: {} quiet, {} with warnings, {} malformed",
        range.end - range.start,
        clock.elapsed().as_secs_f64(),
        tally[0],
        tally[1],
        tally[2]
    );
}

#[test]
fn every_recorded_stream_plays_quietly() {
    let mut rng = Rng::seed_from_u64(DEFAULT_SEED);
    for (name, stream) in fixture_streams() {
        let turns = turn_starts(&stream).len() - 1;
        let variants = [
            (stream.clone(), "as recorded"),
            (crlf(&stream), "CRLF"),
            (reshaped(&stream, &mut rng), "reshaped blanks"),
        ];
        for (input, how) in variants {
            assert_eq!(oracle(&input).phases.len(), turns, "{name}, {how}: the oracle");
            let case = Case { input, label: name.clone(), quiet: true };
            let trickle = Some(Rng::seed_from_u64(rng.random()));
            for t in [None, trickle] {
                check(&case, builtin(0).as_mut(), t)
                    .unwrap_or_else(|e| panic!("{name}, {how}: {e}"));
            }
        }
    }
}

#[test]
fn truncated_at_every_byte() {
    let streams = fixture_streams();
    // A full game, a seat killed after turn 4, a seat that exited at turn 6.
    let picked = ["game-1001.json seat 0", "game-1051.json seat 3", "game-1056.json seat 0"];
    let mut runs = 0;
    let mut found = 0;
    for (name, stream) in streams.iter().filter(|(n, _)| picked.contains(&n.as_str())) {
        found += 1;
        for input in [stream.clone(), crlf(stream)] {
            for end in 0..=input.len() {
                let case = Case { input: input[..end].to_vec(), label: name.clone(), quiet: true };
                check(&case, builtin(end as u64).as_mut(), None)
                    .unwrap_or_else(|e| panic!("{name} cut at {end}: {e}"));
                runs += 1;
            }
        }
    }
    assert_eq!(found, picked.len());
    println!("{runs} truncations");
}

#[test]
fn the_oracle_knows_the_grammar() {
    let ok = oracle(b"9 4 6\n3 4 5 6 3 4\n2 N\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0 0 0\n");
    assert_eq!((ok.phases, ok.error), (vec![Phase::Night], None));
    let at = |s: &[u8]| oracle(s).error.unwrap();
    assert_eq!(at(b"9 4 6\n3 4 5 6 3"), "daimyo: malformed input at line 2 (settings): ");
    assert_eq!(
        at(b"9 4 6\n3 4 5 6 3 4\n1 D\n0 0 0\n0"),
        "daimyo: malformed input at line 4, token 4 (turn 1): "
    );
    // Settings not alone on their line: bare tokens, so only the end of input is wrong here.
    assert_eq!(at(b"9 4 6 3"), "daimyo: malformed input at line 1 (settings): ");
    assert_eq!(oracle(b"9\n4\n6\n3\n4\n5\n6\n3\n4\n2 N 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0").error, None);
    assert_eq!(
        at(b"9 4 6\n3 4 5 6 3 4\n0 D"),
        "daimyo: malformed input at line 3, token 1 (turn 1): "
    );
    assert_eq!(
        at(b"9 4 6\n3 4 5 6 3 4\n7 X"),
        "daimyo: malformed input at line 3, token 2 (turn 7): "
    );
}
