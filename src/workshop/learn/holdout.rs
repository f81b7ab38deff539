//! Which games a fit sees and which judge it: one rule for `learn`, the lab's fits and checks,
//! and the fits of the sparring partners. A game goes by its key: a whole game's seed (so that
//! a seed's four rotations, which share the lords, go together), a logged game's search seed
//! and start. One key in N is held out, chosen by a hash of the key (SplitMix64's finaliser)
//! rather than its value, so that a share of a run of seeds is not a share of its pattern. The
//! same hash cuts the games a player's rules are fitted on in two halves (`half`), each judged
//! by what the other taught.

/// One key in this many is held out by default (`daimyo learn --hold-out`).
pub const DEFAULT: u32 = 4;

/// SplitMix64's finaliser: a key's bits well mixed.
pub fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether the game of `key` is held out, one in `one_in` (0: none).
pub fn held_out(key: u64, one_in: u32) -> bool {
    one_in > 0 && mix(key).is_multiple_of(one_in as u64)
}

/// The half (0 or 1) of a player's games the game of `key` falls in: a hash apart from the
/// held-out one's.
pub fn half(key: u64) -> usize {
    (mix(key ^ 0x5bd1_e995) % 2) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seed_in_n_is_held_out_and_the_halves_cross_it() {
        // Of the records' 2,000 seeds, about a quarter held out and about half in each half,
        // whatever their residues: the even seeds are not the held-out ones.
        let seeds = 5001..7001u64;
        let held: Vec<u64> = seeds.clone().filter(|&s| held_out(s, DEFAULT)).collect();
        assert!((450..550).contains(&held.len()), "{}", held.len());
        let even = held.iter().filter(|&&s| s % 2 == 0).count();
        assert!((200..300).contains(&even), "{even} of {}", held.len());
        let first = seeds.clone().filter(|&s| half(s) == 0).count();
        assert!((950..1050).contains(&first), "{first}");
        let both = held.iter().filter(|&&s| half(s) == 0).count();
        assert!(both * 4 > held.len() && both * 4 < 3 * held.len(), "{both}");
        assert!(seeds.clone().all(|s| !held_out(s, 0)), "0 holds none out");
    }
}
