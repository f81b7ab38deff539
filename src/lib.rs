//! daimyo: a player, referee and workshop for Negotiate and Conquer (SamurAI Coding 2014).
//!
//! Built on the engine, a crate of its own (`daimyo-engine`: the game, what a daimyo knows, the
//! opponent model, the search and the bot; no I/O, no text), in two wings, each a folder,
//! layered one way (`tests/all/layers.rs` checks):
//! - `player`: the manager's text both ways, the player loop, its log and the board as text. It
//!   uses the engine only, and builds the bot from it.
//! - `workshop`: the sparring partners, the arena, show, halftime and bench. It uses both.
//!
//! `version` (which build this is) comes first, for both wings; `cli` sits on top and dispatches
//! the command line.

// Indexing fixed arrays by seat and lord reads better than zipped iterators in this domain.
#![allow(clippy::needless_range_loop)]

pub mod version;
pub mod player;
pub mod workshop;
pub mod cli;
