// Boards: identity, what each holds (regions' CRCs), the link's health; the deploy history.
import C from '../core/console.js';
const $ = C.$;

function probe() {
  $('probe-status').textContent = 'asking the boards…';
  C.api('GET', '/api/boards').then((r) => {
    const body = $('boards-table').querySelector('tbody');
    body.textContent = '';
    if (!r.ok) { $('probe-status').textContent = 'probe failed: ' + r.body.error; return; }
    const b = r.body;
    $('probe-status').textContent = b.boards.length + ' boards answered in ' + (b.probeSeconds * 1000).toFixed(1) + ' ms at ' +
      new Date().toLocaleTimeString() + (b.error ? '; ' + b.error : '');
    const l = b.link;
    $('link-health').textContent = l.kind === 'wire' ? 'link: ' + l.retransmits + ' retransmits, ' + l.timeouts + ' time-outs, ' +
      l.wireBytes + ' bytes sent, ' + l.receivedBytes + ' received' : 'link: ' + l.note;
    const frag = document.createDocumentFragment();
    b.boards.forEach((x) => {
      const tr = document.createElement('tr');
      C.cell(tr, x.id);
      C.cell(tr, x.kind + (x.radix ? ' (' + x.radix + ' ports)' : ''));
      C.cell(tr, x.firmware);
      C.cell(tr, x.bootId);
      C.cell(tr, x.holds ? x.holds.map((h) => h.region + ': ' + h.bytes + ' B, ' + h.crc).join('; ') : '–');
      C.cell(tr, x.state, /no answer|empty/.test(x.state) ? 'bad' : '');
      frag.appendChild(tr);
    });
    body.appendChild(frag);
  });
}

function history(c) {
  const body = $('deploy-history').querySelector('tbody');
  body.textContent = '';
  if (c.fabric === 'fattree') {
    c.deploys.slice().reverse().forEach((d) => {
      const tr = document.createElement('tr');
      const so = d.switchOver;
      C.cell(tr, d.engine); C.cell(tr, d.epoch); C.cell(tr, d.blocksWritten); C.cell(tr, d.bytesWritten); C.cell(tr, C.fmt(d.seconds, 3));
      C.cell(tr, so ? so.lost : '–', so && so.lost > 0 ? 'bad' : '');
      C.cell(tr, so ? so.misrouted : '–', so && so.misrouted > 0 ? 'bad' : '');
      C.cell(tr, (d.events || []).join('; '));
      body.appendChild(tr);
    });
  } else {
    (c.deploys || []).slice().reverse().forEach((d) => {
      const tr = document.createElement('tr');
      C.cell(tr, d.what); C.cell(tr, d.epoch); C.cell(tr, d.blocksWritten); C.cell(tr, d.bytesWritten); C.cell(tr, '–');
      C.cell(tr, '–'); C.cell(tr, '–');
      C.cell(tr, ['predicted worst margin ' + d.worstMarginPs + ' ps'].concat(d.events || []).join('; '));
      body.appendChild(tr);
    });
  }
}

$('probe').addEventListener('click', probe);
C.on('config', history);
C.view('boards', { show: probe });
