// The card list: a click on a column's heading sorts its table by that column (numbers as numbers,
// names by the page's language; a second click reverses), and the filter box keeps the rows whose
// text holds every word typed, accents and case aside ("nguoi" finds "người").
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  function fold(s) {
    return String(s).replace(/đ/g, "d").replace(/Đ/g, "D").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function value(row, i) {
    var text = row.cells[i] ? row.cells[i].textContent.trim() : "";
    return text !== "" && !isNaN(Number(text)) ? Number(text) : text;
  }
  document.querySelectorAll("article table").forEach(function (table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, i) {
      th.style.cursor = "pointer";
      th.setAttribute("role", "button");
      th.addEventListener("click", function () {
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        var down = th.getAttribute("aria-sort") === "ascending";
        rows.sort(function (a, b) {
          var x = value(a, i), y = value(b, i);
          var c = typeof x === "number" && typeof y === "number" ? x - y
            : typeof x === "number" ? -1 : typeof y === "number" ? 1 : String(x).localeCompare(String(y), lang);
          return down ? -c : c;
        });
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", down ? "descending" : "ascending");
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  var filter = document.getElementById("card-filter");
  if (filter) {
    filter.addEventListener("input", function () {
      var words = fold(filter.value).split(/\s+/).filter(Boolean);
      document.querySelectorAll("article table tbody tr").forEach(function (row) {
        var box = row.closest(".md-typeset__scrollwrap") || row.closest("table");  // the theme wraps tables
        var text = fold(row.textContent + " " + (box.previousElementSibling || {}).textContent);
        row.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
      });
    });
  }
})();
