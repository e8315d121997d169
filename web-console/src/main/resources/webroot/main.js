// The console's entry point: the core, then every view (each registers itself), then the first
// configuration and the telemetry connection.
import { connect } from './core/telemetry.js';
import { current, loadConfig } from './core/router.js';
import './core/health.js';
import './views/oft.js';
import './views/slotlock.js';
import './views/fattree.js';
import './views/topology.js';
import './views/part.js';
import './views/analyses.js';
import './views/boards.js';
import './views/actions.js';
import './views/events.js';
import './views/studies.js';

loadConfig();
connect(loadConfig, () => current() !== null);
