// Live view of the controller's telemetry: one WebSocket, one JSON record per latch.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  // the token the server printed (link #token=...), kept for this tab; mutating calls send it
  const m = /[#&]token=([0-9a-f]+)/.exec(location.hash);
  if (m) { sessionStorage.setItem('oft-token', m[1]); }
  let config = null;
  let cells = [];

  function showConfig(c) {
    config = c;
    $('order').textContent = c.order;
    $('processors').textContent = c.processors;
    $('latency').textContent = c.latency + ' slot(s)';
    $('latency-convention').textContent = '(' + c.latencyConvention + ')';
    $('board').textContent = c.board;
    $('deploy-epoch').textContent = c.deployEpoch === undefined ? '–' : c.deployEpoch;
    const events = $('deploy-events');
    events.textContent = '';
    const notes = (c.deployEvents || []).slice();
    const prev = c.previousDeployment;
    if (prev && prev.record) {
      notes.push(prev.matches ? 'boards ran what the last deploy recorded'
        : 'before this start, boards differed from the last deploy: ' + prev.differences.join('; '));
    }
    notes.forEach((n) => {
      const li = document.createElement('li');
      li.textContent = n;
      events.appendChild(li);
    });
    if (c.calibration) {
      const k = c.calibration;
      $('calibration').textContent = '(slot ' + k.slotPs + ' ps = packet ' + k.packetPs + ' + switching ' + k.switchingPs +
        ' + slack; calibration ' + (k.feasible ? 'feasible, predicted worst margin ' + k.worstMarginPs + ' ps'
          : 'INFEASIBLE: ' + k.infeasible.join('; ')) + ')';
    }
    const seq = $('sequence');
    seq.textContent = '';
    cells = [];
    for (let i = 0; i < c.sequence.length; i++) {
      const s = document.createElement('span');
      s.textContent = c.sequence[i];
      s.title = 'slot ' + i + (c.sequence[i] === '1' ? ': turn' : ': drop');
      if (c.sequence[i] === '1') s.classList.add('turn');
      seq.appendChild(s);
      cells.push(s);
    }
  }

  function showTelemetry(t) {
    $('slot').textContent = t.slot;
    const clock = $('clock');
    clock.textContent = t.running ? 'clock running' : 'clock stopped';
    clock.className = 'badge ' + (t.running ? 'on' : 'off');
    if (cells.length > 0 && t.slot >= 0) {
      const i = t.slot % cells.length;
      $('slot-in-cycle').textContent = i;
      cells.forEach((c, k) => c.classList.toggle('current', k === i));
    }
    const body = $('levels').querySelector('tbody');
    body.textContent = '';
    t.levels.slice().reverse().forEach((l) => {
      const tr = document.createElement('tr');
      tr.innerHTML = '<td>' + l.level + (l.level === t.order ? ' (root)' : '') + '</td>' +
        '<td class="' + l.state + '">' + l.state + '</td>' +
        '<td class="' + (l.stuckNodes > 0 ? 'stuck' : '') + '">' + l.stuckNodes + '</td>';
      body.appendChild(tr);
    });
    for (const k of ['injected', 'delivered', 'misdelivered', 'collisions', 'lost']) {
      $('slot-' + k).textContent = t.lastSlot[k];
      $('total-' + k).textContent = t.total[k];
    }
    for (const k of ['misdelivered', 'collisions', 'lost']) {
      $('row-' + k).classList.toggle('bad', t.total[k] > 0);
    }
    let truncated = 0;
    let wrong = 0;
    if (t.timing) {
      showTiming(t.timing);
      t.timing.total.forEach((l) => { truncated += l.truncated; wrong += l.wrongState; });
    }
    const alarm = $('alarm');
    const bad = t.total.misdelivered + t.total.collisions + t.total.lost + truncated + wrong;
    alarm.hidden = bad === 0;
    alarm.textContent = bad === 0 ? '' :
      'FABRIC FAULT: ' + t.total.misdelivered + ' misdelivered, ' + t.total.collisions + ' collisions, ' +
      truncated + ' truncated, ' + wrong + ' wrong state, ' + t.total.lost + ' lost';
  }

  function showTiming(timing) {
    const body = $('timing').querySelector('tbody');
    body.textContent = '';
    const hist = [];
    timing.total.slice().reverse().forEach((l) => {
      const tr = document.createElement('tr');
      const range = l.minArrivalPs === null ? '–' : l.minArrivalPs + ' … ' + l.maxArrivalPs;
      const margin = l.worstMarginPs === null ? '–' : l.worstMarginPs;
      tr.innerHTML = '<td>' + l.level + '</td><td>' + l.packets + '</td><td>' + range + '</td>' +
        '<td class="' + (l.worstMarginPs !== null && l.worstMarginPs < 0 ? 'bad' : '') + '">' + margin + '</td>' +
        '<td class="' + (l.truncated > 0 ? 'bad' : '') + '">' + l.truncated + '</td>' +
        '<td class="' + (l.wrongState > 0 ? 'bad' : '') + '">' + l.wrongState + '</td>';
      body.appendChild(tr);
      l.marginHistogram.forEach((v, b) => { hist[b] = (hist[b] || 0) + v; });
    });
    const h = $('histogram');
    h.textContent = '';
    const max = Math.max(1, ...hist);
    hist.forEach((v, b) => {
      const bar = document.createElement('div');
      bar.style.height = Math.round(80 * v / max) + 'px';
      bar.title = (b * timing.bucketPs) + (b === hist.length - 1 ? '+ ps: ' : '–' + ((b + 1) * timing.bucketPs) + ' ps: ') + v;
      const label = document.createElement('span');
      label.textContent = b * timing.bucketPs;
      bar.appendChild(label);
      h.appendChild(bar);
    });
  }

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(proto + '//' + location.host + '/ws/telemetry');
    const badge = $('connection');
    ws.onopen = () => { badge.textContent = 'live'; badge.className = 'badge on'; };
    ws.onmessage = (e) => showTelemetry(JSON.parse(e.data));
    ws.onclose = () => {
      badge.textContent = 'disconnected — retrying'; badge.className = 'badge off';
      setTimeout(connect, 1000);
    };
  }

  function loadConfig() {
    fetch('/api/config').then((r) => r.json()).then((c) => {
      if (c.fabric === 'fattree') { location.replace('fattree.html' + location.hash); return; }
      if (c.sequence) { showConfig(c); } else { setTimeout(loadConfig, 500); }
    }).catch(() => setTimeout(loadConfig, 1000));
  }

  loadConfig();
  connect();
})();
