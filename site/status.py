"""How far the card corpus has come: per set and kind, what is known, automated, tested, translated.

``dow status`` prints the table; the website's transcription page shows the same rows.

* **official**: the count the rulebooks give (``content/sets.yaml``; ``None`` when not known).
* **known**: card files whose facts are transcribed (``status.data: known``).
* **needs transcription**: card files marked ``needs transcription``, plus one numbered
  placeholder for every card the official count says exists but ``content/`` has no file for
  (``warring-colonies.crossroads.untranscribed-02`` …). Placeholders are derived, never written by
  hand: adding a card file for one removes one placeholder, and nothing else has to change.
* **full / partial / manual**: the card files' ``status.implementation``.
* **tested**: card files with a non-empty ``tests:`` entry.
* **translated**: card files whose every localized field is current in pt, en and vi (the
  translations were stamped from the present English text; see i18n/workflow.py).
* **effects / automated**: effect texts compiled from the cards, and how many of them run without
  a ``manual`` step.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from dow.compiler.cards import KINDS, SETS

COLUMNS = ("official", "known", "needs_transcription", "full", "partial", "manual", "tested", "translated",
           "effects", "automated")
HEADINGS = {"official": "official", "known": "known", "needs_transcription": "needs transcription",
            "full": "full", "partial": "partial", "manual": "manual", "tested": "tested",
            "translated": "translated", "effects": "effects", "automated": "automated"}
PLACEHOLDER = "untranscribed"


@dataclass
class Row:
    """One set and kind."""

    set: str
    kind: str
    counts: dict = field(default_factory=lambda: {c: None if c == "official" else 0 for c in COLUMNS})
    placeholders: list[str] = field(default_factory=list)


def effects_of(node) -> list[dict]:
    """Every compiled effect text ({source, tree}) inside a bundle card."""
    out: list[dict] = []
    if isinstance(node, dict):
        if "tree" in node and "source" in node:
            out.append(node)
        else:
            for value in node.values():
                out.extend(effects_of(value))
    elif isinstance(node, list):
        for value in node:
            out.extend(effects_of(value))
    return out


def has_manual(node) -> bool:
    """Whether an effect tree holds a ``manual`` step anywhere."""
    if isinstance(node, dict):
        return node.get("op") == "manual" or any(has_manual(v) for v in node.values())
    if isinstance(node, list):
        return any(has_manual(v) for v in node)
    return False


#: what a card file that cannot be loaded gives: not tested, not translated, no stale translation
UNREADABLE = (False, False, frozenset())


def file_facts(node, path: Path) -> tuple[bool, bool, frozenset]:
    """(tested, translated, stale) of a card file at ``path`` loaded as ``node`` (``load_file``'s root):
    whether it has a non-empty ``tests:`` entry, whether every localized field is current in every
    target language, and the (card id, field path, language) of each translation made from an older
    English text (i18n/workflow.py). The compile hands these over from its own parse of each file
    (``compile_paths``' ``facts``), so the site does not load the card files again."""
    from dow.i18n import workflow as i18n
    tests = node.get("tests") if node is not None and node.kind == "map" else None
    tested = bool(tests is not None and tests.kind == "seq" and tests.value)
    fields = i18n.fields_in(node, path)
    translated = all(f.state(lang) == i18n.DONE for f in fields for lang in i18n.TARGETS) and \
        all(str(f.texts.get(i18n.SOURCE, "") or "").strip() not in ("", "TODO") for f in fields)
    stale = frozenset((f.card_id, ".".join(map(str, f.path)), lang) for f in fields
                      for lang in i18n.TARGETS if f.state(lang) == i18n.STALE)
    return tested, translated, stale


def facts_of_text(data: bytes, path: Path) -> tuple[bool, bool, frozenset]:
    """``file_facts`` of a card file's bytes, loaded here (``UNREADABLE`` when they do not load)."""
    from dow.compiler.loader import LoadError, decode, load_text
    try:
        node = load_text(decode(data, str(path)), str(path))
    except LoadError:
        return UNREADABLE
    return file_facts(node, path)


def _source_facts(path: Path) -> tuple[bool, bool]:
    """(tested, translated) read from a card's source file."""
    return facts_of_text(path.read_bytes(), path)[:2]


def official_counts(root: Path) -> dict:
    """content/sets.yaml as {set: {kind: count or None}}."""
    from dow.compiler.loader import load_file
    path = root / "content" / "sets.yaml"
    if not path.is_file():
        return {}
    node, _ = load_file(path)
    data = node.plain() if node is not None else {}
    return {s: dict(kinds or {}) for s, kinds in (data or {}).items()}


def table(root: Path, cards: list[dict], source_facts=None) -> list[Row]:
    """The status rows for compiled ``cards`` (bundle form) of the project at ``root``; ``source_facts``
    reads a card file's (tested, translated) when given (the site keeps them per file version)."""
    read_facts = source_facts or _source_facts
    official = official_counts(root)
    rows: dict[tuple[str, str], Row] = {}

    def row(card_set: str, kind: str) -> Row:
        return rows.setdefault((card_set, kind), Row(card_set, kind))

    for card_set, kinds in official.items():
        for kind, count in kinds.items():
            row(card_set, kind).counts["official"] = count
    for card in cards:
        r = row(card["set"], card["kind"])
        c = r.counts
        status = card.get("status", {})
        c["known" if status.get("data", "known") == "known" else "needs_transcription"] += 1
        c[status.get("implementation", "full")] += 1
        path = root / card["file"] if card.get("file") else None
        tested, translated = read_facts(path) if path is not None and path.is_file() else (False, False)
        c["tested"] += tested
        c["translated"] += translated
        for effect in effects_of(card):
            c["effects"] += 1
            c["automated"] += not has_manual(effect.get("tree", []))
    for r in rows.values():
        count = r.counts["official"]
        have = r.counts["known"] + r.counts["needs_transcription"]
        if isinstance(count, int) and count > have:
            width = len(str(count))
            r.placeholders = [f"{r.set}.{r.kind}.{PLACEHOLDER}-{n:0{width}d}" for n in range(have + 1, count + 1)]
            r.counts["needs_transcription"] += len(r.placeholders)
    order = {k: i for i, k in enumerate(KINDS)}
    sets = {s: i for i, s in enumerate(SETS)}
    return sorted(rows.values(), key=lambda r: (sets.get(r.set, 99), r.set, order.get(r.kind, 99), r.kind))


def totals(rows: list[Row]) -> dict:
    """Column sums (an unknown official count makes the official total unknown)."""
    out = {c: 0 for c in COLUMNS}
    for r in rows:
        for c in COLUMNS:
            if c == "official" and (r.counts[c] is None or out[c] is None):
                out[c] = None
            else:
                out[c] += r.counts[c]
    return out


def percentages(rows: list[Row]) -> dict:
    """Automation, as shares: cards with implementation full (of card files), effects without a manual step."""
    t = totals(rows)
    files = t["full"] + t["partial"] + t["manual"]
    return {"cards_full": t["full"] / files if files else 0.0,
            "effects_automated": t["automated"] / t["effects"] if t["effects"] else 0.0}


def as_json(rows: list[Row]) -> str:
    """The table for tools."""
    return json.dumps({"rows": [{"set": r.set, "kind": r.kind, **r.counts, "placeholders": r.placeholders}
                                for r in rows],
                       "totals": totals(rows), "percentages": percentages(rows)}, indent=1, ensure_ascii=False)


def render(rows: list[Row]) -> str:
    """The table as text."""
    heads = ["set", "kind", *(HEADINGS[c] for c in COLUMNS)]
    body = [[r.set, r.kind, *("?" if r.counts[c] is None else str(r.counts[c]) for c in COLUMNS)] for r in rows]
    t = totals(rows)
    body.append(["total", "", *("?" if t[c] is None else str(t[c]) for c in COLUMNS)])
    widths = [max(len(x[i]) for x in [heads, *body]) for i in range(len(heads))]

    def line(cells):
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    p = percentages(rows)
    return "\n".join([line(heads), *(line(b) for b in body), "",
                      f"cards with implementation full: {p['cards_full']:.1%} of card files; "
                      f"effects without a manual step: {t['automated']} of {t['effects']} ({p['effects_automated']:.1%})",
                      "needs transcription counts card files marked so plus one placeholder for each card the "
                      "official count says is missing; translated: every text current in pt, en and vi"])
