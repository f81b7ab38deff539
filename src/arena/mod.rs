//! Arena: many games between entrants under the official manager's rules.
//!
//! `referee` plays one game against abstract seats; `process` runs an external program as one.

pub mod process;
pub mod referee;

pub fn main(_args: &[String]) -> i32 {
    eprintln!("daimyo arena: not built yet");
    2
}
