//! `daimyo learn` as the real binary, and the field files it writes as the player, the arena and
//! the bench read them: the default field is remade byte for byte from its own command; a
//! learnt field is the same on any number of threads; every reader error and every field-file
//! error is refused with its message and exit code 2, and a failed run writes no file.

use crate::browser::{Browser, EVIL_NAMES, check_clean};
use crate::common::{cli, daimyo, remove, scratch_path, text};
use daimyo::player::field;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    scratch_path("learn", name)
}

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The first `n` games of field-b's records, as a file of their own.
fn some_games(name: &str, n: usize) -> PathBuf {
    let text = std::fs::read_to_string(repo("tests/data/field-games/field-b-7201.jsonl")).unwrap();
    let path = scratch(name);
    std::fs::write(&path, text.lines().take(n).map(|l| format!("{l}\n")).collect::<String>())
        .unwrap();
    path
}

/// `daimyo learn ARGS` run from the repository's top.
fn learn(args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .arg("learn")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (o.status.code().unwrap(), text(&o.stdout), text(&o.stderr))
}

#[test]
fn the_default_field_is_remade_byte_for_byte_from_its_command() {
    let committed = std::fs::read_to_string(repo(field::DEFAULT_PATH)).unwrap();
    let (file, _) = field::parse(&committed).expect("the default field reads");
    let words: Vec<&str> = file.command.split(' ').collect();
    assert_eq!(&words[..2], ["daimyo", "learn"], "{}", file.command);
    let out = words.iter().position(|w| *w == "-o").expect("-o FILE") + 1;
    assert_eq!(words[out], field::DEFAULT_PATH, "the command writes the default's path");
    // The same command, written elsewhere, with the scouting report the README shows a part of.
    let remade = scratch("default.json");
    let mut args: Vec<String> = words[2..].iter().map(|w| w.to_string()).collect();
    args[out - 2] = remade.to_str().unwrap().to_string();
    args.push("--report".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, report, err) = learn(&args);
    assert_eq!(code, 0, "{err}");
    let made = std::fs::read_to_string(&remade).unwrap();
    // The command names the file written and the report: the rest is the same, byte for byte.
    let made = made.replacen(remade.to_str().unwrap(), field::DEFAULT_PATH, 1);
    let made = made.replacen(" --report\",", "\",", 1);
    assert!(made == committed, "daimyo learn no longer makes {}", field::DEFAULT_PATH);
    let _ = std::fs::remove_file(remade);
    // The README's sample of the report is a piece of it, line for line.
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let after = readme.split("`--report` prints a scouting report").nth(1);
    let sample = after.and_then(|s| s.split("```text\n").nth(1)?.split("```").next());
    let sample = sample.expect("the README's sample of the report");
    assert!(sample.lines().count() > 3, "{sample}");
    assert!(report.contains(sample), "the README's sample is not in the report:\n{report}");
}

#[test]
fn a_field_is_the_same_on_any_number_of_threads_and_says_how_it_was_made() {
    // 24 games: over `--min-games` (20), each player learnt, some seeds held out.
    let games = some_games("twenty-four.jsonl", 24);
    let (one, two) = (scratch("one.json"), scratch("two.json"));
    let g = games.to_str().unwrap();
    for (out, jobs) in [(&one, "1"), (&two, "2")] {
        let (code, _, err) = learn(&[g, "-o", out.to_str().unwrap(), "--jobs", jobs]);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("fitting 4 players and the contestant"), "{err}");
    }
    let a = std::fs::read_to_string(&one).unwrap();
    let b = std::fs::read_to_string(&two).unwrap();
    assert_eq!(a.replace("one.json --jobs 1", ""), b.replace("two.json --jobs 2", ""));
    let (file, field) = field::parse(&a).unwrap();
    assert_eq!(file.inputs.len(), 1);
    assert_eq!((file.inputs[0].games, file.inputs[0].skipped), (24, 0));
    let bytes = std::fs::read(&games).unwrap();
    assert_eq!(file.inputs[0].sha256, daimyo::workshop::digest::sha256_hex(&bytes));
    // Four players, each in all 24 games, learnt and held out alike.
    assert_eq!(file.players.len(), 4);
    for p in &file.players {
        assert_eq!((p.games, p.learnt), (24, true), "{p:?}");
        assert!(p.seeds.starts_with("7201-"), "{p:?}");
        let f = p.held_out.expect("some seeds held out");
        assert!(f.day_moves > 0 && f.night_nats < f.night_uniform, "{}: {f:?}", p.label);
        if p.label == "orig-roles" {
            assert!(f.day_nats < f.day_uniform - 1.0, "{}: {f:?}", p.label);
        }
    }
    let names: Vec<&str> = field.iter().map(|c| c.name).collect();
    assert!(
        names.ends_with(&[
            "orig-margins",
            "orig-pruned-mc",
            "orig-roles",
            "orig-tables",
            "contestant"
        ]),
        "{names:?}"
    );
    for p in [one, two, games] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn the_scouting_report_names_each_player_and_its_habits() {
    let games = some_games("report.jsonl", 24);
    let out = scratch("report.json");
    let html = scratch("report.html");
    let (code, report, err) = learn(&[
        games.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--as",
        "orig-roles=<b>roles</b>",
        "--min-games",
        "25",
        "--report",
        "--html",
        html.to_str().unwrap(),
    ]);
    // Every player has 24 games, under --min-games 25: none is learnt, so nothing is written.
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("orig-tables: 24 games, under --min-games 25: left out"), "{err}");
    assert!(err.contains("no player is seen in --min-games 25 games or more"), "{err}");
    assert!(!out.exists() && !html.exists() && report.is_empty());
    let (code, report, err) = learn(&[
        games.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--as",
        "orig-roles=<b>roles</b>",
        "--report",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for label in ["orig-tables", "orig-margins", "<b>roles</b>", "orig-pruned-mc"] {
        assert!(report.contains(&format!("\n{label}: 24 games (seeds 7201-")), "{report}");
    }
    for row in ["on the strongest", "on the weakest", "night: both on one", "lords given up"] {
        assert_eq!(report.matches(&format!("  {row}")).count(), 4, "{row}: {report}");
    }
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("&lt;b&gt;roles&lt;/b&gt;") && !page.contains("<b>roles"), "escaped");
    assert!(page.contains("default-src 'none'"), "fetches nothing");
    for p in [games, out, html] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn reader_errors_name_the_file_the_line_and_what_is_wrong() {
    let out = scratch("never.json");
    let o = out.to_str().unwrap();
    // No file to read: exit 2, nothing written.
    let (code, _, err) = learn(&["/no/such/games.jsonl", "-o", o]);
    assert_eq!(code, 2);
    assert!(err.contains("daimyo learn: /no/such/games.jsonl: cannot read it:"), "{err}");
    // A line that is not JSON, in a file of games.
    let games = some_games("broken.jsonl", 3);
    let mut broken = std::fs::read_to_string(&games).unwrap();
    broken += "{\"seed\": 7, \"rotation\": 0, \"labe\n";
    std::fs::write(&games, &broken).unwrap();
    let (code, _, err) = learn(&[games.to_str().unwrap(), "-o", o]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("broken.jsonl: line 4: not JSON"), "{err}");
    // A JSON object that is no game, whatever words its message holds, stops the run too.
    let mut broken = std::fs::read_to_string(some_games("broken.jsonl", 3)).unwrap();
    broken += "{\"seed\": 7, \"rotation\": 0, \"turn\": \"move\"}\n";
    std::fs::write(&games, &broken).unwrap();
    let (code, _, err) = learn(&[games.to_str().unwrap(), "-o", o]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("broken.jsonl: line 4: neither an arena --out line nor"), "{err}");
    // A file that holds no games.
    std::fs::write(&games, "").unwrap();
    let (code, _, err) = learn(&[games.to_str().unwrap(), "-o", o]);
    assert_eq!(code, 2);
    assert!(err.contains("broken.jsonl: no games in it"), "{err}");
    // No files, no -o, a bad --as: the usage's errors.
    for (args, says) in [
        (vec!["-o", o], "which games?"),
        (vec!["x.jsonl"], "-o FIELD.json names the field file to write"),
        (vec!["x.jsonl", "-o", o, "--as", "roles"], "--as roles: not OLD=NEW"),
        (vec!["x.jsonl", "-o", o, "--hold-out", "1"], "--hold-out 1 would hold every game out"),
        (vec!["x.jsonl", "-o", o, "--frobnicate"], "unknown option '--frobnicate'"),
    ] {
        let (code, _, err) = learn(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!out.exists(), "a failed run writes no file");
    let _ = std::fs::remove_file(games);
}

#[test]
fn games_that_cannot_have_happened_are_skipped_and_counted() {
    let games = some_games("impossible.jsonl", 20);
    let lines: Vec<String> =
        std::fs::read_to_string(&games).unwrap().lines().map(String::from).collect();
    let mut edited = lines.clone();
    // Game 2: a lord that does not exist; game 3: totals the moves do not give; game 4: lords
    // that do not follow from the seed.
    edited[1] = edited[1].replacen("\"commands\":[[[", "\"commands\":[[[9,", 1);
    let totals = |l: &str| {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        v["totals_x12"].to_string()
    };
    let t = totals(&edited[2]);
    edited[2] = edited[2].replacen(&t, "[1,2,3,4]", 1);
    let v: serde_json::Value = serde_json::from_str(&edited[3]).unwrap();
    let s = v["strengths"].to_string();
    let flipped: Vec<u64> =
        v["strengths"].as_array().unwrap().iter().map(|x| 9 - x.as_u64().unwrap()).collect();
    edited[3] = edited[3].replacen(&s, &serde_json::to_string(&flipped).unwrap(), 1);
    std::fs::write(&games, edited.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let out = scratch("skipped.json");
    let g = games.to_str().unwrap();
    let (code, _, err) = learn(&[g, "-o", out.to_str().unwrap(), "--min-games", "10"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("impossible.jsonl: game 2: "), "{err}");
    assert!(err.contains("impossible.jsonl: game 3: the stated totals [1, 2, 3, 4]"), "{err}");
    assert!(err.contains("impossible.jsonl: game 4: the lords "), "{err}");
    assert_eq!(err.matches(": skipped").count(), 3, "{err}");
    assert!(err.contains("17 games, 3 skipped"), "{err}");
    let (file, _) = field::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!((file.inputs[0].games, file.inputs[0].skipped), (17, 3));
    for p in [games, out] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn a_log_gives_its_players_own_moves_and_a_label_can_be_renamed_or_dropped() {
    // The sample log: one game of the bot's, nine moves. Under --min-games 1 the bot is learnt
    // from them; renamed by --as; or dropped, when nothing is left to learn.
    let log = repo("samples/game.log");
    let out = scratch("log.json");
    let o = out.to_str().unwrap();
    let args = [log.as_str(), "-o", o, "--min-games", "1", "--hold-out", "0", "--as", "bot=me"];
    let (code, _, err) = learn(&args);
    assert_eq!(code, 0, "{err}");
    let (file, _) = field::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(file.players.len(), 1);
    let p = &file.players[0];
    assert_eq!((p.label.as_str(), p.games, p.moves_fitted, p.held_out), ("me", 1, 9, None));
    let (code, _, err) = learn(&[log.as_str(), "-o", o, "--min-games", "1", "--drop", "bot"]);
    assert_eq!(code, 2);
    assert!(err.contains("no player is seen"), "{err}");
    // A label that no game has is refused, not ignored: a list where one label was meant,
    // a misspelt one.
    for (option, label) in [("--drop", "daimyo,bot"), ("--as", "bto=me")] {
        let (code, _, err) = learn(&[log.as_str(), "-o", o, "--min-games", "1", option, label]);
        let name = label.split('=').next().unwrap();
        assert_eq!(code, 2, "{err}");
        let want = format!("{option} {name}: no player {name} in the games (they name bot)");
        assert!(err.contains(&want), "{err}");
    }
    let _ = std::fs::remove_file(out);
}

#[test]
fn a_player_is_taken_from_k_of_its_games_or_never_met() {
    let games = some_games("forty-taken.jsonl", 40);
    let g = games.to_str().unwrap();
    let out = scratch("taken.json");
    let o = out.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![g, "-o", o, "--jobs", "2"];
        args.extend_from_slice(extra);
        let (code, _, err) = learn(&args);
        assert_eq!(code, 0, "{err}");
        field::parse(&std::fs::read_to_string(&out).unwrap()).unwrap()
    };
    let player = |file: &field::FieldFile, label: &str| {
        file.players.iter().find(|p| p.label == label).cloned().expect(label)
    };
    let (all, _) = run(&[]);
    // orig-roles from 24 of its games kept, nine moves a game; the described roles left out.
    let (some, field) = run(&["--take", "orig-roles=24", "--without", "roles"]);
    assert_eq!(some.settings.taken.get("orig-roles"), Some(&24));
    assert_eq!(some.settings.without, ["roles"]);
    let names: Vec<&str> = field.iter().map(|c| c.name).collect();
    assert!(!names.contains(&"roles") && names.contains(&"orig-roles"), "{names:?}");
    assert!(names.contains(&"tables-described"), "{names:?}");
    let roles = player(&some, "orig-roles");
    assert_eq!((roles.learnt, roles.moves_fitted), (true, 24 * 9), "{roles:?}");
    assert!(player(&all, "orig-roles").moves_fitted > 24 * 9);
    // Never met: not learnt, not in the field, but its held-out games still foreseen, and read
    // far worse than by the field that learnt it.
    let (never, field) = run(&["--take", "orig-roles=0", "--without", "roles"]);
    let names: Vec<&str> = field.iter().map(|c| c.name).collect();
    assert!(!names.contains(&"orig-roles") && names.contains(&"contestant"), "{names:?}");
    let met = player(&all, "orig-roles");
    let unmet = player(&never, "orig-roles");
    assert_eq!((unmet.learnt, unmet.moves_fitted, unmet.games), (false, 0, met.games));
    let (a, b) = (met.held_out.expect("foreseen"), unmet.held_out.expect("foreseen"));
    assert_eq!(a.day_moves, b.day_moves, "the same held-out games");
    assert!(b.day_nats > a.day_nats + 1.0, "never met {b:?}, learnt {a:?}");
    // The other seats of its games are fitted all the same.
    for label in ["orig-tables", "orig-margins", "orig-pruned-mc"] {
        assert_eq!(player(&never, label).moves_fitted, player(&all, label).moves_fitted, "{label}");
    }
    // A field learnt without these options says nothing of them.
    let text = std::fs::read_to_string(repo(field::DEFAULT_PATH)).unwrap();
    assert!(!text.contains("\"taken\"") && !text.contains("\"without\""));
    for (args, want) in [
        (vec!["--take", "orig-roles"], "--take orig-roles: not LABEL=K"),
        (vec!["--take", "orig-roles=some"], "not LABEL=K"),
        (vec!["--take", "nobody=3"], "no player nobody in the games"),
        (vec!["--without", "tables"], "--without tables: not a described component"),
    ] {
        let mut all = vec![g, "-o", o];
        all.extend(args);
        let (code, _, err) = learn(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(want), "{all:?}: {err}");
    }
    for p in [out, games] {
        let _ = std::fs::remove_file(p);
    }
}

/// A field file of the default's text with `edit` applied.
fn edited(name: &str, edit: impl Fn(&str) -> String) -> String {
    let path = scratch(name);
    let text = std::fs::read_to_string(repo(field::DEFAULT_PATH)).unwrap();
    std::fs::write(&path, edit(&text)).unwrap();
    path.to_str().unwrap().to_string()
}

/// A field file of the default's with `edit` applied to the plan of the first learnt player
/// that has one (the file laid out again by serde_json).
fn planned(name: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    edited(name, |t| {
        let mut v: serde_json::Value = serde_json::from_str(t).unwrap();
        let components = v["components"].as_array_mut().unwrap();
        let c = components.iter_mut().find(|c| c.get("plan").is_some()).expect("a plan");
        edit(&mut c["plan"]);
        v.to_string()
    })
}

#[test]
fn a_field_file_that_does_not_load_is_refused_with_what_is_wrong() {
    let cases: Vec<(String, &str)> = vec![
        ("/no/such/field.json".into(), "/no/such/field.json: cannot read it:"),
        (
            edited("cut.json", |t| t[..t.len() / 2].to_string()),
            "not a JSON object: EOF while parsing",
        ),
        (
            edited("version.json", |t| t.replacen("\"daimyo_field\": 1", "\"daimyo_field\": 2", 1)),
            "a field file of format version 2; this daimyo reads version 1",
        ),
        (
            edited("foreign.json", |_| "{\"seed\": 3}".into()),
            "not a field file (no \"daimyo_field\" version key)",
        ),
        (
            edited("rule.json", |t| t.replacen("\"name\":\"roles\"", "\"name\":\"rolls\"", 1)),
            "component 6 (rolls): no described rule named 'rolls'",
        ),
        (
            edited("weight.json", |t| t.replacen("\"weight\":0.25", "\"weight\":-1.0", 1)),
            "component 1 (random): weight -1: a prior weight is a number from 0 up",
        ),
        (
            edited("tables.json", |t| t.replacen("\"values\":[", "\"values\":[1,", 1)),
            "values (337 cells x 6 picks a turn), not ",
        ),
        (
            edited("kind.json", |t| t.replacen("\"kind\":\"picks\"", "\"kind\":\"pick\"", 1)),
            "unknown variant `pick`",
        ),
        (
            planned("rank.json", |p| p["turns"][0][6] = "dearer".into()),
            "): the plan's turn 2: no rank 'dearer' (ways: waste, cheap-then-waste, cheap, \
             dear-then-waste, less-waste)",
        ),
        (
            planned("constant.json", |p| p["turns"][1][0] = (-1).into()),
            "): the plan's turn 3: constant -1 is not 0 to 1000",
        ),
        (
            planned("turns.json", |p| {
                p["turns"].as_array_mut().unwrap().pop();
            }),
            "): a plan holds turns 2 to 9, 8 of them, not 7",
        ),
        (
            // Turn 1 of the plan's player: the tables' share 0, the plan's now 1, the move
            // model's none.
            planned("shares.json", |p| p["sure"][0] = 1.0.into()),
            "): turn 1: the rules' shares add up to 1: under 1, the rest the move model's",
        ),
        (
            planned("shares-over.json", |p| p["sure"][3] = 0.99.into()),
            "): turn 4: the rules' shares add up to 1.15: under 1, the rest the move model's",
        ),
        (planned("share.json", |p| p["sure"][3] = 1.5.into()), "): sure 1.5: a share is 0 to 1"),
    ];
    for (path, says) in &cases {
        // The player: before READY, exit 2, nothing on stdout.
        let o = daimyo(&["--model", path], b"");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{path}: {err}");
        assert!(o.stdout.is_empty(), "{path}: nothing on stdout");
        assert!(
            err.starts_with(&format!("daimyo: --model {path}: ")) && err.contains(says),
            "{path}: {err}"
        );
        // The arena's entrant and the bench say the same of it.
        let (code, _, err) = cli(&[
            "arena",
            "--seeds",
            "1",
            &format!("bot:model={path}"),
            "random",
            "random",
            "random",
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!("'bot:model={path}': model {path}: ")) && err.contains(says),
            "{err}"
        );
        let (code, _, err) = cli(&["bench", "--model", path]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(&format!("--model {path}: ")) && err.contains(says), "{err}");
    }
    for (path, _) in cases.iter().skip(1) {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn the_player_plays_with_the_field_it_is_given() {
    // The default field's own file plays as the default: the same moves at a rollout budget.
    let game = std::fs::read(repo("samples/game.txt")).unwrap();
    let args = ["--rollouts", "3000", "--no-clock", "--seed", "5"];
    let plain = daimyo(&args, &game);
    let path = repo(field::DEFAULT_PATH);
    let with = daimyo(&[&args[..], &["--model", &path]].concat(), &game);
    assert_eq!(plain.status.code(), Some(0), "{}", text(&plain.stderr));
    assert_eq!(text(&plain.stdout), text(&with.stdout));
    assert_eq!(text(&plain.stdout).lines().count(), 10, "READY and nine moves");
}

#[test]
fn the_scouting_page_shows_every_name_as_text_and_fetches_nothing() {
    // Four players renamed to names a page taking them as markup would run or draw.
    let games = some_games("evil.jsonl", 24);
    let (out, html) = (scratch("evil.json"), scratch("evil.html"));
    let labels = ["orig-tables", "orig-margins", "orig-roles", "orig-pruned-mc"];
    let mut args =
        vec![games.to_str().unwrap().to_string(), "-o".into(), out.to_str().unwrap().into()];
    for (label, evil) in labels.iter().zip(EVIL_NAMES) {
        args.extend(["--as".to_string(), format!("{label}={evil}")]);
    }
    args.extend(["--html".to_string(), html.to_str().unwrap().to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, err) = learn(&args);
    assert_eq!(code, 0, "{err}");
    let Some(mut b) = Browser::launch(1280, 900, false) else {
        return remove(&[&games, &out, &html]);
    };
    b.open_static(&format!("file://{}", html.display()));
    let safe = "[typeof window.__pwned, document.scripts.length, document.querySelectorAll('img, b, iframe, object').length]";
    assert_eq!(
        b.eval(safe),
        serde_json::json!(["undefined", 0, 0]),
        "nothing ran or became markup"
    );
    let shown: Vec<String> = serde_json::from_value(
        b.eval("[...document.querySelectorAll('h2')].map((h) => h.textContent)"),
    )
    .unwrap();
    let mut want: Vec<String> = EVIL_NAMES.iter().map(|e| e.to_string()).collect();
    let mut got = shown;
    want.sort();
    got.sort();
    assert_eq!(got, want, "each player under its name, as text");
    let rows = b.eval("document.querySelectorAll('table tr').length").as_u64().unwrap();
    assert!(rows >= 4 * 6, "a table of habits a player: {rows} rows");
    check_clean(&b, &html);
    for p in [games, out, html] {
        let _ = std::fs::remove_file(p);
    }
}
