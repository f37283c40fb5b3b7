(function () {
  "use strict";
  var table = document.getElementById("events");
  if (!table || !document.querySelectorAll) { return; }
  var rows = table.tBodies[0].rows, cause = [], i;
  for (i = 0; i < rows.length; i++) {
    var c = rows[i].getAttribute("data-cause");
    cause.push(c === null ? -1 : Number(c));
  }
  var marks = document.querySelectorAll("svg [data-event]");
  var status = document.getElementById("r-status");
  var hint = document.getElementById("r-hint");
  if (hint) { hint.hidden = false; }
  var children = [];
  for (i = 0; i < rows.length; i++) { children.push([]); }
  for (i = 0; i < rows.length; i++) {
    if (cause[i] >= 0 && cause[i] < rows.length) { children[cause[i]].push(i); }
  }
  var lit = [];
  function clear() {
    for (var k = 0; k < lit.length; k++) { lit[k].classList.remove("r-hl", "r-hl-main", "r-hl-finding"); }
    lit = [];
    if (status) { status.textContent = ""; }
  }
  // The event, its chain of causes, and every event whose chain of causes leads to it.
  function connected(target) {
    var set = {}, seen = {}, stack = [target], e = target, k, list;
    while (e >= 0 && e < rows.length && !set[e]) { set[e] = true; e = cause[e]; }
    while (stack.length > 0) {
      e = stack.pop();
      if (seen[e]) { continue; }
      seen[e] = true;
      set[e] = true;
      list = children[e];
      for (k = 0; k < list.length; k++) { stack.push(list[k]); }
    }
    return set;
  }
  function light(target) {
    clear();
    if (!(target >= 0 && target < rows.length)) { return; }
    var set = connected(target), k;
    for (k in set) {
      if (Object.prototype.hasOwnProperty.call(set, k)) {
        rows[k].classList.add(Number(k) === target ? "r-hl-main" : "r-hl");
        lit.push(rows[k]);
      }
    }
    for (k = 0; k < marks.length; k++) {
      if (set[marks[k].getAttribute("data-event")]) { marks[k].classList.add("r-hl"); lit.push(marks[k]); }
    }
    if (status) {
      var cells = rows[target].cells, parts = [];
      for (k = 2; k < 6; k++) { if (cells[k].textContent) { parts.push(cells[k].textContent); } }
      status.textContent = "#" + cells[0].textContent + " at " + cells[1].textContent + " s: " + parts.join(", ");
    }
  }
  function eventOf(node) {
    var el = node && node.closest ? node.closest("[data-event]") : null;
    return el ? Number(el.getAttribute("data-event")) : -1;
  }
  // A finding's events: its item, their rows and their marks.
  function findingOf(node) {
    return node && node.closest ? node.closest("[data-finding-events]") : null;
  }
  var findingsHint = document.getElementById("r-findings-hint");
  if (findingsHint && document.querySelector("[data-finding-events]")) { findingsHint.hidden = false; }
  function lightFinding(item) {
    clear();
    var set = {}, list = item.getAttribute("data-finding-events").split(" "), k, e;
    for (k = 0; k < list.length; k++) {
      e = Number(list[k]);
      if (e >= 0 && e < rows.length) { set[e] = true; rows[e].classList.add("r-hl-main"); lit.push(rows[e]); }
    }
    for (k = 0; k < marks.length; k++) {
      if (set[marks[k].getAttribute("data-event")]) { marks[k].classList.add("r-hl"); lit.push(marks[k]); }
    }
    item.classList.add("r-hl-finding");
    lit.push(item);
  }
  document.addEventListener("mouseover", function (ev) {
    var item = findingOf(ev.target);
    if (item) { if (findingOf(ev.relatedTarget) !== item) { lightFinding(item); } return; }
    var e = eventOf(ev.target);
    if (e >= 0) { light(e); }
  });
  document.addEventListener("mouseout", function (ev) {
    var item = findingOf(ev.target);
    if (item) { if (findingOf(ev.relatedTarget) !== item) { clear(); } return; }
    if (eventOf(ev.target) >= 0 && eventOf(ev.relatedTarget) < 0) { clear(); }
  });
  document.addEventListener("click", function (ev) {
    var el = ev.target && ev.target.closest ? ev.target.closest("svg [data-event]") : null;
    if (el) { location.hash = "event-" + el.getAttribute("data-event"); }
  });
})();
