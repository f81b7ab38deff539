// daimyo's game viewer: draws the game held as JSON in #game-data. Every string from the data
// goes into the page as text (textContent, attribute values), never as markup.
(function () {
  'use strict';
  const { el, svg, clear, $, points } = dom;
  const data = JSON.parse(document.getElementById('game-data').textContent);
  const T = data.turns.length;
  const isLog = data.source === 'log';
  // Paul Tol's muted scheme, then greys: the styles of the opponent model.
  const STYLE_COLOURS = ['#332288', '#88ccee', '#44aa99', '#117733', '#999933', '#ddcc77',
    '#cc6677', '#882255', '#aa4499', '#dddddd', '#bbbbbb', '#777777'];
  const DASHES = ['', '7 3', '2 3', '9 3 2 3'];
  let current = 0;

  const pct = (p) => (100 * p).toFixed(1) + '%';
  const signed = (x) => (x >= 0 ? '+' : '') + x.toFixed(2);
  const prob = (p) => (p >= 0.001 ? p.toFixed(4) : p.toExponential(2));

  // ---- the frame, built once -------------------------------------------------------------
  const app = $('app');
  document.title = data.title + ' · daimyo';
  const seatList = el('ul', { id: 'seats' });
  data.seats.forEach((s, i) => {
    seatList.appendChild(el('li', { cls: 's' + i, 'data-seat': i }, [
      el('span', { cls: 'swatch', 'aria-hidden': 'true' }),
      el('span', { cls: 'seat-name', text: s.name }),
      s.bot ? el('span', { cls: 'badge', text: isLog ? 'its log' : 'the bot' }) : null,
    ]));
  });
  const source = isLog
    ? 'One player\u2019s log: what it saw, what it answered and what its search thought.'
    : 'A whole game as the referee knows it: every move, the hidden nights marked.';
  app.appendChild(el('header', {}, [
    el('h1', { id: 'title', text: data.title }),
    el('p', { cls: 'sub', id: 'source', text: source }),
    seatList,
  ]));

  const button = (id, label, text, to) =>
    el('button', { id, type: 'button', 'aria-label': label, title: label, text, on: { click: () => go(to()) } });
  const slider = el('input', {
    id: 'slider', type: 'range', min: 1, max: T, step: 1, value: 1, 'aria-label': 'turn',
    on: { input: () => go(Number(slider.value)) },
  });
  app.appendChild(el('nav', {}, [
    button('first', 'first turn (Home)', '\u00ab', () => 1),
    button('prev', 'previous turn (left arrow)', '\u2039', () => current - 1),
    slider,
    button('next', 'next turn (right arrow)', '\u203a', () => current + 1),
    button('last', 'last turn (End)', '\u00bb', () => T),
    el('span', { id: 'turn-label' }),
    el('span', { id: 'turn-note' }),
    el('span', { cls: 'keys', text: 'keys: \u2190 \u2192 Home End' }),
  ]));

  const section = (id, title, kids) => el('section', { id }, [el('h2', { text: title })].concat(kids));
  const grid = el('div', { cls: 'grid' }, [
    section('board-section', 'Board', [
      el('p', { cls: 'caption', text: 'Intimacy with each lord, ' + data.board_when +
        '. 3+2: 3 seen by all and 2 more from hidden nights (+? where that part is unknown).' }),
      el('div', { cls: 'scroll' }, [el('table', { id: 'board' })]),
    ]),
    section('scores-section', 'Scores', [
      el('div', { cls: 'scroll' }, [el('table', { id: 'standings' })]),
      el('p', { id: 'result' }),
      el('p', { id: 'mismatch' }),
    ]),
    section('chart-section', 'Points if scored after each turn', [
      el('p', { cls: 'caption', text: 'One scoring on the intimacies so far; the game is scored at turns 5 and 9 (dashed), and the two add up.' }),
      svg('svg', { id: 'chart', viewBox: '0 0 640 260', role: 'img', 'aria-label': 'points by turn' }),
    ]),
    section('moves-section', 'Moves, turn by turn', [
      el('p', { cls: 'caption', text: isLog
        ? 'Its answers, and the others\u2019 day moves as the next turn showed them.'
        : 'The lords each seat named; a night\u2019s moves are hidden from the other seats.' }),
      el('div', { cls: 'scroll' }, [el('table', { id: 'moves' })]),
    ]),
  ]);
  if (isLog) grid.insertBefore(section('thinking', 'What the bot thought', [
    el('p', { id: 'search' }),
    el('div', { id: 'confidence', 'aria-label': 'best win rate by turn' }),
    el('div', { cls: 'scroll' }, [el('table', { id: 'candidates' })]),
    el('p', { id: 'reveal' }),
    el('div', { cls: 'scroll' }, [el('table', { id: 'guesses' })]),
    el('h2', { text: 'How it read the others: style weights, turn by turn' }),
    el('div', { id: 'styles' }),
    el('ul', { id: 'style-legend' }),
  ]), grid.lastChild);
  app.appendChild(grid);
  app.appendChild(el('footer', { id: 'notes' }, data.notes.map((n) => el('p', { cls: 'note', text: n }))));

  // ---- the board -------------------------------------------------------------------------
  let scale = 1;
  for (const t of data.turns)
    for (let s = 0; s < 4; s++)
      for (let l = 0; l < 6; l++) scale = Math.max(scale, t.public[s][l] + (t.hidden[s][l] || 0));

  function board(t) {
    const table = clear($('board'));
    const lords = data.strengths.map((_, l) => el('th', { scope: 'col', text: l }));
    table.appendChild(el('thead', {}, [
      el('tr', {}, [el('th', { cls: 'name', text: 'lord' })].concat(lords, [el('th', { cls: 'move-head', text: 'move' })])),
      el('tr', { id: 'strengths' }, [el('th', { cls: 'name', text: 'strength' })].concat(
        data.strengths.map((m) => el('td', { text: m })), [el('td')])),
    ]));
    const body = el('tbody');
    data.seats.forEach((seat, s) => {
      const cells = [el('th', { cls: 'name', scope: 'row', text: seat.name })];
      for (let l = 0; l < 6; l++) {
        const pub = t.public[s][l];
        const hid = t.hidden[s][l];
        const val = el('span', { cls: 'val' }, [el('span', { cls: 'num', text: pub })]);
        if (hid !== 0) {
          val.appendChild(el('span', {
            cls: 'hidden', text: hid === null ? '+?' : '+' + hid,
            title: hid === null ? 'hidden nights may have added to this' : 'added by hidden nights',
          }));
        }
        const bar = el('span', { cls: 'bar', 'aria-hidden': 'true' });
        const pubBar = el('span', { cls: 'pub' });
        pubBar.style.width = (100 * pub / scale) + '%';
        bar.appendChild(pubBar);
        if (hid) {
          const hidBar = el('span', { cls: 'hid' });
          hidBar.style.width = (100 * hid / scale) + '%';
          bar.appendChild(hidBar);
        }
        cells.push(el('td', { cls: 'cell', 'data-seat': s, 'data-lord': l }, [val, bar]));
      }
      const mv = t.moves[s];
      const move = el('td', { cls: 'move' + (t.secret && mv !== null ? ' secret' : '') }, [
        el('span', { cls: 'move-text', text: mv === null ? '?' : mv }),
      ]);
      if (mv === null) move.title = isLog ? 'not seen by this player' : 'unknown';
      else if (t.secret) {
        move.title = 'the others do not see this move: ' + t.secret;
        move.appendChild(el('span', { cls: 'tag', text: 'hidden' }));
      }
      cells.push(move);
      body.appendChild(el('tr', { cls: 's' + s + (seat.bot ? ' bot' : ''), 'data-seat': s }, cells));
    });
    for (const n of t.nights) {
      const counts = n.counts === null
        ? [el('td', { colspan: 6, text: 'unknown' })]
        : n.counts.map((c) => el('td', { text: c }));
      body.appendChild(el('tr', { cls: 'night' }, [el('th', { cls: 'name', scope: 'row', text: n.label })].concat(counts, [el('td')])));
    }
    table.appendChild(body);
  }

  function movesTable(t) {
    const table = clear($('moves'));
    table.appendChild(el('thead', {}, [el('tr', {}, [el('th', { text: 'turn' })].concat(
      data.seats.map((seat, s) => el('th', { cls: 'seat-head s' + s, scope: 'col', text: seat.name }))))]));
    table.appendChild(el('tbody', {}, data.turns.map((d) => el('tr', {
      cls: d === t ? 'on' : null, 'data-turn': d.turn, on: { click: () => go(data.turns.indexOf(d) + 1) },
    }, [el('th', { text: d.turn + (d.day ? ' day' : ' night') })].concat(d.moves.map((m) =>
      el('td', { cls: 'move' + (d.secret && m !== null ? ' secret' : ''), text: m === null ? '?' : m })))))));
  }

  // ---- the scores ------------------------------------------------------------------------
  function standings(t) {
    const last = data.end && t.turn === data.turns[T - 1].turn;
    const table = clear($('standings'));
    table.appendChild(el('thead', {}, [el('tr', {}, [
      el('th', { cls: 'name', text: '' }), el('th', { text: 'if scored now' }),
      el('th', { text: 'turn 5' }), el('th', { text: 'turn 9' }), el('th', { text: 'total' }),
    ])]));
    const best = Math.max.apply(null, t.now);
    const body = el('tbody');
    data.seats.forEach((seat, s) => {
      const cell = (x, cls) => el('td', { cls, text: x === null ? '\u2013' : points(x) });
      body.appendChild(el('tr', { cls: 's' + s + (seat.bot ? ' bot' : ''), 'data-seat': s }, [
        el('th', { cls: 'name', scope: 'row', text: seat.name }),
        cell(t.now[s], 'now' + (t.now[s] === best ? ' leader' : '')),
        cell(t.score5 ? t.score5[s] : null, 'score5'),
        cell(last ? data.end.score9[s] : null, 'score9'),
        cell(last ? data.end.totals[s] : null, 'total'),
      ]));
    });
    table.appendChild(body);
    const result = $('result');
    const mismatch = $('mismatch');
    mismatch.textContent = '';
    result.removeAttribute('data-winner');
    if (!data.end) {
      result.className = 'pending';
      result.textContent = 'A player never sees the end of its game.';
    } else if (!last) {
      result.className = 'pending';
      result.textContent = 'The final scores and the winner: at turn ' + data.turns[T - 1].turn + '.';
    } else {
      result.className = '';
      const totals = data.end.totals;
      const top = points(Math.max.apply(null, totals));
      if (data.end.winner !== null) {
        result.dataset.winner = data.end.winner;
        result.textContent = 'Winner: ' + data.seats[data.end.winner].name + ' (' + top + ')';
      } else {
        const tied = data.seats.filter((_, s) => points(totals[s]) === top).map((x) => x.name);
        result.dataset.winner = 'draw';
        result.textContent = 'Draw: ' + tied.join(', ') + ' share first place (' + top + ')';
      }
      if (data.end.stated !== data.end.winner) {
        const said = data.end.stated === null ? 'a draw' : 'seat ' + data.end.stated;
        mismatch.textContent = '(the file says the winner is ' + said + ': it does not follow from its moves)';
      }
    }
  }

  // ---- the chart -------------------------------------------------------------------------
  function chart(t) {
    const box = clear($('chart'));
    const W = 640, H = 260, L = 42, R = 14, TOP = 18, B = 28;
    const values = data.turns.flatMap((x) => x.now.map((v) => v / 12)).concat([0]);
    let lo = Math.floor(Math.min.apply(null, values)), hi = Math.ceil(Math.max.apply(null, values));
    if (hi === lo) hi = lo + 1;
    const step = [1, 2, 5, 10, 20, 50].find((s) => (hi - lo) / s <= 6) || 100;
    lo = Math.floor(lo / step) * step;
    hi = Math.ceil(hi / step) * step;
    const x = (i) => (T === 1 ? (L + W - R) / 2 : L + (i * (W - L - R)) / (T - 1));
    const y = (v) => TOP + ((hi - v) * (H - TOP - B)) / (hi - lo);
    const at = data.turns.indexOf(t);
    const band = T === 1 ? 40 : (W - L - R) / (T - 1);
    const left = Math.max(L, x(at) - band / 2), right = Math.min(W - R, x(at) + band / 2);
    box.appendChild(svg('rect', { cls: 'current', x: left, y: TOP, width: right - left, height: H - TOP - B }));
    for (let v = lo; v <= hi; v += step) {
      box.appendChild(svg('line', { cls: v === 0 ? 'zero' : 'axis', x1: L, x2: W - R, y1: y(v), y2: y(v) }));
      box.appendChild(svg('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', text: (v > 0 ? '+' : '') + v }));
    }
    data.turns.forEach((d, i) => {
      box.appendChild(svg('text', { x: x(i), y: H - 10, 'text-anchor': 'middle', text: d.turn }));
      if (d.turn === 5 || d.turn === 9) {
        box.appendChild(svg('line', { cls: 'scoring', x1: x(i), x2: x(i), y1: TOP, y2: H - B }));
        const anchor = i === T - 1 ? 'end' : i === 0 ? 'start' : 'middle';
        box.appendChild(svg('text', { x: x(i), y: TOP - 6, 'text-anchor': anchor, text: 'turn ' + d.turn + ' scoring' }));
      }
    });
    data.seats.forEach((seat, s) => {
      const pts = data.turns.map((d, i) => x(i) + ',' + y(d.now[s] / 12)).join(' ');
      box.appendChild(svg('polyline', { cls: 'line s' + s + (seat.bot ? ' bot' : ''), points: pts, 'stroke-dasharray': DASHES[s] || null }));
      data.turns.forEach((d, i) => {
        const cx = x(i), cy = y(d.now[s] / 12), r = i === at ? 5.5 : 3.8;
        const shapes = [
          ['circle', { cx, cy, r }],
          ['rect', { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r }],
          ['polygon', { points: [cx, cy - r * 1.2, cx + r * 1.1, cy + r * 0.8, cx - r * 1.1, cy + r * 0.8].join(' ') }],
          ['polygon', { points: [cx, cy - r * 1.3, cx + r * 1.3, cy, cx, cy + r * 1.3, cx - r * 1.3, cy].join(' ') }],
        ];
        const [tag, attrs] = shapes[s];
        attrs.cls = 'dot s' + s;
        box.appendChild(svg(tag, attrs, [svg('title', { text: seat.name + ', turn ' + d.turn + ': ' + points(d.now[s]) })]));
      });
    });
  }

  // ---- what the bot thought --------------------------------------------------------------
  function thinking(t) {
    const r = t.report;
    $('search').textContent = 'Answered ' + (t.moves[0] === null ? '?' : t.moves[0]) +
      (t.ms === null ? '' : ' after ' + t.ms.toFixed(1) + ' ms') +
      (r ? ' \u00b7 ' + r.rollouts + ' rollouts' : ' \u00b7 no search report');
    const conf = clear($('confidence'));
    data.turns.forEach((d) => {
      const best = d.report && d.report.candidates.length ? d.report.candidates[0].win : 0;
      const surprised = d.report && d.report.reveal && d.report.reveal[0] < d.report.reveal[1];
      const fill = el('span', { cls: 'fill' + (surprised ? ' surprised' : '') });
      fill.style.height = Math.round(48 * best) + 'px';
      conf.appendChild(el('button', {
        type: 'button', cls: d === t ? 'on' : null, 'data-turn': d.turn,
        title: 'turn ' + d.turn + ': best win rate ' + pct(best) + (surprised ? ', surprised by the reveal' : ''),
        on: { click: () => go(data.turns.indexOf(d) + 1) },
      }, [fill, el('span', { text: d.turn + (surprised ? '!' : '') })]));
    });
    const cands = clear($('candidates'));
    if (r && r.candidates.length) {
      cands.appendChild(el('thead', {}, [el('tr', {}, ['move', 'win', 'margin', 'rollouts'].map((h) => el('th', { text: h })))]));
      const body = el('tbody');
      r.candidates.forEach((c, i) => {
        const bar = el('span', { cls: 'winbar', 'aria-hidden': 'true' }, [el('span')]);
        bar.firstChild.style.width = (100 * c.win) + '%';
        body.appendChild(el('tr', { cls: i === 0 ? 'best' : null }, [
          el('td', { cls: 'mv', text: c.move }),
          el('td', { cls: 'win' }, [bar, el('span', { cls: 'pct', text: pct(c.win) })]),
          el('td', { cls: 'margin', text: signed(c.margin) }),
          el('td', { cls: 'rollouts', text: c.rollouts }),
        ]));
      });
      cands.appendChild(body);
    }
    const reveal = $('reveal');
    reveal.hidden = !(r && r.reveal);
    reveal.className = '';
    if (r && r.reveal) {
      const [model, uniform] = r.reveal;
      const ratio = model / Math.max(uniform, 1e-12);
      reveal.className = ratio < 1 ? 'surprised' : 'expected';
      reveal.textContent = 'Nights 2 and 4 revealed: the turn-5 estimate gave ' + prob(model) +
        ' to what came out, ' + ratio.toFixed(1) + '\u00d7 the ' + prob(uniform) + ' of uniform picks' +
        (ratio < 1 ? ': a surprise.' : ': better than a blind guess.');
    }
    const guesses = clear($('guesses'));
    if (r && r.nights.length) {
      guesses.appendChild(el('thead', {}, [el('tr', {}, ['night', 'column 1', 'column 2', 'column 3', 'p'].map((h) => el('th', { text: h })))]));
      guesses.appendChild(el('tbody', {}, r.nights.map((n) => el('tr', {}, [
        el('th', { text: 'night ' + n.turn + ', likeliest' }),
      ].concat(n.split.map((x) => el('td', { cls: 'mv', text: x || '\u2013' })), [el('td', { text: n.probability.toFixed(3) })])))));
    }
    styles(t);
  }

  function styles(t) {
    const box = clear($('styles'));
    for (let c = 0; c < 3; c++) {
      const row = el('div', { cls: 'styles-row' }, [el('span', { cls: 'who', text: 'column ' + (c + 1) })]);
      data.turns.forEach((d) => {
        const stack = el('div', { cls: 'stack' + (d === t ? ' on' : ''), 'data-turn': d.turn, on: { click: () => go(data.turns.indexOf(d) + 1) } });
        const w = d.report ? d.report.styles.map((ws) => ws[c]) : [];
        stack.title = 'turn ' + d.turn + (w.length ? ': ' + reading(w) : ': no report');
        w.forEach((x, i) => {
          const seg = el('span', { title: data.styles[i] + ' ' + x.toFixed(2) });
          seg.style.height = (100 * x) + '%';
          seg.style.background = STYLE_COLOURS[i % STYLE_COLOURS.length];
          stack.appendChild(seg);
        });
        row.appendChild(stack);
      });
      box.appendChild(row);
      const w = t.report ? t.report.styles.map((ws) => ws[c]) : [];
      box.appendChild(el('p', { cls: 'reads', id: 'reads-' + (c + 1), text: w.length ? 'plays like: ' + reading(w) : 'no reading this turn' }));
    }
    const legend = clear($('style-legend'));
    data.styles.forEach((label, i) => {
      const sw = el('span', { cls: 'swatch' });
      sw.style.background = STYLE_COLOURS[i % STYLE_COLOURS.length];
      legend.appendChild(el('li', {}, [sw, el('span', { text: label })]));
    });
  }

  // The likeliest styles, as --verbose names them: at most three, each of weight 0.05 or more.
  function reading(w) {
    return w.map((x, i) => [x, data.styles[i]]).sort((a, b) => b[0] - a[0])
      .filter((p, i) => i < 3 && p[0] >= 0.05).map((p) => p[0].toFixed(2) + ' ' + p[1]).join(', ') || 'no style stands out';
  }

  // ---- navigation ------------------------------------------------------------------------
  function go(i) {
    i = Math.min(T, Math.max(1, Math.round(Number(i)) || 1));
    current = i;
    const t = data.turns[i - 1];
    board(t);
    standings(t);
    chart(t);
    movesTable(t);
    if (isLog) thinking(t);
    slider.value = i;
    $('first').disabled = $('prev').disabled = i === 1;
    $('last').disabled = $('next').disabled = i === T;
    $('turn-label').textContent = 'turn ' + t.turn + ' of ' + data.turns[T - 1].turn + ' \u00b7 ' + (t.day ? 'day' : 'night');
    $('turn-note').textContent = t.secret ? 'the night\u2019s moves are ' + t.secret : '';
    document.body.dataset.turn = t.turn;
    const hash = '#turn=' + t.turn;
    if (location.hash !== hash) {
      try { history.replaceState(null, '', hash); } catch (e) { location.hash = hash; }
    }
  }
  function fromHash() {
    const m = /^#turn=(\d+)$/.exec(location.hash);
    const n = m ? Number(m[1]) : 1;
    const i = data.turns.findIndex((t) => t.turn === n);
    return i < 0 ? 1 : i + 1;
  }
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 1, End: T }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  window.addEventListener('hashchange', () => go(fromHash()));
  go(fromHash());
  document.body.dataset.ready = performance.now().toFixed(1);
})();
