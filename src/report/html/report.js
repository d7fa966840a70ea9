
(function () {
  'use strict';
  var table = document.getElementById('findings-table');
  if (!table) { return; }
  // One <tbody> per finding (its cells, then the row its details open).
  var rows = Array.prototype.slice.call(table.tBodies);
  var buttons = Array.prototype.slice.call(table.tHead.querySelectorAll('button[data-key]'));
  var controls = document.getElementById('controls');
  var rule = document.getElementById('filter-rule');
  var context = document.getElementById('filter-context');
  var path = document.getElementById('filter-path');
  var shown = document.getElementById('shown');
  var state = { key: 'tax', dir: -1 };
  var paths = rows.map(function (r) {
    var cell = r.querySelector('td.location');
    return cell ? cell.textContent.toLowerCase() : '';
  });

  // A cell's sort key: data-v when present (numbers; empty means unknown), else its text;
  // a number column without data-v (the location) sorts in the report's own order.
  function key(row, col, num) {
    var cell = row.rows[0].cells[col];
    var v = cell.getAttribute('data-v');
    if (num && v === null) { return Number(row.getAttribute('data-i')); }
    if (num) { return v === '' ? null : Number(v); }
    return v !== null ? v : cell.textContent;
  }

  function sortBy(name, dir) {
    var button = null;
    buttons.forEach(function (b) { if (b.getAttribute('data-key') === name) { button = b; } });
    if (!button) { return; }
    var col = button.parentNode.cellIndex;
    var num = button.getAttribute('data-type') === 'num';
    var keyed = rows.map(function (r) {
      return { r: r, k: key(r, col, num), i: Number(r.getAttribute('data-i')) };
    });
    keyed.sort(function (a, b) {
      // Unknowns go last whichever way, and ties keep the report's order.
      if (a.k === null || b.k === null) {
        return a.k === b.k ? a.i - b.i : (a.k === null ? 1 : -1);
      }
      var c = num ? a.k - b.k : (a.k < b.k ? -1 : (a.k > b.k ? 1 : 0));
      return c !== 0 ? c * dir : a.i - b.i;
    });
    var frag = document.createDocumentFragment();
    keyed.forEach(function (e) { frag.appendChild(e.r); });
    table.appendChild(frag);
    buttons.forEach(function (b) { b.parentNode.removeAttribute('aria-sort'); });
    button.parentNode.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
    state = { key: name, dir: dir };
    table.setAttribute('data-sort', (dir > 0 ? '' : '-') + name);
  }

  function filter() {
    var r = rule.value, c = context.value, p = path.value.toLowerCase(), n = 0;
    rows.forEach(function (row, i) {
      var ok = (!r || row.getAttribute('data-rule') === r) &&
        (!c || row.getAttribute('data-context') === c) &&
        (!p || paths[i].indexOf(p) >= 0);
      row.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = n + ' of ' + rows.length + ' findings shown';
  }

  // The view lives in the address (`report.html#sort=-tax&rule=GT101`): a link shows
  // others the same rows, and a headless browser can be pointed at a sorted view.
  function save() {
    var parts = ['sort=' + (state.dir > 0 ? '' : '-') + state.key];
    [['rule', rule], ['context', context], ['path', path]].forEach(function (f) {
      if (f[1].value) { parts.push(f[0] + '=' + encodeURIComponent(f[1].value)); }
    });
    try { history.replaceState(null, '', '#' + parts.join('&')); } catch (e) { /* file: URLs in some browsers */ }
  }

  function load() {
    location.hash.slice(1).split('&').forEach(function (part) {
      var eq = part.indexOf('=');
      if (eq < 0) { return; }
      var name = part.slice(0, eq), value = '';
      try { value = decodeURIComponent(part.slice(eq + 1)); } catch (e) { return; }
      if (name === 'sort') {
        // Through the buttons' own click handler (at most two clicks reach either order),
        // so a headless browser pointed at `#sort=..` tests what a click does.
        var dir = value.charAt(0) === '-' ? -1 : 1;
        var wanted = dir < 0 ? value.slice(1) : value;
        buttons.forEach(function (b) {
          if (b.getAttribute('data-key') !== wanted) { return; }
          b.click();
          if (state.dir !== dir) { b.click(); }
        });
      } else if (name === 'rule' || name === 'context') {
        var select = name === 'rule' ? rule : context;
        Array.prototype.forEach.call(select.options, function (o) {
          if (o.value === value) { select.value = value; }
        });
      } else if (name === 'path') {
        path.value = value;
      }
    });
  }

  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      var name = b.getAttribute('data-key');
      // Numbers start highest first, text A to Z; a second click reverses.
      var first = b.getAttribute('data-type') === 'num' ? -1 : 1;
      sortBy(name, state.key === name ? -state.dir : first);
      save();
    });
  });
  [rule, context].forEach(function (s) { s.addEventListener('change', function () { filter(); save(); }); });
  path.addEventListener('input', function () { filter(); save(); });
  controls.addEventListener('submit', function (e) { e.preventDefault(); });

  // Printing shows every row's code.
  var opened = [];
  window.addEventListener('beforeprint', function () {
    opened = Array.prototype.filter.call(document.querySelectorAll('details:not([open])'), function (d) {
      d.open = true;
      return true;
    });
  });
  window.addEventListener('afterprint', function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });

  controls.hidden = false;
  load();
  filter();
  if (location.hash) { save(); }
  // When the page was laid out and ready, for the rendering-time test (reading offsetHeight
  // forces the layout).
  if (document.body.offsetHeight >= 0 && window.performance) {
    table.setAttribute('data-ready-ms', String(Math.round(performance.now())));
  }
}());
