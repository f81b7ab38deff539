//! `daimyo-lab hindsight FILE...`: the last turn of recorded games, played again under other
//! settings and judged exactly. At turn 9 nobody sees anyone's move before answering, so the
//! others' recorded turn-9 moves do not depend on the move a seat answers: any other move of
//! that seat can be scored against them, and the game's end is known for it. Each chosen seat's
//! position is rebuilt from the replay (what that seat saw of the first eight turns), each tried
//! built-in answers it, and its move is scored by the first-place share it would have got. The
//! move recorded in the game and the best move in hindsight (the most any of the 252 moves gets
//! against those moves) are scored the same way, so a try reads against what was played and
//! against what could have been.
//!
//! One position is one seat of one game; the results are paired (every try on the same
//! positions). A seed's four rotations share the lords, and so do the sides of a test, so every
//! interval takes the seed as the block (`stats::blocked_mean`), as the arena's table does.

use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, parsed, say, threads};
use daimyo::player::protocol::answer;
use daimyo::workshop::arena::stats::{align, blocked_mean, by_seed};
use daimyo::workshop::arena::{CONFIDENCE_Z, Entrant, agent_seed};
use daimyo::workshop::builtins;
use daimyo::workshop::jobs::in_order;
use daimyo::workshop::records::{self, Origin, out_file};
use daimyo_engine::agent::LocalGame;
use daimyo_engine::moves::legal;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, State, TURNS, first_place_shares};
use daimyo_engine::timeman::cores;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
daimyo-lab hindsight: the last turn of recorded games, played again and judged exactly

USAGE
  daimyo-lab hindsight [OPTIONS] FILE...

FILE is an arena --out file (of one run or several, whole or a shard) or the manager's result
of a game. At turn 9 no move is seen before every move is in, so the others' recorded turn-9
moves stand whatever a seat answers: each chosen seat is given its position again (what it
saw of turns 1 to 8), each tried built-in answers it, and the move is scored by the share of
first place it would have got (1 alone, 1/k in a k-way tie, 0 otherwise) against the others'
recorded moves. The move played in the game and the best move in hindsight (the most any of
the 252 moves gets) are scored the same way.

OPTIONS
  --try SPEC    a built-in that answers each position, as an arena entrant (bot,
                bot:rollouts=1000000, bot:rollouts=1000000,gate=0.4, mc1, planner ...);
                repeatable, the first is the one the others are compared with (default:
                bot:rollouts=1000000). A search at a rollout budget answers the same whatever
                the machine; one on the clock (bot:time=500) does not. Each seat's search has
                the seed the arena gave that seat, so the entrant that played, at the same
                rollout budget, answers the recorded move again.
  --seat WHO    the seats replayed: those of the entrant labelled WHO, or seat WHO (0 to 3) of
                every game; repeatable (default: the seats of the entrants the files' runs
                measured; a manager's result names nobody, so it needs --seat)
  --jobs N      positions answered at once (default: the cores available); a search given no
                threads searches on one when N is more than 1
  --each        a line for each position: its seat, each move and its share

Prints, for the recorded move, the best in hindsight and each try: the mean share of first
place over the positions with its 95% interval (the seed as the block); each try's difference
from the recorded move and from the first try, in points, paired, with their intervals; how
often its move was not the recorded one; and how often it was one of the best in hindsight.

Exit codes: 0; 1 when a file cannot be read (its name and line are said) or holds no position
to replay; 2 for bad arguments.
";

/// The day moves, and so the moves of turn 9.
const LAST: Phase = Phase::Day;

/// One seat of one recorded game, at its last turn.
#[derive(Clone, Debug)]
pub struct Position {
    /// The entrant's label, or `seat N` for a manager's game.
    pub who: String,
    pub seed: u32,
    /// The arena's rotation (0 for a manager's game), for the seat's search seed.
    pub rotation: usize,
    pub seat: usize,
    pub strengths: [u8; LORDS],
    /// The nine turns' moves, every seat.
    pub moves: Vec<[Move; DAIMYO]>,
}

impl Position {
    /// The table after the first eight turns: every seat shown turn 9.
    pub fn table(&self) -> LocalGame {
        let mut t = LocalGame::new(self.strengths);
        for m in &self.moves[..TURNS as usize - 1] {
            t.play(m).expect("the records check each move against its turn's phase");
        }
        t
    }

    /// The seat's share of first place, in twelfths, had it answered `mv` at turn 9 after
    /// `before` (the state after eight turns) and the others their recorded moves.
    fn share(&self, before: &State, mv: Move) -> u32 {
        let mut state = *before;
        let mut last = self.moves[TURNS as usize - 1];
        last[self.seat] = mv;
        state.play(&last).expect("a day move at a day turn");
        first_place_shares(&state.totals())[self.seat]
    }

    fn label(&self) -> String {
        format!("seed {} rotation {} seat {} {}", self.seed, self.rotation, self.seat, self.who)
    }
}

/// What a position gave: the recorded move's share, the best and worst any move gets, and
/// each try's move and share; shares in twelfths.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub recorded: u32,
    pub best: u32,
    pub worst: u32,
    pub tried: Vec<(Move, u32)>,
}

/// Every try's answer to `pos`, and the shares.
pub fn replay(pos: &Position, tries: &[Entrant]) -> Outcome {
    let table = pos.table();
    let before = table.state;
    let shares: Vec<u32> = legal(LAST)
        .iter()
        .map(|&r| pos.share(&before, Move::from_counts(r).expect("a legal row")))
        .collect();
    let tried = tries
        .iter()
        .map(|e| {
            let Entrant::Builtin { name, budget, search, .. } = e else {
                unreachable!("programs are refused when the arguments are read")
            };
            let builtin = builtins::find(name).expect("checked when parsed");
            let mut agent = builtin.agent_with(*budget, search.as_deref());
            agent.new_game(pos.strengths, agent_seed(pos.seed, pos.rotation, pos.seat));
            let mv = agent.act(&table.known[pos.seat], Instant::now());
            (mv, pos.share(&before, mv))
        })
        .collect();
    Outcome {
        recorded: pos.share(&before, pos.moves[TURNS as usize - 1][pos.seat]),
        best: *shares.iter().max().expect("252 moves"),
        worst: *shares.iter().min().expect("252 moves"),
        tried,
    }
}

/// How often a long run says on stderr how far it has got.
const PROGRESS: Duration = Duration::from_secs(10);

/// Every position's outcome, in order, `jobs` at a time; with `progress`, a line on stderr
/// every `PROGRESS` saying how many are done.
pub fn replay_all(
    positions: &[Position],
    tries: &[Entrant],
    jobs: usize,
    progress: bool,
) -> Vec<Outcome> {
    let said = Mutex::new(Instant::now());
    let done = |n: usize| {
        let mut said = said.lock().expect("no thread panics holding it");
        if progress && said.elapsed() >= PROGRESS {
            eprintln!("hindsight: {n} of {} positions", positions.len());
            *said = Instant::now();
        }
    };
    in_order(positions, jobs, |pos| replay(pos, tries), done)
}

/// Which seats are replayed.
#[derive(Clone, Debug, PartialEq)]
enum Who {
    Label(String),
    Seat(usize),
}

/// The positions of `files` whose seat `who` names (or, with none, whose entrant the file's run
/// measured). A game read has its nine turns, each move of its turn's phase (the records
/// refuse any other).
fn positions(files: &[String], who: &[Who]) -> Result<Vec<Position>, String> {
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let measured: Vec<Who> = match who.is_empty() {
            false => who.to_vec(),
            // The run lines of an --out file; a manager's result has none.
            true => out_file(&text)
                .map(|f| f.runs)
                .unwrap_or_default()
                .iter()
                .flat_map(|(_, r)| r.run.sides.iter().map(|&i| r.run.entrants[i].label.clone()))
                .map(Who::Label)
                .collect(),
        };
        if measured.is_empty() {
            return Err(format!(
                "{file}: no run line names the entrants it measured (a manager's result names \
                 nobody): say which seats with --seat LABEL or --seat N"
            ));
        }
        let games =
            records::games(&text).and_then(|g| g.all()).map_err(|e| format!("{file}: {e}"))?;
        for g in games {
            let rotation = match g.origin {
                Origin::Arena { rotation, .. } => rotation,
                Origin::Manager => 0,
            };
            for seat in 0..DAIMYO {
                let named = measured.iter().any(|w| match w {
                    Who::Label(l) => *l == g.labels[seat],
                    Who::Seat(s) => *s == seat,
                });
                if named {
                    found.push(Position {
                        who: g.labels[seat].clone(),
                        seed: g.seed,
                        rotation,
                        seat,
                        strengths: g.strengths,
                        moves: g.commands[..TURNS as usize].to_vec(),
                    });
                }
            }
        }
    }
    Ok(found)
}

/// The mean of `values` (one a position, with its seed) and its 95% half-width, the seed as
/// the block; no half-width from one seed.
fn mean(values: impl Iterator<Item = (u32, f64)>) -> (f64, Option<f64>) {
    let values: Vec<(u32, f64)> = values.collect();
    let list = by_seed(&values, |v| v.0, |v| v.1);
    let n: f64 = list.iter().map(|b| b.1).sum();
    let plain = list.iter().map(|b| b.0).sum::<f64>() / n.max(1.0);
    match blocked_mean(&list) {
        Some((p, var)) => (p, Some(CONFIDENCE_Z * var.sqrt())),
        None => (plain, None),
    }
}

/// The account of `outcomes`, the positions' in the same order, for `tries`.
pub fn table(positions: &[Position], outcomes: &[Outcome], tries: &[Entrant]) -> String {
    let seeds: Vec<u32> = positions.iter().map(|p| p.seed).collect();
    let pct = |f: &dyn Fn(&Outcome) -> f64| {
        let (m, half) = mean(seeds.iter().copied().zip(outcomes.iter().map(f)));
        let interval = match half {
            Some(h) => format!("{:.1}–{:.1}", 100.0 * (m - h).max(0.0), 100.0 * (m + h).min(1.0)),
            None => "-".into(),
        };
        (format!("{:.1}%", 100.0 * m), interval)
    };
    let points =
        |f: &dyn Fn(&Outcome) -> f64| match mean(seeds.iter().copied().zip(outcomes.iter().map(f)))
        {
            (m, Some(h)) => format!("{:+.1} ± {:.1}", 100.0 * m, 100.0 * h),
            (m, None) => format!("{:+.1}", 100.0 * m),
        };
    let share = |twelfths: u32| twelfths as f64 / 12.0;
    let n = outcomes.len().max(1) as f64;
    let mut rows = vec![
        [
            "move",
            "first place",
            "95% interval",
            "− recorded (95%)",
            "− first try (95%)",
            "changed",
            "among the best",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (name, f) in [
        ("recorded", &(|o: &Outcome| share(o.recorded)) as &dyn Fn(&Outcome) -> f64),
        ("best in hindsight", &|o: &Outcome| share(o.best)),
    ] {
        let (m, interval) = pct(f);
        let best = outcomes.iter().filter(|o| f(o) == share(o.best)).count() as f64;
        let mut row = vec![name.to_string(), m, interval, String::new(), String::new()];
        row.extend([String::new(), format!("{:.1}%", 100.0 * best / n)]);
        rows.push(row);
    }
    for (k, e) in tries.iter().enumerate() {
        let (m, interval) = pct(&|o| share(o.tried[k].1));
        let recorded = points(&|o| share(o.tried[k].1) - share(o.recorded));
        let first = match k {
            0 => String::new(),
            _ => points(&|o| share(o.tried[k].1) - share(o.tried[0].1)),
        };
        let changed = positions
            .iter()
            .zip(outcomes)
            .filter(|(p, o)| o.tried[k].0 != p.moves[TURNS as usize - 1][p.seat]);
        let best = outcomes.iter().filter(|o| o.tried[k].1 == o.best).count() as f64;
        rows.push(vec![
            e.label().to_string(),
            m,
            interval,
            recorded,
            first,
            format!("{:.1}%", 100.0 * changed.count() as f64 / n),
            format!("{:.1}%", 100.0 * best / n),
        ]);
    }
    let mut out = String::new();
    align(&rows, &mut out);
    out
}

/// A line for a position: its seat, and each move with its share.
fn each_line(pos: &Position, o: &Outcome) -> String {
    let mv = |m: &Move, s: u32| format!("{} ({:.2})", answer(m), s as f64 / 12.0);
    let mut line = format!(
        "{}: recorded {}, best {:.2}",
        pos.label(),
        mv(&pos.moves[TURNS as usize - 1][pos.seat], o.recorded),
        o.best as f64 / 12.0
    );
    for (m, s) in &o.tried {
        line += &format!("; {}", mv(m, *s));
    }
    line
}

/// The tries, the seats, the jobs, whether to print each position, and the files.
struct Args {
    tries: Vec<Entrant>,
    who: Vec<Who>,
    jobs: usize,
    each: bool,
    files: Vec<String>,
}

fn parse(args: &[String]) -> Result<Option<Args>, String> {
    let mut a =
        Args { tries: Vec::new(), who: Vec::new(), jobs: cores(), each: false, files: Vec::new() };
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("--try") => {
                let spec: String = read.value()?;
                let e = Entrant::parse(&spec).map_err(|e| format!("--try: {e}"))?;
                if let Entrant::Exec { .. } = e {
                    return Err(format!(
                        "--try '{spec}': hindsight replays built-ins only (bot:SETTINGS, mc1, \
                         planner ...), not programs"
                    ));
                }
                a.tries.push(e);
            }
            Opt("--seat") => {
                let w: String = read.value()?;
                a.who.push(match w.parse::<usize>() {
                    Ok(s) if s < DAIMYO => Who::Seat(s),
                    Ok(s) => return Err(format!("--seat {s}: a seat is 0 to 3")),
                    Err(_) => Who::Label(w),
                });
            }
            Opt("--jobs") => a.jobs = threads("--jobs", read.value()?)?,
            Opt("--each") => a.each = true,
            Opt("-h" | "--help") => return Ok(None),
            Opt(o) => {
                return Err(format!("unknown option '{o}' (daimyo-lab hindsight --help)"));
            }
            Free(file) => a.files.push(file.to_string()),
        }
    }
    if a.files.is_empty() {
        return Err(
            "which files? arena --out files or the manager's results (daimyo-lab hindsight --help)"
                .into(),
        );
    }
    if a.tries.is_empty() {
        a.tries.push(Entrant::parse("bot:rollouts=1000000").expect("a valid entrant"));
    }
    // Positions in parallel each have their core: a search on one thread unless told, as the
    // arena's games.
    if a.jobs > 1 {
        for e in &mut a.tries {
            if let Entrant::Builtin { budget, .. } = e {
                budget.threads.get_or_insert(1);
            }
        }
    }
    Ok(Some(a))
}

pub fn main(args: &[String]) -> i32 {
    let a = match parsed("daimyo-lab hindsight", USAGE, parse(args)) {
        Ok(a) => a,
        Err(exit) => return exit,
    };
    let positions = match positions(&a.files, &a.who) {
        Ok(found) if !found.is_empty() => found,
        Ok(_) => {
            eprintln!("daimyo-lab hindsight: no seat of the files' games to replay (see --seat)");
            return 1;
        }
        Err(e) => {
            eprintln!("daimyo-lab hindsight: {e}");
            return 1;
        }
    };
    let mut whose: Vec<&str> = Vec::new();
    for p in &positions {
        if !whose.contains(&p.who.as_str()) {
            whose.push(&p.who);
        }
    }
    let seeds: std::collections::BTreeSet<u32> = positions.iter().map(|p| p.seed).collect();
    let head = format!(
        "hindsight: {} position{} (turn 9 of {}) on {} seed{}, {} job{}\n",
        positions.len(),
        if positions.len() == 1 { "" } else { "s" },
        whose.join(", "),
        seeds.len(),
        if seeds.len() == 1 { "" } else { "s" },
        a.jobs,
        if a.jobs == 1 { "" } else { "s" },
    );
    say(&head);
    let outcomes = replay_all(&positions, &a.tries, a.jobs, true);
    if a.each {
        let lines: String = positions
            .iter()
            .zip(&outcomes)
            .map(|(p, o)| format!("{}\n", each_line(p, o)))
            .collect();
        say(&lines);
    }
    let open = outcomes.iter().filter(|o| o.best > o.worst).count();
    say(&format!(
        "the answer mattered in {open} of them (some move would have got a different share)\n\n{}",
        table(&positions, &outcomes, &a.tries)
    ));
    0
}
