// One WebSocket of telemetry, its listeners by record type, and whether what the page shows is stale.
import { $ } from './dom.js';

const listeners = { config: [], telemetry: [], health: [], ports: [], stale: [] };
let stale = true;

/** Calls fn with every record of a type: config, telemetry, health, ports or stale (true/false). */
export function on(type, fn) {
  listeners[type].push(fn);
}

export function emit(type, msg) {
  listeners[type].forEach((fn) => fn(msg));
}

export function isStale() {
  return stale;
}

function setStale(s) {
  stale = s;
  document.body.classList.toggle('stale', s);
  $('stale-note').hidden = !s;
  if (s) {
    const clock = $('clock');
    clock.textContent = 'clock unknown';
    clock.className = 'badge off';
  }
  emit('stale', s);
}

/**
 * Connects, and reconnects a second after every close. reload() reads the configuration again (the
 * server may have restarted with another one) before the page trusts data; ready() says whether it has one.
 */
export function connect(reload, ready) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(proto + '//' + location.host + '/ws/telemetry');
  const badge = $('connection');
  ws.onopen = () => {
    badge.textContent = 'live';
    badge.className = 'badge on';
    reload().then(() => setStale(false));
  };
  ws.onmessage = (e) => {
    if (stale || !ready()) return;
    const msg = JSON.parse(e.data);
    const type = msg.type === 'health' ? 'health' : msg.type === 'ports' ? 'ports' : 'telemetry';
    if (type === 'telemetry') {
      const clock = $('clock');
      const behind = msg.running && msg.clock && msg.clock.behind;
      clock.textContent = behind ? 'clock behind: ' + Number(msg.clock.kept).toPrecision(3) + ' of ' + msg.clock.asked + ' slots/s'
        : msg.running ? 'clock running' : 'clock stopped';
      clock.className = 'badge ' + (behind ? 'bad' : msg.running ? 'on' : 'off');
    }
    emit(type, msg);
  };
  ws.onclose = () => {
    badge.textContent = 'disconnected — retrying';
    badge.className = 'badge bad';
    setStale(true);
    setTimeout(() => connect(reload, ready), 1000);
  };
}
