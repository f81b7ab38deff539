//! The player's input: arbitrary bytes as a whole game on stdin, through the very path the
//! binary takes (`player::play::run`: the reader, the tracker, the bot and the answers), with
//! the bot at a tiny rollout budget and no clock (`daimyo_fuzz::BUDGET`), and made cheap
//! (`daimyo_fuzz::cheap`: the small field without its searching rules, its rules read at one
//! split, few worlds, no best-reply tilt). The bot answers the last whole turn the input holds,
//! the position the bytes lead to; every turn before it is answered with lord 0
//! (`daimyo_fuzz::OneTurn`), through the same reader, tracker and answers.
//!
//! Each run ends one of two ways: exit 0 with a legal answer to every turn read, or exit 2 with
//! one `daimyo: malformed input at ...` line on stderr. Stdout holds `READY` and the answers
//! (each as the manager reads one: `docs/protocol.md`, "How the manager reads an answer"),
//! nothing else; never a panic (libFuzzer aborts on one, even one the bot would catch), never a
//! hang (run with `-timeout`).
#![no_main]

use daimyo::player::play::{self, Settings};
use daimyo::player::protocol::InputReader;
use daimyo_engine::bot::Bot;
use daimyo_engine::rules::{LORDS, Phase};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The turns the reader reads from the bytes, up to the end or the first error.
    let mut reader = InputReader::new(data);
    let mut phases = Vec::new();
    let mut malformed = false;
    loop {
        match reader.next_turn() {
            Ok(Some(t)) => phases.push(t.view.phase),
            Ok(None) => break,
            Err(_) => {
                malformed = true;
                break;
            }
        }
    }

    let field = daimyo_fuzz::small_field(daimyo_fuzz::WITHOUT_SEARCHES);
    let bot = Bot::new("bot", daimyo_fuzz::cheap(field, false), daimyo_fuzz::BUDGET);
    let mut player = daimyo_fuzz::OneTurn::new(bot, phases.len());
    let settings = Settings { seed: 1, budget: daimyo_fuzz::BUDGET, ..Settings::default() };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = play::run(data, &mut out, &mut err, &mut player, &settings);

    let out = String::from_utf8(out).expect("stdout is text");
    let err = String::from_utf8_lossy(&err);
    assert!(!err.contains("panicked"), "a panic on stderr: {err}");
    let mut lines = out.split_inclusive('\n');
    assert_eq!(lines.next(), Some("READY\n"), "stdout: {out:?}");
    let answers: Vec<&str> = lines.collect();
    assert_eq!(answers.len(), phases.len(), "one answer a turn read; stdout: {out:?}");
    for (a, phase) in answers.iter().zip(&phases) {
        let line = a.strip_suffix('\n').expect("an answer ends with a newline");
        let lords: Vec<&str> = line.split(' ').collect();
        let want = match phase {
            Phase::Day => 5,
            Phase::Night => 2,
        };
        assert_eq!(lords.len(), want, "answer {line:?} to a {phase:?} turn");
        for l in lords {
            assert!(
                l.len() == 1 && l.as_bytes()[0] >= b'0' && (l.as_bytes()[0] - b'0') < LORDS as u8,
                "answer {line:?}"
            );
        }
    }
    match code {
        0 => {
            assert!(!malformed, "exit 0 on input the reader refuses");
            assert!(err.lines().all(|l| l.starts_with("daimyo: warning, turn ")), "stderr: {err}");
        }
        2 => {
            assert!(malformed, "exit 2 on input the reader takes");
            let errors: Vec<&str> =
                err.lines().filter(|l| !l.starts_with("daimyo: warning")).collect();
            assert_eq!(errors.len(), 1, "stderr: {err}");
            assert!(errors[0].starts_with("daimyo: malformed input at "), "stderr: {err}");
        }
        other => panic!("exit code {other}; stderr: {err}"),
    }
});
