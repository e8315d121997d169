// Analyses run from the page: one at a time on the controller, polled for progress; the ebb
// histogram over samples as in Hoefler et al.'s Fig. 5.
import C from '../core/console.js';
const $ = C.$;
let chart = null;

// a result's field as words: maxLinkLoad -> max link load (names the papers use kept as they are)
const WORDS = { ebb: 'ebb', ctopo: 'C_topo', cp: 'C_p', mload: 'max link load against the bound', flows: 'flows per link' };
function label(k) {
  return WORDS[k] || k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2').toLowerCase();
}

function show(j) {
  $('analysis-progress').max = j.total;
  $('analysis-progress').value = j.done;
  $('analysis-status').textContent = j.state === 'running' ? 'running: ' + j.done + '/' + j.total + ' samples'
    : j.state === 'done' ? 'done in ' + j.seconds.toFixed(2) + ' s' : 'failed: ' + j.error;
  const body = $('analysis-result').querySelector('tbody');
  body.textContent = '';
  if (j.state !== 'done') return;
  const r = j.result;
  Object.keys(r).filter((k) => typeof r[k] !== 'object' || r[k] === null).forEach((k) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = label(k);
    th.title = k; // the JSON field, for scripts
    tr.appendChild(th);
    C.cell(tr, typeof r[k] === 'number' && !Number.isInteger(r[k]) ? r[k].toFixed(4) : (k === 'metric' ? label(r[k]) : r[k]));
    body.appendChild(tr);
  });
  if (!r.histogram && chart) { // a later result without one: the last histogram goes with its result
    chart.clear();
    $('analysis-histogram-caption').textContent = '';
  }
  if (r.histogram) {
    $('analysis-histogram-caption').textContent = 'fraction of ' + r.samples + ' samples by effective bisection bandwidth';
    if (!chart) chart = echarts.init($('analysis-histogram'));
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 50, right: 10, top: 10, bottom: 40 },
      xAxis: { type: 'category', data: r.histogram.map((b) => b.from.toFixed(2)), name: 'ebb', nameLocation: 'middle', nameGap: 25 },
      yAxis: { type: 'value', max: 1 },
      series: [{ type: 'bar', name: 'fraction', data: r.histogram.map((b) => b.fraction) }]
    }, true);
  }
}

/** Polls job {@code id} until it is done or failed, showing each state; the button is free again at the end. */
function follow(id, show, button, status) {
  C.api('GET', '/api/analyses/' + id).then((r) => {
    if (!r.ok) { $(status).textContent = r.body.error; $(button).disabled = false; return; }
    show(r.body);
    if (r.body.state === 'running') { setTimeout(() => follow(id, show, button, status), 300); } else { $(button).disabled = false; }
  });
}

/** Starts a job from a form and follows it. */
function start(path, body, show, button, status) {
  $(button).disabled = true;
  C.api('POST', path, body).then((r) => {
    if (!r.ok) { $(status).textContent = 'refused: ' + r.body.error; $(button).disabled = false; return; }
    show(r.body);
    follow(r.body.id, show, button, status);
  });
}

$('analysis-form').addEventListener('submit', (e) => {
  e.preventDefault();
  start('/api/analyses', { metric: $('analysis-metric').value, pattern: $('analysis-pattern').value.trim(),
    samples: parseInt($('analysis-samples').value, 10) }, show, 'analysis-run', 'analysis-status');
});

// ---- load sweep ----
let sweepChart = null;

function showSweep(j) {
  $('sweep-progress').max = j.total;
  $('sweep-progress').value = j.done;
  $('sweep-status').textContent = j.state === 'running' ? 'running: load ' + j.done + ' of ' + j.total
    : j.state === 'done' ? 'done in ' + j.seconds.toFixed(1) + ' s; saturation at ' +
      (j.result.saturationLoad === null ? 'below the first load' : j.result.saturationLoad + ' flits/host/cycle')
      : 'failed: ' + j.error;
  if (j.state !== 'done') return;
  const runs = j.result.runs;
  if (!sweepChart) sweepChart = echarts.init($('sweep-chart'));
  sweepChart.setOption({
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 50, right: 50, top: 30, bottom: 40 },
    xAxis: { type: 'value', name: 'offered, flits/host/cycle', nameLocation: 'middle', nameGap: 25, min: 0, max: 1 },
    yAxis: [{ type: 'value', name: 'accepted', min: 0, max: 1 }, { type: 'value', name: 'latency, cycles' }],
    series: [
      { type: 'line', name: 'accepted', data: runs.map((r) => [r.offered, r.accepted]) },
      { type: 'line', name: 'min flow', data: runs.map((r) => [r.offered, r.minFlowAccepted]), lineStyle: { type: 'dashed' } },
      { type: 'line', name: 'mean latency', yAxisIndex: 1, data: runs.map((r) => [r.offered, r.meanLatency]) },
      { type: 'line', name: 'p99 latency', yAxisIndex: 1, data: runs.map((r) => [r.offered, r.p99Latency]), lineStyle: { type: 'dotted' } }
    ]
  }, true);
}

$('sweep-form').addEventListener('submit', (e) => {
  e.preventDefault();
  start('/api/sweeps', { from: parseFloat($('sweep-from').value), to: parseFloat($('sweep-to').value),
    step: parseFloat($('sweep-step').value) }, showSweep, 'sweep-run', 'sweep-status');
});

C.view('analyses', { show: () => { if (chart) chart.resize(); if (sweepChart) sweepChart.resize(); } });
