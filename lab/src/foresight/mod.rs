//! `daimyo-lab foresight FILE...`: how well the bot's opponent model foresees each entrant of arena
//! `--out` files (external programs too: only the replays are read). Every game is played again
//! from its replay; before each day move, the daimyo in the seat before the mover learns its
//! model from what it has seen (`model::Opponents::learn`, the turns before only), and the
//! model's probability of the move the mover then played is the forecast's score. A model that
//! knows a player's rule gives its moves a probability near 1 (0 nats); one that knows nothing
//! of it, 1 in 252 (5.53 nats). The hidden nights are read the same way: at every turn a night's
//! totals are known and its split is not, the same seat's posterior over the splits
//! (`model::night_posteriors`, as the bot weighs them) gives the mover's night move a
//! probability, scored beside the one uniformly random picks give (the totals alone). Night
//! moves are foreseen as day moves are, from the seat before, beside uniform picks.
//!
//! A seed's four rotations share the lords, so its games go together: every interval takes the
//! seed as the block (`stats::blocked_mean`).

use crate::hold_out::Split;
use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, finish, parsed, setting, threads};
use daimyo::player::field;
use daimyo::workshop::arena::CONFIDENCE_Z;
use daimyo::workshop::arena::journal;
use daimyo::workshop::arena::stats::{align, blocked_mean, by_seed};
use daimyo::workshop::foresight::{DAYS, NIGHTS, Replayed, Score, Weight, game};
use daimyo::workshop::jobs::in_order;
use daimyo::workshop::learn::holdout;
use daimyo::workshop::records::{OutLine, group};
use daimyo_engine::params::{self, ModelParams, Rivals};
use daimyo_engine::rules::{DAIMYO, LORDS};
use daimyo_engine::timeman::cores;

pub const USAGE: &str = include_str!("usage.txt");

struct Args {
    model: ModelParams,
    jobs: usize,
    /// The games read: all, or one side of the hold-out rule's split.
    split: Split,
    files: Vec<String>,
    /// Only the seats of these entrants are foreseen (none: every seat).
    only: Vec<String>,
}

pub fn main(args: &[String]) -> i32 {
    const COMMAND: &str = "daimyo-lab foresight";
    match parsed(COMMAND, USAGE, parse(args)) {
        Ok(a) => finish(COMMAND, foresight(&a)),
        Err(exit) => exit,
    }
}

fn parse(args: &[String]) -> Result<Option<Args>, String> {
    let (mut settings, mut model, mut only) = (Vec::new(), None, Vec::new());
    let (mut jobs, mut files, mut split) = (cores(), Vec::new(), Split::new(holdout::DEFAULT));
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt(o) if split.option(o, &mut read)? => {}
            Opt("--set") => {
                let (name, v) = setting(&read.text()?)?;
                let model = ["readdivisor", "readings", "jointnights", "forget", "doubt"];
                if !model.contains(&name.as_str()) {
                    let (last, rest) = model.split_last().expect("settings");
                    return Err(format!(
                        "--set {name}: only the model's settings, {} and {last}, change what it \
                         foresees",
                        rest.join(", ")
                    ));
                }
                settings.push((name, v));
            }
            Opt("--jobs") => jobs = threads("--jobs", read.value()?)?,
            Opt("--only") => only.push(read.value()?),
            Opt("--model") => {
                let path: String = read.value()?;
                model = Some(field::load(&path).map_err(|e| format!("--model {e}"))?);
            }
            Opt("-h" | "--help") => return Ok(None),
            Opt(o) => {
                return Err(format!("unknown option '{o}' (daimyo-lab foresight --help)"));
            }
            Free(file) => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("which files? arena --out files (daimyo-lab foresight --help)".into());
    }
    let bot = params::bot(model.unwrap_or_else(field::default));
    let search = params::tuned(bot, &settings).map_err(|e| format!("--set: {e}"))?;
    let model = search.model().expect("the bot learns its model of the others");
    Ok(Some(Args { model, jobs, split, files, only }))
}

/// One game's items of each seat added to its entrant's group (a seat not foreseen has none,
/// and makes none).
fn by_seat<T>(groups: &mut Vec<(String, Vec<T>)>, g: &OutLine, seats: [Vec<T>; DAIMYO]) {
    for (seat, items) in seats.into_iter().enumerate().filter(|(_, i)| !i.is_empty()) {
        group(groups, g.entrant(seat), items);
    }
}

/// The account of the files' games, or why there is none.
fn foresight(a: &Args) -> Result<String, String> {
    let mut games = journal::games_of("daimyo-lab foresight", &a.files)?;
    games.retain(|g| a.split.reads(g.seed));
    let foreseen = |g: &OutLine| -> [bool; DAIMYO] {
        std::array::from_fn(|s| a.only.is_empty() || a.only.iter().any(|o| *o == g.entrant(s)))
    };
    games.retain(|g| foreseen(g).contains(&true));
    if games.is_empty() {
        return Err(format!("no games{}", a.split.heading()));
    }
    let found = in_order(
        &games,
        a.jobs,
        |g| {
            game(
                &Replayed { seed: g.seed, strengths: g.strengths, commands: &g.replay.commands.0 },
                &a.model,
                foreseen(g),
            )
        },
        |_| {},
    );
    let mut entrants: Vec<(String, Vec<Score>)> = Vec::new();
    let mut night_movers: Vec<(String, Vec<Score>)> = Vec::new();
    let mut readers: Vec<(String, Vec<Score>)> = Vec::new();
    let mut given: Vec<(String, Vec<Score>)> = Vec::new();
    let mut uniform: Vec<(String, Vec<Weight>)> = Vec::new();
    let mut gate: Vec<(String, Vec<Weight>)> = Vec::new();
    for (g, seen) in games.iter().zip(found) {
        by_seat(&mut uniform, g, seen.uniform);
        by_seat(&mut gate, g, seen.gate);
        by_seat(&mut entrants, g, seen.days);
        by_seat(&mut night_movers, g, seen.night_moves);
        by_seat(&mut readers, g, seen.nights);
        by_seat(&mut given, g, seen.given);
    }
    let moves: usize = entrants.iter().map(|(_, f)| f.len()).sum();
    let components: Vec<String> =
        a.model.components().map(|c| format!("{} {}", c.name, c.weight)).collect();
    let mut out = format!(
        "foresight: {} file{}, {} game{}, {moves} day moves, each foreseen by the model from the \
         seat before it (components {}; readings {}, readdivisor {}, jointnights {}, forget {}, \
         doubt {})\n\n",
        a.files.len(),
        if a.files.len() == 1 { "" } else { "s" },
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        components.join(", "),
        a.model.rule_readings,
        a.model.reading_divisor,
        u8::from(a.model.joint_nights),
        a.model.forget,
        a.model.doubt,
    );
    render(&entrants, "moves", &DAYS, &mut out);
    out.push_str("\nhidden nights: each night move read from the seat before it, at every turn it was hidden\n\n");
    render(&readers, "readings", &HIDDEN, &mut out);
    out.push_str("\nnight moves: each foreseen from the seat before it, as the day moves\n\n");
    render(&night_movers, "moves", &NIGHTS, &mut out);
    out.push_str(
        "\nday moves after a hidden night, foreseen at the mover's own moves in it (as a \
         rollout's world fixes them)\n\n",
    );
    render(&given, "moves", &[3, 5, 7, 9], &mut out);
    for (what, movers, turns) in
        [("day", &entrants, &DAYS[..]), ("night", &night_movers, &NIGHTS[..])]
    {
        out.push_str(&format!(
            "\nby lord (1 the strongest): picks a {what} move the forecast expected there / made \
             there\n\n"
        ));
        render_lords(movers, turns, &mut out);
    }
    out.push_str(
        "\nuniform picks: the model's weight on them for each entrant before its day moves, by turn\n\n",
    );
    render_weights(&uniform, |w| format!("{:.2}", mean_weight(w, |x| x)), &mut out);
    out.push_str(&format!(
        "\nthe gate, from each entrant's seat: how often the others' mean weight on uniform picks \
         is over {} / over {}, by turn\n\n",
        GATES[0], GATES[1]
    ));
    let over = |w: &[&Weight]| {
        let [a, b] = GATES.map(|g| 100.0 * mean_weight(w, |x| (x > g) as u8 as f64));
        format!("{a:.0}% / {b:.0}%")
    };
    render_weights(&gate, over, &mut out);
    Ok(out)
}

fn mean<T>(items: &[&T], f: impl Fn(&T) -> f64) -> f64 {
    items.iter().map(|x| f(x)).sum::<f64>() / items.len() as f64
}

/// The gates the gate table reads against: the bot's own, and 0.4, its gate before.
const GATES: [f64; 2] = match params::bot(daimyo_engine::styles::field::Field::DESCRIBED).rivals {
    Rivals::Modelled { gate, .. } => [gate, 0.4],
    Rivals::Prior { .. } => panic!("the bot's rollouts are gated"),
};

fn mean_weight(items: &[&Weight], f: impl Fn(f64) -> f64) -> f64 {
    mean(items, |x| f(x.w))
}

/// A table of the entrants' uniform weights, each day turn's as `cell` says.
fn render_weights(
    entrants: &[(String, Vec<Weight>)],
    cell: impl Fn(&[&Weight]) -> String,
    out: &mut String,
) {
    let mut head: Vec<String> = vec!["entrant".into(), "moves".into()];
    head.extend(DAYS.iter().map(|t| format!("turn {t}")));
    let mut rows = vec![head];
    for (name, weights) in entrants {
        let mut row = vec![name.clone(), weights.len().to_string()];
        for &t in &DAYS {
            let these: Vec<&Weight> = weights.iter().filter(|x| x.turn == t).collect();
            row.push(if these.is_empty() { "-".into() } else { cell(&these) });
        }
        rows.push(row);
    }
    align(&rows, out);
}

/// The turns a hidden night's totals are known while its split is not.
const HIDDEN: [u8; 6] = [3, 4, 5, 7, 8, 9];

/// A table of the entrants' scores, by turn; with the uniform column if the scores have it.
fn render(entrants: &[(String, Vec<Score>)], what: &str, turns: &[u8], out: &mut String) {
    let uniform = entrants.iter().flat_map(|e| &e.1).any(|x| x.uniform.is_some());
    let mut head: Vec<String> = vec!["entrant".into(), what.into(), "nats a move".into()];
    if uniform {
        head.push("uniform".into());
    }
    head.push("likeliest".into());
    head.extend(turns.iter().map(|t| format!("turn {t}")));
    let mut rows = vec![head];
    for (name, scores) in entrants {
        let all: Vec<&Score> = scores.iter().collect();
        let nats = match blocked_mean(&by_seed(scores, |x| x.seed, |x| x.nats)) {
            Some((m, variance)) => format!("{m:.2} ± {:.2}", CONFIDENCE_Z * variance.sqrt()),
            None => format!("{:.2}", mean(&all, |x| x.nats)),
        };
        let mut row = vec![name.clone(), scores.len().to_string(), nats];
        if uniform {
            row.push(format!("{:.2}", mean(&all, |x| x.uniform.unwrap_or(f64::NAN))));
        }
        row.push(format!("{:.1}%", 100.0 * mean(&all, |x| x.likeliest as u8 as f64)));
        for &t in turns {
            let these: Vec<&Score> = scores.iter().filter(|x| x.turn == t).collect();
            row.push(match these.is_empty() {
                true => "-".into(),
                false => format!("{:.2}", mean(&these, |x| x.nats)),
            });
        }
        rows.push(row);
    }
    align(&rows, out);
}

/// Per entrant and turn of `turns`, each lord's picks the forecasts expected and the moves made,
/// by strength rank.
fn render_lords(entrants: &[(String, Vec<Score>)], turns: &[u8], out: &mut String) {
    let mut head: Vec<String> = vec!["entrant".into(), "turn".into(), "moves".into()];
    head.extend((1..=LORDS).map(|r| format!("lord {r}")));
    let mut rows = vec![head];
    for (name, scores) in entrants {
        for &t in turns {
            let these: Vec<&[(f64, u8); LORDS]> =
                scores.iter().filter(|x| x.turn == t).filter_map(|x| x.lords.as_ref()).collect();
            if these.is_empty() {
                continue;
            }
            let mut row = vec![name.clone(), t.to_string(), these.len().to_string()];
            for r in 0..LORDS {
                let expected = mean(&these, |x| x[r].0);
                let made = mean(&these, |x| x[r].1 as f64);
                row.push(format!("{expected:.2} / {made:.2}"));
            }
            rows.push(row);
        }
    }
    align(&rows, out);
}
