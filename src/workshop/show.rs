//! `daimyo show FILE [--game N]`: a game turn by turn in the terminal.
//!
//! It reads three kinds of file. A whole game as the referee knows it: the arena's `--out`
//! lines (one game a line) or the official manager's result JSON (`winner`, `replay: {seed,
//! commands}`; the lords follow from the seed), both read through `records`. There every move
//! and every intimacy is known:
//! each turn shows every daimyo's intimacies, public and the hidden part marked, and its move,
//! then the scores of turns 5 and 9 and the winner. Or the player's own `--log`: one daimyo's
//! view, so each turn shows its board, its answer, the others' public day moves and its search's
//! summary; the end of the game is never shown to a player. The rules core replays the moves,
//! so the file's totals are checked, not trusted.

use crate::player::args::Arg::{Free, Opt};
use crate::player::args::{Reader, given, say};
use crate::player::log;
use crate::player::protocol::answer;
use crate::player::text::{self, Cell, Paint, Tone, table};
use crate::workshop::records::{self, Recorded};
use crate::workshop::{tournament, viewer};
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, State, TURNS, score, winner};
use std::io::IsTerminal;

pub const USAGE: &str = "\
daimyo show: a game turn by turn

USAGE
  daimyo show FILE [--game N] [--no-color]
  daimyo show FILE [--game N] --html OUT.html    (a file of games: the tournament's page)

FILE is one of
  - an arena --out file (one game a line; --game N picks the Nth, default 1), or a file of
    the contest's recorded games (real programs' games on the official manager, one a line,
    each seat named by its label: tests/data/field-games holds six),
  - the official manager's result JSON ({\"winner\": ..., \"replay\": {\"seed\": S, \"commands\": ...}}),
    as the arena's --replays also writes,
  - a player's --log file (one game per run of the player, appended; --game N picks one).

A whole game shows, after each turn, every daimyo's intimacy with each lord and its move:
3+2 is 3 public and 2 more from hidden nights (nights 2 and 4 until the end of turn 5, nights 6
and 8 for good). Then the scores of turns 5 and 9 and the winner. A log shows what that player
saw (its columns: you, then the others in seat order), its answers and its search's summary.
Colour on a terminal; plain text in a pipe or with --no-color (or NO_COLOR set).

--html OUT.html writes the game as one web page instead, self-contained (it opens from disk,
with no network): the board turn by turn (slider, buttons, the arrow keys, Home and End; the
turn is in the address, #turn=5), the scores and a chart of the points, and from a --log what
the search thought: its candidates, how it read each other daimyo, its guesses of the hidden
nights.

A file of more than one game, one a line (an arena --out file, a shard's or the shards'
joined, or the contest's records), without --game N makes the tournament's page instead, as
daimyo arena --html DIR writes it in DIR/index.html: the table as daimyo arena --merge FILE
prints it (a file with no run line: one table of every seat by its label), each win share
drawn with its interval; the shares as the games came, and under --sprt the test's LLR between
its bounds; the first half as daimyo halftime reads it (each entrant's margin at the turn-5
scoring in its wins and losses, its wins from behind and losses from ahead); the seats that
never said READY, crashed, timed out or answered malformed; and every game as a row that sorts
and filters (by entrant, result, standing at turn 5, side, trouble; the address keeps the
choice), linked to its game's page where one is beside OUT.html (seed-S-rot-R.html, as arena
--html names them). With --game N, that game's page.

Nothing is written if the file cannot be read whole: its first error is said, exit code 2.
";

struct Request {
    file: String,
    /// The game asked for, if one was.
    game: Option<usize>,
    paint: Paint,
    /// Where to write the page, instead of printing the text.
    html: Option<String>,
}

fn options(args: &[String]) -> Result<Request, String> {
    let (mut file, mut game, mut color) = (None, None, std::io::stdout().is_terminal());
    let mut html = None;
    color &= std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("--game") => game = Some(read.value()?),
            Opt("--no-color") => color = false,
            Opt("--html") => html = Some(read.value()?),
            Opt(a) => {
                return Err(format!("unknown option '{a}' (daimyo show --help)"));
            }
            Free(f) if file.is_none() => file = Some(f.to_string()),
            Free(extra) => return Err(format!("one file at a time: '{extra}' is one too many")),
        }
    }
    let file = file.ok_or("which file? (daimyo show --help)")?;
    if game == Some(0) {
        return Err("--game counts from 1".into());
    }
    Ok(Request { file, game, paint: Paint(color), html })
}

pub fn main(args: &[String]) -> i32 {
    if given(args, &["-h", "--help"]) {
        say(USAGE);
        return 0;
    }
    let shown = options(args).and_then(|o| {
        let text = std::fs::read_to_string(&o.file).map_err(|e| format!("{}: {e}", o.file))?;
        let game = o.game.unwrap_or(1);
        let Some(out) = &o.html else {
            return render(&text, game, o.paint).map_err(|e| format!("{}: {e}", o.file));
        };
        let page = match o.game.is_none() && is_tournament(&text) {
            true => tournament::of_text(&text, &o.file)
                .map(|summary| tournament::page(&summary, out.as_ref())),
            false => viewer::page(&text, game),
        };
        let page = page.map_err(|e| format!("{}: {e}", o.file))?;
        viewer::write_page(out.as_ref(), &page).map_err(|e| format!("--html {out}: {e}"))?;
        Ok(String::new())
    });
    match shown {
        Ok(text) => {
            say(&text);
            0
        }
        Err(e) => {
            eprintln!("daimyo show: {e}");
            2
        }
    }
}

/// Whether a file's page is a tournament's: it holds games one a line (an arena `--out` file,
/// the contest's records), more than one. The manager's result and a player's log give a game's.
fn is_tournament(text: &str) -> bool {
    !log::is_log(text) && records::games(text).is_ok_and(|g| g.len() > 1)
}

/// Game `n` (from 1) of a file's text, rendered.
pub fn render(text: &str, n: usize, paint: Paint) -> Result<String, String> {
    match records::recorded(text, n)? {
        Recorded::Log { game, title } => render_log(&game, &title, paint),
        Recorded::Whole(game) => Ok(render_full(&FullGame::from(game), paint)),
    }
}

/// A whole game: who sat where, the lords and every applied move.
struct FullGame {
    title: String,
    seats: [String; DAIMYO],
    strengths: [u8; LORDS],
    commands: Vec<[Move; DAIMYO]>,
    /// The winner the file states (`None`: a draw).
    stated: Option<usize>,
}

impl From<records::Game> for FullGame {
    fn from(g: records::Game) -> FullGame {
        let (title, seats) = (g.title(), g.seat_names());
        FullGame { title, seats, strengths: g.strengths, commands: g.commands, stated: g.winner }
    }
}

/// A whole game, turn by turn, then the result.
fn render_full(g: &FullGame, paint: Paint) -> String {
    let mut out = paint.paint(Tone::Heading, &g.title) + "\n";
    let mut state = State::new(g.strengths);
    for moves in &g.commands {
        let (turn, phase) = (state.turn, state.phase());
        state.play(moves).expect("commands were checked");
        out += &turn_heading(turn, phase, paint);
        let mut rows = text::lord_rows(&g.strengths);
        rows[0].1.push(Cell("move".into(), Tone::Heading));
        for s in 0..DAIMYO {
            let mut cells: Vec<Cell> = (0..LORDS)
                .map(|l| {
                    let public = state.public[s].get(l);
                    text::intimacy(public, Some(state.real[s].get(l) - public))
                })
                .collect();
            let tone = if phase == Phase::Night { Tone::Hidden } else { Tone::Plain };
            cells.push(Cell(answer(&moves[s]), tone));
            rows.push((g.seats[s].clone(), cells));
        }
        if phase == Phase::Night {
            let seen = state.last_night.to_array().map(|n| Cell(n.to_string(), Tone::Quiet));
            rows.push(("seen: picks by lord".into(), seen.to_vec()));
        }
        out += &table(&rows, paint, "  ");
        if turn == 5 || turn == TURNS {
            out += &scores(g, &state, turn, paint);
        }
    }
    out + &result(g, &state, paint)
}

fn turn_heading(turn: u8, phase: Phase, paint: Paint) -> String {
    let what = match (phase, turn) {
        (Phase::Day, _) => "day".to_string(),
        (Phase::Night, 2 | 4) => "night, hidden until the end of turn 5".into(),
        (Phase::Night, _) => "night, never revealed".into(),
    };
    format!("\n{}\n", paint.paint(Tone::Heading, &format!("turn {turn} ({what})")))
}

/// The scoring of turn 5 or 9, on the true intimacies.
fn scores(g: &FullGame, state: &State, turn: u8, paint: Paint) -> String {
    let s = score(&g.strengths, &state.real);
    let mut rows =
        vec![("".to_string(), g.seats.iter().map(|n| Cell(n.clone(), Tone::Heading)).collect())];
    rows.push((format!("scores of turn {turn}"), text::score_cells(&s)));
    if turn == TURNS {
        rows.push(("total".into(), text::score_cells(&state.totals())));
    }
    table(&rows, paint, "  ")
}

fn result(g: &FullGame, state: &State, paint: Paint) -> String {
    let totals = state.totals();
    let best = text::points(*totals.iter().max().expect("four seats"));
    let found = winner(&totals);
    let line = match found {
        Some(w) => format!("winner: {} ({best})", g.seats[w]),
        None => {
            let tied: Vec<&str> = (0..DAIMYO)
                .filter(|&s| text::points(totals[s]) == best)
                .map(|s| g.seats[s].as_str())
                .collect();
            format!("draw: {} share first place ({best})", tied.join(", "))
        }
    };
    let mut out = format!("\n{}\n", paint.paint(Tone::Winner, &line));
    if g.stated != found {
        let said = g.stated.map_or("a draw".to_string(), |w| format!("seat {w}"));
        out +=
            &format!("(the file says the winner is {said}: it does not follow from its moves)\n");
    }
    out
}

/// A player's log: its view turn by turn, its answers and its search's summaries.
fn render_log(g: &log::LoggedGame, title: &str, paint: Paint) -> Result<String, String> {
    let (strengths, views) = g.views()?;
    let mut out =
        paint.paint(Tone::Heading, &format!("{title}: {}, seed {}", g.player, g.seed)) + "\n";
    let mut known = Tracker::new(strengths);
    let mut last = Tracker::new(strengths);
    for v in &views {
        last.observe(v);
    }
    for (v, t) in views.iter().zip(&g.turns) {
        known.observe(v);
        let what = if v.phase == Phase::Day { "day" } else { "night" };
        let head = format!("turn {} ({what}): answered {} after {:.1} ms", v.turn, t.answer, t.ms);
        out += &format!("\n{}\n", paint.paint(Tone::Heading, &head));
        out += &text::seat_board(known.position(), paint, "  ");
        out += &others_moves(last.position(), v.turn);
        if let Some(r) = &t.report {
            out += &text::report(r, &text::OTHER_COLUMNS, "  ");
        }
        for w in &t.warnings {
            out += &format!("  warning: {w}\n");
        }
    }
    if let Some((message, _)) = &g.error {
        out += &format!(
            "\n{}\n",
            paint.paint(Tone::Hidden, &format!("the game ended on malformed input: {message}"))
        );
    } else {
        out += "\nThe end of the game is never shown to a player: the turn-9 scores and the winner are in the manager's result (daimyo show RESULT.json).\n";
    }
    Ok(out)
}

/// The others' public move of a day turn, as the next turn's view showed it.
fn others_moves(pos: &daimyo_engine::knowledge::Position, turn: u8) -> String {
    let moves: Vec<String> = (1..DAIMYO)
        .filter_map(|c| {
            pos.day_moves[turn as usize][c]
                .and_then(Move::from_counts)
                .map(|m| format!("{}: {}", text::COLUMN_NAMES[c], answer(&m)))
        })
        .collect();
    if moves.is_empty() {
        String::new()
    } else {
        format!("  the others played: {}\n", moves.join("; "))
    }
}
