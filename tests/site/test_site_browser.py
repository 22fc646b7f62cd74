"""The website in a real browser: Debian's chromium driven by Playwright, against a local server.

The site is built from the real content plus one hostile card whose texts hold markup,
served on 127.0.0.1, and every request to another host is recorded as a failure.
Screenshots go to tests/artifacts/.
"""
import re
import functools
import http.server
import threading
import urllib.request
import types
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from sitebuild import build_copy

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
HOSTILE = """id: base.crossroads.markup-test
kind: crossroads
set: base
name: {pt: "Teste <script>alert(1)</script>", en: "Markup <script>alert(1)</script> test", vi: "Thử <b>đậm</b>"}
status: {implementation: full, data: known}
trigger:
  if: morale < 4
  text: {pt: "<img src=x onerror=alert(2)>", en: "<script>window.pwned = 1</script> *not bold*", vi: "Đ <i>x</i>"}
options:
  - text: {pt: a, en: b, vi: c}
    effect: |
      gain 1 morale.
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Build the site from a copy of the content plus the hostile card, and serve it."""
    out, bundle = build_copy(tmp_path_factory.mktemp("project"),
                             {"content/base/crossroads/markup-test.yaml": HOSTILE})
    build = types.SimpleNamespace(cards=bundle["cards"])          # what the tests read of the build
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", build
    server.shutdown()


def _addresses(cards):
    from dow.compiler.cards import LANGS
    from dow.site.addresses import Addresses
    return Addresses(cards, LANGS)


def card_url(build, lang: str, card_id: str) -> str:
    """A card page's path on the server: /<lang>/<its readable address> (site/addresses.py)."""
    if not hasattr(build, "addresses"):
        build.addresses = _addresses(build.cards)
    return f"/{lang}/{build.addresses.of(card_id, lang)}"


def card_ids(build, lang: str) -> dict[str, str]:
    """{a card page's address under the language's root: the card's id}."""
    card_url(build, lang, build.cards[0]["id"])
    return {build.addresses.of(c["id"], lang): c["id"] for c in build.cards}


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        yield chromium
        chromium.close()


class Visit:
    """A page that records console errors and requests to other hosts."""

    def __init__(self, browser, base):
        self.base = base
        self.page = browser.new_page()
        self.errors, self.foreign = [], []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: None if r.url.startswith(base) or r.url.startswith("data:")
                     else self.foreign.append(r.url))

    def go(self, path):
        self.page.goto(self.base + path)
        self.page.wait_for_load_state("networkidle")
        return self.page

    def shot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)

    def clean(self):
        assert self.errors == [], self.errors
        assert self.foreign == [], self.foreign
        self.page.close()


@pytest.mark.parametrize("lang,word", [("pt", "Cartas"), ("en", "Cards"), ("vi", "Thẻ")])
def test_home_page_in_each_language(site, browser, lang, word):
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/")
    assert page.locator("html").get_attribute("lang") == lang
    assert word in page.content()
    hreflangs = page.locator('link[rel="alternate"][hreflang]').evaluate_all("els => els.map(e => e.hreflang)")
    assert sorted(hreflangs) == ["en", "pt", "vi"]
    v.shot(f"home-{lang}")
    v.clean()


def test_switching_language_on_a_card_page_stays_on_the_card(site, browser):
    """A click in the language selector, as a reader makes it (the theme's script must not send it to the
    other language's home page): the same card, at its address in that language."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go("/en/cards/crossroads/car-crash/")
    assert "Car Crash" in page.title()
    page.locator(".md-header__option .md-select button").hover()     # the selector opens on hover
    page.locator('a.md-select__link[hreflang="vi"]').click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/vi/the-bai/nga-tu/tai-nan-xe-hoi/")
    assert "Tai nạn xe hơi" in page.title()
    v.shot("card-vi")
    page.locator(".md-header__option .md-select button").hover()
    page.locator('a.md-select__link[hreflang="pt"]').click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/pt/cartas/encruzilhadas/acidente-de-carro/")
    assert "Acidente de Carro" in page.title()
    page = v.go("/pt/glossary/")                 # any other page: the same path in the other language
    page.locator(".md-header__option .md-select button").hover()
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/en/glossary/")
    v.clean()


@pytest.mark.parametrize("lang,old,new,title", [
    ("pt", "/pt/cards/base.crossroads.abandoned/", "/pt/cartas/encruzilhadas/abandono/", "Abandono"),
    ("vi", "/vi/cards/base.crossroads.abandoned/", "/vi/the-bai/nga-tu/bi-bo-roi/", "Bị bỏ rơi"),
    ("en", "/en/cards/base.survivor.sparky/", "/en/cards/survivors/sparky/", "Sparky"),
    ("pt", "/pt/cards/", "/pt/cartas/", "Cartas")])
def test_an_old_card_address_takes_the_browser_to_the_card(site, browser, lang, old, new, title):
    """A bookmark of a card's old address (/<lang>/cards/<id>/) opens the card's page at its new one."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go(old)
    page.wait_for_url("**" + new)
    assert page.url == base + new
    assert title in page.title()
    v.clean()


def _search(v, lang, query):
    page = v.go(f"/{lang}/search/?query={query}")
    page.wait_for_function("document.getElementById('card-count').textContent.length > 0")
    return page.locator("#card-results li").all_inner_texts()


def test_vietnamese_search_with_and_without_accents(site, browser):
    base, _ = site
    v = Visit(browser, base)
    accented = _search(v, "vi", "xúc xắc")
    plain = _search(v, "vi", "xuc xac")
    assert accented and accented == plain
    assert _search(v, "vi", "đạn") == _search(v, "vi", "dan")
    v.shot("search-vi")
    v.clean()


def test_structured_queries(site, browser):
    base, build = site
    v = Visit(browser, base)
    wc_survivors = [c for c in build.cards if c["kind"] == "survivor" and c["set"] == "warring-colonies"]
    assert len(_search(v, "en", "k:survivor s:warring-colonies")) == len(wc_survivors)
    strong = [c for c in build.cards if (c.get("influence") or 0) > 50]
    assert len(_search(v, "en", "influence>50")) == len(strong) > 0
    survivors = [c for c in build.cards if c["kind"] == "survivor"]
    assert len(_search(v, "en", "k:survivor -s:base")) == len(wc_survivors)
    assert len(_search(v, "en", "k:tactic OR k:die")) == len([c for c in build.cards if c["kind"] in ("tactic", "die")])
    assert len(survivors) > len(wc_survivors)
    page = v.go("/en/search/?query=k%3Atactic")
    page.wait_for_function("document.getElementById('card-results').children.length > 0")
    page.locator("#card-results a").first.click()
    page.wait_for_load_state("networkidle")
    assert "/en/cards/tactics/" in page.url
    v.clean()


def test_cross_links_lead_to_the_named_card(site, browser):
    base, build = site
    v = Visit(browser, base)
    page = v.go(card_url(build, "en", "base.crossroads.sparky"))
    page.get_by_role("link", name="Sparky", exact=True).first.click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/en/cards/survivors/sparky/")
    v.clean()


def test_markup_in_content_is_shown_as_text(site, browser):
    base, build = site
    v = Visit(browser, base)
    page = v.go(card_url(build, "en", "base.crossroads.markup-test"))
    assert page.evaluate("window.pwned === undefined")
    assert page.locator("h1").inner_text().rstrip("¶") == "Markup <script>alert(1)</script> test"
    assert "<script>window.pwned = 1</script> *not bold*" in page.locator("article").inner_text()
    assert page.locator("article script").count() == 0 and page.locator("article b").count() == 0
    v.shot("markup-card")
    v.clean()


@pytest.mark.parametrize("lang,title,disclaimer", [("pt", "Estatísticas de partidas", "não o jogo publicado"),
                                                   ("en", "Game statistics", "not the published game"),
                                                   ("vi", "Thống kê ván chơi", "không phải trò chơi đã phát hành")])
def test_statistics_page_shows_simulated_games(site, browser, lang, title, disclaimer):
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/statistics/")
    text = page.locator("article").inner_text()
    assert title in text and disclaimer in text
    assert page.locator("article table").count() >= 3
    assert page.locator("article svg.dow-chart").count() >= 5          # drawn at build time, no script
    assert page.locator("article svg.dow-chart rect").count() >= 10
    v.shot(f"statistics-{lang}")
    link = page.locator("article table a").first
    link.click()
    page.wait_for_load_state("networkidle")
    assert {"pt": "/pt/cartas/", "en": "/en/cards/", "vi": "/vi/the-bai/"}[lang] in page.url
    assert "base." not in page.url                        # the readable address, not the engine id
    v.clean()


@pytest.mark.parametrize("lang,wc,lone_wolf", [("pt", "Colônias em Guerra", "Missões do Lobo Solitário"),
                                               ("en", "Warring Colonies", "Lone Wolf missions"),
                                               ("vi", "Warring Colonies", "Nhiệm vụ của Lone Wolf")])
def test_statistics_and_stand_ins_show_warring_colonies(site, browser, lang, wc, lone_wolf):
    """The statistics page's Warring Colonies section, and the stand-ins it is played with, listed on the
    transcription page in the reader's words (not the ruleset's data ids), never as published cards."""
    from dow.site.build import site_words
    said = site_words(lang)["stand_in_values"]
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/statistics/#warring-colonies")
    section = page.locator("#warring-colonies")
    assert wc in section.inner_text()
    assert page.locator("article svg.dow-chart").count() >= 8          # base, Warring Colonies, Winter Tricks
    v.shot(f"statistics-wc-{lang}")
    page = v.go(f"/{lang}/transcription/#stand-ins")
    text = page.locator("article").inner_text()
    assert lone_wolf in text and f"{said['faces']['plus']} 1 ×2" in text
    assert said["card"].format(goal=said["goals"]["entrances_of_both_colonies"] + " 1") in text
    assert "survivors_away" not in text and "police_station" not in text
    assert page.locator("#stand-ins-warring-colonies").count() == 1
    v.shot(f"stand-ins-{lang}")
    v.clean()


def test_a_card_page_shows_its_scenarios_as_worked_examples(site, browser):
    base, _ = site
    v = Visit(browser, base)
    page = v.go("/vi/the-bai/nga-tu/bi-bo-roi/")
    examples = page.locator("details.example")
    assert examples.count() >= 2
    examples.first.locator("summary").click()
    body = examples.first.inner_text()
    assert "Trên bàn" in body and "Sau đó" in body and "Brian Lee" in body
    v.shot("worked-examples-vi")
    v.clean()


@pytest.mark.parametrize("lang,section,guide,reference", [
    ("pt", "Para autores", "Como adicionar e traduzir uma carta", "Arquivos de carta"),
    ("vi", "Cho người soạn thẻ", "Thêm và dịch một thẻ", "Tệp thẻ")])
def test_author_guide_and_card_file_reference_are_in_the_site_language(site, browser, lang, section, guide,
                                                                       reference):
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/authors/authoring/")
    assert page.locator("h1").inner_text().rstrip("¶") == guide
    assert section in page.locator("nav.md-nav--primary").inner_text()
    page.locator('article a[href$="card-files/"]').first.click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith(f"/{lang}/authors/card-files/")
    assert page.locator("h1").inner_text().rstrip("¶") == reference
    assert "`survivor`" not in page.locator("article").inner_text()  # the code is shown as code
    v.shot(f"card-files-{lang}")
    v.go(f"/{lang}/authors/authoring/")
    v.shot(f"authors-{lang}")
    v.clean()


def test_a_card_page_opens_its_effect_tree(site, browser):
    """The compiled tree is closed under a summary in the reader's language, and a click opens it."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go("/pt/cartas/encruzilhadas/acidente-de-carro/")
    assert "Acidente de Carro" in page.title()
    tree = page.locator("article details.dow-dev")
    from dow.site.build import site_words
    assert tree.locator("summary").inner_text() == site_words("pt")["developers"]["summary"]
    assert not tree.locator("code").is_visible()
    v.shot("card-pt")
    tree.locator("summary").click()
    code = tree.locator("code")
    assert code.is_visible() and "options[0].effect:" in code.inner_text() and "# Opção 1" in code.inner_text()
    v.shot("card-pt-tree")
    v.clean()


#: what one card page shows before its developers' toggle is opened and after (run in the page)
_CARD_LOOK = """() => {
  const art = document.querySelector("article");
  const shown = e => e.checkVisibility({visibilityProperty: true});   // false inside a closed <details>
  const card = art.querySelector(".dow-card");
  const first = [...art.children].find(e => shown(e) && !e.matches("a.md-content__button"));
  const pre = () => [...art.querySelectorAll("pre")].filter(shown).length;
  const dev = art.querySelector("details.dow-dev");
  const look = {first: first === card, top: card ? card.getBoundingClientRect().top : null,
                others: [...art.querySelectorAll("h2, table, details, p")].filter(e => !card.contains(e) && shown(e))
                          .map(e => e.getBoundingClientRect().top),
                text: card ? card.innerText : "", name: card ? card.querySelector("h1").innerText : "",
                before: pre(), dev: !!dev, devOpen: dev ? dev.open : null};
  if (dev) { dev.querySelector("summary").click(); look.after = pre();
             const code = dev.querySelector("code"); look.tree = code ? code.innerText : null; }
  return look;
}"""


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_every_card_page_shows_the_card_first_and_no_tree_until_asked(site, browser, lang):
    """Each card page in a real browser: the card block is the first thing in the article and above
    every other section, shows the card's name and kind, and no code (the compiled tree) is visible
    until the developers' toggle is opened, when it is."""
    from dow.site.build import site_words
    base, build = site
    words = site_words(lang)
    v = Visit(browser, base)
    wrong = {}
    for card in build.cards:
        v.page.goto(base + card_url(build, lang, card["id"]), wait_until="load")   # not the search worker's idle
        look = v.page.evaluate(_CARD_LOOK)
        kind = words["kind_one"][card["kind"]]
        problems = [what for what, bad in (
            ("not first", not look["first"]),
            ("a section above the card", any(top < look["top"] for top in look["others"])),
            ("name", look["name"].replace("\u00b6", "").strip() != card["name"][lang]),
            ("kind", kind.casefold() not in look["text"].casefold()),
            ("set", words["sets"][card["set"]] not in look["text"]),
            ("code before the toggle is opened", look["before"] != 0),
            ("toggle open", look["devOpen"] is True),
            ("no developers' toggle", not look["dev"]),
            # a card whose text no rulebook prints has no effect tree: its toggle holds the engine's status only
            ("tree not shown when opened", look["dev"] and look["tree"] is not None
             and (look["after"] != 1 or ":" not in look["tree"]))) if bad]
        if problems:
            wrong[card["id"]] = problems
    assert len(build.cards) > 200
    assert not wrong, f"{len(wrong)} {lang} card pages: {dict(list(wrong.items())[:8])}"
    v.clean()


def test_the_header_search_finds_a_card_by_its_name_and_its_text(site, browser):
    """The theme's own search: card pages are indexed by site/build.py, not by the theme."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go("/vi/")
    hrefs = _header_search(page, "Tai nạn xe hơi")
    assert "/vi/the-bai/nga-tu/tai-nan-xe-hoi/" in hrefs[0], hrefs[:5]
    _header_search(page, "nhiên liệu")                                  # words of the cards' effects
    links = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    assert any("/the-bai/" in h and "#effect-" in h for h in links), links[:10]
    v.shot("header-search-vi")
    v.clean()


def _header_search(page, query):
    """The hrefs of the theme's header search results for a query typed into the box, once they answer it.

    The theme reads the box when a key is released and its worker answers every query in turn, so a
    query typed key by key shows the results of its first letters for a moment (waiting for "a result"
    once read the results of "ta" for "Tai nạn xe hơi"). Here the query goes in whole with its last key,
    one question to the worker, and the results are read only when every link's highlighted terms are
    words of this query (folded, as the search reads them, its common words left out): results still on
    screen from an earlier query are not read either."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query[:-1])
    page.keyboard.type(query[-1])
    page.wait_for_function(
        """terms => {
             const h = [...document.querySelectorAll('.md-search-result__item > a')]
               .map(a => (new URL(a.href).searchParams.get('h') || '').split(' ').filter(Boolean));
             return h.some(t => t.length) && h.every(t => t.every(w => terms.includes(w)));
           }""", arg=[w for w in _fold(query).split() if w not in _common(page)])
    return page.locator(".md-search-result__item > a").evaluate_all("els => els.map(e => e.href)")


@pytest.mark.parametrize("query,kind", [("khung hoang", "crisis"), ("nguoi song sot", "survivor")])
def test_the_header_search_folds_vietnamese_accents(site, browser, query, kind):
    """A reader without a Vietnamese keyboard types "khung hoang" and finds the crisis cards."""
    base, build = site
    v = Visit(browser, base)
    page = v.go("/vi/")
    hrefs = _header_search(page, query)
    ids = card_ids(build, "vi")
    found = {ids.get(h.split("/vi/", 1)[1].split("?")[0].split("#")[0], "") for h in hrefs if "/vi/the-bai/" in h}
    assert any(f".{kind}." in card for card in found), hrefs[:10]
    v.shot(f"header-search-vi-{kind}")
    v.clean()


def test_the_header_search_ranks_cards_first_in_portuguese(site, browser):
    base, _ = site
    v = Visit(browser, base)
    hrefs = _header_search(v.go("/pt/"), "encruzilhada")
    assert "/authors/" not in hrefs[0], hrefs[:5]              # not the card-file reference first
    assert any("/pt/cartas/encruzilhadas/" in h for h in hrefs[:20]), hrefs[:20]
    v.clean()


@pytest.mark.parametrize("lang,query", [("pt", "k:sobrevivente"), ("vi", "k:nguoi-song-sot"), ("pt", "k:survivor")])
def test_kinds_are_searched_in_the_readers_language(site, browser, lang, query):
    base, build = site
    v = Visit(browser, base)
    survivors = [c for c in build.cards if c["kind"] == "survivor"]
    items = _search(v, lang, query)
    assert len(items) == len(survivors)
    text = v.page.locator("#card-results").inner_text()
    assert "survivor" not in text and "base" not in text.split("—")[1]  # kinds and sets by their names
    v.clean()


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_the_card_list_sorts_and_filters(site, browser, lang):
    base, build = site
    v = Visit(browser, base)
    page = v.go({"pt": "/pt/cartas/", "vi": "/vi/the-bai/"}[lang])
    table = page.locator("xpath=//h3[@id='base-survivor']/following::table[1]")  # the theme wraps tables
    head = table.locator("thead th").nth(1)  # the influence column, after the name (base survivors have no number)
    head.click()
    values = [int(t) for t in table.locator("tbody tr td:nth-child(2)").all_inner_texts() if t.strip()]
    assert values == sorted(values) and len(values) > 10
    head.click()
    values = [int(t) for t in table.locator("tbody tr td:nth-child(2)").all_inner_texts() if t.strip()]
    assert values == sorted(values, reverse=True)
    page.locator("#card-filter").fill("sparky")
    visible = page.locator("article table tbody tr:not([hidden])")
    assert 1 <= visible.count() <= 3
    page.locator("#card-filter").fill("")
    v.clean()


@pytest.mark.parametrize("lang", ["pt", "vi"])
def test_screenshots_of_a_card_page_the_card_list_and_the_statistics(site, browser, lang):
    """Pictures to look at as a reader of that language (tests/artifacts/reader-*.png)."""
    base, _ = site
    v = Visit(browser, base)
    folder = {"pt": "cartas", "vi": "the-bai"}[lang]
    for name, path in (("card", f"/{folder}/{'encruzilhadas/abandono' if lang == 'pt' else 'nga-tu/bi-bo-roi'}/"),
                       ("cards", f"/{folder}/"), ("statistics", "/statistics/")):
        page = v.go(f"/{lang}{path}")
        if name == "card":
            page.locator("details.example").first.evaluate("d => d.open = true")
        assert page.locator("article").inner_text().strip()
        v.page.set_viewport_size({"width": 1200, "height": 1400})
        v.shot(f"reader-{lang}-{name}")
    v.clean()


@pytest.mark.parametrize("lang,words", [
    ("pt", {"influencia>50": "influence>50", "ataque>=3": "attack>=3", "k:tatica OU k:dado": "k:tactic OR k:die"}),
    ("vi", {"anh-huong>50": "influence>50", "ảnh-hưởng>50": "influence>50", "tim-kiem<=2": "search<=2", "tìm kiếm<=2": "search<=2",
            "k:chien-thuat HOAC k:xuc-xac": "k:tactic OR k:die"}),
])
def test_the_card_search_takes_its_fields_and_or_in_the_readers_language(site, browser, lang, words):
    """A Portuguese or Vietnamese reader writes the number fields and OR in their own words (the page's
    placeholder and syntax line say so); the English ones still work."""
    base, build = site
    v = Visit(browser, base)
    for local, english in words.items():
        found = _search(v, lang, local)
        if english.startswith("k:"):   # (the English 'k:die' also starts 'địa điểm' folded: count the kinds)
            assert len(found) == len([c for c in build.cards if c["kind"] in ("tactic", "die")]) > 0, local
        else:
            assert found and found == _search(v, lang, english), local
    placeholder = v.go(f"/{lang}/search/").locator("#card-query").get_attribute("placeholder")
    assert "influence" not in placeholder
    if lang == "vi":
        assert "s:base" not in placeholder          # 'base' is a Portuguese word, not a Vietnamese one
    v.clean()


@pytest.mark.parametrize("locale,lang", [("vi-VN", "vi"), ("pt-BR", "pt")])
def test_a_missing_address_outside_the_languages_leads_to_the_readers_not_found_page(site, browser, locale, lang):
    """The site's root 404.html (a host serves it for any address it lacks) sends the reader to the
    not-found page of their language, never an English one."""
    from dow.site.build import site_words
    base, _ = site
    page = browser.new_page(locale=locale)
    page.goto(base + "/404.html")
    page.wait_for_url(f"**/{lang}/404.html")
    assert site_words(lang)["not_found"]["title"] in page.locator("article").inner_text()
    page.close()


@pytest.mark.parametrize("lang,query,card", [("pt", "abandono", "/pt/cartas/encruzilhadas/abandono/"),
                                             ("vi", "xang", "/vi/the-bai/")])
def test_the_not_found_page_works_at_a_deep_address(site, browser, lang, query, card):
    """A host serves a language's 404.html at any address it lacks, however deep: there its menu leads to the
    language's pages and its header search answers from the language's index (not the server root's)."""
    base, _ = site
    v = Visit(browser, base)
    deep = f"/{lang}/no/such/page/here/"
    html = urllib.request.urlopen(f"{base}/{lang}/404.html").read()
    v.page.route(f"**{deep}", lambda route: route.fulfill(status=404, body=html, content_type="text/html; charset=utf-8"))
    page = v.go(deep)
    links = page.locator("nav.md-nav a.md-nav__link[href]").evaluate_all("els => els.map(e => e.href)")
    assert links and all(h.startswith(f"{base}/{lang}/") or h.startswith(f"{base}/{lang}") for h in links), links[:5]
    hrefs = _header_search(page, query)
    assert hrefs and all(h.startswith(f"{base}/{lang}/") for h in hrefs), hrefs[:5]
    assert any(card in h for h in hrefs), hrefs[:5]
    v.errors = [e for e in v.errors if "404" not in e]       # the page itself answers 404, as a host's would
    v.clean()


# ---- search a reader trusts (issue 32): accents, tones and case aside, exact names first, common words
# not searched alone, the card query's keys in the reader's words, and a sentence for a query it cannot read

def _fold(text):
    """Text as a reader without a Portuguese or Vietnamese keyboard types it (đ as d), in lower case."""
    return _plain(text).lower()


def _plain(text):
    """Text without its accents and tones, its case kept."""
    import unicodedata
    text = str(text).replace("đ", "d").replace("Đ", "D")
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _common(page):
    from dow.site.words import site_words
    lang = page.locator("html").get_attribute("lang")
    return {_fold(w) for w in _words(site_words(lang)["search_words"]["common"])}


def _words(text):
    """A list of words of templates/site search_words: "coleção, conjunto"."""
    return [w.strip() for w in text.split(",") if w.strip()]


#: the header search asked through the site's own search worker (the file the theme loads, with
#: site/assets/search-fold.js before it), as the header's box asks it: the index the page downloads,
#: then each query in turn; the answer is the result groups in the order the box lists them
_ASK_WORKER = """async queries => {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const worker = new Worker(config.search);
  const index = await (await fetch(config.base + "/search/search_index.json")).json();
  const answer = () => new Promise(resolve => worker.addEventListener("message", function once(ev) {
    worker.removeEventListener("message", once); resolve(ev.data); }));
  worker.postMessage({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}});
  await answer();
  const out = [];
  for (const query of queries) {
    worker.postMessage({type: 2, data: query});
    const result = await answer();
    out.push(result.data.items.map(group => group.map(item => item.location)));
  }
  worker.terminate();
  return out;
}"""


def _card_of(location, ids):
    """The card id of a result's location (ids: card ids by address), or None when it is not a card page."""
    return ids.get(location.split("#")[0])


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_header_search_finds_every_card_by_its_name_typed_without_accents(site, browser, lang):
    """Every card, in every language: its name typed without accents or tones ranks it first among the
    cards, as what the header box lists; a card that shares its name with others ranks among them."""
    base, build = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/")
    cards = build.cards
    same = {}
    for card in cards:
        same.setdefault(" ".join(_fold(card["name"][lang]).split()), set()).add(card["id"])
    names = [_plain(card["name"][lang]) for card in cards]
    answers = page.evaluate(_ASK_WORKER, names)
    wrong, first_overall, ids = [], 0, card_ids(build, lang)
    for card, name, groups in zip(cards, names, answers):
        found = [_card_of(group[0], ids) for group in groups if _card_of(group[0], ids)]
        namesakes = same[" ".join(_fold(card["name"][lang]).split())]
        if card["id"] not in found[:len(namesakes)] or not set(found[:len(namesakes)]) <= namesakes:
            wrong.append((name, found[:3]))
        first_overall += bool(groups) and _card_of(groups[0][0], ids) in namesakes
    assert not wrong, f"{len(wrong)} of {len(cards)} cards not first among cards: {wrong[:10]}"
    # and as a rule first of all results, guides and rules included (the rest are names a rules
    # section or glossary term also bears, which rank beside them)
    assert first_overall >= 0.9 * len(cards), first_overall
    v.clean()


@pytest.mark.parametrize("lang,query,first", [
    ("vi", "tai nan", "the-bai/nga-tu/tai-nan-xe-hoi/"),
    ("vi", "Tai nạn xe hơi", "the-bai/nga-tu/tai-nan-xe-hoi/"),
    ("pt", "Acidente de Carro", "cartas/encruzilhadas/acidente-de-carro/"),
    ("pt", "acidente de carro", "cartas/encruzilhadas/acidente-de-carro/"),
    ("en", "CAR CRASH", "cards/crossroads/car-crash/"),
])
def test_the_header_search_lists_the_named_card_first(site, browser, lang, query, first):
    """The cases readers reported, typed into the header's box."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/")
    hrefs = _header_search(page, query)
    assert hrefs[0].split("?")[0].endswith(f"/{lang}/{first}"), hrefs[:5]
    terms = {w for h in hrefs for w in (h.split("h=")[1].split("#")[0].split("+") if "h=" in h else []) if w}
    assert "de" not in terms and terms <= set(_fold(query).split()), terms   # nothing matched on "de" alone
    v.clean()


def test_the_header_search_finds_a_rule_by_its_name_without_tones(site, browser):
    """"nguoi song sot bat luc": the rule and the glossary term of the helpless survivor come first."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go("/vi/")
    hrefs = _header_search(page, "nguoi song sot bat luc")
    top = [h for h in hrefs[:4] if "#" in h]
    assert any("#base-helpless" in h or "#term-helpless" in h for h in top), hrefs[:6]
    v.shot("header-search-vi-helpless")
    v.clean()


@pytest.mark.parametrize("query,anchors", [("lixao", ["#term-waste-pile"]), ("municao", ["#term-bullet"])])
def test_the_header_search_finds_the_rules_and_glossary_without_accents(site, browser, query, anchors):
    """"lixao" and "municao" find the glossary's lixão and munição and the rules chapters that use them."""
    base, _ = site
    v = Visit(browser, base)
    page = v.go("/pt/")
    hrefs = _header_search(page, query)
    for anchor in anchors:
        assert any(anchor in h for h in hrefs[:3]), hrefs[:6]
    rules = ("/pt/base-game/", "/pt/warring-colonies/", "/pt/lone-wolf/", "/pt/variants/", "/pt/winter-tricks/")
    assert any(any(r in h for r in rules) for h in hrefs), hrefs
    v.shot(f"header-search-pt-{query}")
    v.clean()


@pytest.mark.parametrize("lang,query", [("pt", "de"), ("pt", "a o e da do"), ("vi", "của và"), ("en", "the of")])
def test_the_header_search_does_not_match_common_words_alone(site, browser, lang, query):
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/")
    assert page.evaluate(_ASK_WORKER, [query]) == [[]]
    v.clean()


def _card_query(page, query):
    """The card search page's answer to a query typed into its box: (the cards listed, the problem said)."""
    page.locator("#card-query").fill(query)
    problem = page.locator("#card-problem")
    said = problem.inner_text() if problem.is_visible() else ""
    return page.locator("#card-results li a").evaluate_all("els => els.map(e => e.getAttribute('href'))"), said


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_card_search_finds_every_card_by_its_name_typed_without_accents(site, browser, lang):
    """Every card, in every language, its name typed without accents or tones into the card search:
    it is listed first (a card whose name others share, among them). A name holding the query's own
    marks (< > = ") is typed in quotes, as the syntax line says."""
    base, build = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/search/")
    page.wait_for_function("document.getElementById('card-query') !== null")
    page.wait_for_timeout(300)
    same = {}
    for card in build.cards:
        same.setdefault(" ".join(_fold(card["name"][lang]).split()), set()).add(card["id"])
    wrong, by_address = [], card_ids(build, lang)
    for card in build.cards:
        name = _plain(card["name"][lang])
        typed = f'"{name}"' if any(m in name for m in '<>="') else name
        found, said = _card_query(page, typed)
        ids = [by_address.get(h[len("../"):], h) for h in found]     # the search page is /<lang>/search/
        namesakes = same[" ".join(_fold(card["name"][lang]).split())]
        if said or card["id"] not in ids[:len(namesakes)]:
            wrong.append((typed, ids[:3], said))
    assert not wrong, f"{len(wrong)} of {len(build.cards)}: {wrong[:10]}"
    v.clean()


def _variants(word):
    """A key as readers type it: as written, without accents, in capitals, and with dashes for spaces."""
    return sorted({word, _plain(word), word.upper(), _plain(word).lower().replace(" ", "-")})


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_the_card_search_reads_its_keys_and_or_in_the_readers_words(site, browser, lang):
    """Every key and OR word of the page's language, and the English ones, with and without accents and
    in any case, reads as its English key: tipo:, coleção:, loại:, bộ:, ảnh hưởng>40, ou, HOẶC."""
    from dow.site.words import site_words
    base, build = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/search/")
    page.wait_for_timeout(300)
    examples = {"kind": ":survivor", "set": ":warring", "name": ":sparky", "text": ":sparky",
                "influence": ">40", "attack": ">=3", "search": "<=2", "number": "=7"}
    checked = 0
    for words in (site_words(lang)["search_words"], site_words("en")["search_words"]):
        keys = {**words["keys"], **words["fields"]}
        for key, aliases in keys.items():
            english, english_said = _card_query(page, key + examples[key])
            assert english and not english_said, key
            for alias in _words(aliases):
                for typed in _variants(alias):
                    found, said = _card_query(page, typed + examples[key])
                    assert (found, said) == (english, ""), (typed + examples[key], said)
                    checked += 1
        either, _ = _card_query(page, "kind:tactic OR kind:crisis")
        assert len(either) == len([c for c in build.cards if c["kind"] in ("tactic", "crisis")]) > 0
        for word in _words(words["or"]):
            for typed in _variants(word) + [word.lower()]:
                assert _card_query(page, f"kind:tactic {typed} kind:crisis") == (either, ""), typed
                checked += 1
    assert _card_query(page, "ảnh hưởng > 40" if lang == "vi" else "influence > 40") == \
        _card_query(page, "influence>40")
    assert checked > 20
    v.clean()


@pytest.mark.parametrize("lang,query,problem,shows", [
    ("pt", "tipo:", "no_value", "tipo:"), ("pt", "coleção:", "no_value", "coleção:"),
    ("pt", "influência>muito", "not_number", "influência"), ("pt", "tipo:xyz", "no_kind", "xyz"),
    ("pt", "ou tipo:dado", "lone_or", "ou"), ("pt", "de", "only_common", "de"),
    ("pt", "nome>3", "words_only", "nome"), ("pt", "cor:azul", "not_a_key", "cor:"),
    ("vi", "loại:", "no_value", "loại:"), ("vi", "bộ:", "no_value", "bộ:"),
    ("vi", "ảnh hưởng>nhiều", "not_number", "ảnh hưởng"), ("vi", "bo:xyz", "no_set", "xyz"),
    ("vi", "HOẶC", "lone_or", "HOẶC"), ("vi", "của", "only_common", "của"),
    ("en", "kind:", "no_value", "kind:"), ("en", "attack<lots", "not_number", "attack"),
    ("en", "the", "only_common", "the"), ("en", "colour:blue", "not_a_key", "colour:"),
])
def test_a_card_query_that_cannot_be_read_says_why_in_the_readers_language(site, browser, lang, query,
                                                                            problem, shows):
    """No silent 0: the sentence of site/catalogues/site/<lang>.yaml search_words.problems, naming what was typed."""
    import re
    from dow.site.words import site_words
    base, _ = site
    v = Visit(browser, base)
    page = v.go(f"/{lang}/search/")
    page.wait_for_timeout(300)
    found, said = _card_query(page, query)
    assert found == [] and said, query
    template = site_words(lang)["search_words"]["problems"][problem]
    for fixed in re.split(r"\{\w+\}", template):
        assert fixed.strip() in said, (fixed, said)
    assert f"“{shows}" in said, said
    v.shot(f"card-search-problem-{lang}-{problem}")
    v.clean()


def _help_queries(lang: str) -> list[str]:
    """The complete example queries the search page's help and the search box's placeholder give in ``lang``
    (a key with its value, or a comparison), as a reader would copy them."""
    import yaml
    words = yaml.safe_load((ROOT / "site" / "catalogues" / "site" / f"{lang}.yaml").read_text(encoding="utf-8"))
    shown = re.findall(r"`([^`]+)`", words.get("search_syntax") or "") + \
        words["ui"]["search_placeholder"].split(";", 1)[-1].split(",")
    return sorted({q.strip() for q in shown if re.fullmatch(r"-?[^:<>=]+(:[^:\s]+|[<>]=?\d+|=\d+)", q.strip())})


@pytest.mark.parametrize("lang", ["en", "pt", "vi"])
def test_every_example_query_of_the_search_help_finds_cards(site, browser, lang):
    """A reader who copies an example of the search help (or of the search box's placeholder) into the card
    search gets cards, in every language: an example that names a set or kind by an old word finds nothing."""
    base, _ = site
    v = Visit(browser, base)
    queries = _help_queries(lang)
    assert len(queries) >= 3, queries
    empty = [q for q in queries if not _search(v, lang, q)]
    assert empty == [], f"{lang}: these examples of the search help find no card: {empty}"
    v.clean()
