//! The answer line both ways: what a player writes for a move, and how the official manager
//! reads what a program writes (the READY line and each answer chunk).
//!
//! The manager takes the first chunk it reads after writing a turn, trims it, splits it on
//! single spaces and reads each token with JavaScript's `parseInt`; anything that is not a lord
//! becomes lord 0.

use daimyo_engine::rules::{DAY_PICKS, LORDS, Move, Phase};

/// A move as the answer line says it, without the newline: lord indices separated by single
/// spaces (`0 1 3 3 3`).
pub fn answer(mv: &Move) -> String {
    let lords: Vec<String> = mv.lords().iter().map(u8::to_string).collect();
    lords.join(" ")
}

/// The answer line a player writes for a move, newline included: it leaves in one write.
pub fn answer_line(mv: &Move) -> String {
    format!("{}\n", answer(mv))
}

/// The letter of a phase in the turn line: `D` or `N`.
pub fn phase_letter(phase: Phase) -> char {
    match phase {
        Phase::Day => 'D',
        Phase::Night => 'N',
    }
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
    let mut tokens = js_trim(&text).split(' ');
    let mut lords = [0u8; DAY_PICKS];
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
    let tokens: Vec<&str> = js_trim(&text).split(' ').collect();
    tokens.len() == phase.picks() && tokens.iter().all(|t| matches!(t.as_bytes(), [b'0'..=b'5']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manager_reading_of_answers() {
        let day = |s: &str| answer(&read_answer(s.as_bytes(), Phase::Day));
        assert_eq!(day("3  3 4 0 1"), "3 0 3 4 0");
        assert_eq!(day("4 5 0 5 4 4 4"), "4 5 0 5 4");
        assert_eq!(day("-1 3 1 3 4\n"), "0 3 1 3 4");
        assert_eq!(day("3x 3 0 3 1"), "3 3 0 3 1");
        assert_eq!(day("7 2 0 5 3"), "0 2 0 5 3");
        assert_eq!(day("5 4 5 4"), "5 4 5 4 0");
        assert_eq!(day(" 1\t2 3 4 5\r\n"), "1 3 4 5 0", "a tab is not a separator");
        assert_eq!(day("0x3 1 2 3 4"), "3 1 2 3 4");
        assert_eq!(day(""), "0 0 0 0 0");
        assert_eq!(answer(&read_answer(b"5  5", Phase::Night)), "5 0");
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
}
