//! The player: the manager's text both ways, the stdin/stdout loop, the player's log and a game
//! as text for a person. It uses the engine only. Each module uses only those declared before
//! it.

pub mod args;
pub mod protocol;
pub mod text;
pub mod log;
pub mod field;
pub mod play;
pub mod options;
