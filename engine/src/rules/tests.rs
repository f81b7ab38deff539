use super::*;

fn rows(a: [[u8; LORDS]; DAIMYO]) -> [Row; DAIMYO] {
    a.map(Row::from_array)
}

#[test]
fn shares_split_among_ties() {
    let st = [6, 3, 3, 3, 3, 3];
    // Lord 0: two share the top (+36 each), one alone at the bottom (-72).
    // Lords 1..5: all equal, nothing for anyone.
    let real = rows([[2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0; 6]]);
    assert_eq!(score(&st, &real), [36, 36, 0, -72]);
    // Three share the bottom: each loses a third (24 twelfths of 6).
    let real = rows([[1, 0, 0, 0, 0, 0], [0; 6], [0; 6], [0; 6]]);
    assert_eq!(score(&st, &real), [72, -24, -24, -24]);
}

/// The scoring as the rules state it, lord by lord.
fn reference(strengths: &[u8; LORDS], real: &[Row; DAIMYO]) -> [i32; DAIMYO] {
    let mut s = [0i32; DAIMYO];
    for (lord, &m) in strengths.iter().enumerate() {
        let v = real.map(|r| r.get(lord));
        let (hi, lo) = (*v.iter().max().unwrap(), *v.iter().min().unwrap());
        let k_hi = v.iter().filter(|&&x| x == hi).count() as i32;
        let k_lo = v.iter().filter(|&&x| x == lo).count() as i32;
        for d in 0..DAIMYO {
            s[d] += if v[d] == hi { 12 * m as i32 / k_hi } else { 0 };
            s[d] -= if v[d] == lo { 12 * m as i32 / k_lo } else { 0 };
        }
    }
    s
}

#[test]
fn the_packed_scoring_is_the_rules_scoring() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(12);
    for i in 0..200_000 {
        // Small values make ties common; large ones reach the game's maximum.
        let top = if i % 2 == 0 { 4 } else { MAX_INTIMACY as u64 + 1 };
        let real: [Row; DAIMYO] = std::array::from_fn(|_| {
            Row::from_array(std::array::from_fn(|_| (rng.next_u64() % top) as u8))
        });
        let st: [u8; LORDS] = std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8);
        assert_eq!(score(&st, &real), reference(&st, &real), "{real:?}");
    }
}

#[test]
fn winner_and_shares() {
    assert_eq!(winner(&[5, 1, -3, -3]), Some(0));
    assert_eq!(winner(&[5, 5, -5, -5]), None);
    assert_eq!(first_place_shares(&[5, 5, -5, -5]), [6, 6, 0, 0]);
    assert_eq!(first_place_shares(&[0, 0, 0, 0]), [3, 3, 3, 3]);
    assert_eq!(first_place_shares(&[-1, 0, 7, 0]), [0, 0, 12, 0]);
    // A margin is over the best other: the leader's over the second, everyone else's below the
    // leader; a shared lead is no margin.
    assert_eq!(margins(&[-1, 0, 7, 0]), [-8, -7, 7, -7]);
    assert_eq!(margins(&[5, 5, -5, -6]), [0, 0, -10, -11]);
}

#[test]
fn nights_are_hidden_until_turn_five() {
    let mut s = State::new([3, 4, 5, 6, 3, 4]);
    let day = Move::new(&[0, 1, 2, 3, 4]).unwrap();
    let night = Move::new(&[5, 5]).unwrap();
    s.play(&[day; 4]).unwrap();
    s.play(&[night, Move::new(&[0, 1]).unwrap(), night, night]).unwrap();
    assert_eq!(s.real[0].get(5), 4);
    assert_eq!(s.public[0].get(5), 0);
    assert_eq!(s.last_night.to_array(), [1, 1, 0, 0, 0, 6]);
    s.play(&[day; 4]).unwrap();
    s.play(&[night; 4]).unwrap();
    s.play(&[day; 4]).unwrap();
    assert_eq!(s.public, s.real, "turn 5 reveals nights 2 and 4");
    s.play(&[night; 4]).unwrap();
    assert_ne!(s.public, s.real, "night 6 stays hidden");
}

#[test]
fn moves_check_their_input() {
    assert!(Move::new(&[0, 1, 2, 3, 6]).is_none());
    assert!(Move::new(&[0, 1, 2]).is_none());
    let m = Move::new(&[3, 3]).unwrap();
    assert_eq!(m.increment().to_array(), [0, 0, 0, 4, 0, 0]);
    assert_eq!(
        Move::from_counts(Row::from_array([2, 0, 0, 3, 0, 0])).unwrap().lords(),
        [0, 0, 3, 3, 3]
    );
    let mut s = State::new([3; 6]);
    assert!(s.play(&[m; 4]).is_err(), "a night move on a day turn is refused");
}

#[test]
fn columns_put_self_first() {
    assert_eq!(columns(0), [0, 1, 2, 3]);
    assert_eq!(columns(2), [2, 0, 1, 3]);
    assert_eq!(columns(3), [3, 0, 1, 2]);
}

#[test]
fn row_arithmetic() {
    let a = Row::from_array([4, 2, 0, 6, 8, 10]);
    assert_eq!(a.halve().unwrap().to_array(), [2, 1, 0, 3, 4, 5]);
    assert!(Row::from_array([1, 0, 0, 0, 0, 0]).halve().is_none());
    assert_eq!(a.checked_sub(Row::from_array([4, 2, 0, 0, 0, 0])).unwrap().sum(), 24);
    assert!(a.checked_sub(Row::from_array([5, 0, 0, 0, 0, 0])).is_none());
}
