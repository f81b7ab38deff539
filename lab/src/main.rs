//! daimyo-lab: instruments that study the bot's own search, apart from the player and its
//! workshop. Each subcommand reads games the workshop plays or records (arena `--out` files,
//! the manager's results, the contest's records) or plays its own, and prints a table.

// Indexing fixed arrays by seat and lord reads better than zipped iterators in this domain.
#![allow(clippy::needless_range_loop)]

mod hold_out;
mod agreement;
mod calibrate;
mod continuation;
mod foresight;
mod hindsight;
mod regret;
mod fit;
mod fit_margins;
mod fit_tables;
mod tune;

use daimyo::player::args::say;
use std::process::ExitCode;

const USAGE: &str = "\
daimyo-lab: instruments that study the bot's own search

USAGE
  daimyo-lab agreement FILE...   how closely each built-in plays like a recorded player, move
                                 by move at the player's own positions
  daimyo-lab calibrate FILE...   how well the searches' estimates in arena --out files forecast
                                 the results
  daimyo-lab continue FILE...    recorded games played on by the built-ins from a turn
  daimyo-lab foresight FILE...   how well the bot's opponent model foresees each entrant of
                                 arena --out files or recorded games
  daimyo-lab hindsight FILE...   the last turn of recorded games played again by other
                                 settings, judged exactly
  daimyo-lab regret [ARGS]       what more rollouts could still buy, by the search's own judge
  daimyo-lab fit [ARGS]          the policy that best explains each player's moves
  daimyo-lab fit-margins [ARGS]  the margins rule's constants fitted to orig-margins' moves
  daimyo-lab fit-tables [ARGS]   a rule of per-lord tables fitted to orig-tables' moves
  daimyo-lab tune [ARGS]         the search's settings tuned by SPSA in short games
  daimyo-lab --help              this text

Each command says more with --help. The games come from daimyo arena --out, the manager's
result JSON, or the files of the contest's recorded games.
";

fn main() -> ExitCode {
    daimyo::cli::start("daimyo-lab", command)
}

fn command(args: &[String]) -> i32 {
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("agreement") => agreement::main(rest),
        Some("calibrate") => calibrate::main(rest),
        Some("continue") => continuation::main(rest),
        Some("foresight") => foresight::main(rest),
        Some("hindsight") => hindsight::main(rest),
        Some("regret") => regret::main(rest),
        Some("fit") => fit::main(rest),
        Some("fit-margins") => fit_margins::main(rest),
        Some("fit-tables") => fit_tables::main(rest),
        Some("tune") => tune::main(rest),
        Some("-h" | "--help" | "help") | None => {
            say(USAGE);
            0
        }
        Some(other) => {
            eprintln!("daimyo-lab: no command '{other}' (daimyo-lab --help lists them)");
            2
        }
    }
}
