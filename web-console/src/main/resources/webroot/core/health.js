// The header's health summary, on both fabrics (GET /api/summary): alarms not acknowledged, parts declared failed,
// faults in force, ports down, boards another controller holds, boards with no table or no answer, the clock kept;
// each a link to the view that lists them.
// Only what is not well is shown by name; all well is one green badge.
import { $ } from './dom.js';

function show(s) {
  const el = $('health');
  el.textContent = '';
  const bad = (s.items || []).filter((i) => !i.ok);
  if (!bad.length) {
    const a = document.createElement('a');
    a.href = '#/events';
    a.className = 'badge on';
    a.id = 'health-ok';
    a.textContent = 'all well';
    a.title = (s.items || []).map((i) => i.text).join(' · ');
    el.appendChild(a);
    return;
  }
  bad.forEach((i) => {
    const a = document.createElement('a');
    a.href = i.link;
    a.className = 'badge bad';
    a.id = 'health-' + i.key;
    a.textContent = i.text;
    el.appendChild(a);
  });
}

function poll() {
  fetch('/api/summary').then((r) => (r.ok ? r.json() : null)).then((s) => { if (s) show(s); })
    .catch(() => {}).finally(() => setTimeout(poll, 2000));
}

poll();
