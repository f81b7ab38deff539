//! Command line: the player by default, `play NAME` for a built-in strategy behind the protocol,
//! and the workshop's subcommands.

use crate::engine::params::Search;
use crate::engine::params::time::HARD_CAP_MS;
use crate::engine::timeman::Budget;
use crate::player::args::{say, setting, threads, value};
use crate::workshop::builtins;
use std::io::{IsTerminal, Write};

pub const USAGE: &str = "\
daimyo: a player for Negotiate and Conquer (SamurAI Coding 2014)

USAGE
  daimyo [OPTIONS]              play one game on stdin/stdout (what the game manager runs)
  daimyo play NAME [OPTIONS]    play as a built-in strategy instead of the bot
  daimyo arena [ARGS]           play many games between entrants (daimyo arena --help)
  daimyo calibrate FILE...      how well the searches' estimates in arena --out files forecast
                                the results (daimyo calibrate --help)
  daimyo halftime FILE...       each entrant's points at the turn-5 scoring in arena --out
                                files against its results (daimyo halftime --help)
  daimyo foresight FILE...      how well the bot's opponent model foresees each entrant of
                                arena --out files (daimyo foresight --help)
  daimyo hindsight FILE...      the last turn of recorded games played again by other settings,
                                judged exactly (daimyo hindsight --help)
  daimyo bench [ARGS]           deterministic search signature and speed (daimyo bench --help)
  daimyo regret [ARGS]          what more rollouts could still buy, by the search's own judge
                                (daimyo regret --help)
  daimyo fit [ARGS]             the policy that best explains each player's moves (fit --help)
  daimyo tune [ARGS]            the search's settings tuned by SPSA in short games (tune --help)
  daimyo show FILE [--game N]   a game turn by turn: an arena --out file, the manager's result
                                JSON, or a --log file; --html OUT.html makes it a web page
                                (daimyo show --help)
  daimyo --help                 this text
  daimyo --version              the version

PLAYER OPTIONS
  --time-ms N     time for each answer, from the arrival of the turn's first byte, or,
                  typed at a terminal, from the end of the turn's input (default 500;
                  more than 900 is taken as 900, with a warning: the manager allows 1000)
  --rollouts N    at most N rollouts: the search may end before its time, never after
  --no-clock      with --rollouts only: no deadline, so the same seed gives the same move
                  whatever the machine's load (never under the manager: answers may be late)
  --threads N     threads of the search (default: the cores available); the move at a
                  rollout budget does not depend on them, unless the clock ends it first
  --seed N        seed of the search (default: random)
  --verbose       on stderr, each turn: the board, the scores, the best candidates with
                  their win rates, the others' likeliest styles, rollouts, time used
  --log FILE      append to FILE what was read and answered and each turn's search summary,
                  for daimyo show FILE; a file that cannot be written is reported once and
                  play goes on
  --set NAME=V    for analysis: play with one of the search's settings changed (rate, step,
                  stages, tailor, gate, smoothing, fitted, loyal, searchers, readdivisor,
                  readseeds, readings, sharpen, focus, focuslater, soften, reply, reply5, keep;
                  daimyo tune --help says what each is); repeatable

The budget options are for the searches (bot, mc1); a strategy refuses them.
";

struct PlayerArgs {
    name: String,
    budget: Budget,
    search: Option<Search>,
    seed: Option<u64>,
    verbose: bool,
    log: Option<String>,
}

fn player_args(args: &[String]) -> Result<PlayerArgs, String> {
    let mut p = PlayerArgs {
        name: "bot".into(),
        budget: Budget::default(),
        search: None,
        seed: None,
        verbose: false,
        log: None,
    };
    let mut settings = Vec::new();
    let mut i = 0;
    if args.first().map(String::as_str) == Some("play") {
        match args.get(1) {
            Some(n) if !n.starts_with('-') => p.name = n.clone(),
            _ => {
                return Err("play needs the name of a built-in player, e.g. daimyo play random \
                            (daimyo --help lists them)"
                    .into());
            }
        }
        i = 2;
    }
    while i < args.len() {
        match args[i].as_str() {
            "--time-ms" => p.budget.time_ms = Some(value(args, &mut i)?),
            "--rollouts" => p.budget.rollouts = Some(value(args, &mut i)?),
            "--no-clock" => p.budget.no_clock = true,
            "--threads" => p.budget.threads = Some(threads("--threads", value(args, &mut i)?)?),
            "--seed" => p.seed = Some(value(args, &mut i)?),
            "--verbose" => p.verbose = true,
            "--log" => p.log = Some(value(args, &mut i)?),
            "--set" => settings.push(setting(&value::<String>(args, &mut i)?)?),
            other => return Err(format!("unknown argument '{other}' (daimyo --help lists them)")),
        }
        i += 1;
    }
    if builtins::agent(&p.name, Budget::default()).is_none() {
        return Err(format!("no built-in player named '{}' (daimyo --help lists them)", p.name));
    }
    if p.budget.never_ends() {
        return Err("--no-clock needs --rollouts N: a search with neither a clock nor a rollout \
                    budget would never end"
            .into());
    }
    builtins::check(&p.name, &p.budget)?;
    p.search = builtins::tuned(&p.name, &settings).map_err(|e| format!("--set: {e}"))?;
    Ok(p)
}

/// A warning for a time no answer gets: the player still plays, within the cap (an error would
/// lose the whole game under the manager for a wrapper script's typo).
fn warn_over_cap(budget: &Budget) {
    if let Some(ms) = budget.over_cap() {
        eprintln!(
            "daimyo: warning: --time-ms {ms} is over the {HARD_CAP_MS} ms any answer gets (the \
             manager allows 1000 ms); answering within {HARD_CAP_MS} ms"
        );
    }
}

pub fn main(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("-h" | "--help" | "help") => {
            let mut text =
                format!("{USAGE}\nBUILT-IN PLAYERS (for play NAME and arena entrants)\n");
            for b in builtins::BUILTINS {
                text.push_str(&format!("  {:<12}{}\n", b.name, b.about));
            }
            say(&text);
            0
        }
        Some("-V" | "--version") => {
            say(&format!("daimyo {}\n", env!("CARGO_PKG_VERSION")));
            0
        }
        Some("arena") => crate::workshop::arena::main(&args[1..]),
        Some("calibrate") => crate::workshop::calibrate::main(&args[1..]),
        Some("halftime") => crate::workshop::halftime::main(&args[1..]),
        Some("foresight") => crate::workshop::foresight::main(&args[1..]),
        Some("hindsight") => crate::workshop::hindsight::main(&args[1..]),
        Some("bench") => crate::workshop::bench::main(&args[1..]),
        Some("regret") => crate::workshop::regret::main(&args[1..]),
        Some("show") => crate::workshop::show::main(&args[1..]),
        Some("fit") => crate::workshop::fit::main(&args[1..]),
        Some("tune") => crate::workshop::tune::main(&args[1..]),
        _ => play(args),
    }
}

/// The player: one game on stdin and stdout.
fn play(args: &[String]) -> i32 {
    let p = match player_args(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("daimyo: {e}");
            return 2;
        }
    };
    warn_over_cap(&p.budget);
    let builtin = builtins::find(&p.name).expect("checked with the arguments");
    let mut agent = builtin.agent_with(p.budget, p.search.as_ref());
    let stdin = std::io::stdin();
    let settings = crate::player::play::Settings {
        seed: p.seed.unwrap_or_else(rand::random),
        verbose: p.verbose,
        typed: stdin.is_terminal(),
        log: p.log,
        budget: p.budget,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut err = std::io::stderr();
    let code =
        crate::player::play::run(stdin.lock(), &mut out, &mut err, agent.as_mut(), &settings);
    let _ = err.flush();
    code
}
