//! A tournament as one web page (`daimyo arena --html DIR` writes `DIR/index.html`, `daimyo show
//! FILE --html OUT.html` makes it of an `--out` file or a file of recorded games): the table as
//! the terminal prints it with each share's interval drawn, how the shares and the test went
//! game by game, the first half by entrant (`halftime`), every game as a row that sorts,
//! filters and links to its own page, and the seats that misbehaved.
//!
//! Nothing is counted here that the arena or halftime count: a run's account comes from its
//! collector (`arena::summary`), a file's through `arena::merge` as `--merge` reads it, and a
//! file with no run line (the contest's records) through the arena's table alone. The page
//! follows the viewer's rules (`viewer::fill`): one file that fetches nothing, its data JSON that
//! no text can break out of, every name put in as text by its script; the games are data the
//! script draws a page of rows at a time, so 10,000 games make a page under a megabyte that
//! opens at once (docs/findings.md, "The test suite").

pub mod model;

use crate::workshop::arena::files::record_of;
use crate::workshop::arena::merge;
use crate::workshop::arena::stats::Stats;
use crate::workshop::arena::summary::{Summary, Table, Trace};
use crate::workshop::records::{self, OutLine};
use crate::workshop::viewer;
use daimyo_engine::rules::DAIMYO;
use std::path::Path;

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The page of a run's account, to be written at `at` (the games' pages are linked where they
/// are found beside it).
pub fn page(summary: &Summary, at: &Path) -> String {
    viewer::fill(TEMPLATE, STYLE, SCRIPT, &model::of_summary(summary, at))
}

/// The account of the games in a file's text (`name` is the file's, for the messages): the
/// run its run lines name, as `--merge` adds it up, or for a file without one (the contest's
/// records) a table of every seat by its label. A file that does not read whole, a torn last
/// line included, gives why.
pub fn of_text(text: &str, name: &str) -> Result<Summary, String> {
    let file = records::out_file(text)?;
    if let Some((_, why)) = file.torn {
        return Err(why);
    }
    if file.games.is_empty() {
        return Err("no games".into());
    }
    match file.runs.is_empty() {
        false => merge::merged(&[(name.to_string(), file)], true),
        true => Ok(unplanned(name, file.games.into_iter().map(|(_, g)| g).collect())),
    }
}

/// Games that name no run: one table of every seat by its name, in the order they first sit.
fn unplanned(name: &str, games: Vec<OutLine>) -> Summary {
    let mut names: Vec<String> = Vec::new();
    for g in &games {
        for seat in 0..DAIMYO {
            let entrant = g.entrant(seat);
            if !names.contains(&entrant) {
                names.push(entrant);
            }
        }
    }
    let mut tables = [Stats::new(&names)];
    let mut trace = Trace::new(names.iter().map(|n| (0, n.clone())).collect(), None);
    for (n, g) in games.iter().enumerate() {
        let seats: [String; DAIMYO] = std::array::from_fn(|s| g.entrant(s));
        tables[0].add(g.seed, &seats, &record_of(g));
        trace.note(n + 1, &tables, n + 1 == games.len());
    }
    let mut printed = format!("games of {name}: {}  {} games\n", names.join(" | "), games.len());
    tables[0].render(&mut printed);
    Summary {
        printed,
        tables: vec![Table::of(None, &tables[0])],
        trace,
        planned: games.len(),
        games,
        cut: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_has_each_marker_once_and_the_assets_no_closing_tag() {
        crate::workshop::viewer::tests::check_assets(TEMPLATE, STYLE, SCRIPT);
    }
}
