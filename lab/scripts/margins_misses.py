#!/usr/bin/env python3
"""How orig-margins misses the sparring partner `margins`' rule, on the records' odd seeds (which
the partner's constants, fitted on the even seeds, never saw).

Rebuilds every orig-margins turn of tests/data/field-games (daimyo-finalists-7001, field-a-7101,
field-b-7201) as the seat saw it, plays the rule with the partner's constants (a copy of
`styles::fitted::margins` with `SETTINGS` of src/workshop/strategies/margins.rs) and prints per
turn 2-9: the share of orig-margins' moves that are the rule's; where they are not, how many
picks it moved (1 to 5); and the nats of its move under 200 plans with the turn's constants
jittered (a fifth of the probability spread uniformly) against uniform picks.

    python3 lab/scripts/margins_misses.py

Printed when written: hit shares 0.46 0.11 0.17 0.26 0.24 0.12 0.26 0.17; jittered plans 3.33
to 3.88 nats a night move (uniform 3.04); by day 5.10, 4.97, 5.53, 5.63 at turns 3, 5, 7, 9
(uniform 5.53).
"""
import json, math, os, random
from collections import Counter

DATA=os.path.join(os.path.dirname(__file__),'..','..','tests','data','field-games')
FILES=[os.path.join(DATA,f+'.jsonl') for f in ('daimyo-finalists-7001','field-a-7101','field-b-7201')]
def positions(lab='orig-margins', files=FILES):
    out=[]
    for f in files:
        for line in open(f):
            g=json.loads(line)
            if 'run' in g: continue
            labels=g.get('labels') or g.get('seats'); st=g['strengths']; cmds=g['replay']['commands']
            for s,lb in enumerate(labels):
                if lb!=lab: continue
                for T in range(2,10):
                    own=[0]*6; pub=[[0]*6 for _ in range(4)]; nights=[0]*6
                    for t in range(1,T):
                        for q in range(4):
                            for l in cmds[t-1][q]:
                                if t%2==1:
                                    pub[q][l]+=1
                                    if q==s: own[l]+=1
                                else:
                                    if q==s: own[l]+=2
                                    if t in (2,4) and T>=6: pub[q][l]+=2
                                    elif q!=s: nights[l]+=1
                    others=[pub[q] for q in range(4) if q!=s]
                    out.append(dict(seed=g['seed'],T=T,st=st,own=own,others=others,nights=nights,
                                    move=tuple(sorted(cmds[T-1][s]))))
    return out
def above(t): return t//10+1
def by_strength(st): return sorted(range(6),key=lambda l:(-st[l],l))
RANKS=['Waste','CheapThenWaste','Cheap','DearThenWaste','LessWaste']
def choose(p, setting, budget_override=None):
    tn,tm,ln,lm,nb,tw,rank,ties,sf,spare=setting
    day=p['T']%2==1
    left,worth=(5,1) if day else (2,2)
    budget=5 if day else nb
    if budget_override is not None: budget=budget_override
    own=p['own']; st=p['st']; nights=p['nights']
    needs=[]
    for l in range(6):
        o=[p['others'][k][l] for k in range(3)]
        top=above(10*max(o)+tn*nights[l]+tm); off=above(10*min(o)+ln*nights[l]+lm)
        needs.append((top,min(off,top)))
    waste=[sum(p['others'][k][l] for k in range(3)) for l in range(6)]
    parts=[[(0,0,waste[l]),(max(0,needs[l][1]-own[l]),2*st[l],0),(max(0,needs[l][0]-own[l]),tw*st[l],0)] for l in range(6)]
    best=None; bk=None
    for code in range(729):
        roles=[code//3**(5-l)%3 for l in range(6)]
        cost=held=wasted=0
        for l in range(6):
            c,h,w=parts[l][roles[l]]; cost+=c; held+=h; wasted+=w
        if cost>budget: continue
        key={'Waste':(held,wasted,-cost),'CheapThenWaste':(held,-cost,wasted),'Cheap':(held,-cost,0),
             'DearThenWaste':(held,cost,wasted),'LessWaste':(held,-wasted,-cost)}[rank]
        if best is None or key>bk: best,bk=roles,key
        elif key==bk:
            if ties=='Last': best=roles
            elif ties=='All': best=[max(a,b) for a,b in zip(best,roles)]
    roles=best or [0]*6
    def target(l): return needs[l][0] if roles[l]==2 else needs[l][1] if roles[l]==1 else None
    order=by_strength(st)
    fill=list(order)
    short=lambda l:(max(0,target(l)-own[l]) if target(l) is not None else 0)
    if sf is True or sf=='short':
        fill.sort(key=lambda l:(-short(l),-st[l],l))
    elif sf=='small':
        fill.sort(key=lambda l:(short(l) if short(l)>0 else 99,-st[l],l))
    elif sf=='weak':
        fill.sort(key=lambda l:(st[l],l))
    counts=[0]*6; cur=list(own)
    for l in fill:
        t=target(l)
        if t is None: continue
        while left>0 and cur[l]<t:
            counts[l]+=1; cur[l]+=worth; left-=1
    keep=[l for l in order if (roles[l]!=0 if spare=='Plan' else roles[l]==2)]
    if not keep: keep=order
    i=0
    while left>0:
        counts[keep[i%len(keep)]]+=1; left-=1; i+=1
    return tuple(sorted(l for l in range(6) for _ in range(counts[l])))
SETTINGS=[(10,10,20,20,2,4,'LessWaste','All',False,'Plan'),(14,5,14,5,4,6,'Waste','First',False,'Plan'),
 (10,10,20,5,2,3,'CheapThenWaste','First',False,'Plan'),(14,5,14,5,4,6,'LessWaste','First',False,'Plan'),
 (14,3,17,20,4,6,'Cheap','Last',True,'Plan'),(12,5,10,10,4,6,'LessWaste','First',False,'Topped'),
 (14,3,17,20,4,6,'DearThenWaste','Last',True,'Plan'),(12,5,10,10,4,6,'Waste','First',False,'Topped')]


def jitter(s, rng):
    s = list(s)
    s[0] = max(0, s[0] + rng.randint(-6, 6)); s[1] += rng.randint(-6, 6)
    s[2] = max(0, s[2] + rng.randint(-6, 6)); s[3] += rng.randint(-6, 6)
    s[5] = max(1, s[5] + rng.randint(-2, 2))
    if rng.random() < 1 / 3: s[6] = rng.choice(RANKS)
    if rng.random() < 1 / 3: s[7] = rng.choice(['First', 'Last', 'All'])
    if rng.random() < 1 / 3: s[9] = rng.choice(['Plan', 'Topped'])
    return tuple(s)

def counts(move):
    c = [0] * 6
    for l in move: c[l] += 1
    return c

if __name__ == '__main__':
    rng = random.Random(2)
    P = positions()
    print('turn positions hit  moved 1-5 where missed  nats jittered / uniform')
    for T in range(2, 10):
        ps = [p for p in P if p['T'] == T and p['seed'] % 2 == 1]
        legal = 252 if T % 2 else 21
        moved, nats = Counter(), []
        for p in ps:
            rule = choose(p, SETTINGS[T - 2])
            d = sum(abs(a - b) for a, b in zip(counts(rule), counts(p['move']))) // 2
            moved[d] += 1
            if d:
                c = Counter(choose(p, jitter(SETTINGS[T - 2], rng)) for _ in range(200))
                nats.append(-math.log(0.8 * c[p['move']] / 200 + 0.2 / legal))
        print(f'{T:4} {len(ps):9} {moved[0] / len(ps):.2f} ' +
              ' '.join(f'{moved[k]:3}' for k in range(1, 6)) +
              f'  {sum(nats) / len(nats):.2f} / {math.log(legal):.2f}')
