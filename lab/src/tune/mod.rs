//! `daimyo-lab tune`: the search's settings (`params::TUNABLES`) tuned by SPSA (simultaneous
//! perturbation stochastic approximation) over short games against opponents drawn from a list.
//!
//! Each iteration takes one seed: the list's draw for that seed is the line-up, every
//! setting is moved by its perturbation `c` up or down (a random sign each), and the bot plays
//! the seed's four seat rotations with the settings moved up (θ+) and again with them moved
//! down (θ−), the same opponents and lords in the same seats. The difference of the two win
//! shares, `r`, is a measurement of the slope along the signs: every setting then moves
//! `rate × c × r × sign` (a setting whose sign favoured the winner moves towards it). The
//! bot plays at a rollout budget without a clock, so a run is the same whatever the machine's
//! load or `--jobs`; the estimate is the mean of the settings over the run's second half,
//! where one iteration's noise has been averaged away.

use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, given, say};
use daimyo::workshop::arena::referee::{Clocks, GameRecord};
use daimyo::workshop::arena::{Entrant, interrupt, options, plan, play_game, splitmix};
use daimyo_engine::params::{self, SearchParams, Tunable};
use daimyo_engine::rules::{DAIMYO, first_place_shares};
use daimyo_engine::timeman::{Budget, cores};
use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

const USAGE: &str = "\
daimyo-lab tune: the bot's search settings tuned by SPSA in short games against drawn opponents

USAGE
  daimyo-lab tune [OPTIONS] NAME=START:C ...

Each NAME=START:C tunes one setting from START, perturbed by C either way (C > 0):
SETTINGS

Each iteration plays one seed's four seat rotations twice, the bot with every setting moved
by its C up or down at random (θ+), then with every one moved the other way (θ−), against
the same three opponents drawn from the list; every setting then moves RATE x C x (θ+'s win
share - θ−'s) in the direction of its sign. The bot plays at a rollout budget without a clock,
so a run is the same on any machine and with any --jobs. The estimate is each setting's mean
over the second half of the run. Confirm it at full time with the arena, e.g.
  daimyo arena --sprt bot 'bot:gate=0.42' --draw-from ...

OPTIONS
  --iterations N   iterations, 8 games each (default 500)
  --rollouts N     the bot's rollouts a move (default 30000)
  --draw-from P1,...
                   the players the opponents are drawn from (default planner,
                   tables-described,pruned-mc,roles,margins-described,flatmc)
  --rate R         the step, in perturbations per unit of win share (default 0.25)
  --first-seed S   the first iteration's seed (default 1)
  --jobs J         games played at once (default: the number of cores)
  --every N        a line of progress every N iterations (default 25)
  --out FILE       one JSON line per iteration: seed, signs, both settings, both shares, the
                   settings after the step
";

/// The players drawn from when none are given: the six of the table F6 (docs/findings.md).
pub const DEFAULT_DRAW: &str = "planner,tables-described,pruned-mc,roles,margins-described,flatmc";

/// One setting under tuning.
#[derive(Clone, Copy, Debug)]
pub struct Dim {
    pub tunable: &'static Tunable,
    pub start: f64,
    /// The perturbation either way.
    pub c: f64,
}

impl Dim {
    /// `NAME=START:C`.
    pub fn parse(text: &str) -> Result<Dim, String> {
        let bad = || format!("'{text}': a setting to tune is NAME=START:C, e.g. gate=0.5:0.1");
        let (name, rest) = text.split_once('=').ok_or_else(bad)?;
        let (start, c) = rest.split_once(':').ok_or_else(bad)?;
        let tunable = Tunable::find(name)
            .ok_or_else(|| format!("'{text}': no setting '{name}' ({})", Tunable::names()))?;
        let (start, c): (f64, f64) =
            (start.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
        let in_range = (tunable.min..=tunable.max).contains(&start);
        if !(in_range && c > 0.0 && c.is_finite()) {
            return Err(format!(
                "'{text}': START must be from {} to {} and C more than 0",
                tunable.min, tunable.max
            ));
        }
        Ok(Dim { tunable, start, c })
    }
}

/// The state of a run: the settings and their history.
#[derive(Clone, Debug)]
pub struct Spsa {
    pub dims: Vec<Dim>,
    pub rate: f64,
    pub theta: Vec<f64>,
    /// The settings after each iteration.
    pub history: Vec<Vec<f64>>,
    /// The sum of the squared differences of win shares: how far a setting that changed
    /// nothing would have wandered by chance.
    pub r_squared: f64,
}

impl Spsa {
    pub fn new(dims: Vec<Dim>, rate: f64) -> Spsa {
        let theta = dims.iter().map(|d| d.start).collect();
        Spsa { dims, rate, theta, history: Vec::new(), r_squared: 0.0 }
    }

    /// The signs of iteration `k` of a run seeded `seed`: ±1 a setting.
    pub fn signs(&self, seed: u64, k: u64) -> Vec<f64> {
        let z = splitmix(seed ^ splitmix(k));
        (0..self.dims.len()).map(|i| if z >> (i % 64) & 1 == 1 { 1.0 } else { -1.0 }).collect()
    }

    /// The settings moved by `sign` times the perturbations (`sign` ±1), each within its
    /// range and whole if it is whole.
    pub fn moved(&self, signs: &[f64], sign: f64) -> Vec<f64> {
        let each = self.dims.iter().zip(&self.theta).zip(signs);
        each.map(|((d, t), s)| d.tunable.clamp(t + sign * s * d.c)).collect()
    }

    /// The step after an iteration whose θ+ won `plus` and θ− `minus` (win shares).
    pub fn step(&mut self, signs: &[f64], plus: f64, minus: f64) {
        let r = plus - minus;
        self.r_squared += r * r;
        for ((t, d), s) in self.theta.iter_mut().zip(&self.dims).zip(signs) {
            *t = (*t + self.rate * d.c * r * s).clamp(d.tunable.min, d.tunable.max);
        }
        self.history.push(self.theta.clone());
    }

    /// Each setting's mean over the second half of the iterations (its start before any).
    pub fn estimate(&self) -> Vec<f64> {
        let half = &self.history[self.history.len() / 2..];
        if half.is_empty() {
            return self.theta.clone();
        }
        let n = half.len() as f64;
        (0..self.dims.len()).map(|i| half.iter().map(|h| h[i]).sum::<f64>() / n).collect()
    }

    /// Each setting's move from its start in units of the spread it would have by chance: a
    /// setting that changes nothing moves by `rate × c × r × sign` with a sign independent of
    /// `r`, a sum whose standard deviation is `rate × c × √Σr²`. Beyond ±2 the setting
    /// mattered (the bounds of a setting's range pull this towards 0).
    pub fn z(&self) -> Vec<f64> {
        let chance = self.rate * self.r_squared.sqrt();
        let each = self.dims.iter().zip(&self.theta);
        each.map(|(d, t)| if chance > 0.0 { (t - d.start) / (chance * d.c) } else { 0.0 }).collect()
    }

    /// Each setting's standard deviation over the second half: how far it still wanders.
    pub fn wander(&self) -> Vec<f64> {
        let half = &self.history[self.history.len() / 2..];
        let mean = self.estimate();
        let n = half.len().max(1) as f64;
        let var = |i: usize| half.iter().map(|h| (h[i] - mean[i]).powi(2)).sum::<f64>() / n;
        (0..self.dims.len()).map(|i| var(i).sqrt()).collect()
    }
}

/// The bot's search with `values` for the run's settings.
fn search_of(dims: &[Dim], values: &[f64]) -> SearchParams {
    let mut s = params::bot(daimyo::player::field::default());
    for (d, &v) in dims.iter().zip(values) {
        d.tunable.set(&mut s, d.tunable.clamp(v)).expect("the bot has every tunable");
    }
    s
}

/// A setting's value as the arena and the player read it.
fn shown(d: &Dim, v: f64) -> String {
    let v = d.tunable.clamp(v);
    if d.tunable.scale == params::Scale::Real { format!("{v:.4}") } else { format!("{v:.0}") }
}

struct Options {
    dims: Vec<Dim>,
    iterations: u64,
    rollouts: u64,
    draw_from: Vec<Entrant>,
    draw_text: String,
    rate: f64,
    first_seed: u32,
    jobs: usize,
    every: u64,
    out: Option<String>,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        dims: Vec::new(),
        iterations: 500,
        rollouts: 30_000,
        draw_from: Vec::new(),
        draw_text: DEFAULT_DRAW.into(),
        rate: 0.25,
        first_seed: 1,
        jobs: cores(),
        every: 25,
        out: None,
    };
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("--iterations") => o.iterations = read.value()?,
            Opt("--rollouts") => o.rollouts = read.value()?,
            // `--field`, its old name, for the commands written with it.
            Opt("--draw-from" | "--field") => o.draw_text = read.value()?,
            Opt("--rate") => o.rate = read.value()?,
            Opt("--first-seed") => o.first_seed = read.value()?,
            Opt("--jobs") => o.jobs = read.value()?,
            Opt("--every") => o.every = read.value()?,
            Opt("--out") => o.out = Some(read.value()?),
            Opt(a) => {
                return Err(format!("unknown option '{a}' (daimyo-lab tune --help lists them)"));
            }
            Free(a) => o.dims.push(Dim::parse(a)?),
        }
    }
    if o.dims.is_empty() {
        return Err("nothing to tune: give NAME=START:C, e.g. gate=0.5:0.1".into());
    }
    if let Some(d) = o
        .dims
        .iter()
        .enumerate()
        .find(|(k, d)| o.dims[..*k].iter().any(|e| e.tunable.name == d.tunable.name))
    {
        return Err(format!("{} is given twice", d.1.tunable.name));
    }
    if o.iterations == 0 || o.rollouts == 0 || o.jobs == 0 || o.every == 0 {
        return Err("--iterations, --rollouts, --jobs and --every must be at least 1".into());
    }
    if !(o.rate > 0.0 && o.rate.is_finite()) {
        return Err("--rate must be more than 0".into());
    }
    if u64::from(o.first_seed) + o.iterations - 1 > u64::from(u32::MAX) {
        return Err("seeds are 32-bit: --first-seed + --iterations - 1 must stay below 2^32".into());
    }
    o.draw_from = options::list_specs(&o.draw_text)
        .iter()
        .map(|s| Entrant::parse(s))
        .collect::<Result<_, _>>()?;
    if o.draw_from.len() < 3 {
        return Err("--draw-from needs at least three players".into());
    }
    Ok(o)
}

/// The bot's win share in twelfths in rotation `r` of `seed` with `search`, against `opponents`,
/// seated as the arena seats a table's first entrant.
fn play_one(
    search: SearchParams,
    budget: Budget,
    opponents: [&Entrant; 3],
    seed: u32,
    r: usize,
    clocks: Clocks,
) -> u32 {
    let bot = Entrant::Builtin {
        label: "bot".into(),
        name: "bot".into(),
        budget,
        search: Some(Box::new(search)),
    };
    let table = [&bot, opponents[0], opponents[1], opponents[2]];
    let seated = std::array::from_fn(|s| table[(s + r) % DAIMYO]);
    let rec: GameRecord = play_game(seated, seed, r, false, clocks);
    first_place_shares(&rec.totals_x12)[(DAIMYO - r) % DAIMYO]
}

/// The win shares of θ+ and θ− at one seed, its eight games spread over `jobs` threads (summed
/// in twelfths, so that the order the games end in changes nothing).
fn iteration(
    o: &Options,
    plus: SearchParams,
    minus: SearchParams,
    seed: u32,
    clocks: Clocks,
) -> (f64, f64) {
    let budget = Budget {
        rollouts: Some(o.rollouts),
        no_clock: true,
        threads: Some(1),
        ..Budget::default()
    };
    let opponents = plan::draw(o.draw_from.len(), seed).map(|i| &o.draw_from[i]);
    let games: Vec<(usize, usize)> =
        (0..2).flat_map(|side| (0..DAIMYO).map(move |r| (side, r))).collect();
    let next = Mutex::new(0usize);
    let shares = Mutex::new([0u32; 2]);
    std::thread::scope(|scope| {
        for _ in 0..o.jobs.min(games.len()) {
            scope.spawn(|| {
                loop {
                    let g = {
                        let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                        let g = *n;
                        *n += 1;
                        g
                    };
                    let Some(&(side, r)) = games.get(g) else { break };
                    let search = if side == 0 { plus } else { minus };
                    let won = play_one(search, budget, opponents, seed, r, clocks);
                    shares.lock().unwrap_or_else(|e| e.into_inner())[side] += won;
                }
            });
        }
    });
    let [p, m] = shares.into_inner().unwrap_or_else(|e| e.into_inner());
    let share = |x12: u32| x12 as f64 / (12 * DAIMYO) as f64;
    (share(p), share(m))
}

fn settings_line(dims: &[Dim], values: &[f64]) -> String {
    dims.iter()
        .zip(values)
        .map(|(d, &v)| format!("{}={}", d.tunable.name, shown(d, v)))
        .collect::<Vec<_>>()
        .join(",")
}

fn run(o: Options) -> Result<(), String> {
    let mut out = match &o.out {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("--out {path}: {e}"))?),
        None => None,
    };
    // A search without a clock may take a while on a loaded machine; it is not the manager's
    // time that is measured here.
    let clocks = Clocks { answer: Duration::from_secs(60), ..Clocks::MANAGER };
    let mut spsa = Spsa::new(o.dims.clone(), o.rate);
    let start = settings_line(&o.dims, &spsa.theta);
    eprintln!(
        "daimyo-lab tune: {} iterations ({} games) from {start}, the bot at {} rollouts a move, \
         drawn from {}, rate {}, seeds {}-{}",
        o.iterations,
        8 * o.iterations,
        o.rollouts,
        o.draw_text,
        o.rate,
        o.first_seed,
        u64::from(o.first_seed) + o.iterations - 1
    );
    interrupt::catch();
    let mut won = [0.0f64; 2];
    for k in 0..o.iterations {
        if let Some(signal) = interrupt::caught() {
            eprintln!("daimyo-lab tune: {} after {k} iterations", interrupt::name(signal));
            break;
        }
        let seed = o.first_seed + k as u32;
        let signs = spsa.signs(u64::from(o.first_seed), k);
        let (up, down) = (spsa.moved(&signs, 1.0), spsa.moved(&signs, -1.0));
        let (plus, minus) =
            iteration(&o, search_of(&o.dims, &up), search_of(&o.dims, &down), seed, clocks);
        spsa.step(&signs, plus, minus);
        won[0] += plus;
        won[1] += minus;
        if let Some(f) = &mut out {
            let line = serde_json::json!({
                "iteration": k + 1, "seed": seed, "signs": signs, "plus": up, "minus": down,
                "shares": [plus, minus], "after": spsa.theta,
            });
            writeln!(f, "{line}").map_err(|e| format!("--out: {e}"))?;
        }
        if (k + 1) % o.every == 0 || k + 1 == o.iterations {
            eprintln!(
                "{:>6}/{}  {}  mean win share {:.3}",
                k + 1,
                o.iterations,
                settings_line(&o.dims, &spsa.theta),
                (won[0] + won[1]) / 2.0 / (k + 1) as f64
            );
        }
    }
    say(&summary(&spsa, &o));
    Ok(())
}

fn summary(spsa: &Spsa, o: &Options) -> String {
    let (estimate, wander, z) = (spsa.estimate(), spsa.wander(), spsa.z());
    let mut text = format!(
        "{:<10} {:>9} {:>9} {:>12} {:>9} {:>7}\n",
        "setting", "start", "now", "estimate", "wander", "z"
    );
    for (i, d) in spsa.dims.iter().enumerate() {
        text.push_str(&format!(
            "{:<10} {:>9} {:>9} {:>12} {:>9.4} {:>+7.2}\n",
            d.tunable.name,
            shown(d, d.start),
            shown(d, spsa.theta[i]),
            shown(d, estimate[i]),
            wander[i],
            z[i]
        ));
    }
    text.push_str(&format!(
        "{} iterations; the estimate is the mean over the second half; z is the move from the \
         start over the spread\nit would have by chance: within ±2 the run cannot tell the \
         setting mattered. Confirm an estimate:\n  daimyo arena --sprt bot 'bot:{}' \
         --draw-from {}\n",
        spsa.history.len(),
        settings_line(&spsa.dims, &estimate),
        o.draw_text
    ));
    text
}

pub fn main(args: &[String]) -> i32 {
    if given(args, &["-h", "--help"]) {
        let settings: String = params::TUNABLES
            .iter()
            .map(|t| {
                let now = t
                    .get(&params::bot(daimyo::player::field::default()))
                    .map_or(String::new(), |v| format!(" (bot: {v})"));
                format!("  {:<10} {}{now}\n", t.name, t.about)
            })
            .collect();
        say(&USAGE.replace("SETTINGS\n", &settings));
        return 0;
    }
    let result = options(args).map_err(|e| (2, e)).and_then(|o| run(o).map_err(|e| (1, e)));
    match result {
        Ok(()) => 0,
        Err((code, e)) => {
            eprintln!("daimyo-lab tune: {e}");
            code
        }
    }
}

#[cfg(test)]
mod tests;
