// The optical fat tree: live state, where it goes wrong (node and fibre heatmaps), series over time,
// slot timing (table, margin histogram, timing diagram) and the routing-table viewer.
import C from '../core/console.js';
const $ = C.$;
const KINDS = ['injected', 'delivered', 'misdelivered', 'collisions', 'lost'];
const RECENT_MS = 2000; // the alarm stays up this long after the last new anomaly
const POINTS = 300;
let cells = [];
let current = -1;
let previous = null; // the last telemetry record, for deltas
let lastAnomaly = 0;
let charts = {};
let series = null;
let lastTiming = null;
let lastSlotSeen = 0;
let diagramDrawn = 0;

function chart(id) {
  if (!charts[id]) charts[id] = echarts.init($(id), null, { renderer: 'canvas' });
  return charts[id];
}

C.on('config', (c) => {
  if (c.fabric === 'fattree') return;
  $('order').textContent = c.order;
  $('processors').textContent = c.processors;
  $('latency').textContent = c.latency + ' slot(s)';
  $('latency-convention').textContent = '(' + c.latencyConvention + ')';
  $('board').textContent = c.board;
  $('deploy-epoch').textContent = c.deployEpoch === undefined ? '–' : c.deployEpoch;
  $('board-note').textContent = c.board === 'sim' || c.board.startsWith('sim-lab') ? '' : 'Boards behind a link report slot, level states and counters; '
    + 'they do not report per-packet timing, per-node trouble or fibre state, so those panels stay empty.';
  const events = $('deploy-events');
  events.textContent = '';
  const notes = (c.deployEvents || []).slice();
  const prev = c.previousDeployment;
  if (prev && prev.record) {
    notes.push(prev.matches ? 'boards ran what the last deploy recorded'
      : 'before this start, boards differed from the last deploy in ' + prev.differing + ' place(s): ' + prev.differences.join('; ')
        + (prev.differing > prev.differences.length ? '; and ' + (prev.differing - prev.differences.length) + ' more' : ''));
  }
  notes.forEach((n) => { const li = document.createElement('li'); li.textContent = n; events.appendChild(li); });
  if (c.calibration) {
    const k = c.calibration;
    $('calibration').textContent = '(slot ' + k.slotPs + ' ps = packet ' + k.packetPs + ' + switching ' + k.switchingPs +
      ' + slack; calibration ' + (k.feasible ? 'feasible, predicted worst margin ' + k.worstMarginPs + ' ps'
        : 'INFEASIBLE: ' + k.infeasible.join('; ')) + ')';
  }
  // the sequence is built once per configuration; a slot only moves the outline
  const seq = $('sequence');
  seq.textContent = '';
  cells = [];
  current = -1;
  const frag = document.createDocumentFragment();
  for (let i = 0; i < c.sequence.length; i++) {
    const s = document.createElement('span');
    s.textContent = c.sequence[i];
    s.title = 'slot ' + i + (c.sequence[i] === '1' ? ': turn' : ': drop');
    if (c.sequence[i] === '1') s.classList.add('turn');
    frag.appendChild(s);
    cells.push(s);
  }
  seq.appendChild(frag);
  previous = null;
  lastTiming = null;
  lastAnomaly = 0;
  makePlots(c.order);
  $('routes-processor').max = c.processors - 1;
});

function makePlots(order) {
  ['plot-counts', 'plot-margins'].forEach((id) => { $(id).textContent = ''; });
  const w = 520;
  const counts = new uPlot({
    width: w, height: 220, title: 'packets per slot',
    scales: { x: { time: true } },
    series: [{}].concat(['delivered', 'misdelivered', 'collisions', 'lost', 'truncated'].map((k, i) => ({
      label: k, stroke: ['#2e7d32', '#c62828', '#ef6c00', '#6a1b9a', '#1565c0'][i], width: 1.5, value: C.latest(0) })))
  }, [[], [], [], [], [], []], $('plot-counts'));
  const levels = [];
  for (let l = 1; l <= order; l++) {
    levels.push({ label: 'level ' + l, stroke: 'hsl(' + (l * 360 / (order + 1)) + ',70%,40%)', width: 1.2, value: C.latest(0) });
  }
  const margins = new uPlot({
    width: w, height: 220, title: 'worst margin in the last slot, ps',
    scales: { x: { time: true } },
    series: [{}].concat(levels)
  }, [[]].concat(levels.map(() => [])), $('plot-margins'));
  series = { counts: counts, margins: margins, c: [[], [], [], [], [], []], m: [[]].concat(levels.map(() => [])) };
}

function push(arrays, values) {
  arrays.forEach((a, i) => { a.push(values[i]); if (a.length > POINTS) a.shift(); });
}

C.on('telemetry', (t) => {
  const c = C.config();
  if (!c || c.fabric === 'fattree') return;
  $('slot').textContent = t.slot;
  lastSlotSeen = t.slot;
  if (cells.length > 0 && t.slot >= 0) {
    const i = t.slot % cells.length;
    $('slot-in-cycle').textContent = i;
    if (current >= 0 && cells[current]) cells[current].classList.remove('current');
    cells[i].classList.add('current');
    current = i;
  }
  const body = $('levels').querySelector('tbody');
  body.textContent = '';
  t.levels.slice().reverse().forEach((l) => {
    const tr = document.createElement('tr');
    C.cell(tr, l.level + (l.level === t.order ? ' (root)' : ''));
    C.cell(tr, l.state, l.state);
    C.cell(tr, l.stuckNodes, l.stuckNodes > 0 ? 'stuck' : '');
    body.appendChild(tr);
  });
  KINDS.forEach((k) => {
    $('slot-' + k).textContent = t.lastSlot[k];
    $('total-' + k).textContent = t.total[k];
  });
  ['misdelivered', 'collisions', 'lost'].forEach((k) => $('row-' + k).classList.toggle('bad', t.total[k] > 0));
  const truncated = t.timing ? t.timing.total.reduce((s, l) => s + l.truncated, 0) : 0;
  const wrong = t.timing ? t.timing.total.reduce((s, l) => s + l.wrongState, 0) : 0;
  // the alarm is for what goes wrong now; totals keep the history until a reset
  const p = previous;
  const fresh = p && t.total.injected >= p.total.injected ? {
    misdelivered: t.total.misdelivered - p.total.misdelivered, collisions: t.total.collisions - p.total.collisions,
    lost: t.total.lost - p.total.lost, truncated: truncated - p.truncated, wrong: wrong - p.wrong } : null;
  const now = Date.now();
  if (fresh && (fresh.misdelivered + fresh.collisions + fresh.lost + fresh.truncated + fresh.wrong > 0)) lastAnomaly = now;
  const alarm = $('alarm');
  alarm.hidden = now - lastAnomaly > RECENT_MS;
  alarm.textContent = alarm.hidden ? '' : 'FABRIC FAULT: ' + t.total.misdelivered + ' misdelivered, ' + t.total.collisions +
    ' collisions, ' + truncated + ' truncated, ' + wrong + ' wrong state, ' + t.total.lost + ' lost (totals since start or reset). ';
  if (!alarm.hidden) { // the incident as the event log keeps it: when it began, and what it cost once over
    const a = document.createElement('a');
    a.id = 'alarm-events';
    a.href = '#/events';
    a.textContent = 'The incident in the event log';
    a.addEventListener('click', () => { $('events-kind').value = 'fabric'; });
    alarm.appendChild(a);
  }
  if (fresh && series) {
    const slots = Math.max(1, t.slotsSinceLast || 1);
    push(series.c, [now / 1000, (t.total.delivered - p.total.delivered) / slots, fresh.misdelivered / slots,
      fresh.collisions / slots, fresh.lost / slots, fresh.truncated / slots]);
    series.counts.setData(series.c);
    if (t.timing) {
      push(series.m, [now / 1000].concat(t.timing.lastSlot.map((l) => l.worstMarginPs)));
      series.margins.setData(series.m);
    }
  }
  previous = { total: t.total, truncated: truncated, wrong: wrong };
  if (t.timing) {
    lastTiming = t.timing;
    showTiming(t.timing);
  }
});

function showTiming(timing) {
  const body = $('timing').querySelector('tbody');
  body.textContent = '';
  const hist = [];
  timing.total.slice().reverse().forEach((l) => {
    const tr = document.createElement('tr');
    C.cell(tr, l.level);
    C.cell(tr, l.packets);
    C.cell(tr, l.minArrivalPs === null ? '–' : l.minArrivalPs + ' … ' + l.maxArrivalPs);
    C.cell(tr, l.worstMarginPs, l.worstMarginPs !== null && l.worstMarginPs < 0 ? 'bad' : '');
    C.cell(tr, l.truncated, l.truncated > 0 ? 'bad' : '');
    C.cell(tr, l.wrongState, l.wrongState > 0 ? 'bad' : '');
    body.appendChild(tr);
    l.marginHistogram.forEach((v, b) => { hist[b] = (hist[b] || 0) + v; });
  });
  if (!$('view-oft').hidden) {
    const w = timing.bucketPs;
    const neg = 3; // buckets below zero (LevelTiming.NEGATIVE_BUCKETS)
    const labels = hist.map((v, b) => {
      const lo = (b - neg) * w;
      return b === 0 ? '< ' + (lo + w) : b === hist.length - 1 ? '≥ ' + lo : lo + '…' + (lo + w);
    });
    chart('histogram').setOption({
      animation: false,
      grid: { left: 50, right: 10, top: 10, bottom: 50 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, name: 'margin, ps', nameLocation: 'middle', nameGap: 35, axisLabel: { rotate: 40, fontSize: 9 } },
      yAxis: { type: 'log', min: 1, logBase: 10 },
      series: [{ type: 'bar', name: 'packets',
        data: hist.map((v, b) => ({ value: v > 0 ? v : null, itemStyle: { color: b < neg ? '#c62828' : '#5470c6' } })) }]
    });
    if (Date.now() - diagramDrawn > 1000) { drawDiagram(); diagramDrawn = Date.now(); }
  }
}

// ---- timing diagram: per level, switching intervals and packet windows over a few slots ----
function drawDiagram() {
  const c = C.config();
  if (!c || !c.calibration || !lastTiming) return;
  const P = c.calibration.slotPs;
  const sw = c.calibration.switchingPs;
  const pk = c.calibration.packetPs;
  const count = Math.min(8, Math.max(1, parseInt($('diagram-count').value, 10) || 3));
  // live: the slots just run, each level's windows as the last slot measured them; else the totals since the reset
  const live = $('diagram-live').checked;
  if (live) $('diagram-from').value = Math.max(0, lastSlotSeen - count + 1);
  const from = Math.max(0, parseInt($('diagram-from').value, 10) || 0);
  const levels = live && lastTiming.lastSlot.some((l) => l.minArrivalPs !== null) ? lastTiming.lastSlot : lastTiming.total;
  const data = [];
  levels.forEach((l) => {
    const row = l.level - 1;
    for (let k = from; k < from + count; k++) {
      const b = (k - from) * P;
      data.push({ value: [row, b, b + sw, 0], name: 'level ' + l.level + ' slot ' + k + ': switching ' + sw + ' ps' });
      if (l.minArrivalPs !== null) {
        data.push({ value: [row, b + l.minArrivalPs, b + l.maxArrivalPs + pk, l.worstMarginPs < 0 ? 2 : 1],
          name: 'level ' + l.level + ' slot ' + k + ': packets arrive ' + l.minArrivalPs + '…' + l.maxArrivalPs +
            ' ps after the boundary, worst margin ' + l.worstMarginPs + ' ps' });
      }
    }
  });
  const colours = ['#9e9e9e', '#5470c6', '#c62828'];
  chart('timing-diagram').setOption({
    animation: false,
    tooltip: { formatter: (p) => p.name },
    grid: { left: 70, right: 20, top: 10, bottom: 40 },
    xAxis: { type: 'value', min: 0, max: count * P, name: 'ps from slot ' + from, nameLocation: 'middle', nameGap: 25,
      splitLine: { show: true }, interval: P },
    yAxis: { type: 'category', data: levels.map((l) => 'level ' + l.level) },
    series: [{
      type: 'custom', encode: { x: [1, 2], y: 0 }, data: data,
      renderItem: (params, api) => {
        const y = api.value(0);
        const a = api.coord([api.value(1), y]);
        const b = api.coord([api.value(2), y]);
        const h = api.size([0, 1])[1] * (api.value(3) === 0 ? 0.8 : 0.5);
        return { type: 'rect', shape: { x: a[0], y: a[1] - h / 2, width: Math.max(1, b[0] - a[0]), height: h },
          style: { fill: colours[api.value(3)], opacity: api.value(3) === 0 ? 0.35 : 0.9 } };
      }
    }]
  }, true);
}
['diagram-from', 'diagram-count', 'diagram-live'].forEach((id) => $(id).addEventListener('change', drawDiagram));
$('diagram-from').addEventListener('input', () => { $('diagram-live').checked = false; }); // a slot typed stops following

// ---- where it goes wrong: nodes and fibres ----
C.on('health', (h) => {
  if ($('view-oft').hidden) return;
  $('health-caption').textContent = h.counted ? '(since start or reset)' : '(states only: the slot-level model keeps no counts)';
  heatmap('node-heatmap', h.nodes, (r) => 'level ' + r.row, 'node');
  heatmap('fibre-heatmap', h.fibres, (r) => 'stage ' + r.row, 'link', (r) => ' (into ' + r.into + ')');
  const ul = $('spots');
  ul.textContent = '';
  $('spot-count').textContent = '(' + h.spotCount + ')';
  h.spots.forEach((s) => {
    const li = document.createElement('li');
    li.dataset.name = s.name;
    const text = s.name + (s.state ? ': ' + s.state : '') + (s.count ? ' — ' + s.count + ' packets' : '');
    li.appendChild(C.partLink(boardOf(s), null, text)); // its board's drill-down
    if (s.state) li.className = 'bad';
    ul.appendChild(li);
  });
});

// the board a trouble spot is on: a node's level's router board, a fibre's driving board
function boardOf(s) {
  if (s.kind === 'node') return 'router-' + s.level;
  if (s.kind === 'board') return s.name;
  if (/^L[0-9]+\./.test(s.name)) return 'router-' + s.name.substring(1, s.name.indexOf('.'));
  if (/^P[0-9]+$/.test(s.name)) return 'proc-' + s.name.substring(1);
  return null;
}

function heatmap(id, rows, label, item, more) {
  const data = [];
  const flagged = [];
  let max = 1;
  rows.forEach((r, y) => r.counts.forEach((v, x) => {
    const lo = x * r.perCell;
    const range = r.perCell === 1 ? item + ' ' + lo : item + 's ' + lo + '…' + (lo + r.perCell - 1);
    data.push({ value: [x, y, v], name: label(r) + (more ? more(r) : '') + ', ' + range + ': ' + v + (r.flagged[x] ? ' (stuck or dead)' : '') });
    if (r.flagged[x]) flagged.push({ value: [x, y], name: label(r) + ', ' + range + ': stuck or dead' });
    max = Math.max(max, v);
  }));
  const width = Math.max.apply(null, rows.map((r) => r.counts.length));
  chart(id).setOption({
    animation: false,
    tooltip: { formatter: (p) => p.name },
    grid: { left: 70, right: 10, top: 5, bottom: 45 },
    // no bands across rows: a level with fewer nodes than the widest leaves its cells past its last node blank
    xAxis: { type: 'category', data: Array.from({ length: width }, (v, i) => i), splitArea: { show: false } },
    yAxis: { type: 'category', data: rows.map(label) },
    visualMap: { min: 0, max: max, calculable: false, orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 80,
      inRange: { color: ['#e3e9f0', '#ffb74d', '#c62828'] } }, // a node with nothing wrong is a cell, unlike no node
    series: [
      { type: 'heatmap', data: data },
      { type: 'scatter', data: flagged, symbol: 'rect', symbolSize: 12, itemStyle: { color: 'rgba(0,0,0,0)', borderColor: '#000', borderWidth: 2 } }
    ]
  }, true);
  if (id === 'node-heatmap') { // a level's row opens its router board
    chart(id).off('click');
    chart(id).on('click', (q) => { location.hash = '#/part/router-' + rows[q.value[1]].row; });
  }
}

C.on('stale', () => { previous = null; });

$('reset-counters').addEventListener('click', () => {
  C.api('POST', '/api/counters/reset', {}).then((r) => {
    $('total-since').textContent = r.ok ? '(since reset ' + new Date().toLocaleTimeString() + ')' : '(reset refused: ' + r.body.error + ')';
    previous = null;
    lastAnomaly = 0;
  });
});

C.view('oft', { show: () => { Object.values(charts).forEach((ch) => ch.resize()); if (lastTiming) showTiming(lastTiming); } });

// ---- routing tables ----
const PAGE = 256;
let rows = [];
let shown = [];
let page = 0;

function showRoutes() {
  const body = $('routes-table').querySelector('tbody');
  body.textContent = '';
  const frag = document.createDocumentFragment();
  shown.slice(page * PAGE, (page + 1) * PAGE).forEach((i) => {
    const tr = document.createElement('tr');
    C.cell(tr, i);
    C.cell(tr, rows[i]);
    frag.appendChild(tr);
  });
  body.appendChild(frag);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  $('routes-page').textContent = 'page ' + (page + 1) + ' of ' + pages + ' (' + shown.length + ' rows)';
}

function loadRoutes() {
  const p = $('routes-processor').value;
  const find = $('routes-find').value;
  $('routes-csv').href = '/api/oft/table?format=csv&processor=' + encodeURIComponent(p);
  fetch('/api/oft/table?processor=' + encodeURIComponent(p)).then((r) => r.json().then((j) => ({ ok: r.ok, j: j }))).then(({ ok, j }) => {
    if (!ok) { $('routes-status').textContent = j.error; rows = []; shown = []; showRoutes(); return; }
    rows = j.rows;
    shown = rows.map((d, i) => i).filter((i) => find === '' || rows[i] === Number(find));
    page = 0;
    $('routes-status').textContent = 'processor ' + j.processor + ', latency ' + j.latency + ' slot(s)' +
      (find === '' ? '' : ': destination ' + find + ' is reached from slot(s) ' + shown.join(', '));
    showRoutes();
  });
}
$('routes-form').addEventListener('submit', (e) => { e.preventDefault(); loadRoutes(); });
$('routes-prev').addEventListener('click', () => { if (page > 0) { page--; showRoutes(); } });
$('routes-next').addEventListener('click', () => { if ((page + 1) * PAGE < shown.length) { page++; showRoutes(); } });
C.view('routes', { show: () => { if (rows.length === 0) loadRoutes(); } });
C.on('config', () => { rows = []; shown = []; });
