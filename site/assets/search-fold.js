/* dow: the header search without accents or tones (site/assets/search-fold.js). site/hooks.py puts
   this file before the theme's search worker, which builds its lunr index in the reader's browser
   from search/search_index.json. It changes four things, all offline:
   - every word is indexed folded (no accents, tones or case; đ as d): "của" and "cửa" both as "cua"
     (the search plugin's pipeline is empty, compiler/site.py: no stop word is left out of the index);
   - the query is folded the same way and read as words: common words go ("de", "của", "the"), every
     other word is required (a prefix of a word of the page), and only when no page has them all
     is any one of them enough; a query of common words only finds the pages titled just so;
   - results whose title is the query ("acidente de carro", "tai nan xe hoi") come first, then
     titles that begin with it, then titles holding all its words, then the rest as the theme
     ranked them (the authors' guides after the rest of their rank);
   - the theme's own query syntax (field:, ^, ~) is not offered to readers, so a colon or a
     bracket typed in a query cannot make the search fail. */
(function () {
  "use strict";
  var SETUP = 0, QUERY = 2, RESULT = 3;
  /* words too common to search by alone, by language (the page's and English): search_words.common
     of compiler/templates/site/<lang>.yaml, written in by site/hooks.py */
  var COMMON = "@COMMON@";

  function fold(s) {
    return String(s).replace(/đ/g, "d").replace(/Đ/g, "D").normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function unescape(s) {
    return String(s).replace(/<[^>]*>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
      .replace(/&quot;/g, "\"").replace(/&#0*39;/g, "'").replace(/&amp;/g, "&");
  }

  var separator = /[\s\-]+/g, lang = "en", common = {}, plainCommon = {}, seen = {}, titles = {}, docs = {};
  var material = null, pending = [];

  /* the words of a text as the index has them; a query's "+" and "*" go too (they are lunr's syntax) */
  function words(s) {
    return String(s).toLowerCase().split(separator).map(function (w) { return w.replace(/[+*]/g, ""); })
      .filter(Boolean);
  }

  /* a word of the query too common to search by: a common word as typed, or typed without accents
     when no other word of the site is spelled that way once folded ("de"; but "cua" is also "cửa") */
  function isCommon(word) {
    if (common[word]) { return true; }
    var plain = fold(word);
    return plain === word && !!plainCommon[plain] && !seen[plain];
  }

  function foldToken(token) {
    return token.update(function (s) {
      var f = fold(s);
      if (!common[s]) { seen[f] = true; }
      return f;
    });
  }

  function setup(data) {
    var config = data.config || {};
    lang = (config.lang || ["en"])[0];
    separator = new RegExp(config.separator || "[\\s\\-]+", "g");
    var lists = typeof COMMON === "object" ? COMMON : {};
    (lists[lang] || []).concat(lang === "en" ? [] : lists.en || []).forEach(function (w) {
      common[w] = true; plainCommon[fold(w)] = true;
    });
    (data.docs || []).forEach(function (doc) {
      titles[doc.location] = words(fold(unescape(doc.title)));
      docs[doc.location] = doc;
    });
    var lunr = self.lunr;
    lunr.Pipeline.registerFunction(foldToken, "dowFold");
    var add = lunr.Builder.prototype.add;
    lunr.Builder.prototype.add = function (doc, attributes) {
      if (this.pipeline._stack.indexOf(foldToken) < 0) { this.pipeline.add(foldToken); }
      return add.call(this, doc, attributes);
    };
  }

  /* what a query asks: its words folded (all, for ranking), the words searched by, the two queries */
  function plan(raw) {
    var typed = words(raw);
    var all = typed.map(fold);
    var kept = typed.filter(function (w) { return !isCommon(w); }).map(fold);
    return {all: all, kept: kept,
            every: kept.map(function (w) { return "+" + w + "*"; }).join(" "),
            any: kept.map(function (w) { return w + "*"; }).join(" "), stage: "every"};
  }

  function tier(location, q) {
    var t = titles[location];
    if (!t || !q.kept.length) { return 4; }
    if (t.join(" ") === q.all.join(" ")) { return 0; }
    var n = q.all.length, begins = t.length >= n;
    for (var i = 0; begins && i < n; i++) {
      begins = i < n - 1 ? t[i] === q.all[i] : t[i].indexOf(q.all[i]) === 0;
    }
    if (begins) { return 1; }
    var holds = q.kept.every(function (w) { return t.some(function (x) { return x.indexOf(w) === 0; }); });
    return holds ? 2 : 3;
  }

  /* a query of common words only ("ALL IN", "O Cão"): the pages titled exactly so, and nothing else */
  function titled(q) {
    var groups = {}, wanted = q.all.join(" ");
    Object.keys(titles).forEach(function (location) {
      if (!wanted || titles[location].join(" ") !== wanted) { return; }
      var article = location.split("#")[0];
      var group = groups[article] = groups[article] || [];
      group.unshift(Object.assign({}, docs[location], {score: 1, terms: {}}));
      if (article !== location && docs[article] && group.length === 1) {
        group.push(Object.assign({}, docs[article], {score: 0, terms: {}}));
      }
    });
    return Object.keys(groups).map(function (k) { return groups[k]; });
  }

  function rerank(groups, q) {
    return groups.map(function (items, i) {
      var best = Math.min.apply(null, items.map(function (item) { return tier(item.location, q); }));
      // the guides for authors after the rules and cards of the same rank (their pages' search boost says so too)
      return {items: items, tier: best, guide: /^authors\//.test(items[0].location) ? 1 : 0, i: i};
    }).sort(function (a, b) { return a.tier - b.tier || a.guide - b.guide || a.i - b.i; })
      .map(function (g) { return g.items; });
  }

  var post = self.postMessage.bind(self);
  self.postMessage = function (message) {
    if (message && message.type === RESULT && pending.length) {
      var q = pending[0];
      var items = (message.data && message.data.items) || [];
      if (q.stage === "every" && !items.length && q.kept.length > 1) {
        q.stage = "any";                  // no page has every word: any one of them will do
        material({data: {type: QUERY, data: q.any}});
        return;
      }
      pending.shift();
      items = q.kept.length ? rerank(items, q) : titled(q);
      message = {type: RESULT, data: Object.assign({}, message.data, {items: items})};
    }
    post(message);
  };

  var listen = self.addEventListener.bind(self);
  self.addEventListener = function (type, listener, options) {
    if (type !== "message") { return listen(type, listener, options); }
    material = listener;
    listen("message", function (ev) {
      var message = ev.data;
      if (message && message.type === SETUP) {
        setup(message.data);
      } else if (message && message.type === QUERY) {
        var q = plan(message.data);
        pending.push(q);
        message = {type: QUERY, data: q.every};
      }
      return listener({data: message});
    }, options);
  };
})();
/* dow: end of search-fold.js */
