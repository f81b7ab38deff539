#!/usr/bin/env python3
"""Fits the built-in `tables` (src/workshop/strategies/tables.rs) to orig-tables' recorded moves.

Every orig-tables turn of tests/data/field-games (files daimyo-finalists-7001, field-a-7101,
field-b-7201) is rebuilt as the seat saw it (protocol.md): its own true intimacy, the others'
public intimacy (day picks; nights 2 and 4 from turn 6 on), and per lord the others' picks in the
hidden nights that count for the next scoring. Each legal move scores as a sum over lords of
table values chosen by the lord's state and the picks the move puts on it (`cells`); the tables
are fitted on the even seeds only by a conditional logit over the legal moves (the recorded move
against the other 251 by day, 20 by night), then rounded to hundredths, and the odd seeds are
held out; with --odd the other way round. Writes the tables, in hundredths, to stdout and the
agreement to stderr. The even seeds' tables are the sparring partner's, the odd seeds' the
opponent model's:

    python3 lab/scripts/fit_tables.py > src/workshop/strategies/tables/weights.txt
    python3 lab/scripts/fit_tables.py --odd > engine/src/styles/fitted/tables-odd.txt

With --odd: odd seeds (fitted) 0.807, even seeds (held out) 0.503; by turn 2-9 on the even seeds
0.88 0.70 0.65 0.26 0.49 0.33 0.49 0.24.

What was tried, as the share of orig-tables' turns 2-9 played exactly, even / odd seeds (turn 1,
the fixed opening, agrees everywhere):
- the standing after the move (top/middle/last by the lead or the gap, by strength and turn),
  plus the picks: 0.45 / 0.26 (perceptron), the same with a softmax fit 0.41 / 0.26; scaled by
  strength, or by horizon instead of turn, worse (0.24-0.30 / 0.17-0.26); the own share of the
  lord's intimacy after the move: 0.13 / 0.11, yet 0.50 odd at turn 2;
- the state before the move crossed with the picks (strength, lead over the best, margin over
  the worst, night picks, order by strength, per turn): 0.48 / 0.30; per horizon 0.39 / 0.27;
  with lead x margin 0.53 / 0.34; with lead x nights 0.62 / 0.38; with strength x margin
  0.67 / 0.40; with the standing and gap, strong or not (5-6), and standing x nights
  0.73 / 0.42; adding the after-move standing or the points it would score, worse (0.41-0.34);
- the lead over the second best, crossed with the lead over the best and strong or not:
  0.80 / 0.46 (turn 2 odd from 0.35 to 0.66: at night 2 the program reinforces 2 against
  1, 1, 0 but not 2 against 1, 0, 0, and takes a strong lord at 0 against 1, 0, 0, never
  against 1, 1, 0); the lead over the sum of the others instead 0.78 / 0.42; strong x all
  three leads 0.79 / 0.46; by strength instead of strong 0.81 / 0.45; with nights 0.83 / 0.46;
- clamps of 3, 5 or 6 instead of 4, more epochs, other ridges, a perceptron: 0.45-0.46 odd.
"""
import collections, itertools, json, math, os, random, sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.join(HERE, '..', '..', 'tests', 'data', 'field-games')
FILES = ['daimyo-finalists-7001', 'field-a-7101', 'field-b-7201']
LABEL = 'orig-tables'
KS = 6
# Families of tables: name and cells (per turn 2..9 and picks 0..5).
FAMILIES = [('strength', 4), ('lead', 9), ('margin', 9), ('nights', 4), ('order', 6),
            ('lead_margin', 81), ('lead_nights', 36), ('strength_margin', 36),
            ('standing', 42), ('standing_nights', 12), ('leads', 98)]
CELLS = sum(n for _, n in FAMILIES)
EPOCHS, RATE, RIDGE, SCALE = 10, 0.05, 0.003, 100


def counts(lords):
    r = [0] * 6
    for l in lords:
        r[l] += 1
    return tuple(r)


def positions():
    """(seed, turn, strengths, own, rivals' public per lord, rival nights, recorded move)."""
    out = []
    for f in FILES:
        for line in open(os.path.join(GAMES, f + '.jsonl')):
            g = json.loads(line)
            cmds = g['replay']['commands']
            for s, label in enumerate(g['labels']):
                if label != LABEL:
                    continue
                others = [o for o in range(4) if o != s]
                for t in range(1, 10):
                    pub = [[0] * 6 for _ in others]
                    own, nights = [0] * 6, [0] * 6
                    for u in range(1, t):
                        w = 1 if u % 2 else 2
                        seen = u % 2 == 1 or (u in (2, 4) and t >= 6)
                        hidden = u % 2 == 0 and not seen and (u >= 6 or t <= 5)
                        for i, o in enumerate(others):
                            c = counts(cmds[u - 1][o])
                            for l in range(6):
                                pub[i][l] += w * c[l] if seen else 0
                                nights[l] += c[l] if hidden else 0
                        c = counts(cmds[u - 1][s])
                        for l in range(6):
                            own[l] += w * c[l]
                    rivals = [sorted(pub[i][l] for i in range(3)) for l in range(6)]
                    out.append((g['seed'], t, g['strengths'], own, rivals, nights,
                                counts(cmds[t - 1][s])))
    return out


def by_strength(st):
    return sorted(range(6), key=lambda l: (-st[l], l))


def cells(st, own, r, n, order):
    """The cells (family offset + index) a lord's value at each k is the sum of."""
    clamp = lambda x, a: max(-a, min(a, x))
    m, n = st, min(n, 3)
    lead, margin = clamp(own - r[2], 4), clamp(own - r[0], 4)
    strong = 1 if m >= 5 else 0
    if own >= r[2]:
        standing, d = 0, min(own - r[2], 6)
    else:
        standing = 2 if own <= r[0] else 1
        d = min(min(x for x in r if x > own) - own, 6)
    idx = [m - 3, lead + 4, margin + 4, n, order, (lead + 4) * 9 + margin + 4,
           (lead + 4) * 4 + n, (m - 3) * 9 + margin + 4, (standing * 7 + d) * 2 + strong,
           standing * 4 + n,
           (strong * 7 + clamp(own - r[2], 3) + 3) * 7 + clamp(own - r[1], 3) + 3]
    out, off = [], 0
    for (_, size), i in zip(FAMILIES, idx):
        assert 0 <= i < size
        out.append(off + i)
        off += size
    return out


def moves(picks):
    """Legal moves in the engine's order (moves::legal): sorted lords, lexicographic."""
    return [counts(c) for c in itertools.combinations_with_replacement(range(6), picks)]


DAY, NIGHT = moves(5), moves(2)


def prepare(ps):
    data = []
    for seed, t, st, own, rivals, nights, move in ps:
        if t == 1:
            continue
        rank = {l: i for i, l in enumerate(by_strength(st))}
        w = 2 if t % 2 == 0 else 1
        lords = [[((t - 2) * CELLS + c) * KS for c in cells(st[l], own[l], rivals[l], nights[l], rank[l])]
                 for l in range(6)]
        data.append((t, lords, NIGHT if t % 2 == 0 else DAY, move))
    return data


def values(w, lords):
    return [[sum(w[b + k] for b in bases) for k in range(KS)] for bases in lords]


def fit(data):
    w = [0.0] * (8 * CELLS * KS)
    rnd = random.Random(1)
    d = list(data)
    for _ in range(EPOCHS):
        rnd.shuffle(d)
        for t, lords, legal, move in d:
            v = values(w, lords)
            sc = [sum(v[l][m[l]] for l in range(6)) for m in legal]
            top = max(sc)
            ex = [math.exp(s - top) for s in sc]
            z = sum(ex)
            expect = [[0.0] * KS for _ in range(6)]
            for m, e in zip(legal, ex):
                for l in range(6):
                    expect[l][m[l]] += e / z
            grad = collections.defaultdict(float)
            for l in range(6):
                for k in range(KS):
                    g = (1.0 if move[l] == k else 0.0) - expect[l][k]
                    if g:
                        for b in lords[l]:
                            grad[b + k] += g
            for i, g in grad.items():
                w[i] += RATE * (g - RIDGE * w[i])
    return w


def agreement(w, data):
    by = collections.defaultdict(lambda: [0, 0])
    for t, lords, legal, move in data:
        v = values(w, lords)
        best = None
        for m in legal:
            s = sum(v[l][m[l]] for l in range(6))
            if best is None or s > best[0]:
                best = (s, m)
        by[t][0] += best[1] == move
        by[t][1] += 1
    same = sum(a for a, _ in by.values()) / sum(n for _, n in by.values())
    return same, {t: round(a / n, 2) for t, (a, n) in sorted(by.items())}


def main():
    ps = positions()
    even = prepare([p for p in ps if p[0] % 2 == 0])
    odd = prepare([p for p in ps if p[0] % 2 == 1])
    fitted = odd if sys.argv[1:] == ['--odd'] else even
    if sys.argv[1:] not in ([], ['--odd']):
        sys.exit('usage: fit_tables.py [--odd]')
    w = [int(round(x * SCALE)) for x in fit(fitted)]
    for name, data in (('even', even), ('odd', odd)):
        same, by = agreement(w, data)
        print(f'{name} seeds, turns 2-9: {same:.3f} {by}', file=sys.stderr)
    assert max(abs(x) for x in w) < 2 ** 15
    # By turn 2..9, cell (the families of `cells`, one after the other), picks 0..5.
    for i in range(0, len(w), KS * 4):
        print(' '.join(str(x) for x in w[i:i + KS * 4]))

if __name__ == '__main__':
    main()
