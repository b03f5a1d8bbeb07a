// The ready-number screen at /display?key=<display key>: loads the state once, then follows /events/display,
// reconnecting and catching up by itself after Wi-Fi drops or a server restart. Plain script, moved as it was from
// the page the server used to write out (its behaviour is what test/e2e/display.test.ts checks).
import './display.css';

(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var key = params.get('key') || '';
  // Orders keep the server's order: `at` is the server's time of their last change (state), or for a change heard
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
