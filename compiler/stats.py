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
    "unavailable": {"pt": "Sem estatísticas: {why}", "en": "No statistics: {why}", "vi": "Không có thống kê: {why}"},
    "mean": {"pt": "média", "en": "mean", "vi": "trung bình"},
    "colony": {"pt": "os leais (objetivo principal)", "en": "the loyal players (main objective)",
               "vi": "người chơi trung thành (mục tiêu chính)"},
    "betrayer": {"pt": "o traidor", "en": "the betrayer", "vi": "kẻ phản bội"},
    "nobody": {"pt": "ninguém", "en": "nobody", "vi": "không ai"},
    "morale": {"pt": "o moral chegou a 0", "en": "morale reached 0", "vi": "tinh thần về 0"},
    "rounds": {"pt": "acabaram as rodadas", "en": "the round track ran out", "vi": "hết vòng"},
    "objective": {"pt": "objetivo principal cumprido", "en": "main objective completed",
                  "vi": "hoàn thành mục tiêu chính"},
    "card": {"pt": "uma carta encerrou", "en": "a card ended it", "vi": "một lá bài kết thúc"},
}


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
