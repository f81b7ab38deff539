//! The bot's turn: a legal position reachable in a game, built by playing arbitrary legal moves
//! from the manager's lords for a seed (`docs/protocol.md`, "The lords drawn from a seed"),
//! answered by the bot with a legal move inside its budget. The input picks the position: the
//! seat, the turn, and every daimyo's moves before it (the bot's seat too, as for a player
//! restarted mid-game); the bot answers that turn, or that turn and the next when the input
//! asks (so that the turn-6 reveal of what turn 5 foresaw is reported). Each answer must be of
//! the turn's phase and come within the budget: 16 rollouts without a clock, or, when the input
//! asks, with a 2 ms clock too (the answer's time checked against the manager's 1000 ms, so
//! that a loaded machine does not make a false alarm). After each answer the bot's report (what
//! `--verbose` and `--log` print) is asked for too. The bot is made cheap
//! (`daimyo_fuzz::cheap`: its rules read at one split on a thousandth of the searching rules'
//! budgets, few worlds) on the part of the small field the input picks
//! (`daimyo_fuzz::small_field`), and tilts the last turn toward best replies in one game (seed)
//! in `REPLY_EVERY`.
//!
//! Input (`arbitrary::Unstructured`): the seed as 4 bytes little-endian; a byte for the seat
//! (low 2 bits), the turn the bot answers (next 4 bits, taken modulo 9, plus 1), whether it
//! answers the next turn too (bit 6) and the clock (top bit); a byte whose low 7 bits pick the
//! components of the small field; then for each turn and each seat the bot does not answer, a
//! byte that picks one of the phase's legal moves (`moves::legal`).
#![no_main]

use arbitrary::{Result, Unstructured};
use daimyo_engine::agent::{Agent, LocalGame};
use daimyo_engine::bot::Bot;
use daimyo_engine::moves;
use daimyo_engine::rules::{DAIMYO, Move, TURNS, strengths_from_seed};
use daimyo_engine::timeman::Budget;
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};

/// The clocked budget: a 2 ms clock as well as the rollouts, so that the clock's paths are
/// taken (the model's readings and the search cut at their deadlines) without a clocked turn
/// costing more than an unclocked one.
const CLOCK: Budget = Budget { time_ms: Some(2), no_clock: false, ..daimyo_fuzz::BUDGET };

fn run(u: &mut Unstructured) -> Result<()> {
    let seed = u32::from_le_bytes(u.bytes(4)?.try_into().unwrap());
    let b = u.bytes(1)?[0];
    let (seat, from, clocked) = (b as usize % DAIMYO, (b >> 2) % 16 % TURNS + 1, b & 0x80 != 0);
    let until = if b & 0x40 != 0 { (from + 1).min(TURNS) } else { from };
    let field = daimyo_fuzz::small_field(u.bytes(1)?[0]);
    let budget = if clocked { CLOCK } else { daimyo_fuzz::BUDGET };
    let strengths = strengths_from_seed(seed);
    let mut table = LocalGame::new(strengths);
    let reply = u64::from(seed) % daimyo_fuzz::REPLY_EVERY == 0;
    let mut bot = Bot::new("bot", daimyo_fuzz::cheap(field, reply), budget);
    bot.new_game(strengths, u64::from(seed));
    while table.state.turn <= until {
        let turn = table.state.turn;
        let phase = table.state.phase();
        let legal = moves::legal(phase);
        let pick = |u: &mut Unstructured| -> Result<Move> {
            let i = u.bytes(1)?[0] as usize % legal.len();
            Ok(Move::from_counts(legal[i]).expect("a legal move"))
        };
        let answers = turn >= from;
        let mut mvs = [Move::lord_zero(phase); DAIMYO];
        for (s, mv) in mvs.iter_mut().enumerate() {
            if s != seat || !answers {
                *mv = pick(u)?;
            }
        }
        if answers {
            let started = Instant::now();
            let mv = bot.act(&table.known[seat], started);
            let took = started.elapsed();
            assert_eq!(mv.phase(), phase, "turn {turn}: {:?}", mv.lords());
            assert!(mv.lords().iter().all(|&l| l < 6));
            if clocked {
                assert!(took < Duration::from_millis(1000), "turn {turn}: {took:?}");
            }
            let _ = bot.report();
            mvs[seat] = mv;
        }
        table.play(&mvs).expect("legal moves of the turn's phase");
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
