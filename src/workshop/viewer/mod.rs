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
//! whole; nothing in it depends on the game. What it shares with the tournament's page, the
//! look (`base.css`) and the script's helpers (`dom.js`), begins every page's style and script.

pub mod csp;
pub mod model;

use crate::workshop::records::{self, Game, Recorded};

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");
const BASE_STYLE: &str = include_str!("base.css");
const DOM_SCRIPT: &str = include_str!("dom.js");

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

fn assemble(data: &model::Page) -> String {
    fill(TEMPLATE, STYLE, SCRIPT, data)
}

/// A page's template with its style and its script (each after what the pages share), their
/// policy and its data put in, each at its `@@NAME@@`; the pieces are never scanned again, so
/// nothing in the data can be taken for a marker. The viewer's page and the tournament's are
/// made so.
pub fn fill(template: &str, style: &str, script: &str, data: &impl serde::Serialize) -> String {
    let json = script_safe(&serde_json::to_string(data).expect("plain data always serialises"));
    let (style, script) = (&(BASE_STYLE.to_string() + style), &(DOM_SCRIPT.to_string() + script));
    let policy = csp::policy(script, style);
    let mut out = String::with_capacity(template.len() + style.len() + script.len() + json.len());
    for (i, piece) in template.split("@@").enumerate() {
        out += match (i % 2, piece) {
            (0, text) => text,
            (_, "POLICY") => &policy,
            (_, "STYLE") => style,
            (_, "SCRIPT") => script,
            (_, "DATA") => &json,
            (_, other) => unreachable!("a page's template has no marker {other}"),
        };
    }
    out
}

/// Writes a page whole or not at all: into a temporary file beside it, then renamed over it.
pub fn write_page(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.{}.part", std::process::id()));
    std::fs::write(&temp, text).and_then(|()| std::fs::rename(&temp, path)).inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
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
pub mod tests {
    use super::*;

    #[test]
    fn the_data_cannot_close_its_element() {
        let name = "</script><script>alert(\"&\")</script><!--";
        let json = serde_json::to_string(&name).unwrap();
        let safe = script_safe(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'), "{safe}");
        assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), name);
    }

    /// A page's template holds each marker once, and its assets (with what the pages share)
    /// no closing tag and no marker.
    pub fn check_assets(template: &str, style: &str, script: &str) {
        for marker in ["@@POLICY@@", "@@STYLE@@", "@@SCRIPT@@", "@@DATA@@"] {
            assert_eq!(template.matches(marker).count(), 1, "{marker}");
        }
        assert_eq!(template.matches("@@").count(), 8);
        for asset in [script, style, DOM_SCRIPT, BASE_STYLE] {
            assert!(!asset.contains("</") && !asset.contains("@@"));
        }
    }

    #[test]
    fn the_template_has_each_marker_once_and_the_assets_no_closing_tag() {
        check_assets(TEMPLATE, STYLE, SCRIPT);
    }
}
