//! daimyo: a player, referee and workshop for Negotiate and Conquer (SamurAI Coding 2014).

pub mod mt;
pub mod protocol;
pub mod rules;
