//! The official recorded games (tests/data/official-games), shared by the test files.

use daimyo::rules::Move;
use serde_json::Value;
use std::path::PathBuf;

pub fn games() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/official-games");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("fixture directory") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((
                path.file_name().unwrap().to_string_lossy().into_owned(),
                serde_json::from_str(&text).unwrap(),
            ));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(out.len(), 60, "all 60 official games are present");
    out
}

pub fn applied(g: &Value, turn: usize, seat: usize) -> Move {
    let lords: Vec<u8> = g["applied"][turn][seat]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u8)
        .collect();
    Move::new(&lords).unwrap()
}

pub fn strengths(g: &Value) -> [u8; 6] {
    std::array::from_fn(|i| g["strengths"][i].as_u64().unwrap() as u8)
}
