//! A view as the manager writes it, byte for byte (the recorded official games check it).

use daimyo_engine::rules::{DAIMYO, LORDS, Row, TURNS, View};
use std::fmt::Write as _;

/// The settings line the manager sends: turns, daimyo, lords.
pub const SETTINGS: [u32; 3] = [TURNS as u32, DAIMYO as u32, LORDS as u32];

/// The turn's text exactly as the manager writes it (turn 1 includes the settings).
pub fn render(view: &View, strengths: &[u8; LORDS], out: &mut String) {
    if view.turn == 1 {
        let _ = writeln!(out, "{} {} {}", SETTINGS[0], SETTINGS[1], SETTINGS[2]);
        render_row(Row::from_array(*strengths), out);
    }
    let _ = writeln!(out, "{} {}", view.turn, super::phase_letter(view.phase));
    for lord in 0..LORDS {
        let v = view.public.map(|r| r.get(lord));
        let _ = writeln!(out, "{} {} {} {}", v[0], v[1], v[2], v[3]);
    }
    render_row(view.own, out);
    if let Some(n) = view.last_night {
        render_row(n, out);
    }
}

fn render_row(r: Row, out: &mut String) {
    let a = r.to_array();
    let _ = writeln!(out, "{} {} {} {} {} {}", a[0], a[1], a[2], a[3], a[4], a[5]);
}
