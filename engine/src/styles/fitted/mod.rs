//! Rules fitted to a player's recorded moves, which `daimyo learn` fits to every player it
//! learns and the opponent model reads: per-lord tables (`tables`), and plans with per-turn
//! constants (`margins`, after orig-margins, as the workshop's sparring partner `margins` plays).

pub mod margins;
pub mod tables;
