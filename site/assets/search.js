// Card search: a small query language over the per-language card list, no external code.
//   words       match name or text          n:word   name only     t:word   text only
//   k:kind      kind (kind:), by id or name  s:set    set (set:), by id or name
//   field<N, field<=N, field>N, field>=N, field=N   numbers: influence, attack, search, number
//               (or their names in the page's language, templates/site search_words)
//   -term       negates a term              a OR b   either side
// Accents and case never matter: "xuc xac" finds "xúc xắc".
(function () {
  "use strict";
  var script = document.currentScript;
  var input = document.getElementById("card-query");
  var list = document.getElementById("card-results");
  var count = document.getElementById("card-count");
  var base = script.getAttribute("data-base");
  var cards = [];
  // the page's own words for the number fields and for OR (templates/site search_words), beside the English
  var words = JSON.parse(script.getAttribute("data-words") || "{}");
  var FIELDS = {}, OR = words.or || "OR";
  Object.keys(words.fields || {}).forEach(function (k) { FIELDS[fold(words.fields[k])] = k; });

  function fold(s) {
    return String(s).replace(/đ/g, "d").replace(/Đ/g, "D").normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  // a kind or set named by its id or its name in the page's language, from the start of a word:
  // k:sobrevivente, k:encruzilhada, s:colonias, k:survivor
  function starts(name, v) {
    var f = fold(name);
    return f.indexOf(v) === 0 || f.indexOf(" " + v) >= 0 || f.replace(/\s+/g, "-").indexOf(v) === 0;
  }

  function tokens(q) {
    // a field is any run of letters (accented too) and hyphens before an operator: anh-huong>40
    var out = [], re = /(-?)(?:([^\s:<>="\-][^\s:<>="]*)(:|<=|>=|<|>|=))?("([^"]*)"|[^\s"]+)/g, m;
    while ((m = re.exec(q)) !== null) {
      var field = m[2] ? fold(m[2]) : "";
      out.push({neg: m[1] === "-", field: FIELDS[field] || field, op: m[3] || "",
                value: m[5] !== undefined ? m[5] : m[4]});
    }
    return out;
  }

  function groups(q) {
    var all = [[]];
    tokens(q).forEach(function (t) {
      if (!t.field && (t.value === "OR" || t.value === OR)) { all.push([]); } else { all[all.length - 1].push(t); }
    });
    return all.filter(function (g) { return g.length; });
  }

  var ALIASES = {k: "kind", kind: "kind", s: "set", set: "set", t: "text", text: "text", n: "name", name: "name"};

  function matches(card, t) {
    var v = fold(t.value), field = ALIASES[t.field] || t.field, ok;
    if (t.op === ":" || !t.op) {
      if (!field) { ok = card._name.indexOf(v) >= 0 || card._text.indexOf(v) >= 0 || card._kind.indexOf(v) >= 0; }
      else if (field === "kind") { ok = [card.kind, card.kind_name, card.kinds_name].some(function (k) { return starts(k, v); }); }
      else if (field === "set") { ok = [card.set, card.set_name].some(function (k) { return starts(k, v); }); }
      else if (field === "name") { ok = card._name.indexOf(v) >= 0; }
      else if (field === "text") { ok = card._text.indexOf(v) >= 0; }
      else { ok = false; }
    } else {
      var have = card.numbers[field], want = Number(t.value);
      if (have === undefined || isNaN(want)) { ok = false; }
      else { ok = {"<": have < want, "<=": have <= want, ">": have > want, ">=": have >= want, "=": have === want}[t.op]; }
    }
    return t.neg ? !ok : ok;
  }

  function run() {
    var q = input.value.trim();
    var url = new URL(window.location.href);
    if (q) { url.searchParams.set("query", q); } else { url.searchParams.delete("query"); }
    window.history.replaceState(null, "", url.toString());
    var gs = groups(q);
    var hits = !q ? [] : cards.filter(function (c) {
      return gs.some(function (g) { return g.every(function (t) { return matches(c, t); }); });
    });
    list.textContent = "";
    hits.forEach(function (c) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = base + c.id + "/";
      a.textContent = c.name;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" — " + c.kind_name + ", " + c.set_name));
      list.appendChild(li);
    });
    count.textContent = q ? hits.length + " / " + cards.length : "";
  }

  fetch(script.getAttribute("data-cards")).then(function (r) { return r.json(); }).then(function (data) {
    cards = data.map(function (c) {
      c._name = fold(c.name); c._text = fold(c.text); c._kind = fold(c.kind_name + " " + c.kinds_name + " " + c.set_name);
      return c;
    });
    var q = new URL(window.location.href).searchParams.get("query");
    if (q) { input.value = q; }
    input.addEventListener("input", run);
    run();
  });
})();
