//! The package's tests, built as one binary: a test file is a module of this crate, and what the
//! files share is `common` (the recorded games, the player run in-process and as a process) and
//! `browser` (a headless Chromium). One binary links once: under `cargo test --release` each
//! test binary is linked with the release profile's fat LTO, and thirty of them took most of
//! the suite's build. A new test file is `tests/all/NAME.rs` and a `mod NAME;` line below.

mod browser;
mod common;

mod arena;
mod bad_input;
mod bench;
mod fixtures;
mod fuzz_regressions;
mod halftime;
mod layers;
mod learn;
mod model;
mod nights;
mod player;
mod properties;
mod readme;
mod records;
mod shards;
mod show;
mod terminal;
mod tournament;
mod viewer;
