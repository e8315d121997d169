// Slot lock across boards (issue 63), on the OFT view: with boards on clocks of their own (serve --board sim-lab), each
// board's lock to the slot-reference line, whether it is in step (it injects and switches only then), its phase error
// against the leading board and its crystal; and a live plot of every board's phase error in its own clock's cycles.
import C from '../core/console.js';
const $ = C.$;
const POINTS = 300;
let plot = null;
let boards = [];
let data = null;

function makePlot(names) {
  $('lock-plot').textContent = '';
  boards = names;
  data = [[]].concat(names.map(() => []));
  plot = new uPlot({
    width: 720, height: 240, title: 'phase error against the leader, cycles of each board\'s clock',
    scales: { x: { time: true } },
    series: [{}].concat(names.map((n, i) => ({
      label: n, stroke: 'hsl(' + (i * 360 / names.length) + ',65%,40%)', width: 1.2, value: C.latest(2) })))
  }, data, $('lock-plot'));
}

function state(l) {
  if (l.leader) return ['leads the line', 'on'];
  if (l.inStep) return ['in step', 'on'];
  return [(l.locked ? 'locked, slot numbers not yet told' : 'NOT LOCKED') + (l.lineCut ? ' (line cut)' : ''), 'bad'];
}

C.on('telemetry', (t) => {
  const c = C.config();
  const section = $('slot-lock');
  const locks = c && c.fabric !== 'fattree' && t.timing ? t.timing.locks || [] : [];
  section.hidden = locks.length === 0;
  if (section.hidden) return;
  const out = locks.filter((l) => !l.inStep).length;
  $('lock-summary').textContent = out === 0 ? '(every board in step)' : '(' + out + ' board' + (out === 1 ? '' : 's')
    + ' out of step: they inject and switch nothing)';
  $('lock-summary').className = out === 0 ? '' : 'bad';
  const body = $('lock-table').querySelector('tbody');
  body.textContent = '';
  locks.forEach((l) => {
    const tr = document.createElement('tr');
    const [text, cls] = state(l);
    C.cell(tr, l.board);
    C.cell(tr, text, cls);
    C.cell(tr, l.phaseErrorCycles.toFixed(2), Math.abs(l.phaseErrorCycles) > 1 ? 'bad' : '');
    C.cell(tr, l.phaseErrorPs);
    C.cell(tr, (l.ppm > 0 ? '+' : '') + l.ppm);
    body.appendChild(tr);
  });
  const names = locks.map((l) => l.board);
  if (!plot || names.join() !== boards.join()) makePlot(names);
  data[0].push(Date.now() / 1000);
  locks.forEach((l, i) => data[i + 1].push(l.phaseErrorCycles));
  data.forEach((a) => { if (a.length > POINTS) a.shift(); });
  if (!$('view-oft').hidden) plot.setData(data);
});
