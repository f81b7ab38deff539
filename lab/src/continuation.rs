//! `daimyo-lab continue FILE...`: recorded games played on by the built-ins from a turn. Each
//! game is played again from its replay to turn `--from`, then every seat by the built-in its
//! label names (as in `agreement`), `--plays` times with fresh seeds; a seat may be kept to its
//! recorded moves at some turns. What the built-ins make of the records' own positions: which
//! share of a table's results comes from the half they start from and which from their play.

use crate::agreement::{alias, builtin_for};
use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, parsed, say, threads};
use daimyo::workshop::arena::CONFIDENCE_Z;
use daimyo::workshop::arena::journal;
use daimyo::workshop::arena::stats::{blocked_mean, by_seed};
use daimyo::workshop::builtins;
use daimyo::workshop::jobs::in_order;
use daimyo::workshop::records::OutLine;
use daimyo_engine::agent::{Agent, LocalGame};
use daimyo_engine::rules::{DAIMYO, TURNS, first_place_shares};
use daimyo_engine::timeman::{Budget, cores};
use std::time::Instant;

const USAGE: &str = "\
daimyo-lab continue: recorded games played on by the built-ins from a turn

USAGE
  daimyo-lab continue [--from T] [--plays N] [--keep LABEL@T,T...]... [--as LABEL=NAME]...
                      [--jobs N] FILE...

FILE holds whole games: an arena --out file or the contest's recorded games. Each game is played
again from its replay to turn T, then on to the end by the built-ins: each seat by the one its
label names (the built-in's own name, `orig-NAME` for the program the built-in NAME is modelled
on, or LABEL with --as LABEL=NAME), which is shown every turn from the first.

OPTIONS
  --from T          the recorded turns played before the built-ins take over, 0 to 9
                    (default 5: the built-ins play the second half)
  --plays N         times each game is played on, each built-in seeded afresh (default 8)
  --keep LABEL@T,T  the seats labelled LABEL keep their recorded moves at those turns;
                    repeatable
  --as LABEL=NAME   the built-in NAME plays the seats labelled LABEL; repeatable
  --jobs N          games played on at once (default: the cores available)

For each label: its share of first place in the records, in the games played on, and the
difference, paired by game (the seed the block, with its 95% interval).
";

struct Args {
    from: u8,
    plays: u64,
    keep: Vec<(String, Vec<u8>)>,
    aliases: Vec<(String, String)>,
    jobs: usize,
    files: Vec<String>,
}

fn parse(args: &[String]) -> Result<Option<Args>, String> {
    let mut a = Args {
        from: 5,
        plays: 8,
        keep: Vec::new(),
        aliases: Vec::new(),
        jobs: cores(),
        files: Vec::new(),
    };
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("-h" | "--help") => return Ok(None),
            Opt("--from") => {
                a.from = read.value()?;
                if a.from > TURNS {
                    return Err(format!("--from: {} is past the last turn, {TURNS}", a.from));
                }
            }
            Opt("--plays") => {
                a.plays = read.value()?;
                if a.plays == 0 {
                    return Err("--plays: at least 1".into());
                }
            }
            Opt("--keep") => {
                let spec: String = read.value()?;
                let (label, turns) = spec
                    .split_once('@')
                    .ok_or_else(|| format!("--keep: '{spec}' is not LABEL@T,T..."))?;
                let turns: Vec<u8> = turns
                    .split(',')
                    .map(|t| t.parse().ok().filter(|t| (1..=TURNS).contains(t)))
                    .collect::<Option<_>>()
                    .ok_or_else(|| format!("--keep: '{turns}' is not turns from 1 to {TURNS}"))?;
                a.keep.push((label.to_string(), turns));
            }
            Opt("--as") => a.aliases.push(alias(&mut read)?),
            Opt("--jobs") => a.jobs = threads("--jobs", read.value()?)?,
            Opt(o) => {
                return Err(format!("unknown option '{o}' (daimyo-lab continue --help)"));
            }
            Free(file) => a.files.push(file.to_string()),
        }
    }
    if a.files.is_empty() {
        return Err("which files? arena --out files or recorded games (--help)".into());
    }
    Ok(Some(a))
}

/// Whether the seats labelled `label` keep their recorded move at `turn`.
fn kept(a: &Args, label: &str, turn: u8) -> bool {
    turn <= a.from || a.keep.iter().any(|(l, turns)| l == label && turns.contains(&turn))
}

/// Each seat's share of first place when `g` is played on for the `play`-th time.
fn play_on(g: &OutLine, a: &Args, play: u64) -> [f64; DAIMYO] {
    let mut agents: [Box<dyn Agent>; DAIMYO] = std::array::from_fn(|s| {
        let name = builtin_for(&g.seats[s], &a.aliases).expect("checked before");
        let mut agent = builtins::agent(name, Budget::default()).expect("a built-in");
        let seed = g.seed as u64 ^ (s as u64) << 32;
        agent.new_game(g.strengths, seed.wrapping_add(play.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        agent
    });
    let mut table = LocalGame::new(g.strengths);
    for (t, recorded) in g.replay.commands.0.iter().enumerate() {
        let turn = t as u8 + 1;
        let now = Instant::now();
        let moves = std::array::from_fn(|s| {
            let mine = agents[s].act(&table.known[s], now);
            if kept(a, &g.seats[s], turn) { recorded[s] } else { mine }
        });
        table.play(&moves).expect("moves of each turn's phase");
    }
    shares(&table.state.totals())
}

/// Each seat's share of first place at `totals` (in twelfths of a point).
fn shares(totals: &[i32; DAIMYO]) -> [f64; DAIMYO] {
    first_place_shares(totals).map(|x| x as f64 / 12.0)
}

/// The account of the files' games played on, or why there is none.
fn account(a: &Args) -> Result<String, String> {
    let games = journal::games_of("daimyo-lab continue", &a.files)?;
    if let Some(g) = games.iter().find(|g| g.replay.commands.0.len() != TURNS as usize) {
        return Err(format!("seed {} rotation {}: not a whole game", g.seed, g.rotation));
    }
    if let Some(label) =
        games.iter().flat_map(|g| &g.seats).find(|l| builtin_for(l, &a.aliases).is_none())
    {
        return Err(format!("no built-in plays the seats labelled '{label}' (see --as)"));
    }
    let plays: Vec<(usize, u64)> =
        (0..games.len()).flat_map(|g| (0..a.plays).map(move |p| (g, p))).collect();
    let played = in_order(&plays, a.jobs, |&(g, p)| play_on(&games[g], a, p), |_| {});
    let mut labels: Vec<&str> =
        games.iter().flat_map(|g| g.seats.iter().map(String::as_str)).collect();
    labels.sort();
    labels.dedup();
    let keeps: Vec<String> = a.keep.iter().map(|(l, t)| format!("{l} at turns {t:?}")).collect();
    let mut out = format!(
        "continue: {} games from turn {}, {} play{} each ({} games){}\n\n",
        games.len(),
        a.from,
        a.plays,
        if a.plays == 1 { "" } else { "s" },
        plays.len(),
        if keeps.is_empty() { String::new() } else { format!("; kept: {}", keeps.join(", ")) }
    );
    out += &format!(
        "{:<20} {:>6}  {:>8}  {:>9}  {:>15}\n",
        "label", "seats", "recorded", "played on", "difference"
    );
    for label in labels {
        // Per seat of the label: (seed, recorded share, mean share over the plays).
        let mut seats: Vec<(u32, f64, f64)> = Vec::new();
        for (gi, g) in games.iter().enumerate() {
            let recorded = shares(&g.totals_x12);
            for s in (0..DAIMYO).filter(|&s| g.seats[s] == label) {
                let n = a.plays as usize;
                let on = played[gi * n..(gi + 1) * n].iter().map(|x| x[s]).sum::<f64>() / n as f64;
                seats.push((g.seed, recorded[s], on));
            }
        }
        let mean =
            |f: fn(&(u32, f64, f64)) -> f64| seats.iter().map(f).sum::<f64>() / seats.len() as f64;
        let diff = blocked_mean(&by_seed(&seats, |x| x.0, |x| x.2 - x.1));
        let diff =
            diff.map_or("-".into(), |(d, v)| format!("{d:+.3} ± {:.3}", CONFIDENCE_Z * v.sqrt()));
        out += &format!(
            "{label:<20} {:>6}  {:>8.3}  {:>9.3}  {diff:>15}\n",
            seats.len(),
            mean(|x| x.1),
            mean(|x| x.2)
        );
    }
    Ok(out)
}

pub fn main(args: &[String]) -> i32 {
    let a = match parsed("daimyo-lab continue", USAGE, parse(args)) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match account(&a) {
        Ok(text) => {
            say(&text);
            0
        }
        Err(e) => {
            eprintln!("daimyo-lab continue: {e}");
            1
        }
    }
}
