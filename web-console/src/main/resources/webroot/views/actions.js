// Actions: faults injected and cleared, the slot clock, the engine and declared failures.
import C from '../core/console.js';
const $ = C.$;
const status = (text) => { $('action-status').textContent = text; };

function loadFaults() {
  C.api('GET', '/api/faults').then((r) => {
    const body = $('faults-table').querySelector('tbody');
    body.textContent = '';
    if (!r.ok) return;
    r.body.faults.forEach((f) => {
      const tr = document.createElement('tr');
      tr.dataset.id = f.id;
      C.cell(tr, f.id);
      C.cell(tr, f.description);
      C.cell(tr, f.sinceSlot !== undefined ? 'slot ' + f.sinceSlot : 'cycle ' + f.sinceCycle);
      const td = C.cell(tr, '');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = 'clear';
      b.className = 'clear-fault';
      b.addEventListener('click', () => C.api('DELETE', '/api/faults/' + f.id).then(cleared));
      td.appendChild(b);
      body.appendChild(tr);
    });
    $('fault-form').hidden = r.body.injectable === false;
  });
}

// a clear answers what it cleared; clearing a fault the phases were calibrated with also recalibrated (a new deploy)
function cleared(x) {
  status(x.ok ? (String(x.body.cleared).startsWith('cleared') ? x.body.cleared : 'cleared ' + x.body.cleared) : 'not cleared: ' + x.body.error);
  loadFaults();
  if (x.ok && x.body.recalibrated) C.reloadConfig();
}

$('faults-clear-all').addEventListener('click', () => C.confirm('Clear every fault in force?').then((yes) => {
  if (yes) C.api('DELETE', '/api/faults').then(cleared);
}));

// one grammar for both fabrics (KIND:PART[:ARG], e.g. skew:router-3:700, dead:switch-5:2); a JSON object is sent as it is
$('fault-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const spec = $('fault-spec').value.trim();
  let body;
  if (spec.startsWith('{')) {
    try { body = JSON.parse(spec); } catch (err) { status('not JSON: ' + err.message); return; }
  } else {
    body = { spec: spec };
  }
  C.api('POST', '/api/faults', body).then((r) => {
    status(r.ok ? 'injected: ' + r.body.applied : 'refused: ' + r.body.error);
    loadFaults();
  });
});

function clock(running) {
  const body = { running: running };
  const rate = parseFloat($('clock-rate').value);
  if (running && !isNaN(rate)) body.slotsPerSecond = rate;
  C.api('POST', '/api/clock', body).then((r) => {
    status(r.ok ? (r.body.running ? 'clock running at ' + r.body.slotsPerSecond + ' slots/s' : 'clock stopped') : 'refused: ' + r.body.error);
    if (r.ok) C.reloadConfig();
  });
}
$('recalibrate').addEventListener('click', () => {
  status('recalibrating…');
  C.api('POST', '/api/recalibrate', {}).then((r) => {
    status(r.ok ? 'recalibrated: phases deployed at slot ' + r.body.epoch + ', predicted worst margin ' + r.body.worstMarginPs + ' ps'
      : 'not recalibrated: ' + r.body.error);
    if (r.ok) C.reloadConfig();
  });
});
$('clock-start').addEventListener('click', () => clock(true));
$('clock-stop').addEventListener('click', () => clock(false));

// an engine change's report, as the status line says it
function deployed(j) {
  return 'deployed ' + j.engine + (j.undid ? ' again (undone)' : '') + ' at slot ' + j.epoch + ': ' + j.blocksWritten + ' blocks, ' +
    j.bytesWritten + ' bytes; across the switch-over ' + j.switchOver.lost + ' lost, ' + j.switchOver.misrouted + ' misrouted' +
    (j.switchOver.discardedAtDeadLinks ? ' (' + j.switchOver.discardedAtDeadLinks + ' more discarded at dead links: a fault, not the change)' : '');
}

function engineCall(path, body, what) {
  const st = $('engine-status');
  st.textContent = what + '…';
  $('engine-apply').disabled = true;
  $('engine-undo').disabled = true;
  return C.api('POST', path, body).then((r) => {
    st.textContent = r.ok ? deployed(r.body) : 'refused: ' + r.body.error;
    C.reloadConfig(); // the configuration says what an undo would put back
  }).finally(() => { $('engine-apply').disabled = false; $('engine-undo').disabled = false; });
}

$('engine-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const engine = $('engine-select').value;
  const paths = Number($('paths-select').value);
  C.confirm('Redeploy every switch with ' + engine + (paths > 1 ? ' over ' + paths + ' paths' : '') + '? Tables change at one epoch.')
    .then((yes) => { if (yes) engineCall('/api/engine', { engine: engine, paths: paths }, 'deploying ' + engine); });
});
// the last engine change, undone by the controller (POST /api/engine/undo): offered while there is one
$('engine-undo').addEventListener('click', () => engineCall('/api/engine/undo', {}, 'undoing'));

$('fail-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const st = $('fail-status');
  const spec = $('fail-spec').value.trim();
  C.confirm('Declare ' + spec + ' failed and reroute around it? (repair undoes it)').then((yes) => {
  if (!yes) return;
  st.textContent = 'rerouting around ' + spec + '…';
  $('fail-apply').disabled = true;
  C.api('POST', '/api/fail', { fail: spec }).then((r) => {
    const j = r.body;
    st.textContent = r.ok ? 'rerouted: ' + j.entriesChanged + ' entries, ' + j.blocksWritten + ' blocks at slot ' + j.epoch + '; ' +
      j.unreachablePairs + ' pairs unreachable' + (j.unreachablePairs ? ' (e.g. ' + j.unreachableExamples.slice(0, 3).join(', ') + ')' : '') +
      (j.unreachableByRouting ? ', ' + j.unreachableByRouting + ' of them still joined by cables, but only down then up' : '') +
      '; across the switch-over ' + j.switchOver.lost + ' lost, ' + j.switchOver.misrouted + ' misrouted' : 'refused: ' + j.error;
    C.reloadConfig(); // the configuration changed: its listener reads the failures again
  }).finally(() => { $('fail-apply').disabled = false; });
  });
});

// the declared failures, each with a button that repairs it (the tables rerouted without it, deployed)
function loadFailures() {
  C.api('GET', '/api/fail').then((r) => {
    const list = $('failures');
    list.textContent = '';
    const failures = r.ok ? r.body.failures : [];
    if (failures.length === 0) {
      list.textContent = 'none';
      return;
    }
    failures.forEach((f) => {
      const item = document.createElement('span');
      item.className = 'failure';
      item.textContent = f.spec + ' ';
      const b = document.createElement('button');
      b.type = 'button';
      b.id = 'repair-' + f.id;
      b.textContent = 'repair';
      b.title = 'reroute without this failure and deploy the changed blocks';
      b.addEventListener('click', () => repair(f, b));
      item.appendChild(b);
      list.appendChild(item);
    });
  });
}

function repair(f, button) {
  const st = $('fail-status');
  button.disabled = true;
  st.textContent = 'repairing ' + f.spec + '…';
  C.api('DELETE', '/api/fail/' + f.id).then((r) => {
    const j = r.body;
    st.textContent = r.ok ? 'repaired ' + j.repaired + ': ' + j.blocksWritten + ' blocks at slot ' + j.epoch + '; ' + j.unreachablePairs +
      ' pairs unreachable; across the switch-over ' + j.switchOver.lost + ' lost, ' + j.switchOver.misrouted + ' misrouted'
      : 'refused: ' + j.error;
    C.reloadConfig(); // the configuration changed: its listener reads the failures again
  });
}

// a single-path engine routes one path over all of a host's addresses: the choice is offered for the others only
function pathsFor(engine) {
  const c = C.config();
  const ps = $('paths-select');
  const multi = c.multiPathEngines.includes(engine);
  if (!multi) ps.value = 1;
  ps.disabled = c.addressesPerHost === 1 || !multi;
  ps.title = c.addressesPerHost === 1 ? 'one address per host: serve --paths K gives each host K'
    : multi ? '' : engine + ' is single-path';
}
$('engine-select').addEventListener('change', () => pathsFor($('engine-select').value));

C.on('config', (c) => {
  $('clock-rate').value = c.slotsPerSecond;
  const before = c.engineBefore;
  $('engine-undo').hidden = !before;
  if (before) $('engine-undo').textContent = 'undo: back to ' + before.engine + (before.paths > 1 ? ' over ' + before.paths + ' paths' : '');
  if (c.fabric === 'fattree') {
    $('fault-spec').placeholder = 'dead:switch-5:2';
    $('fault-help').textContent = 'dead:SWITCH:PORT (cut the cable at a physical port), reboot:SWITCH; a switch is switch-N, a tuple ' +
      '(l,a_h,...,a_1), a GUID or its name. To route around a part instead, declare it failed below (link:SWITCH:PORT, switch:SWITCH, host:N)';
    const sel = $('engine-select');
    sel.textContent = '';
    c.engines.forEach((x) => { const o = document.createElement('option'); o.value = x; o.textContent = x; sel.appendChild(o); });
    sel.value = c.engine;
    // K paths per pair, spread over the addresses the boards give each host: the divisors of that number
    const ps = $('paths-select');
    ps.textContent = '';
    for (let k = 1; k <= c.addressesPerHost; k++) {
      if (c.addressesPerHost % k === 0) { const o = document.createElement('option'); o.value = k; o.textContent = k; ps.appendChild(o); }
    }
    ps.value = c.paths;
    pathsFor(sel.value);
    loadFailures();
  } else {
    $('fault-spec').placeholder = 'stuck:2:1:turn';
    $('fault-help').textContent = 'skew:router-3:700 (ps off the calibrated phase), drift:router-2:50 (ppm), fibre:L3.0.2:+30 (mm), ' +
      'stuck:2:1:turn|drop|free, dead:L2.1.0, flip:5:12:2 (processor, row, bit); a fault replaces the one on the same target ' +
      '(router-03 is router-3)';
  }
});
C.view('actions', { show: loadFaults });
