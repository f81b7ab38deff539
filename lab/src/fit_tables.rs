//! `daimyo-lab fit-tables [--hold-out N] FILE...`: a rule of per-lord tables
//! (`styles::fitted::tables`) fitted to a recorded player's moves on the games kept of one seed
//! in N held out (as `daimyo learn` holds games out), by the fit `daimyo learn` runs for every
//! player (`workshop::learn::tables`), from turn 2 on (turn 1 is the described `tables`'
//! opening, as orig-tables' records show it). It writes the tables to stdout as the workshop's
//! sparring partner `tables` reads them (`strategies/tables/weights.txt`), and on stderr, turn by
//! turn, the share of the player's moves the tables play exactly on the games fitted and on
//! those held out.

use crate::fit_margins::{parse_for, positions, share};
use crate::hold_out::Side;
use daimyo::player::args::{parsed, say};
use daimyo::workshop::arena::journal;
use daimyo::workshop::learn::plan::{Asked, ByTurn};
use daimyo::workshop::learn::tables::{Sample, fit};
use daimyo_engine::rules::TURNS;
use daimyo_engine::styles::fitted::tables::{KS, Tables};

const USAGE: &str = "\
daimyo-lab fit-tables: a rule of per-lord tables fitted to a recorded player's moves

USAGE
  daimyo-lab fit-tables [--hold-out N] [--label LABEL] FILE... > weights.txt

FILE holds whole games: the contest's recorded games or arena --out files. Every position of a
seat labelled LABEL (default orig-tables) in the games kept is fitted to, from turn 2 on, by
the fit daimyo learn runs (a conditional logit over the legal moves); the games of one seed in
N (--hold-out N, default 4) are held out, by the rule daimyo learn holds games out by (a hash
of the seed). The tables are written to stdout, in hundredths, a turn's cells and picks in
order, and on stderr the share of the player's moves they play exactly, by turn, on the games
fitted and on those held out. The sparring partner tables plays values fitted so on the
records' even seeds, before the lab held games out as daimyo learn does
(src/workshop/strategies/tables.rs says how).
";

/// The first turn the tables cover: turn 1 is the opening.
const FIRST: u8 = 2;

/// How many of `by_turn`'s moves `tables` plays, turn by turn.
fn hits(tables: &Tables, by_turn: &ByTurn) -> Vec<(usize, usize)> {
    let played = |a: &&Asked| tables.choose(&a.pos).counts() == a.recorded;
    by_turn.iter().map(|asked| (asked.iter().filter(played).count(), asked.len())).collect()
}

fn run(a: &crate::fit_margins::Args) -> Result<String, String> {
    let games = journal::games_of("daimyo-lab fit-tables", &a.files)?;
    let (fitted, n) = positions(&games, &a.label, a.one_in, Side::Kept);
    let (held, n_held) = positions(&games, &a.label, a.one_in, Side::HeldOut);
    if n == 0 {
        return Err(format!("no seat labelled '{}' in the games kept", a.label));
    }
    let samples: Vec<Sample> =
        fitted.iter().flatten().filter_map(|x| Sample::new(&x.pos, x.recorded, FIRST)).collect();
    let tables = fit(&samples, FIRST);
    let mut report = format!(
        "fit-tables: {}, fitted on {n} games, {n_held} held out; share of its moves played, by turn\nturn  fitted  held out\n",
        a.label
    );
    let (f, h) = (hits(&tables, &fitted), hits(&tables, &held));
    for t in 0..TURNS as usize {
        report +=
            &format!("t{:<4} {:>6}  {:>8}\n", t + 1, share(f[t].0, f[t].1), share(h[t].0, h[t].1));
    }
    let sum = |x: &[(usize, usize)]| x[1..].iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let ((fh, fn_), (hh, hn)) = (sum(&f), sum(&h));
    report += &format!("t2-9  {:>6}  {:>8}\n", share(fh, fn_), share(hh, hn));
    eprint!("{report}");
    let line = KS * 4;
    let rows: Vec<String> = tables
        .values()
        .chunks(line)
        .map(|c| c.iter().map(i16::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    Ok(rows.join("\n") + "\n")
}

pub fn main(args: &[String]) -> i32 {
    let a = match parsed(
        "daimyo-lab fit-tables",
        USAGE,
        parse_for(args, "orig-tables", "fit-tables"),
    ) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match run(&a) {
        Ok(text) => {
            say(&text);
            0
        }
        Err(e) => {
            eprintln!("daimyo-lab fit-tables: {e}");
            1
        }
    }
}
