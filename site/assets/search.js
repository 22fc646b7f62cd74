// Card search: a small query language over the per-language card list, no external code.
//   words          match the start of words of the name or text ("car" finds "Car Crash", not "Oscar")
//   name:word      name only       text:word   text only
//   kind:k         kind, by its name in the page's language or its id        set:s   set, the same way
//   field<N, field<=N, field>N, field>=N, field=N (or field:N)   numbers: influence, attack, search, number
//   -term          negates a term  a OR b      either side
// Every key and OR may be written in the page's language (templates/site search_words: tipo:,
// coleção:, loại:, bộ:, ảnh hưởng>40, OU, HOẶC) or in English (kind: k: set: s: name: n: text: t:,
// OR), with or without accents, in any case, a key of several words with spaces or dashes.
// Accents, tones and case never matter: "xuc xac" finds "xúc xắc". Words too common to search by
// ("de", "của", "the") do not match alone. The cards whose name is what was typed come first, then
// those whose name begins with it, then those whose name holds every word, then the rest.
// A query that cannot be read is answered by a sentence in the page's language saying why.
(function () {
  "use strict";
  var script = document.currentScript;
  var input = document.getElementById("card-query");
  var list = document.getElementById("card-results");
  var count = document.getElementById("card-count");
  var problem = document.getElementById("card-problem");
  var base = script.getAttribute("data-base");
  var cards = [];
  // {here: the page language's search_words, en: the English ones}
  var all = JSON.parse(script.getAttribute("data-words") || "{}");
  var here = all.here || {}, english = all.en || {};
  var NUMBERS = ["influence", "attack", "search", "number"];
  var KEYS = {}, OR = {}, COMMON = {}, PLAIN_COMMON = {}, REAL = {};

  // a list of words of templates/site search_words: "coleção, conjunto"
  function wordList(v) { return String(v || "").split(",").map(function (w) { return w.trim(); }).filter(Boolean); }

  function fold(s) {
    return String(s).replace(/đ/g, "d").replace(/Đ/g, "D").normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  // a key as compared: folded, its words joined by one space ("ảnh-hưởng", "Anh Huong" -> "anh huong")
  function keyOf(s) { return fold(s).replace(/[\s\-_]+/g, " ").trim(); }
  // the words of a text, folded, between spaces: " tai nan xe hoi "
  function wordsOf(s) { return " " + fold(s).replace(/[^\p{L}\p{N}]+/gu, " ").trim() + " "; }

  [english, here].forEach(function (words) {
    var lists = Object.assign({}, words.keys || {}, words.fields || {});
    Object.keys(lists).forEach(function (k) {
      wordList(lists[k]).forEach(function (w) { KEYS[keyOf(w)] = k; });
    });
    NUMBERS.concat(["kind", "set", "name", "text"]).forEach(function (k) { KEYS[k] = KEYS[k] || k; });
    wordList(words.or).forEach(function (w) { OR[keyOf(w)] = true; });
  });
  wordList(here.common).forEach(function (w) {
    COMMON[w.toLowerCase()] = true; PLAIN_COMMON[fold(w)] = true;
  });
  var PROBLEMS = here.problems || english.problems || {};

  // the reader's own word for a key (the first of its list), for examples and messages
  function shown(k) {
    var lists = Object.assign({}, here.keys || {}, here.fields || {});
    return wordList(lists[k] || (english.keys || {})[k] || k)[0];
  }

  function Problem(id, values) { this.id = id; this.values = values; }

  function say(p) {
    var text = PROBLEMS[p.id] || p.id;
    return text.replace(/\{(\w+)\}/g, function (m, name) { return p.values[name] !== undefined ? p.values[name] : m; });
  }

  function example(k) {
    var word = shown(k), first = cards[0] || {kind_name: "survivor", set_name: "base", name: "sparky"};
    if (NUMBERS.indexOf(k) >= 0) { return word + ">3"; }
    var value = k === "kind" ? first.kind_name : k === "set" ? first.set_name : first.name;
    return word + ":" + String(value).toLowerCase().replace(/\s+/g, "-");
  }

  // a word too common to search by: one of the page language's common words as typed, or typed
  // without accents when no card's words are spelled that way once folded ("cua" is "cửa", not "của")
  function isCommon(word) {
    var w = word.toLowerCase(), f = fold(word);
    return !!COMMON[w] || (f === w && !!PLAIN_COMMON[f] && !REAL[f]);
  }

  // the query cut at spaces outside quotes: key:"two words" stays one piece
  function pieces(q) {
    return q.match(/(?:[^\s"]*"[^"]*"?[^\s"]*|[^\s"]+)/g) || [];
  }

  var OPERATOR = /^(-?)([^:<>="]*?)(<=|>=|<|>|=|:)(.*)$/;

  // the terms of a query: {neg, key, op, value, typed}; words: {value}; OR: {or: true}
  function terms(q) {
    var out = [], parts = pieces(q);
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i], m = part.charAt(0) === "\"" ? null : OPERATOR.exec(part);
      if (!m) {
        if (OR[keyOf(part)] && part.charAt(0) !== "\"") { out.push({or: true, typed: part}); continue; }
        var neg = part.length > 1 && part.charAt(0) === "-";
        if (!wordsOf(neg ? part.slice(1) : part).trim()) { continue; }   // a lone "-" or a mark
        out.push({neg: neg, value: unquote(neg ? part.slice(1) : part), typed: part});
        continue;
      }
      var typedKey = m[2], op = m[3], value = m[4], negated = m[1] === "-";
      // a key of two words: "ảnh hưởng>40", "nội dung:x"; a key apart from its operator: "tipo :x"
      var prev = out[out.length - 1], prev2 = out[out.length - 2];
      if (typedKey && prev && !prev.or && !prev.neg && prev.value !== undefined && !prev.key
          && KEYS[keyOf(prev.typed + " " + typedKey)]) {
        out.pop(); typedKey = prev.typed + " " + typedKey;
      } else if (!typedKey && prev && !prev.or && prev.value !== undefined && !prev.key) {
        if (prev2 && !prev2.or && prev2.value !== undefined && !prev2.key && !prev2.neg
            && KEYS[keyOf(prev2.typed + " " + prev.typed)]) {
          out.pop(); out.pop(); typedKey = prev2.typed + " " + prev.typed; negated = false;
        } else {
          out.pop(); typedKey = prev.typed.replace(/^-/, ""); negated = prev.neg;
        }
      }
      var key = KEYS[keyOf(typedKey)];
      if (!key) {
        if (op !== ":") {
          return new Problem("not_a_key", {key: typedKey || op, keys: keyList()});
        }
        // not a key: the words around the colon ("Exemplo: Nevasca"), remembered in case nothing is found
        out.push({neg: negated, value: unquote(typedKey), typed: typedKey, notKey: typedKey});
        if (value) { out.push({neg: false, value: unquote(value), typed: value}); }
        continue;
      }
      if (!value && i + 1 < parts.length && !OPERATOR.exec(parts[i + 1]) && !OR[keyOf(parts[i + 1])]) {
        value = parts[++i];                              // "tipo: sobrevivente", "influência > 40"
      }
      if (!value) { return new Problem("no_value", {key: typedKey + op, example: example(key)}); }
      out.push({neg: negated, key: key, op: op, value: unquote(value), typed: typedKey + op + value});
    }
    return out;
  }

  function unquote(s) { return s.replace(/"/g, ""); }

  function keyList() {
    return ["kind", "set", "name", "text"].concat(NUMBERS).map(shown).join(", ");
  }

  // a kind or set named by its id or its name in the page's language, from the start of a word:
  // tipo:sobrevivente, k:encruzilhada, s:colonias, loai:nguoi-song-sot, k:survivor
  function starts(name, v) {
    var f = keyOf(name), w = keyOf(v);
    return f.indexOf(w) === 0 || f.indexOf(" " + w) >= 0;
  }

  // the query read: [[term]] groups joined by OR, or a Problem
  function read(q) {
    var ts = terms(q);
    if (ts instanceof Problem) { return ts; }
    var groups = [[]];
    for (var i = 0; i < ts.length; i++) {
      var t = ts[i];
      if (t.or) {
        if (!groups[groups.length - 1].length || i === ts.length - 1) { return new Problem("lone_or", {word: t.typed}); }
        groups.push([]);
        continue;
      }
      if (t.key && NUMBERS.indexOf(t.key) >= 0) {
        if (t.op === ":") { t.op = "="; }
        if (!/^-?\d+(\.\d+)?$/.test(t.value)) { return new Problem("not_number", {key: t.typed.replace(/[<>=:].*$/, ""), example: example(t.key)}); }
      } else if (t.key && t.op !== ":") {
        return new Problem("words_only", {key: t.typed.replace(/[<>=:].*$/, ""), example: example(t.key)});
      }
      if (t.key === "kind" || t.key === "set") {
        var known = cards.some(function (c) { return matches(c, t, true); });
        if (!known) {
          var names = {};
          cards.forEach(function (c) { names[t.key === "kind" ? c.kind_name : c.set_name] = true; });
          return new Problem(t.key === "kind" ? "no_kind" : "no_set", {value: t.value, names: Object.keys(names).join(", ")});
        }
      }
      groups[groups.length - 1].push(t);
    }
    // words too common to search by alone go; a group of nothing else is a problem
    for (var g = 0; g < groups.length; g++) {
      var kept = groups[g].filter(function (t) { return t.key || t.neg || !isCommon(t.value); });
      if (!kept.length && groups[g].length) {
        // common words only: a card named just so ("ALL IN") is found by its whole name, nothing else is
        var typed = groups[g].map(function (t) { return t.value; }).join(" ");
        if (!cards.some(function (c) { return c._name === wordsOf(typed); })) {
          return new Problem("only_common", {words: typed});
        }
        kept = [{key: "whole name", value: typed}];
      }
      groups[g].kept = kept;
    }
    return groups.filter(function (grp) { return grp.length; });
  }

  function has(hay, v) { return hay.indexOf(wordsOf(v).slice(0, -1)) >= 0; }

  function matches(card, t, positive) {
    var v = t.value, ok;
    if (!t.key) { ok = has(card._name, v) || has(card._text, v) || has(card._kind, v); }
    else if (t.key === "kind") { ok = [card.kind, card.kind_name, card.kinds_name].some(function (k) { return starts(k, v); }); }
    else if (t.key === "set") { ok = [card.set, card.set_name].some(function (k) { return starts(k, v); }); }
    else if (t.key === "name") { ok = has(card._name, v); }
    else if (t.key === "whole name") { ok = card._name === wordsOf(v); }
    else if (t.key === "text") { ok = has(card._text, v); }
    else {
      var have = card.numbers[t.key], want = Number(v);
      ok = have !== undefined && {"<": have < want, "<=": have <= want, ">": have > want, ">=": have >= want, "=": have === want}[t.op];
    }
    return t.neg && !positive ? !ok : ok;
  }

  // how well a card's name answers the words typed: 0 the name itself, 1 the name begins with
  // them, 2 the name holds them all, 3 otherwise
  function rank(card, typed) {
    if (typed === "  " || typed === " ") { return 3; }
    if (card._name === typed) { return 0; }
    if (card._name.indexOf(typed.slice(0, -1)) === 0) { return 1; }
    var ws = typed.trim().split(" ");
    return ws.every(function (w) { return card._name.indexOf(" " + w) >= 0; }) ? 2 : 3;
  }

  function show(message) {
    problem.textContent = message || "";
    problem.hidden = !message;
  }

  function run() {
    var q = input.value.trim();
    var url = new URL(window.location.href);
    if (q) { url.searchParams.set("query", q); } else { url.searchParams.delete("query"); }
    window.history.replaceState(null, "", url.toString());
    list.textContent = "";
    count.textContent = "";
    show("");
    if (!q) { return; }
    var gs = read(q);
    if (gs instanceof Problem) { show(say(gs)); return; }
    var hits = [];
    cards.forEach(function (c, i) {
      var best = null;
      gs.forEach(function (g) {
        if (g.kept.every(function (t) { return matches(c, t); })) {
          var typed = wordsOf(g.filter(function (t) { return !t.key && !t.neg; }).map(function (t) { return t.value; }).join(" "));
          var r = rank(c, typed);
          best = best === null ? r : Math.min(best, r);
        }
      });
      if (best !== null) { hits.push({card: c, rank: best, i: i}); }
    });
    hits.sort(function (a, b) { return a.rank - b.rank || a.i - b.i; });
    hits.forEach(function (hit) {
      var c = hit.card, li = document.createElement("li"), a = document.createElement("a");
      a.href = base + c.address;   // the card page, under the language's root (site/addresses.py)
      a.textContent = c.name;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" — " + c.kind_name + ", " + c.set_name));
      list.appendChild(li);
    });
    count.textContent = hits.length + " / " + cards.length;
    var notKey = [].concat.apply([], gs).filter(function (t) { return t.notKey; })[0];
    if (!hits.length && notKey) { show(say(new Problem("not_a_key", {key: notKey.notKey + ":", keys: keyList()}))); }
  }

  fetch(script.getAttribute("data-cards")).then(function (r) { return r.json(); }).then(function (data) {
    cards = data.map(function (c) {
      c._name = wordsOf(c.name); c._text = wordsOf(c.text); c._kind = wordsOf(c.kind_name + " " + c.kinds_name + " " + c.set_name);
      return c;
    });
    cards.forEach(function (c) {
      (c.name + " " + c.text).toLowerCase().split(/[^\p{L}\p{N}]+/u).forEach(function (w) {
        if (w && !COMMON[w]) { REAL[fold(w)] = true; }
      });
    });
    var q = new URL(window.location.href).searchParams.get("query");
    if (q) { input.value = q; }
    input.addEventListener("input", run);
    run();
  });
})();
