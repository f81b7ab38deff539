//! Command line: the player by default, `play NAME` for a built-in behind the protocol, and the
//! workshop's subcommands.

use crate::player::args::say;
use crate::player::options::{self, Options};
use crate::workshop::builtins;
use daimyo_engine::params;

pub const USAGE: &str = "\
daimyo: a player for Negotiate and Conquer (SamurAI Coding 2014)

USAGE
  daimyo [OPTIONS]              play one game on stdin/stdout (what the game manager runs)
  daimyo play NAME [OPTIONS]    play as a built-in player instead of the bot
  daimyo arena [ARGS]           play many games between entrants (daimyo arena --help)
  daimyo show FILE [--game N]   a game turn by turn: an arena --out file, a file of recorded
                                games, the manager's result JSON, or a --log file; --html
                                OUT.html makes it a web page, or a file of games the
                                tournament's (daimyo show --help)
  daimyo halftime FILE...       each entrant's points at the turn-5 scoring in arena --out
                                files or recorded games, against its results
  daimyo learn FILE... -o FIELD.json
                                a field for the bot's model, learnt from games in any format
                                the workshop reads (daimyo learn --help)
  daimyo bench [ARGS]           deterministic search signature and speed (daimyo bench --help)
  daimyo --help                 this text
  daimyo --version              the version and the commit it was built from

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
  --model FILE    the field the bot's model reads, a file of daimyo learn (default: the one
                  compiled in); a missing, malformed or wrong-version file is refused before
                  READY, exit 2
  --set NAME=V    play with one of the search's settings changed (for experiments);
                  repeatable. Settings:";

const USAGE_END: &str = "

The budget options are for the searches (bot, mc1); another built-in refuses them.
";

fn help() -> String {
    let mut text = USAGE.to_string();
    let mut width = text.lines().last().map_or(0, str::len);
    for (i, name) in params::TUNABLES.iter().map(|t| t.name).enumerate() {
        let word =
            if i + 1 < params::TUNABLES.len() { format!("{name},") } else { format!("{name}.") };
        if width + 1 + word.len() > 90 {
            text.push_str("\n                 ");
            width = 17;
        }
        text.push(' ');
        text.push_str(&word);
        width += 1 + word.len();
    }
    text.push_str(USAGE_END);
    text.push_str("\nBUILT-IN PLAYERS (for play NAME and arena entrants)\n");
    let names = builtins::BUILTINS.iter().map(|b| b.name.len()).max().unwrap_or(0) + 1;
    for b in builtins::BUILTINS {
        text.push_str(&format!("  {:<names$}{}\n", b.name, b.about));
    }
    text
}

/// Prints an internal error as one line on stderr, never a panic trace: `name: internal
/// error at FILE:LINE: MESSAGE`.
pub fn quiet_panics(name: &'static str) {
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at =
            info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("{name}: internal error{at}: {msg}");
    }));
}

pub fn main(args: &[String]) -> i32 {
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("-h" | "--help" | "help") => {
            say(&help());
            0
        }
        Some("-V" | "--version") => {
            say(&format!("daimyo {}\n", crate::version::VERSION));
            0
        }
        Some("arena") => {
            crate::workshop::arena::main_with(rest, Some(crate::workshop::tournament::page))
        }
        Some("halftime") => crate::workshop::halftime::main(rest),
        Some("bench") => crate::workshop::bench::main(rest),
        Some("learn") => crate::workshop::learn::main(rest),
        Some("show") => crate::workshop::show::main(rest),
        Some("play") => play_builtin(rest),
        _ => options::main(args),
    }
}

/// `daimyo play NAME [OPTIONS]`: a built-in behind the protocol.
fn play_builtin(args: &[String]) -> i32 {
    let chosen = match args.first() {
        Some(n) if !n.starts_with('-') => builtin_with(n, &args[1..]),
        _ => Err("play needs the name of a built-in player, e.g. daimyo play random (daimyo \
                  --help lists them)"
            .into()),
    };
    match chosen {
        Ok((mut agent, o)) => options::run(agent.as_mut(), &o),
        Err(e) => {
            eprintln!("daimyo: {e}");
            2
        }
    }
}

type Chosen = (Box<dyn daimyo_engine::agent::Agent>, Options);

fn builtin_with(name: &str, args: &[String]) -> Result<Chosen, String> {
    let b = builtins::find(name)
        .ok_or_else(|| format!("no built-in player named '{name}' (daimyo --help lists them)"))?;
    let o = Options::parse(args)?;
    builtins::check(name, &o.budget)?;
    let search =
        builtins::tuned(name, &o.settings, o.field()?).map_err(|e| format!("--set: {e}"))?;
    Ok((b.agent_with(o.budget, search.as_ref()), o))
}
