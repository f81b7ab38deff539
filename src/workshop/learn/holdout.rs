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

/// The `k` games of a player's that `learn --take LABEL=K` fits, of its games whose keys are
/// `keys` (in their order): the first `k` by a hash of the key apart from the held-out one's, so
/// that a seed's rotations go together and the games taken for a smaller `k` are among those
/// taken for a larger; a key's games in their order. The indices taken, in order.
pub fn taken(keys: &[u64], k: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|&i| (mix(keys[i] ^ 0x2545_f491_4f6c_dd1d), keys[i], i));
    order.truncate(k);
    order.sort_unstable();
    order
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

    #[test]
    fn games_are_taken_by_whole_seeds_and_a_smaller_k_inside_a_larger() {
        // 60 seeds in 4 rotations each, as a file lists them, seed by seed.
        let keys: Vec<u64> = (7001..7061u64).flat_map(|s| [s; 4]).collect();
        let (few, more) = (taken(&keys, 25), taken(&keys, 100));
        assert_eq!((few.len(), more.len()), (25, 100));
        assert!(few.iter().all(|i| more.contains(i)), "{few:?} not in {more:?}");
        assert_eq!(taken(&keys, 1000).len(), keys.len());
        assert!(taken(&keys, 0).is_empty());
        // Whole seeds: 25 games are six seeds' four rotations and the first of a seventh.
        let seeds = |t: &[usize]| {
            let mut s: Vec<u64> = t.iter().map(|&i| keys[i]).collect();
            s.dedup();
            s
        };
        assert_eq!(seeds(&few).len(), 7, "{few:?}");
        let whole = seeds(&few)
            .iter()
            .filter(|&&s| few.iter().filter(|&&i| keys[i] == s).count() == 4)
            .count();
        assert_eq!(whole, 6);
        // Not the first seeds of the run: a hash, not the order of the file.
        assert_ne!(seeds(&few), (7001..7008).collect::<Vec<u64>>());
    }
}
