// Live view of an electrical fat tree's switch boards: telemetry records and port summaries on one WebSocket.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  // the token the server printed (link #token=...), kept for this tab; mutating calls send it
  const m = /[#&]token=([0-9a-f]+)/.exec(location.hash);
  if (m) { sessionStorage.setItem('oft-token', m[1]); }
  const post = (path, body) => fetch(path, { method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'X-OFT-Token': sessionStorage.getItem('oft-token') || '' } });
  const fmt = (v, d) => (v === null || v === undefined ? '–' : (typeof v === 'number' && d !== undefined ? v.toFixed(d) : String(v)));

  function cell(tr, text, cls) {
    const td = document.createElement('td');
    td.textContent = text;
    if (cls) td.className = cls;
    tr.appendChild(td);
  }

  function showConfig(c) {
    $('topology').textContent = c.topology;
    $('hosts').textContent = c.hosts;
    $('switches').textContent = c.switches;
    $('engine').textContent = c.engine;
    $('paths').textContent = c.paths;
    $('traffic').textContent = c.traffic + (c.randomUp ? ' (random up-ports)' : '');
    $('load').textContent = c.load;
    $('board').textContent = c.board;
    const p = c.parameters;
    $('parameters').textContent = p.vcs + ' VCs × ' + p.bufferFlits + ' flits, ' + p.packetFlits + '-flit packets, credit delay ' +
      p.creditDelay + ', channel ' + p.channelLatency + ', router ' + p.routerDelay + ', ' + p.switching + '; ' +
      c.cyclesPerSlot + ' cycles per slot at ' + c.slotsPerSecond + ' slots/s';
    const sel = $('engine-select');
    if (sel.options.length === 0) {
      c.engines.forEach((e) => { const o = document.createElement('option'); o.value = e; o.textContent = e; sel.appendChild(o); });
    }
    sel.value = c.engine;
    $('failures').textContent = c.failures && c.failures.length ? c.failures.join('; ') : 'none';
    const body = $('deploys').querySelector('tbody');
    body.textContent = '';
    c.deploys.slice().reverse().forEach((d) => {
      const tr = document.createElement('tr');
      const so = d.switchOver;
      cell(tr, d.engine); cell(tr, d.epoch); cell(tr, d.blocksWritten); cell(tr, d.bytesWritten); cell(tr, fmt(d.seconds, 3));
      cell(tr, so ? so.lost : '–', so && so.lost > 0 ? 'bad' : '');
      cell(tr, so ? so.misrouted : '–', so && so.misrouted > 0 ? 'bad' : '');
      body.appendChild(tr);
    });
  }

  function showTelemetry(t) {
    const clock = $('clock');
    clock.textContent = t.running ? 'clock running' : 'clock stopped';
    clock.className = 'badge ' + (t.running ? 'on' : 'off');
    const s = t.switches;
    if (!s) return;
    $('cycle').textContent = s.cycle;
    $('sw-created').textContent = s.created;
    $('sw-delivered').textContent = s.delivered;
    $('sw-misdelivered').textContent = s.misdelivered;
    $('sw-loops').textContent = s.loops;
    $('sw-dropped').textContent = s.noRoute;
    $('sw-discarded').textContent = s.discardedAtDeadLinks;
    $('sw-inflight').textContent = s.flitsInNetwork;
    $('sw-deadlink').textContent = s.deadLinkWaits;
    $('row-misdelivered').classList.toggle('bad', s.misdelivered > 0);
    $('row-loops').classList.toggle('bad', s.loops > 0);
    $('row-dropped').classList.toggle('bad', s.noRoute > 0);
    $('row-discarded').classList.toggle('bad', s.discardedAtDeadLinks > 0);
    $('row-deadlink').classList.toggle('bad', s.deadLinkWaits > 0);
    const r = s.rates || {};
    $('rate-accepted').textContent = fmt(r.acceptedFlitsPerHostPerCycle, 4);
    $('rate-offered').textContent = fmt(s.offeredFlitsPerHostPerCycle, 4);
    $('rate-latency').textContent = fmt(r.meanLatencyCycles, 2);
    $('rate-wait').textContent = fmt(r.transmitWaitPerPortCycle, 4);
    $('rate-cps').textContent = fmt(r.cyclesPerSecond, 0);
    const bad = s.misdelivered + s.loops + s.dropped;
    const alarm = $('alarm');
    alarm.hidden = bad === 0 && s.deadLinkWaits === 0;
    alarm.textContent = alarm.hidden ? '' : 'FABRIC FAULT: ' + s.misdelivered + ' misdelivered, ' + s.loops + ' loops, ' +
      s.noRoute + ' dropped for want of a route, ' + s.discardedAtDeadLinks + ' discarded at dead links, ' + s.deadLinkWaits +
      ' host waits on a dead cable (see the ports below)';
  }

  function showPorts(p) {
    const lv = $('levels').querySelector('tbody');
    lv.textContent = '';
    p.levels.slice().reverse().forEach((l) => {
      const tr = document.createElement('tr');
      cell(tr, l.level); cell(tr, l.links); cell(tr, fmt(l.upUtilisation, 3)); cell(tr, fmt(l.downUtilisation, 3));
      cell(tr, fmt(l.transmitWaitPerLinkCycle, 4));
      lv.appendChild(tr);
    });
    const hot = $('hottest').querySelector('tbody');
    hot.textContent = '';
    p.hottest.forEach((h) => {
      const tr = document.createElement('tr');
      cell(tr, h.board); cell(tr, h.switch); cell(tr, h.port); cell(tr, h.to); cell(tr, fmt(h.utilisation, 3)); cell(tr, h.PortXmitWait);
      hot.appendChild(tr);
    });
    const an = $('anomalies').querySelector('tbody');
    an.textContent = '';
    $('anomaly-count').textContent = '(' + p.anomalousPorts + (p.anomalousPorts > p.anomalies.length ? ', first ' + p.anomalies.length + ' shown' : '') + ')';
    p.anomalies.forEach((a) => {
      const tr = document.createElement('tr');
      tr.className = 'bad';
      cell(tr, a.board); cell(tr, a.switch); cell(tr, a.port); cell(tr, a.to); cell(tr, a.linkUp ? 'up' : 'DOWN');
      cell(tr, a.PortRcvSwitchRelayErrors); cell(tr, a.PortXmitDiscards); cell(tr, a.Misdelivered);
      an.appendChild(tr);
    });
  }

  $('engine-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const status = $('engine-status');
    const engine = $('engine-select').value;
    status.textContent = 'deploying ' + engine + '…';
    $('engine-apply').disabled = true;
    post('/api/engine', { engine: engine })
      .then((r) => r.json().then((j) => ({ ok: r.ok, j: j })))
      .then(({ ok, j }) => {
        status.textContent = ok ? 'deployed ' + j.engine + ' at slot ' + j.epoch + ': ' + j.blocksWritten + ' blocks, ' + j.bytesWritten +
          ' bytes; across the switch-over ' + j.switchOver.lost + ' lost, ' + j.switchOver.misrouted + ' misrouted' : 'refused: ' + j.error;
        loadConfig();
      })
      .catch((err) => { status.textContent = 'failed: ' + err; })
      .finally(() => { $('engine-apply').disabled = false; });
  });

  $('fail-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const status = $('fail-status');
    const spec = $('fail-spec').value.trim();
    status.textContent = 'rerouting around ' + spec + '…';
    $('fail-apply').disabled = true;
    post('/api/fail', { fail: spec })
      .then((r) => r.json().then((j) => ({ ok: r.ok, j: j })))
      .then(({ ok, j }) => {
        status.textContent = ok ? 'rerouted: ' + j.entriesChanged + ' entries, ' + j.blocksWritten + ' blocks at slot ' + j.epoch + '; ' +
          j.unreachablePairs + ' pairs unreachable' + (j.unreachablePairs ? ' (e.g. ' + j.unreachableExamples.slice(0, 3).join(', ') + ')' : '') +
          '; across the switch-over ' + j.switchOver.lost + ' lost, ' + j.switchOver.misrouted + ' misrouted' : 'refused: ' + j.error;
        loadConfig();
      })
      .catch((err) => { status.textContent = 'failed: ' + err; })
      .finally(() => { $('fail-apply').disabled = false; });
  });

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(proto + '//' + location.host + '/ws/telemetry');
    const badge = $('connection');
    ws.onopen = () => { badge.textContent = 'live'; badge.className = 'badge on'; loadConfig(); };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'ports') { showPorts(m); } else { showTelemetry(m); }
    };
    ws.onclose = () => {
      badge.textContent = 'disconnected — retrying'; badge.className = 'badge off';
      setTimeout(connect, 1000);
    };
  }

  function loadConfig() {
    fetch('/api/config').then((r) => r.json()).then((c) => {
      if (c.fabric !== 'fattree') {
        if (c.sequence) { location.replace('/' + location.hash); } else { setTimeout(loadConfig, 500); }
        return;
      }
      showConfig(c);
    }).catch(() => setTimeout(loadConfig, 1000));
  }

  loadConfig();
  connect();
})();
