//! The opponent model and the bot's report, in games against the workshop's built-ins: the
//! model must recognise the players it has styles for, and the bot must report what it read.

// Indexing by column reads better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

use daimyo::player::field;
use daimyo::workshop::builtins;
use daimyo_engine::agent::{Agent, LocalGame, Report};
use daimyo_engine::model::{Board, Forecast, Opponents, night_posteriors, style_distribution};
use daimyo_engine::moves;
use daimyo_engine::params::{self, ModelParams, Rivals, SearchParams};
use daimyo_engine::rules::{DAIMYO, Phase, Row};
use daimyo_engine::styles::field::{Component, Field, Kind};
use daimyo_engine::styles::{Rule, Style};
use daimyo_engine::timeman::Budget;

/// The bot's model, of the default field.
fn model() -> ModelParams {
    ModelParams::of(field::default())
}

/// The bot.
fn bot() -> SearchParams {
    params::bot(field::default())
}

/// The default field without the components `drop` names.
fn without(drop: impl Fn(&Component) -> bool) -> ModelParams {
    let kept: Vec<Component> = field::default().iter().filter(|c| !drop(c)).copied().collect();
    ModelParams::of(Field { components: kept.leak() })
}

/// The component called `name` of the default field.
fn named(name: &str) -> &'static Component {
    field::default().find(name).unwrap_or_else(|| panic!("no component {name}"))
}

/// Posterior style weights of seats 1..3 after a game to `upto` with these strategies.
fn learnt(names: [&str; 4], upto: u8, seed: u64) -> Opponents {
    learnt_with(names, upto, seed, &model())
}

/// The same with the model's settings `params`.
fn learnt_with(names: [&str; 4], upto: u8, seed: u64, params: &ModelParams) -> Opponents {
    Opponents::learn(&seat0_at(names, upto, seed), params, None)
}

/// What seat 0 knows at turn `upto` of a game between these strategies.
fn seat0_at(names: [&str; 4], upto: u8, seed: u64) -> daimyo_engine::knowledge::Position {
    let st = daimyo_engine::rules::strengths_from_seed(seed as u32);
    let mut agents: [Box<dyn Agent>; DAIMYO] = names.map(|n| {
        daimyo::workshop::builtins::agent(
            n,
            Budget { rollouts: Some(20_000), no_clock: true, ..Budget::default() },
        )
        .unwrap()
    });
    for (i, a) in agents.iter_mut().enumerate() {
        a.new_game(st, seed * 4 + i as u64);
    }
    let mut t = LocalGame::new(st);
    while t.state.turn < upto {
        t.play_agents(&mut agents);
    }
    *t.known[0].position()
}

/// The weight of column `c` on the components `which` accepts.
fn weight(o: &Opponents, c: usize, which: impl Fn(&Component) -> bool) -> f64 {
    model().components().zip(&o.weights[c]).filter(|(s, _)| which(s)).map(|(_, w)| w).sum()
}

fn rule(r: Rule) -> impl Fn(&Component) -> bool {
    move |c| c.style == Style::Rule(r)
}

fn uniform(c: &Component) -> bool {
    c.is_uniform()
}

/// The component of largest weight for column `c`.
fn top(o: &Opponents, c: usize) -> &'static Component {
    let k = (0..o.weights[c].len()).max_by(|&a, &b| o.weights[c][a].total_cmp(&o.weights[c][b]));
    model().components().nth(k.unwrap()).unwrap()
}

#[test]
fn recognises_deterministic_players_and_stays_modest_with_random_ones() {
    let (mut greedy, mut rules, mut random_uniform) = (0, 0, 0.0);
    for seed in 1..=20 {
        let o = learnt(["random", "greedy", "rules", "random"], 4, seed);
        greedy += (weight(&o, 1, rule(Rule::Greedy)) > 0.85) as u32;
        // `rules` reads its own true intimacy, hidden nights included: the model reads it at
        // every split of night 2 the N line allows.
        rules += (weight(&o, 2, rule(Rule::LordRules)) > 0.45) as u32;
        random_uniform += weight(&o, 3, uniform);
    }
    assert!(greedy >= 19, "greedy recognised after two day moves: {greedy}/20");
    assert!(rules >= 15, "rules recognised (or tied with a rule that agrees): {rules}/20");
    assert!(
        random_uniform / 20.0 > 0.5,
        "a random player is mostly uniform: {}",
        random_uniform / 20.0
    );
}

#[test]
fn the_described_players_are_recognised_by_turn_3() {
    // Each described opponent, seen for its day moves of turns 1 and 3 (and the night between),
    // against another described player and two random ones: its own style (the rule itself, or
    // its likeness, or for a search the search read as a rule) has the largest weight in most
    // games, and a random player reads as random. It may be read instead as the player learnt
    // from its original's games (`orig-roles` for `roles`), or a search as the generic
    // contestant, whose move model was fitted in part to its original: either is a reading of
    // that kind of player.
    for name in ["tables-described", "roles", "margins-described", "pruned-mc", "planner"] {
        let (mut own, mut random) = (0, 0);
        let searched = format!("{name}-search");
        let original = format!("orig-{}", name.trim_end_matches("-described"));
        let mut readings = vec![name, searched.as_str(), original.as_str()];
        if ["pruned-mc", "planner"].contains(&name) {
            readings.push(daimyo::workshop::learn::CONTESTANT);
        }
        // 12 games each: each player on top in all 12 and random read as random in 9 or 10
        // when this was written.
        for seed in 1..=12 {
            let o = learnt(["random", name, "tables-described", "random"], 4, seed);
            own += readings.contains(&top(&o, 1).name) as u32;
            random += uniform(top(&o, 3)) as u32;
        }
        println!("{name} on top in {own}/12 games, random reads as random in {random}/12");
        assert!(own > 6, "{name} on top in {own}/12 games");
        assert!(random > 6, "random reads as random in {random}/12 games");
    }
}

#[test]
fn later_turns_play_a_policy_per_style() {
    let o = learnt(["random", "greedy", "knapsack", "rules"], 6, 3);
    let later = o.later(&model());
    assert_eq!(later[0], vec![(*model().own, 1.0)], "the bot plays its own policy");
    for c in 1..DAIMYO {
        let total: f64 = later[c].iter().map(|x| x.1).sum();
        assert!((total - 1.0).abs() < 1e-9, "still a distribution: {total}");
    }
    // Greedy (column 1) was recognised, so its later moves follow greedy's likeness.
    let greedy = named("greedy").later;
    let w = later[1].iter().find(|x| x.0 == greedy).map_or(0.0, |x| x.1);
    assert!(weight(&o, 1, rule(Rule::Greedy)) > 0.9 && w > 0.9, "{w}");
}

#[test]
fn random_players_look_random_and_searchers_do_not() {
    // What the bot's gate reads: after two public day moves (turn 5), three random players are
    // mostly uniform picks; three copies of the foundation search are not. (The move models of
    // the learnt players and of the generic contestant give every move some probability and
    // keep a part of a random player's weight.)
    let share = |name: &str, seed: u64| {
        learnt(["random", name, name, name], 5, seed).uniform_share(&model())
    };
    let Rivals::Modelled { gate, .. } = bot().rivals else {
        panic!("the bot's later turns are gated")
    };
    let random = (1..=20).filter(|&s| share("random", s) > gate).count();
    let searchers = (1..=20).filter(|&s| share("mc1", s) > gate).count();
    assert!(random >= 19, "random players over the gate in {random}/20 games");
    assert!(searchers <= 4, "searchers over the gate in {searchers}/20 games");
}

#[test]
fn a_rules_near_misses_are_laid_like_its_likeness() {
    // A described rule keeps 1 - its smoothing for the move it plays, and lays its smoothing
    // like its likeness, a near miss of its kind of player: every other move has exactly the
    // smoothing times the likeness's probability.
    let public = [
        Row::from_array([1, 1, 1, 0, 1, 1]),
        Row::from_array([2, 0, 1, 0, 0, 2]),
        Row::from_array([1, 1, 0, 2, 1, 0]),
        Row::from_array([0, 3, 0, 1, 0, 1]),
    ];
    let params = model();
    for c in params.components().filter(|c| c.kind() == Kind::Described) {
        for turn in 3..=9u8 {
            let phase = Phase::of_turn(turn);
            let board = Board::open([3, 6, 5, 3, 4, 6], public, turn, phase);
            let p = style_distribution(c, &board, 2, &params, None);
            let like = Component { style: Style::Picks, ..*c };
            let l = style_distribution(&like, &board, 2, &params, None);
            let ratios: Vec<f64> = p.iter().zip(&l).map(|(p, l)| p / l).collect();
            let apart = ratios.iter().filter(|&&r| (r - c.smoothing).abs() > 1e-9).count();
            assert_eq!(apart, 1, "{} turn {turn}: only the rule's move stands apart", c.name);
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{}", c.name);
        }
    }
}

#[test]
fn a_learnt_player_is_as_sure_of_its_rules_moves_as_its_fit_found() {
    // A learnt player's forecast is its move model, the shares `sure` and `plan_sure` of the
    // turn moved onto its tables' and its plan's moves: every other move has (1 - sure -
    // plan_sure) times the move model's probability, and the rules' moves their shares more.
    let public = [
        Row::from_array([1, 1, 1, 0, 1, 1]),
        Row::from_array([2, 0, 1, 0, 0, 2]),
        Row::from_array([1, 1, 0, 2, 1, 0]),
        Row::from_array([0, 3, 0, 1, 0, 1]),
    ];
    let params = model();
    let learnt: Vec<&Component> =
        params.components().filter(|c| c.kind() == Kind::Learnt).collect();
    assert!(learnt.len() >= 5, "the five recorded programs are learnt");
    let (mut with_rule, mut with_plan) = (0, 0);
    for c in learnt {
        let Style::Learnt(player) = c.style else { panic!("a learnt player") };
        with_rule += usize::from(player.tables.is_some());
        with_plan += usize::from(player.plan.is_some());
        for turn in 1..=9u8 {
            let phase = Phase::of_turn(turn);
            let board = Board::open([3, 6, 5, 3, 4, 6], public, turn, phase);
            let p = style_distribution(c, &board, 2, &params, None);
            let alone = Component { style: Style::Moves(&player.moves), ..*c };
            let m = style_distribution(&alone, &board, 2, &params, None);
            let sure = player.tables_sure_at(turn) + player.plan_sure_at(turn);
            let moved: Vec<f64> = p.iter().zip(&m).map(|(p, m)| p - (1.0 - sure) * m).collect();
            let onto = moved.iter().filter(|x| x.abs() > 1e-12).count();
            assert!(onto <= 2, "{} turn {turn}: only the rules' moves gain", c.name);
            let gained: f64 = moved.iter().sum();
            assert!((gained - sure).abs() < 1e-9, "{} turn {turn}: {gained} vs {sure}", c.name);
        }
    }
    assert!(with_rule >= 3, "tables that help kept for {with_rule} players");
    assert!(with_plan >= 1, "plans that help kept for {with_plan} players");
}

/// The bot in seat 0 against `greedy`, `random` and `greedy`, up to turn `upto`, and the
/// bot's report on its move of that turn.
fn played(upto: u8) -> (LocalGame, Report) {
    let budget = Budget { rollouts: Some(2_000), no_clock: true, ..Budget::default() };
    let mut agents: [Box<dyn Agent>; DAIMYO] =
        ["bot", "greedy", "random", "greedy"].map(|n| builtins::agent(n, budget).unwrap());
    let st = daimyo_engine::rules::strengths_from_seed(3);
    for (i, a) in agents.iter_mut().enumerate() {
        a.new_game(st, i as u64);
    }
    let mut t = LocalGame::new(st);
    while t.state.turn < upto {
        t.play_agents(&mut agents);
    }
    agents[0].act(&t.known[0], std::time::Instant::now());
    (t, agents[0].report().expect("the bot reports"))
}

#[test]
fn the_report_names_the_rivals_styles_and_guesses_the_hidden_nights() {
    let (t, r) = played(5);
    assert_eq!(r.styles.len(), model().components().count());
    for c in 0..3 {
        let total: f64 = r.styles.iter().map(|s| s.weights[c]).sum();
        assert!((total - 1.0).abs() < 1e-9, "column {}: {total}", c + 1);
    }
    let weight = |label: &str, c: usize| {
        r.styles.iter().find(|s| s.label == label).map(|s| s.weights[c]).unwrap()
    };
    assert!(weight("greedy", 0) > 0.9 && weight("greedy", 2) > 0.9, "{:?}", r.styles);
    assert!(weight("greedy", 1) < 0.1, "the random player is not greedy: {:?}", r.styles);
    // At turn 5 nights 2 and 4 are hidden with known totals: the guesses are the likeliest
    // splits of the posterior the search drew its worlds from.
    let pos = t.known[0].position();
    let post = night_posteriors(pos, &Forecast::new(pos, &bot().rivals, None));
    assert_eq!(post.len(), 2);
    assert_eq!(r.nights.iter().map(|n| n.turn).collect::<Vec<_>>(), [2, 4]);
    for (guess, (turn, dist)) in r.nights.iter().zip(&post) {
        assert_eq!(guess.turn, *turn);
        let best = dist.iter().map(|d| d.1).fold(0.0, f64::max);
        assert_eq!(guess.probability, best);
        let h = pos.hidden.iter().flatten().find(|h| h.turn == *turn).unwrap();
        let sum = guess.split.iter().fold(Row::ZERO, |a, &r| a.add(r));
        assert_eq!(Some(sum), h.others, "the split adds up to the known total");
    }
}

/// Mean log-likelihood of the others' turn-7 day moves (held out) under the model learnt from
/// the turns before it, over games of these players (seat 0 watching).
fn held_out(names: [&str; 4], seeds: u64, params: &ModelParams) -> f64 {
    let budget = Budget { rollouts: Some(20_000), no_clock: true, ..Budget::default() };
    let (mut total, mut n) = (0.0, 0.0);
    for seed in 1..=seeds {
        let st = daimyo_engine::rules::strengths_from_seed(seed as u32);
        let mut agents: [Box<dyn Agent>; DAIMYO] =
            names.map(|n| builtins::agent(n, budget).unwrap());
        for (i, a) in agents.iter_mut().enumerate() {
            a.new_game(st, seed * 4 + i as u64);
        }
        let mut t = LocalGame::new(st);
        while t.state.turn < 7 {
            t.play_agents(&mut agents);
        }
        let before = *t.known[0].position();
        t.play_agents(&mut agents);
        let after = t.known[0].position();
        let o = Opponents::learn(&before, params, None);
        let board = Board::at(&before, before.public, 7, Phase::Day, params.rule_readings);
        for c in 1..DAIMYO {
            let seen = after.day_moves[7][c].expect("a public day move");
            let i = moves::legal(Phase::Day).iter().position(|&m| m == seen).unwrap();
            total += o.distribution(params, &board, c)[i].ln();
            n += 1.0;
        }
    }
    total / n
}

/// `held_out` for these players under `base` and under `params`.
fn held_out_both(
    names: [&str; 4],
    seeds: u64,
    base: &ModelParams,
    params: &ModelParams,
) -> (f64, f64) {
    (held_out(names, seeds, base), held_out(names, seeds, params))
}

/// The bot's model without the `loyal` rule: `history` is then a player no style knows.
fn no_loyal() -> ModelParams {
    without(|c| c.style == Style::Rule(Rule::Loyal))
}

#[test]
fn the_loyal_style_reads_a_player_that_keeps_to_its_lords() {
    // `history` splits every move in proportion to its own intimacy so far, as the `loyal` rule
    // does after its first move. With the rule among the components (prior 0.05, as in the bot)
    // its turn-7 move is foreseen far better (measured -4.67 to -1.17 nats a move over these 20
    // games with the default field), and the players the other components know are read about
    // as before (-2.763 to -2.773). By turn 8 (its day moves of turns 1 to 7 seen) the rule
    // carries over 0.9 of its weight in most columns (21 of 30; the learnt players' move
    // models, which give every move some probability, hold the rest).
    let sticky = ["random", "history", "history", "history"];
    let (plain, with) = held_out_both(sticky, 20, &no_loyal(), &model());
    println!("history: {plain:.3} without the rule, {with:.3} with it");
    assert!(with > plain + 2.0, "history: {plain:.3} without the rule, {with:.3} with it");
    let known = ["random", "roles", "margins-described", "flatmc"];
    let (plain, with) = held_out_both(known, 20, &no_loyal(), &model());
    println!("roles, margins, flatmc: {plain:.3} without the rule, {with:.3} with it");
    assert!(with > plain - 0.05, "known players: {plain:.3} without the rule, {with:.3} with it");
    let mut carried = 0;
    let k = model().components().position(rule(Rule::Loyal)).expect("loyal is read");
    for seed in 1..=10 {
        let o = learnt(sticky, 8, seed);
        carried += (1..DAIMYO).filter(|&c| o.weights[c][k] > 0.9).count();
        let plain = learnt_with(sticky, 8, seed, &no_loyal());
        let n = model().components().count();
        assert_eq!(plain.weights[1].len(), n - 1, "not read without it");
    }
    assert!(carried >= 18, "the rule carries history's weight in {carried}/30 columns");
    // Its first move tells nothing (any player may start on the strongest lords): read as
    // uniform picks, unlike its later ones.
    let st = daimyo_engine::rules::strengths_from_seed(7);
    let (loyal, random) = (named("loyal"), named("random"));
    let read = |c: &Component, turn: u8| {
        let board =
            Board::open(st, [Row::from_array([1, 0, 2, 0, 0, 2]); DAIMYO], turn, Phase::Day);
        style_distribution(c, &board, 1, &model(), None)
    };
    assert_eq!(read(loyal, 1), read(random, 1));
    assert_ne!(read(loyal, 3), read(random, 3));
}

/// The searching rules: without them they are not read; read, they carry the columns that play
/// their searches; and past the model's deadline a board not yet read is read by the search's
/// likeness, one already read as before.
#[test]
fn the_searching_rules_are_read_by_their_searches_until_the_deadline() {
    // The described components alone: no learnt player nor contestant shares the searches'
    // columns with them.
    let reading = ModelParams::of(Field::DESCRIBED);
    let kept: Vec<Component> =
        Field::DESCRIBED.iter().filter(|c| c.kind() != Kind::Searching).copied().collect();
    let unread = ModelParams::of(Field { components: kept.leak() });
    let n = unread.components().count();
    assert_eq!(reading.components().count(), n + 2, "the two rules read beside the others");
    // Where each search sits among the components read.
    let at = |r: Rule| reading.components().position(rule(r)).expect("read");
    let (p, q) = (at(Rule::Planner), at(Rule::PrunedMc));
    // Measured over these six games at turn 9: a mean weight of 0.21 on planner's search for
    // planner's column (1.00 in one game, 0.14 and under elsewhere, the rest on its likeness),
    // 0.48 on pruned-mc's for pruned-mc's (1.00 in two games), under 0.00001 on either for
    // tables'. The prior is 0.08.
    let names = ["roles", "planner", "pruned-mc", "tables-described"];
    let (mut planner, mut pruned, mut tables, mut carried) = (0.0, 0.0, 0.0f64, [false; 2]);
    for seed in 1..=6 {
        let o = learnt_with(names, 9, seed, &reading);
        planner += o.weights[1][p] / 6.0;
        pruned += o.weights[2][q] / 6.0;
        tables = tables.max(o.weights[3][p] + o.weights[3][q]);
        carried[0] |= o.weights[1][p] > 0.9;
        carried[1] |= o.weights[2][q] > 0.9;
        let plain = learnt_with(names, 9, seed, &unread);
        assert_eq!(plain.weights[1].len(), n, "not read at weight 0");
    }
    assert!(planner > 0.1, "planner's column on its search: {planner:.3}");
    assert!(pruned > 0.25, "pruned-mc's column on its search: {pruned:.3}");
    assert_eq!(carried, [true; 2], "each search carries its column in some game");
    assert!(tables < 0.05, "tables' column on the searches: {tables:.3}");

    std::thread::spawn(move || {
        let st = daimyo_engine::rules::strengths_from_seed(5);
        let public = [
            Row::from_array([2, 0, 3, 1, 0, 4]),
            Row::from_array([1, 2, 0, 3, 1, 0]),
            Row::from_array([0, 4, 1, 0, 2, 1]),
            Row::from_array([3, 1, 1, 1, 0, 2]),
        ];
        let board = Board::open(st, public, 7, Phase::Day);
        let past = Some(std::time::Instant::now());
        for c in reading.components().filter(|c| c.kind() == Kind::Searching) {
            let like = Component { style: Style::Picks, ..*c };
            let late = style_distribution(c, &board, 1, &reading, past);
            assert_eq!(late, style_distribution(&like, &board, 1, &reading, None), "{}", c.name);
            let read = style_distribution(c, &board, 1, &reading, None);
            let top = read.iter().cloned().fold(0.0, f64::max);
            assert!(top > 1.0 - c.smoothing, "{}: one move, the search's: {top}", c.name);
            assert_eq!(style_distribution(c, &board, 1, &reading, past), read, "{}", c.name);
        }
    })
    .join()
    .unwrap();
}

/// Read ahead on three threads, the forecast is the forecast read on one: every searching
/// rule's reading at the past day moves, at the turn's board and at the hidden nights' boards
/// is remembered before the model reads it, so that the model past its deadline still reads
/// the same.
#[test]
fn a_forecast_read_ahead_on_threads_is_the_forecast_on_one() {
    for (turn, seed) in [(7, 3), (8, 4)] {
        let pos = seat0_at(["roles", "planner", "pruned-mc", "tables-described"], turn, seed);
        let read = move |threads: usize| {
            let rivals = bot().rivals;
            std::thread::spawn(move || {
                let mut f = Forecast::on_threads(&pos, &rivals, None, threads);
                if threads > 1 {
                    let Forecast::Modelled(l) = &mut f else { panic!("a learnt model") };
                    l.now.deadline = Some(std::time::Instant::now());
                }
                let board = Board::at(&pos, pos.public, pos.turn, pos.phase, model().rule_readings);
                (f.moves_at(&board), night_posteriors(&pos, &f))
            })
            .join()
            .unwrap()
        };
        let (one, three) = (read(1), read(3));
        assert!(!one.1.is_empty() || turn % 2 == 1, "turn {turn}: hidden nights read");
        assert_eq!(one, three, "turn {turn}");
    }
}
