// The electrical fat tree: switch boards' totals and rates, port counters by level (table and
// per-level heatmaps), the hottest and the anomalous ports, the forwarding-table viewer and route trace.
import C from '../core/console.js';
const $ = C.$;
const fmt = C.fmt;
const RECENT_MS = 2000;
const POINTS = 300;
let lastAnomaly = 0;
let plot = null;
let plotData = null;
const heatCharts = {};
let lastPorts = null;

C.on('config', (c) => {
  if (c.fabric !== 'fattree') return;
  $('topology').textContent = c.topology;
  $('hosts').textContent = c.hosts;
  $('switches').textContent = c.switches;
  $('engine').textContent = c.engine;
  $('paths').textContent = c.paths + (c.addressesPerHost !== c.paths ? ' (over ' + c.addressesPerHost + ' addresses per host)' : '');
  $('traffic').textContent = c.traffic + (c.randomUp ? ' (random up-ports)' : '');
  $('load').textContent = c.load;
  $('ft-board').textContent = c.board;
  const p = c.parameters;
  $('parameters').textContent = p.vcs + ' VCs × ' + p.buffer + ' flits, ' + p.packet + '-flit packets, credit delay ' +
    p.creditDelay + ', channel ' + p.channelLatency + ', injection ' + p.injectionDelay + ', ejection ' + p.ejectionDelay + ', ' +
    p.switching + '; ' +
    c.cyclesPerSlot + ' cycles per slot at ' + c.slotsPerSecond + ' slots/s';
  $('lft-switch').max = c.switches - 1;
  $('trace-src').max = c.hosts - 1;
  $('trace-dst').max = c.hosts - 1;
  $('trace-path').max = c.addressesPerHost - 1; // a host's address, as the boards' tables hold them
  if (!plot) {
    plotData = [[], [], [], []];
    plot = new uPlot({
      width: 480, height: 220, title: 'accepted and offered (flits/host/cycle), latency (cycles)',
      scales: { x: { time: true }, lat: {} },
      axes: [{}, { scale: 'y' }, { scale: 'lat', side: 1, grid: { show: false } }],
      series: [{}, { label: 'accepted', stroke: '#2e7d32', width: 1.5, value: C.latest(3) },
        { label: 'offered', stroke: '#9e9e9e', dash: [4, 4], value: C.latest(3) },
        { label: 'latency', stroke: '#1565c0', scale: 'lat', value: C.latest(1) }]
    }, plotData, $('plot-ft'));
  }
});

C.on('telemetry', (t) => {
  const s = t.switches;
  if (!s) return;
  $('cycle').textContent = s.cycle;
  $('sw-created').textContent = s.created;
  $('sw-delivered').textContent = s.delivered;
  $('sw-misdelivered').textContent = s.misdelivered;
  $('sw-loops').textContent = s.loops;
  $('sw-dropped').textContent = s.noRoute;
  $('sw-discarded').textContent = s.discardedAtDeadLinks;
  $('sw-inflight').textContent = s.flitsInNetwork;
  $('sw-deadlink').textContent = s.deadLinkWaits;
  $('row-sw-misdelivered').classList.toggle('bad', s.misdelivered > 0);
  $('row-loops').classList.toggle('bad', s.loops > 0);
  $('row-dropped').classList.toggle('bad', s.noRoute > 0);
  $('row-discarded').classList.toggle('bad', s.discardedAtDeadLinks > 0);
  $('row-deadlink').classList.toggle('bad', s.deadLinkWaits > 0);
  const r = s.rates || {};
  $('rate-accepted').textContent = fmt(r.acceptedFlitsPerHostPerCycle, 4);
  $('rate-offered').textContent = fmt(s.offeredFlitsPerHostPerCycle, 4);
  $('rate-latency').textContent = fmt(r.meanLatencyCycles, 2);
  $('rate-wait').textContent = fmt(r.transmitWaitPerPortCycle, 4);
  $('rate-cps').textContent = fmt(r.cyclesPerSecond, 0);
  const now = Date.now();
  if ((r.misdelivered || 0) + (r.loops || 0) + (r.dropped || 0) > 0) lastAnomaly = now;
  const alarm = $('ft-alarm');
  alarm.hidden = now - lastAnomaly > RECENT_MS;
  alarm.textContent = alarm.hidden ? '' : 'FABRIC FAULT: ' + s.misdelivered + ' misdelivered, ' + s.loops + ' loops, ' +
    s.noRoute + ' dropped for want of a route, ' + s.discardedAtDeadLinks + ' discarded at dead links, ' + s.deadLinkWaits +
    ' host waits on a dead cable (totals). ';
  if (!alarm.hidden && worst) { // the worst port by name, linked to its drill-down
    const a = C.partLink(worst.board, worst.port, 'Worst: ' + worst.board + ' port ' + worst.port + ' (' +
      (worst.linkUp ? worst.severity : 'link down') + ', to ' + worst.to + ')');
    a.id = 'ft-alarm-part';
    alarm.appendChild(a);
  }
  if (plot && r.acceptedFlitsPerHostPerCycle !== undefined) {
    [now / 1000, r.acceptedFlitsPerHostPerCycle, s.offeredFlitsPerHostPerCycle, r.meanLatencyCycles].forEach((v, i) => {
      plotData[i].push(v);
      if (plotData[i].length > POINTS) plotData[i].shift();
    });
    plot.setData(plotData);
  }
});

C.on('ports', (p) => {
  lastPorts = p;
  // polled each second, over the cycles the model ran since: a large tree may take seconds a slot
  $('ft-interval').textContent = p.intervalCycles ? '(port counters: each board over its last ' + p.intervalCycles + ' cycles, to cycle ' + p.intervalEnd + ')'
    : '(port counters: waiting for the model to run)';
  const lv = $('ft-levels').querySelector('tbody');
  lv.textContent = '';
  p.levels.slice().reverse().forEach((l) => {
    const tr = document.createElement('tr');
    C.cell(tr, l.level); C.cell(tr, l.links); C.cell(tr, fmt(l.upUtilisation, 3)); C.cell(tr, fmt(l.downUtilisation, 3));
    C.cell(tr, fmt(l.transmitWaitPerLinkCycle, 4));
    lv.appendChild(tr);
  });
  const hot = $('hottest').querySelector('tbody');
  hot.textContent = '';
  p.hottest.forEach((h) => {
    const tr = document.createElement('tr');
    C.cell(tr, '').appendChild(C.partLink(h.board)); C.cell(tr, h.switch);
    C.cell(tr, '').appendChild(C.partLink(h.board, h.port, String(h.port))); C.cell(tr, '').appendChild(C.partLink(h.toPart, null, h.to));
    C.cell(tr, fmt(h.utilisation, 3)); C.cell(tr, h.PortXmitWait);
    hot.appendChild(tr);
  });
  const restarts = $('ft-restarts');
  restarts.hidden = !p.restarts || p.restarts.length === 0;
  if (!restarts.hidden) {
    restarts.textContent = 'Restarted, counting from zero since (latest first): '
      + p.restarts.map((r) => r.board + ' at cycle ' + r.cycle).join(', ');
  }
  worst = p.anomalies.length ? p.anomalies[0] : null;
  if (anomalyPage === 0 && !$('anomaly-filter').value.trim()) {
    showAnomalies(p.anomalies, p.anomalousPorts, p.anomalousPorts);
  } else {
    loadAnomalies();
  }
  if (!$('view-fabric').hidden) drawHeat(p);
});

// ---- ports with anomalies: the worst first, filtered and paged on the server, each row linked to its drill-down ----
const ANOMALY_PAGE = 20;
let anomalyPage = 0;
let worst = null; // the worst anomalous port, which the alarm names

function showAnomalies(list, matched, total) {
  const an = $('anomalies').querySelector('tbody');
  an.textContent = '';
  $('anomaly-count').textContent = '(' + total + (matched !== total ? ', ' + matched + ' matching' : '') + ')';
  const pages = Math.max(1, Math.ceil(matched / ANOMALY_PAGE));
  $('anomaly-page').textContent = 'page ' + (anomalyPage + 1) + ' of ' + pages;
  list.forEach((a) => {
    const tr = document.createElement('tr');
    tr.className = a.severity === 'warning' ? '' : 'bad';
    C.cell(tr, a.severity, a.severity === 'warning' ? 'warn' : 'bad');
    C.cell(tr, '').appendChild(C.partLink(a.board));
    C.cell(tr, a.switch);
    C.cell(tr, '').appendChild(C.partLink(a.board, a.port, String(a.port)));
    C.cell(tr, '').appendChild(C.partLink(a.toPart, null, a.to));
    C.cell(tr, a.linkUp ? 'up' : 'DOWN');
    C.cell(tr, a.PortRcvSwitchRelayErrors); C.cell(tr, a.PortXmitDiscards); C.cell(tr, a.Misdelivered);
    an.appendChild(tr);
  });
}

function loadAnomalies() {
  const q = new URLSearchParams({ offset: String(anomalyPage * ANOMALY_PAGE), limit: String(ANOMALY_PAGE) });
  const f = $('anomaly-filter').value.trim();
  if (f) q.set('filter', f);
  C.api('GET', '/api/anomalies?' + q.toString()).then((r) => {
    if (r.ok) showAnomalies(r.body.anomalies, r.body.matched, r.body.total);
  });
}
$('anomaly-filter').addEventListener('input', () => {
  anomalyPage = 0;
  const f = $('anomaly-filter').value.trim();
  $('anomaly-csv').href = '/api/anomalies?format=csv' + (f ? '&filter=' + encodeURIComponent(f) : '');
  loadAnomalies();
});
$('anomaly-prev').addEventListener('click', () => { if (anomalyPage > 0) { anomalyPage--; loadAnomalies(); } });
$('anomaly-next').addEventListener('click', () => { anomalyPage++; loadAnomalies(); });

// a heatmap column's physical port number ('?' where the level's switches number it differently)
function physical(h, i) {
  return h.ports && h.ports[i] !== null && h.ports[i] !== undefined ? String(h.ports[i]) : '?';
}

function portLabel(h, i) {
  return 'port ' + physical(h, i) + (i < h.downPorts ? ' (down ' : ' (up ') +
    (i < h.downPorts ? i + 1 : i - h.downPorts + 1) + ' of ' + (i < h.downPorts ? h.downPorts : h.upPorts) + ')';
}

// one canvas heatmap per level: rows are (groups of) switches, columns their ports, down then up
function drawHeat(p) {
  if (!p.heat) return;
  const box = $('ft-heatmaps');
  p.heat.forEach((h) => {
    const id = 'ft-heat-' + h.level;
    if (!$(id)) {
      const wrap = document.createElement('div');
      const cap = document.createElement('div');
      cap.className = 'caption';
      cap.id = id + '-caption';
      const div = document.createElement('div');
      div.id = id;
      div.className = 'chart heat';
      wrap.appendChild(cap);
      wrap.appendChild(div);
      box.appendChild(wrap);
    }
    $(id + '-caption').textContent = 'level ' + h.level + ': ' + h.switches + ' switches' +
      (h.switchesPerRow > 1 ? ', ' + h.switchesPerRow + ' per row (mean)' : '') + '; ports ' + h.downPorts + ' down, ' + h.upPorts + ' up';
    if (!heatCharts[id]) heatCharts[id] = echarts.init($(id));
    const data = [];
    h.rows.forEach((row, y) => row.forEach((v, x) => data.push([x, y, v])));
    const ports = h.downPorts + h.upPorts;
    heatCharts[id].setOption({
      animation: false,
      tooltip: { formatter: (q) => (h.switchesPerRow > 1 ? 'switches ' + q.value[1] * h.switchesPerRow + '…' +
        ((q.value[1] + 1) * h.switchesPerRow - 1) + ' of the level, ' : 'switch-' + (h.firstSwitch + q.value[1]) + ', ') +
        portLabel(h, q.value[0]) + ': ' + q.value[2] + ' flits/cycle' + (h.switchesPerRow === 1 ? ' (click: drill down)' : '') },
      grid: { left: 40, right: 10, top: 5, bottom: 45 },
      // columns named as the tables, specs and OpenSM dumps name ports: physical numbers
      xAxis: { type: 'category', name: 'port', data: Array.from({ length: ports }, (v, i) => physical(h, i)) },
      yAxis: { type: 'category', data: h.rows.map((r, i) => i) },
      visualMap: { min: 0, max: 1, orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 80,
        text: ['1 flit/cycle', '0'],
        inRange: { color: ['#f3f6fa', '#64b5f6', '#0d47a1'] } },
      series: [{ type: 'heatmap', data: data }]
    }, true);
    heatCharts[id].off('click');
    heatCharts[id].on('click', (q) => { // a row of one switch opens its drill-down at the port clicked
      if (h.switchesPerRow !== 1 || h.firstSwitch === undefined) return;
      const port = physical(h, q.value[0]);
      location.hash = '#/part/switch-' + (h.firstSwitch + q.value[1]) + (port !== '?' ? '/' + port : '');
    });
  });
}

C.view('fabric', { show: () => { Object.values(heatCharts).forEach((ch) => ch.resize()); if (lastPorts) drawHeat(lastPorts); } });

$('ft-reset-counters').addEventListener('click', () => C.api('POST', '/api/counters/reset', {}).then(() => { lastAnomaly = 0; }));

// ---- forwarding tables ----
const PAGE = 256;
let lft = null;
let shown = [];
let page = 0;

function showLft() {
  const body = $('lft-table').querySelector('tbody');
  body.textContent = '';
  if (!lft) return;
  const frag = document.createDocumentFragment();
  shown.slice(page * PAGE, (page + 1) * PAGE).forEach((a) => {
    const tr = document.createElement('tr');
    C.cell(tr, a); C.cell(tr, Math.floor(a / lft.paths)); C.cell(tr, a % lft.paths);
    C.cell(tr, lft.ports[a] === null ? 'none' : lft.ports[a], lft.ports[a] === null ? 'bad' : '');
    C.cell(tr, lft.to[a]);
    frag.appendChild(tr);
  });
  body.appendChild(frag);
  $('lft-page').textContent = 'page ' + (page + 1) + ' of ' + Math.max(1, Math.ceil(shown.length / PAGE)) + ' (' + shown.length + ' entries)';
}

function loadLft() {
  const sw = $('lft-switch').value;
  const find = $('lft-find').value;
  C.api('GET', '/api/lft?switch=' + encodeURIComponent(sw)).then((r) => {
    if (!r.ok) { $('lft-status').textContent = r.body.error; lft = null; showLft(); return; }
    lft = r.body;
    shown = lft.ports.map((v, a) => a).filter((a) => find === '' || Math.floor(a / lft.paths) === Number(find));
    page = 0;
    $('lft-status').textContent = lft.board + ' ' + lft.switch + ', level ' + lft.level;
    showLft();
  });
}
$('lft-form').addEventListener('submit', (e) => { e.preventDefault(); loadLft(); });
$('lft-prev').addEventListener('click', () => { if (page > 0) { page--; showLft(); } });
$('lft-next').addEventListener('click', () => { if ((page + 1) * PAGE < shown.length) { page++; showLft(); } });
C.view('lft', { show: () => { if (!lft) loadLft(); } });
C.on('config', () => { lft = null; });

// ---- route trace ----
$('trace-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const q = 'src=' + encodeURIComponent($('trace-src').value) + '&dst=' + encodeURIComponent($('trace-dst').value) +
    '&path=' + encodeURIComponent($('trace-path').value || 0);
  C.api('GET', '/api/trace?' + q).then((r) => {
    const ol = $('trace-hops');
    ol.textContent = '';
    if (!r.ok) { $('trace-outcome').textContent = r.body.error; return; }
    $('trace-outcome').textContent = r.body.outcome;
    $('trace-outcome').className = 'caption' + (r.body.outcome === 'delivered' ? '' : ' bad');
    r.body.hops.forEach((h) => {
      const li = document.createElement('li');
      li.textContent = h.from + ' ' + h.tuple + (h.port !== undefined ? ' port ' + h.port + ' (' + h.direction + ')' : '') + ' → ' + h.to;
      ol.appendChild(li);
    });
  });
});
C.view('trace', {});
