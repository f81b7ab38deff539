//! The official manager's text, both ways; nothing else reads or writes it.
//!
//! - `lexer`: the player's stdin as tokens with their line, position and arrival time; malformed
//!   bytes become an `InputError` naming line, token and turn.
//! - `grammar`: tokens into the settings and one typed `View` per turn (`InputReader`), noting
//!   when each turn's first byte arrived: the deadline is measured from there.
//! - `render`: a `View` into the bytes the manager writes.
//! - `answer`: a move into the answer line, and the answer line as the manager reads it.

mod answer;
mod lexer;
mod render;
mod grammar;

pub use answer::{
    answer, answer_line, is_well_formed, js_parse_int, phase_letter, read_answer, says_ready,
};
pub use grammar::{InputReader, TurnInput, parse_stream};
pub use lexer::InputError;
pub use render::render;
