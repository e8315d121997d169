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
