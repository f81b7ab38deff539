//! The official manager's text, both ways, and nothing else does text.
//!
//! - `View` is what one daimyo is shown at the start of a turn; `View::of_seat` builds it from the
//!   referee's `State` and `render` writes it byte for byte as the manager does.
//! - `InputReader` reads a player's stdin as lines of tokens (any spaces or tabs between them,
//!   CRLF and blank lines are fine, input in one piece or many), notes when each turn's first
//!   byte arrived (the deadline is measured from there) and turns malformed input into an
//!   `InputError` naming line, token and turn. Each line of the protocol must be a line of its
//!   own, so that a value too few or too many is caught on its line.
//! - `read_answer` reads a program's answer the way the manager does: first chunk, trimmed, split
//!   on single spaces, JavaScript `parseInt`, anything not a lord becomes lord 0.

use crate::rules::{DAIMYO, LORDS, Move, Phase, Row, State, TURNS};
use std::fmt::Write as _;
use std::io::Read;
use std::time::Instant;

/// The settings line the manager sends: turns, daimyo, lords.
pub const SETTINGS: [u32; 3] = [TURNS as u32, DAIMYO as u32, LORDS as u32];
/// Intimacies above this cannot be stored; beyond the game's own maximum they are merely
/// impossible, up to here they still parse.
pub const MAX_VALUE: u32 = 255;

/// What one daimyo sees at the start of a turn. Column 0 is the daimyo itself, columns 1..3
/// the others in ascending seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub turn: u8,
    pub phase: Phase,
    /// Public intimacy per column.
    pub public: [Row; DAIMYO],
    /// The daimyo's own true intimacy.
    pub own: Row,
    /// Negotiations per lord in the previous night, all four daimyo (day turns only).
    pub last_night: Option<Row>,
}

/// The seats behind a seat's columns: seat 2 sees seats 2, 0, 1, 3.
pub fn columns(seat: usize) -> [usize; DAIMYO] {
    let mut cols = [seat; DAIMYO];
    let mut c = 1;
    for s in 0..DAIMYO {
        if s != seat {
            cols[c] = s;
            c += 1;
        }
    }
    cols
}

impl View {
    pub fn of_seat(state: &State, seat: usize) -> View {
        let cols = columns(seat);
        let phase = state.phase();
        View {
            turn: state.turn,
            phase,
            public: cols.map(|s| state.public[s]),
            own: state.real[seat],
            last_night: (phase == Phase::Day).then_some(state.last_night),
        }
    }

    /// The turn's text exactly as the manager writes it (turn 1 includes the settings).
    pub fn render(&self, strengths: &[u8; LORDS], out: &mut String) {
        if self.turn == 1 {
            render_settings(strengths, out);
        }
        let _ = writeln!(out, "{} {}", self.turn, self.phase.letter());
        for lord in 0..LORDS {
            let v = self.public.map(|r| r.get(lord));
            let _ = writeln!(out, "{} {} {} {}", v[0], v[1], v[2], v[3]);
        }
        render_row(self.own, out);
        if let Some(n) = self.last_night {
            render_row(n, out);
        }
    }
}

fn render_settings(strengths: &[u8; LORDS], out: &mut String) {
    let _ = writeln!(out, "{} {} {}", SETTINGS[0], SETTINGS[1], SETTINGS[2]);
    render_row(Row::from_array(*strengths), out);
}

fn render_row(r: Row, out: &mut String) {
    let a = r.to_array();
    let _ = writeln!(out, "{} {} {} {} {} {}", a[0], a[1], a[2], a[3], a[4], a[5]);
}

/// Malformed input: what was expected, what came, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    /// Position of the token within its line, from 1; 0 at end of input.
    pub token: usize,
    /// The turn being read, 0 while reading the settings.
    pub turn: u8,
    pub message: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let place =
            if self.turn == 0 { "settings".to_string() } else { format!("turn {}", self.turn) };
        if self.token == 0 {
            write!(f, "line {} ({place}): {}", self.line, self.message)
        } else {
            write!(f, "line {}, token {} ({place}): {}", self.line, self.token, self.message)
        }
    }
}

/// Tokens longer than this are not numbers of this protocol. The reader stops one byte past it,
/// so a whitespace-free flood of bytes neither grows memory nor keeps the error waiting.
const MAX_TOKEN: usize = 32;

struct Token {
    text: Vec<u8>,
    line: usize,
    pos: usize,
    arrived: Instant,
}

/// The protocol line being read ("a public intimacy line", 4 values). When the input is laid
/// out in lines (see `lines`), each must sit on an input line of its own: a line with a value
/// too few or too many is then reported where it is, instead of shifting every later value and
/// failing turns later, or never.
#[derive(Clone, Copy)]
struct Item {
    name: &'static str,
    len: u8,
    /// Tokens read so far and the input line of the first.
    read: u8,
    line: usize,
}

/// Reads the manager's stream as lines of tokens, one `read` at a time, noting when bytes
/// arrived.
pub struct InputReader<R: Read> {
    src: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    chunk_time: Instant,
    line: usize,
    pos_in_line: usize,
    eof: bool,
    turn: u8,
    /// The phase letter of the last turn read (a night has no N line: a hint for errors).
    last_phase: Option<Phase>,
    /// The protocol line being read and the one before it.
    item: Item,
    prev: Item,
    /// Whether the input is laid out in lines, as the manager writes it: decided by the
    /// settings, `9 4 6` alone on its line. Otherwise (a game on one line, a token per line)
    /// any white space separates tokens and only their count and order matter.
    lines: Option<bool>,
    settings_read: bool,
    strengths: [u8; LORDS],
    /// When the last answer left: a turn's clock starts no earlier (input piped ahead of time).
    answered_at: Option<Instant>,
}

/// One turn read from the input.
#[derive(Clone, Copy, Debug)]
pub struct TurnInput {
    pub view: View,
    /// When the turn's first byte arrived (or the last answer left, if later).
    pub started: Instant,
}

/// A token as it can be printed on one line: control and non-ASCII bytes escaped, cut after
/// `MAX_TOKEN` bytes.
fn escaped(tok: &[u8]) -> String {
    let mut s = String::new();
    for &b in tok.iter().take(MAX_TOKEN) {
        s.extend(std::ascii::escape_default(b).map(char::from));
    }
    if tok.len() > MAX_TOKEN {
        s.push_str("...");
    }
    s
}

/// The value of a token that should be a number `0..=max`, or why it is not one.
fn value(text: &[u8], max: u32) -> Result<u32, String> {
    let digits = |t: &[u8]| !t.is_empty() && t.iter().all(u8::is_ascii_digit);
    if text.len() > MAX_TOKEN {
        return Err(format!("no space after {MAX_TOKEN} bytes"));
    }
    if text.first() == Some(&b'-') && digits(&text[1..]) {
        return Err("negative".into());
    }
    if !digits(text) {
        return Err("not a number".into());
    }
    let mut v = 0u32;
    for &d in text {
        v = v * 10 + u32::from(d - b'0');
        if v > max {
            return Err(format!("larger than {max}"));
        }
    }
    Ok(v)
}

const NO_N_LINE: &str = "a night turn has no N line";

impl<R: Read> InputReader<R> {
    pub fn new(src: R) -> Self {
        let none = Item { name: "", len: 0, read: 0, line: 0 };
        InputReader {
            src,
            buf: vec![0u8; 1 << 16].into_boxed_slice(),
            start: 0,
            end: 0,
            chunk_time: Instant::now(),
            line: 1,
            pos_in_line: 0,
            eof: false,
            turn: 0,
            last_phase: None,
            item: none,
            prev: none,
            lines: None,
            settings_read: false,
            strengths: [0; LORDS],
            answered_at: None,
        }
    }

    /// The lord strengths, once the settings have been read.
    pub fn strengths(&self) -> Option<[u8; LORDS]> {
        self.settings_read.then_some(self.strengths)
    }

    /// Tells the reader an answer has just been written.
    pub fn answered(&mut self, at: Instant) {
        self.answered_at = Some(at);
    }

    fn fill(&mut self) -> Result<bool, InputError> {
        if self.eof {
            return Ok(false);
        }
        loop {
            match self.src.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.start = 0;
                    self.end = n;
                    self.chunk_time = Instant::now();
                    return Ok(true);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.err(self.line, 0, format!("cannot read input: {e}"))),
            }
        }
    }

    fn err(&self, line: usize, token: usize, message: String) -> InputError {
        InputError { line, token, turn: self.turn, message }
    }

    fn unexpected(&self, t: &Token, what: &str, why: &str) -> InputError {
        self.err(t.line, t.pos, format!("expected {what}, got '{}' ({why})", escaped(&t.text)))
    }

    /// Starts reading a protocol line of `len` tokens.
    fn begin(&mut self, name: &'static str, len: u8) {
        self.prev = self.item;
        self.item = Item { name, len, read: 0, line: 0 };
    }

    /// The next token, `what` the protocol expects there, or `None` at end of input.
    fn token(&mut self, what: &str) -> Result<Option<Token>, InputError> {
        loop {
            if self.start == self.end && !self.fill()? {
                return Ok(None);
            }
            let b = self.buf[self.start];
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                self.line += 1;
                self.pos_in_line = 0;
            }
            self.start += 1;
        }
        self.pos_in_line += 1;
        let mut tok = Token {
            text: Vec::new(),
            line: self.line,
            pos: self.pos_in_line,
            arrived: self.chunk_time,
        };
        while tok.text.len() <= MAX_TOKEN {
            if self.start == self.end && !self.fill()? {
                break;
            }
            let b = self.buf[self.start];
            if b.is_ascii_whitespace() {
                break;
            }
            tok.text.push(b);
            self.start += 1;
        }
        let (item, prev) = (self.item, self.prev);
        let lines = self.lines == Some(true);
        if lines && item.read > 0 && tok.line != item.line {
            let (line, pos) = (item.line, item.read as usize + 1);
            let message = format!("expected {what}, got the end of the line (too few values)");
            return Err(self.err(line, pos, message));
        }
        if lines && item.read == 0 && prev.read > 0 && tok.line == prev.line {
            let what = format!("the end of {} after {} values", prev.name, prev.len);
            return Err(self.unexpected(&tok, &what, "a value too many"));
        }
        if item.read == 0 {
            self.item.line = tok.line;
        }
        self.item.read += 1;
        Ok(Some(tok))
    }

    fn expect_token(&mut self, what: &str) -> Result<Token, InputError> {
        match self.token(what)? {
            Some(t) => Ok(t),
            None => Err(self.err(
                self.line,
                0,
                format!("expected {what}, got the end of input (it ended in mid-turn)"),
            )),
        }
    }

    fn number(&mut self, what: &str, max: u32) -> Result<u32, InputError> {
        let t = self.expect_token(what)?;
        value(&t.text, max).map_err(|mut why| {
            if matches!(t.text.as_slice(), b"D" | b"N") && t.pos == 2 {
                why.push_str("; is a line missing before this turn line?");
            }
            self.unexpected(&t, what, &why)
        })
    }

    fn row(&mut self, name: &'static str, what: &str) -> Result<Row, InputError> {
        self.begin(name, LORDS as u8);
        let mut a = [0u8; LORDS];
        for (lord, x) in a.iter_mut().enumerate() {
            *x = self.number(&format!("{what} lord {lord}"), MAX_VALUE)? as u8;
        }
        Ok(Row::from_array(a))
    }

    /// Reads `9 4 6` and the strengths; `Ok(None)` if the input is empty, else when the settings'
    /// first byte arrived.
    fn settings(&mut self) -> Result<Option<Instant>, InputError> {
        const WANT: &str = "the settings line '9 4 6' (turns, daimyo, lords)";
        self.begin("the settings line", SETTINGS.len() as u8);
        let Some(first) = self.token(WANT)? else {
            return Ok(None);
        };
        let arrived = first.arrived;
        let first_line = first.line;
        let mut one_line = true;
        let mut got = Vec::new();
        let mut tok = Some(first);
        for want in SETTINGS {
            let t = match tok.take() {
                Some(t) => t,
                None => self.expect_token(WANT)?,
            };
            got.push(escaped(&t.text));
            one_line &= t.line == first_line;
            if t.text != want.to_string().as_bytes() {
                let got = got.join(" ");
                return Err(self.err(t.line, t.pos, format!("expected {WANT}, got '{got}'")));
            }
        }
        self.begin("the strengths line", LORDS as u8);
        for lord in 0..LORDS {
            let what = format!("the strength of lord {lord} (3..6)");
            let t = self.expect_token(&what)?;
            if lord == 0 {
                self.lines = Some(one_line && t.line != first_line);
            }
            match value(&t.text, 6) {
                Ok(v) if v >= 3 => self.strengths[lord] = v as u8,
                Ok(_) => return Err(self.unexpected(&t, &what, "smaller than 3")),
                Err(why) => return Err(self.unexpected(&t, &what, &why)),
            }
        }
        self.settings_read = true;
        Ok(Some(arrived))
    }

    /// Reads the next turn; `Ok(None)` when the input ends between turns.
    pub fn next_turn(&mut self) -> Result<Option<TurnInput>, InputError> {
        let mut started = None;
        if !self.settings_read {
            match self.settings()? {
                None => return Ok(None),
                Some(t) => started = Some(t),
            }
            self.turn = 1;
        }
        let what = "the number 1..9 of the next turn";
        self.begin("the turn line 'T P'", 2);
        let head = match (self.token(what)?, started) {
            (Some(t), _) => t,
            (None, None) => return Ok(None),
            (None, Some(_)) => {
                let what = "the turn line '1 D' (the settings begin turn 1)";
                return Err(self.err(
                    self.line,
                    0,
                    format!("expected {what}, got the end of input"),
                ));
            }
        };
        let started = started.unwrap_or(head.arrived);
        self.turn = match value(&head.text, TURNS as u32) {
            Ok(t) if t >= 1 => t as u8,
            Ok(_) if self.last_phase == Some(Phase::Night) => {
                return Err(self.unexpected(&head, what, &format!("no turn 0; {NO_N_LINE}")));
            }
            Ok(_) => return Err(self.unexpected(&head, what, "there is no turn 0")),
            Err(why) => return Err(self.unexpected(&head, what, &why)),
        };
        let p = self.expect_token("the phase D or N")?;
        let phase = match p.text.as_slice() {
            b"D" => Phase::Day,
            b"N" => Phase::Night,
            other => {
                let why = if self.last_phase == Some(Phase::Night) && value(other, 255).is_ok() {
                    NO_N_LINE
                } else {
                    "not a phase letter"
                };
                return Err(self.unexpected(&p, "the phase D or N", why));
            }
        };
        self.last_phase = Some(phase);
        let mut public = [Row::ZERO; DAIMYO];
        for lord in 0..LORDS {
            self.begin("a public intimacy line", DAIMYO as u8);
            for (col, r) in public.iter_mut().enumerate() {
                let what = format!("the public intimacy of lord {lord}, column {col}");
                *r = r.bump(lord, self.number(&what, MAX_VALUE)? as u8);
            }
        }
        let own = self.row("the R line", "the R line (own intimacy),")?;
        let last_night = match phase {
            Phase::Day => Some(self.row("the N line", "the N line (a day turn has one),")?),
            Phase::Night => None,
        };
        let started = match self.answered_at {
            Some(a) if a > started => a,
            _ => started,
        };
        let turn = self.turn;
        Ok(Some(TurnInput { view: View { turn, phase, public, own, last_night }, started }))
    }
}

/// Reads a whole recorded input stream: the strengths and every turn's view.
pub fn parse_stream(bytes: &[u8]) -> Result<([u8; LORDS], Vec<View>), InputError> {
    let mut r = InputReader::new(bytes);
    let mut views = Vec::new();
    while let Some(t) = r.next_turn()? {
        views.push(t.view);
    }
    Ok((r.strengths().unwrap_or([0; LORDS]), views))
}

/// JavaScript's `parseInt(s)` with no radix: leading whitespace, a sign, digits (or `0x` and hex
/// digits), stopping at the first other character; `None` for NaN.
pub fn js_parse_int(s: &str) -> Option<i64> {
    let s = s.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (neg, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (radix, s) = if s.len() >= 2 && (s.starts_with("0x") || s.starts_with("0X")) {
        (16, &s[2..])
    } else {
        (10, s)
    };
    let digits: String = s.chars().take_while(|c| c.is_digit(radix)).take(18).collect();
    if digits.is_empty() {
        return None;
    }
    let v = i64::from_str_radix(&digits, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// JavaScript's `String.prototype.trim`: white space and the byte-order mark.
fn js_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

/// The move the manager applies for an answer chunk on a turn of `phase`.
pub fn read_answer(chunk: &[u8], phase: Phase) -> Move {
    let text = String::from_utf8_lossy(chunk);
    let trimmed = js_trim(&text);
    let mut tokens = trimmed.split(' ');
    let mut lords = [0u8; crate::rules::DAY_PICKS];
    let n = phase.picks();
    for l in lords.iter_mut().take(n) {
        *l = match tokens.next().and_then(js_parse_int) {
            Some(v) if (0..LORDS as i64).contains(&v) => v as u8,
            _ => 0,
        };
    }
    Move::new(&lords[..n]).expect("lords are in range")
}

/// Whether a program's first chunk is the manager's READY: trimmed, any case.
pub fn says_ready(chunk: &[u8]) -> bool {
    js_trim(&String::from_utf8_lossy(chunk)).to_lowercase() == "ready"
}

/// Whether an answer chunk is exactly what the protocol asks for: after trimming, the phase's
/// number of single-digit lords 0..5 separated by single spaces. `read_answer` reads anything;
/// this tells the arena which answers only worked by luck or were mangled.
pub fn is_well_formed(chunk: &[u8], phase: Phase) -> bool {
    let text = String::from_utf8_lossy(chunk);
    let trimmed = js_trim(&text);
    let tokens: Vec<&str> = trimmed.split(' ').collect();
    tokens.len() == phase.picks() && tokens.iter().all(|t| matches!(t.as_bytes(), [b'0'..=b'5']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manager_reading_of_answers() {
        let day = |s: &str| read_answer(s.as_bytes(), Phase::Day).to_string();
        assert_eq!(day("3  3 4 0 1"), "3 0 3 4 0");
        assert_eq!(day("4 5 0 5 4 4 4"), "4 5 0 5 4");
        assert_eq!(day("-1 3 1 3 4\n"), "0 3 1 3 4");
        assert_eq!(day("3x 3 0 3 1"), "3 3 0 3 1");
        assert_eq!(day("7 2 0 5 3"), "0 2 0 5 3");
        assert_eq!(day("5 4 5 4"), "5 4 5 4 0");
        assert_eq!(day(" 1\t2 3 4 5\r\n"), "1 3 4 5 0", "a tab is not a separator");
        assert_eq!(day("0x3 1 2 3 4"), "3 1 2 3 4");
        assert_eq!(day(""), "0 0 0 0 0");
        assert_eq!(read_answer(b"5  5", Phase::Night).to_string(), "5 0");
    }

    #[test]
    fn well_formed_answers_and_ready() {
        let day = |s: &str| is_well_formed(s.as_bytes(), Phase::Day);
        assert!(day("0 1 2 3 5\n") && day(" 4 4 4 4 4 "));
        assert!(!day("0 1 2 3") && !day("0 1 2 3 4 5") && !day("0  1 2 3 4") && !day("0 1 2 3 6"));
        assert!(!day("0 1 2 3 3x") && !day("0\t1 2 3 4") && !day("0 1 2 3 04"));
        assert!(is_well_formed(b"5 5\n", Phase::Night) && !is_well_formed(b"5", Phase::Night));
        assert!(says_ready(b"READY\n") && says_ready(b" ready\r\n"));
        assert!(!says_ready(b"READY\n1 2") && !says_ready(b"") && !says_ready(b"REDY"));
    }

    #[test]
    fn columns_put_self_first() {
        assert_eq!(columns(0), [0, 1, 2, 3]);
        assert_eq!(columns(2), [2, 0, 1, 3]);
        assert_eq!(columns(3), [3, 0, 1, 2]);
    }

    fn err_of(input: &str) -> InputError {
        parse_stream(input.as_bytes()).unwrap_err()
    }

    const TURN1: &str = "9 4 6\n3 4 5 6 3 4\n1 D\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";

    #[test]
    fn laid_out_in_lines_or_as_bare_tokens() {
        // The manager's layout: any blanks within lines, CRLF and blank lines between them.
        let loose = TURN1.replace('\n', " \r\n\n").replace("1 D", "\t1   D").replace("4 5", "4\t5");
        let (st, views) = parse_stream(loose.as_bytes()).unwrap();
        assert_eq!(st, [3, 4, 5, 6, 3, 4]);
        assert_eq!(views.len(), 1);
        assert_eq!(views[0].last_night, Some(Row::ZERO));
        // Laid out in lines, a protocol line split in two is a line with values missing.
        let e = err_of(&TURN1.replace("1 D", "1\nD"));
        assert_eq!((e.line, e.token, e.turn), (3, 2, 1));
        assert!(e.message.contains("the phase D or N, got the end of the line"), "{e}");
        // Without the settings alone on their line, tokens are all that count: a game on one
        // line, or one token per line, reads the same.
        for bare in [TURN1.replace('\n', " "), TURN1.replace(' ', "\n")] {
            let (st, views) = parse_stream(bare.as_bytes()).unwrap();
            assert_eq!(st, [3, 4, 5, 6, 3, 4]);
            assert_eq!(views.len(), 1);
        }
        let e = err_of(&TURN1.replace('\n', " ").replace(" 1 D ", " 1 X "));
        assert!(e.message.contains("phase D or N"), "{e}");
    }

    #[test]
    fn errors_name_the_place() {
        let e = err_of(&TURN1.replace("1 D\n0 0 0 0\n0 0", "1 D\n0 0 0 0\n0 x"));
        assert_eq!((e.line, e.token, e.turn), (5, 2, 1));
        assert!(e.message.contains("'x'") && e.message.contains("not a number"), "{e}");
        let e = err_of(&TURN1.replace("9 4 6", "9 4 7"));
        assert_eq!((e.line, e.token, e.turn), (1, 3, 0));
        let e = err_of(&TURN1.replace("3 4 5 6 3 4", "3 4 5 7 3 4"));
        assert!(e.message.contains("strength of lord 3"), "{e}");
        let e = err_of(&TURN1.replace("1 D", "1 X"));
        assert!(e.message.contains("phase D or N"), "{e}");
        let e = err_of(&TURN1[..TURN1.len() - 4]);
        assert!(e.message.contains("ended in mid-turn") && e.token == 0, "{e}");
        let e = err_of(&TURN1.replace("0 0 0 0 0 0\n0 0 0 0 0 0\n", "0 0 0 0 0 0\n"));
        assert!(e.message.contains("N line"), "{e}");
        let e = err_of(&TURN1.replacen("0 0 0 0\n", "0 -2 0 0\n", 1));
        assert!(e.message.contains("negative"), "{e}");
        let e = err_of(&TURN1.replacen("0 0 0 0\n", "0 256 0 0\n", 1));
        assert!(e.message.contains("larger than 255"), "{e}");
    }

    #[test]
    fn empty_input_is_not_an_error() {
        assert_eq!(parse_stream(b"").unwrap().1.len(), 0);
        assert_eq!(parse_stream(b"  \n ").unwrap().1.len(), 0);
    }
}
