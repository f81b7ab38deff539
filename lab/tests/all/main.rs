//! The lab's tests, built as one binary: a test file is a module of this crate, and what the
//! files share is `common`. One binary links once (`tests/all/main.rs` at the top says why).
//! A new test file is `lab/tests/all/NAME.rs` and a `mod NAME;` line below.

mod common;

mod agreement;
mod calibrate;
mod continuation;
mod fit;
mod fit_margins;
mod foresight;
mod hindsight;
mod regret;
mod tune;
