//! The player's stdin as tokens: each with its input line, its place in the line and the moment
//! its bytes arrived.
//!
//! Input comes in one piece or many, CRLF and blank lines are fine, any spaces or tabs separate
//! tokens, a byte-order mark at the start is skipped. When the input is laid out in lines as the manager writes it, each protocol line must
//! be an input line of its own: a line with a value too few or too many is then reported where
//! it is, instead of shifting every later value and failing turns later, or never.

use std::io::Read;
use std::time::Instant;

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
pub const MAX_TOKEN: usize = 32;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

pub struct Token {
    pub text: Vec<u8>,
    pub line: usize,
    pub pos: usize,
    pub arrived: Instant,
}

/// The protocol line being read ("a public intimacy line", 4 values).
#[derive(Clone, Copy)]
struct Item {
    name: &'static str,
    len: u8,
    /// Tokens read so far and the input line of the first.
    read: u8,
    line: usize,
}

const NO_ITEM: Item = Item { name: "", len: 0, read: 0, line: 0 };

/// Reads tokens one `read` at a time, noting when bytes arrived.
pub struct Lexer<R: Read> {
    pub(super) src: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    chunk_time: Instant,
    /// When the chunk holding the end of the last token arrived: at a terminal, when the line
    /// that ended it was entered.
    pub last_arrival: Instant,
    line: usize,
    pos_in_line: usize,
    eof: bool,
    /// Whether anything has been read yet (a byte-order mark is looked for only at the start).
    begun: bool,
    /// The bytes read so far and not yet handed out by `take_read`, when asked for: those of the
    /// buffer before `mark` are in it.
    transcript: Option<Vec<u8>>,
    mark: usize,
    /// The protocol line being read and the one before it.
    item: Item,
    prev: Item,
    /// Whether the input is laid out in lines, as the manager writes it (decided by the grammar
    /// from the settings). Otherwise (a game on one line, a token per line) any white space
    /// separates tokens and only their count and order matter.
    pub lines: Option<bool>,
    /// The turn being read, for error messages.
    pub turn: u8,
}

/// A token as it can be printed on one line: control and non-ASCII bytes escaped, cut after
/// `MAX_TOKEN` bytes.
pub fn escaped(tok: &[u8]) -> String {
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
pub fn value(text: &[u8], max: u32) -> Result<u32, String> {
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

impl<R: Read> Lexer<R> {
    pub fn new(src: R) -> Self {
        Lexer {
            src,
            buf: vec![0u8; 1 << 16].into_boxed_slice(),
            start: 0,
            end: 0,
            chunk_time: Instant::now(),
            last_arrival: Instant::now(),
            line: 1,
            pos_in_line: 0,
            eof: false,
            begun: false,
            transcript: None,
            mark: 0,
            item: NO_ITEM,
            prev: NO_ITEM,
            lines: None,
            turn: 0,
        }
    }

    /// Reads the next chunk into the buffer. A UTF-8 byte-order mark at the very start of the
    /// input (some editors save one) is skipped as if it were not there.
    fn fill(&mut self) -> Result<bool, InputError> {
        if self.eof {
            return Ok(false);
        }
        if let Some(t) = &mut self.transcript {
            t.extend_from_slice(&self.buf[self.mark..self.end]);
        }
        let mut n = self.read_at(0)?;
        let mut skip = 0;
        if !self.begun {
            self.begun = true;
            // The mark may come split over reads: read on while what came is a prefix of it.
            while n > 0 && n < BOM.len() && BOM.starts_with(&self.buf[..n]) {
                match self.read_at(n)? {
                    0 => break,
                    more => n += more,
                }
            }
            if self.buf[..n].starts_with(BOM) {
                skip = BOM.len();
            }
        }
        if n == 0 {
            self.eof = true;
            return Ok(false);
        }
        (self.start, self.end, self.chunk_time) = (skip, n, Instant::now());
        self.mark = skip;
        if skip == n {
            return self.fill();
        }
        Ok(true)
    }

    /// One read into the buffer from `at`; 0 at end of input.
    fn read_at(&mut self, at: usize) -> Result<usize, InputError> {
        loop {
            match self.src.read(&mut self.buf[at..]) {
                Ok(n) => return Ok(n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.err(self.line, 0, format!("cannot read input: {e}"))),
            }
        }
    }

    /// Keeps the bytes read, for `take_read`.
    pub fn record(&mut self) {
        self.transcript = Some(Vec::new());
    }

    /// The bytes read since the last call, up to the end of the current line if it is already
    /// here (a turn's text with its last newline); empty unless `record` was called.
    pub fn take_read(&mut self) -> Vec<u8> {
        let Some(t) = &mut self.transcript else { return Vec::new() };
        while self.start < self.end && self.buf[self.start].is_ascii_whitespace() {
            let b = self.buf[self.start];
            self.start += 1;
            if b == b'\n' {
                self.line += 1;
                self.pos_in_line = 0;
                break;
            }
        }
        t.extend_from_slice(&self.buf[self.mark..self.start]);
        self.mark = self.start;
        std::mem::take(t)
    }

    pub fn err(&self, line: usize, token: usize, message: String) -> InputError {
        InputError { line, token, turn: self.turn, message }
    }

    /// An error at the end of the input read so far.
    pub fn err_here(&self, message: String) -> InputError {
        self.err(self.line, 0, message)
    }

    pub fn unexpected(&self, t: &Token, what: &str, why: &str) -> InputError {
        self.err(t.line, t.pos, format!("expected {what}, got '{}' ({why})", escaped(&t.text)))
    }

    /// Starts reading a protocol line of `len` tokens.
    pub fn begin(&mut self, name: &'static str, len: u8) {
        self.prev = self.item;
        self.item = Item { name, len, read: 0, line: 0 };
    }

    /// Skips white space; `false` at end of input.
    fn skip_blanks(&mut self) -> Result<bool, InputError> {
        loop {
            if self.start == self.end && !self.fill()? {
                return Ok(false);
            }
            let b = self.buf[self.start];
            if !b.is_ascii_whitespace() {
                return Ok(true);
            }
            if b == b'\n' {
                self.line += 1;
                self.pos_in_line = 0;
            }
            self.start += 1;
        }
    }

    /// The next token, `what` the protocol expects there, or `None` at end of input.
    pub fn token(&mut self, what: &str) -> Result<Option<Token>, InputError> {
        if !self.skip_blanks()? {
            return Ok(None);
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
        self.last_arrival = self.chunk_time;
        self.check_layout(&tok, what)?;
        if self.item.read == 0 {
            self.item.line = tok.line;
        }
        self.item.read += 1;
        Ok(Some(tok))
    }

    /// Laid out in lines, a protocol line must not end early or run on.
    fn check_layout(&self, tok: &Token, what: &str) -> Result<(), InputError> {
        let (item, prev) = (self.item, self.prev);
        if self.lines != Some(true) {
            return Ok(());
        }
        if item.read > 0 && tok.line != item.line {
            let (line, pos) = (item.line, item.read as usize + 1);
            let message = format!("expected {what}, got the end of the line (too few values)");
            return Err(self.err(line, pos, message));
        }
        if item.read == 0 && prev.read > 0 && tok.line == prev.line {
            let what = format!("the end of {} after {} values", prev.name, prev.len);
            return Err(self.unexpected(tok, &what, "a value too many"));
        }
        Ok(())
    }

    pub fn expect_token(&mut self, what: &str) -> Result<Token, InputError> {
        match self.token(what)? {
            Some(t) => Ok(t),
            None => Err(self
                .err_here(format!("expected {what}, got the end of input (it ended in mid-turn)"))),
        }
    }

    pub fn number(&mut self, what: &str, max: u32) -> Result<u32, InputError> {
        let t = self.expect_token(what)?;
        value(&t.text, max).map_err(|mut why| {
            if matches!(t.text.as_slice(), b"D" | b"N") && t.pos == 2 {
                why.push_str("; is a line missing before this turn line?");
            }
            self.unexpected(&t, what, &why)
        })
    }
}
