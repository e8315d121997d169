// What a view imports: the DOM helpers, the API, telemetry listeners, the configuration and its own registration.
import { $, fmt, cell, confirmAction, partLink } from './dom.js';
import { api } from './api.js';
import { on, isStale } from './telemetry.js';
import { current, view, loadConfig } from './router.js';

// a uPlot series' legend value: under the cursor, or the latest point when the cursor is off the plot
// (uPlot's own shows "--" there)
function latest(digits) {
  return (u, v, si, idx) => {
    const x = idx == null ? u.data[si][u.data[si].length - 1] : v;
    return x == null ? '–' : Number.isInteger(x) ? String(x) : x.toFixed(digits);
  };
}

export default {
  $: $,
  fmt: fmt,
  cell: cell,
  confirm: confirmAction,
  partLink: partLink,
  api: api,
  on: on,
  stale: isStale,
  config: current,
  view: view,
  reloadConfig: loadConfig,
  latest: latest
};
