//! The viewer's pages (`daimyo show FILE --html`, `arena --html`) in a real headless Chromium:
//! the shipped samples are loaded from disk and stepped through with the keyboard, and every
//! turn's DOM is checked against the game's own numbers (the rules replaying its moves, the
//! official manager's scores, the log's own report); the browser's console must stay clean and
//! the page must ask for nothing over the network. Names from files must show as text and run
//! nothing. Bad input must give a clear error and no page. The arena's pages are show's.
//!
//! `DAIMYO_REGENERATE=1 cargo test --release --test all viewer::` rewrites the sample pages and
//! the README's screenshot (docs/viewer.png) from what the code makes now.

use crate::common;

use crate::browser::{Browser, EVIL_NAMES, base64, check_clean, png_size};
use crate::common::{daimyo as run, remove, text};
use daimyo::player::protocol::{answer, parse_stream};
use daimyo::player::text::points;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, State, score};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn regenerate() -> bool {
    std::env::var_os("DAIMYO_REGENERATE").is_some_and(|v| !v.is_empty())
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("daimyo-viewer-{}-{name}", std::process::id()))
}

/// A page must stay under this size for a 9-turn game...
const MAX_PAGE_BYTES: usize = 200_000;
/// ...and draw itself within this long of being opened.
const MAX_READY_MS: f64 = 1000.0;

/// The shipped page of a sample, checked to be what `daimyo show` makes of the sample now.
fn sample_page(source: &str, game: usize, page: &str) -> PathBuf {
    let samples = root().join("samples");
    let made = daimyo::workshop::viewer::page(&read(&samples.join(source)), game).unwrap();
    let path = samples.join(page);
    if regenerate() {
        std::fs::write(&path, &made).unwrap();
    }
    let shipped = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        shipped == made,
        "samples/{page} is not what `daimyo show samples/{source} --game {game} --html \
         samples/{page}` makes now: run that (or DAIMYO_REGENERATE=1 cargo test --release --test \
         all viewer::) and commit the page"
    );
    assert!(made.len() < MAX_PAGE_BYTES, "samples/{page}: {} bytes", made.len());
    path
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn url(path: &Path, turn: u8) -> String {
    format!("file://{}#turn={turn}", path.display())
}

/// Opens a page at a turn; it must be drawn within a second of the navigation's start.
fn open(b: &mut Browser, page: &Path, turn: u8) {
    let ms = b.open(&url(page, turn));
    assert!(ms < MAX_READY_MS, "{}: drawn after {ms} ms", page.display());
}

/// What a reader sees of the turn on screen.
const SNAPSHOT: &str = r#"(() => {
  const text = (e) => e ? e.textContent : null;
  const rows = [...document.querySelectorAll('#board tbody tr[data-seat]')];
  const cells = (r) => [...r.querySelectorAll('td.cell')];
  return {
    turn: Number(document.body.dataset.turn),
    hash: location.hash,
    slider: Number(document.getElementById('slider').value),
    label: text(document.getElementById('turn-label')),
    names: rows.map((r) => text(r.querySelector('th'))),
    strengths: [...document.querySelectorAll('#strengths td')].map(text).filter((t) => t !== ''),
    cells: rows.map((r) => cells(r).map(text)),
    hidden: rows.map((r) => cells(r).map((c) => text(c.querySelector('.hidden')))),
    moves: rows.map((r) => text(r.querySelector('.move-text'))),
    secret: rows.map((r) => r.querySelector('td.move').classList.contains('secret')),
    nights: [...document.querySelectorAll('#board tr.night')].map((r) => [...r.children].map(text).filter((t) => t !== '')),
    scores: [...document.querySelectorAll('#standings tbody tr')].map((r) =>
      ['.now', '.score5', '.score9', '.total'].map((c) => text(r.querySelector(c)))),
    result: text(document.getElementById('result')),
    winner: document.getElementById('result').dataset.winner || null,
    mismatch: text(document.getElementById('mismatch')),
  };
})()"#;

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap_or("null").to_string()).collect()
}

/// The cell `show` would print: `3`, or `3+2` with the hidden part.
fn cell(public: u8, hidden: u8) -> String {
    if hidden == 0 { public.to_string() } else { format!("{public}+{hidden}") }
}

/// What a whole game's page must show after each turn, from the moves replayed by the rules;
/// `official` holds the scores the manager itself gave (turn 5, totals), where known.
fn check_whole_game(b: &mut Browser, strengths: [u8; LORDS], commands: &[[Move; DAIMYO]]) -> Value {
    b.key("Home");
    let mut state = State::new(strengths);
    let mut last = Value::Null;
    for (i, moves) in commands.iter().enumerate() {
        let turn = i as u8 + 1;
        if i > 0 {
            b.key("ArrowRight");
        }
        state.play(moves).unwrap();
        let s = b.eval(SNAPSHOT);
        assert_eq!(
            (s["turn"].as_u64(), s["slider"].as_u64()),
            (Some(turn as u64), Some(i as u64 + 1))
        );
        assert_eq!(s["hash"], format!("#turn={turn}"));
        let phase = if turn % 2 == 1 { "day" } else { "night" };
        assert_eq!(s["label"], format!("turn {turn} of 9 · {phase}"));
        assert_eq!(strings(&s["strengths"]), strengths.map(|m| m.to_string()));
        for seat in 0..DAIMYO {
            let (public, real) = (state.public[seat].to_array(), state.real[seat].to_array());
            let want: Vec<String> =
                (0..LORDS).map(|l| cell(public[l], real[l] - public[l])).collect();
            assert_eq!(strings(&s["cells"][seat]), want, "turn {turn}, seat {seat}");
            let marks: Vec<String> = (0..LORDS)
                .map(|l| match real[l] - public[l] {
                    0 => "null".to_string(),
                    h => format!("+{h}"),
                })
                .collect();
            assert_eq!(
                strings(&s["hidden"][seat]),
                marks,
                "hidden marks, turn {turn}, seat {seat}"
            );
            assert_eq!(s["moves"][seat], answer(&moves[seat]));
            assert_eq!(
                s["secret"][seat],
                turn.is_multiple_of(2),
                "a night's move is marked hidden"
            );
        }
        let marked = s["hidden"].to_string().matches('+').count();
        match turn {
            1 => assert_eq!(marked, 0),
            // Each night adds 4 hidden to every seat: seen until the reveal at the end of turn 5...
            2..=4 => assert!(marked >= DAIMYO, "turn {turn}: {marked} hidden marks"),
            5 => assert_eq!(marked, 0, "nights 2 and 4 are revealed at the end of turn 5"),
            // ...and for good for nights 6 and 8.
            _ => assert!(marked >= DAIMYO, "turn {turn}: {marked} hidden marks"),
        }
        let nights: Vec<Vec<String>> =
            s["nights"].as_array().unwrap().iter().map(strings).collect();
        match turn % 2 {
            0 => {
                let seen = state.last_night.to_array().map(|n| n.to_string());
                let row: Vec<String> =
                    ["seen: picks by lord".to_string()].into_iter().chain(seen).collect();
                assert_eq!(nights, [row]);
            }
            _ => assert!(nights.is_empty()),
        }
        let now = score(&strengths, &state.real);
        for seat in 0..DAIMYO {
            let row = strings(&s["scores"][seat]);
            assert_eq!(row[0], points(now[seat]), "turn {turn}: if scored now");
            let s5 = if turn >= 5 { points(state.score5[seat]) } else { "–".into() };
            assert_eq!(row[1], s5, "turn {turn}: the turn-5 scores");
            if turn < 9 {
                assert_eq!(&row[2..], ["–", "–"], "turn {turn}: no final scores yet");
            }
        }
        if turn < 9 {
            assert!(s["winner"].is_null(), "turn {turn}: no winner yet");
        }
        last = s;
    }
    let totals = state.totals();
    let s9 = score(&strengths, &state.real);
    for seat in 0..DAIMYO {
        let row = strings(&last["scores"][seat]);
        assert_eq!(row[2..], [points(s9[seat]), points(totals[seat])], "seat {seat}: the end");
    }
    b.key("ArrowRight");
    assert_eq!(b.eval("Number(document.body.dataset.turn)"), 9, "no turn after the last");
    // The moves of the whole game at a glance, the nights marked hidden.
    let table = b.eval(
        "[...document.querySelectorAll('#moves tbody tr')].map((r) =>
           [...r.querySelectorAll('td')].map((c) => c.textContent + (c.classList.contains('secret') ? ' (hidden)' : '')))",
    );
    let want: Vec<Vec<String>> = commands
        .iter()
        .enumerate()
        .map(|(t, moves)| {
            let mark = if t % 2 == 1 { " (hidden)" } else { "" };
            moves.iter().map(|m| format!("{}{mark}", answer(m))).collect()
        })
        .collect();
    assert_eq!(table, json!(want));
    last
}

/// The keys and controls other than stepping on: back, the ends, the buttons, the slider, and
/// the turn in the address.
fn check_navigation(b: &mut Browser, page: &Path) {
    let turn = |b: &mut Browser| b.eval("Number(document.body.dataset.turn)").as_u64().unwrap();
    b.key("ArrowLeft");
    assert_eq!(turn(b), 8);
    b.key("Home");
    assert_eq!(turn(b), 1);
    b.key("ArrowLeft");
    assert_eq!(turn(b), 1, "no turn before the first");
    b.key("End");
    assert_eq!(turn(b), 9);
    b.eval("document.getElementById('first').click()");
    assert_eq!(turn(b), 1);
    b.eval("document.getElementById('next').click()");
    assert_eq!(turn(b), 2);
    b.eval("const s = document.getElementById('slider'); s.value = 6; s.dispatchEvent(new Event('input'))");
    assert_eq!(turn(b), 6);
    assert_eq!(b.eval("location.hash"), "#turn=6");
    b.eval("location.hash = '#turn=7'");
    let start = std::time::Instant::now();
    while turn(b) != 7 && start.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(turn(b), 7, "a new fragment moves to its turn");
    b.open_blank();
    open(b, page, 4);
    assert_eq!(turn(b), 4, "a link opens its turn");
    assert_eq!(b.eval("document.getElementById('slider').value"), "4");
}

/// The screenshot is of the viewport's size and shows a drawn page: many colours, a good part
/// of the area not the background, and (if asked) every seat's colour.
fn check_screenshot(b: &mut Browser, shot: &str, size: (u32, u32), every_seat: bool) {
    let png = base64(shot);
    assert_eq!(png_size(&png), size);
    b.open_blank();
    let look = b.eval(&format!("{LOOK}('data:image/png;base64,{shot}')"));
    assert_eq!(
        (look["width"].as_u64(), look["height"].as_u64()),
        (Some(size.0 as u64), Some(size.1 as u64))
    );
    assert!(look["colours"].as_u64().unwrap() > 100, "{look}");
    assert!(look["drawn"].as_f64().unwrap() > 0.2, "{look}");
    for (seat, n) in look["seats"].as_array().unwrap().iter().enumerate() {
        assert!(
            !every_seat || n.as_u64().unwrap() > 200,
            "seat {seat}'s colour is missing: {look}"
        );
    }
}

/// Decodes a PNG in the browser and measures it: colours (to 4 bits a channel), the share of
/// pixels away from the page's background, and the pixels of each seat's colour.
const LOOK: &str = r#"((src) => new Promise((ok, bad) => {
  const img = new Image();
  img.onerror = () => bad(new Error('the PNG does not decode'));
  img.onload = () => {
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, img.width, img.height).data;
    const seats = [[0, 114, 178], [230, 159, 0], [0, 158, 115], [204, 121, 167]];
    const near = (p, q, r, k) => Math.abs(d[p] - q) + Math.abs(d[p + 1] - r) + Math.abs(d[p + 2] - k);
    const colours = new Set(), counts = [0, 0, 0, 0];
    let drawn = 0;
    for (let p = 0; p < d.length; p += 4) {
      colours.add((d[p] >> 4) << 8 | (d[p + 1] >> 4) << 4 | d[p + 2] >> 4);
      if (near(p, 243, 245, 247) > 24) drawn++;
      seats.forEach((s, i) => { if (near(p, s[0], s[1], s[2]) < 16) counts[i]++; });
    }
    ok({ width: img.width, height: img.height, colours: colours.size, drawn: drawn / (d.length / 4), seats: counts });
  };
  img.src = src;
}))"#;

#[test]
fn the_managers_result_turn_by_turn() {
    let page = sample_page("result.json", 1, "result.html");
    let games = common::games();
    let official = &games.iter().find(|(n, _)| n == "game-1001.json").unwrap().1;
    let commands: Vec<[Move; DAIMYO]> =
        (0..9).map(|t| std::array::from_fn(|s| common::applied(official, t, s))).collect();
    let Some(mut b) = Browser::launch(1280, 900, false) else { return };
    open(&mut b, &page, 3);
    assert_eq!(b.eval("Number(document.body.dataset.turn)"), 3);
    let last = check_whole_game(&mut b, common::strengths(official), &commands);
    // The manager's own scores: turn 5, the totals and the winner.
    let manager = |key: &str| -> Vec<String> {
        official[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| points((x.as_f64().unwrap() * 12.0).round() as i32))
            .collect()
    };
    let column = |i: usize| -> Vec<String> {
        (0..DAIMYO).map(|s| strings(&last["scores"][s])[i].clone()).collect()
    };
    assert_eq!(column(1), manager("totals_after_turn5"));
    assert_eq!(column(3), manager("totals"));
    assert_eq!(last["winner"], official["winner"].as_u64().unwrap().to_string());
    assert_eq!(last["result"], "Winner: seat 2 (+10)");
    assert_eq!(last["mismatch"], "");
    assert_eq!(strings(&last["names"]), ["seat 0", "seat 1", "seat 2", "seat 3"]);
    check_navigation(&mut b, &page);
    check_clean(&b, &page);
}

#[test]
fn an_arena_game_turn_by_turn_with_the_bots_seat_marked() {
    let page = sample_page("arena.jsonl", 2, "arena.html");
    let line: Value =
        serde_json::from_str(read(&root().join("samples/arena.jsonl")).lines().nth(1).unwrap())
            .unwrap();
    let strengths: [u8; LORDS] = serde_json::from_value(line["strengths"].clone()).unwrap();
    let lords: Vec<Vec<Vec<u8>>> =
        serde_json::from_value(line["replay"]["commands"].clone()).unwrap();
    let commands: Vec<[Move; DAIMYO]> =
        lords.iter().map(|t| std::array::from_fn(|s| Move::new(&t[s]).unwrap())).collect();
    let seats: Vec<String> = strings(&line["seats"]);
    let Some(mut b) = Browser::launch(1280, 900, false) else { return };
    open(&mut b, &page, 1);
    let last = check_whole_game(&mut b, strengths, &commands);
    let totals: Vec<String> = line["totals_x12"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| points(x.as_i64().unwrap() as i32))
        .collect();
    let column: Vec<String> = (0..DAIMYO).map(|s| strings(&last["scores"][s])[3].clone()).collect();
    assert_eq!(column, totals, "the arena's own totals");
    let w = line["winner"].as_u64().unwrap() as usize;
    assert_eq!(last["winner"], w.to_string());
    assert_eq!(last["result"], format!("Winner: seat {w} {} ({})", seats[w], totals[w]));
    let names: Vec<String> = (0..DAIMYO).map(|s| format!("seat {s} {}", seats[s])).collect();
    assert_eq!(strings(&last["names"]), names);
    let bot = seats.iter().position(|s| s.starts_with("bot")).unwrap();
    let marked = b.eval(
        "[...document.querySelectorAll('#board tbody tr.bot')].map((r) => Number(r.dataset.seat))",
    );
    assert_eq!(marked, json!([bot]), "the bot's seat is marked");
    let badge = b.eval("[...document.querySelectorAll('#seats li')].map((l) => l.querySelector('.badge') ? l.querySelector('.badge').textContent : '')");
    assert_eq!(badge[bot], "the bot");
    check_clean(&b, &page);
}

/// The log's own lines, by kind: the header and each turn.
fn log_turns(log: &str) -> Vec<Value> {
    log.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("sent").is_some())
        .collect()
}

/// A number shown with `digits` decimals (a `%` or a sign aside) is the value to that precision.
fn close(shown: &str, value: f64, digits: i32) -> bool {
    let x: f64 = shown.trim_end_matches('%').parse().unwrap_or(f64::NAN);
    (x - value).abs() <= 0.5 * 10f64.powi(-digits) + 1e-9
}

/// What the thinking section shows of the turn.
const THOUGHTS: &str = r#"(() => {
  const text = (e) => e ? e.textContent : null;
  const rows = (id) => [...document.querySelectorAll('#' + id + ' tbody tr')].map((r) => [...r.children].map(text));
  const reveal = document.getElementById('reveal');
  const turn = document.body.dataset.turn;
  return {
    search: text(document.getElementById('search')),
    candidates: rows('candidates'),
    guesses: rows('guesses'),
    reveal: reveal.hidden ? null : { text: reveal.textContent, surprised: reveal.classList.contains('surprised') },
    reads: [1, 2, 3].map((c) => text(document.getElementById('reads-' + c))),
    stacks: [...document.querySelectorAll('.styles-row')].map((row) =>
      [...row.querySelector('.stack[data-turn="' + turn + '"]').children].map((s) => [s.title, parseFloat(s.style.height)])),
    confidence: document.querySelectorAll('#confidence button').length,
  };
})()"#;

#[test]
fn a_players_log_with_what_the_bot_thought() {
    let page = sample_page("game.log", 1, "game.html");
    let log = read(&root().join("samples/game.log"));
    let turns = log_turns(&log);
    let sent: String = turns.iter().map(|t| t["sent"].as_str().unwrap()).collect();
    let (strengths, views) = parse_stream(sent.as_bytes()).unwrap();
    assert_eq!((views.len(), turns.len()), (9, 9));
    // The text of `show`, whose reading of each other daimyo the page must repeat.
    let shown =
        daimyo::workshop::show::render(&log, 1, daimyo::player::text::Paint(false)).unwrap();
    let games = common::games();
    let official = &games.iter().find(|(n, _)| n == "game-1001.json").unwrap().1;
    let turn5: Vec<String> = official["totals_after_turn5"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| points((x.as_f64().unwrap() * 12.0).round() as i32))
        .collect();
    let styles: Vec<String> = turns[0]["report"]["styles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["label"].as_str().unwrap().to_string())
        .collect();

    let (width, height) = (1280, 1200);
    let Some(mut b) = Browser::launch(width, height, false) else { return };
    open(&mut b, &page, 1);
    for (i, (t, v)) in turns.iter().zip(&views).enumerate() {
        let turn = i as u8 + 1;
        if i > 0 {
            b.key("ArrowRight");
        }
        let s = b.eval(SNAPSHOT);
        assert_eq!(s["turn"], turn);
        // The board as the player saw it: its own hidden nights exact, the others' unknown.
        let others_hidden = matches!(turn, 3..=5 | 7..=9);
        for c in 0..DAIMYO {
            let want: Vec<String> = (0..LORDS)
                .map(|l| {
                    let public = v.public[c].get(l);
                    match c {
                        0 => cell(public, v.own.get(l) - public),
                        _ if others_hidden => format!("{public}+?"),
                        _ => public.to_string(),
                    }
                })
                .collect();
            assert_eq!(strings(&s["cells"][c]), want, "turn {turn}, column {c}");
        }
        assert_eq!(s["moves"][0], t["answer"]);
        for c in 1..DAIMYO {
            let day_move = matches!(turn, 1 | 3 | 7).then(|| {
                let inc = views[i + 1].public[c].checked_sub(v.public[c]).unwrap();
                answer(&Move::from_counts(inc).unwrap())
            });
            assert_eq!(s["moves"][c], day_move.unwrap_or("?".into()), "turn {turn}, column {c}");
        }
        let mut seen = v.public;
        seen[0] = v.own;
        let now = score(&strengths, &seen);
        for c in 0..DAIMYO {
            let row = strings(&s["scores"][c]);
            assert_eq!(row[0], points(now[c]), "turn {turn}: if scored now");
            let s5 = if turn >= 6 { turn5[c].clone() } else { "–".into() };
            assert_eq!(row[1], s5, "turn {turn}: the turn-5 scores, as the manager gave them");
            assert_eq!(&row[2..], ["–", "–"], "a player never sees the end");
        }
        let nights: Vec<Vec<String>> =
            s["nights"].as_array().unwrap().iter().map(strings).collect();
        let labels: Vec<&str> = nights.iter().map(|n| n[0].as_str()).collect();
        let want: &[&str] = match turn {
            3 | 4 => &["night 2 (others)"],
            5 => &["night 2 (others)", "night 4 (others)"],
            7 | 8 => &["night 6 (others)"],
            9 => &["night 6 (others)", "night 8 (others)"],
            _ => &[],
        };
        assert_eq!(labels, want, "turn {turn}");
        for n in &nights {
            assert_eq!(n[1..].iter().map(|x| x.parse::<u32>().unwrap()).sum::<u32>(), 6, "{n:?}");
        }

        // What the bot thought, against the log's own report.
        let th = b.eval(THOUGHTS);
        let r = &t["report"];
        let ms = t["ms"].as_f64().unwrap();
        assert_eq!(
            th["search"],
            format!(
                "Answered {} after {ms:.1} ms · {} rollouts",
                t["answer"].as_str().unwrap(),
                r["rollouts"]
            )
        );
        let cands = r["candidates"].as_array().unwrap();
        assert!(!cands.is_empty());
        assert_eq!(th["candidates"].as_array().unwrap().len(), cands.len());
        for (row, c) in th["candidates"].as_array().unwrap().iter().zip(cands) {
            let row = strings(row);
            assert_eq!(row[0], c["move"].as_str().unwrap(), "turn {turn}");
            assert!(
                close(&row[1], 100.0 * c["win"].as_f64().unwrap(), 1),
                "turn {turn}: win {row:?} {c}"
            );
            assert!(
                close(&row[2], c["margin"].as_f64().unwrap(), 2),
                "turn {turn}: margin {row:?} {c}"
            );
            assert_eq!(row[3], c["rollouts"].to_string());
        }
        let guesses: Vec<Vec<String>> =
            th["guesses"].as_array().unwrap().iter().map(strings).collect();
        let nights = r["nights"].as_array().unwrap();
        assert_eq!(guesses.len(), nights.len(), "turn {turn}");
        for (g, n) in guesses.iter().zip(nights) {
            assert_eq!(g[0], format!("night {}, likeliest", n["turn"]));
            assert_eq!(g[1..4], strings(&n["split"]));
            assert!(close(&g[4], n["probability"].as_f64().unwrap(), 3), "{g:?} {n}");
        }
        match r["reveal"].as_array() {
            Some(p) => {
                assert_eq!(turn, 6, "the reveal comes at turn 6");
                let (model, uniform) = (p[0].as_f64().unwrap(), p[1].as_f64().unwrap());
                let text = th["reveal"]["text"].as_str().unwrap();
                assert!(text.contains(&format!("gave {model:.4} to what came out")), "{text}");
                assert!(
                    text.contains(&format!("{:.1}× the {uniform:.4}", model / uniform)),
                    "{text}"
                );
                assert_eq!(th["reveal"]["surprised"], model < uniform);
            }
            None => assert!(th["reveal"].is_null(), "turn {turn}: no reveal"),
        }
        let section = &shown[shown.find(&format!("\nturn {turn} (")).unwrap()..];
        for c in 1..DAIMYO {
            let text_line = section
                .lines()
                .find_map(|l| l.trim().strip_prefix(&format!("column {c} plays like: ")));
            assert_eq!(
                th["reads"][c - 1],
                format!("plays like: {}", text_line.unwrap()),
                "turn {turn}"
            );
            let weights: Vec<f64> = styles
                .iter()
                .map(|label| {
                    let s = r["styles"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|s| s["label"] == label.as_str())
                        .unwrap();
                    s["weights"][c - 1].as_f64().unwrap()
                })
                .collect();
            let stack = th["stacks"][c - 1].as_array().unwrap();
            assert_eq!(stack.len(), styles.len());
            for ((seg, w), label) in stack.iter().zip(&weights).zip(&styles) {
                assert_eq!(seg[0], format!("{label} {w:.2}"));
                assert!((seg[1].as_f64().unwrap() - 100.0 * w).abs() < 1e-3, "{seg} {w}");
            }
        }
        assert_eq!(th["confidence"], 9);
    }
    check_navigation(&mut b, &page);
    // The README's picture: turn 6, where the nights are revealed.
    b.open_blank();
    open(&mut b, &page, 6);
    let shot = b.screenshot();
    let docs = root().join("docs/viewer.png");
    if regenerate() {
        std::fs::write(&docs, base64(&shot)).unwrap();
    }
    assert_eq!(png_size(&std::fs::read(&docs).unwrap()), (width, height), "docs/viewer.png");
    check_clean(&b, &page);
    check_screenshot(&mut b, &shot, (width, height), true);
}

#[test]
fn a_phone_sees_the_whole_width() {
    let pages =
        [sample_page("game.log", 1, "game.html"), sample_page("arena.jsonl", 2, "arena.html")];
    let (width, height) = (390, 844);
    let Some(mut b) = Browser::launch(width, height, true) else { return };
    for page in &pages {
        b.open_blank();
        open(&mut b, page, 7);
        let fits = b.eval("[document.documentElement.scrollWidth, window.innerWidth]");
        let wide = b.eval(&format!(
            "[...document.querySelectorAll('body *')]
               .filter((e) => !e.closest('.scroll') && e.getBoundingClientRect().right > {width})
               .map((e) => e.tagName + '#' + e.id + '.' + e.getAttribute('class'))"
        ));
        assert_eq!(fits, json!([width, width]), "{}: wider than the phone: {wide}", page.display());
        // The board itself fits, without a sideways scroll.
        let board = b.eval(
            "const t = document.getElementById('board'); [t.scrollWidth, t.parentElement.clientWidth]",
        );
        assert!(board[0].as_u64() <= board[1].as_u64(), "{}: {board}", page.display());
        b.key("ArrowRight");
        assert_eq!(b.eval("Number(document.body.dataset.turn)"), 8);
        check_clean(&b, page);
        let shot = b.screenshot();
        check_screenshot(&mut b, &shot, (width, height), false);
    }
}

#[test]
fn names_from_files_are_text_and_run_nothing() {
    let evil = EVIL_NAMES;
    let arena = read(&root().join("samples/arena.jsonl"));
    let mut line: Value = serde_json::from_str(arena.lines().next().unwrap()).unwrap();
    line["seats"] = json!(evil);
    let out = temp("evil.jsonl");
    std::fs::write(&out, format!("{line}\n")).unwrap();
    let log = read(&root().join("samples/game.log"));
    let evil_log = log.replacen("\"player\":\"bot\"", &format!("\"player\":{}", json!(evil[2])), 1);
    assert_ne!(evil_log, log);
    let log_file = temp("evil.log");
    std::fs::write(&log_file, &evil_log).unwrap();
    let mut pages = Vec::new();
    for (source, name) in [(&out, "evil-game.html"), (&log_file, "evil-log.html")] {
        let page = temp(name);
        let o = run(&["show", source.to_str().unwrap(), "--html", page.to_str().unwrap()], b"");
        assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));
        let html = read(&page);
        for markup in ["<script>window", "<img", "<b>", "<!--"] {
            assert!(!html.contains(markup), "{markup} reached the page as markup");
        }
        pages.push(page);
    }

    let Some(mut b) = Browser::launch(1280, 900, false) else {
        return remove(&[&pages[0], &pages[1], &out, &log_file]);
    };
    open(&mut b, &pages[0], 9);
    let names =
        b.eval("[...document.querySelectorAll('#seats .seat-name')].map((e) => e.textContent)");
    let want: Vec<String> = (0..DAIMYO).map(|s| format!("seat {s} {}", evil[s])).collect();
    assert_eq!(strings(&names), want);
    let s = b.eval(SNAPSHOT);
    assert_eq!(strings(&s["names"]), want);
    let w = line["winner"].as_u64().unwrap() as usize;
    assert!(
        s["result"].as_str().unwrap().starts_with(&format!("Winner: {} (", want[w])),
        "{}",
        s["result"]
    );
    let safe = "[typeof window.__pwned, document.scripts.length, document.querySelectorAll('img, b, iframe, object').length]";
    assert_eq!(
        b.eval(safe),
        json!(["undefined", 2, 0]),
        "nothing from the file ran or became markup"
    );
    check_clean(&b, &pages[0]);

    b.open_blank();
    open(&mut b, &pages[1], 1);
    let title = format!("log, game 1 of 1: {}, seed 1", evil[2]);
    assert_eq!(b.eval("document.getElementById('title').textContent"), title);
    assert_eq!(b.eval("document.title"), format!("{title} · daimyo"));
    assert_eq!(
        b.eval("document.querySelector('#seats .seat-name').textContent"),
        format!("you: {}", evil[2])
    );
    assert_eq!(b.eval(safe), json!(["undefined", 2, 0]));
    check_clean(&b, &pages[1]);
    for f in pages.iter().chain([&out, &log_file]) {
        std::fs::remove_file(f).unwrap();
    }
}

/// The checks of the page's cleanliness would catch a script error: a thrown error and a
/// console error on a blank page are both seen.
#[test]
fn the_browsers_console_is_read() {
    let Some(mut b) = Browser::launch(400, 300, false) else { return };
    b.open_blank();
    assert!(b.errors().is_empty(), "{:?}", b.errors());
    b.eval("setTimeout(() => { throw new Error('thrown on purpose'); }, 0); console.error('said on purpose'); 1");
    b.eval("new Promise((ok) => setTimeout(ok, 100))");
    let errors = b.errors().join("\n");
    assert!(errors.contains("thrown on purpose") && errors.contains("said on purpose"), "{errors}");
}

#[test]
fn bad_input_gets_a_clear_error_and_no_page() {
    let samples = root().join("samples");
    let result = read(&samples.join("result.json"));
    let log = read(&samples.join("game.log"));
    let arena = read(&samples.join("arena.jsonl"));
    let other_version = log.replacen("\"daimyo_log\":1", "\"daimyo_log\":2", 1);
    assert_ne!(other_version, log);
    let cases: [(&str, String, &[&str], &str); 6] = [
        (
            "truncated JSON",
            result[..result.len() / 2].to_string(),
            &[],
            "line 1: not JSON: EOF while parsing",
        ),
        ("a truncated log", log[..log.len() - 40].to_string(), &[], "line 10: EOF while parsing"),
        (
            "a log of another version",
            other_version,
            &[],
            "line 1: a log of format 2, written by daimyo 0.1.0; this daimyo reads format 1",
        ),
        (
            "a game beyond the file's",
            arena.clone(),
            &["--game", "5"],
            "no game 5: the file holds 4",
        ),
        ("a game beyond the log's", log.clone(), &["--game", "2"], "no game 2: the file holds 1"),
        ("no game 0", arena, &["--game", "0"], "--game counts from 1"),
    ];
    for (what, content, extra, message) in cases {
        common::no_page_of(what, &content, extra, message);
    }
}

#[test]
fn the_arena_writes_each_games_page_beside_its_replay() {
    let dir = temp("arena-pages");
    let out = dir.join("games.jsonl");
    let dir_s = dir.to_str().unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["arena", "--seeds", "1", "--first-seed", "3", "--jobs", "1", "--quiet"];
    args.extend(["--out", out.to_str().unwrap(), "--replays", dir_s, "--html", dir_s]);
    args.extend(["greedy", "random", "knapsack", "rules"]);
    let o = run(&args, b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    for rotation in 0..DAIMYO {
        let page = read(&dir.join(format!("seed-3-rot-{rotation}.html")));
        assert!(dir.join(format!("seed-3-rot-{rotation}.json")).is_file());
        let from_out = daimyo::workshop::viewer::page(&read(&out), rotation + 1).unwrap();
        assert!(page == from_out, "rotation {rotation}: the page is not show --html's of its line");
        assert!(page.len() < MAX_PAGE_BYTES);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
