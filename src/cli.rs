//! Command line: the player by default, `play NAME` for a built-in strategy behind the protocol,
//! and the workshop's subcommands.

use crate::args::{say, value};
use crate::players;
use crate::timeman::Budget;
use std::io::Write;

pub const USAGE: &str = "\
daimyo: a player for Negotiate and Conquer (SamurAI Coding 2014)

USAGE
  daimyo [OPTIONS]              play one game on stdin/stdout (what the game manager runs)
  daimyo play NAME [OPTIONS]    play as a built-in strategy instead of the bot
  daimyo arena [ARGS]           play many games between entrants (daimyo arena --help)
  daimyo bench [ARGS]           deterministic search signature and speed (daimyo bench --help)
  daimyo --help                 this text

PLAYER OPTIONS
  --time-ms N     time for each answer, from the arrival of the turn's first byte
                  (default 700, inside the manager's 1000 ms limit)
  --rollouts N    a fixed rollout budget instead of the clock: same seed, same move
  --seed N        seed of the search (default: random)
  --verbose       on stderr, each turn: best candidates, win rates, rollouts, time used
";

struct PlayerArgs {
    name: String,
    budget: Budget,
    seed: Option<u64>,
    verbose: bool,
}

fn player_args(args: &[String]) -> Result<PlayerArgs, String> {
    let mut p =
        PlayerArgs { name: "bot".into(), budget: Budget::default(), seed: None, verbose: false };
    let mut i = 0;
    if args.first().map(String::as_str) == Some("play") {
        i = 1;
        match args.get(1) {
            Some(n) if !n.starts_with('-') => {
                p.name = n.clone();
                i = 2;
            }
            _ => {}
        }
    }
    while i < args.len() {
        match args[i].as_str() {
            "--time-ms" => p.budget.time_ms = Some(value(args, &mut i)?),
            "--rollouts" => p.budget.rollouts = Some(value(args, &mut i)?),
            "--seed" => p.seed = Some(value(args, &mut i)?),
            "--verbose" => p.verbose = true,
            other => return Err(format!("unknown argument '{other}' (daimyo --help lists them)")),
        }
        i += 1;
    }
    Ok(p)
}

pub fn main(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("-h" | "--help" | "help") => {
            let mut text =
                format!("{USAGE}\nBUILT-IN PLAYERS (for play NAME and arena entrants)\n");
            for (name, what) in players::builtins() {
                text.push_str(&format!("  {name:<12}{what}\n"));
            }
            say(&text);
            0
        }
        Some("arena") => crate::arena::main(&args[1..]),
        Some("bench") => crate::bench::main(&args[1..]),
        Some("fit") => crate::fit::main(&args[1..]),
        _ => {
            let p = match player_args(args) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("daimyo: {e}");
                    return 2;
                }
            };
            let Some(mut agent) = players::agent(&p.name, p.budget) else {
                eprintln!("daimyo: no built-in player named '{}'", p.name);
                return 2;
            };
            let seed = p.seed.unwrap_or_else(rand::random);
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            let mut err = std::io::stderr();
            let code = crate::player::run(
                stdin.lock(),
                &mut out,
                &mut err,
                agent.as_mut(),
                seed,
                p.verbose,
            );
            let _ = err.flush();
            code
        }
    }
}
