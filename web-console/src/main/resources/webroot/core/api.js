// The JSON API and the token its mutating calls carry.
import { $ } from './dom.js';

// the token the server printed (link #token=...), kept for this tab; mutating calls send it
const m = /[#&]token=([0-9a-f]+)/.exec(location.hash);
if (m) {
  sessionStorage.setItem('oft-token', m[1]);
  history.replaceState(null, '', location.pathname + location.search + '#/');
}

// a refused token is said at the top of every view, not only in the status line of the form used
function tokenRefused(error) {
  const el = $('token-error');
  el.hidden = !error;
  el.textContent = error ? 'Token refused: ' + error + '. Open the link the controller printed at start (…/#token=…).' : '';
}

/** A JSON call; resolves with {ok, status, body} and never rejects on an HTTP error. */
export function api(method, path, body) {
  return fetch(path, {
    method: method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: Object.assign({ 'X-OFT-Token': sessionStorage.getItem('oft-token') || '' },
      body === undefined ? {} : { 'content-type': 'application/json' })
  }).then((r) => r.text().then((t) => {
    let j = {};
    try { j = t ? JSON.parse(t) : {}; } catch (e) { j = { error: t }; }
    if (method !== 'GET') tokenRefused(r.status === 401 ? j.error : null);
    return { ok: r.ok, status: r.status, body: j };
  }));
}
