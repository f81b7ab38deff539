//! The field file (`--model FILE`, read before `READY`): any text through `player::field::parse`,
//! the reader the player, `bench` and the lab use. Each ends in a clean refusal or a field, never
//! a panic. A field read is written again (`FieldFile::text`) and reads back the same, and the
//! bot plays two turns on it (cheaply, `daimyo_fuzz::cheap`): a file that loads is one the bot
//! can play on.
//!
//! Text that is not UTF-8 is refused by `field::load` (`read_to_string`) before this reader.
//! Each field read is kept for the life of the process, as the player keeps its one: run with
//! a `-rss_limit_mb` to spare.
#![no_main]

use daimyo::player::field;
use daimyo_engine::agent::{Agent, LocalGame};
use daimyo_engine::bot::Bot;
use daimyo_engine::rules::{DAIMYO, Move, strengths_from_seed};
use libfuzzer_sys::fuzz_target;
use std::time::Instant;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (file, read) = match field::parse(text) {
        Ok(read) => read,
        Err(e) => {
            assert!(!e.is_empty() && !e.contains('\n'), "one line: {e:?}");
            return;
        }
    };
    let again = field::parse(&file.text()).expect("a field written reads again");
    assert_eq!(again.0, file, "the field written is the field read");

    let strengths = strengths_from_seed(7);
    let mut table = LocalGame::new(strengths);
    let mut bot = Bot::new("bot", daimyo_fuzz::cheap(read, false), daimyo_fuzz::BUDGET);
    bot.new_game(strengths, 7);
    for _ in 0..2 {
        let phase = table.state.phase();
        let mut moves = [Move::lord_zero(phase); DAIMYO];
        moves[0] = bot.act(&table.known[0], Instant::now());
        assert_eq!(moves[0].phase(), phase);
        table.play(&moves).expect("legal moves");
    }
});
