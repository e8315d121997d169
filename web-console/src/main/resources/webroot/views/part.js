// A part drilled into (#/part/switch-5 or #/part/switch-5/2): its ports by physical number with what is at
// the other end and the cable's state, the board's counters and their rates over time, the faults and
// failures on it with the actions on it, how its table spreads the addresses, and its events.
import C from '../core/console.js';
const $ = C.$;
const fmt = C.fmt;
let name = null;
let picked = null; // the physical port whose rates are plotted
let timer = null;
let plot = null;

function fromHash() {
  const m = /^#\/part\/([^/]+)(?:\/([0-9]+))?/.exec(location.hash);
  return m ? { name: decodeURIComponent(m[1]), port: m[2] ? Number(m[2]) : null } : null;
}

function status(text) { $('part-status').textContent = text; }

// a change from this view: asked first, then done, then the part read again
function act(question, method, path, body, done) {
  C.confirm(question).then((yes) => {
    if (!yes) return;
    status('…');
    C.api(method, path, body).then((r) => {
      status(r.ok ? done(r.body) : 'refused: ' + r.body.error);
      if (r.ok && (path.startsWith('/api/fail'))) C.reloadConfig();
      load();
    });
  });
}

function button(text, title, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'small';
  b.textContent = text;
  b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

// what a port's row shows that changes with every poll: its utilisation and counters, updated in place
function rates(q) {
  const c = q.counters || {};
  return [fmt(q.utilisation, 3), fmt(c.PortXmitData), fmt(c.PortXmitWait), fmt(c.PortRcvSwitchRelayErrors), fmt(c.PortXmitDiscards),
    fmt(c.Misdelivered)];
}
const RATES_FROM = 5; // the first of those cells

// A port's row is rebuilt only when what it shows besides its counters changed, so that its buttons are not
// replaced under a click by the next poll.
function drawPorts(p) {
  const body = $('part-ports').querySelector('tbody');
  const order = p.part + ':' + p.ports.map((q) => q.port).join(',');
  if (body.dataset.ports !== order) {
    body.textContent = '';
    body.dataset.ports = order;
  }
  p.ports.forEach((q, k) => {
    const shape = JSON.stringify([p.kind, q.direction, q.to, q.toPort, q.state, q.linkUp, q.port === picked]);
    let tr = body.children[k];
    if (!tr || tr.dataset.shape !== shape) {
      const fresh = portRow(p, q);
      fresh.dataset.shape = shape;
      if (tr) body.replaceChild(fresh, tr); else body.appendChild(fresh);
      tr = fresh;
    }
    rates(q).forEach((text, j) => {
      const td = tr.children[RATES_FROM + j];
      if (td.textContent !== text) td.textContent = text;
    });
  });
}

function portRow(p, q) {
  const tr = document.createElement('tr');
  tr.id = 'part-port-' + q.port;
  if (q.state !== 'up' || q.linkUp === false) tr.className = 'down';
  if (q.port === picked) tr.classList.add('picked');
  const portCell = C.cell(tr, '');
  portCell.appendChild(C.partLink(p.part, q.port, String(q.port)));
  C.cell(tr, q.direction);
  const to = C.cell(tr, '');
  to.appendChild(C.partLink(q.to, q.toPort, q.to + (q.toPort ? ' port ' + q.toPort : '')));
  C.cell(tr, q.state);
  C.cell(tr, q.linkUp === undefined ? '–' : q.linkUp ? 'up' : 'DOWN');
  rates(q).forEach((v) => C.cell(tr, v));
  const acts = C.cell(tr, '');
  if (p.kind === 'switch' && q.state === 'up') {
    acts.appendChild(button('cut', 'inject a fault: cut this cable in the model (dead:' + p.part + ':' + q.port + ')', () =>
      act('Cut the cable at ' + p.part + ' port ' + q.port + ' in the model? Packets crossing it are lost until the fault is cleared.',
        'POST', '/api/faults', { spec: 'dead:' + p.part + ':' + q.port }, (b) => 'injected: ' + b.applied)));
  }
  // a cable up, or cut (the alarm points here): declared failed, the tables route around it
  if (p.kind === 'switch' && (q.state === 'up' || q.state.startsWith('cut'))) {
    acts.appendChild(button('declare failed', 'declare this cable failed: the tables are rerouted around it (link:' + p.part + ':' + q.port + ')',
      () => act('Declare the cable at ' + p.part + ' port ' + q.port + ' failed and reroute around it?',
        'POST', '/api/fail', { fail: 'link:' + p.part + ':' + q.port },
        (b) => 'rerouted: ' + b.entriesChanged + ' entries at slot ' + b.epoch + '; ' + b.unreachablePairs + ' pairs unreachable')));
  }
  return tr;
}

// rebuilt only when the faults or failures changed (its buttons are not replaced under a click)
function drawFaults(p) {
  const ul = $('part-faults');
  $('part-actions').hidden = p.kind !== 'switch';
  const key = JSON.stringify([p.part, p.faults, p.failures || []]);
  if (ul.dataset.drawn === key) return;
  ul.dataset.drawn = key;
  ul.textContent = '';
  p.faults.forEach((f) => {
    const li = document.createElement('li');
    li.textContent = 'fault ' + f.id + ': ' + f.spec + ' (' + f.description + ') ';
    li.appendChild(button('clear', 'undo this fault' + (f.undo ? ': ' + f.undo : ''), () =>
      act('Clear fault ' + f.id + ' (' + f.spec + ')?', 'DELETE', '/api/faults/' + f.id, undefined, (b) => b.cleared)));
    ul.appendChild(li);
  });
  (p.failures || []).forEach((f) => {
    const li = document.createElement('li');
    li.textContent = 'declared failed ' + f.id + ': ' + f.spec + ' ';
    li.appendChild(button('repair', 'reroute without this failure and deploy the changed blocks', () =>
      act('Repair ' + f.spec + '? The tables are rerouted without it.', 'DELETE', '/api/fail/' + f.id, undefined,
        (b) => 'repaired ' + b.repaired + ': ' + b.blocksWritten + ' blocks at slot ' + b.epoch)));
    ul.appendChild(li);
  });
  if (!ul.children.length) ul.textContent = 'none';
}

// ---- the optical fabric's boards: a level's router board (its nodes, timing and fibres) or a processor board ----
function timingRow(body, label, l) {
  if (!l) return;
  const tr = document.createElement('tr');
  if (l.truncated > 0 || l.wrongState > 0) tr.className = 'bad';
  C.cell(tr, label); C.cell(tr, l.packets); C.cell(tr, l.truncated); C.cell(tr, l.wrongState);
  C.cell(tr, l.minArrivalPs === null ? '–' : l.minArrivalPs + '…' + l.maxArrivalPs);
  C.cell(tr, l.worstMarginPs);
  body.appendChild(tr);
}

function drawOptical(p) {
  const nodes = $('part-nodes').querySelector('tbody');
  nodes.textContent = '';
  (p.nodes || []).forEach((n) => {
    const tr = document.createElement('tr');
    tr.id = 'part-node-' + n.node;
    if (n.stuck || n.trouble > 0) tr.className = 'bad';
    C.cell(tr, n.node); C.cell(tr, n.stuck ? 'stuck in ' + n.stuck : 'free'); C.cell(tr, n.trouble);
    const acts = C.cell(tr, '');
    const spec = 'stuck:' + p.level + ':' + n.node + ':';
    if (n.stuck) {
      acts.appendChild(button('release', 'release it (' + spec + 'free)', () =>
        act('Release node ' + n.node + ' of level ' + p.level + '?', 'POST', '/api/faults', { spec: spec + 'free' }, (b) => 'done: ' + b.applied)));
    } else {
      acts.appendChild(button('stick in turn', 'inject a fault: ' + spec + 'turn', () =>
        act('Make node ' + n.node + ' of level ' + p.level + ' stuck in turn? Packets through it are misrouted until it is released.',
          'POST', '/api/faults', { spec: spec + 'turn' }, (b) => 'injected: ' + b.applied)));
    }
    nodes.appendChild(tr);
  });
  const timing = $('part-timing').querySelector('tbody');
  timing.textContent = '';
  timingRow(timing, 'last slot', p.lastSlot);
  timingRow(timing, 'since the reset', p.total);
  const fibres = $('part-fibres').querySelector('tbody');
  fibres.textContent = '';
  (p.fibres || []).forEach((f) => {
    const tr = document.createElement('tr');
    if (f.dead || f.trouble > 0) tr.className = 'bad';
    C.cell(tr, f.fibre); C.cell(tr, f.dead ? 'DEAD' : 'lit'); C.cell(tr, f.trouble);
    fibres.appendChild(tr);
  });
  $('part-nodes').parentElement.hidden = p.kind !== 'router board';
  $('part-timing').hidden = p.kind !== 'router board';
  $('part-routes-link').hidden = p.kind !== 'processor board';
  if (p.kind === 'processor board') $('part-routes-link').onclick = () => { $('routes-processor').value = p.processor; };
}

function drawTable(p) {
  const body = $('part-table').querySelector('tbody');
  body.textContent = '';
  if (!p.table) { $('part-table-caption').textContent = ''; return; }
  $('part-table-caption').textContent = '(' + p.table.engine + ': ' + p.table.addresses + ' addresses, ' + p.table.noRoute + ' without a route)';
  p.table.byPort.forEach((b) => {
    const tr = document.createElement('tr');
    C.cell(tr, b.port); C.cell(tr, b.addresses);
    body.appendChild(tr);
  });
  $('part-lft-link').href = '#/lft';
  $('part-lft-link').onclick = () => { $('lft-switch').value = p.board.substring(7); };
}

function drawPlot(p) {
  if (!p.history) return;
  if (picked === null) {
    const bad = p.ports.find((q) => q.state !== 'up' || q.linkUp === false);
    picked = bad ? bad.port : p.ports[0].port;
  }
  const series = p.history.ports.find((q) => q.port === picked);
  $('part-port-caption').textContent = '(port ' + picked + ': flits per cycle out, transmit-wait per cycle; the last ' +
    p.history.cycles.length + ' polls)';
  if (!series) return;
  const xs = p.history.cycles;
  const data = [xs, series.utilisation, series.transmitWait];
  if (!plot) {
    plot = new uPlot({
      width: 460, height: 200,
      scales: { x: { time: false } },
      axes: [{ label: 'cycle' }, {}],
      series: [{ label: 'cycle' }, { label: 'utilisation', stroke: '#1565c0', width: 1.5, value: C.latest(3) },
        { label: 'transmit-wait', stroke: '#c62828', width: 1.2, value: C.latest(3) }]
    }, data, $('part-plot'));
  } else {
    plot.setData(data);
  }
}

function drawEvents(p) {
  $('part-events-link').onclick = () => { $('events-part').value = p.part; };
  C.api('GET', '/api/events?limit=20&part=' + encodeURIComponent(p.part)).then((r) => {
    const ul = $('part-events');
    ul.textContent = '';
    (r.ok ? r.body.events : []).forEach((e) => {
      const li = document.createElement('li');
      li.textContent = new Date(e.atMs).toLocaleTimeString() + ' ' + e.severity + ': ' + e.text + (e.outcome ? ' (' + e.outcome + ')' : '');
      ul.appendChild(li);
    });
    if (!ul.children.length) ul.textContent = 'none';
  });
}

// which sections show: an optical board's, an electrical part's, or none (no such part: its name says so, nothing else)
function sections(kind) {
  $('part-optical').hidden = kind !== 'optical';
  document.querySelectorAll('#view-part .electrical-part').forEach((el) => { el.hidden = kind !== 'electrical'; });
  $('part-common').hidden = kind === null;
}

// another part: nothing of the previous one (its chart, its rows, its actions) shows while this one is read
function forget() {
  if (plot) { plot.destroy(); plot = null; }
  $('part-plot').textContent = '';
  $('part-port-caption').textContent = '';
  $('part-caption').textContent = '';
  ['part-ports', 'part-nodes', 'part-timing', 'part-fibres', 'part-table'].forEach((id) => {
    const body = $(id).querySelector('tbody');
    body.textContent = '';
    delete body.dataset.ports;
  });
  $('part-faults').textContent = '';
  delete $('part-faults').dataset.drawn;
  $('part-events').textContent = '';
  sections(null);
}

function load() {
  if (!name || $('view-part').hidden) return;
  const asked = name;
  C.api('GET', '/api/parts/' + encodeURIComponent(asked)).then((r) => {
    if (asked !== name) return; // an answer about the part shown before
    if (!r.ok) { status(r.body.error); $('part-caption').textContent = ''; sections(null); return; }
    const p = r.body;
    const optical = p.fabric === 'oft';
    sections(optical ? 'optical' : 'electrical');
    if (optical) {
      $('part-caption').textContent = p.part + ', ' + p.kind + (p.level ? ' of level ' + p.level + ' (' + (p.nodesAtLevel || '?') + ' nodes)' : '');
      drawOptical(p);
    } else {
      $('part-caption').textContent = p.part + ' ' + p.tuple + ', level ' + p.level + ', ' + p.name + ', GUID ' + p.guid +
        (p.failedNode ? ' — DECLARED FAILED' : '') + (p.cycle !== undefined && p.cycle !== null ? '; counters at cycle ' + p.cycle : '');
      drawPorts(p);
      drawTable(p);
      drawPlot(p);
    }
    drawFaults(p);
    drawEvents(p);
  });
}

$('part-go').addEventListener('click', () => { location.hash = '#/part/' + encodeURIComponent($('part-name').value.trim()); });
$('part-name').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('part-go').click(); });
$('part-reboot').addEventListener('click', () => act('Reboot ' + name + '? It drops what reaches it until its table is deployed again.',
  'POST', '/api/faults', { spec: 'reboot:' + name }, (b) => 'injected: ' + b.applied));
$('part-fail-switch').addEventListener('click', () => act('Declare ' + name + ' failed and reroute around all its cables?',
  'POST', '/api/fail', { fail: 'switch:' + name }, (b) => 'rerouted: ' + b.entriesChanged + ' entries; ' + b.unreachablePairs + ' pairs unreachable'));

$('part-skew-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const ps = $('part-skew').value.trim();
  act('Skew ' + name + "'s clock by " + ps + ' ps? Its packets may arrive outside their windows.', 'POST', '/api/faults',
    { spec: 'skew:' + name + ':' + ps }, (b) => 'injected: ' + b.applied);
});

C.view('part', {
  show: () => {
    const h = fromHash();
    if (h && h.name !== name) { picked = null; forget(); }
    if (h) { name = h.name; if (h.port) picked = h.port; $('part-name').value = name; }
    status('');
    load();
    clearInterval(timer);
    timer = setInterval(() => { if ($('view-part').hidden) clearInterval(timer); else if (!C.stale()) load(); }, 2000);
  }
});
