//! The manager's stream as a game: the settings, then one `View` per turn.
//!
//! Each turn notes when its first byte arrived (or when the last answer left, if later: input
//! piped in ahead of time), which is where the answer's clock starts. Input typed by a person at
//! a terminal is read differently: the clock starts when the turn's last line was entered (a
//! person's typing is not the bot's time), and the line layout does not matter (a person may
//! begin the turn on the strengths' line).

use super::lexer::{InputError, Lexer, Token, value};
use super::render::SETTINGS;
use daimyo_engine::rules::{DAIMYO, LORDS, Phase, Row, TURNS, View};
use std::io::Read;
use std::time::Instant;

/// Intimacies above this cannot be stored; beyond the game's own maximum they are merely
/// impossible, up to here they still parse.
pub const MAX_VALUE: u32 = 255;

const NO_N_LINE: &str = "a night turn has no N line";

/// Reads the manager's stream turn by turn.
pub struct InputReader<R: Read> {
    lex: Lexer<R>,
    /// The phase letter of the last turn read (a night has no N line: a hint for errors).
    last_phase: Option<Phase>,
    strengths: Option<[u8; LORDS]>,
    /// When the last answer left: a turn's clock starts no earlier (input piped ahead of time).
    answered_at: Option<Instant>,
    /// Typed by a person at a terminal.
    typed: bool,
}

/// One turn read from the input.
#[derive(Clone, Copy, Debug)]
pub struct TurnInput {
    pub view: View,
    /// When the turn's first byte arrived (when typed at a terminal, when its last line was
    /// entered), or when the last answer left, if later.
    pub started: Instant,
}

impl<R: Read> InputReader<R> {
    pub fn new(src: R) -> Self {
        InputReader {
            lex: Lexer::new(src),
            last_phase: None,
            strengths: None,
            answered_at: None,
            typed: false,
        }
    }

    /// The input is typed by a person at a terminal: bare tokens, whatever the lines, and each
    /// turn's clock from the end of its input.
    pub fn typed(mut self) -> Self {
        self.typed = true;
        self.lex.lines = Some(false);
        self
    }

    /// The lord strengths, once the settings have been read.
    pub fn strengths(&self) -> Option<[u8; LORDS]> {
        self.strengths
    }

    /// Keeps the text read, turn by turn, for `take_read`.
    pub fn record(mut self) -> Self {
        self.lex.record();
        self
    }

    /// The text read since the last call (a whole turn's after `next_turn`), if `record`ed.
    pub fn take_read(&mut self) -> Vec<u8> {
        self.lex.take_read()
    }

    /// Tells the reader an answer has just been written.
    pub fn answered(&mut self, at: Instant) {
        self.answered_at = Some(at);
    }

    fn row(&mut self, name: &'static str, what: &str) -> Result<Row, InputError> {
        self.lex.begin(name, LORDS as u8);
        let mut a = [0u8; LORDS];
        for (lord, x) in a.iter_mut().enumerate() {
            *x = self.lex.number(&format!("{what} lord {lord}"), MAX_VALUE)? as u8;
        }
        Ok(Row::from_array(a))
    }

    /// Reads `9 4 6` and the strengths; `Ok(None)` if the input is empty, else when the settings'
    /// first byte arrived. The settings alone on their line decide that the input is laid out
    /// in lines.
    fn settings(&mut self) -> Result<Option<Instant>, InputError> {
        const WANT: &str = "the settings line '9 4 6' (turns, daimyo, lords)";
        self.lex.begin("the settings line", SETTINGS.len() as u8);
        let Some(first) = self.lex.token(WANT)? else {
            return Ok(None);
        };
        let (arrived, first_line) = (first.arrived, first.line);
        let mut one_line = true;
        let mut got = Vec::new();
        let mut tok = Some(first);
        for want in SETTINGS {
            let t = match tok.take() {
                Some(t) => t,
                None => self.lex.expect_token(WANT)?,
            };
            got.push(super::lexer::escaped(&t.text));
            one_line &= t.line == first_line;
            if t.text != want.to_string().as_bytes() {
                let got = got.join(" ");
                return Err(self.lex.err(t.line, t.pos, format!("expected {WANT}, got '{got}'")));
            }
        }
        self.lex.begin("the strengths line", LORDS as u8);
        let mut strengths = [0; LORDS];
        for (lord, m) in strengths.iter_mut().enumerate() {
            let what = format!("the strength of lord {lord} (3..6)");
            let t = self.lex.expect_token(&what)?;
            if lord == 0 && !self.typed {
                self.lex.lines = Some(one_line && t.line != first_line);
            }
            *m = match value(&t.text, 6) {
                Ok(v) if v >= 3 => v as u8,
                Ok(_) => return Err(self.lex.unexpected(&t, &what, "smaller than 3")),
                Err(why) => return Err(self.lex.unexpected(&t, &what, &why)),
            };
        }
        self.strengths = Some(strengths);
        Ok(Some(arrived))
    }

    /// Reads the next turn; `Ok(None)` when the input ends between turns.
    pub fn next_turn(&mut self) -> Result<Option<TurnInput>, InputError> {
        let mut started = None;
        if self.strengths.is_none() {
            match self.settings()? {
                None => return Ok(None),
                Some(t) => started = Some(t),
            }
            self.lex.turn = 1;
        }
        let Some(head) = self.turn_line(started.is_some())? else {
            return Ok(None);
        };
        let started = started.unwrap_or(head.arrived);
        let phase = self.last_phase.expect("a turn line was read");
        let mut public = [Row::ZERO; DAIMYO];
        for lord in 0..LORDS {
            self.lex.begin("a public intimacy line", DAIMYO as u8);
            for (col, r) in public.iter_mut().enumerate() {
                let what = format!("the public intimacy of lord {lord}, column {col}");
                *r = r.bump(lord, self.lex.number(&what, MAX_VALUE)? as u8);
            }
        }
        let own = self.row("the R line", "the R line (own intimacy),")?;
        let last_night = match phase {
            Phase::Day => Some(self.row("the N line", "the N line (a day turn has one),")?),
            Phase::Night => None,
        };
        let started = if self.typed { self.lex.last_arrival } else { started };
        let started = self.answered_at.filter(|&a| a > started).unwrap_or(started);
        let turn = self.lex.turn;
        Ok(Some(TurnInput { view: View { turn, phase, public, own, last_night }, started }))
    }

    /// Reads `T P`, sets the turn and phase and returns the turn number's token; `None` at the
    /// end of input between turns (`after_settings`: the settings were just read, so a turn
    /// must follow).
    fn turn_line(&mut self, after_settings: bool) -> Result<Option<Token>, InputError> {
        let what = "the number 1..9 of the next turn";
        self.lex.begin("the turn line 'T P'", 2);
        let head = match self.lex.token(what)? {
            Some(t) => t,
            None if !after_settings => return Ok(None),
            None => {
                let what = "the turn line '1 D' (the settings begin turn 1)";
                return Err(self.lex.err_here(format!("expected {what}, got the end of input")));
            }
        };
        self.lex.turn = match value(&head.text, TURNS as u32) {
            Ok(t) if t >= 1 => t as u8,
            Ok(_) if self.last_phase == Some(Phase::Night) => {
                return Err(self.lex.unexpected(&head, what, &format!("no turn 0; {NO_N_LINE}")));
            }
            Ok(_) => return Err(self.lex.unexpected(&head, what, "there is no turn 0")),
            Err(why) => return Err(self.lex.unexpected(&head, what, &why)),
        };
        let p = self.lex.expect_token("the phase D or N")?;
        let phase = match p.text.as_slice() {
            b"D" => Phase::Day,
            b"N" => Phase::Night,
            other => {
                let why = if self.last_phase == Some(Phase::Night) && value(other, 255).is_ok() {
                    NO_N_LINE
                } else {
                    "not a phase letter"
                };
                return Err(self.lex.unexpected(&p, "the phase D or N", why));
            }
        };
        self.last_phase = Some(phase);
        Ok(Some(head))
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_text_of_each_turn_is_kept_when_asked() {
        let game = format!("{TURN1}2 N\n{}", "0 0 0 0\n".repeat(6) + "0 0 0 0 0 0\n");
        for chunk in [1, 7, 4096] {
            let lines = game.lines().map(|l| format!("{l}\n"));
            let pieces: Vec<String> = lines
                .collect::<String>()
                .as_bytes()
                .chunks(chunk)
                .map(|c| String::from_utf8(c.to_vec()).unwrap())
                .collect();
            let src = Lines { lines: pieces, sent: vec![] };
            let mut r = InputReader::new(src).record();
            r.next_turn().unwrap().unwrap();
            assert_eq!(String::from_utf8(r.take_read()).unwrap(), TURN1, "chunks of {chunk}");
            r.next_turn().unwrap().unwrap();
            let second = String::from_utf8(r.take_read()).unwrap();
            assert_eq!(format!("{TURN1}{second}"), game, "chunks of {chunk}");
        }
        let mut r = InputReader::new(TURN1.as_bytes());
        r.next_turn().unwrap();
        assert!(r.take_read().is_empty(), "nothing kept unless asked");
    }

    #[test]
    fn typed_input_ignores_the_line_layout() {
        // The settings alone on their line, then the turn begun on the strengths' line: laid
        // out in lines that is a value too many, typed at a terminal it is just tokens.
        let typed = TURN1.replacen("3 4 5 6 3 4\n1 D\n", "3 4 5 6 3 4 1 D\n", 1);
        let e = err_of(&typed);
        assert!(e.message.contains("a value too many"), "{e}");
        let mut r = InputReader::new(typed.as_bytes()).typed();
        let t = r.next_turn().unwrap().unwrap();
        assert_eq!((t.view.turn, r.strengths()), (1, Some([3, 4, 5, 6, 3, 4])));
    }

    /// Hands out one line per read, as a terminal does, noting when each left.
    struct Lines {
        lines: Vec<String>,
        sent: Vec<Instant>,
    }

    impl Read for Lines {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.sent.len() == self.lines.len() {
                return Ok(0);
            }
            // Distinct instants for each line, whatever the clock's resolution.
            std::thread::sleep(std::time::Duration::from_millis(1));
            let line = self.lines[self.sent.len()].as_bytes();
            buf[..line.len()].copy_from_slice(line);
            self.sent.push(Instant::now());
            Ok(line.len())
        }
    }

    #[test]
    fn typed_input_starts_the_clock_at_the_turns_last_line() {
        let lines =
            || Lines { lines: TURN1.lines().map(|l| format!("{l}\n")).collect(), sent: vec![] };
        let mut piped = InputReader::new(lines());
        let t = piped.next_turn().unwrap().unwrap();
        let sent = &piped.lex.src.sent;
        assert!(t.started >= sent[0] && t.started < sent[1], "piped: from the first byte");
        let mut typed = InputReader::new(lines()).typed();
        let t = typed.next_turn().unwrap().unwrap();
        let sent = &typed.lex.src.sent;
        assert!(t.started >= sent[sent.len() - 1], "typed: from the last line");
    }
}
