//! daimyo: a player, referee and workshop for Negotiate and Conquer (SamurAI Coding 2014).
//!
//! The modules in layers, each using only those before it (`tests/layers.rs` checks):
//! - `mt`, `rules`, `moves`: the game, pure and exact, with the manager's lord draw and every
//!   legal move;
//! - `knowledge`: what a daimyo can infer from its views; `agent`: what plays behind the
//!   protocol; `strategies`: built-in opponents;
//! - `model`: how each opponent chooses, learnt in the game; `params`: every tunable;
//!   `timeman`: the clock; `search`: the Monte Carlo search; `bot`; `players`: every built-in by
//!   name;
//! - `protocol`: the manager's text; `board`: a game as text for a person; `gamelog`: the
//!   player's log, both ways; `player`: the stdin/stdout loop; `args`; `arena`: many games
//!   under the manager's rules; `bench`; `show`: a game turn by turn; `cli`: the command line.

// Indexing fixed arrays by seat and lord reads better than zipped iterators in this domain.
#![allow(clippy::needless_range_loop)]

pub mod mt;
pub mod rules;
pub mod moves;
pub mod policy;
pub mod knowledge;
pub mod agent;
pub mod strategies;
pub mod model;
pub mod params;
pub mod timeman;
pub mod search;
pub mod bot;
pub mod players;
pub mod protocol;
pub mod board;
pub mod gamelog;
pub mod player;
pub mod args;
pub mod arena;
pub mod bench;
pub mod fit;
pub mod show;
pub mod cli;
