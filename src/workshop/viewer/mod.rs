//! A game as one web page (`daimyo show FILE --html OUT.html`, `daimyo arena --html DIR`): the
//! board turn by turn, the scores, a chart of the points, and from a player's `--log` what its
//! search thought. The page is one self-contained file that opens from disk: its script and
//! style are inlined and its policy forbids any network.
//!
//! Everything taken from a file (entrant names, `exec:` commands, a log's text) reaches the page
//! as data only: `model` works the game out, the data is JSON inside a `<script
//! type="application/json">` element with `<`, `>` and `&` escaped (so no text can close the
//! element), and the page's script reads it with `JSON.parse` and inserts every string with
//! `textContent`. The page itself (`page.html`, `page.css`, `page.js`) is an asset, included
//! whole; nothing in it depends on the game.

pub mod csp;
pub mod model;

use crate::workshop::records::{self, Game, Recorded};

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The page of game `n` (from 1) of a file's text, or why there is none: nothing is made of
/// a file that cannot be read whole.
pub fn page(text: &str, n: usize) -> Result<String, String> {
    let data = match records::recorded(text, n)? {
        Recorded::Whole(game) => model::of_game(&game),
        Recorded::Log { game, title } => model::of_log(&game, &title)?,
    };
    Ok(assemble(&data))
}

/// The page of a whole game.
pub fn game_page(game: &Game) -> String {
    assemble(&model::of_game(game))
}

/// The template with its assets and the data put in, each at its `@@NAME@@`; the pieces are
/// never scanned again, so nothing in the data can be taken for a marker.
fn assemble(data: &model::Page) -> String {
    let json = script_safe(&serde_json::to_string(data).expect("plain data always serialises"));
    let policy = csp::policy(SCRIPT, STYLE);
    let mut out = String::with_capacity(TEMPLATE.len() + STYLE.len() + SCRIPT.len() + json.len());
    for (i, piece) in TEMPLATE.split("@@").enumerate() {
        out += match (i % 2, piece) {
            (0, text) => text,
            (_, "POLICY") => &policy,
            (_, "STYLE") => STYLE,
            (_, "SCRIPT") => SCRIPT,
            (_, "DATA") => &json,
            (_, other) => unreachable!("page.html has no marker {other}"),
        };
    }
    out
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` as JSON escapes (the same
/// string to `JSON.parse`), so that no `</script>` or `<!--` can appear; U+2028 and U+2029
/// too, for readers of older JavaScript.
pub fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out += "\\u003c",
            '>' => out += "\\u003e",
            '&' => out += "\\u0026",
            '\u{2028}' => out += "\\u2028",
            '\u{2029}' => out += "\\u2029",
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_cannot_close_its_element() {
        let name = "</script><script>alert(\"&\")</script><!--";
        let json = serde_json::to_string(&name).unwrap();
        let safe = script_safe(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'), "{safe}");
        assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), name);
    }

    #[test]
    fn the_template_has_each_marker_once_and_the_assets_no_closing_tag() {
        for marker in ["@@POLICY@@", "@@STYLE@@", "@@SCRIPT@@", "@@DATA@@"] {
            assert_eq!(TEMPLATE.matches(marker).count(), 1, "{marker}");
        }
        assert_eq!(TEMPLATE.matches("@@").count(), 8);
        assert!(!SCRIPT.contains("</") && !SCRIPT.contains("@@"));
        assert!(!STYLE.contains("</") && !STYLE.contains("@@"));
    }
}
