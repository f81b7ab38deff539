//! The workshop: the sparring partners, every built-in by name, the arena, fit, bench and show.
//! Each module uses only those declared before it.

pub mod strategies;
pub mod builtins;
pub mod arena;
pub mod bench;
pub mod fit;
pub mod show;
