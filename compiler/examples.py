"""A card's scenario tests, told as worked examples for its page on the website.

Each scenario (docs/scenarios.md) becomes three short lists in the page's language:
the table before, what happens, and what is true after, with survivors, cards and
locations by their names. The scenario's own title is the author's (in English).
"""
from __future__ import annotations

from typing import Any

LABELS = {
    "examples": {"pt": "Exemplos resolvidos", "en": "Worked examples", "vi": "Ví dụ minh họa"},
    "given": {"pt": "Na mesa", "en": "On the table", "vi": "Trên bàn"},
    "do": {"pt": "Acontece", "en": "What happens", "vi": "Diễn biến"},
    "expect": {"pt": "Depois", "en": "Afterwards", "vi": "Sau đó"},
    "answers": {"pt": "Escolhas", "en": "Choices", "vi": "Lựa chọn"},
    "rolls": {"pt": "Dados", "en": "Dice", "vi": "Xúc xắc"},
}
WORDS = {
    "survivors": {"pt": "sobreviventes", "en": "survivors", "vi": "người sống sót"},
    "zombies": {"pt": "zumbis", "en": "zombies", "vi": "thây ma"},
    "noise": {"pt": "barulho", "en": "noise", "vi": "tiếng ồn"},
    "barricades": {"pt": "barricadas", "en": "barricades", "vi": "rào chắn"},
    "helpless": {"pt": "indefesos na colônia", "en": "helpless survivors at the colony",
                 "vi": "người yếu thế ở thuộc địa"},
    "food": {"pt": "comida", "en": "food", "vi": "thức ăn"},
    "starvation": {"pt": "fome", "en": "starvation", "vi": "đói"},
    "morale": {"pt": "moral", "en": "morale", "vi": "tinh thần"},
    "round": {"pt": "rodadas restantes", "en": "rounds left", "vi": "số vòng còn lại"},
    "hand": {"pt": "mão", "en": "hand", "vi": "bài trên tay"},
    "dice": {"pt": "dados de ação", "en": "action dice", "vi": "xúc xắc hành động"},
    "waste": {"pt": "lixo", "en": "waste pile", "vi": "đống rác"},
    "crisis": {"pt": "crise", "en": "crisis", "vi": "khủng hoảng"},
    "item_deck": {"pt": "baralho de itens", "en": "item deck", "vi": "chồng vật phẩm"},
    "at": {"pt": "em", "en": "at", "vi": "ở"},
    "wounds": {"pt": "ferimentos", "en": "wounds", "vi": "vết thương"},
    "frostbite": {"pt": "congelamento", "en": "frostbite", "vi": "tê cóng"},
    "player": {"pt": "jogador", "en": "player", "vi": "người chơi"},
    "equipped": {"pt": "equipado", "en": "equipped", "vi": "trang bị"},
    "place": {"pt": "situação", "en": "where", "vi": "trạng thái"},
    "removed": {"pt": "fora do jogo", "en": "out of the game", "vi": "bị loại"},
    "play": {"pt": "em jogo", "en": "in play", "vi": "đang chơi"},
    "deck": {"pt": "no baralho", "en": "in the deck", "vi": "trong chồng bài"},
    "option": {"pt": "opção", "en": "option", "vi": "phương án"},
    "trigger": {"pt": "o gatilho é verificado", "en": "the trigger is checked", "vi": "kiểm tra điều kiện kích hoạt"},
    "triggered": {"pt": "disparou", "en": "triggered", "vi": "đã kích hoạt"},
    "completed": {"pt": "objetivo cumprido", "en": "objective completed", "vi": "hoàn thành mục tiêu"},
    "true": {"pt": "sim", "en": "yes", "vi": "có"},
    "false": {"pt": "não", "en": "no", "vi": "không"},
    "log": {"pt": "acontece", "en": "happens", "vi": "xảy ra"},
    "not_log": {"pt": "não acontece", "en": "does not happen", "vi": "không xảy ra"},
    "over": {"pt": "fim de jogo", "en": "game over", "vi": "hết ván"},
    "event": {"pt": "acabou de acontecer", "en": "just happened", "vi": "vừa xảy ra"},
    "bind": {"pt": "em jogo", "en": "in question", "vi": "đang xét"},
    "clean_waste": {"pt": "limpar o lixo", "en": "cleaning waste", "vi": "dọn rác"},
    "move": {"pt": "um movimento", "en": "a move", "vi": "một lần di chuyển"},
    "search": {"pt": "uma exploração", "en": "a search", "vi": "một lần lục soát"},
    "attack": {"pt": "um ataque", "en": "an attack", "vi": "một đòn tấn công"},
    "play_card": {"pt": "uma carta jogada", "en": "a card played", "vi": "một lá được chơi"},
    "receive_wound": {"pt": "um ferimento recebido", "en": "a wound taken", "vi": "nhận một vết thương"},
    "receive_frostbite": {"pt": "um congelamento recebido", "en": "frostbite taken", "vi": "bị tê cóng"},
    "spend_food": {"pt": "comida gasta", "en": "food spent", "vi": "tiêu thức ăn"},
    "moved": {"pt": "movido", "en": "moved", "vi": "được di chuyển"},
    "destination": {"pt": "destino", "en": "destination", "vi": "điểm đến"},
    "origin": {"pt": "origem", "en": "origin", "vi": "điểm đi"},
    "chosen": {"pt": "escolhido", "en": "chosen", "vi": "được chọn"},
    "kind": {"pt": "tipo", "en": "kind", "vi": "loại"},
    "survivor": {"pt": "sobrevivente", "en": "survivor", "vi": "người sống sót"},
    "colonies": {"pt": "duas colônias (Colônias em Guerra)", "en": "two colonies (Warring Colonies)",
                 "vi": "hai thuộc địa (Thuộc địa chiến tranh)"},
    "bullets": {"pt": "munição por colônia", "en": "bullets per colony", "vi": "đạn của mỗi thuộc địa"},
    "colony_morale": {"pt": "moral por colônia", "en": "morale per colony", "vi": "tinh thần của mỗi thuộc địa"},
    "colony_food": {"pt": "comida por colônia", "en": "food per colony", "vi": "thức ăn của mỗi thuộc địa"},
    "combat": {"pt": "força de combate", "en": "combat strength", "vi": "sức chiến đấu"},
    "winner": {"pt": "colônia vencedora", "en": "winning colony", "vi": "thuộc địa thắng"},
    "colony_warfare": {"pt": "combate entre colônias", "en": "colony warfare",
                       "vi": "chiến tranh giữa các thuộc địa"},
}


def _word(key: str, lang: str) -> str | None:
    """A scenario word in a language; in the pseudo-locale, the English one accented."""
    from .messages import PSEUDO, pseudo
    forms = WORDS.get(key, {})
    if lang == PSEUDO:
        return pseudo(forms["en"]) if "en" in forms else None
    return forms.get(lang)


class Teller:
    """Scenario values in one language."""

    def __init__(self, names: dict[str, str], lang: str):
        self.names, self.lang = names, lang

    def word(self, key: str) -> str:
        return _word(key, self.lang) or key.replace("_", " ")

    def value(self, v: Any) -> str:
        if isinstance(v, bool):
            return self.word("true" if v else "false")
        if isinstance(v, list):
            return ", ".join(self.value(x) for x in v) or "—"
        if isinstance(v, dict):
            return "; ".join(f"{self.value(k)}: {self.value(x)}" for k, x in v.items())
        if isinstance(v, str):
            return self.names.get(v) or self.names.get(v.replace("-", "_")) or _word(v, self.lang) or v
        return str(v)

    def facts(self, table: dict) -> list[str]:
        out = []
        for key, v in (table or {}).items():
            if key == "survivors" and isinstance(v, dict):
                for name, facts in v.items():
                    details = ", ".join(f"{self.word(k)} {self.value(x)}" for k, x in (facts or {}).items())
                    out.append(f"{self.value(name)}" + (f" ({details})" if details else ""))
            elif key == "event" and isinstance(v, dict):
                rest = {k: x for k, x in v.items() if k != "kind"}
                out.append(f"{self.word('event')}: {self.value(v.get('kind', ''))}"
                           + (f" ({self.value(rest)})" if rest else ""))
            else:
                out.append(f"{self.word(key)}: {self.value(v)}")
        return out

    def steps(self, do: Any) -> list[str]:
        out = []
        for step in do if isinstance(do, list) else [do]:
            words = str(step).split()
            if words and words[0] in ("option", "trigger"):
                out.append(" ".join([self.word(words[0])] + words[1:]))
            else:
                out.append(" ".join(self.value(w.split(":", 1)[-1]) for w in words))
        return out


def worked_examples(card: dict, names: dict[str, str], lang: str) -> list[dict]:
    """The card's scenarios as {title, given, do, expect, answers, rolls} lists of lines."""
    teller = Teller(names, lang)
    out = []
    for test in card.get("tests") or []:
        out.append({"title": str(test.get("name", "")), "given": teller.facts(test.get("given")),
                    "do": teller.steps(test.get("do", [])), "expect": teller.facts(test.get("expect")),
                    "answers": teller.value(test["answers"]) if test.get("answers") else "",
                    "rolls": teller.value(test["rolls"]) if test.get("rolls") else ""})
    return out


def example_names(cards: list[dict], lang: str) -> dict[str, str]:
    """Names a scenario may use (file names of cards, location ids) in one language."""
    names = {}
    for card in cards:
        short = card["id"].rsplit(".", 1)[-1]
        name = card.get("name", {})
        text = name.get(lang) if isinstance(name, dict) else str(name)
        names.setdefault(short, text)
        if card.get("kind") == "location":
            names[short.replace("-", "_")] = text
    return names
