// daimyo's tournament page: draws the run held as JSON in #tournament-data. Every string from
// the data goes into the page as text (textContent, attribute values), never as markup. The
// games are data: the list draws one page of rows at a time, however many games there are.
(function () {
  'use strict';
  const { el, svg, clear, $, points } = dom;
  const data = JSON.parse(document.getElementById('tournament-data').textContent);
  const games = data.games;
  const names = data.entrants;
  // Okabe-Ito, then darker and lighter tones: the measured entrants' lines.
  const COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#8a7a00',
    '#000000', '#6b4c9a', '#999999'];
  const TROUBLE = ['no READY', 'crashed', 'time-outs', 'malformed'];
  const ROWS = 50;
  const pct = (p) => (100 * p).toFixed(1) + '%';
  const signed = (x) => (x >= 0 ? '+' : '') + x.toFixed(2);
  const plural = (n, word) => n + ' ' + word + (n === 1 ? '' : 's');
  const G = { seed: 0, rotation: 1, side: 2, seats: 3, totals: 4, winner: 5, margins: 6, page: 7 };
  const sides = [...new Set(games.map((g) => g[G.side]).filter((s) => s !== null))].sort();

  // ---- the frame -------------------------------------------------------------------------
  const app = $('app');
  document.title = data.title + ' \u00b7 daimyo';
  let about = plural(games.length, 'game');
  if (data.planned > games.length) about += ' of the ' + data.planned + ' planned';
  if (data.cut) about += ' (' + data.cut + ')';
  const section = (id, title, kids) => el('section', { id }, [el('h2', { text: title })].concat(kids));
  const caption = (text) => el('p', { cls: 'caption', text });
  const parts = [['standings', 'Standings'], ['convergence', 'Convergence'],
    data.sprt ? ['test', 'The test'] : null, ['first-half', 'First half'], ['trouble', 'Trouble'],
    ['games', 'Games']].filter(Boolean);
  app.appendChild(el('header', {}, [
    el('h1', { id: 'title', text: data.title }),
    el('p', { cls: 'sub', id: 'about', text: about }),
    el('nav', { 'aria-label': 'sections' }, parts.map(([id, t]) => el('a', { href: '#' + id, text: t, on: {
      click: (e) => { e.preventDefault(); $(id).scrollIntoView(); },
    } }))),
  ]));

  // ---- the tables, as the terminal prints them, each share drawn -------------------------
  const BAR_AFTER = 2;
  function table(t, i) {
    const head = t.cells[0];
    const tr = (cells, cell, bar) => {
      const out = cells.map((c, k) => cell(c, k));
      out.splice(BAR_AFTER + 1, 0, bar);
      return el('tr', {}, out);
    };
    const thead = el('thead', {}, [tr(head, (c, k) => el('th', { scope: 'col', cls: k === 0 ? 'name' : null, text: c }),
      el('th', { cls: 'bar-head', scope: 'col', text: 'share, 95% interval', title: 'the win share and its 95% interval, on a scale of 0 to 100%' }))]);
    const body = el('tbody', {}, t.cells.slice(1).map((row, r) => {
      const [share, low, high] = t.shares[r];
      const band = el('span', { cls: 'band' });
      band.style.left = pct(low);
      band.style.width = (100 * (high - low)).toFixed(2) + '%';
      const dot = el('span', { cls: 'point' });
      dot.style.left = pct(share);
      const even = el('span', { cls: 'even' });
      const ci = el('span', { cls: 'ci', role: 'img', 'aria-label': pct(share) + ', 95% interval ' + pct(low) + ' to ' + pct(high) }, [even, band, dot]);
      const line = tr(row, (c, k) => el(k === 0 ? 'th' : 'td', { scope: k === 0 ? 'row' : null, cls: k === 0 ? 'name' : null, text: c }),
        el('td', { cls: 'bar' }, [ci]));
      if (row[0].startsWith('*')) line.className = 'leader';
      return line;
    }));
    return el('div', { cls: 'table-block' }, [
      t.heading ? el('h3', { text: t.heading }) : null,
      el('div', { cls: 'scroll' }, [el('table', { cls: 'standings', id: 'table-' + i }, [thead, body])]),
    ]);
  }
  app.appendChild(section('standings', 'Standings', [
    caption('The table as the terminal prints it, strongest first; each win share drawn with its 95% interval (the dashed line is an even share, 25%).'),
  ].concat(data.tables.map(table), [
    el('details', {}, [el('summary', { text: 'As printed' }), el('pre', { id: 'printed', text: data.printed })]),
  ])));

  // ---- charts ------------------------------------------------------------------------------
  const W = 640, H = 260, L = 48, R = 16, TOP = 14, B = 34;
  // Round steps for an axis from lo to hi, about `n` of them.
  function ticks(lo, hi, n) {
    const raw = (hi - lo) / n;
    const mag = Math.pow(10, Math.floor(Math.log10(raw || 1)));
    const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) || 10 * mag;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(10)));
    return out;
  }
  function frame(box, xs, ys, xLabel, yText) {
    for (const v of ys.ticks) {
      box.appendChild(svg('line', { cls: 'axis', x1: L, x2: W - R, y1: ys.at(v), y2: ys.at(v) }));
      box.appendChild(svg('text', { x: L - 6, y: ys.at(v) + 4, 'text-anchor': 'end', text: yText(v) }));
    }
    for (const v of xs.ticks) {
      box.appendChild(svg('text', { x: xs.at(v), y: H - B + 16, 'text-anchor': 'middle', text: v }));
    }
    box.appendChild(svg('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle', text: xLabel }));
  }
  function scale(lo, hi, from, to, n) {
    if (hi <= lo) hi = lo + 1;
    return { ticks: ticks(lo, hi, n), at: (v) => from + ((v - lo) * (to - from)) / (hi - lo) };
  }

  // The measured entrants' shares against the games, each with its interval as a band.
  function convergence() {
    const tr = data.trace;
    const box = svg('svg', { id: 'trace', viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'win share against games played' });
    const all = tr.shares.flatMap((p) => p.filter(Boolean));
    const lo = Math.max(0, Math.floor(20 * Math.min(0.25, ...all.map((s) => s[1]))) / 20);
    const hi = Math.min(1, Math.ceil(20 * Math.max(0.25, ...all.map((s) => s[2]))) / 20);
    const last = tr.games.length ? tr.games[tr.games.length - 1] : 1;
    const xs = scale(0, last, L, W - R, 6), ys = scale(lo, hi, H - B, TOP, 5);
    frame(box, xs, ys, 'games played', (v) => Math.round(100 * v) + '%');
    box.appendChild(svg('line', { cls: 'even', x1: L, x2: W - R, y1: ys.at(0.25), y2: ys.at(0.25) }));
    tr.names.forEach((name, i) => {
      const pts = tr.games.map((n, p) => [n, tr.shares[p][i]]).filter((q) => q[1]);
      if (!pts.length) return;
      const colour = COLOURS[i % COLOURS.length];
      const upper = pts.map(([n, s]) => xs.at(n) + ',' + ys.at(s[2]));
      const lower = pts.map(([n, s]) => xs.at(n) + ',' + ys.at(s[1])).reverse();
      const band = svg('polygon', { cls: 'band', points: upper.concat(lower).join(' ') });
      band.style.fill = colour;
      const line = svg('polyline', { cls: 'line', points: pts.map(([n, s]) => xs.at(n) + ',' + ys.at(s[0])).join(' ') });
      line.style.stroke = colour;
      const [n, s] = pts[pts.length - 1];
      line.appendChild(svg('title', { text: name + ': ' + pct(s[0]) + ' [' + pct(s[1]) + '\u2013' + pct(s[2]) + '] after ' + n + ' games' }));
      box.appendChild(band);
      box.appendChild(line);
    });
    const legend = el('ul', { cls: 'legend' }, tr.names.map((name, i) => {
      const sw = el('span', { cls: 'swatch' });
      sw.style.background = COLOURS[i % COLOURS.length];
      return el('li', {}, [sw, el('span', { text: name })]);
    }));
    return [caption('Each measured entrant\u2019s win share after each game played, its 95% interval shaded: the run has converged when the bands have stopped moving and stand apart.'), box, legend];
  }
  app.appendChild(section('convergence', 'Convergence', convergence()));

  // The test's LLR against the seeds, between the two bounds that end it.
  function test() {
    const s = data.sprt;
    const box = svg('svg', { id: 'llr', viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'log-likelihood ratio against seeds' });
    const llrs = s.points.map((p) => p[2]);
    const lo = Math.min(s.low * 1.15, ...llrs), hi = Math.max(s.high * 1.15, ...llrs);
    const last = s.points.length ? s.points[s.points.length - 1][0] : 1;
    const xs = scale(0, last, L, W - R, 6), ys = scale(lo, hi, H - B, TOP, 6);
    frame(box, xs, ys, 'seeds', (v) => v);
    for (const [v, what] of [[s.low, 'A is stronger'], [s.high, 'B is stronger']]) {
      box.appendChild(svg('line', { cls: 'bound', x1: L, x2: W - R, y1: ys.at(v), y2: ys.at(v) }));
      box.appendChild(svg('text', { cls: 'bound-label', x: W - R - 4, y: ys.at(v) + (v < 0 ? 14 : -5), 'text-anchor': 'end', text: what + ' at ' + v.toFixed(2) }));
    }
    box.appendChild(svg('line', { cls: 'zero', x1: L, x2: W - R, y1: ys.at(0), y2: ys.at(0) }));
    box.appendChild(svg('polyline', { cls: 'line llr', points: s.points.map((p) => xs.at(p[0]) + ',' + ys.at(p[2])).join(' ') }));
    const verdict = data.printed.split('\n').find((l) => l.startsWith('verdict: ')) || '';
    return [caption('The sequential test\u2019s log-likelihood ratio, seed by seed: the run ends when it leaves the band between its two bounds.'),
      box, el('p', { id: 'verdict', text: verdict })];
  }
  if (data.sprt) app.appendChild(section('test', 'The test', test()));

  // ---- the first half --------------------------------------------------------------------
  function firstHalf() {
    const head = ['entrant', 'seat-games', 'wins', 'margin at 5 in wins', 'in losses', 'won from behind at 5', 'lost from ahead at 5'];
    const share = (n, of) => n + ' of ' + of + (of ? ' (' + pct(n / of) + ')' : '');
    const link = (text, filter) => el('a', { href: hashOf(filter), text });
    const rows = data.halftime.rows.map((h, e) => el('tr', {}, [
      el('th', { scope: 'row', cls: 'name', text: names[e] }),
      el('td', { text: h.seat_games }),
      el('td', {}, [link(String(h.wins), { entrant: e, outcome: 'first' })]),
      el('td', { text: h.in_wins === null ? '\u2013' : signed(h.in_wins) }),
      el('td', { text: h.in_losses === null ? '\u2013' : signed(h.in_losses) }),
      el('td', {}, [link(share(h.from_behind, h.wins), { entrant: e, outcome: 'first', at5: 'behind' })]),
      el('td', {}, [link(share(h.from_ahead, h.losses), { entrant: e, outcome: 'lost', at5: 'ahead' })]),
    ]));
    return [
      caption('Where the games were decided: each entrant\u2019s margin over the best other at the turn-5 scoring, in the games it finished first (alone or tied) and in the rest, and how often it won from behind there or lost from ahead. Each count opens those games below.'),
      el('div', { cls: 'scroll' }, [el('table', { id: 'halftime' }, [
        el('thead', {}, [el('tr', {}, head.map((h, k) => el('th', { scope: 'col', cls: k === 0 ? 'name' : null, text: h })))]),
        el('tbody', {}, rows),
      ])]),
      el('details', {}, [el('summary', { text: 'As daimyo halftime prints it' }), el('pre', { id: 'halftime-printed', text: data.halftime.printed })]),
    ];
  }

  // ---- trouble: seats that never said READY, crashed, timed out or answered malformed -----
  const LINKS = 100;
  function gameName(i) {
    const g = games[i];
    return 'seed ' + g[G.seed] + ' rot ' + g[G.rotation] + (g[G.side] === null ? '' : ' ' + g[G.side]);
  }
  function gameLink(i) {
    const g = games[i];
    return g[G.page] ? el('a', { href: g[G.page], text: gameName(i) }) : el('span', { text: gameName(i) });
  }
  function trouble() {
    if (!data.trouble.length) {
      return [el('p', { id: 'no-trouble', text: 'No seat failed to say READY, crashed, timed out or answered malformed.' })];
    }
    const by = new Map();
    for (const [i, seat, kind, n] of data.trouble) {
      const e = games[i][G.seats][seat];
      if (!by.has(e)) by.set(e, { counts: [0, 0, 0, 0], games: [] });
      const t = by.get(e);
      t.counts[kind] += kind < 2 ? 1 : n;
      if (t.games[t.games.length - 1] !== i) t.games.push(i);
    }
    const rows = [...by.keys()].sort((a, b) => a - b).map((e) => {
      const t = by.get(e);
      const list = el('span', { cls: 'game-list' });
      t.games.slice(0, LINKS).forEach((i, k) => {
        if (k) list.appendChild(document.createTextNode(', '));
        list.appendChild(gameLink(i));
      });
      if (t.games.length > LINKS) list.appendChild(el('a', { href: hashOf({ entrant: e, trouble: true }), text: ' and ' + (t.games.length - LINKS) + ' more' }));
      const name = el('a', { href: hashOf({ entrant: e, trouble: true }), text: names[e], title: 'its games with trouble' });
      return el('tr', { 'data-entrant': e }, [el('th', { scope: 'row', cls: 'name' }, [name])].concat(
        t.counts.map((c) => el('td', { text: c })), [el('td', { cls: 'games-cell' }, [list])]));
    });
    return [
      caption('Counted as the table counts them: seat-games without READY or ended by a crash, answers too late, answers malformed; each entrant opens its games with trouble in the list below, each game its own page.'),
      el('div', { cls: 'scroll' }, [el('table', { id: 'trouble-table' }, [
        el('thead', {}, [el('tr', {}, [el('th', { cls: 'name', text: 'entrant' })].concat(TROUBLE.map((h) => el('th', { text: h })), [el('th', { cls: 'games-cell', text: 'games' })]))]),
        el('tbody', {}, rows),
      ])]),
    ];
  }

  // ---- the games ---------------------------------------------------------------------------
  const state = { entrant: -1, outcome: 'any', at5: 'any', side: 'any', trouble: false, sort: 'game', desc: false, page: 1 };
  // What each seat that misbehaved did, by game and seat: `late`, `malformed x2`, `gone at 4`.
  const troubled = new Map();
  for (const [i, seat, kind, n] of data.trouble) {
    const what = ['no READY', 'gone at ' + n, 'late', 'malformed' + (n > 1 ? ' \u00d7' + n : '')][kind];
    const key = i * 4 + seat;
    troubled.set(key, (troubled.has(key) ? troubled.get(key) + ', ' : '') + what);
  }
  function hashOf(f) {
    const s = Object.assign({ entrant: -1, outcome: 'any', at5: 'any', side: 'any', trouble: false, sort: 'game', desc: false, page: 1 }, f);
    const out = [];
    if (s.entrant >= 0) out.push('entrant=' + s.entrant);
    for (const k of ['outcome', 'at5', 'side']) if (s[k] !== 'any') out.push(k + '=' + encodeURIComponent(s[k]));
    if (s.trouble) out.push('trouble=1');
    if (s.sort !== 'game' || s.desc) out.push('sort=' + s.sort + (s.desc ? '-' : '+'));
    if (s.page > 1) out.push('page=' + s.page);
    return '#games' + (out.length ? '?' + out.join('&') : '');
  }
  function fromHash() {
    const m = /^#games(?:\?(.*))?$/.exec(location.hash);
    if (!m) return false;
    const q = new Map((m[1] || '').split('&').filter(Boolean).map((p) => p.split('=').map(decodeURIComponent)));
    const pick = (k, allowed) => (allowed.includes(q.get(k)) ? q.get(k) : 'any');
    const e = Number(q.get('entrant'));
    state.entrant = Number.isInteger(e) && e >= 0 && e < names.length ? e : -1;
    state.outcome = pick('outcome', ['first', 'won', 'drew', 'lost']);
    state.at5 = pick('at5', ['ahead', 'level', 'behind']);
    state.side = pick('side', sides);
    state.trouble = q.get('trouble') === '1';
    const sort = /^(game|seed|points|margin5)([+-])$/.exec(q.get('sort') || '');
    [state.sort, state.desc] = sort ? [sort[1], sort[2] === '-'] : ['game', false];
    state.page = Math.max(1, Number(q.get('page')) || 1);
    return true;
  }

  // How a seat ended: won alone, drew (a shared first place) or lost.
  function result(g, s) {
    if (g[G.winner] === s) return 'won';
    const top = Math.max(...g[G.totals]);
    return g[G.winner] === null && g[G.totals][s] === top ? 'drew' : 'lost';
  }
  function fits(g, i, s) {
    if (state.entrant >= 0 && g[G.seats][s] !== state.entrant) return false;
    const r = result(g, s), m = g[G.margins][s];
    if (state.outcome === 'first' ? r === 'lost' : state.outcome !== 'any' && r !== state.outcome) return false;
    if (state.at5 === 'ahead' ? m <= 0 : state.at5 === 'level' ? m !== 0 : state.at5 === 'behind' ? m >= 0 : false) return false;
    return !state.trouble || troubled.has(i * 4 + s);
  }
  // The seat a row is about: the first that fits the filters (the chosen entrant's), or with
  // none the winner's (the first of those tied first, in a draw).
  function focus(g, i) {
    if (state.entrant < 0 && state.outcome === 'any' && state.at5 === 'any' && !state.trouble) {
      return g[G.winner] !== null ? g[G.winner] : g[G.totals].indexOf(Math.max(...g[G.totals]));
    }
    for (let s = 0; s < 4; s++) if (fits(g, i, s)) return s;
    return -1;
  }
  // The seat first at the turn-5 scoring (the first of those level there).
  const leader = (g) => g[G.margins].findIndex((m) => m >= 0);
  const keyOf = {
    game: (i) => i,
    seed: (i) => games[i][G.seed] * 8 + games[i][G.rotation] * 2 + (games[i][G.side] === 'B' ? 1 : 0),
    points: (i, s) => games[i][G.totals][s],
    margin5: (i, s) => games[i][G.margins][s],
  };
  let shown = [];
  function select() {
    const rows = [];
    for (let i = 0; i < games.length; i++) {
      const g = games[i];
      if (state.side !== 'any' && g[G.side] !== state.side) continue;
      const s = focus(g, i);
      if (s >= 0) rows.push([i, s]);
    }
    const key = keyOf[state.sort];
    rows.sort((a, b) => (key(a[0], a[1]) - key(b[0], b[1])) * (state.desc ? -1 : 1) || a[0] - b[0]);
    shown = rows;
  }

  const controls = {};
  function choice(id, label, options) {
    const box = el('select', { id, on: { change: () => { state[id] = box.value; state.page = 1; update(); } } },
      options.map(([v, t]) => el('option', { value: v, text: t })));
    controls[id] = box;
    return el('label', {}, [el('span', { text: label }), box]);
  }
  const entrantBox = el('select', { id: 'entrant', on: { change: () => { state.entrant = Number(entrantBox.value); state.page = 1; update(); } } },
    [el('option', { value: -1, text: 'any' })].concat(names.map((n, e) => el('option', { value: e, text: n }))));
  const troubleBox = el('input', { type: 'checkbox', id: 'trouble-only', on: { change: () => { state.trouble = troubleBox.checked; state.page = 1; update(); } } });
  const filters = el('div', { cls: 'filters' }, [
    el('label', {}, [el('span', { text: 'entrant' }), entrantBox]),
    choice('outcome', 'its result', [['any', 'any'], ['first', 'first (won or drew)'], ['won', 'won'], ['drew', 'drew'], ['lost', 'lost']]),
    choice('at5', 'at the turn-5 scoring', [['any', 'any'], ['ahead', 'ahead'], ['level', 'level'], ['behind', 'behind']]),
    sides.length ? choice('side', 'side', [['any', 'any']].concat(sides.map((s) => [s, s]))) : null,
    el('label', {}, [troubleBox, el('span', { text: 'trouble only' })]),
    el('button', { type: 'button', id: 'reset', text: 'all games', on: { click: () => go({}) } }),
  ]);
  const pager = (where) => el('div', { cls: 'pager', 'data-where': where }, [
    el('button', { type: 'button', cls: 'prev', text: '\u2039 previous', on: { click: () => { state.page--; update(); } } }),
    el('span', { cls: 'page-label' }),
    el('button', { type: 'button', cls: 'next', text: 'next \u203a', on: { click: () => { state.page++; update(); } } }),
  ]);
  const sortable = { '#': 'game', seed: 'seed', points: 'points', 'at turn 5': 'margin5' };
  const headRow = el('tr');
  const listTable = el('table', { id: 'game-list' }, [el('thead', {}, [headRow]), el('tbody')]);
  function heads() {
    clear(headRow);
    const cols = ['#', 'seed', sides.length ? 'side' : null, 'seats (rotation)', 'winner', 'points', 'at turn 5', 'page'].filter(Boolean);
    for (const c of cols) {
      const key = sortable[c];
      if (!key) { headRow.appendChild(el('th', { scope: 'col', text: c })); continue; }
      const on = state.sort === key;
      const label = c + (on ? (state.desc ? ' \u25be' : ' \u25b4') : '');
      headRow.appendChild(el('th', { scope: 'col', 'aria-sort': on ? (state.desc ? 'descending' : 'ascending') : null }, [
        el('button', { type: 'button', cls: 'sort', 'data-sort': key, text: label, on: { click: () => {
          state.desc = on ? !state.desc : key === 'points' || key === 'margin5';
          state.sort = key; state.page = 1; update();
        } } }),
      ]));
    }
  }
  function row([i, s]) {
    const g = games[i];
    const seats = el('td', { cls: 'seats' }, g[G.seats].map((e, k) => el('span', {
      cls: 'seat' + (k === s ? ' focus' : '') + (result(g, k) !== 'lost' ? ' first' : ''),
      title: 'seat ' + k + ': ' + names[e] + ', ' + points(g[G.totals][k]) + ', at turn 5 ' + points(g[G.margins][k]),
    }, [
      el('span', { cls: 'seat-no', text: k }), el('span', { cls: 'seat-name', text: names[e] }),
      troubled.has(i * 4 + k) ? el('span', { cls: 'seat-trouble', text: troubled.get(i * 4 + k) }) : null,
    ])));
    seats.appendChild(el('span', { cls: 'rot', text: 'rotation ' + g[G.rotation] }));
    const w = g[G.winner];
    const top = Math.max(...g[G.totals]);
    const winner = w === null
      ? 'draw: ' + g[G.seats].filter((_, k) => g[G.totals][k] === top).map((e) => names[e]).join(', ')
      : names[g[G.seats][w]];
    const m = g[G.margins][s];
    const at5 = points(m) + (m > 0 ? ' ahead' : m === 0 ? ' level' : ' behind ' + names[g[G.seats][leader(g)]]);
    return el('tr', { 'data-game': i, 'data-seat': s }, [
      el('td', { cls: 'num', text: i + 1 }),
      el('td', { cls: 'seed', text: g[G.seed] }),
      sides.length ? el('td', { cls: 'side', text: g[G.side] || '' }) : null,
      seats,
      el('td', { cls: 'winner', text: winner }),
      el('td', { cls: 'points', text: points(g[G.totals][s]) + ' (' + result(g, s) + ')' }),
      el('td', { cls: 'at5', text: at5 }),
      el('td', { cls: 'page' }, [g[G.page] ? el('a', { href: g[G.page], text: 'open' }) : el('span', { cls: 'none', text: '\u2013' })]),
    ]);
  }
  function update() {
    select();
    const pages = Math.max(1, Math.ceil(shown.length / ROWS));
    state.page = Math.min(Math.max(1, state.page), pages);
    const first = (state.page - 1) * ROWS;
    const body = clear(listTable.tBodies[0]);
    for (const r of shown.slice(first, first + ROWS)) body.appendChild(row(r));
    heads();
    entrantBox.value = String(state.entrant);
    for (const [k, box] of Object.entries(controls)) box.value = state[k];
    troubleBox.checked = state.trouble;
    const noEntrant = state.entrant < 0;
    $('count').textContent = shown.length + ' of ' + plural(games.length, 'game') +
      (noEntrant ? (state.outcome !== 'any' || state.at5 !== 'any' ? ' (a seat matching)' : '') : '');
    for (const p of document.querySelectorAll('.pager')) {
      p.querySelector('.page-label').textContent = shown.length
        ? 'rows ' + (first + 1) + '\u2013' + Math.min(first + ROWS, shown.length) + ' \u00b7 page ' + state.page + ' of ' + pages
        : 'no game fits';
      p.querySelector('.prev').disabled = state.page <= 1;
      p.querySelector('.next').disabled = state.page >= pages;
    }
    const hash = hashOf(state);
    if (location.hash !== hash && (location.hash.startsWith('#games') || hash !== '#games')) {
      try { history.replaceState(null, '', hash); } catch (e) { /* a file: URL may refuse */ }
    }
  }
  function go(f) {
    Object.assign(state, { entrant: -1, outcome: 'any', at5: 'any', side: 'any', trouble: false, sort: 'game', desc: false, page: 1 }, f);
    update();
  }

  app.appendChild(section('first-half', 'First half', firstHalf()));
  app.appendChild(section('trouble', 'Trouble', trouble()));
  app.appendChild(section('games', 'Games', [
    caption('Every game; choose an entrant to see its seat in each (its points, its margin over the best other at the turn-5 scoring), and sort by a column. The links open each game\u2019s own page where one was written beside this one.'),
    filters,
    el('p', { id: 'count', cls: 'count' }),
    pager('top'),
    el('div', { cls: 'scroll' }, [listTable]),
    pager('bottom'),
  ]));
  app.appendChild(el('footer', {}, [el('p', { cls: 'note', text: 'Made by daimyo from the run\u2019s games; it fetches nothing and opens from disk.' })]));

  window.addEventListener('hashchange', () => {
    if (fromHash()) { update(); $('games').scrollIntoView(); }
  });
  const linked = fromHash();
  update();
  if (linked) $('games').scrollIntoView();
  document.body.dataset.ready = performance.now().toFixed(1);
})();
