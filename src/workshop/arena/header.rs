//! The first lines of a run's output: what it plays, and under `--sprt` the test and its log's
//! columns.

use super::SPRT_ALPHA;
use super::journal::seed_list;
use super::plan::{Plan, Shard, lineup};
use super::referee::MANAGER_ANSWER_MS;
use super::sprt::Sprt;

/// What the run plays: the first line of the output, ending in `how` (`jobs 2`, `merged from
/// 4 files`) and the shard, and under `--sprt` the test and the columns of its log.
pub fn header(p: &Plan, how: &str, shard: Option<Shard>) -> String {
    let at_most = if p.sprt.is_some() { " at most" } else { "" };
    let last = p.first_seed + (p.seeds - 1);
    let mut text = format!(
        "arena: {}  seeds {}..{last} ({}){at_most}  {} games{at_most}  {how}",
        lineup(p),
        p.first_seed,
        p.seeds,
        p.total()
    );
    if let Some(s) = shard {
        let seeds = p.seeds_of(shard);
        let games = seeds.len() * p.games_per_seed();
        text += &format!("  shard {}: {} ({games} games)", s.text(), seed_list("seed", &seeds));
    }
    text += "\n";
    if p.answer_ms != MANAGER_ANSWER_MS {
        text += &format!(
            "analysis: answers allowed {} ms (--answer-limit-ms), not the manager's {MANAGER_ANSWER_MS}\n",
            p.answer_ms
        );
    }
    match (p.sprt, shard) {
        (Some(margin), None) => text += &sprt_header(margin),
        (Some(_), Some(_)) => {
            text += "sprt: the test takes the seeds in order, all shards' together: daimyo arena \
                     --merge FILE... of the shards' --out files takes it\n"
        }
        (None, _) => {}
    }
    text
}

fn sprt_header(margin: f64) -> String {
    let (low, high) = Sprt::bounds();
    format!(
        "sprt: B's win share minus A's = {:+.1} points (B is stronger) against {:+.1} (A is \
         stronger), alpha = beta = {SPRT_ALPHA}, LLR bounds {low:.2} and {high:.2}\n\
         {:>6} {:>7}  {:<20}  {:<20}  {:<14}  {:>7}\n",
        100.0 * margin,
        -100.0 * margin,
        "seeds",
        "games",
        "A win share",
        "B win share",
        "B - A, points",
        "LLR"
    )
}
