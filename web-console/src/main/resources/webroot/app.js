// The console's core: the token, the API, one WebSocket of telemetry, the configuration and the
// views, switched by the URL (#/oft, #/boards, ...) so that a view can be linked.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  // the token the server printed (link #token=...), kept for this tab; mutating calls send it
  const m = /[#&]token=([0-9a-f]+)/.exec(location.hash);
  if (m) {
    sessionStorage.setItem('oft-token', m[1]);
    history.replaceState(null, '', location.pathname + location.search + '#/');
  }
  const listeners = { config: [], telemetry: [], health: [], ports: [], stale: [] };
  const views = {};
  let config = null;
  let stale = true;

  const C = window.Console = {
    $: $,
    fmt: (v, d) => (v === null || v === undefined ? '–' : (typeof v === 'number' && d !== undefined ? v.toFixed(d) : String(v))),
    on: (type, fn) => listeners[type].push(fn),
    config: () => config,
    stale: () => stale,
    /** A JSON call; resolves with {ok, status, body} and never rejects on an HTTP error. */
    api: (method, path, body) => fetch(path, {
      method: method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: Object.assign({ 'X-OFT-Token': sessionStorage.getItem('oft-token') || '' },
        body === undefined ? {} : { 'content-type': 'application/json' })
    }).then((r) => r.text().then((t) => {
      let j = {};
      try { j = t ? JSON.parse(t) : {}; } catch (e) { j = { error: t }; }
      if (method !== 'GET') tokenRefused(r.status === 401 ? j.error : null);
      return { ok: r.ok, status: r.status, body: j };
    })),
    cell: (tr, text, cls) => {
      const td = document.createElement('td');
      td.textContent = text === null || text === undefined ? '–' : text;
      if (cls) td.className = cls;
      tr.appendChild(td);
      return td;
    },
    /** A view: {fabric: 'oft'|'fattree'|'both', show()}; its <main id="view-NAME"> holds it. */
    view: (name, v) => { views[name] = v; },
    reloadConfig: () => loadConfig()
  };

  // a refused token is said at the top of every view, not only in the status line of the form used
  function tokenRefused(error) {
    const el = $('token-error');
    el.hidden = !error;
    el.textContent = error ? 'Token refused: ' + error + '. Open the link the controller printed at start (…/#token=…).' : '';
  }

  function fabricOf(c) { return c && c.fabric === 'fattree' ? 'fattree' : 'oft'; }

  function buildNav() {
    const nav = $('nav');
    nav.textContent = '';
    document.querySelectorAll('main.view').forEach((el) => {
      const f = el.dataset.fabric;
      if (f !== 'both' && f !== fabricOf(config)) return;
      const name = el.id.substring(5);
      const a = document.createElement('a');
      a.href = '#/' + name;
      a.id = 'nav-' + name;
      a.textContent = el.dataset.title;
      nav.appendChild(a);
    });
    document.querySelectorAll('.fattree-only').forEach((el) => { el.hidden = fabricOf(config) !== 'fattree'; });
    document.querySelectorAll('.oft-only').forEach((el) => { el.hidden = fabricOf(config) !== 'oft'; });
  }

  function route() {
    if (!config) return;
    let name = (/^#\/([a-z]+)/.exec(location.hash) || [])[1];
    const el = name && $('view-' + name);
    if (!el || (el.dataset.fabric !== 'both' && el.dataset.fabric !== fabricOf(config))) {
      name = fabricOf(config) === 'fattree' ? 'fabric' : 'oft';
      history.replaceState(null, '', '#/' + name);
    }
    document.querySelectorAll('main.view').forEach((v) => { v.hidden = v.id !== 'view-' + name; });
    document.querySelectorAll('#nav a').forEach((a) => a.classList.toggle('current', a.id === 'nav-' + name));
    if (views[name] && views[name].show) views[name].show();
  }
  window.addEventListener('hashchange', route);

  function setStale(s) {
    stale = s;
    document.body.classList.toggle('stale', s);
    $('stale-note').hidden = !s;
    if (s) {
      const clock = $('clock');
      clock.textContent = 'clock unknown';
      clock.className = 'badge off';
    }
    listeners.stale.forEach((fn) => fn(s));
  }

  function loadConfig() {
    return fetch('/api/config').then((r) => r.json()).then((c) => {
      if (c.fabric !== 'fattree' && !c.sequence) { setTimeout(loadConfig, 500); return; } // not deployed yet
      const changed = !config || JSON.stringify(config) !== JSON.stringify(c);
      config = c;
      $('title').textContent = fabricOf(c) === 'fattree' ? 'Electrical fat tree — ' + c.topology : 'Optical fat tree — order ' + c.order;
      if (changed) { // the same configuration read again (a reconnect) keeps the nav's links as they are
        buildNav();
        listeners.config.forEach((fn) => fn(c));
      }
      route();
    }).catch(() => setTimeout(loadConfig, 1000));
  }

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(proto + '//' + location.host + '/ws/telemetry');
    const badge = $('connection');
    ws.onopen = () => {
      badge.textContent = 'live';
      badge.className = 'badge on';
      // the server may have restarted with another configuration: read it again before trusting data
      loadConfig().then(() => setStale(false));
    };
    ws.onmessage = (e) => {
      if (stale || !config) return;
      const msg = JSON.parse(e.data);
      const type = msg.type === 'health' ? 'health' : msg.type === 'ports' ? 'ports' : 'telemetry';
      if (type === 'telemetry') {
        const clock = $('clock');
        clock.textContent = msg.running ? 'clock running' : 'clock stopped';
        clock.className = 'badge ' + (msg.running ? 'on' : 'off');
      }
      listeners[type].forEach((fn) => fn(msg));
    };
    ws.onclose = () => {
      badge.textContent = 'disconnected — retrying';
      badge.className = 'badge bad';
      setStale(true);
      setTimeout(connect, 1000);
    };
  }

  document.addEventListener('DOMContentLoaded', () => { loadConfig(); connect(); });
})();
