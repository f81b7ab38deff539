//! The field file: the opponent model's mixture as data (`styles::field`), what `daimyo learn`
//! writes and the player reads (`--model FILE`, or the default compiled in). This module owns
//! the format both ways.
//!
//! One JSON object, versioned by its key `daimyo_field`: how it was made (the command, the
//! inputs with their SHA-256 and the games and seeds of each player, the learning's settings,
//! what each player's held-out games scored) and the components, each with its `kind`, its
//! prior weight and, by kind, its smoothing, its policy for a rollout's later turns and its
//! learnt data. A file is read whole and checked before play: a file that does not load is
//! refused with what is wrong, never played with half-read.
//!
//! The written text is laid out for a reader and for `diff`: one line per key of the top
//! object, per input, per player and per component (`layout`). The same file gives the same
//! bytes.

mod layout;

use daimyo_engine::policy::{GAPS, HORIZONS, Policy};
use daimyo_engine::rules::TURNS;
use daimyo_engine::styles::Rule;
use daimyo_engine::styles::Style;
use daimyo_engine::styles::field::{Component, Field, Kind, Player};
use daimyo_engine::styles::fitted::margins::{Plan, Rank, Setting, Spare, Ties};
use daimyo_engine::styles::fitted::tables::Tables;
use daimyo_engine::styles::move_model::{self, MoveModel};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The format's version, under the key that marks a field file.
pub const VERSION: u32 = 1;

/// The default field, compiled in: `daimyo learn` on the recorded games (its command is in it).
pub const DEFAULT_TEXT: &str = include_str!("default.json");

/// The default field's path in the repository, for messages and the test that remakes it.
pub const DEFAULT_PATH: &str = "src/player/field/default.json";

/// A field file, whole.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldFile {
    /// The format's version.
    pub daimyo_field: u32,
    /// The command line that made it.
    pub command: String,
    /// The program's version that made it.
    pub version: String,
    pub inputs: Vec<Input>,
    pub settings: Settings,
    pub players: Vec<PlayerRecord>,
    pub components: Vec<ComponentLine>,
}

/// One input file as given, and what was read of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub file: String,
    pub sha256: String,
    /// Games read.
    pub games: usize,
    /// Games that could not have happened, skipped.
    pub skipped: usize,
}

/// How the field was learnt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// One seed in `hold_out` is held out (0: none), by a hash of the seed: a seed's games
    /// (its rotations) go together.
    pub hold_out: u32,
    /// Players seen in fewer games are left out.
    pub min_games: usize,
    /// Each learnt player's prior weight, and the generic contestant's.
    pub player_weight: f64,
    pub contestant_weight: f64,
    /// Labels renamed or merged (`--as OLD=NEW`) and left out (`--drop LABEL`).
    #[serde(default)]
    pub renamed: BTreeMap<String, String>,
    #[serde(default)]
    pub dropped: Vec<String>,
    /// Players fitted from only K of their games kept (`--take LABEL=K`; 0: never met), and
    /// described components left out (`--without NAME`): written only when given.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub taken: BTreeMap<String, usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub without: Vec<String>,
}

/// One player of the inputs: its games, and how the field foresaw its held-out ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    pub label: String,
    /// Games it played in, and their seeds (ranges).
    pub games: usize,
    pub seeds: String,
    /// Its moves fitted to and the games held out; none learnt when too few games.
    pub learnt: bool,
    pub moves_fitted: usize,
    pub games_held_out: usize,
    /// The field's foresight of its held-out games (none without any).
    pub held_out: Option<Foresight>,
}

/// How well a model foresaw a player: nats a move (and a hidden night) against uniform picks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Foresight {
    pub day_moves: usize,
    pub day_nats: f64,
    pub day_uniform: f64,
    /// Hidden night moves read, at every turn their split was hidden.
    pub night_readings: usize,
    pub night_nats: f64,
    pub night_uniform: f64,
}

/// One component, as the file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum ComponentLine {
    Picks {
        name: String,
        weight: f64,
        #[serde(with = "PolicyDef")]
        policy: Policy,
    },
    Described {
        name: String,
        weight: f64,
        smoothing: f64,
        #[serde(with = "PolicyDef")]
        later: Policy,
    },
    Searching {
        name: String,
        weight: f64,
        smoothing: f64,
        #[serde(with = "PolicyDef")]
        later: Policy,
    },
    Learnt {
        name: String,
        weight: f64,
        #[serde(with = "PolicyDef")]
        later: Policy,
        #[serde(with = "MoveModelDef")]
        moves: MoveModel,
        /// Per-lord tables, in hundredths, from the turn `first` on; none: no tables. The file
        /// names them `rule`, and their shares `sure`.
        #[serde(rename = "rule")]
        tables: Option<TablesLine>,
        /// By turn 1 to 9: the share of the forecast on the tables' move.
        #[serde(rename = "sure")]
        tables_sure: [f64; TURNS as usize],
        /// A plan rule (`styles::fitted::margins`); none: no plan.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plan: Option<PlanLine>,
    },
    Contestant {
        name: String,
        weight: f64,
        #[serde(with = "PolicyDef")]
        later: Policy,
        #[serde(with = "MoveModelDef")]
        moves: MoveModel,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesLine {
    pub first: u8,
    pub values: Vec<i16>,
}

/// A plan rule as the file holds it: the constants of turns 2 to 9, each turn `[top_night,
/// top_margin, last_night, last_margin, night_budget, top_weight, rank, ties, shortfall_first,
/// spare]` as `styles::fitted::margins::Setting` names them, and by turn 1 to 9 the share of the
/// forecast on the plan's move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanLine {
    pub turns: Vec<PlanTurn>,
    pub sure: [f64; TURNS as usize],
}

pub type PlanTurn = (i32, i32, i32, i32, i32, i32, String, String, bool, String);

/// The constants a plan's turn may hold: far beyond any fit, near none that overflows.
const PLAN_RANGE: std::ops::RangeInclusive<i32> = 0..=1000;

impl PlanLine {
    pub fn of(plan: &Plan, sure: [f64; TURNS as usize]) -> PlanLine {
        let turn = |s: &Setting| -> PlanTurn {
            let names = (s.6.name().to_string(), s.7.name().to_string(), s.9.name().to_string());
            (s.0, s.1, s.2, s.3, s.4, s.5, names.0, names.1, s.8, names.2)
        };
        PlanLine { turns: plan.iter().map(turn).collect(), sure }
    }

    /// The plan, checked.
    fn plan(&self) -> Result<Plan, String> {
        if self.turns.len() != 8 {
            return Err(format!("a plan holds turns 2 to 9, 8 of them, not {}", self.turns.len()));
        }
        let mut plan = Vec::with_capacity(8);
        for (i, t) in self.turns.iter().enumerate() {
            let at = format!("the plan's turn {}", i + 2);
            if let Some(x) = [t.0, t.1, t.2, t.3, t.4, t.5].iter().find(|x| !PLAN_RANGE.contains(x))
            {
                return Err(format!("{at}: constant {x} is not 0 to 1000"));
            }
            let named = |what: &str, name: &str, ways: &[&str]| {
                format!("{at}: no {what} '{name}' (ways: {})", ways.join(", "))
            };
            let rank =
                Rank::named(&t.6).ok_or_else(|| named("rank", &t.6, &Rank::ALL.map(Rank::name)))?;
            let ties =
                Ties::named(&t.7).ok_or_else(|| named("ties", &t.7, &Ties::ALL.map(Ties::name)))?;
            let spare = Spare::named(&t.9)
                .ok_or_else(|| named("spare", &t.9, &Spare::ALL.map(Spare::name)))?;
            plan.push((t.0, t.1, t.2, t.3, t.4, t.5, rank, ties, t.8, spare));
        }
        Ok(plan.try_into().expect("8 turns, checked"))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Policy", deny_unknown_fields)]
struct PolicyDef {
    strength: f32,
    lead: [[f32; GAPS]; HORIZONS],
    floor: [[f32; GAPS]; HORIZONS],
}

type Table<const N: usize> = [[[f32; move_model::KS]; N]; move_model::HORIZONS];

#[derive(Serialize, Deserialize)]
#[serde(remote = "MoveModel", deny_unknown_fields)]
struct MoveModelDef {
    strength: Table<{ move_model::STRENGTHS }>,
    lead: Table<GAPS>,
    margin: Table<GAPS>,
    nights: Table<{ move_model::NIGHTS }>,
    rank: Table<{ move_model::RANKS }>,
}

impl ComponentLine {
    pub fn name(&self) -> &str {
        match self {
            ComponentLine::Picks { name, .. }
            | ComponentLine::Described { name, .. }
            | ComponentLine::Searching { name, .. }
            | ComponentLine::Learnt { name, .. }
            | ComponentLine::Contestant { name, .. } => name,
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            ComponentLine::Picks { .. } => Kind::Picks,
            ComponentLine::Described { .. } => Kind::Described,
            ComponentLine::Searching { .. } => Kind::Searching,
            ComponentLine::Learnt { .. } => Kind::Learnt,
            ComponentLine::Contestant { .. } => Kind::Contestant,
        }
    }

    /// The line of a compiled-in component (picks, described and searching rules); `None` for
    /// one that holds learnt data.
    pub fn of(c: &Component) -> Option<ComponentLine> {
        let (name, weight, smoothing, later) = (c.name.to_string(), c.weight, c.smoothing, c.later);
        Some(match (c.kind(), c.style) {
            (Kind::Picks, _) => ComponentLine::Picks { name, weight, policy: later },
            (Kind::Described, _) => ComponentLine::Described { name, weight, smoothing, later },
            (Kind::Searching, _) => ComponentLine::Searching { name, weight, smoothing, later },
            _ => return None,
        })
    }

    /// The engine's component, checked; learnt data is kept for the life of the process.
    fn component(&self) -> Result<Component, String> {
        let name: &'static str = self.name().to_string().leak();
        let rule = |searching: bool| -> Result<Style, String> {
            let known = Rule::ALL.iter().chain(&Rule::SEARCHING).copied();
            match known.clone().find(|r| r.name() == name) {
                Some(r) if (r.search().is_some()) == searching => Ok(Style::Rule(r)),
                _ => {
                    let of_kind = known.filter(|r| (r.search().is_some()) == searching);
                    let names: Vec<&str> = of_kind.map(|r| r.name()).collect();
                    Err(format!(
                        "no {} rule named '{name}' (rules: {})",
                        self.kind().name(),
                        names.join(", ")
                    ))
                }
            }
        };
        let c = match self {
            ComponentLine::Picks { weight, policy, .. } => Component {
                name,
                style: Style::Picks,
                weight: *weight,
                smoothing: 0.0,
                later: *policy,
            },
            ComponentLine::Described { weight, smoothing, later, .. } => Component {
                name,
                style: rule(false)?,
                weight: *weight,
                smoothing: *smoothing,
                later: *later,
            },
            ComponentLine::Searching { weight, smoothing, later, .. } => Component {
                name,
                style: rule(true)?,
                weight: *weight,
                smoothing: *smoothing,
                later: *later,
            },
            ComponentLine::Learnt { weight, later, moves, tables, tables_sure, plan, .. } => {
                let tables = match tables {
                    Some(t) => Some(Tables::new(t.first, t.values.clone())?),
                    None => None,
                };
                let plan_sure = plan.as_ref().map_or([0.0; TURNS as usize], |p| p.sure);
                let shares = tables_sure.iter().chain(&plan_sure);
                if let Some(s) = shares.clone().find(|s| !(0.0..=1.0).contains(*s)) {
                    return Err(format!("sure {s}: a share is 0 to 1"));
                }
                if tables.is_none() && tables_sure.iter().any(|&s| s > 0.0) {
                    return Err("sure over 0 without a rule".into());
                }
                // The move model keeps a share: a move neither rule plays is never impossible.
                let together = |t: usize| tables_sure[t] + plan_sure[t];
                if let Some(t) = (0..TURNS as usize).find(|&t| together(t) >= 1.0) {
                    return Err(format!(
                        "turn {}: the rules' shares add up to {}: under 1, the rest the move \
                         model's",
                        t + 1,
                        together(t)
                    ));
                }
                let plan = plan.as_ref().map(PlanLine::plan).transpose()?;
                let player =
                    Player { moves: *moves, tables, tables_sure: *tables_sure, plan, plan_sure };
                let style = Style::Learnt(Box::leak(Box::new(player)));
                Component { name, style, weight: *weight, smoothing: 0.0, later: *later }
            }
            ComponentLine::Contestant { weight, later, moves, .. } => {
                let style = Style::Moves(Box::leak(Box::new(*moves)));
                Component { name, style, weight: *weight, smoothing: 0.0, later: *later }
            }
        };
        if !(c.weight.is_finite() && c.weight >= 0.0) {
            return Err(format!("weight {}: a prior weight is a number from 0 up", c.weight));
        }
        if !(0.0..=1.0).contains(&c.smoothing) {
            return Err(format!("smoothing {}: a share is 0 to 1", c.smoothing));
        }
        let finite = |p: &Policy| {
            p.strength.is_finite() && p.lead.iter().chain(&p.floor).flatten().all(|x| x.is_finite())
        };
        if !finite(&c.later) {
            return Err("its policy holds a number that is not finite".into());
        }
        // A number past f32's range reads as an infinity, which the file could not write again.
        let moves = match c.style {
            Style::Learnt(player) => Some(&player.moves),
            Style::Moves(model) => Some(model),
            _ => None,
        };
        if moves.is_some_and(|m| !m.params().iter().all(|x| x.is_finite())) {
            return Err("its move model holds a number that is not finite".into());
        }
        Ok(c)
    }
}

impl FieldFile {
    /// The engine's field, checked: every component known and whole, one name each, some
    /// weight to read.
    pub fn field(&self) -> Result<Field, String> {
        let mut components = Vec::with_capacity(self.components.len());
        for (i, line) in self.components.iter().enumerate() {
            let c = line
                .component()
                .map_err(|e| format!("component {} ({}): {e}", i + 1, line.name()))?;
            if components.iter().any(|x: &Component| x.name == c.name) {
                return Err(format!(
                    "component {} ({}): a second component of that name",
                    i + 1,
                    c.name
                ));
            }
            components.push(c);
        }
        if !components.iter().any(|c| c.weight > 0.0) {
            return Err("no component has a prior weight over 0".into());
        }
        Ok(Field { components: components.leak() })
    }

    /// The file as text, laid out as the module says; the same file, the same bytes.
    pub fn text(&self) -> String {
        layout::text(self)
    }
}

/// The field file `text` holds (`name` for messages), checked, and its field.
pub fn parse(text: &str) -> Result<(FieldFile, Field), String> {
    let keys: BTreeMap<String, serde_json::Value> = serde_json::from_str(text).map_err(|e| {
        format!(
            "line {}, column {}: not a JSON object: {}",
            e.line(),
            e.column(),
            crate::player::log::json_message(&e)
        )
    })?;
    match keys.get("daimyo_field").and_then(|v| v.as_u64()) {
        None => return Err("not a field file (no \"daimyo_field\" version key)".into()),
        Some(v) if v != VERSION as u64 => {
            return Err(format!(
                "a field file of format version {v}; this daimyo reads version {VERSION}"
            ));
        }
        Some(_) => {}
    }
    let file: FieldFile = serde_json::from_str(text).map_err(|e| {
        format!(
            "line {}, column {}: {}",
            e.line(),
            e.column(),
            crate::player::log::json_message(&e)
        )
    })?;
    let field = file.field()?;
    Ok((file, field))
}

/// The field in the file at `path`, or what is wrong with it, the file named.
pub fn load(path: &str) -> Result<Field, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: cannot read it: {e}"))?;
    parse(&text).map(|x| x.1).map_err(|e| format!("{path}: {e}"))
}

/// The default field, compiled in, read once.
pub fn default() -> Field {
    static DEFAULT: OnceLock<Field> = OnceLock::new();
    *DEFAULT.get_or_init(|| match parse(DEFAULT_TEXT) {
        Ok((_, field)) => field,
        Err(e) => panic!("{DEFAULT_PATH}: {e}"),
    })
}
