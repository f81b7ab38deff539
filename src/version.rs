//! Which daimyo this is: the package's version and, when it was built from a git checkout, the
//! commit (`build.rs`). `daimyo --version` prints it; an arena `--out` file's run line records
//! it, so that games of different builds do not add up to one run, and so does the player's log.

/// `0.2.0 (1a2b3c4)`, or `0.2.0` when built outside a git checkout.
pub const VERSION: &str = env!("DAIMYO_VERSION");
