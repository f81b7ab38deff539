//! Deterministic bench: search signature and speed.

pub fn main(_args: &[String]) -> i32 {
    eprintln!("daimyo bench: not built yet");
    2
}
