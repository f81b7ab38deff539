//! The tournament page (`daimyo arena --html DIR`'s `index.html`, `daimyo show FILE --html`) in
//! a real headless Chromium, as the viewer's pages are tested: its table is the terminal's, its
//! text what the terminal printed, every game row links to a page that exists, a filter shows
//! the games it should and no other, names from files are text, 10,000 games make a page under
//! a megabyte that opens at once, a stopped run writes the page of what it took, and bad input
//! writes no page.
//!
//! `DAIMYO_REGENERATE=1 cargo test --release --test all tournament::` retakes the README's
//! picture (docs/tournament.png).

use crate::common;

use crate::browser::{Browser, EVIL_NAMES, base64, check_clean, png_size};
use crate::common::{Lcg, daimyo as run, remove, scratch_path, text};
use daimyo::workshop::arena::out_line;
use daimyo::workshop::arena::referee::{GameRecord, SeatRecord};
use daimyo::workshop::arena::stats::align;
use daimyo::workshop::halftime::halves;
use daimyo::workshop::records::{Opponents, OutLine, Run, RunEntrant, RunLine};
use daimyo_engine::rules::{DAIMYO, State, strengths_from_seed, winner};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    scratch_path("tournament", name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Four built-ins that play at once.
const FIXED: [&str; 4] = ["random", "greedy", "knapsack", "rules"];

fn regenerate() -> bool {
    std::env::var_os("DAIMYO_REGENERATE").is_some_and(|v| !v.is_empty())
}

/// A page of 10,000 games must stay under this size (docs/findings.md, "The test suite", has
/// its size)...
const MAX_PAGE_BYTES: usize = 1_000_000;
/// ...and a small run's page draw itself within this long of being opened, a big one's within
/// `MAX_BIG_READY_MS`.
const MAX_READY_MS: f64 = 1000.0;
const MAX_BIG_READY_MS: f64 = 2000.0;

/// Opens a page; it must be drawn within `within` ms of the navigation's start. Its time.
fn open(b: &mut Browser, page: &Path, hash: &str, within: f64) -> f64 {
    let ms = b.open(&format!("file://{}{hash}", page.display()));
    assert!(ms < within, "{}: drawn after {ms} ms", page.display());
    ms
}

/// The standings tables as the page shows them: each table's cells, its bar column left out.
const TABLES: &str = r#"[...document.querySelectorAll('table.standings')].map((t) =>
  [...t.rows].map((r) => [...r.cells].filter((c) => !c.classList.contains('bar') &&
    !c.classList.contains('bar-head')).map((c) => c.textContent)))"#;

/// The rows of the games list on screen: each row's game (its place in the file, from 0), the
/// seat it is about, and its link.
const ROWS: &str = r#"[...document.querySelectorAll('#game-list tbody tr')].map((r) => {
  const a = r.querySelector('td.page a');
  return [Number(r.dataset.game), Number(r.dataset.seat), a ? a.getAttribute('href') : null];
})"#;

/// Every row the list holds, page after page, its filters as they are.
fn all_rows(b: &mut Browser) -> Vec<(usize, usize, Option<String>)> {
    let mut out = Vec::new();
    loop {
        for r in b.eval(ROWS).as_array().unwrap() {
            let link = r[2].as_str().map(String::from);
            out.push((r[0].as_u64().unwrap() as usize, r[1].as_u64().unwrap() as usize, link));
        }
        if b.eval("document.querySelector('.pager .next').disabled") == json!(true) {
            return out;
        }
        b.eval("document.querySelector('.pager .next').click(); 1");
    }
}

/// The terminal's tables in `printed`: every line from a line of column names to the blank line
/// after it.
fn terminal_tables(printed: &str) -> Vec<String> {
    let mut tables: Vec<String> = Vec::new();
    let mut inside = false;
    for line in printed.lines() {
        if line.starts_with("entrant ") {
            tables.push(String::new());
            inside = true;
        } else if line.is_empty() || line.starts_with("verdict: ") || line.starts_with("curve: ") {
            inside = false;
        }
        if inside {
            let t = tables.last_mut().unwrap();
            *t += line;
            *t += "\n";
        }
    }
    tables
}

/// The page's tables, aligned as the terminal aligns them, must be the terminal's; and the
/// page's text as printed must be `printed` whole.
fn check_tables(b: &mut Browser, printed: &str) {
    let page: Vec<Vec<Vec<String>>> = serde_json::from_value(b.eval(TABLES)).unwrap();
    let aligned: Vec<String> = page
        .iter()
        .map(|rows| {
            let mut out = String::new();
            align(rows, &mut out);
            out
        })
        .collect();
    assert_eq!(aligned, terminal_tables(printed));
    assert_eq!(b.eval("document.getElementById('printed').textContent"), printed);
}

/// `daimyo arena ARGS`: its stdout.
fn arena(args: &[&str]) -> String {
    let o = run(&[&["arena"][..], args].concat(), b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn a_runs_page_shows_its_table_as_printed_and_links_every_game() {
    let dir = scratch("run");
    let out = dir.join("games.jsonl");
    std::fs::create_dir_all(&dir).unwrap();
    let files = ["--out", s(&out), "--html", s(&dir)];
    let printed =
        arena(&[&["--seeds", "4", "--jobs", "2", "--quiet"][..], &files, &FIXED].concat());
    let index = dir.join("index.html");
    // The same file through show, beside the games' pages: the page of what --merge prints.
    let shown = dir.join("shown.html");
    let o = run(&["show", s(&out), "--html", s(&shown)], b"");
    assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));
    let merged = arena(&["--merge", s(&out)]);

    let Some(mut b) = Browser::launch(1280, 900, false) else { return remove(&[&dir]) };
    for (page, printed) in [(&index, &printed), (&shown, &merged)] {
        b.open_blank();
        open(&mut b, page, "", MAX_READY_MS);
        check_tables(&mut b, printed);
        let rows = all_rows(&mut b);
        assert_eq!(rows.len(), 16, "every game a row");
        for (game, _, link) in &rows {
            let link = link.as_ref().unwrap_or_else(|| panic!("game {game} has no link"));
            assert!(dir.join(link).is_file(), "{link} is not beside the page");
        }
        let want: Vec<usize> = (0..16).collect();
        assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), want, "in game order");
        check_clean(&b, page);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A run line of four fixed entrants named `names` on `seeds` seeds from 1.
fn run_line(names: [&str; DAIMYO], seeds: u32) -> RunLine {
    let entrant = |n: &&str| RunEntrant { label: n.to_string(), ..RunEntrant::default() };
    RunLine {
        run: Run {
            daimyo: daimyo::version::VERSION.into(),
            entrants: names.iter().map(entrant).collect(),
            sides: vec![0],
            opponents: Opponents::Fixed([1, 2, 3]),
            sprt_margin: None,
            first_seed: 1,
            seeds,
            answer_limit_ms: None,
        },
        shard: None,
    }
}

/// The `--out` file of a run of `names` on `seeds` seeds, its games made up but whole: moves
/// drawn by a fixed generator, the totals and the winner the rules give them; now and then a
/// seat late, malformed or gone.
fn made_up(names: [&str; DAIMYO], seeds: u32) -> String {
    let mut lcg = Lcg(7);
    let mut text = run_line(names, seeds).line() + "\n";
    for seed in 1..=seeds {
        let strengths = strengths_from_seed(seed);
        for rotation in 0..DAIMYO {
            let commands = lcg.game();
            let mut state = State::new(strengths);
            commands.iter().for_each(|m| state.play(m).unwrap());
            let totals_x12 = state.totals();
            let mut seats: [SeatRecord; DAIMYO] =
                std::array::from_fn(|_| SeatRecord { ready: true, ..SeatRecord::default() });
            match lcg.next(60) {
                0 => seats[1].timeouts = 1,
                1 => seats[2].malformed = 2,
                2 => seats[3].gone_at = Some(4),
                _ => {}
            }
            let g =
                GameRecord { strengths, commands, totals_x12, winner: winner(&totals_x12), seats };
            let labels: [&str; DAIMYO] = std::array::from_fn(|s| names[(s + rotation) % DAIMYO]);
            text += &out_line(seed, rotation, None, &labels, &g).line();
            text += "\n";
        }
    }
    text
}

#[test]
fn ten_thousand_games_make_a_page_under_a_megabyte_that_opens_at_once() {
    let file = scratch("big.jsonl");
    std::fs::write(&file, made_up(["bot", "flatmc", "rules", "knapsack"], 2500)).unwrap();
    let page = scratch("big.html");
    let started = Instant::now();
    let o = run(&["show", s(&file), "--html", s(&page)], b"");
    let made = started.elapsed();
    assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));
    let size = std::fs::metadata(&page).unwrap().len() as usize;
    eprintln!("10,000 games: a page of {size} bytes, made in {made:?}");
    assert!(size < MAX_PAGE_BYTES, "{size} bytes");

    let Some(mut b) = Browser::launch(1280, 900, false) else { return remove(&[&file, &page]) };
    let ms = open(&mut b, &page, "", MAX_BIG_READY_MS);
    eprintln!("10,000 games: drawn {ms} ms after the navigation began");
    assert_eq!(b.eval("document.querySelectorAll('#game-list tbody tr').length"), 50);
    assert_eq!(b.eval("document.getElementById('count').textContent"), "10000 of 10000 games");
    let merged = arena(&["--merge", s(&file)]);
    check_tables(&mut b, &merged);
    check_clean(&b, &page);
    std::fs::remove_file(&file).unwrap();
    std::fs::remove_file(&page).unwrap();
}

/// A file's games as the page reads them, with each seat's result (won, drew or lost) and its
/// margin at the turn-5 scoring, in twelfths.
fn outcomes(file: &Path) -> Vec<(OutLine, [(&'static str, i32); DAIMYO])> {
    let read = daimyo::workshop::records::out_file(&read(file)).unwrap();
    read.games
        .into_iter()
        .map(|(_, g)| {
            let h = halves(&g);
            let top = *g.totals_x12.iter().max().unwrap();
            let each = std::array::from_fn(|s| {
                let result = match g.winner.0 {
                    Some(w) if w == s => "won",
                    None if g.totals_x12[s] == top => "drew",
                    _ => "lost",
                };
                (result, (h[s].margin * 12.0).round() as i32)
            });
            (g, each)
        })
        .collect()
}

/// Sets a control of the games list, as a person choosing in it would.
fn choose(b: &mut Browser, id: &str, value: &str) {
    b.eval(&format!(
        "(() => {{ const c = document.getElementById('{id}'); c.value = {}; c.dispatchEvent(new Event('change')); return 1; }})()",
        json!(value)
    ));
}

#[test]
fn a_filter_shows_only_the_games_it_should_and_the_rows_sort() {
    // The contest's records: no run line, one table of every seat by its label.
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/field-games/field-a-7101.jsonl");
    let page = scratch("contest.html");
    let o = run(&["show", s(&file), "--html", s(&page)], b"");
    assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));
    let games = outcomes(&file);
    let entrant = "orig-tables";
    // Its losses while ahead at turn 5, and its wins from behind: each game with its seat.
    let want = |result: &str, ahead: bool| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (i, (g, each)) in games.iter().enumerate() {
            let seat = (0..DAIMYO).find(|&s| {
                let (r, m) = each[s];
                g.seats[s] == entrant && r == result && if ahead { m > 0 } else { m < 0 }
            });
            out.extend(seat.map(|s| (i, s)));
        }
        out
    };
    let lost_ahead = want("lost", true);
    let won_behind = want("won", false);
    assert!(!lost_ahead.is_empty() && !won_behind.is_empty(), "the file has both");

    let Some(mut b) = Browser::launch(1280, 900, false) else { return remove(&[&page]) };
    open(&mut b, &page, "", MAX_READY_MS);
    let names =
        b.eval("[...document.querySelectorAll('#entrant option')].map((o) => o.textContent)");
    let e = names.as_array().unwrap().iter().position(|n| n == entrant).unwrap() - 1;
    choose(&mut b, "entrant", &e.to_string());
    choose(&mut b, "outcome", "lost");
    choose(&mut b, "at5", "ahead");
    let rows = all_rows(&mut b);
    assert_eq!(rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(), lost_ahead);
    let count = format!("{} of {} games", lost_ahead.len(), games.len());
    assert_eq!(b.eval("document.getElementById('count').textContent"), count);
    // The address holds the filter: opened again there, the page shows the same rows.
    let hash = b.eval("location.hash").as_str().unwrap().to_string();
    assert_eq!(hash, format!("#games?entrant={e}&outcome=lost&at5=ahead"));
    b.open_blank();
    open(&mut b, &page, &hash, MAX_READY_MS);
    assert_eq!(all_rows(&mut b).iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(), lost_ahead);
    // The first half's count of its wins from behind opens those games.
    b.eval(&format!("document.querySelectorAll('#halftime tbody tr')[{e}].cells[5].querySelector('a').click(); 1"));
    b.eval("new Promise((ok) => setTimeout(ok, 50))");
    choose(&mut b, "outcome", "won");
    assert_eq!(all_rows(&mut b).iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(), won_behind);
    // Sorted by its margin at turn 5, the rows go from the widest lead down.
    b.eval("document.querySelector('button.sort[data-sort=margin5]').click(); 1");
    let sorted = all_rows(&mut b);
    let margins: Vec<i32> = sorted.iter().map(|&(i, s, _)| games[i].1[s].1).collect();
    assert!(margins.windows(2).all(|w| w[0] >= w[1]), "{margins:?}");
    assert_eq!(sorted.len(), won_behind.len());
    // The contest's records have no pages beside this one: no row links anywhere.
    assert!(sorted.iter().all(|r| r.2.is_none()));
    check_clean(&b, &page);
    std::fs::remove_file(&page).unwrap();
}

#[test]
fn names_from_files_are_text_and_run_nothing() {
    let evil = EVIL_NAMES;
    let file = scratch("evil.jsonl");
    std::fs::write(&file, made_up(evil, 3)).unwrap();
    let page = scratch("evil.html");
    let o = run(&["show", s(&file), "--html", s(&page)], b"");
    assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));
    let html = read(&page);
    for markup in ["<script>window", "<img", "<b>", "<!--"] {
        assert!(!html.contains(markup), "{markup} reached the page as markup");
    }

    let Some(mut b) = Browser::launch(1280, 900, false) else { return remove(&[&page, &file]) };
    open(&mut b, &page, "", MAX_READY_MS);
    let safe = "[typeof window.__pwned, document.scripts.length, document.querySelectorAll('img, b, iframe, object').length]";
    assert_eq!(
        b.eval(safe),
        json!(["undefined", 2, 0]),
        "nothing from the file ran or became markup"
    );
    let mut shown: Vec<String> = serde_json::from_value(b.eval(
        "[...document.querySelectorAll('table.standings tbody th')].map((c) => c.textContent.slice(2))",
    ))
    .unwrap();
    shown.sort();
    let mut want: Vec<String> = evil.iter().map(|e| e.to_string()).collect();
    want.sort();
    assert_eq!(shown, want);
    let options = b.eval(
        "[...document.querySelectorAll('#entrant option')].slice(1).map((o) => o.textContent)",
    );
    assert_eq!(options, json!(evil));
    let first = b.eval("[...document.querySelector('#game-list tbody tr').querySelectorAll('.seat-name')].map((e) => e.textContent)");
    assert_eq!(first, json!(evil), "rotation 0 seats the line-up in order");
    assert!(b.eval("document.title").as_str().unwrap().contains(evil[0]));
    assert_eq!(b.eval(safe), json!(["undefined", 2, 0]));
    check_clean(&b, &page);
    std::fs::remove_file(&page).unwrap();
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn bad_input_gets_the_readers_message_and_no_page() {
    let whole = made_up(["random", "greedy", "knapsack", "rules"], 2);
    let lines: Vec<&str> = whole.lines().collect();
    let cases: [(&str, String, &str); 5] = [
        (
            "a truncated file",
            whole[..whole.len() - 300].to_string(),
            "line 9: not JSON: EOF while parsing",
        ),
        (
            "a line broken before the last",
            format!("{}\n{}\n{}\n", lines[0], &lines[1][..200], lines[2]),
            "line 2: not JSON: EOF while parsing a value (column 200)",
        ),
        (
            "a foreign file",
            "# notes\nsome text\n".into(),
            "line 1, column 1: not JSON: expected value",
        ),
        (
            "lines of another kind",
            "{\"a\": 1}\n{\"b\": 2}\n".into(),
            "line 1: not an arena --out line (no \"run\", no \"rotation\")",
        ),
        ("no games", format!("{}\n\n", lines[0]), "no game 1: the file holds 0"),
    ];
    for (what, content, message) in cases {
        common::no_page_of(what, &content, &[], &format!("input: {message}"));
    }
}

/// The lines of a file that hold a whole game: a run begun writes them one at a time.
fn games_in(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map_or(0, |t| t.lines().filter(|l| l.contains("\"rotation\"")).count())
}

/// The games the page holds, and how many of them link to a page.
const HELD: &str = "[document.getElementById('about').textContent, document.querySelectorAll('#game-list td.page a').length]";

#[test]
fn a_stopped_run_writes_the_page_of_its_games_and_a_resumed_one_of_them_all() {
    let dir = scratch("stopped");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("games.jsonl");
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs/sleepy.sh");
    let sleepy = format!("exec:bash {program}");
    let run_args = ["arena", "--seeds", "2", "--jobs", "2", "--quiet"];
    let files = ["--out", s(&out), "--html", s(&dir)];
    let players = [sleepy.as_str(), "random", "greedy", "tables-described"];
    let args = [&run_args[..], &files, &players].concat();
    let mut child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while games_in(&out) < 1 {
        assert!(start.elapsed() < Duration::from_secs(60), "no game was taken");
        assert!(child.try_wait().unwrap().is_none(), "the run ended before it was stopped");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: a plain kill(2) of the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", text(&o.stderr));
    let taken = games_in(&out);
    assert!((1..8).contains(&taken), "{taken}");
    let index = dir.join("index.html");
    let stopped = read(&index);
    let printed = text(&o.stdout);

    let Some(mut b) = Browser::launch(1280, 900, false) else { return remove(&[&dir]) };
    open(&mut b, &index, "", MAX_READY_MS);
    let about = format!(
        "{taken} game{} of the 8 planned (stopped by SIGINT)",
        if taken == 1 { "" } else { "s" }
    );
    assert_eq!(b.eval(HELD), json!([about, taken]));
    check_tables(&mut b, &printed);
    check_clean(&b, &index);

    // Resumed, the run plays the rest and its page holds every game, each with its page.
    let o = run(&[&args[..], &["--resume"]].concat(), b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_ne!(read(&index), stopped);
    b.open_blank();
    open(&mut b, &index, "", MAX_READY_MS);
    assert_eq!(b.eval(HELD), json!(["8 games", 8]));
    check_tables(&mut b, &text(&o.stdout));
    check_clean(&b, &index);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_shards_of_a_run_joined_make_its_page_and_a_test_draws_its_llr() {
    let dir = scratch("shards");
    std::fs::create_dir_all(&dir).unwrap();
    let test = ["--seeds", "12", "--jobs", "2", "--quiet", "--sprt", "random", "greedy"];
    let shard = |k: &str| {
        let out = dir.join(format!("shard-{k}.jsonl"));
        let files = ["--out", s(&out), "--html", s(&dir)];
        let opponents = ["knapsack", "rules", "tables-described"];
        arena(&[&test[..], &["--shard", &format!("{k}/2")], &files, &opponents].concat());
        read(&out)
    };
    let joined = dir.join("joined.jsonl");
    std::fs::write(&joined, shard("2") + &shard("1")).unwrap();
    let merged = arena(&["--merge", s(&joined)]);
    let page = dir.join("run.html");
    let o = run(&["show", s(&joined), "--html", s(&page)], b"");
    assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));

    let Some(mut b) = Browser::launch(1280, 900, false) else { return remove(&[&dir]) };
    open(&mut b, &page, "", MAX_READY_MS);
    check_tables(&mut b, &merged);
    assert_eq!(b.eval("document.querySelectorAll('table.standings').length"), 2, "A's and B's");
    let verdict = merged.lines().find(|l| l.starts_with("verdict: ")).unwrap();
    assert_eq!(b.eval("document.getElementById('verdict').textContent"), verdict);
    // The test's line: a point a seed, ending at the LLR the verdict names.
    let points =
        b.eval("document.querySelector('#llr polyline').getAttribute('points').split(' ').length");
    let seeds: usize =
        verdict.split(" seeds (").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(points, seeds);
    // Each game links to the page its shard wrote.
    choose(&mut b, "side", "B");
    let rows = all_rows(&mut b);
    assert_eq!(rows.len(), 4 * seeds);
    for (_, _, link) in &rows {
        let link = link.as_ref().unwrap();
        assert!(link.ends_with("-B.html") && dir.join(link).is_file(), "{link}");
    }
    check_clean(&b, &page);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readmes_picture() {
    let dir = scratch("picture");
    std::fs::create_dir_all(&dir).unwrap();
    let run = ["--seeds", "25", "--jobs", "2", "--quiet", "--html", s(&dir)];
    arena(&[&run[..], &["rules", "knapsack", "greedy", "random"]].concat());
    let index = dir.join("index.html");
    let (width, height) = (1280, 1000);
    let Some(mut b) = Browser::launch(width, height, false) else { return remove(&[&dir]) };
    open(&mut b, &index, "", MAX_READY_MS);
    // The whole width: the tables fit without a sideways scroll.
    let fits =
        b.eval("[document.documentElement.scrollWidth, document.documentElement.clientWidth]");
    assert_eq!(fits[0], fits[1], "wider than the window");
    let table = b.eval(
        "(() => { const t = document.querySelector('table.standings'); return [t.scrollWidth, t.parentElement.clientWidth]; })()",
    );
    assert!(table[0].as_u64() <= table[1].as_u64(), "{table}");
    check_clean(&b, &index);
    let shot = b.screenshot();
    let png = base64(&shot);
    assert_eq!(png_size(&png), (width, height));
    if regenerate() {
        std::fs::write(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/tournament.png"), &png)
            .unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
