"""Game statistics for the website: seeded games with bots on the reference engine, and card statistics.

``game_statistics(bundle)`` plays a fixed number of seeded base games with the
heuristic bots (invariants checked after every step) and sums them up for the
statistics page: how games end, who wins, how long they last, how often each card
is used. The same seed gives the same figures, so the page only changes when the
content or the engine does. Values the project does not know are played with the
ruleset's stand-ins, and the page says so.

The card statistics (crossroads cards, survivors, items) come from the good bots' games, played by
`dow stats` into a committed results file (site/cardstats.py), never on a site build: ``card_section``
and ``card_block`` put them in words for the statistics page and the card pages. Every word comes from
the ``statistics`` section of the site catalogues.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path

from dow.i18n.workflow import collation_key

GAMES, SEED, PLAYERS = 100, 0, 4
AGENTS = "heuristic"
"""The bots of the page's games: the heuristic bots, which play toward their goals (docs/simulation.md), so the
figures describe games played for the win, as the card statistics' do (Winter Tricks' too: its own heuristic bot)."""

WORDS = "statistics"
"""The section of the site catalogues (site/catalogues/site/<lang>.yaml) that holds this page's words."""


def bar_chart(rows: list[tuple[str, float]], unit: str = "", width: int = 640) -> str:
    """A horizontal bar chart as inline SVG, drawn at build time (no script, no font, no other host).
    Labels and values are escaped; each bar also carries a <title> for a tooltip."""
    from html import escape
    if not rows:
        return ""
    top = max(v for _, v in rows) or 1
    label_w, bar_h, gap = 230, 18, 6
    height = len(rows) * (bar_h + gap) + gap
    parts = [f'<svg class="dow-chart" role="img" viewBox="0 0 {width} {height}" width="100%" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for i, (label, value) in enumerate(rows):
        y = gap + i * (bar_h + gap)
        w = max(1.0, (width - label_w - 70) * value / top)
        shown = f"{value:g}{unit}"
        parts.append(f'<g><title>{escape(label)}: {escape(shown)}</title>'
                     f'<text x="{label_w - 8}" y="{y + 13}" text-anchor="end" font-size="12" '
                     f'fill="currentColor">{_label_lines(label)}</text>'
                     f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="#5c6bc0" rx="2"/>'
                     f'<text x="{label_w + w + 6:.1f}" y="{y + 13}" font-size="12" fill="currentColor">'
                     f'{escape(shown)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def winter_tricks_statistics(bundle: dict, games: int = GAMES, seed: int = SEED, players: int = 4) -> dict:
    """The same for the second game of the seeds (Winter Tricks), every seat its heuristic bot, or {'error': why}."""
    try:
        from dow.runtime.games import winter_tricks
        summary = winter_tricks.simulate(bundle, games, seed, players, AGENTS)
    except Exception as err:                        # no Winter Tricks content: the page says why
        return {"error": f"{type(err).__name__}: {err}"}
    summary["first"], summary["last"] = seed, seed + games - 1
    summary["top_cards"] = sorted(summary["card_uses"].items(), key=lambda kv: (-kv[1], kv[0]))[:15]
    return summary


def game_statistics(bundle: dict, games: int = GAMES, seed: int = SEED, players: int = PLAYERS) -> dict:
    """The figures for the statistics page, or {'error': why} when the bundle cannot be played."""
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import simulate
    try:
        summary = simulate(bundle, games, seed, players, AGENTS)
    except GameError as err:
        return {"error": str(err)}
    if summary["crashes"] and len(summary["crashes"]) == games:
        return {"error": summary["crashes"][0]["error"]}
    summary["first"], summary["last"] = seed, seed + games - 1
    summary["top_cards"] = list(summary["card_uses"].items())[:15]
    return summary


def colonies_statistics(bundle: dict, games: int = GAMES, seed: int = SEED, players: int = 6) -> dict:
    """The same for Warring Colonies (``dow simulate --variant warring-colonies``), or {'error': why}."""
    from dow.runtime.engine.game import GameError
    from dow.runtime.engine.sim import simulate
    try:
        summary = simulate(bundle, games, seed, players, AGENTS, variants=["warring-colonies"])
    except GameError as err:
        return {"error": str(err)}
    if summary["crashes"] and len(summary["crashes"]) == games:
        return {"error": summary["crashes"][0]["error"]}
    summary["first"], summary["last"], summary["half"] = seed, seed + games - 1, players // 2
    summary["top_cards"] = list(summary["card_uses"].items())[:15]
    return summary


# ---- the page's games, kept by what they depend on ---------------------------------------------------
def cache_path(root: Path) -> Path | None:
    """Where the page's figures are kept between builds: in the toolchain's cache folder (the text cache's:
    ``$DOW_CACHE_DIR``, ``$XDG_CACHE_HOME/dow`` or ``~/.cache/dow``; None when it is off), one file per
    project, never in the project, whose build/ a ``dow build --out DIR`` must not touch."""
    import hashlib

    from dow.compiler.cachedir import cache_dir
    folder = cache_dir()
    if folder is None:
        return None
    return folder / "site-stats" / (hashlib.sha256(str(Path(root).resolve()).encode()).hexdigest()[:16] + ".pickle")
#: the layout of the kept figures; a file of another layout is played again
CACHE_FORMAT = 1
#: figures kept for this many bundles (dow serve: a card saved, then changed back)
KEEP = 4
#: the code that makes the figures: the runtime (engine, bots, Winter Tricks, interpreter, bundle
#: loading) and this module; a change to any of its files plays the games again
SOURCES = (Path(__file__).resolve().parent.parent / "runtime", Path(__file__).resolve())
#: the page's three sets of games: (key, function, players)
PAGE_GAMES = (("base", "game_statistics", PLAYERS), ("winter_tricks", "winter_tricks_statistics", 4),
              ("warring_colonies", "colonies_statistics", 6))


def engine_fingerprint(sources=None) -> str:
    """sha256 of every source and data file of the code that plays the page's games (``SOURCES``),
    by path and bytes."""
    digest = hashlib.sha256()
    for source in sources or SOURCES:
        source = Path(source)
        files = sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
            if source.is_dir() else [source]
        for path in files:
            digest.update(path.relative_to(source.parent).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return "sha256:" + digest.hexdigest()


def page_key(bundle: dict) -> dict:
    """What the page's figures depend on: the bundle (its content hash holds the cards and the rulesets,
    so the stand-ins), the code that plays (``engine_fingerprint``), the games, seeds, players and
    agents, and Python's version (its random numbers)."""
    return {"format": CACHE_FORMAT, "content_hash": bundle.get("content_hash", ""),
            "ir_version": bundle.get("ir_version", ""), "engine": engine_fingerprint(),
            "python": list(sys.version_info[:2]), "games": GAMES, "seed": SEED, "agents": AGENTS,
            "players": {name: players for name, _, players in PAGE_GAMES}}


def page_statistics(bundle: dict, root: Path | None = None) -> dict:
    """The statistics page's figures: ``GAMES`` seeded games each of the base game, Winter Tricks and
    Warring Colonies with the heuristic bots. The games are played once for a ``page_key``: their
    figures are kept in the toolchain's cache folder (``cache_path``, the last ``KEEP`` keys), so neither
    `dow build` nor a card saved under `dow serve` plays them again while the bundle and the code that
    plays are the same. The same seeds give the same figures, so kept figures are those a new run
    would give. A bundle without a content hash is played every time."""
    key = page_key(bundle)
    path = cache_path(root) if root is not None and key["content_hash"] else None
    kept = _cache_read(path) if path is not None else []
    for stored_key, figures in kept:
        if stored_key == key:
            return figures
    functions = globals()
    played: dict = {}
    for name, function, players in PAGE_GAMES:
        figures = functions[function](bundle, games=GAMES, seed=SEED, players=players)
        if name == "base":
            played.update(figures)
        else:
            played[name] = figures
    if path is not None:
        _cache_write(path, [(key, played)] + [entry for entry in kept if entry[0] != key][:KEEP - 1])
    return pickle.loads(pickle.dumps(played))     # the caller's copy: what is kept stays as played


def _cache_read(path: Path) -> list:
    """[(key, figures)] kept, newest first; [] when there is no file or it is not one of ours."""
    try:
        with open(path, "rb") as fh:
            stored = pickle.load(fh)
    except Exception:       # noqa: BLE001 - missing, truncated, of another layout: played again
        return []
    if not isinstance(stored, dict) or stored.get("format") != CACHE_FORMAT or not isinstance(stored.get("entries"), list):
        return []
    return [entry for entry in stored["entries"] if isinstance(entry, tuple) and len(entry) == 2]


def _cache_write(path: Path, entries: list) -> None:
    """Keep the figures (written beside and renamed: a reader sees the old file or the new one); a
    folder that cannot be written only means the games are played again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            pickle.dump({"format": CACHE_FORMAT, "entries": entries}, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass


def _label_lines(label: str, width: int = 32) -> str:
    """A chart label as SVG text: on one line, or on two broken at a space (never cut in a word)."""
    from html import escape
    if len(label) <= width or " " not in label[:width]:
        return escape(label)
    cut = label[:width].rindex(" ")
    first, rest = label[:cut], label[cut + 1:]
    return (f'<tspan dy="-6">{escape(first)}</tspan>'
            f'<tspan x="{222}" dy="13">{escape(rest)}</tspan>')


def _rounds(n) -> str:
    """The label of a number of rounds, in the singular for one."""
    return "rounds_label_one" if int(n) == 1 else "rounds_label"


def charts(stats: dict, labels: dict, names: dict[str, str]) -> dict[str, str]:
    """The statistics page's charts in one language (``labels``: the catalogue's statistics words in it),
    as inline SVG: {name: svg}. Chart labels are plain text: a tooltip <abbr> does not render inside SVG."""
    def say(key: str, **kw) -> str:
        return labels[key].format(**kw) if key in labels else key
    out: dict[str, str] = {}
    if not stats.get("error"):
        out["wins"] = bar_chart([(say(who), round(share * 100, 1)) for who, share in stats["wins"].items()], "%")
        out["rounds"] = bar_chart([(say(_rounds(n), n=n), c) for n, c in stats["rounds"]["histogram"].items()])
        out["cards"] = bar_chart([(names.get(cid, cid), n) for cid, n in stats["top_cards"]])
    wc = stats.get("warring_colonies") or {}
    if wc and not wc.get("error"):
        out["wc_wins"] = bar_chart([(say(who), round(share * 100, 1)) for who, share in wc["wins"].items()], "%")
        out["wc_rounds"] = bar_chart([(say(_rounds(n), n=n), c) for n, c in wc["rounds"]["histogram"].items()])
        out["wc_cards"] = bar_chart([(names.get(cid, cid), n) for cid, n in wc["top_cards"]])
    wt = stats.get("winter_tricks") or {}
    if wt and not wt.get("error"):
        out["wt_wins"] = bar_chart([(say("seat", n=i), n) for i, n in enumerate(wt["wins"].values(), 1)])
        out["wt_cards"] = bar_chart([(names.get(cid, cid), n) for cid, n in wt["top_cards"]])
    out.update(card_charts((stats.get("card_stats") or {}).get("results"), names))
    return out


def card_charts(results: dict | None, names: dict[str, str]) -> dict[str, str]:
    """The card statistics' charts: trigger rates of the crossroads cards, win rates of the groups that had
    each survivor and each item; only figures with a large enough sample, highest first."""
    if not results:
        return {}

    def rows(table: dict, pick=lambda f: f) -> list[tuple[str, float]]:
        found = [(names.get(cid, cid), round(pick(v)["rate"] * 100)) for cid, v in table.items()
                 if not pick(v)["small"]]
        return sorted(found, key=lambda r: (-r[1], r[0]))
    return {"card_triggered": bar_chart(rows(results["crossroads"], lambda v: v["triggered"]), "%"),
            "card_survivors": bar_chart(rows(results["survivors"]), "%"),
            "card_items": bar_chart(rows(results["items"]), "%")}


def shown(fig: dict | None, labels: dict) -> str:
    """A figure as a reader sees it: '25% (95%: 14–40%; n = 40)', or 'too small a sample (n = 3)'."""
    if not fig or not fig["n"] or fig["small"]:
        return labels["small"].format(n=fig["n"] if fig else 0)
    pct = (lambda x: labels["percent"].format(value=round(x * 100)))
    return labels["figure"].format(rate=pct(fig["rate"]), low=round(fig["low"] * 100), high=pct(fig["high"]),
                                   n=fig["n"])


def told(key: str, fig: dict | None, labels: dict) -> str:
    """A block sentence with its figure, or its own sentence for a sample too small to tell anything."""
    if not fig or not fig["n"] or fig["small"]:
        return labels[f"{key}_small"].format(n=fig["n"] if fig else 0)
    return labels[key].format(figure=shown(fig, labels))


def option_label(option: str, labels: dict) -> str:
    """An option taken, numbered from 1 as printed; 'none' when no option could be chosen."""
    return labels["option"].format(n=option) if option.isdigit() else labels["option_none"]


def _by_count(template, count: int) -> str:
    """A {one, other} label by the count (CLDR: pt and en say 1 in the `one` form), or a plain label."""
    if isinstance(template, dict):
        return template["one"] if count == 1 and "one" in template else template["other"]
    return template


#: a card of another game than the base game has its figures from that game's games on the statistics page
#: (``page_statistics``): the key of those games there, the anchor of their section, the catalogue's source sentence
OWN_GAMES = {"warring-colonies": ("warring_colonies", "warring-colonies", "block_source_wc"),
             "winter-tricks": ("winter_tricks", "winter-tricks", "block_source_wt")}


def card_block(card: dict, card_stats: dict | None, labels: dict, page_stats: dict | None = None) -> dict | None:
    """A card page's statistics block in one language: {'lines', 'options', 'source', 'stale', 'anchor'}, every
    text ready to escape. A base card's figures come from the good bots' games of `dow stats` (only crossroads,
    survivor, item); a card of Warring Colonies or Winter Tricks is told how often it was used in that game's
    games of the statistics page (``page_stats``), never the base game's. None when there are no figures."""
    if card.get("set") in OWN_GAMES:
        return _own_game_block(card, page_stats, labels)
    table = {"crossroads": "crossroads", "survivor": "survivors", "item": "items"}.get(card.get("kind"))
    results = (card_stats or {}).get("results")
    if table is None or not results:
        return None
    fig = results[table].get(card["id"])
    lines, options = [], []
    if fig is None:
        lines.append(labels["block_absent"])
    elif table == "crossroads":
        lines.append(told("block_triggered", fig["triggered"], labels))
        if fig["colony_won"]["n"]:
            lines.append(told("block_colony", fig["colony_won"], labels))
            options = [_by_count(labels["option_figure"], f["k"]).format(option=option_label(o, labels), count=f["k"],
                                                                        figure=shown(f, labels))
                       for o, f in fig["options"].items()]
        else:
            lines.append(labels["block_never"])
    else:
        lines.append(told("block_groups", fig, labels))
    pct = (lambda f: labels["percent"].format(value=round(f["rate"] * 100)) if f["n"] else "–")
    lines.append(labels["block_baseline"].format(groups=pct(results["all_groups"]), colony=pct(results["colony"])))
    return {"lines": lines, "options": options, "stale": labels["block_stale"] if card_stats.get("stale") else "",
            "source": labels["block_source"].format(games=results["run"]["games"]), "anchor": "card-statistics"}


def _own_game_block(card: dict, page_stats: dict | None, labels: dict) -> dict | None:
    """The block of a card of another game: how often that game's games used it, from the same games as the
    statistics page's section of that game (so the two never disagree); None when those games could not be played."""
    key, anchor, source = OWN_GAMES[card["set"]]
    games = (page_stats or {}).get(key)
    if not games or games.get("error") or "card_uses" not in games:
        return None
    uses = games["card_uses"].get(card["id"], 0)
    line = _by_count(labels["block_uses"], uses).format(n=uses) if uses else labels["block_unused"]
    return {"lines": [line], "options": [], "stale": "", "anchor": anchor,
            "source": labels[source].format(games=games["games"])}


def card_section(card_stats: dict, labels: dict, names: dict[str, str], lang: str = "en") -> dict:
    """The statistics page's card statistics in one language: its sentences and its table rows, as text."""
    if "results" not in card_stats:
        # the reader is told in words; the command and the file are for engine developers (a closed toggle)
        if "error" in card_stats:
            return {"unavailable": labels["unreadable"],
                    "command": labels["unreadable_command"].format(path=card_stats["path"])}
        return {"unavailable": labels["missing"], "command": labels["missing_command"].format(path=card_stats["missing"])}
    r = card_stats["results"]
    key, run, checks = r["key"], r["run"], r["checks"]
    stale = {"content": lambda: labels["stale_content"].format(old=_short(key["bundle_hash"]),
                                                               new=_short(card_stats.get("bundle_hash", ""))),
             "bots": lambda: labels["stale_bots"]}
    pct = (lambda f: labels["percent"].format(value=round(f["rate"] * 100)) if f["n"] else "–")

    def by_name(table: dict) -> list[tuple[str, dict]]:
        return sorted(table.items(), key=lambda kv: collation_key(names.get(kv[0], kv[0]), lang))

    def groups(table: dict) -> list[dict]:
        return [{"id": cid, "name": names.get(cid, cid), "groups": f["n"], "won": shown(f, labels)}
                for cid, f in by_name(table)]
    return {
        "intro": labels["cards_intro"].format(games=run["games"], players=key["players"], first=run["seed"],
                                              last=run["seed"] + run["games"] - 1, bundle=_short(key["bundle_hash"]),
                                              bots=_short(key["bots"]), count=len(r.get("stand_ins", {}))),
        "made_by": labels["made_by"].format(games=run["games"], workers=run["workers"], seconds=_num(run["seconds"], labels)),
        # the versions and the command are for engine developers: the page shows them behind a closed toggle
        "bundle": _short(key["bundle_hash"]), "bots": _short(key["bots"]),
        "stale_versions": labels["stale_versions"].format(old=_short(key["bundle_hash"]),
                                                          new=_short(card_stats.get("bundle_hash", "")))
        if "content" in card_stats.get("stale", []) else "",
        "how": labels["how_to_read"].format(min=run["min_sample"]),
        "stale": [stale[why]() for why in card_stats.get("stale", []) if why in stale],
        "first": run["seed"], "last": run["seed"] + run["games"] - 1,   # the seeds: for the developers' toggle
        "checks": labels["checks_games"].format(games=checks["games"], violations=checks["violations"],
                                                crashes=checks["crashes"]),
        "baseline": labels["baseline"].format(colony=pct(r["colony"]), groups=pct(r["all_groups"])),
        "length": labels["length_note"].format(mean=_num(checks["rounds"].get("mean", 0), labels),
                                               colony=_num(checks.get("rounds_by_winner", {}).get("colony", 0), labels))
        if "colony" in checks.get("rounds_by_winner", {}) else "",
        "crossroads": [{"id": cid, "name": names.get(cid, cid), "drawn": f["drawn"],
                        "triggered": shown(f["triggered"], labels),
                        "colony": shown(f["colony_won"], labels) if f["colony_won"]["n"] else "–",
                        "options": ", ".join(labels["option_share"].format(option=option_label(o, labels),
                                                                            count=o_f["k"], share=pct(o_f))
                                             for o, o_f in f["options"].items()) or "–"}
                       for cid, f in by_name(r["crossroads"])],
        "survivors": groups(r["survivors"]), "items": groups(r["items"])}


def _num(value: float, labels: dict) -> str:
    """A number (rounds, seconds) with one decimal, written with the language's decimal mark."""
    return f"{value:.1f}".replace(".", labels["decimal_mark"])


def _short(digest: str) -> str:
    """A hash as a reader can compare it: its first 12 hex digits."""
    return digest.split(":", 1)[-1][:12]
