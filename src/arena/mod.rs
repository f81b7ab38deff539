//! Arena: many games between entrants under the official manager's rules.

pub fn main(_args: &[String]) -> i32 {
    eprintln!("daimyo arena: not built yet");
    2
}
