//! daimyo: a player, referee and workshop for Negotiate and Conquer (SamurAI Coding 2014).
//!
//! - `rules`: the game, pure and exact; `mt`: the manager's lord draw.
//! - `protocol`: the manager's text both ways; `player`: the stdin/stdout loop.
//! - `knowledge`: what a daimyo can infer from its views; `bot`: the search behind the protocol.
//! - `strategies`: built-in opponents; `arena`: many games under the manager's rules; `bench`.

// Indexing fixed arrays by seat and lord reads better than zipped iterators in this domain.
#![allow(clippy::needless_range_loop)]

pub mod agent;
pub mod arena;
pub mod args;
pub mod bench;
pub mod bot;
pub mod cli;
pub mod knowledge;
pub mod model;
pub mod moves;
pub mod mt;
pub mod params;
pub mod player;
pub mod players;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod strategies;
pub mod timeman;
