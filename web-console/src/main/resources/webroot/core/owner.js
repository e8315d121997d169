// Who owns the boards: the header's badge, the Boards view's table, the standby banner, and the page
// following the master when its own controller goes away (controllers of one bench share a token).
import { $ } from './dom.js';
import { isStale } from './telemetry.js';

let last = null;
let others = []; // consoles of the other controllers standing, as the last answer listed them

function consoleUrl(c) {
  const wildcard = c.host === '0.0.0.0' || c.host === '::' || !c.host;
  const host = wildcard ? location.hostname : (c.host.indexOf(':') >= 0 ? '[' + c.host + ']' : c.host);
  return (c.scheme || 'http') + '://' + host + ':' + c.port;
}

function seconds(ms) { return (ms / 1000).toFixed(ms < 10000 ? 1 : 0) + ' s'; }

function show(o) {
  last = o;
  const badge = $('owner');
  const mine = (o.boards || []).filter((b) => b.controller === o.controller);
  const lease = mine.length ? Math.min.apply(null, mine.map((b) => b.leaseLeftMillis)) : 0;
  if (o.role === 'master') {
    badge.textContent = o.generation ? 'owner ' + o.controller + ' · generation ' + o.generation + ' · lease ' + seconds(lease)
      : 'owner ' + o.controller;
    badge.className = 'badge on';
  } else {
    const owner = (o.boards || []).map((b) => b.controller).find((c) => c && c !== o.controller);
    badge.textContent = o.role + (owner ? ': boards owned by ' + owner : '');
    badge.className = o.role === 'standby' ? 'badge off' : 'badge bad'; // standing by is normal; fenced is not
  }
  $('owner-summary').textContent = o.note ? o.note : o.fenced ? 'fenced: ' + o.fenced : o.boardsError ? 'boards did not answer: ' + o.boardsError : '';
  const body = $('owners-table').querySelector('tbody');
  body.textContent = '';
  (o.boards || []).forEach((b) => {
    const tr = document.createElement('tr');
    [b.board, b.controller || '–', b.generation, b.leaseLeftMillis > 0 ? seconds(b.leaseLeftMillis) : 'none'].forEach((v, i) => {
      const td = document.createElement('td');
      td.textContent = v;
      if (i === 1 && b.controller !== o.controller) td.className = 'bad';
      tr.appendChild(td);
    });
    body.appendChild(tr);
  });
  if (o.candidates) {
    others = o.candidates.filter((c) => c.id !== o.controller && c.port);
    $('candidates').textContent = o.candidates.map((c) => c.id + ' (priority ' + c.priority + (c.port ? ', ' + consoleUrl(c) : '') + ')')
      .join(', ');
  }
}

/** The console of another controller that says it is master now, if any. */
function findMaster() {
  return Promise.all(others.map((c) => fetch(consoleUrl(c) + '/api/owner').then((r) => r.json())
    .then((o) => (o.role === 'master' ? consoleUrl(c) : null)).catch(() => null)))
    .then((found) => found.find((u) => u) || null);
}

function poll() {
  fetch('/api/owner').then((r) => r.json()).then(show).catch(() => {
    if (!isStale() || !others.length) return;
    // this page's controller is gone: go to the one that took over, with the token the bench shares
    findMaster().then((url) => {
      if (url) location.href = url + '/#token=' + (sessionStorage.getItem('oft-token') || '');
    });
  }).finally(() => setTimeout(poll, 2000));
}

/** A standby's (or fenced controller's) configuration: say so, and point at the master. */
export function standby(c) {
  const note = $('standby-note');
  note.hidden = false;
  note.textContent = '';
  note.append('This controller (' + c.controller + ') ' + (c.role === 'fenced' ? 'was fenced off the boards: ' + (c.why || '')
    : 'stands by: it takes the boards over when the master is gone.') + ' ');
  (c.candidates || []).filter((x) => x.id !== c.controller && x.port).forEach((x) => {
    const a = document.createElement('a');
    a.href = consoleUrl(x) + '/#token=' + (sessionStorage.getItem('oft-token') || '');
    a.textContent = x.id + "'s console";
    note.append(a, ' ');
  });
  document.querySelectorAll('main.view').forEach((v) => { v.hidden = true; });
}

export function notStandby() {
  $('standby-note').hidden = true;
}

export function owner() {
  return last;
}

poll();
