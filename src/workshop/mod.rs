//! The workshop: work shared among threads (jobs), the sparring partners, every built-in by name, the records of whole games, the
//! viewer (a game as a web page), the arena, calibrate (the searches' estimates against the
//! results of arena games), halftime (the turn-5 scores against the results), foresight (how well the opponent model
//! foresees each entrant), hindsight (the last turn of recorded games played again), bench,
//! regret, fit, tune and show.
//! Each module uses only those declared before it.

pub mod jobs;
pub mod strategies;
pub mod builtins;
pub mod records;
pub mod viewer;
pub mod arena;
pub mod calibrate;
pub mod halftime;
pub mod foresight;
pub mod hindsight;
pub mod bench;
pub mod regret;
pub mod fit;
pub mod tune;
pub mod show;
