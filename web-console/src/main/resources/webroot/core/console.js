// What a view imports: the DOM helpers, the API, telemetry listeners, the configuration and its own registration.
import { $, fmt, cell } from './dom.js';
import { api } from './api.js';
import { on, isStale } from './telemetry.js';
import { current, view, loadConfig } from './router.js';

export default {
  $: $,
  fmt: fmt,
  cell: cell,
  api: api,
  on: on,
  stale: isStale,
  config: current,
  view: view,
  reloadConfig: loadConfig
};
