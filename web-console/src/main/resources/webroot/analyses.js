// Analyses run from the page: one at a time on the controller, polled for progress; the ebb
// histogram over samples as in Hoefler et al.'s Fig. 5.
(function () {
  'use strict';
  const C = window.Console;
  const $ = C.$;
  let chart = null;

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
      th.textContent = k;
      tr.appendChild(th);
      C.cell(tr, typeof r[k] === 'number' && !Number.isInteger(r[k]) ? r[k].toFixed(4) : r[k]);
      body.appendChild(tr);
    });
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

  function poll(id) {
    C.api('GET', '/api/analyses/' + id).then((r) => {
      if (!r.ok) { $('analysis-status').textContent = r.body.error; $('analysis-run').disabled = false; return; }
      show(r.body);
      if (r.body.state === 'running') { setTimeout(() => poll(id), 300); } else { $('analysis-run').disabled = false; }
    });
  }

  $('analysis-form').addEventListener('submit', (e) => {
    e.preventDefault();
    $('analysis-run').disabled = true;
    C.api('POST', '/api/analyses', { metric: $('analysis-metric').value, pattern: $('analysis-pattern').value.trim(),
      samples: parseInt($('analysis-samples').value, 10) }).then((r) => {
      if (!r.ok) { $('analysis-status').textContent = 'refused: ' + r.body.error; $('analysis-run').disabled = false; return; }
      show(r.body);
      poll(r.body.id);
    });
  });
  C.view('analyses', { show: () => { if (chart) chart.resize(); } });
})();
