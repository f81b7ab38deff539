//! The curve's slope: when the entrants of a `--curve` are one program at budgets that differ
//! in one thing only (its rollouts, or its time), how many points of win share each doubling of
//! that budget is worth, fitted over the whole curve at once. Each seed gives the least-squares
//! slope of its entrants' shares on log2 of the budget; the slope is their mean, with a 95%
//! interval from their spread (the seeds are independent, the entrants of a seed are not).

use super::CONFIDENCE_Z;
use super::stats::mean_of_seeds;

/// What the entrants' budgets differ in, and log2 of each entrant's.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub name: &'static str,
    pub log2: Vec<f64>,
}

/// The budgets a label can name: a built-in's setting (`bot:rollouts=N`) and an external
/// program's option (`exec:daimyo --rollouts N`), by axis.
const AXES: [(&str, &str, &str); 2] =
    [("rollouts", "rollouts=", "--rollouts"), ("time", "time=", "--time-ms")];

/// The label without its budget (the built-in's `setting`, or the program's `option` and the
/// value after it), and that budget; None if it names none.
fn split(label: &str, setting: &str, option: &str) -> Option<(String, f64)> {
    if let Some(cmd) = label.strip_prefix("exec:") {
        let argv: Vec<&str> = cmd.split_whitespace().collect();
        let at = argv.iter().position(|&a| a == option)?;
        let value = argv.get(at + 1)?.parse().ok()?;
        let rest: Vec<&str> = [&argv[..at], &argv[at + 2..]].concat();
        return Some((format!("exec:{}", rest.join(" ")), value));
    }
    let (name, settings) = label.split_once(':')?;
    let settings: Vec<&str> = settings.split(',').collect();
    let at = settings.iter().position(|s| s.starts_with(setting))?;
    let value = settings[at][setting.len()..].parse().ok()?;
    let rest: Vec<&str> = [&settings[..at], &settings[at + 1..]].concat();
    Some((format!("{name}:{}", rest.join(",")), value))
}

/// The axis the entrants lie on: every label names a budget on it, all are the same once that
/// budget is taken out, and the budgets are positive and not all equal. None otherwise.
pub fn axis(labels: &[&str]) -> Option<Axis> {
    AXES.iter().find_map(|&(name, setting, option)| {
        let parts: Option<Vec<(String, f64)>> =
            labels.iter().map(|l| split(l, setting, option)).collect();
        let parts = parts?;
        let same = parts.iter().all(|(rest, _)| *rest == parts[0].0);
        let values: Vec<f64> = parts.iter().map(|&(_, v)| v).collect();
        let spread = values.iter().any(|&v| v != values[0]);
        (same && spread && values.iter().all(|&v| v > 0.0))
            .then(|| Axis { name, log2: values.iter().map(|v| v.log2()).collect() })
    })
}

/// What a curve's slope is fitted to: each seed's mean win share of an entrant, or its mean
/// margin (its points less the best other's at the end).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    Share,
    Margin,
}

/// The running fit: each seed's slope, one value a seed for `stats::mean_of_seeds`.
#[derive(Clone, Debug)]
pub struct Slope {
    axis: Axis,
    measure: Measure,
    /// The x of each entrant less their mean, and the sum of their squares.
    centred: Vec<f64>,
    sxx: f64,
    slopes: Vec<(f64, f64)>,
}

impl Slope {
    pub fn new(axis: Axis, measure: Measure) -> Slope {
        let mean = axis.log2.iter().sum::<f64>() / axis.log2.len() as f64;
        let centred: Vec<f64> = axis.log2.iter().map(|x| x - mean).collect();
        let sxx = centred.iter().map(|c| c * c).sum();
        Slope { axis, measure, centred, sxx, slopes: Vec::new() }
    }

    /// A seed's value of each entrant (its mean win share or margin), in the curve's order.
    pub fn add(&mut self, values: &[f64]) {
        let b = self.centred.iter().zip(values).map(|(c, y)| c * y).sum::<f64>() / self.sxx;
        self.slopes.push((b, 1.0));
    }

    /// Points (of win share, or of margin) a doubling, and the half-width of its 95% interval
    /// (0 with one seed: no spread is known).
    pub fn per_doubling(&self) -> (f64, f64) {
        let (mean, var) = mean_of_seeds(&self.slopes);
        let scale = if self.measure == Measure::Share { 100.0 } else { 1.0 };
        (scale * mean, scale * CONFIDENCE_Z * var.sqrt())
    }

    /// The line the curve ends with.
    pub fn text(&self) -> String {
        let (b, half) = self.per_doubling();
        let (name, seeds) = (self.axis.name, self.slopes.len());
        match self.measure {
            Measure::Share => format!(
                "per doubling of {name}: {b:+.1} ± {half:.1} points of win share (each seed's \
                 least-squares slope of its entrants' shares on log2 {name}, their mean over \
                 {seeds} seeds)\n"
            ),
            Measure::Margin => format!(
                "per doubling of {name}: {b:+.2} ± {half:.2} points of margin over the best other \
                 (the same fit on each seed's mean margins)\n"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_is_the_one_budget_the_labels_differ_in() {
        let a = axis(&["bot:threads=1,rollouts=10000", "bot:threads=1,rollouts=40000"]).unwrap();
        assert_eq!(a.name, "rollouts");
        assert!((a.log2[1] - a.log2[0] - 2.0).abs() < 1e-12, "{a:?}");
        let t = axis(&["exec:d --threads 1 --time-ms 375", "exec:d --threads 1 --time-ms 750"]);
        assert_eq!(t.map(|a| a.name), Some("time"));
        // Another difference too, a label without the budget, or no spread: no axis.
        assert_eq!(axis(&["bot:rollouts=1000,gate=0.4", "bot:rollouts=2000"]), None);
        assert_eq!(axis(&["bot:threads=1,rollouts=10000", "bot:threads=1"]), None);
        assert_eq!(axis(&["exec:d --rollouts 5", "exec:e --rollouts 10"]), None);
        assert_eq!(axis(&["bot:time=500", "bot:time=500"]), None);
        assert_eq!(axis(&["random", "greedy"]), None);
    }

    #[test]
    fn the_slope_is_the_mean_of_the_seeds_slopes_with_their_spread() {
        let axis = axis(&["m:rollouts=1000", "m:rollouts=2000", "m:rollouts=4000"]).unwrap();
        let mut exact = Slope::new(axis.clone(), Measure::Share);
        for k in 0..5 {
            let base = 0.1 * k as f64;
            exact.add(&[base, base + 0.05, base + 0.10]);
        }
        let (b, half) = exact.per_doubling();
        assert!((b - 5.0).abs() < 1e-9 && half < 1e-6, "{b} {half}");
        // Two seeds of slopes 0 and 0.2 a doubling: mean 10 points, sd 0.1414, half-width
        // 1.96 x 0.1414 / sqrt 2 = 0.196.
        let mut spread = Slope::new(axis.clone(), Measure::Share);
        spread.add(&[0.5, 0.5, 0.5]);
        spread.add(&[0.3, 0.5, 0.7]);
        let (b, half) = spread.per_doubling();
        assert!((b - 10.0).abs() < 1e-9, "{b}");
        assert!((half - 19.6).abs() < 0.01, "{half}");
        assert!(spread.text().starts_with("per doubling of rollouts: +10.0 ± 19.6 points"));
        // Margins are points already: the same seeds' values as margins fit 100 times less.
        let mut margins = Slope::new(axis, Measure::Margin);
        margins.add(&[0.5, 0.5, 0.5]);
        margins.add(&[0.3, 0.5, 0.7]);
        let (b, half) = margins.per_doubling();
        assert!((b - 0.1).abs() < 1e-12 && (half - 0.196).abs() < 1e-4, "{b} {half}");
        assert!(
            margins.text().starts_with("per doubling of rollouts: +0.10 ± 0.20 points of margin")
        );
    }
}
