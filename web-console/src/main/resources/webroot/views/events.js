// Events: the controller's log (operators' changes, alarms, changes of owner), newest first, filtered by severity and part.
import C from '../core/console.js';
const $ = C.$;

let shown = false;

function load() {
  const q = new URLSearchParams({ limit: '500', severity: $('events-severity').value });
  const part = $('events-part').value.trim();
  if (part) q.set('part', part);
  return C.api('GET', '/api/events?' + q.toString()).then((r) => {
    if (!r.ok) return;
    const body = $('events-table').querySelector('tbody');
    body.textContent = '';
    const frag = document.createDocumentFragment();
    r.body.events.forEach((e) => {
      const tr = document.createElement('tr');
      C.cell(tr, new Date(e.atMs).toLocaleString());
      C.cell(tr, e.severity, e.severity === 'alarm' ? 'bad' : e.severity === 'warning' ? 'warn' : '');
      C.cell(tr, e.kind);
      C.cell(tr, e.part || '–');
      C.cell(tr, e.who || 'the controller');
      C.cell(tr, e.outcome || '–');
      C.cell(tr, e.text);
      frag.appendChild(tr);
    });
    body.appendChild(frag);
  });
}

function poll() {
  if (shown && !document.getElementById('view-events').hidden) load();
  setTimeout(poll, 2000);
}

$('events-severity').addEventListener('change', load);
$('events-part').addEventListener('change', load);
C.view('events', { show: () => { shown = true; load(); } });
poll();
