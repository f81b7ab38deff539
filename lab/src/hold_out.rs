//! The lab's options for the one hold-out rule (`daimyo::workshop::learn::holdout`: one seed in
//! N, by a hash of the seed, as `daimyo learn` holds its games out), read alike by every command
//! that splits games: `--hold-out N` says N, and a command that reads one side of the split
//! takes `--held-out` or `--kept`.

use daimyo::player::args::Reader;
use daimyo::workshop::learn::holdout;

/// Which games of a split are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Kept,
    HeldOut,
}

/// The split: one seed in `one_in` held out, and the side read, if only one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub one_in: u32,
    pub side: Option<Side>,
}

impl Split {
    /// The default: learn's, both sides read.
    pub fn new(one_in: u32) -> Split {
        Split { one_in, side: None }
    }

    /// Reads the option `name`, just read by `read`, if it is one of the split's (`true`),
    /// with its value.
    pub fn option(&mut self, name: &str, read: &mut Reader) -> Result<bool, String> {
        match name {
            "--hold-out" => self.one_in = read.value()?,
            "--held-out" => self.side = Some(Side::HeldOut),
            "--kept" => self.side = Some(Side::Kept),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The side the game of `seed` is on.
    pub fn side_of(&self, seed: u32) -> Side {
        match holdout::held_out(seed as u64, self.one_in) {
            true => Side::HeldOut,
            false => Side::Kept,
        }
    }

    /// Whether the game of `seed` is read.
    pub fn reads(&self, seed: u32) -> bool {
        self.side.is_none_or(|s| s == self.side_of(seed))
    }

    /// The games read, in a few words for a heading: `, held out (one seed in 4)`.
    pub fn heading(&self) -> String {
        match self.side {
            None => String::new(),
            Some(Side::HeldOut) => format!(", held out (one seed in {})", self.one_in),
            Some(Side::Kept) => format!(", kept (all but one seed in {})", self.one_in),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo::player::args::Arg::Opt;

    #[test]
    fn the_sides_part_the_seeds_as_learn_does() {
        let args: Vec<String> = ["--hold-out=5", "--held-out"].map(String::from).to_vec();
        let mut split = Split::new(holdout::DEFAULT);
        let mut read = Reader::new(&args);
        while let Some(Opt(name)) = read.next_arg().unwrap() {
            assert!(split.option(name, &mut read).unwrap());
        }
        assert_eq!(split, Split { one_in: 5, side: Some(Side::HeldOut) });
        let held: Vec<u32> = (1..=200).filter(|&s| split.reads(s)).collect();
        assert!(held.iter().all(|&s| holdout::held_out(s as u64, 5)), "{held:?}");
        assert!((25..55).contains(&held.len()), "{}", held.len());
        let kept = Split { side: Some(Side::Kept), ..split };
        assert!((1..=200).all(|s| kept.reads(s) != split.reads(s)));
        assert!((1..=200).all(|s| Split::new(5).reads(s)), "no side: every game");
        let bad: Vec<String> = ["--hold-out", "x"].map(String::from).to_vec();
        let mut read = Reader::new(&bad);
        assert_eq!(read.next_arg(), Ok(Some(Opt("--hold-out"))));
        assert_eq!(
            split.option("--hold-out", &mut read),
            Err("--hold-out: cannot read 'x'".into())
        );
    }
}
