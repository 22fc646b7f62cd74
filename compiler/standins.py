"""The stand-ins, for the website: what the engine plays with where a published value is not known.

Each ruleset (content/<set>/ruleset.yaml) lists under ``stand_ins`` the values the project does not
know (the morale printed on an objective, the combat die's faces, the Lone Wolf's missions …) and the
engine plays with instead, so that games and simulations run. The website shows them on the
transcription page, each with a label in the page's language and its value as data, so a reader never
takes a stand-in for a published fact. ``rows`` gives them per ruleset; every key has a label here
(a test checks no key is left without one).
"""
from __future__ import annotations

from typing import Any

LABELS: dict[str, dict[str, str]] = {
    "title": {"pt": "O que o motor usa enquanto faltam dados", "en": "What the engine plays with while facts are missing",
              "vi": "Bộ máy dùng gì khi còn thiếu dữ liệu"},
    "intro": {
        "pt": "Onde um valor publicado não é conhecido, o motor de referência joga com um substituto, para que "
              "partidas, replays e estatísticas funcionem. Nenhum destes valores é do jogo publicado; cada um sai "
              "quando o dado verdadeiro for transcrito.",
        "en": "Where a published value is not known, the reference engine plays with a stand-in, so that games, "
              "replays and statistics run. None of these values is the published game's; each one goes once the "
              "real fact is transcribed.",
        "vi": "Khi chưa biết một giá trị đã phát hành, bộ máy tham chiếu dùng một giá trị thay thế để các ván chơi, "
              "bản ghi và thống kê vẫn chạy được. Không giá trị nào dưới đây là của trò chơi đã phát hành; mỗi giá "
              "trị sẽ bị bỏ khi dữ liệu thật được chép lại."},
    "what": {"pt": "O que falta", "en": "What is missing", "vi": "Dữ liệu còn thiếu"},
    "value": {"pt": "Substituto", "en": "Stand-in", "vi": "Giá trị thay thế"},
    "base": {"pt": "Jogo base", "en": "Base game", "vi": "Trò chơi gốc"},
    "warring-colonies": {"pt": "Colônias em Guerra", "en": "Warring Colonies", "vi": "Warring Colonies"},
    # base game
    "morale": {"pt": "Moral inicial (impresso no objetivo principal)",
               "en": "Starting morale (printed on the main objective)",
               "vi": "Tinh thần ban đầu (in trên mục tiêu chính)"},
    "rounds": {"pt": "Rodadas (impressas no objetivo principal)", "en": "Rounds (printed on the main objective)",
               "vi": "Số vòng (in trên mục tiêu chính)"},
    "entrance_spaces": {"pt": "Espaços de zumbi por entrada", "en": "Zombie spaces per entrance",
                        "vi": "Ô thây ma ở mỗi lối vào"},
    "noise_spaces": {"pt": "Espaços de barulho por local", "en": "Noise spaces per location",
                     "vi": "Ô tiếng ồn ở mỗi địa điểm"},
    "survivor_spaces": {"pt": "Espaços de sobrevivente (colônia, outros locais)",
                        "en": "Survivor spaces (colony, other locations)",
                        "vi": "Ô người sống sót (thuộc địa, địa điểm khác)"},
    "starting_item_kinds": {"pt": "Tipos de item inicial", "en": "Starting item kinds",
                            "vi": "Loại vật phẩm khởi đầu"},
    "secret_goal": {"pt": "Objetivo dos objetivos secretos (não transcritos)",
                    "en": "Goal of the secret objectives (not transcribed)",
                    "vi": "Mục tiêu của các mục tiêu bí mật (chưa chép lại)"},
    "exiled_objectives": {"pt": "Objetivos secretos de exilado (substitutos)",
                          "en": "Exiled secret objectives (stand-ins)",
                          "vi": "Mục tiêu bí mật khi bị trục xuất (thay thế)"},
    "objective_rounds": {"pt": "Rodadas dadas pelo texto do objetivo principal", "en": "Rounds given by the main objective's own text",
                         "vi": "Số vòng theo chính nội dung mục tiêu chính"},
    "location_decks": {"pt": "Baralhos de itens de cada local (substitutos temáticos)",
                       "en": "Each location's item deck (themed stand-ins)",
                       "vi": "Chồng bài vật phẩm của mỗi địa điểm (thay thế theo chủ đề)"},
    # Warring Colonies
    "unknown_tactics": {"pt": "Táticas em branco em cada conjunto de 5", "en": "Blank tactics in each set of 5",
                        "vi": "Lá chiến thuật trống trong mỗi bộ 5 lá"},
    "combat_die": {"pt": "Faces do dado de combate", "en": "Combat die faces", "vi": "Các mặt xúc xắc chiến đấu"},
    "location_order": {"pt": "Ordem dos combates fora das colônias", "en": "Order of the combats away from the colonies",
                       "vi": "Thứ tự giao chiến ngoài các thuộc địa"},
    "crisis_needed_per_player": {"pt": "Cartas para evitar a crise conjunta, por jogador",
                                 "en": "Cards to prevent the joint crisis, per player",
                                 "vi": "Số lá cần để ngăn khủng hoảng chung, mỗi người chơi"},
    "timer": {"pt": "Ampulheta de 2 minutos, em ações (normal, partida rápida)",
              "en": "The 2-minute timer, in actions (normal, quick game)",
              "vi": "Đồng hồ 2 phút, tính bằng hành động (thường, ván nhanh)"},
    "crisis_deck": {"pt": "Baralho de crises substituto (cartas, símbolos pedidos, moral perdido)",
                    "en": "Stand-in crisis deck (cards, kinds asked for, morale lost)",
                    "vi": "Chồng khủng hoảng thay thế (số lá, loại cần góp, tinh thần mất)"},
    "cemetery": {"pt": "Cemitério (entradas, espaços de sobrevivente)", "en": "Cemetery (entrances, survivor spaces)",
                 "vi": "Nghĩa địa (lối vào, ô người sống sót)"},
    "den": {"pt": "Covil do Lobo Solitário (espaços de sobrevivente)", "en": "The Lone Wolf's den (survivor spaces)",
            "vi": "Hang của Lone Wolf (ô người sống sót)"},
    "mission_morale": {"pt": "Moral ganho por missão cumprida", "en": "Morale gained per mission completed",
                       "vi": "Tinh thần nhận được mỗi nhiệm vụ hoàn thành"},
    "lone_wolf_missions": {"pt": "Missões do Lobo Solitário (substitutas)", "en": "Lone Wolf missions (stand-ins)",
                           "vi": "Nhiệm vụ của Lone Wolf (thay thế)"},
    "lone_wolf_objectives": {"pt": "Objetivos secretos do Lobo Solitário (substitutos)",
                             "en": "Lone Wolf secret objectives (stand-ins)",
                             "vi": "Mục tiêu bí mật của Lone Wolf (thay thế)"},
}
#: the rulesets shown, in this order
SETS = ("base", "warring-colonies")


def value_text(value: Any) -> str:
    """A stand-in's value as compact data text (shown as code: it is data, not a sentence)."""
    if isinstance(value, dict):
        if "name" in value and "goal" in value:          # a stand-in card: its name and goal
            goal = " + ".join(f"{g['kind']} {g['count']}" for g in value["goal"])
            setup = ", ".join(f"{k} {v}" for k, v in (value.get("setup") or {}).items())
            return f"{value['name']}: {goal}" + (f" (setup: {setup})" if setup else "")
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        if value and all(isinstance(v, dict) and "face" in v for v in value):   # die faces, counted
            counts: dict[str, int] = {}
            for v in value:
                key = f"{v['face']} {v['value']}"
                counts[key] = counts.get(key, 0) + 1
            return ", ".join(f"{k} ×{n}" for k, n in counts.items())
        sep = "; " if any(isinstance(v, dict) for v in value) else ", "
        return sep.join(value_text(v) for v in value)
    return str(value)


def rows(rulesets: dict[str, dict]) -> list[tuple[str, list[tuple[str, Any]]]]:
    """[(set, [(key, value), …]), …] for every ruleset with stand-ins, in SETS order."""
    out = []
    for name in SETS + tuple(sorted(set(rulesets) - set(SETS))):
        stand = (rulesets.get(name) or {}).get("stand_ins") or {}
        if stand:
            out.append((name, list(stand.items())))
    return out
