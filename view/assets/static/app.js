// autoeval view: live updates, keyboard navigation and the frame panel. The server renders
// every page; this script only fetches the page again when the index changes and swaps
// the regions marked data-live, so all text reaching the page went through the server's
// escaping. It builds DOM from JSON only with textContent.
'use strict';
(() => {
  const body = document.body;
  const kind = body.dataset.page;
  let version = Number(body.dataset.version || 0);

  // ---- live updates -------------------------------------------------------------
  // Refreshes are queued: one fetch at a time, and what was asked for meanwhile (the
  // whole page, or some regions) follows it.
  let inFlight = false;
  let wantAll = false;
  const wantRegions = new Set();

  function refresh(regions) {
    if (regions === null) wantAll = true;
    else for (const r of regions) wantRegions.add(r);
    kick();
  }
  function refreshAll() { refresh(null); }
  function kick() {
    if (inFlight || (!wantAll && wantRegions.size === 0)) return;
    const regions = wantAll ? null : [...wantRegions];
    wantAll = false;
    wantRegions.clear();
    inFlight = true;
    fetch(location.href, {headers: {'Accept': 'text/html'}, cache: 'no-store'})
      .then(r => r.ok ? r.text() : Promise.reject(new Error(r.status)))
      .then(html => swap(new DOMParser().parseFromString(html, 'text/html'), regions))
      .catch(() => {})
      .finally(() => { inFlight = false; kick(); });
  }

  function swap(doc, regions) {
    const film = document.getElementById('film');
    const scroll = film ? film.scrollLeft : 0;
    for (const el of document.querySelectorAll('[data-live]')) {
      if (regions !== null && !regions.includes(el.id)) continue;
      const fresh = doc.getElementById(el.id);
      if (fresh) el.replaceWith(document.adoptNode(fresh));
    }
    if (regions === null) version = Number(doc.body.dataset.version || version);
    const film2 = document.getElementById('film');
    if (film2) film2.scrollLeft = scroll;
    if (kind === 'trace' && selectedFrame !== null) selectFrame(selectedFrame, false);
    if (kind === 'list') selectRow(selectedRow, false);
  }

  const live = document.getElementById('live');
  if (window.EventSource) {
    const es = new EventSource('/api/events');
    es.addEventListener('open', () => { live.textContent = 'live'; live.className = 'live on'; });
    es.addEventListener('error', () => { live.textContent = 'reconnecting…'; live.className = 'live off'; });
    es.addEventListener('change', e => {
      const d = JSON.parse(e.data);
      if (d.version <= version) return;
      if (kind === 'trace' && d.changed.length + d.removed.length > 0 &&
          !d.changed.includes(body.dataset.trace) && !d.removed.includes(body.dataset.trace)) {
        refresh(['progress']); // someone else's trace: nothing here changed
        return;
      }
      refreshAll();
    });
    es.addEventListener('progress', () => refresh(['progress']));
    es.addEventListener('summary', () => { if (kind === 'summary') refreshAll(); });
  } else {
    live.textContent = 'not live';
  }

  // ---- the list -------------------------------------------------------------------
  let selectedRow = null; // a trace id
  function rows() { return [...document.querySelectorAll('#traces tr.trace')]; }
  function selectRow(id, scroll) {
    selectedRow = id;
    for (const r of rows()) {
      const on = r.dataset.id === id;
      r.classList.toggle('selected', on);
      if (on && scroll) r.scrollIntoView({block: 'nearest'});
    }
  }
  function moveRow(step) {
    const rs = rows();
    if (!rs.length) return;
    let i = rs.findIndex(r => r.dataset.id === selectedRow);
    i = i < 0 ? (step > 0 ? 0 : rs.length - 1) : Math.min(rs.length - 1, Math.max(0, i + step));
    selectRow(rs[i].dataset.id, true);
  }

  const filters = document.getElementById('filters');
  if (filters) {
    // Empty fields stay out of the URL, so a filtered list's address says only its filters.
    filters.addEventListener('submit', () => {
      for (const el of filters.elements) if (el.name && el.value === '' && !el.disabled) el.disabled = true;
    });
    window.addEventListener('pageshow', () => { for (const el of filters.elements) el.disabled = false; });
    filters.addEventListener('change', e => {
      if (e.target.matches('select, input[type=checkbox]')) filters.requestSubmit();
    });
  }
  document.addEventListener('click', e => {
    const row = e.target.closest('tr.trace');
    if (row && !e.target.closest('a')) location.href = row.dataset.href;
  });

  // ---- the trace page: frames -----------------------------------------------------------
  let selectedFrame = null; // a frame index
  function figures() { return [...document.querySelectorAll('#film figure.frame')]; }

  function selectFrame(index, scroll) {
    const figs = figures();
    const fig = figs.find(f => Number(f.dataset.frame) === index);
    if (!fig) return;
    selectedFrame = index;
    for (const f of figs) f.classList.toggle('selected', f === fig);
    if (scroll) fig.scrollIntoView({block: 'nearest', inline: 'nearest'});
    history.replaceState(null, '', '#f' + index);
    document.getElementById('frame-title').textContent = 'Frame #' + index;
    const action = fig.querySelector('.action');
    document.getElementById('frame-action').textContent = action ? 'action: ' + action.textContent : 'no action recorded';
    document.getElementById('frame-activity').textContent = '';
    for (const n of document.querySelectorAll('.frame-notes')) n.hidden = Number(n.dataset.frame) !== index;
    const big = document.getElementById('frame-big');
    const ui = document.getElementById('frame-ui');
    if (fig.dataset.image === 'true') {
      if (big.getAttribute('src') !== fig.dataset.full) big.src = fig.dataset.full;
      big.alt = 'frame ' + index;
      big.hidden = false;
      ui.hidden = true;
    } else {
      big.hidden = true;
      big.removeAttribute('src');
      ui.hidden = false;
      showUI(index, ui);
    }
    loadFrameFacts(index);
  }

  // The frame's activity and, without a screenshot, its UI tree come from /api/frame.
  const frameFacts = new Map();
  function frameJSON(index) {
    if (!frameFacts.has(index)) {
      const u = '/api/frame?' + new URLSearchParams({id: body.dataset.trace, i: String(index)});
      frameFacts.set(index, fetch(u).then(r => r.ok ? r.json() : Promise.reject(new Error(r.status))));
    }
    return frameFacts.get(index);
  }
  function loadFrameFacts(index) {
    frameJSON(index).then(f => {
      if (selectedFrame === index && f.activity) {
        document.getElementById('frame-activity').textContent = 'activity: ' + f.activity;
      }
    }).catch(() => {});
  }
  function showUI(index, box) {
    box.textContent = 'reading the UI…';
    frameJSON(index).then(f => {
      if (selectedFrame !== index) return;
      box.textContent = '';
      if (f.problem) { box.textContent = 'UI not readable: ' + f.problem; return; }
      if (!f.ui.length) { box.textContent = 'This frame has neither a screenshot nor a UI tree.'; return; }
      const head = document.createElement('div');
      head.className = 'meta';
      head.textContent = 'No screenshot: the UI tree (' + f.ui.length + ' elements)';
      box.appendChild(head);
      for (const n of f.ui) {
        const line = document.createElement('div');
        const what = [n.text && JSON.stringify(n.text), n.desc && 'desc ' + JSON.stringify(n.desc), n.hint && 'hint ' + JSON.stringify(n.hint)].filter(Boolean).join(' ');
        line.textContent = '  '.repeat(Math.min(n.depth, 30)) + (n.class || 'node') + (n.id ? ' #' + n.id.replace(/^.*:id\//, '') : '') + (what ? ' ' + what : '');
        if (n.flags && n.flags.length) {
          const fl = document.createElement('span');
          fl.className = 'flags';
          fl.textContent = ' [' + n.flags.join(', ') + ']';
          line.appendChild(fl);
        }
        if (n.bounds) {
          const b = document.createElement('span');
          b.className = 'meta';
          b.textContent = ' ' + n.bounds;
          line.appendChild(b);
        }
        box.appendChild(line);
      }
    }).catch(err => { if (selectedFrame === index) box.textContent = 'UI not readable: ' + err.message; });
  }
  function moveFrame(step) {
    const figs = figures();
    if (!figs.length) return;
    let i = figs.findIndex(f => Number(f.dataset.frame) === selectedFrame);
    i = step === -Infinity ? 0 : step === Infinity ? figs.length - 1 : Math.min(figs.length - 1, Math.max(0, i + step));
    selectFrame(Number(figs[i].dataset.frame), true);
  }

  if (kind === 'trace') {
    document.addEventListener('click', e => {
      const fig = e.target.closest('#film figure.frame');
      const go = e.target.closest('[data-goto]');
      const cell = e.target.closest('svg.grid rect.cell');
      if (fig) selectFrame(Number(fig.dataset.frame), false);
      else if (go) { e.preventDefault(); selectFrame(Number(go.dataset.goto), true); }
      else if (cell) selectFrame(Number(cell.dataset.frame), true);
    });
    const m = /^#f(\d+)$/.exec(location.hash);
    const figs = figures();
    if (m) selectFrame(Number(m[1]), true);
    else if (figs.length) selectFrame(Number(figs[0].dataset.frame), false);
  }

  // ---- keyboard ---------------------------------------------------------------------
  const help = document.getElementById('help');
  document.getElementById('help-button').addEventListener('click', () => { help.hidden = !help.hidden; });
  function follow(id) { const a = document.getElementById(id); if (a) location.href = a.href; }

  document.addEventListener('keydown', e => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const typing = e.target instanceof Element && e.target.closest('input, select, textarea');
    if (typing) {
      if (e.key === 'Escape') e.target.blur();
      return;
    }
    const k = e.key;
    let handled = true;
    if (k === '?') help.hidden = !help.hidden;
    else if (k === 'Escape' && !help.hidden) help.hidden = true;
    else if (k === 's') location.href = '/summary';
    else if (k === '/') {
      const q = document.querySelector('#filters input[name=q]');
      if (q) q.focus(); else location.href = '/';
    } else if (kind === 'list') {
      if (k === 'j' || k === 'ArrowDown') moveRow(1);
      else if (k === 'k' || k === 'ArrowUp') moveRow(-1);
      else if ((k === 'Enter' || k === 'o') && selectedRow !== null) {
        const r = rows().find(r => r.dataset.id === selectedRow);
        if (r) location.href = r.dataset.href;
      } else if (k === 'ArrowLeft' || k === 'h') follow('prev-page');
      else if (k === 'ArrowRight' || k === 'l') follow('next-page');
      else handled = false;
    } else if (kind === 'trace') {
      if (k === 'ArrowRight' || k === 'l') moveFrame(1);
      else if (k === 'ArrowLeft' || k === 'h') moveFrame(-1);
      else if (k === 'Home') moveFrame(-Infinity);
      else if (k === 'End') moveFrame(Infinity);
      else if (k === 'n' || k === 'j' || k === ']') follow('next-trace');
      else if (k === 'p' || k === 'k' || k === '[') follow('prev-trace');
      else if (k === 'u' || k === 'Escape' || k === 'Backspace') follow('back');
      else handled = false;
    } else handled = false;
    if (handled) e.preventDefault();
  });
})();
