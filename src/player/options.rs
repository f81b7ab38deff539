//! The player's command line and its start: the options every player takes (budget, seed,
//! `--verbose`, `--log`, `--set`), and one game on stdin and stdout. The bot is built here
//! from the engine alone; `daimyo play NAME` hands in a built-in of the workshop instead.

use crate::player::args::Arg::{Free, Opt};
use crate::player::args::{Reader, setting, threads};
use crate::player::field;
use crate::player::play::{self, Settings};
use daimyo_engine::agent::Agent;
use daimyo_engine::bot::Bot;
use daimyo_engine::params::time::HARD_CAP_MS;
use daimyo_engine::params::{self, SearchParams};
use daimyo_engine::styles::field::Field;
use daimyo_engine::timeman::Budget;
use std::io::{IsTerminal, Write};

/// What a player was asked for on its command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub budget: Budget,
    /// `--set NAME=V`: the search's settings changed, in order.
    pub settings: Vec<(String, f64)>,
    pub seed: Option<u64>,
    pub verbose: bool,
    pub log: Option<String>,
    /// `--model FILE`: the field the bot's model reads, in place of the default.
    pub model: Option<String>,
}

impl Options {
    /// The player's options, checked: a search that could never end is refused.
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let (mut o, mut read) = (Options::default(), Reader::new(args));
        while let Some(arg) = read.next_arg()? {
            match arg {
                Opt("--time-ms") => o.budget.time_ms = Some(read.value()?),
                Opt("--rollouts") => o.budget.rollouts = Some(read.value()?),
                Opt("--no-clock") => o.budget.no_clock = true,
                Opt("--threads") => o.budget.threads = Some(threads("--threads", read.value()?)?),
                Opt("--seed") => o.seed = Some(read.value()?),
                Opt("--verbose") => o.verbose = true,
                Opt("--log") => o.log = Some(read.value()?),
                Opt("--model") => o.model = Some(read.value()?),
                Opt("--set") => o.settings.push(setting(&read.text()?)?),
                Opt(other) | Free(other) => {
                    return Err(format!("unknown argument '{other}' (daimyo --help lists them)"));
                }
            }
        }
        if o.budget.never_ends() {
            return Err("--no-clock needs --rollouts N: a search with neither a clock nor a \
                        rollout budget would never end"
                .into());
        }
        Ok(o)
    }

    /// The field of `--model`, read and checked, if given.
    pub fn field(&self) -> Result<Option<Field>, String> {
        self.model
            .as_deref()
            .map(|p| field::load(p).map_err(|e| format!("--model {e}")))
            .transpose()
    }

    /// The bot's search: on the field of `--model` or the default, with the `--set` settings
    /// changed.
    pub fn search(&self) -> Result<SearchParams, String> {
        let bot = params::bot(self.field()?.unwrap_or_else(field::default));
        params::tuned(bot, &self.settings).map_err(|e| format!("--set: {e}"))
    }
}

/// The player as the manager runs it: the bot, on the options in `args`.
pub fn main(args: &[String]) -> i32 {
    let bot = Options::parse(args)
        .and_then(|o| Ok((o.search()?, o)))
        .map(|(search, o)| (Bot::new("bot", search, o.budget), o));
    match bot {
        Ok((mut bot, o)) => run(&mut bot, &o),
        Err(e) => {
            eprintln!("daimyo: {e}");
            2
        }
    }
}

/// One game of `agent` on stdin and stdout, as `options` ask.
pub fn run(agent: &mut dyn Agent, options: &Options) -> i32 {
    if let Some(ms) = options.budget.over_cap() {
        // A warning, not an error: under the manager an error would lose the whole game for a
        // wrapper script's typo.
        eprintln!(
            "daimyo: warning: --time-ms {ms} is over the {HARD_CAP_MS} ms any answer gets (the \
             manager allows 1000 ms); answering within {HARD_CAP_MS} ms"
        );
    }
    let stdin = std::io::stdin();
    let settings = Settings {
        seed: options.seed.unwrap_or_else(rand::random),
        verbose: options.verbose,
        typed: stdin.is_terminal(),
        log: options.log.clone(),
        budget: options.budget,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut err = std::io::stderr();
    let code = play::run(stdin.lock(), &mut out, &mut err, agent, &settings);
    let _ = err.flush();
    code
}
