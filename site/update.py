"""A changed card file while ``dow serve`` runs: that card's pages rebuilt in every language, not the site.

After a full build (site/build.py), ``SiteUpdater`` keeps what the build was made of: the
compiled cards, the SiteData, and for each language a MkDocs build held in memory
(``LanguagePages``: the configuration, files, navigation and theme, every page that is not a card
page read and rendered, since the navigation shows their titles). When card files change,
``update`` compiles only those files (the names of the others come from the name cache, as for
``dow check`` of one card), and for each language writes again, through the
same templates (site.CardPages) and the same MkDocs calls as the full build (one page there is
rendered by ``_populate_page`` and ``_build_page`` of mkdocs.commands.build, as its ``build`` does):

- the changed cards' pages, and the pages that show what changed: the pages of cards that name
  a renamed card or use its name in a worked example, every card page with a statistics block
  when the change makes the recorded statistics stale (or current again), the card list and the
  transcription page when their Markdown changed;
- their entries in the search index and in the search page's card list, in place.

A page is written again only when its source changed. ``finish`` then writes what every card goes
into: build/bundle.json, the bundle offered for download, and the statistics page, whose bot games
are played again when the new bundle is not one they were played on (seconds, not a second: it is
reported on its own line; compiler/stats.page_statistics keeps the figures by bundle and engine).
What a per-card rebuild cannot keep exact is left to a full build (``update`` returns None): a card file added or removed, any other file changed, a renamed card
that other cards still name by its old name (a full compile reports them), many cards at once.
A card with errors leaves the site as it was; its diagnostics are said.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

from dow.compiler.cards import LANGS
from dow.compiler.project import (BUILD, CONTENT, Build, bundle_of, card_files, compile_paths, forget_manifest, write_manifest,
                      write_outputs)
from .build import (CardPages, SiteData, _env, _mentions, bundle_text, card_list_page, common_context,
                   search_export_entry, statistics_page, transcription_page, write_redirects)
from .hooks import card_folder, is_card_page
from .status import file_facts

#: more changed card files than this at once (a checkout, a search and replace) rebuild the whole site
MAX_CARDS = 20
#: the kinds whose card pages carry a statistics block (compiler/stats.card_block)
STATS_KINDS = ("crossroads", "survivor", "item")




class LanguagePages:
    """One language's MkDocs build held in memory, to render and write single pages again exactly
    as the full build (mkdocs.commands.build.build) does: the same events in the same order, up to
    the pages; then only the pages asked for."""

    def __init__(self, config_path: Path, site_dir: Path):
        from mkdocs.commands.build import _populate_page
        from mkdocs.structure.files import get_files, set_exclusions
        from mkdocs.structure.nav import get_navigation
        from mkdocs.structure.pages import Page
        logging.getLogger("mkdocs").setLevel(logging.ERROR)
        from .build import load_site_config
        config = load_site_config(config_path, site_dir=str(site_dir))
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        files = get_files(config)
        env = config.theme.get_env()
        files.add_files_from_theme(env, config)
        files = config.plugins.on_files(files, config=config)
        set_exclusions(files, config)
        nav = get_navigation(files, config)
        nav = config.plugins.on_nav(nav, config=config, files=files)
        for file in files.documentation_pages():
            if file.page is None:
                Page(None, file, config)
            if not is_card_page(file.src_uri, card_folder(config)):  # card pages are rendered when asked for
                _populate_page(file.page, config, files)
        self.env = config.plugins.on_env(env, config=config, files=files)
        self.config, self.files, self.nav = config, files, nav
        self.docs = files.documentation_pages()
        self.site = Path(config.site_dir)
        self.search = next(p for p in config.plugins.values() if hasattr(p, "search_index"))

    def rebuild(self, uris: list[str]) -> dict[str, list]:
        """Read, render and write these pages again (their sources already written). Returns the
        theme's search entries of each Markdown page by its URL (card pages have ours)."""
        from mkdocs.commands.build import _build_page, _populate_page
        entries = {}
        for uri in uris:
            page = self.files.get_file_from_path(uri).page
            _populate_page(page, self.config, self.files)
            self.search.search_index.entries = []
            _build_page(page, self.config, self.docs, self.nav, self.env)
            if not is_card_page(uri, card_folder(self.config)):
                entries[page.url] = json.loads(json.dumps(self.search.search_index.entries, default=str))
            else:
                page.content = page.markdown = None   # thousands of them: no need to keep their HTML
            self.search.search_index.entries = []
        return entries


def splice(docs: list[dict], url: str, new: list[dict], key: str = "location") -> list[dict]:
    """``docs`` with the entries of page ``url`` replaced by ``new``, where the old ones were."""
    def of_page(entry: dict) -> bool:
        return str(entry[key]).split("#")[0] == url
    at = next((i for i, entry in enumerate(docs) if of_page(entry)), None)
    if at is None:
        return docs + new
    return docs[:at] + new + [entry for entry in docs[at:] if not of_page(entry)]


def splice_text(text: str, url: str, new: list[dict]) -> str | None:
    """``splice`` done on the search index's JSON text (site.add_card_search writes it compactly), the
    rest of the index left undecoded: it is megabytes for thousands of cards. None when the page's
    entries are not found, or none are left (the caller then decodes the whole index)."""
    decoder, head = json.JSONDecoder(), '{"location":' + json.dumps(url)[:-1]
    at = text.find(head)
    while at != -1:
        entry, end = decoder.raw_decode(text, at)
        if str(entry["location"]).split("#")[0] == url:
            break
        at = text.find(head, end)
    if at == -1 or not new:
        return None
    while text.startswith(",", end):
        entry, after = decoder.raw_decode(text, end + 1)
        if str(entry["location"]).split("#")[0] != url:
            break
        end = after
    fresh = ",".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in new)
    return text[:at] + fresh + text[end:]


class SiteUpdater:
    """What a full build of build/site was made of, to rebuild the pages of changed cards."""

    def __init__(self, root: Path, build: Build, data: SiteData):
        self.root, self.out = root, root / BUILD
        self.cards = sorted(build.cards, key=lambda c: c["id"])
        self.rulesets = build.rulesets
        self.data, self.env = data, _env()
        self.src = self.out / "site-src"
        self.langs = {lang: LanguagePages(self.src / lang / "mkdocs.yml", self.out / "site" / lang) for lang in LANGS}
        self._warm()

    def _warm(self) -> None:
        """Compile every template a rebuild uses (Jinja compiles one when it is first rendered: about
        a second for the theme's), by rendering the first card's page and the card list again, as
        they are; and read what the pages take from every card file."""
        self.data.status(), self.data.stale()
        for name in ("card.html.j2", "cards.md.j2", "transcription.md.j2", "statistics.md.j2"):
            self.env.get_template(name)
        for lang, pages in self.langs.items():
            if self.data.cards:   # the text catalogues and the worked examples' words load on first use
                card = self.data.cards[0]
                common = common_context(self.data, lang, self.root)
                CardPages(self.env, self.data, lang, common).render(card, self.data.texts(card, lang))
                pages.rebuild([self.data.addresses.source(card["id"], lang)])

    def update(self, changed: set[Path], say=print) -> bool | None:
        """Rebuild the pages of changed card files: True when done, False when a card has errors (the
        site is left as it was and the diagnostics are said), None when only a full build will do."""
        by_file = {c.get("file"): c for c in self.cards}
        files = sorted(changed)
        known = set(card_files([self.root / CONTENT]))
        if not files or len(files) > MAX_CARDS or any(
                p not in known or self._relative(p) not in by_file for p in files):
            return None
        compiled = compile_paths(files, self.root, jobs=1, facts=file_facts)
        if not compiled.ok:
            say(compiled.diagnostics.render())
            return False
        self.data.take_facts(compiled.facts)
        new = {c["id"]: c for c in compiled.cards}
        old = {by_file[self._relative(p)]["id"]: by_file[self._relative(p)] for p in files}
        if set(new) != set(old) or self._names_lost(old, new) or self._moved(new):
            return None
        self._write(new, old)
        return True

    def _moved(self, new: dict) -> bool:
        """Whether a card's page would move (a new name makes a new address, site/addresses.py, and may
        move a card whose name made the same one): MkDocs must then learn of new pages, a full build."""
        from dow.compiler.messages import PSEUDO
        from .addresses import Addresses
        before = self.data.addresses
        after = Addresses([new.get(c["id"], c) for c in self.data.cards], (*LANGS, PSEUDO))
        return any(before.of(c["id"], lang) != after.of(c["id"], lang) for c in self.data.cards for lang in LANGS)

    def _relative(self, path: Path) -> str:
        return path.resolve().relative_to(self.root.resolve()).as_posix()

    def _names_lost(self, old: dict, new: dict) -> bool:
        """Whether a renamed card is still named by its old name somewhere: a full compile reports it."""
        gone = {old[i]["name"]["en"] for i in new if old[i]["name"]["en"] != new[i]["name"]["en"]}
        return bool(gone) and any(m["name"] in gone for c in self.cards if c["id"] not in new
                                  for m in _mentions(c, self.data))

    def _write(self, new: dict, old: dict) -> None:
        """Every language's changed pages and search entries (the bundle files come in ``finish``)."""
        forget_manifest(self.out)     # build/ is not what a build of the content writes until finish()
        stale_before = bool(self.data.card_stats.get("stale"))
        self.cards = [new.get(c["id"], c) for c in self.cards]
        self.data.replace(list(new.values()), bundle_of(self.cards, self.rulesets))
        pages = self._affected(new, old, stale_before != bool(self.data.card_stats.get("stale")))
        for lang in LANGS:
            self._language(lang, pages)

    def _affected(self, new: dict, old: dict, stale_flipped: bool) -> list[str]:
        """Ids of the cards whose pages may change: the changed ones, the cards that name a renamed
        card or tell its name in a worked example, and (when the statistics' staleness changed)
        every card page with a statistics block."""
        ids = set(new)
        renamed = [i for i in new if new[i]["name"] != old[i]["name"]]
        if renamed:
            names = {n for i in renamed for n in (old[i]["name"]["en"], new[i]["name"]["en"])}
            shorts = {i.rsplit(".", 1)[-1] for i in renamed}
            for card in self.data.cards:
                tests = json.dumps(card.get("tests") or [], ensure_ascii=False)
                if any(m["name"] in names for m in _mentions(card, self.data)) or \
                        any(s in tests or s.replace("-", "_") in tests for s in shorts):
                    ids.add(card["id"])
        if stale_flipped:
            ids.update(c["id"] for c in self.data.cards if c["kind"] in STATS_KINDS)
        return [c["id"] for c in self.data.cards if c["id"] in ids]

    def _language(self, lang: str, ids: list[str]) -> None:
        """One language: sources written where they changed, those pages rebuilt, search and downloads."""
        docs, pages = self.src / lang / "docs", self.langs[lang]
        common = common_context(self.data, lang, self.root)
        renderer, by_id = CardPages(self.env, self.data, lang, common), {c["id"]: c for c in self.data.cards}
        uris, card_entries, exported = [], {}, {}
        for card_id in ids:
            card = by_id[card_id]
            texts = self.data.texts(card, lang)
            text, card_entries[card_id] = renderer.render(card, texts)
            exported[card_id] = search_export_entry(card, lang, texts, self.data.addresses.of(card_id, lang))
            source = self.data.addresses.source(card_id, lang)
            if _write_if_changed(docs / source, text):
                uris.append(source)
        for uri, write in ((common["cards_index"], lambda: card_list_page(self.env, self.data, common, docs)),
                           ("transcription.md", lambda: transcription_page(self.env, self.data, lang, common, docs))):
            if _rewritten(docs / uri, write):
                uris.append(uri)
        theme_entries = pages.rebuild(uris)
        write_redirects(self.env, self.data, lang, pages.site, ids)   # the pages at the old addresses name the card
        self._search(pages.site, lang, {self.data.addresses.of(i, lang): e for i, e in card_entries.items()},
                     theme_entries)
        self._exports(pages.site, lang, exported)

    @staticmethod
    def _search(site: Path, lang: str, card_entries: dict, theme_entries: dict) -> None:
        """The search index with the rebuilt pages' entries in place of their old ones (both by the page's address)."""
        path = site / "search" / "search_index.json"
        text = path.read_text(encoding="utf-8")
        pages = [*theme_entries.items(), *card_entries.items()]
        for url, entries in pages:
            spliced = splice_text(text, url, entries)
            if spliced is None:            # not found where expected: the whole index decoded
                index = json.loads(text)
                index["docs"] = splice(index["docs"], url, entries)
                spliced = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
            text = spliced
        path.write_text(text, encoding="utf-8")

    def _exports(self, site: Path, lang: str, exported: dict) -> None:
        """downloads/cards-<lang>.json (the search page's card list) with the changed cards' entries."""
        path = site / "downloads" / f"cards-{lang}.json"
        entries = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps([exported.get(e["id"], e) for e in entries], ensure_ascii=False), encoding="utf-8")

    def finish(self, inputs: dict | None = None) -> None:
        """What every card goes into, after the pages: build/bundle.json and the schemas, the bundle
        each language offers for download, and the statistics page, its bot games played on the new
        bundle unless they were played on it before (compiler/stats.page_statistics); then the manifest (build/ is up to date again)."""
        write_outputs(Build(cards=self.cards, rulesets=self.rulesets), self.root, self.out)
        download = bundle_text(self.data.bundle)
        for pages in self.langs.values():
            (pages.site / "downloads" / "bundle.json").write_text(download, encoding="utf-8")
        self.data.stats  # played once for the three languages
        for lang in LANGS:
            docs, pages = self.src / lang / "docs", self.langs[lang]
            common = common_context(self.data, lang, self.root)
            if _rewritten(docs / "statistics.md", lambda: statistics_page(self.env, self.data, lang, common, docs)):
                self._search(pages.site, lang, {}, pages.rebuild(["statistics.md"]))
        write_manifest(self.root, self.out, site=True, inputs=inputs)   # inputs: as they were before they were read


def _write_if_changed(path: Path, text: str) -> bool:
    """Write text to path unless it holds it already; whether it was written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def _rewritten(path: Path, write) -> bool:
    """Call write() (which writes path) and say whether path's text changed."""
    before = path.read_text(encoding="utf-8") if path.is_file() else None
    write()
    return path.read_text(encoding="utf-8") != before

