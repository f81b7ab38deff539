//! daimyo's engine: the rules, what a daimyo knows, the opponent model, the search and the bot. No
//! I/O and no text: what it has to say it returns as data. Each module uses only those declared
//! before it (`tests/all/layers.rs`).

// Indexing fixed arrays by seat and lord reads better than zipped iterators in this domain.
#![allow(clippy::needless_range_loop)]

pub mod mt;
pub mod rules;
pub mod moves;
pub mod policy;
pub mod knowledge;
pub mod agent;
pub mod styles;
pub mod params;
pub mod timeman;
pub mod model;
pub mod search;
pub mod bot;
