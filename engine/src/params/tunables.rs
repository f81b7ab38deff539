//! The settings a run may change by name (`bot:gate=0.4`, `--set gate=0.4`, `daimyo-lab tune`),
//! each with its range and where it lives in the search's parameters.

use super::*;

/// What values a setting takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Any number in the range.
    Real,
    /// A whole number in the range.
    Whole,
    /// 0 (off) or 1 (on).
    Switch,
}

/// A setting of a search that the workshop may change for one run (`bot:gate=0.4` in the arena,
/// `--set gate=0.4` for the player, `daimyo tune`), in the range where it still means something.
#[derive(Debug)]
pub struct Tunable {
    pub name: &'static str,
    pub about: &'static str,
    pub min: f64,
    pub max: f64,
    pub scale: Scale,
    get: fn(&SearchParams) -> Option<f64>,
    set: fn(&mut SearchParams, f64) -> bool,
}

impl SearchParams {
    /// The opponent model of a search that learns one (`None`: it draws from a fixed prior).
    pub fn model(&self) -> Option<ModelParams> {
        match self.rivals {
            Rivals::Modelled { model, .. } => Some(model),
            Rivals::Prior { .. } => None,
        }
    }
}

fn model_mut(s: &mut SearchParams) -> Option<&mut ModelParams> {
    match &mut s.rivals {
        Rivals::Modelled { model, .. } => Some(model),
        Rivals::Prior { .. } => None,
    }
}

/// Every setting a run may change, with the search's own values as the defaults.
pub const TUNABLES: &[Tunable] = &[
    Tunable {
        name: "rate",
        about: "the learning of the own later moves: times the gradient a step takes",
        min: 0.0,
        max: 100.0,
        scale: Scale::Real,
        get: |s| s.own.map(|o| o.rate),
        set: |s, v| s.own.as_mut().map(|o| o.rate = v).is_some(),
    },
    Tunable {
        name: "step",
        about: "the learning of the own later moves: the most a step moves one weight",
        min: 0.0,
        max: 10.0,
        scale: Scale::Real,
        get: |s| s.own.map(|o| o.max_step),
        set: |s, v| s.own.as_mut().map(|o| o.max_step = v).is_some(),
    },
    Tunable {
        name: "stages",
        about: "the halving's stages a phase, the own later moves learning a step after each",
        min: 1.0,
        max: 8.0,
        scale: Scale::Whole,
        get: |s| s.own.map(|o| o.stages as f64),
        set: |s, v| s.own.as_mut().map(|o| o.stages = v as usize).is_some(),
    },
    Tunable {
        name: "gate",
        about: "the others' mean weight on uniform picks over which rollouts play uniformly",
        min: 0.0,
        max: 1.0,
        scale: Scale::Real,
        get: |s| match s.rivals {
            Rivals::Modelled { gate, .. } => Some(gate),
            Rivals::Prior { .. } => None,
        },
        set: |s, v| match &mut s.rivals {
            Rivals::Modelled { gate, .. } => {
                *gate = v;
                true
            }
            Rivals::Prior { .. } => false,
        },
    },
    Tunable {
        name: "readdivisor",
        about: "the divisor of the searching rules' budgets when the model reads them",
        min: 1.0,
        max: 100.0,
        scale: Scale::Whole,
        get: |s| s.model().map(|m| m.reading_divisor as f64),
        set: |s, v| model_mut(s).map(|m| m.reading_divisor = v as usize).is_some(),
    },
    Tunable {
        name: "readings",
        about: "the likeliest splits of the hidden nights a rule of the model is read at",
        min: 1.0,
        max: 441.0,
        scale: Scale::Whole,
        get: |s| s.model().map(|m| m.rule_readings as f64),
        set: |s, v| model_mut(s).map(|m| m.rule_readings = v as usize).is_some(),
    },
    Tunable {
        name: "worldmoves",
        about: "the others' current moves drawn at the hidden nights of each world (1) or not",
        min: 0.0,
        max: 1.0,
        scale: Scale::Switch,
        get: |s| s.model().map(|m| f64::from(u8::from(m.world_moves))),
        set: |s, v| model_mut(s).map(|m| m.world_moves = v == 1.0).is_some(),
    },
    Tunable {
        name: "jointnights",
        about: "the hidden nights read jointly, the first also by the day moves after it (1)",
        min: 0.0,
        max: 1.0,
        scale: Scale::Switch,
        get: |s| s.model().map(|m| f64::from(u8::from(m.joint_nights))),
        set: |s, v| model_mut(s).map(|m| m.joint_nights = v == 1.0).is_some(),
    },
    Tunable {
        name: "forget",
        about: "the share of the way back to the prior the weights go after each day move read",
        min: 0.0,
        max: 1.0,
        scale: Scale::Real,
        get: |s| s.model().map(|m| m.forget),
        set: |s, v| model_mut(s).map(|m| m.forget = v).is_some(),
    },
    Tunable {
        name: "doubt",
        about: "with forget: the prior share of reading a daimyo by forget, against Bayes' rule",
        min: 0.0,
        max: 1.0,
        scale: Scale::Real,
        get: |s| s.model().map(|m| m.doubt),
        set: |s, v| model_mut(s).map(|m| m.doubt = v).is_some(),
    },
    Tunable {
        name: "reply",
        about: "the tilt of the others' last moves toward their best replies",
        min: 0.0,
        max: 100.0,
        scale: Scale::Real,
        get: |s| s.model().map(|m| m.reply),
        set: |s, v| model_mut(s).map(|m| m.reply = v).is_some(),
    },
    Tunable {
        name: "keep",
        about: "the candidates sequential halving keeps for its last phase",
        min: 1.0,
        max: 252.0,
        scale: Scale::Whole,
        get: |s| match s.allocation {
            Allocation::Halving { keep } => Some(keep as f64),
            Allocation::Uniform => None,
        },
        set: |s, v| match &mut s.allocation {
            Allocation::Halving { keep } => {
                *keep = v as usize;
                true
            }
            Allocation::Uniform => false,
        },
    },
];

impl Tunable {
    /// The tunable called `name`.
    pub fn find(name: &str) -> Option<&'static Tunable> {
        TUNABLES.iter().find(|t| t.name == name)
    }

    /// Its value in `search` (`None`: that search has no such setting).
    pub fn get(&self, search: &SearchParams) -> Option<f64> {
        (self.get)(search)
    }

    /// `value` within the range (rounded if whole): what `set` would use.
    pub fn clamp(&self, value: f64) -> f64 {
        let v = value.clamp(self.min, self.max);
        if self.scale == Scale::Real { v } else { v.round() }
    }

    /// Sets it in `search` to `value`, which must be in range (and whole, if it is whole).
    pub fn set(&self, search: &mut SearchParams, value: f64) -> Result<(), String> {
        let whole = self.scale != Scale::Real;
        if !(self.min..=self.max).contains(&value) || (whole && value.fract() != 0.0) {
            return Err(match self.scale {
                Scale::Switch => format!("{} must be 0 (off) or 1 (on)", self.name),
                Scale::Whole => {
                    format!(
                        "{} must be a whole number from {} to {}",
                        self.name, self.min, self.max
                    )
                }
                Scale::Real => {
                    format!("{} must be a number from {} to {}", self.name, self.min, self.max)
                }
            });
        }
        if (self.set)(search, value) {
            Ok(())
        } else {
            Err(format!("this search has no {}", self.name))
        }
    }

    /// Every tunable's name, for messages.
    pub fn names() -> String {
        TUNABLES.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
    }
}

/// `search` with the settings of `NAME=VALUE` pairs changed.
pub fn tuned(mut search: SearchParams, settings: &[(String, f64)]) -> Result<SearchParams, String> {
    for (name, value) in settings {
        let t = Tunable::find(name)
            .ok_or_else(|| format!("no setting '{name}' (settings: {})", Tunable::names()))?;
        t.set(&mut search, *value)?;
    }
    Ok(search)
}
