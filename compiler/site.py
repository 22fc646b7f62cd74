"""The website: Markdown generated from the bundle and the rules chapters, built by MkDocs.

One MkDocs build per language (pt, en, vi) under one site, each with its own
search index; every page has the same path in every language, so the language
selector (site/overrides) stays on the page. Card pages are kept out of the
navigation. Every text that comes from content is escaped before it reaches
Markdown, so a card whose text holds ``<script>`` shows it as text. Nothing is
loaded from other hosts: the theme font is off and the search page's script is
our own file.
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import time
from pathlib import Path

import jinja2

from .cards import LANGS
from .loader import load_file

SITE = Path(__file__).resolve().parent.parent / "site"
LANG_NAMES = {"pt": "Português", "en": "English", "vi": "Tiếng Việt"}
CHAPTERS = ("base-game", "warring-colonies", "lone-wolf", "variants", "winter-tricks")
AUTHOR_DOCS = ("authoring", "effect-language", "card-files", "diagnostics", "bundle", "runtime")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")

UI = {
    "site": {"pt": "Dead of Winter — regras e cartas", "en": "Dead of Winter — rules and cards",
             "vi": "Dead of Winter — luật và thẻ bài"},
    "home": {"pt": "Início", "en": "Home", "vi": "Trang chủ"},
    "rules": {"pt": "Regras", "en": "Rules", "vi": "Luật chơi"},
    "glossary": {"pt": "Glossário", "en": "Glossary", "vi": "Thuật ngữ"},
    "cards": {"pt": "Cartas", "en": "Cards", "vi": "Thẻ bài"},
    "search": {"pt": "Busca de cartas", "en": "Card search", "vi": "Tìm thẻ bài"},
    "downloads": {"pt": "Downloads", "en": "Downloads", "vi": "Tải xuống"},
    "authors": {"pt": "Para autores", "en": "For authors", "vi": "Cho người soạn thẻ"},
    "transcription": {"pt": "Falta transcrever", "en": "Still to transcribe", "vi": "Còn cần chép lại"},
    "statistics": {"pt": "Estatísticas", "en": "Statistics", "vi": "Thống kê"},
    "example": {"pt": "Conteúdo de exemplo, não o jogo publicado",
                "en": "Example content, not the published game",
                "vi": "Nội dung ví dụ, không phải trò chơi đã phát hành"},
}


def esc(text) -> str:
    """Content text made safe for Markdown: HTML escaped, Markdown syntax backslashed."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False)).replace("\n", " ")


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SITE / "templates")), autoescape=False,
                             keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                             # Markdown heading ids are written {#id}: Jinja comments must look different
                             comment_start_string="<#--", comment_end_string="--#>",
                             undefined=jinja2.StrictUndefined)
    env.filters["esc"] = esc
    return env


def build_site(bundle: dict, root: Path, out: Path, say=print, jobs: int | None = None,
               timings: dict | None = None) -> Path:
    """Generate every language's Markdown under out/../site-src and build it into out/<lang>/.

    The languages are independent builds, so they run in forked processes, as many at a time as
    there are cores (``jobs``, or DOW_JOBS, or the core count); one job builds them one by one.
    ``timings``, when given, receives the seconds each stage took: {lang: {stage: seconds}}.
    """
    src = out.parent / "site-src"
    shutil.rmtree(src, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    data = SiteData(bundle, root)
    env = _env()

    def one(lang: str) -> dict:
        return build_language(env, data, lang, src / lang, out, say)
    jobs = jobs or int(os.environ.get("DOW_JOBS", "0")) or os.cpu_count() or 1
    if jobs > 1:
        data.stats  # the games are played once, here, not once in every language's process
    stages = _in_processes(one, LANGS) if jobs > 1 else {lang: one(lang) for lang in LANGS}
    if timings is not None:
        timings.update(stages)
    (out / "index.html").write_text(env.get_template("root.html.j2").render(langs=LANGS, names=LANG_NAMES,
                                                                             ui=UI), encoding="utf-8")
    return out


def build_language(env, data: "SiteData", lang: str, project: Path, out: Path, say=print) -> dict:
    """One language: its Markdown pages, its mkdocs.yml, the MkDocs build. Returns seconds per stage."""
    clock = time.perf_counter()
    say(f"site: writing {lang} pages")
    seconds = write_pages(env, data, lang, project / "docs", data.root, out)
    config = write_config(data, lang, project, out / lang)
    seconds["pages"] = time.perf_counter() - clock
    say(f"site: building {lang} with MkDocs")
    clock = time.perf_counter()
    run_mkdocs(config)
    seconds["mkdocs"] = time.perf_counter() - clock
    return seconds


class SiteBuildError(Exception):
    """A language's build failed in its worker process; the message holds the worker's traceback."""


def _in_processes(work, items) -> dict:
    """work(item) for every item, each in a forked process, all started at once (the scheduler
    shares the cores; three languages on two cores finish as soon as two jobs in a row would).
    Fork hands each child the data without pickling it; only the small result comes back."""
    import multiprocessing
    import pickle
    import traceback
    ctx = multiprocessing.get_context("fork")
    running = []
    for item in items:
        receive, send = ctx.Pipe(duplex=False)

        def child(item=item, send=send):
            try:
                send.send(("ok", work(item)))
            except BaseException:
                send.send(("error", traceback.format_exc()))
        process = ctx.Process(target=child, name=f"site-{item}")
        process.start()
        send.close()
        running.append((item, process, receive))
    results, failures = {}, []
    for item, process, receive in running:
        try:
            status, value = receive.recv()
        except (EOFError, pickle.UnpicklingError):
            status, value = "error", "the worker process ended without a result"
        process.join()
        if status == "ok":
            results[item] = value
        else:
            failures.append(f"{item}: {value}")
    if failures:
        raise SiteBuildError("\n".join(failures))
    return results


class SiteData:
    """What the pages are made of: cards by id and name, sets and kinds, rules, glossary, counts."""

    def __init__(self, bundle: dict, root: Path):
        self.bundle = bundle
        self.cards = sorted(bundle["cards"], key=lambda c: (c["set"], c["kind"], c["id"]))
        self.by_name = {c["name"]["en"]: c for c in self.cards}
        self.glossary = _load(root / "content" / "glossary.yaml") or []
        self.counts = _load(root / "content" / "sets.yaml") or {}
        self.root = root
        self._stats: dict | None = None

    @property
    def stats(self) -> dict:
        """Seeded bot games on the reference engine, played once for every language's page."""
        if self._stats is None:
            from .stats import game_statistics
            self._stats = game_statistics(self.bundle)
        return self._stats

    def status(self) -> list:
        """The rows of `dow status` (compiler/status.py), computed once for every language."""
        if not hasattr(self, "_status"):
            from .status import table
            self._status = table(self.root, self.bundle["cards"])
        return self._status

    def sets(self) -> dict:
        """{set: {kind: [cards]}}."""
        out: dict = {}
        for card in self.cards:
            out.setdefault(card["set"], {}).setdefault(card["kind"], []).append(card)
        return out


def _load(path: Path):
    if not path.is_file():
        return None
    node, _ = load_file(path)
    return node.plain() if node is not None else None


def write_pages(env, data: SiteData, lang: str, docs: Path, root: Path, out: Path) -> dict:
    """Every Markdown page of one language. Returns the seconds of its costly parts."""
    from .explain import tree_outline
    from .text import card_texts
    docs.mkdir(parents=True)
    common = {"lang": lang, "ui": UI, "names": LANG_NAMES, "sets": data.sets(), "chapters": _chapters(root, lang),
              "facts": {k: v[lang] for k, v in FACTS.items()}, "_abbr": _abbreviations(data.glossary, lang),
              "kinds": {k: v[lang] for k, v in KIND_NAMES.items()},
              "set_names": {k: v[lang] for k, v in SET_NAMES.items()},
              "titles": {c: _title(root / "content" / "rules" / lang / f"{c}.md") for c in _chapters(root, lang)}}
    _page(env, "index.md.j2", docs / "index.md", **common)
    for chapter in common["chapters"]:
        text = (root / "content" / "rules" / lang / f"{chapter}.md").read_text(encoding="utf-8")
        (docs / f"{chapter}.md").write_text(text + _used(common["_abbr"], text), encoding="utf-8")
    _page(env, "glossary.md.j2", docs / "glossary.md", terms=data.glossary, **common)
    _page(env, "cards.md.j2", docs / "cards" / "index.md", **common)
    clock = time.perf_counter()
    texts_of = {card["id"]: card_texts(card, lang) for card in data.cards}  # once: pages and search share it
    seconds = {"rules text": time.perf_counter() - clock}
    clock = time.perf_counter()
    from .examples import LABELS as EXAMPLE_LABELS, example_names, worked_examples
    example_words = example_names(data.cards, lang)
    for card in data.cards:
        texts = texts_of[card["id"]]
        _page(env, "card.md.j2", docs / "cards" / f"{card['id']}.md", card=card, programs=_programs(card, texts, lang),
              mentions=_mentions(card, data), tree=_code(tree_outline(card)), rules_link=_rules_link(card),
              examples=worked_examples(card, example_words, lang), EL=EXAMPLE_LABELS, **common)
    seconds["card pages"] = time.perf_counter() - clock
    _page(env, "search.md.j2", docs / "search.md", **common)
    _page(env, "transcription.md.j2", docs / "transcription.md", counts=data.counts, status=data.status(),
          columns={k: v[lang] for k, v in STATUS_COLUMNS.items()}, **common)
    from .stats import LABELS
    _page(env, "statistics.md.j2", docs / "statistics.md", stats=data.stats, L=LABELS,
          by_id={c["id"]: c for c in data.cards}, **common)
    (docs / "assets").mkdir()
    shutil.copy(SITE / "assets" / "search.js", docs / "assets" / "search.js")
    shutil.copy(SITE / "assets" / "extra.css", docs / "assets" / "extra.css")
    downloads = docs / "downloads"
    downloads.mkdir()
    (downloads / "bundle.json").write_text(json.dumps(data.bundle, ensure_ascii=False), encoding="utf-8")
    for schema in (root / "build" / "schemas").glob("*.json"):
        shutil.copy(schema, downloads / schema.name)
    clock = time.perf_counter()
    (downloads / f"cards-{lang}.json").write_text(json.dumps(search_export(data, lang, texts_of), ensure_ascii=False),
                                                   encoding="utf-8")
    seconds["search export"] = time.perf_counter() - clock
    _page(env, "downloads.md.j2", docs / "downloads.md", **common)
    authors = docs / "authors"
    authors.mkdir()
    for name in AUTHOR_DOCS:
        source = root / "docs" / (lang if (root / "docs" / lang / f"{name}.md").is_file() else "") / f"{name}.md"
        if source.is_file():
            text = source.read_text(encoding="utf-8")
            (authors / f"{name}.md").write_text(_author_links(text), encoding="utf-8")
    return seconds


def _author_links(text: str) -> str:
    """Author docs link to each other as siblings; keep links into the repository as plain text."""
    return re.sub(r"\]\((?!https?:|#)([^)]*?)\)", lambda m: "](" + m.group(1).split("/")[-1] + ")", text)


def _code(text: str) -> str:
    """Plain text as the inside of a highlighted ```text block: HTML escaped, outer newlines off."""
    return html.escape(text.strip("\n"), quote=False)


def _title(path: Path) -> str:
    """A chapter's title: its first heading, without the {#id}."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return re.sub(r"\s*\{#[^}]*\}\s*$", "", line[2:]).strip()
    return path.stem


def _chapters(root: Path, lang: str) -> list[str]:
    folder = root / "content" / "rules" / lang
    return [c for c in CHAPTERS if (folder / f"{c}.md").is_file()]


def _page(env, template: str, path: Path, **context) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = env.get_template(template).render(**context)
    path.write_text(text + _used(context["_abbr"], text), encoding="utf-8")


def _abbreviations(terms: list, lang: str) -> dict[str, str]:
    """Glossary terms as Markdown abbreviation lines, by term: a tooltip wherever the term appears."""
    out = {}
    for term in terms:
        word = str(term["term"][lang]).strip()
        if word and "]" not in word:
            out[word] = f"*[{word}]: {html.escape(str(term['definition'][lang]))}"
    return out


def _used(abbreviations: dict[str, str], text: str) -> str:
    """The abbreviation lines of the terms a page uses. Each defined abbreviation costs the Markdown
    parser a pass over the page, so pages carry only their own (this cut site builds by half)."""
    lines = [line for word, line in abbreviations.items() if word in text]
    return "\n\n" + "\n".join(lines) + "\n" if lines else ""


def _programs(card: dict, texts: dict, lang: str) -> list[dict]:
    """Each effect of a card: where it is, the authored text beside it, the generated text."""
    out = []
    for path, generated in texts.items():
        parts = path.split(".")
        parent = card
        for part in parts[:-1]:
            parent = parent[int(part)] if part.isdigit() else parent.get(part, {})
        authored = parent.get("text", {}).get(lang, "") if isinstance(parent, dict) else ""
        label = _label(parts, lang)
        if out and out[-1]["label"] == label:  # a trigger's 'when' and 'if' are one section
            out[-1]["generated"] += " " + generated
            continue
        out.append({"label": label, "authored": authored, "generated": generated})
    return out


FACTS = {
    "kind": {"pt": "tipo", "en": "kind", "vi": "loại"}, "set": {"pt": "coleção", "en": "set", "vi": "bộ"},
    "number": {"pt": "número", "en": "number", "vi": "số"},
    "influence": {"pt": "influência", "en": "influence", "vi": "ảnh hưởng"},
    "attack": {"pt": "ataque", "en": "attack", "vi": "tấn công"},
    "search": {"pt": "busca", "en": "search", "vi": "lục soát"},
    "occupation": {"pt": "ocupação", "en": "occupation", "vi": "nghề nghiệp"},
    "status": {"pt": "situação", "en": "status", "vi": "trạng thái"},
    "price": {"pt": "preço", "en": "price", "vi": "giá"},
    "copies": {"pt": "cópias", "en": "copies", "vi": "số bản"},
    "tree": {"pt": "Árvore de efeitos", "en": "Effect tree", "vi": "Cây hiệu ứng"},
}

#: the columns of the status table on the transcription page (compiler/status.py)
STATUS_COLUMNS = {
    "set": {"pt": "coleção", "en": "set", "vi": "bộ"},
    "kind": {"pt": "tipo", "en": "kind", "vi": "loại"},
    "official": {"pt": "oficial", "en": "official", "vi": "chính thức"},
    "known": {"pt": "conhecidas", "en": "known", "vi": "đã biết"},
    "needs_transcription": {"pt": "falta transcrever", "en": "needs transcription", "vi": "cần chép lại"},
    "full": {"pt": "completas", "en": "full", "vi": "đầy đủ"},
    "partial": {"pt": "parciais", "en": "partial", "vi": "một phần"},
    "manual": {"pt": "manuais", "en": "manual", "vi": "thủ công"},
    "tested": {"pt": "testadas", "en": "tested", "vi": "đã kiểm thử"},
    "translated": {"pt": "traduzidas", "en": "translated", "vi": "đã dịch"},
    "effects": {"pt": "efeitos", "en": "effects", "vi": "hiệu ứng"},
    "automated": {"pt": "efeitos sem passo manual", "en": "effects with no manual step",
                  "vi": "hiệu ứng không cần bước thủ công"},
    "missing": {"pt": "Cartas que faltam transcrever", "en": "Cards still to transcribe",
                "vi": "Các thẻ còn cần chép lại"},
    "missing_note": {"pt": "Cada carta que a contagem oficial diz existir, mas que ainda não tem arquivo, aparece "
                             "aqui com um número provisório.",
                     "en": "Each card the official count says exists but that has no file yet is listed here "
                           "under a provisional number.",
                     "vi": "Mỗi thẻ mà số lượng chính thức cho biết là có, nhưng chưa có tệp, được liệt kê ở đây "
                           "với một số tạm."},
}

KIND_NAMES = {
    "survivor": {"pt": "sobreviventes", "en": "survivors", "vi": "người sống sót"},
    "crossroads": {"pt": "cartas de encruzilhada", "en": "crossroads cards", "vi": "thẻ ngã tư"},
    "crisis": {"pt": "crises", "en": "crises", "vi": "khủng hoảng"},
    "main-objective": {"pt": "objetivos principais", "en": "main objectives", "vi": "mục tiêu chính"},
    "secret-objective": {"pt": "objetivos secretos", "en": "secret objectives", "vi": "mục tiêu bí mật"},
    "item": {"pt": "itens", "en": "items", "vi": "vật phẩm"},
    "tactic": {"pt": "táticas", "en": "tactics", "vi": "chiến thuật"},
    "lone-wolf-mission": {"pt": "missões do Lobo Solitário", "en": "Lone Wolf missions",
                          "vi": "nhiệm vụ Lone Wolf"},
    "die": {"pt": "dados", "en": "dice", "vi": "xúc xắc"},
    "location": {"pt": "locais", "en": "locations", "vi": "địa điểm"},
    "winter-event": {"pt": "eventos", "en": "events", "vi": "sự kiện"},
    "relic": {"pt": "relíquias", "en": "relics", "vi": "di vật"},
    "resource": {"pt": "recursos", "en": "resources", "vi": "tài nguyên"},
    "equipment": {"pt": "equipamentos", "en": "equipment", "vi": "trang bị"},
    "expedition": {"pt": "expedição", "en": "expedition", "vi": "thám hiểm"},
}
SET_NAMES = {"base": {"pt": "Jogo básico", "en": "Base game", "vi": "Bản cơ bản"},
             "warring-colonies": {"pt": "Colônias em Guerra", "en": "Warring Colonies", "vi": "Warring Colonies"},
             "winter-tricks": {"pt": "Truques de Inverno", "en": "Winter Tricks", "vi": "Nước bài mùa đông"}}

LABELS = {
    "abilities": {"pt": "Habilidade", "en": "Ability", "vi": "Kỹ năng"},
    "options": {"pt": "Opção", "en": "Option", "vi": "Lựa chọn"},
    "trigger": {"pt": "Gatilho", "en": "Trigger", "vi": "Điều kiện kích hoạt"},
    "goals": {"pt": "Objetivo", "en": "Goal", "vi": "Mục tiêu"},
    "setup": {"pt": "Preparação", "en": "Set-up", "vi": "Chuẩn bị"},
    "faces": {"pt": "Face", "en": "Face", "vi": "Mặt"},
    "effect": {"pt": "Efeito", "en": "Effect", "vi": "Hiệu ứng"},
}


def _label(parts: list[str], lang: str) -> str:
    """'options.1.effect' -> 'Option 2'."""
    head = LABELS.get(parts[0], {}).get(lang, parts[0])
    if len(parts) > 1 and parts[1].isdigit():
        return f"{head} {int(parts[1]) + 1}"
    return head


def _mentions(card: dict, data: SiteData) -> list[dict]:
    """Cards this card names in its effects."""
    names, seen = [], set()

    def walk(value):
        if isinstance(value, dict):
            if value.get("op") == "named" and value["card"] not in seen:
                seen.add(value["card"])
                names.append(value["card"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(card)
    return [{"name": n, "card": data.by_name.get(n)} for n in names]


#: the rules section that explains each kind of card
RULES_OF_KIND = {"crossroads": "base-game/#base-crossroads", "survivor": "base-game/#base-abilities",
                 "die": "base-game/#base-exposure", "crisis": "base-game/#base-crisis",
                 "item": "base-game/#base-play-card", "tactic": "warring-colonies/#wc-tactics",
                 "main-objective": "base-game/#base-setup", "location": "base-game/#base-setup",
                 "winter-event": "winter-tricks/#wt-events", "relic": "winter-tricks/#wt-tricks-relic",
                 "resource": "winter-tricks/#wt-tricks", "equipment": "winter-tricks/#wt-equipment",
                 "expedition": "winter-tricks/#wt-expedition"}


def _rules_link(card: dict) -> str:
    """A card page's link to the rules about its kind."""
    return "../../" + RULES_OF_KIND.get(card["kind"], "base-game/")


def search_export(data: SiteData, lang: str, texts_of: dict) -> list[dict]:
    """The per-language card list the search page queries (texts_of: generated texts by card id)."""
    out = []
    for card in data.cards:
        authored = []
        _collect_texts(card, lang, authored)
        numbers = {k: card.get(k) for k in ("influence", "attack", "search", "number") if card.get(k) is not None}
        out.append({"id": card["id"], "name": card["name"][lang], "kind": card["kind"], "set": card["set"],
                    "text": " ".join(authored + list(texts_of[card["id"]].values())), "numbers": numbers,
                    "status": card["status"].get("data", "")})
    return out


def _collect_texts(value, lang: str, out: list) -> None:
    if isinstance(value, dict):
        if set(value) >= {"pt", "en", "vi"}:
            out.append(str(value[lang]))
            return
        for k, v in value.items():
            if k != "name":
                _collect_texts(v, lang, out)
    elif isinstance(value, list):
        for v in value:
            _collect_texts(v, lang, out)


def write_config(data: SiteData, lang: str, project: Path, site_dir: Path) -> Path:
    """The mkdocs.yml of one language."""
    chapters = _chapters(data.root, lang)
    nav = [{UI["home"][lang]: "index.md"}]
    if chapters:
        nav.append({UI["rules"][lang]: [f"{c}.md" for c in chapters]})
    nav += [{UI["glossary"][lang]: "glossary.md"}, {UI["cards"][lang]: "cards/index.md"},
            {UI["search"][lang]: "search.md"}, {UI["transcription"][lang]: "transcription.md"},
            {UI["statistics"][lang]: "statistics.md"},
            {UI["downloads"][lang]: "downloads.md"},
            {UI["authors"][lang]: [f"authors/{n}.md" for n in AUTHOR_DOCS
                                   if (data.root / "docs" / f"{n}.md").is_file()]}]
    config = {
        "site_name": UI["site"][lang], "docs_dir": "docs", "site_dir": str(site_dir), "use_directory_urls": True,
        "theme": {"name": "material", "language": lang, "font": False, "custom_dir": str(SITE / "overrides"),
                  "features": ["navigation.sections", "search.highlight", "content.tooltips"]},
        "extra_css": ["assets/extra.css"],
        "plugins": [{"search": {"lang": [lang]}}],
        "markdown_extensions": ["attr_list", "abbr", "admonition", "tables", "pymdownx.details",
                                "pymdownx.superfences", "md_in_html", {"toc": {"permalink": True}}],
        "extra": {"alternate": [{"name": LANG_NAMES[other], "link": f"/{other}/", "lang": other} for other in LANGS],
                  "generator": False},
        "not_in_nav": "/cards/*.md\n",
        "nav": nav,
        "validation": {"links": {"anchors": "info", "unrecognized_links": "info"}},
    }
    path = project / "mkdocs.yml"
    path.write_text(json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def run_mkdocs(config_path: Path) -> None:
    """Build one language with MkDocs' own API."""
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    config = load_config(str(config_path))
    build(config)
