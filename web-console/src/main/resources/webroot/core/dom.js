// DOM helpers every view uses.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** A value for a cell: '–' for none, a number to d decimals when d is given. */
export const fmt = (v, d) => (v === null || v === undefined ? '–' : (typeof v === 'number' && d !== undefined ? v.toFixed(d) : String(v)));

/** Appends a cell with text (or '–') to a table row, optionally with a class; returns it. */
export function cell(tr, text, cls) {
  const td = document.createElement('td');
  td.textContent = text === null || text === undefined ? '–' : text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

let pending = null;

/**
 * Asks before a destructive action, in the page (no browser dialog): resolves true on confirm, false on
 * cancel or when another question replaces it.
 */
export function confirmAction(text) {
  if (pending) pending(false);
  const box = $('confirm');
  $('confirm-text').textContent = text;
  box.hidden = false;
  return new Promise((resolve) => {
    pending = (yes) => { pending = null; box.hidden = true; resolve(yes); };
  });
}
$('confirm-yes').addEventListener('click', () => { if (pending) pending(true); });
$('confirm-no').addEventListener('click', () => { if (pending) pending(false); });

/** A link to a part's drill-down (switch-N, host-N, router-L, proc-S; optionally a port), or plain text for anything else. */
export function partLink(name, port, text) {
  const m = /^(switch|host|router|proc)-[0-9]+$/.exec(name || '');
  if (!m) return document.createTextNode(text || name || '–');
  const a = document.createElement('a');
  a.className = 'part';
  a.href = '#/part/' + name + (port ? '/' + port : '');
  a.textContent = text || (name + (port ? ' port ' + port : ''));
  return a;
}
