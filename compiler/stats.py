"""Game statistics for the website: seeded games with bots on the reference engine.

``game_statistics(bundle)`` plays a fixed number of seeded base games with the
table-reading bot (invariants checked after every step) and sums them up for the
statistics page: how games end, who wins, how long they last, how often each card
is used. The same seed gives the same figures, so the page only changes when the
content or the engine does. Values the project does not know are played with the
ruleset's stand-ins, and the page says so.
"""
from __future__ import annotations

GAMES, SEED, PLAYERS = 100, 0, 4

LABELS = {
    "title": {"pt": "Estatísticas de partidas", "en": "Game statistics", "vi": "Thống kê ván chơi"},
    "intro": {
        "pt": "{games} partidas do jogo base com {players} jogadores robôs no motor de referência (sementes {first} "
              "a {last}). Onde um valor publicado não é conhecido (conteúdo dos baralhos de itens, moral e rodadas "
              "impressos no objetivo, objetivos secretos), o motor usa os substitutos listados em "
              "content/base/ruleset.yaml: estes números descrevem o motor e o conteúdo atual, não o jogo publicado.",
        "en": "{games} base games with {players} bot players on the reference engine (seeds {first} to {last}). Where "
              "a published value is not known (item deck contents, the morale and rounds printed on an objective, "
              "secret objectives), the engine plays with the stand-ins listed in content/base/ruleset.yaml: these "
              "figures describe the engine and the current content, not the published game.",
        "vi": "{games} ván trò chơi gốc với {players} người chơi máy trên bộ máy tham chiếu (hạt giống {first} đến "
              "{last}). Khi chưa biết một giá trị đã phát hành (nội dung chồng bài vật phẩm, tinh thần và số vòng in "
              "trên mục tiêu, mục tiêu bí mật), bộ máy dùng các giá trị thay thế ghi trong content/base/ruleset.yaml: "
              "các con số này mô tả bộ máy và nội dung hiện tại, không phải trò chơi đã phát hành."},
    "outcomes": {"pt": "Quem vence", "en": "Who wins", "vi": "Ai thắng"},
    "endings": {"pt": "Como as partidas terminam", "en": "How games end", "vi": "Ván chơi kết thúc thế nào"},
    "length": {"pt": "Duração (rodadas)", "en": "Length (rounds)", "vi": "Độ dài (vòng)"},
    "cards": {"pt": "Cartas mais usadas", "en": "Most used cards", "vi": "Lá bài được dùng nhiều nhất"},
    "share": {"pt": "partidas", "en": "of games", "vi": "số ván"},
    "uses": {"pt": "usos", "en": "uses", "vi": "lượt dùng"},
    "checks": {"pt": "Violações de invariantes: {violations}. Falhas: {crashes}.",
               "en": "Invariant violations: {violations}. Crashes: {crashes}.",
               "vi": "Vi phạm bất biến: {violations}. Lỗi: {crashes}."},
    "rounds_chart": {"pt": "Partidas por número de rodadas", "en": "Games by number of rounds",
                     "vi": "Số ván theo số vòng"},
    "rounds_label": {"pt": "{n} rodadas", "en": "{n} rounds", "vi": "{n} vòng"},
    "rounds_label_one": {"pt": "{n} rodada", "en": "{n} round", "vi": "{n} vòng"},
    "base": {"pt": "Jogo base", "en": "Base game", "vi": "Trò chơi gốc"},
    "winter": {"pt": "Truques de Inverno (o segundo jogo)", "en": "Winter Tricks (the second game)",
               "vi": "Nước bài mùa đông (trò chơi thứ hai)"},
    "winter_intro": {
        "pt": "{games} partidas de Truques de Inverno com {players} jogadores aleatórios (sementes {first} a {last}), "
              "com o baralho de exemplo: não são os números do jogo publicado.",
        "en": "{games} Winter Tricks games with {players} random players (seeds {first} to {last}), played with "
              "the example deck: these are not the published game's figures.",
        "vi": "{games} ván Nước bài mùa đông với {players} người chơi ngẫu nhiên (hạt giống {first} đến {last}), "
              "chơi bằng bộ bài ví dụ: đây không phải số liệu của trò chơi đã phát hành."},
    "wc": {"pt": "Colônias em Guerra", "en": "Warring Colonies", "vi": "Warring Colonies"},
    "wc_intro": {
        "pt": "{games} partidas de Colônias em Guerra com {players} jogadores robôs, duas colônias de {half} "
              "(sementes {first} a {last}). Nenhuma carta de crise da expansão foi transcrita: as partidas usam o "
              "baralho de crises substituto, o dado de combate substituto, táticas em branco e o cronômetro contado "
              "em ações, todos listados em content/warring-colonies/ruleset.yaml. Estes números descrevem o motor e "
              "os substitutos, não o jogo publicado.",
        "en": "{games} Warring Colonies games with {players} bot players, two colonies of {half} (seeds {first} to "
              "{last}). No crisis card of the expansion is transcribed: the games play the stand-in crisis deck, the "
              "stand-in combat die, blank tactics and the timer counted in actions, all listed in "
              "content/warring-colonies/ruleset.yaml. These figures describe the engine and its stand-ins, not the "
              "published game.",
        "vi": "{games} ván Warring Colonies với {players} người chơi máy, hai thuộc địa mỗi bên {half} người "
              "(hạt giống {first} đến {last}). Chưa có lá khủng hoảng nào của bản mở rộng được chép lại: các ván "
              "dùng chồng khủng hoảng thay thế, xúc xắc chiến đấu thay thế, lá chiến thuật trống và đồng hồ tính "
              "bằng hành động, tất cả ghi trong content/warring-colonies/ruleset.yaml. Các con số này mô tả bộ máy "
              "và các giá trị thay thế, không phải trò chơi đã phát hành."},
    "colony a": {"pt": "a colônia A", "en": "colony A", "vi": "thuộc địa A"},
    "colony b": {"pt": "a colônia B", "en": "colony B", "vi": "thuộc địa B"},
    "both colonies": {"pt": "as duas colônias", "en": "both colonies", "vi": "cả hai thuộc địa"},
    "no colony": {"pt": "nenhuma colônia", "en": "no colony", "vi": "không thuộc địa nào"},
    "lone wolf": {"pt": "o Lobo Solitário", "en": "the Lone Wolf", "vi": "Lone Wolf"},
    "seat": {"pt": "jogador {n}", "en": "player {n}", "vi": "người chơi {n}"},
    "wins_by_seat": {"pt": "Vitórias por lugar à mesa", "en": "Wins by seat", "vi": "Số trận thắng theo vị trí"},
    "average": {"pt": "Em média {rounds} eventos e {damage} de dano por jogador.",
                "en": "On average {rounds} events and {damage} damage per player.",
                "vi": "Trung bình {rounds} sự kiện và {damage} sát thương mỗi người chơi."},
    "unavailable": {"pt": "Sem estatísticas: {why}", "en": "No statistics: {why}", "vi": "Không có thống kê: {why}"},
    "mean": {"pt": "média", "en": "mean", "vi": "trung bình"},
    "colony": {"pt": "os leais (objetivo principal)", "en": "the loyal players (main objective)",
               "vi": "người chơi trung thành (mục tiêu chính)"},
    "betrayer": {"pt": "o traidor", "en": "the betrayer", "vi": "kẻ phản bội"},
    "nobody": {"pt": "ninguém", "en": "nobody", "vi": "không ai"},
    "exiled": {"pt": "só jogadores exilados", "en": "exiled players only", "vi": "chỉ người chơi bị trục xuất"},
    "morale": {"pt": "o moral chegou a 0", "en": "morale reached 0", "vi": "tinh thần về 0"},
    "rounds": {"pt": "acabaram as rodadas", "en": "the round track ran out", "vi": "hết vòng"},
    "objective": {"pt": "objetivo principal cumprido", "en": "main objective completed",
                  "vi": "hoàn thành mục tiêu chính"},
    "card": {"pt": "uma carta encerrou", "en": "a card ended it", "vi": "một lá bài kết thúc"},
}


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
    """The same for the second game of the seeds (Winter Tricks), or {'error': why}."""
    try:
        from dow.runtime.games import winter_tricks
        summary = winter_tricks.simulate(bundle, games, seed, players)
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
        summary = simulate(bundle, games, seed, players, "bot")
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
        summary = simulate(bundle, games, seed, players, "bot", variants=["warring-colonies"])
    except GameError as err:
        return {"error": str(err)}
    if summary["crashes"] and len(summary["crashes"]) == games:
        return {"error": summary["crashes"][0]["error"]}
    summary["first"], summary["last"], summary["half"] = seed, seed + games - 1, players // 2
    summary["top_cards"] = list(summary["card_uses"].items())[:15]
    return summary


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


def charts(stats: dict, labels: dict, lang: str, names: dict[str, str]) -> dict[str, str]:
    """The statistics page's charts in one language, as inline SVG: {name: svg}."""
    def say(key: str, **kw) -> str:
        return labels[key][lang].format(**kw) if key in labels else key
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
    return out
