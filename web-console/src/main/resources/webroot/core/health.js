// The header's health summary, on both fabrics (GET /api/summary): alarms not acknowledged, parts declared failed,
// faults in force, ports down, boards another controller holds, boards with no table or no answer, the clock kept;
// each a link to the view that lists them.
// Only what is not well is shown by name; all well is one green badge. Badges are updated in place, never rebuilt, so
// a click is not lost on a link replaced under the pointer by the next poll.
import { $ } from './dom.js';

function badge(el, id, cls, link, text, before) {
  let a = document.getElementById(id);
  if (!a || a.parentNode !== el) {
    a = document.createElement('a');
    a.id = id;
  }
  if (a.className !== cls) a.className = cls;
  if (a.getAttribute('href') !== link) a.setAttribute('href', link);
  if (a.textContent !== text) a.textContent = text;
  if (a !== before) el.insertBefore(a, before);
  return a;
}

function show(s) {
  const el = $('health');
  const items = s.items || [];
  const bad = items.filter((i) => !i.ok);
  const keep = bad.length
    ? bad.map((i) => ['health-' + i.key, 'badge bad', i.link, i.text, null])
    : [['health-ok', 'badge on', '#/events', 'all well', items.map((i) => i.text).join(' · ')]];
  let next = el.firstChild;
  keep.forEach(([id, cls, link, text, title]) => {
    const a = badge(el, id, cls, link, text, next);
    if (title !== null && a.title !== title) a.title = title;
    next = a.nextSibling;
  });
  while (next) {
    const gone = next;
    next = next.nextSibling;
    el.removeChild(gone);
  }
}

function poll() {
  fetch('/api/summary').then((r) => (r.ok ? r.json() : null)).then((s) => { if (s) show(s); })
    .catch(() => {}).finally(() => setTimeout(poll, 2000));
}

poll();
