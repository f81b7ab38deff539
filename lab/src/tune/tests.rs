use super::*;

fn dims(list: &[&str]) -> Vec<Dim> {
    list.iter().map(|t| Dim::parse(t).unwrap()).collect()
}

/// A noisy objective with its best at gate 0.3 and rate 14, which step does not move: the
/// steps must find the top from either side, through noise as large as the signal of one
/// iteration, and z must tell the settings that matter from the one that does not.
#[test]
fn the_steps_climb_a_noisy_slope_to_its_top() {
    let best = [0.3, 14.0];
    let f = |v: &[f64]| {
        0.5 - ((v[0] - best[0]) / 0.3).powi(2) * 0.05 - ((v[1] - best[1]) / 6.0).powi(2) * 0.05
    };
    let mut noise = 7u64;
    let mut draw = || {
        noise = splitmix(noise);
        (noise >> 11) as f64 / (1u64 << 53) as f64 * 0.2 - 0.1
    };
    let starts = [
        (["gate=0.6:0.1", "rate=8:2", "step=0.5:0.1"], 99, [-1.0, 1.0]),
        (["gate=0.05:0.1", "rate=20:2", "step=0.5:0.1"], 5, [1.0, -1.0]),
    ];
    for (start, seed, towards) in starts {
        let mut spsa = Spsa::new(dims(&start), 0.5);
        for k in 0..400 {
            let s = spsa.signs(seed, k);
            let (p, m) = (spsa.moved(&s, 1.0), spsa.moved(&s, -1.0));
            let (a, b) = (f(&p) + draw(), f(&m) + draw());
            spsa.step(&s, a, b);
        }
        let (e, z) = (spsa.estimate(), spsa.z());
        assert!((e[0] - 0.3).abs() < 0.08, "from {start:?}: gate {e:?}");
        assert!((e[1] - 14.0).abs() < 2.0, "from {start:?}: rate {e:?}");
        let wander = spsa.wander();
        assert!(wander[..2].iter().zip([0.1, 2.0]).all(|(w, c)| *w < c), "{wander:?}");
        assert!(z[0] * towards[0] > 2.0 && z[1] * towards[1] > 2.0, "{start:?}: z {z:?}");
        assert!(z[2].abs() < 3.0, "{start:?}: step does not matter, z {z:?}");
    }
}

#[test]
fn settings_stay_in_their_range_and_whole_ones_are_played_whole() {
    let mut spsa = Spsa::new(dims(&["gate=0.95:0.1", "keep=4:1.5"]), 10.0);
    let s = vec![1.0, -1.0];
    let played = spsa.moved(&s, 1.0);
    assert_eq!(played, vec![1.0, 3.0]);
    spsa.step(&s, 1.0, 0.0);
    assert_eq!(spsa.theta[0], 1.0);
    assert_eq!(spsa.theta[1], 1.0);
    let search = search_of(&spsa.dims, &[0.25, 6.4]);
    let mut expected = params::bot(daimyo::player::field::default());
    Tunable::find("gate").unwrap().set(&mut expected, 0.25).unwrap();
    Tunable::find("keep").unwrap().set(&mut expected, 6.0).unwrap();
    assert_eq!(search, expected);
}

#[test]
fn the_signs_are_fair_and_fixed_by_the_seed() {
    let spsa = Spsa::new(dims(&["gate=0.5:0.1", "rate=10:2", "step=0.5:0.1"]), 0.25);
    let runs: Vec<Vec<f64>> = (0..2000).map(|k| spsa.signs(3, k)).collect();
    for i in 0..3 {
        let up = runs.iter().filter(|s| s[i] > 0.0).count();
        assert!((900..1100).contains(&up), "setting {i}: {up} of 2000 up");
    }
    let same = (0..2000).filter(|&k| runs[k][0] == runs[k][1]).count();
    assert!((900..1100).contains(&same), "{same} of 2000 alike");
    assert_eq!(runs[17], spsa.signs(3, 17));
    assert_ne!(
        (0..64).map(|k| spsa.signs(3, k)).collect::<Vec<_>>(),
        (0..64).map(|k| spsa.signs(4, k)).collect::<Vec<_>>()
    );
}

#[test]
fn settings_to_tune_are_read_with_their_errors_named() {
    let d = Dim::parse("keep=4:2").unwrap();
    assert_eq!((d.tunable.name, d.start, d.c), ("keep", 4.0, 2.0));
    for (text, says) in [
        ("gate=0.5", "NAME=START:C"),
        ("gate=1.5:0.1", "START must be from 0 to 1"),
        ("gate=0.5:0", "C more than 0"),
        ("tempo=1:1", "no setting 'tempo'"),
    ] {
        let e = Dim::parse(text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}
