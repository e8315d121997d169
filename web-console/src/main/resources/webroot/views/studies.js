// Studies: every study of the controller's folder with its progress per worker, the chosen study's
// accepted-offered and latency curves per configuration (each point with its 95 % interval), saturation per configuration, downloads;
// and a study started from the page. Polled every 2 s while the view is shown (a study is not telemetry:
// its points arrive seconds apart, from whichever process runs them).
import C from '../core/console.js';
const $ = C.$;
let shown = false;
let chosen = null;
let accepted = null;
let latency = null;
let timer = null;

function workersText(w) {
  const names = Object.keys(w || {});
  return names.length === 0 ? '–' : names.map((n) => n + ' (' + w[n].stored + ', ' + w[n].running + ')').join(', ');
}

function listStudies(j) {
  $('studies-folder').textContent = 'in ' + j.folder;
  const body = $('studies-table').querySelector('tbody');
  body.textContent = '';
  j.studies.forEach((s) => {
    const tr = document.createElement('tr');
    const name = C.cell(tr, '');
    const a = document.createElement('a');
    a.href = '#/studies';
    a.textContent = s.name;
    a.className = 'study-name';
    a.addEventListener('click', (e) => { e.preventDefault(); chosen = s.name; refresh(); });
    name.appendChild(a);
    C.cell(tr, s.state, s.state === 'stopped' ? 'warn' : null);
    C.cell(tr, s.points);
    C.cell(tr, s.stored);
    C.cell(tr, s.running);
    C.cell(tr, s.left);
    C.cell(tr, workersText(s.workers));
    const links = C.cell(tr, '');
    if (s.name === j.runningHere) { // started from this page (or another's): stopped here, after the points under way
      const stop = document.createElement('button');
      stop.className = 'small study-stop';
      stop.textContent = 'stop';
      stop.title = 'no new point starts; those under way finish and are kept; starting it again goes on';
      stop.addEventListener('click', () => {
        stop.disabled = true;
        C.api('POST', '/api/studies/' + encodeURIComponent(s.name) + '/stop', {}).then((r) => {
          $('study-start-status').textContent = r.ok ? 'stopping ' + s.name + ' after the points under way' : 'refused: ' + r.body.error;
        });
      });
      links.appendChild(stop);
      links.appendChild(document.createTextNode(' '));
    }
    ['csv', 'json'].forEach((f) => {
      const d = document.createElement('a');
      d.href = '/api/studies/' + encodeURIComponent(s.name) + '/export?format=' + f;
      d.textContent = f;
      d.className = 'study-download';
      d.setAttribute('download', s.name + '.' + f);
      links.appendChild(d);
      links.appendChild(document.createTextNode(' '));
    });
    body.appendChild(tr);
  });
  if (!chosen && j.studies.length > 0) chosen = (j.studies.find((s) => s.state === 'running') || j.studies[0]).name;
}

// the words every curve's name shares go to the caption once; the legend keeps what tells curves apart
function shortNames(names) {
  const words = names.map((n) => n.split(' '));
  const common = words.length < 2 ? new Set() : new Set(words[0].filter((w) => words.every((ws) => ws.includes(w))));
  return {
    common: words.length < 2 ? '' : words[0].filter((w) => common.has(w)).join(' ').replace(/,$/, ''),
    label: (n) => n.split(' ').filter((w) => !common.has(w)).join(' ').replace(/,$/, '') || n
  };
}

// ECharts' own palette, so that a curve and its error bars share a colour
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

// a point's 95 % interval as a vertical bar with caps (issue 65); points stored before intervals have none
function errorBars(name, points, pickCi, color) {
  const style = { stroke: color, lineWidth: 1 };
  return { type: 'custom', name: name, silent: true, z: 1, itemStyle: { color: color },
    renderItem: (params, api) => {
      const lo = api.coord([api.value(0), api.value(1)]);
      const hi = api.coord([api.value(0), api.value(2)]);
      return { type: 'group', children: [
        { type: 'line', shape: { x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1] }, style: style },
        { type: 'line', shape: { x1: lo[0] - 3, y1: lo[1], x2: lo[0] + 3, y2: lo[1] }, style: style },
        { type: 'line', shape: { x1: hi[0] - 3, y1: hi[1], x2: hi[0] + 3, y2: hi[1] }, style: style }] };
    },
    data: points.filter((p) => pickCi(p)).map((p) => [p.offered, pickCi(p)[0], pickCi(p)[1]]) };
}

// one chart of y = pick(point) against offered load, a line per configuration with its points' 95 % intervals
// (pickCi) as error bars; the chart is made once
function draw(el, inst, yName, pick, pickCi, yMax, bySeries, label) {
  inst = inst || echarts.init($(el));
  const names = Object.keys(bySeries);
  const lines = names.map((name, i) => ({ type: 'line', name: label(name), showSymbol: true,
    itemStyle: { color: PALETTE[i % PALETTE.length] }, data: bySeries[name].map((p) => [p.offered, pick(p)]) }));
  const bars = names.map((name, i) => errorBars(label(name), bySeries[name], pickCi, PALETTE[i % PALETTE.length]));
  inst.setOption({
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0, data: lines.map((l) => l.name) },
    grid: { left: 55, right: 20, top: 40, bottom: 40 },
    xAxis: { type: 'value', name: 'offered, flits/host/cycle', nameLocation: 'middle', nameGap: 25, min: 0, max: 1 },
    yAxis: { type: 'value', name: yName, min: 0, max: yMax },
    series: lines.concat(bars)
  }, true);
  return inst;
}

function showStudy(j) {
  $('study-title').firstChild.textContent = 'Curves of ' + j.name + ' ';
  $('study-status').textContent = j.state + ': ' + j.stored + ' of ' + j.points + ' points stored' +
    (j.running > 0 ? ', ' + j.running + ' running' : '') + (j.modelVersion ? '; model ' + j.modelVersion : '');
  const bySeries = {};
  j.flit.slice().sort((a, b) => a.load - b.load).forEach((p) => { (bySeries[p.series] = bySeries[p.series] || []).push(p); });
  const names = shortNames(Object.keys(bySeries));
  $('study-common').textContent = names.common ? 'All curves: ' + names.common + '.' : '';
  accepted = draw('study-accepted', accepted, 'accepted', (p) => p.accepted, (p) => p.ci95 && p.ci95.accepted, 1, bySeries,
    names.label);
  latency = draw('study-latency', latency, 'mean latency, cycles', (p) => p.meanLatency, (p) => p.ci95 && p.ci95.meanLatency,
    undefined, bySeries, names.label);
  const body = $('study-saturation').querySelector('tbody');
  body.textContent = '';
  j.saturation.forEach((s) => {
    const tr = document.createElement('tr');
    C.cell(tr, s.series);
    C.cell(tr, s.loads);
    C.cell(tr, s.saturationLoad === null ? 'below the first load' : s.saturationLoad);
    C.cell(tr, C.fmt(s.acceptedAtSaturation, 4));
    body.appendChild(tr);
  });
}

function refresh() {
  clearTimeout(timer);
  if (!shown) return;
  C.api('GET', '/api/studies').then((r) => {
    if (!r.ok) { $('studies-folder').textContent = 'cannot list: ' + r.body.error; return null; }
    listStudies(r.body);
    return chosen ? C.api('GET', '/api/studies/' + encodeURIComponent(chosen)) : null;
  }).then((r) => {
    if (r && r.ok) showStudy(r.body);
    else if (r) $('study-status').textContent = r.body.error;
  }).finally(() => { timer = setTimeout(refresh, 2000); });
}

$('study-form').addEventListener('submit', (e) => {
  e.preventDefault();
  let spec;
  try { spec = JSON.parse($('study-spec').value); } catch (err) { $('study-start-status').textContent = 'not JSON: ' + err.message; return; }
  const name = $('study-name').value.trim();
  $('study-start').disabled = true;
  C.api('POST', '/api/studies', { name: name, study: spec }).then((r) => {
    $('study-start').disabled = false;
    if (!r.ok) { $('study-start-status').textContent = 'refused: ' + r.body.error; return; }
    $('study-start-status').textContent = 'started ' + r.body.name + ': ' + r.body.toRun + ' of ' + r.body.points + ' points to run';
    chosen = r.body.name;
    refresh();
  });
});

C.view('studies', {
  show: () => {
    shown = true;
    refresh();
    if (accepted) accepted.resize();
    if (latency) latency.resize();
  }
});
// leaving the view stops the polling
window.addEventListener('hashchange', () => { if (!/^#\/studies/.test(location.hash)) { shown = false; clearTimeout(timer); } });
