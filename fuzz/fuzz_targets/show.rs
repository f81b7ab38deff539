//! show's readers: any text as a file `daimyo show` reads (the manager's result JSON, an arena
//! `--out` file, a player's `--log`), rendered as text and as a web page for its first two
//! games. Each ends in the rendering or a clean error, never a panic; the two agree but for a
//! logged game with no turn, which has no page; a whole game that renders has moves the rules
//! take and a result line (`winner:` or `draw:`).
#![no_main]

use daimyo::player::text::Paint;
use daimyo::workshop::records::{self, Recorded};
use daimyo::workshop::{show, viewer};
use daimyo_engine::rules::State;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // show reads its file with `read_to_string`: text that is not UTF-8 is refused there.
    let Ok(text) = std::str::from_utf8(data) else { return };
    for n in 1..=2 {
        let rendered = show::render(text, n, Paint(data.len() % 2 == 1));
        let page = viewer::page(text, n);
        // The page and the text read alike, but for a logged game with no turn (its input
        // malformed from turn 1): the text tells its error, the page has no board to draw.
        match (&rendered, &page) {
            (Ok(_), Err(e)) => assert_eq!(e, "the logged game has no turn to show", "game {n}"),
            (Err(e), Ok(_)) => panic!("game {n}: the page but not the text: {e}"),
            _ => {}
        }
        if let Ok(Recorded::Whole(g)) = records::recorded(text, n) {
            let mut state = State::new(g.strengths);
            for moves in &g.commands {
                state.play(moves).expect("a game read has moves the rules take");
            }
            let r = rendered.expect("a whole game read renders");
            assert!(r.contains("winner: ") || r.contains("draw: "), "{r}");
        }
    }
});
