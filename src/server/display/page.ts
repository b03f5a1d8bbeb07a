// The ready-number screen, served by `pos serve` at /display?key=<display key>. One self-contained page (no build
// step, no external assets): it loads the state once, then follows /events/display, reconnecting and catching up by
// itself after Wi-Fi drops or a server restart.

export const DISPLAY_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ready numbers</title>
<link rel="icon" href="data:,">
<style>
  :root { --bg: #111; --fg: #f5f5f5; --muted: #9a9a9a; --ready: #2ecc71; --accent: #ffd23f; }
  * { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg); font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { display: grid; grid-template-rows: auto 1fr auto; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 1vh 2vw; font-size: 2.4vh; color: var(--muted); }
  #connection { padding: .3em .8em; border-radius: 1em; background: #333; }
  #connection.live { background: #1e5631; color: #d7ffe4; }
  #connection.offline { background: #7a1f1f; color: #ffe0e0; }
  main { display: grid; grid-template-columns: 1fr 1.4fr; gap: 2vw; padding: 0 2vw; min-height: 0; }
  section { display: flex; flex-direction: column; min-height: 0; }
  h2 { margin: 0 0 1vh; font-size: 4.5vh; letter-spacing: .05em; text-transform: uppercase; }
  #preparing-title { color: var(--muted); }
  #ready-title { color: var(--ready); }
  ol { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; align-content: flex-start; gap: 1.2vh 1.2vw; overflow: hidden; }
  li { border-radius: 1.2vh; padding: .6vh 1.2vw; display: flex; flex-direction: column; align-items: center; min-width: 12vw; }
  #preparing li { background: #222; color: #cfcfcf; }
  #ready li { background: #173d26; color: #eaffef; }
  #ready li.newest { background: var(--ready); color: #04210f; animation: pulse 1.2s ease-in-out 3; }
  .number { font-size: 8vh; font-weight: 800; line-height: 1.05; font-variant-numeric: tabular-nums; }
  #preparing .number { font-size: 5.5vh; }
  .code { font-size: 3.2vh; letter-spacing: .25em; font-weight: 700; opacity: .85; }
  @keyframes pulse { 50% { transform: scale(1.08); } }
  footer { min-height: 14vh; display: flex; align-items: center; gap: 2vw; padding: 1.5vh 2vw; transition: background .6s; }
  footer img { max-height: 11vh; max-width: 20vw; object-fit: contain; border-radius: .8vh; background: #fff; }
  footer .title { font-size: 4vh; font-weight: 800; }
  footer .description { font-size: 2.6vh; opacity: .9; }
  footer .meta { font-size: 2vh; opacity: .75; }
  footer.empty { display: none; }
  footer.light { color: #111; }
  footer.dark { color: #f5f5f5; }
  li.more { background: transparent !important; color: var(--muted) !important; justify-content: center; font-size: 3.2vh; font-weight: 700; }
</style>
</head>
<body>
<header><span id="clock"></span><span id="connection">connecting…</span></header>
<main>
  <section><h2 id="preparing-title">Preparing</h2><ol id="preparing"></ol></section>
  <section><h2 id="ready-title">Ready</h2><ol id="ready"></ol></section>
</main>
<footer id="banner" class="empty"></footer>
<script>
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var key = params.get('key') || '';
  // Orders keep the server's order: \`at\` is the server's time of their last change (state), or for a change heard
  // on the stream, just after the latest one known (events are newer than everything already known). The TV's own
  // clock is never compared with the server's.
  var state = { preparing: new Map(), ready: new Map(), banners: [], newest: null };
  var source = null;
  var retryTimer = null;

  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function setConnection(text, cls) { var c = document.getElementById('connection'); c.textContent = text; c.className = cls || ''; }

  function render() {
    var lists = { preparing: document.getElementById('preparing'), ready: document.getElementById('ready') };
    ['preparing', 'ready'].forEach(function (name) {
      var list = lists[name];
      var orders = Array.from(state[name].values());
      orders.sort(function (a, b) { return name === 'ready' ? b.at - a.at : a.at - b.at; });
      list.replaceChildren.apply(list, orders.map(function (order) {
        var item = el('li', name === 'ready' && order.id === state.newest ? 'newest' : '');
        item.dataset.id = String(order.id);
        item.appendChild(el('span', 'number', order.ticketNumber == null ? '–' : String(order.ticketNumber)));
        item.appendChild(el('span', 'code', order.displayCode));
        return item;
      }));
      showOverflow(list);
    });
  }

  // What does not fit is not cut off silently: the last visible place says how many more there are.
  function showOverflow(list) {
    var items = Array.from(list.children);
    var fits = function (item) { return item.offsetTop + item.offsetHeight <= list.offsetTop + list.clientHeight + 1; };
    var hidden = items.filter(function (item) { return !fits(item); }).length;
    if (hidden === 0) return;
    var more = el('li', 'more');
    list.appendChild(more);
    var shown = items.length - hidden;
    // Room for the "+N more" place itself: hide items from the end until it fits.
    do {
      for (var i = 0; i < items.length; i++) items[i].style.display = i < shown ? '' : 'none';
      more.textContent = '+' + (items.length - shown) + ' more';
      shown--;
    } while (shown >= 0 && !fits(more));
  }

  function latest() {
    var at = 0;
    state.preparing.forEach(function (o) { at = Math.max(at, o.at); });
    state.ready.forEach(function (o) { at = Math.max(at, o.at); });
    return at + 1;
  }

  function apply(name, data) {
    var at = latest();
    if (name === 'confirmed-order') {
      if (!state.ready.has(data.id) && !state.preparing.has(data.id)) state.preparing.set(data.id, { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at: at });
    } else if (name === 'order-status-changed') {
      state.preparing.delete(data.id); state.ready.delete(data.id);
      var entry = { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at: at };
      if (data.status === 'CONFIRMED') state.preparing.set(data.id, entry);
      if (data.status === 'COMPLETED') { state.ready.set(data.id, entry); state.newest = data.id; }
    } else if (name === 'order-deleted') {
      state.preparing.delete(data.id); state.ready.delete(data.id);
    }
    render();
  }

  function connect(from) {
    if (source) source.close();
    mismatches = 0;
    var url = '/events/display?access_token=' + encodeURIComponent(key) + '&lastEventId=' + encodeURIComponent(String(from));
    source = new EventSource(url);
    source.onopen = function () { setConnection('live', 'live'); };
    source.onerror = function () {
      setConnection('reconnecting…', 'offline');
      // EventSource retries a dropped connection by itself; if it gave up (server restarting), start over.
      if (source.readyState === EventSource.CLOSED) schedule();
    };
    ['confirmed-order', 'order-status-changed', 'order-deleted'].forEach(function (name) {
      source.addEventListener(name, function (event) { apply(name, JSON.parse(event.data)); });
    });
    source.addEventListener('resync', function () { load(); });
  }

  function schedule() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () { retryTimer = null; load(); }, 3000);
  }

  function fetchState() {
    return fetch('/v1/display/state', { headers: { 'X-API-KEY': key }, cache: 'no-store' }).then(function (response) {
      if (response.status === 401 || response.status === 403) throw new Error('this display key is not valid');
      if (!response.ok) throw new Error('server answered ' + response.status);
      return response.json();
    });
  }

  function entries(list) {
    return new Map(list.map(function (o) { return [o.id, { id: o.id, ticketNumber: o.ticketNumber, displayCode: o.displayCode, at: Date.parse(o.since) }]; }));
  }

  function show(data) {
    state.preparing = entries(data.preparing);
    state.ready = entries(data.ready);
    if (data.ready.length > 0 && !state.ready.has(state.newest)) state.newest = data.ready[0].id;
    state.banners = data.banners;
    render();
  }

  function load() {
    if (!key) { setConnection('add ?key=<display key> to the address', 'offline'); return; }
    fetchState()
      .then(function (data) { show(data); connect(data.lastEventId); })
      .catch(function (error) { setConnection(String(error.message || error), 'offline'); schedule(); });
  }

  // Every half minute the screen is compared with the server (and the banners read again). A stream that died
  // without closing (Wi-Fi gone) shows it: two differences in a row and the page starts over from the server.
  var mismatches = 0;
  function sameOrders(mine, theirs) {
    if (mine.size !== theirs.length) return false;
    return theirs.every(function (o) { return mine.has(o.id); });
  }
  function check() {
    if (retryTimer || !key) return;
    fetchState()
      .then(function (data) {
        state.banners = data.banners;
        if (sameOrders(state.preparing, data.preparing) && sameOrders(state.ready, data.ready)) { mismatches = 0; return; }
        if (++mismatches >= 2) { show(data); connect(data.lastEventId); }
      })
      .catch(function () { setConnection('reconnecting…', 'offline'); });
  }

  var bannerIndex = 0;
  function rotateBanner() {
    var footer = document.getElementById('banner');
    if (state.banners.length === 0) { footer.className = 'empty'; footer.replaceChildren(); return; }
    var banner = state.banners[bannerIndex++ % state.banners.length];
    footer.className = isLight(banner.color) ? 'light' : 'dark';
    footer.style.background = '#' + banner.color;
    var parts = [];
    if (banner.image) { var img = el('img'); img.src = banner.image; img.alt = banner.title; parts.push(img); }
    var text = el('div');
    text.appendChild(el('div', 'title', banner.title));
    if (banner.description) text.appendChild(el('div', 'description', banner.description));
    var meta = [banner.website, banner.social1, banner.social2].filter(Boolean).join('  ·  ');
    if (meta) text.appendChild(el('div', 'meta', meta));
    parts.push(text);
    footer.replaceChildren.apply(footer, parts);
  }

  // Dark text on a light banner colour, light text on a dark one (relative luminance, WCAG).
  function isLight(hex) {
    var full = hex.length === 3 ? hex.split('').map(function (c) { return c + c; }).join('') : hex;
    var channel = function (i) { var v = parseInt(full.slice(i, i + 2), 16) / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4) > 0.4;
  }

  function tick() { document.getElementById('clock').textContent = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }); }

  tick(); setInterval(tick, 10000);
  // ?rotate=<seconds> sets how long each banner stays (default 10).
  var rotateSeconds = Math.max(3, Number(params.get('rotate')) || 10);
  setInterval(rotateBanner, rotateSeconds * 1000);
  setInterval(check, 30000);
  window.addEventListener('resize', render);
  load();
  setTimeout(rotateBanner, 500);
})();
</script>
</body>
</html>
`;
