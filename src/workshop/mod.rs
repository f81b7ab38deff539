//! The workshop: SHA-256, the sparring partners, every built-in by name, the records of whole
//! games, the viewer (a game as a web page), the arena, halftime (the turn-5 scores against the
//! results), the tournament page, foresight and learn (a field learnt from its games), bench
//! and show. Each module uses only those declared before it.

pub mod jobs;
pub mod digest;
pub mod strategies;
pub mod builtins;
pub mod records;
pub mod viewer;
pub mod arena;
pub mod halftime;
pub mod tournament;
pub mod foresight;
pub mod learn;
pub mod bench;
pub mod show;
