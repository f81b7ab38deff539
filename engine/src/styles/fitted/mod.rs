//! Rules fitted to a player's recorded moves: per-lord tables (`tables`), which `daimyo learn`
//! fits to every player of a field and the opponent model reads, and orig-margins' plans with
//! per-turn constants (`margins`), which the workshop's sparring partner `margins` plays.

pub mod margins;
pub mod tables;
