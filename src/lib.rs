//! daimyo: a player, referee and workshop for Negotiate and Conquer (SamurAI Coding 2014).
//!
//! Three wings, each a folder, layered one way (`tests/layers.rs` checks):
//! - `engine`: the game, what a daimyo knows, the opponent model, the search and the bot. No
//!   I/O, no text.
//! - `player`: the manager's text both ways, the player loop, its log and the board as text. It
//!   uses the engine only.
//! - `workshop`: the sparring partners, the arena, show, fit and bench. It uses both.
//!
//! `cli` sits on top and dispatches the command line.

// Indexing fixed arrays by seat and lord reads better than zipped iterators in this domain.
#![allow(clippy::needless_range_loop)]

pub mod engine;
pub mod player;
pub mod workshop;
pub mod cli;
