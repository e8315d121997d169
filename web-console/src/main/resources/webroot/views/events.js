// Events: the controller's log (operators' changes, alarms, threshold alerts, changes of owner), newest first,
// filtered by severity, part, kind, time and acknowledgement; each warning or alarm acknowledged once seen; a CSV export of the
// same rows; the alert thresholds.
import C from '../core/console.js';
const $ = C.$;

let shown = false;
const ALERTS = ['utilisation', 'transmitWait', 'drops', 'marginPs'];

function query() {
  const q = new URLSearchParams({ limit: '500', severity: $('events-severity').value });
  const part = $('events-part').value.trim();
  if (part) q.set('part', part);
  if ($('events-kind').value) q.set('kind', $('events-kind').value);
  if ($('events-unacked').checked) q.set('unacked', 'true');
  if ($('events-since').value) q.set('since', String(Date.now() - Number($('events-since').value)));
  return q;
}

function acknowledge(e, button) {
  button.disabled = true;
  C.api('POST', '/api/events/' + e.id + '/ack', {}).then(load);
}

// every event the filter shows and nobody has seen yet, in one click: a storm of warnings is one acknowledgement
function acknowledgeAll() {
  const q = query();
  const filter = { severity: q.get('severity') };
  if (q.get('part')) filter.part = q.get('part');
  if (q.get('kind')) filter.kind = q.get('kind');
  if (q.get('since')) filter.since = Number(q.get('since'));
  $('events-ack-all').disabled = true;
  C.api('POST', '/api/events/ack', filter).then((r) => {
    $('events-ack-all').disabled = false;
    $('events-ack-note').textContent = r.ok ? r.body.acknowledged + ' acknowledged' : (r.body && r.body.error) || 'refused';
    load();
  });
}

function load() {
  const q = query();
  const csv = new URLSearchParams(q);
  csv.set('format', 'csv');
  csv.set('limit', '10000');
  $('events-csv').href = '/api/events?' + csv.toString();
  return C.api('GET', '/api/events?' + q.toString()).then((r) => {
    if (!r.ok) return;
    const body = $('events-table').querySelector('tbody');
    body.textContent = '';
    const frag = document.createDocumentFragment();
    r.body.events.forEach((e) => {
      const tr = document.createElement('tr');
      tr.id = 'event-' + e.id;
      C.cell(tr, new Date(e.atMs).toLocaleString());
      C.cell(tr, e.severity, e.severity === 'alarm' ? 'bad' : e.severity === 'warning' ? 'warn' : '');
      C.cell(tr, e.kind);
      C.cell(tr, '').appendChild(C.partLink(e.part, null, e.part || '–')); // a switch or host opens its drill-down
      C.cell(tr, e.who || 'the controller');
      C.cell(tr, e.outcome || '–');
      C.cell(tr, e.text);
      const seen = C.cell(tr, '');
      if (e.ackedBy) {
        seen.textContent = 'seen ' + new Date(e.ackedMs).toLocaleTimeString();
        seen.title = e.ackedBy;
      } else if (e.severity !== 'info') {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'small ack';
        b.textContent = 'acknowledge';
        b.addEventListener('click', () => acknowledge(e, b));
        seen.appendChild(b);
      }
      frag.appendChild(tr);
    });
    body.appendChild(frag);
  });
}

function loadAlerts() {
  C.api('GET', '/api/alerts').then((r) => {
    if (!r.ok) return;
    ALERTS.forEach((k) => { $('alert-' + k).value = r.body[k] === null || r.body[k] === undefined ? '' : r.body[k]; });
  });
}

$('alerts-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const body = {};
  for (const k of ALERTS) {
    const v = $('alert-' + k).value.trim();
    if (v !== '' && isNaN(Number(v))) { $('alerts-status').textContent = k + ' must be a number or empty (off)'; return; }
    body[k] = v === '' ? null : Number(v);
  }
  C.api('POST', '/api/alerts', body).then((r) => {
    $('alerts-status').textContent = r.ok ? 'set' : 'refused: ' + r.body.error;
    loadAlerts();
  });
});

function poll() {
  if (shown && !document.getElementById('view-events').hidden) load();
  setTimeout(poll, 2000);
}

$('events-severity').addEventListener('change', load);
$('events-part').addEventListener('change', load);
$('events-unacked').addEventListener('change', load);
$('events-since').addEventListener('change', load);
$('events-ack-all').addEventListener('click', acknowledgeAll);
$('events-kind').addEventListener('change', load);
C.view('events', { show: () => { shown = true; load(); loadAlerts(); } });
poll();
