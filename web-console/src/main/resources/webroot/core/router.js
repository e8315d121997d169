// The configuration and the views, switched by the URL (#/oft, #/boards, ...) so that a view can be linked.
import { $ } from './dom.js';
import { emit } from './telemetry.js';
import { standby, notStandby } from './owner.js';

const views = {};
let config = null;

/** The running configuration, or null before it was read. */
export function current() {
  return config;
}

/** A view: {show()}; its <main id="view-NAME" data-fabric="oft|fattree|both"> holds it. */
export function view(name, v) {
  views[name] = v;
}

function fabricOf(c) { return c && c.fabric === 'fattree' ? 'fattree' : 'oft'; }

function buildNav() {
  const nav = $('nav');
  nav.textContent = '';
  document.querySelectorAll('main.view').forEach((el) => {
    const f = el.dataset.fabric;
    if ((f !== 'both' && f !== fabricOf(config)) || el.dataset.nav === 'no') return;
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

/** Reads the configuration; a changed one rebuilds the nav and is told to every 'config' listener. */
export function loadConfig() {
  return fetch('/api/config').then((r) => r.json()).then((c) => {
    if (c.role === 'standby' || c.role === 'fenced') { standby(c); config = null; setTimeout(loadConfig, 2000); return; }
    notStandby();
    if (c.fabric !== 'fattree' && !c.sequence) { setTimeout(loadConfig, 500); return; } // not deployed yet
    const changed = !config || JSON.stringify(config) !== JSON.stringify(c);
    config = c;
    $('title').textContent = fabricOf(c) === 'fattree' ? 'Electrical fat tree — ' + c.topology : 'Optical fat tree — order ' + c.order;
    if (changed) { // the same configuration read again (a reconnect) keeps the nav's links as they are
      buildNav();
      emit('config', c);
    }
    route();
  }).catch(() => setTimeout(loadConfig, 1000));
}
