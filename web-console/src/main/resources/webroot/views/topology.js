// The electrical tree drawn whole (up to 1,024 hosts): levels as rows, cables coloured by utilisation or by
// flows; cables out (missing, declared failed, cut in the model) dashed red, failed parts red; a part found
// by name, a pair's route drawn on the map; a node opens its drill-down. Refreshed every 2 s while shown.
import C from '../core/console.js';
const $ = C.$;
let chart = null;
let timer = null;
let route = null; // {cables: Set of 'a>b' part pairs, lostAt: part or null, outcome}

function colour(v, max) {
  if (v === null || v === undefined) return '#cfd4dc';
  const f = Math.max(0, Math.min(1, max > 0 ? v / max : 0));
  const hue = 210 - 210 * f; // blue (idle) to red (the busiest)
  return 'hsl(' + hue + ',75%,' + (60 - 20 * f) + '%)';
}

function onRoute(a, b) {
  return route && (route.cables.has(a + '>' + b) || route.cables.has(b + '>' + a));
}

function draw() {
  C.api('GET', '/api/topology').then((r) => {
    if (!r.ok) { $('topology-status').textContent = r.body.error; return; }
    const t = r.body;
    const flows = $('topology-metric').value === 'flows';
    const find = $('topology-find').value.trim();
    const width = 1100;
    const rowGap = 140;
    const nodes = t.nodes.map((n, i) => {
      const size = t.levelSizes[n[1]];
      const found = find !== '' && (n[0] === find || n[3] === find);
      const out = n[4];
      return { id: String(i), part: n[0], name: n[0] + (n[3] ? ' ' + n[3] : '') + (out ? ' (' + out + ')' : ''),
        x: (n[2] + 0.5) * width / size, y: (t.levels - n[1]) * rowGap,
        symbolSize: found ? 18 : n[1] === 0 ? 4 : 9,
        itemStyle: { color: out ? '#c62828' : found ? '#e07b00' : n[1] === 0 ? '#607d8b' : '#1d2330' },
        label: { show: found || (route && route.lostAt === n[0]), formatter: n[0] } };
    });
    const values = t.links.map((l) => (flows ? Math.max(l[4], l[5]) : (l[2] === null ? null : Math.max(l[2], l[3]))));
    const max = Math.max.apply(null, values.filter((v) => v !== null).concat([flows ? 1 : 1e-9]));
    let down = 0;
    const links = t.links.map((l, i) => {
      const a = t.nodes[l[0]][0];
      const b = t.nodes[l[1]][0];
      const state = l[6];
      if (state) down++;
      const traced = onRoute(a, b);
      return { source: String(l[0]), target: String(l[1]), value: values[i],
        lineStyle: state ? { color: '#c62828', width: 2, type: 'dashed' }
          : traced ? { color: '#e07b00', width: 4 } : { color: colour(values[i], flows ? max : 1), width: 1.2 },
        tooltip: { formatter: a + ' – ' + b + (state ? ': OUT (' + state + ')' : ': up ' + (flows ? l[4] + ' flows' : C.fmt(l[2], 3)) +
          ', down ' + (flows ? l[5] + ' flows' : C.fmt(l[3], 3))) } };
    });
    $('topology-caption').textContent = '(' + t.nodes.length + ' nodes, ' + t.links.length + ' cables' +
      (down ? ', ' + down + ' out' : '') + '; ' + (flows ? 'flows over ' + t.flowsOver + ', red = ' + max : 'flits per cycle, red = 1') + ')';
    $('topology-status').textContent = find && !nodes.some((n) => n.symbolSize === 18) ? 'no part ' + find : '';
    if (!chart) {
      chart = echarts.init($('topology-graph'));
      chart.on('click', (q) => { // a node opens its drill-down
        if (q.dataType === 'node' && q.data.part) location.hash = '#/part/' + q.data.part;
      });
    }
    chart.setOption({
      animation: false,
      tooltip: {},
      series: [{ type: 'graph', layout: 'none', roam: true, data: nodes, links: links,
        emphasis: { focus: 'adjacency', label: { show: true } } }]
    }, true);
  });
}

// a pair's route by the running tables, through the fabric as it is: its cables drawn thick, where it is lost named
function traceRoute() {
  const q = 'src=' + encodeURIComponent($('topology-src').value) + '&dst=' + encodeURIComponent($('topology-dst').value);
  C.api('GET', '/api/trace?' + q).then((r) => {
    if (!r.ok) { route = null; $('topology-route').textContent = r.body.error; draw(); return; }
    const hops = r.body.hops;
    const lost = hops.length && hops[hops.length - 1].lost ? hops[hops.length - 1].from : null;
    route = { cables: new Set(hops.map((h) => h.from + '>' + h.to)), lostAt: lost, outcome: r.body.outcome };
    $('topology-route').textContent = 'route: ' + hops.map((h) => h.from + (h.port !== undefined ? ':' + h.port : '')).join(' → ') +
      ' — ' + r.body.outcome;
    $('topology-route').className = 'caption' + (r.body.outcome === 'delivered' ? '' : ' bad');
    draw();
  });
}

$('topology-metric').addEventListener('change', draw);
$('topology-find').addEventListener('change', draw);
$('topology-route-form').addEventListener('submit', (e) => { e.preventDefault(); traceRoute(); });
C.view('topology', {
  show: () => {
    if (chart) chart.resize();
    draw();
    clearInterval(timer);
    timer = setInterval(() => { if ($('view-topology').hidden) { clearInterval(timer); } else if (!C.stale()) { draw(); } }, 2000);
  }
});
