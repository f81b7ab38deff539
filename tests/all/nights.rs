//! The hidden-night posterior against known strategies: over many games, the probability it
//! gives to the true split of nights 2 and 4 (known to the referee) must beat what uniformly
//! random picks would give it by a clear factor.

use daimyo_engine::agent::{Agent, LocalGame};
use daimyo_engine::model::{Forecast, night_posteriors};
use daimyo_engine::params;
use daimyo_engine::rules::{Row, strengths_from_seed};

/// Geometric mean over games and nights of P_model(true split) / P_uniform(true split), seen by
/// seat 0 at turn 5, with `others` in seats 1..3.
fn factor(others: [&str; 3], games: u32) -> f64 {
    let mut log_sum = 0.0;
    let mut n = 0;
    for seed in 1..=games {
        let st = strengths_from_seed(seed);
        let [a, b, c] = others;
        let mut agents: [Box<dyn Agent>; 4] = ["random", a, b, c]
            .map(|name| daimyo::workshop::builtins::agent(name, Default::default()).unwrap());
        for (s, a) in agents.iter_mut().enumerate() {
            a.new_game(st, seed as u64 * 8 + s as u64);
        }
        let mut t = LocalGame::new(st);
        let mut nights: Vec<[Row; 3]> = Vec::new();
        while t.state.turn < 5 {
            let night = t.state.turn.is_multiple_of(2);
            let moves = t.play_agents(&mut agents);
            if night {
                nights.push([1, 2, 3].map(|s| moves[s].counts()));
            }
        }
        let pos = t.known[0].position();
        let model = night_posteriors(
            pos,
            &Forecast::new(pos, &params::bot(daimyo::player::field::default()).rivals, None),
        );
        let flat = night_posteriors(pos, &Forecast::new(pos, &params::UNIFORM_PICKS, None));
        assert_eq!(model.len(), 2, "both nights have known totals");
        for ((m, f), truth) in model.iter().zip(&flat).zip(&nights) {
            let p =
                |d: &Vec<([Row; 3], f64)>| d.iter().find(|(s, _)| s == truth).map(|x| x.1).unwrap();
            log_sum += (p(&m.1) / p(&f.1)).ln();
            n += 1;
        }
    }
    (log_sum / n as f64).exp()
}

/// Games a table: each one's two hidden nights read from seat 0 at turn 5.
const GAMES: u32 = 50;

#[test]
fn the_posterior_predicts_known_strategies_nights() {
    for (others, want) in [
        // Over these 50 games a table each read 5.64, 2.48, 2.45 and 10.32 when this was
        // written; over 100, the findings' "The field learnt from its games".
        (["greedy", "rules", "knapsack"], 1.6),
        (["rules", "rules", "rules"], 1.4),
        (["greedy", "greedy", "greedy"], 2.2),
        (["knapsack", "flatmc", "history"], 1.1),
    ] {
        let f = factor(others, GAMES);
        println!(
            "{others:?}: the true split is {f:.2}x as likely under the model as under uniform picks"
        );
        assert!(f >= want, "{others:?}: {f:.2}");
    }
    // Against random players the model has nothing to learn and must not do much worse
    // (0.78 here; the same finding: read jointly, barely above reading the nights alone).
    let f = factor(["random", "random", "random"], GAMES);
    println!("random x3: {f:.2}x");
    assert!(f > 0.75, "{f:.2}");
}
