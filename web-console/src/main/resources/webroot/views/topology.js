// The electrical tree drawn whole (up to 1,024 hosts): levels as rows, cables coloured by
// utilisation or by flows; refreshed every 2 s while shown.
import C from '../core/console.js';
const $ = C.$;
let chart = null;
let timer = null;

function colour(v, max) {
  if (v === null || v === undefined) return '#cfd4dc';
  const f = Math.max(0, Math.min(1, max > 0 ? v / max : 0));
  const hue = 210 - 210 * f; // blue (idle) to red (the busiest)
  return 'hsl(' + hue + ',75%,' + (60 - 20 * f) + '%)';
}

function draw() {
  C.api('GET', '/api/topology').then((r) => {
    if (!r.ok) { $('topology-status').textContent = r.body.error; return; }
    const t = r.body;
    const flows = $('topology-metric').value === 'flows';
    const width = 1100;
    const rowGap = 140;
    const nodes = t.nodes.map((n, i) => {
      const size = t.levelSizes[n[1]];
      return { id: String(i), name: n[0] + (n[3] ? ' ' + n[3] : ''), x: (n[2] + 0.5) * width / size, y: (t.levels - n[1]) * rowGap,
        symbolSize: n[1] === 0 ? 4 : 9, itemStyle: { color: n[1] === 0 ? '#607d8b' : '#1d2330' } };
    });
    const values = t.links.map((l) => (flows ? Math.max(l[4], l[5]) : (l[2] === null ? null : Math.max(l[2], l[3]))));
    const max = Math.max.apply(null, values.filter((v) => v !== null).concat([flows ? 1 : 1e-9]));
    const links = t.links.map((l, i) => ({ source: String(l[0]), target: String(l[1]),
      value: values[i], lineStyle: { color: colour(values[i], flows ? max : 1), width: 1.2 },
      tooltip: { formatter: t.nodes[l[0]][0] + ' – ' + t.nodes[l[1]][0] + ': up ' + (flows ? l[4] + ' flows' : C.fmt(l[2], 3)) +
        ', down ' + (flows ? l[5] + ' flows' : C.fmt(l[3], 3)) } }));
    $('topology-caption').textContent = '(' + t.nodes.length + ' nodes, ' + t.links.length + ' cables; ' +
      (flows ? 'flows over ' + t.flowsOver + ', red = ' + max : 'flits per cycle, red = 1') + ')';
    $('topology-status').textContent = '';
    if (!chart) chart = echarts.init($('topology-graph'));
    chart.setOption({
      animation: false,
      tooltip: {},
      series: [{ type: 'graph', layout: 'none', roam: true, data: nodes, links: links, label: { show: false },
        emphasis: { focus: 'adjacency' } }]
    }, true);
  });
}

$('topology-metric').addEventListener('change', draw);
C.view('topology', {
  show: () => {
    if (chart) chart.resize();
    draw();
    clearInterval(timer);
    timer = setInterval(() => { if ($('view-topology').hidden) { clearInterval(timer); } else if (!C.stale()) { draw(); } }, 2000);
  }
});
