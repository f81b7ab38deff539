//! `daimyo-lab regret` as the real binary: a game file's turns are its positions, the table has a
//! row for each budget, and bad arguments or input are refused with a message and exit code 2.

use crate::common::{lab, text};

#[test]
fn a_games_turns_are_measured_at_each_budget() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/../samples/game.txt");
    let args = ["regret", "--reference", "20000", "--budgets", "2000,20000", "--seeds", "2"];
    let o = lab(&[&args[..], &[game]].concat(), b"");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("daimyo-lab regret: 9 positions (1 file)"), "{out}");
    let decided: usize = lines[4].split_whitespace().next().unwrap().parse().unwrap();
    let mut some_regret = false;
    for (row, budget) in lines[2..4].iter().zip(["2000", "20000"]) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[0], budget, "{out}");
        // Two seeds at each open position.
        assert_eq!(cells[1].parse::<usize>().unwrap(), 2 * (9 - decided), "{out}");
        let share = |c: &str| c.trim_end_matches('%').parse::<f64>().unwrap();
        let (agree, finalist) = (share(cells[2]), share(cells[3]));
        // The reference's own move is one of its finalists.
        assert!(agree <= finalist && finalist <= 100.0, "{out}");
        if finalist == 0.0 {
            // No regret to sum up.
            assert_eq!(cells[4..], ["-", "-", "-"], "{out}");
        } else {
            let (mean, max): (f64, f64) = (cells[4].parse().unwrap(), cells[6].parse().unwrap());
            assert!(0.0 <= mean && mean <= max, "{out}");
            some_regret = true;
        }
    }
    assert!(some_regret, "{out}");
    assert!(decided < 9, "{out}");
}

#[test]
fn bad_arguments_and_input_are_refused_with_what_is_wrong() {
    let bad = std::env::temp_dir().join(format!("daimyo-regret-{}.txt", std::process::id()));
    std::fs::write(&bad, "9 4 6\n3 4 5 6 3 4\n1 D\n0 0 x\n").unwrap();
    let bad = bad.to_str().unwrap().to_string();
    let cases: [(&[&str], &str); 4] = [
        (&["--budgets", "1000,lots"], "--budgets: '1000,lots' is not a list of rollout counts"),
        (&["--set", "keep=999"], "--set: keep must be"),
        (&["/nonexistent/game.txt"], "/nonexistent/game.txt: "),
        (&[&bad], "malformed input at line 4, token 3 (turn 1)"),
    ];
    for (args, message) in cases {
        let o = lab(&[&["regret"][..], args].concat(), b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stdout).is_empty(), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.starts_with("daimyo-lab regret: ") && err.contains(message), "{args:?}: {err}");
    }
}
