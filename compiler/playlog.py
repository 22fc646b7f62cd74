"""A game's structured log, told in Portuguese, English or Vietnamese.

The runtime logs events as data (``{event, params, src}``); this module renders them
for people: card and location names in the chosen language, survivors by their
proper names, one sentence per event in the project's own words. An event without
a sentence of its own is shown with its name and values, names still translated.
"""
from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "setup": {"en": "Main objective: {objective}. Morale {morale}, {rounds} rounds. {first} goes first.",
              "pt": "Objetivo principal: {objective}. Moral {morale}, {rounds} rodadas. {first} começa.",
              "vi": "Mục tiêu chính: {objective}. Tinh thần {morale}, {rounds} vòng. {first} đi trước."},
    "round": {"en": "— Round {round} ({track} left on the round track) —",
              "pt": "— Rodada {round} ({track} no marcador de rodadas) —",
              "vi": "— Vòng {round} (còn {track} trên thanh vòng chơi) —"},
    "crisis": {"en": "Crisis revealed: {card}.", "pt": "Crise revelada: {card}.", "vi": "Lật khủng hoảng: {card}."},
    "action_dice": {"en": "{player} rolls action dice: {dice}.", "pt": "{player} rola os dados de ação: {dice}.",
                    "vi": "{player} tung xúc xắc hành động: {dice}."},
    "turn": {"en": "{player}'s turn.", "pt": "Vez de {player}.", "vi": "Lượt của {player}."},
    "crossroads_drawn": {"en": "{by} draws a crossroads card.", "pt": "{by} compra uma carta de encruzilhada.",
                         "vi": "{by} rút một lá ngã tư."},
    "crossroads": {"en": "Crossroads! {read_by} reads {card} to {player}.",
                   "pt": "Encruzilhada! {read_by} lê {card} para {player}.",
                   "vi": "Ngã tư! {read_by} đọc {card} cho {player}."},
    "chose": {"en": "Option {option} is chosen.", "pt": "Escolhida a opção {option}.", "vi": "Chọn phương án {option}."},
    "moved": {"en": "{survivor} moves from {from} to {to}.", "pt": "{survivor} vai de {from} para {to}.",
              "vi": "{survivor} đi từ {from} đến {to}."},
    "exposure": {"en": "Exposure roll for {survivor}: {face}.", "pt": "Exposição de {survivor}: {face}.",
                 "vi": "Tung phơi nhiễm cho {survivor}: {face}."},
    "zombie_killed": {"en": "{survivor} kills a zombie at {location}.", "pt": "{survivor} mata um zumbi em {location}.",
                      "vi": "{survivor} giết một thây ma tại {location}."},
    "attack_survivor": {"en": "{survivor} attacks {target} (roll {roll}): {hit}.",
                        "pt": "{survivor} ataca {target} (dado {roll}): {hit}.",
                        "vi": "{survivor} tấn công {target} (xúc xắc {roll}): {hit}."},
    "stole": {"en": "{player} takes a random card from {from}.", "pt": "{player} pega uma carta ao acaso de {from}.",
              "vi": "{player} lấy ngẫu nhiên một lá của {from}."},
    "searched": {"en": "{player} searches {location}: looks at {looked}, keeps {kept}.",
                 "pt": "{player} explora {location}: olha {looked}, fica com {kept}.",
                 "vi": "{player} lục soát {location}: xem {looked}, giữ {kept}."},
    "equipped": {"en": "{player} equips {card} to {survivor}.", "pt": "{player} equipa {card} em {survivor}.",
                 "vi": "{player} trang bị {card} cho {survivor}."},
    "played": {"en": "{player} plays {card}.", "pt": "{player} joga {card}.", "vi": "{player} chơi {card}."},
    "given": {"en": "{from} gives {card} to {to}.", "pt": "{from} dá {card} a {to}.", "vi": "{from} đưa {card} cho {to}."},
    "crisis_card": {"en": "{player} adds a card to the crisis, face down.",
                    "pt": "{player} põe uma carta virada para baixo na crise.",
                    "vi": "{player} úp một lá vào khủng hoảng."},
    "exile_vote": {"en": "{by} calls a vote to exile {target}: {yes} yes, {no} no.",
                   "pt": "{by} pede votação para exilar {target}: {yes} sim, {no} não.",
                   "vi": "{by} đề nghị bỏ phiếu trục xuất {target}: {yes} đồng ý, {no} phản đối."},
    "killed": {"en": "{survivor} is killed ({cause}).", "pt": "{survivor} morre ({cause}).",
               "vi": "{survivor} bị giết ({cause})."},
    "morale": {"en": "Morale {from} → {to}.", "pt": "Moral {from} → {to}.", "vi": "Tinh thần {from} → {to}."},
    "food_paid": {"en": "The colony eats {food} food.", "pt": "A colônia consome {food} de comida.",
                  "vi": "Thuộc địa ăn {food} thức ăn."},
    "starvation": {"en": "Not enough food ({needed} needed): starvation token {tokens}.",
                   "pt": "Comida insuficiente ({needed} necessárias): ficha de fome {tokens}.",
                   "vi": "Không đủ thức ăn (cần {needed}): thẻ đói thứ {tokens}."},
    "waste": {"en": "{cards} cards in the waste pile.", "pt": "{cards} cartas no lixo.",
              "vi": "{cards} lá trong đống rác."},
    "crisis_result": {"en": "Crisis {card}: {points} points, {needed} needed.",
                      "pt": "Crise {card}: {points} pontos, {needed} necessários.",
                      "vi": "Khủng hoảng {card}: {points} điểm, cần {needed}."},
    "zombies_arrive": {"en": "{count} zombies come to {location}.", "pt": "{count} zumbis chegam a {location}.",
                       "vi": "{count} thây ma kéo đến {location}."},
    "noise_roll": {"en": "Noise at {location}: rolled {roll}.", "pt": "Barulho em {location}: saiu {roll}.",
                   "vi": "Tiếng ồn ở {location}: ra {roll}."},
    "overrun": {"en": "Entrance {entrance} of {location} is overrun!",
                "pt": "A entrada {entrance} de {location} é invadida!",
                "vi": "Lối vào {entrance} của {location} bị tràn qua!"},
    "barricade_destroyed": {"en": "A barricade at {location} breaks.", "pt": "Uma barricada em {location} cede.",
                            "vi": "Một rào chắn ở {location} bị phá."},
    "bite_spread": {"en": "The bite spreads to {to}.", "pt": "A mordida passa para {to}.",
                    "vi": "Vết cắn lan sang {to}."},
    "round_track": {"en": "Round track: {track}.", "pt": "Marcador de rodadas: {track}.", "vi": "Thanh vòng chơi: {track}."},
    "objective_completed": {"en": "The main objective is complete!", "pt": "O objetivo principal foi cumprido!",
                            "vi": "Mục tiêu chính đã hoàn thành!"},
    "game_over": {"en": "The game ends ({ending}).", "pt": "A partida termina ({ending}).",
                  "vi": "Ván chơi kết thúc ({ending})."},
    "result": {"en": "Winners: {winners}.", "pt": "Vencedores: {winners}.", "vi": "Người thắng: {winners}."},
    "manual_step": {"en": "At the table: {instruction}", "pt": "Na mesa: {instruction}", "vi": "Tại bàn: {instruction}"},
    "new_group_leader": {"en": "{player} brings in {survivor} as group leader.",
                         "pt": "{player} traz {survivor} como líder do grupo.",
                         "vi": "{player} đưa {survivor} vào làm thủ lĩnh nhóm."},
    "survivor_added": {"en": "{survivor} joins {player}.", "pt": "{survivor} se junta a {player}.",
                       "vi": "{survivor} gia nhập nhóm của {player}."},
    "two_exiled_loyal": {"en": "Two loyal players are exiled: morale falls to 0.",
                         "pt": "Dois jogadores leais exilados: o moral cai a 0.",
                         "vi": "Hai người chơi trung thành bị trục xuất: tinh thần về 0."},
    "kill_zombies": {"en": "{count} zombies killed at {location}.", "pt": "{count} zumbis mortos em {location}.",
                     "vi": "{count} thây ma bị giết tại {location}."},
    "add_zombies": {"en": "{count} zombies added to {location}.", "pt": "{count} zumbis adicionados a {location}.",
                    "vi": "Thêm {count} thây ma vào {location}."},
    "remove_zombies": {"en": "{count} zombies removed from {location}.", "pt": "{count} zumbis retirados de {location}.",
                       "vi": "Bỏ {count} thây ma khỏi {location}."},
    "add_tokens": {"en": "{count} {token} added to {place}.", "pt": "{count} × {token} em {place}.",
                   "vi": "Thêm {count} {token} vào {place}."},
    "remove_tokens": {"en": "{count} {token} removed from {place}.", "pt": "{count} × {token} retirados de {place}.",
                      "vi": "Bỏ {count} {token} khỏi {place}."},
    "change_morale": {"en": "Morale {amount}.", "pt": "Moral {amount}.", "vi": "Tinh thần {amount}."},
    "wound": {"en": "{survivor} takes {count} {kind}.", "pt": "{survivor} recebe {count} × {kind}.",
              "vi": "{survivor} nhận {count} {kind}."},
    "heal": {"en": "{survivor} heals {count} wound.", "pt": "{survivor} cura {count} ferimento.",
             "vi": "{survivor} hồi {count} vết thương."},
    "roll": {"en": "A die is rolled: {result}.", "pt": "Rola-se um dado: {result}.", "vi": "Tung xúc xắc: {result}."},
    "vote": {"en": "The vote is decided: option {winner}.", "pt": "A votação decide: opção {winner}.",
             "vi": "Kết quả bỏ phiếu: phương án {winner}."},
    "skip_exposure": {"en": "No exposure roll this time.", "pt": "Sem rolagem de exposição desta vez.",
                      "vi": "Lần này không tung phơi nhiễm."},
    "draw_cards": {"en": "{player} draws {count} cards.", "pt": "{player} compra {count} cartas.",
                   "vi": "{player} rút {count} lá."},
    "drew": {"en": "{player} draws {count} cards.", "pt": "{player} compra {count} cartas.",
             "vi": "{player} rút {count} lá."},
    "action": {"en": "{player}: {action}.", "pt": "{player}: {action}.", "vi": "{player}: {action}."},
}
WORDS = {
    "en": {"hit": "hit", "miss": "miss", "nobody": "nobody", "morale": "morale ran out", "rounds": "out of rounds",
           "objective": "objective complete", "card": "a card ended it", "wounds": "wounds", "bite": "bitten",
           "overrun": "overrun", "effect": "a card", "blank": "blank", "wound": "wound", "frostbite": "frostbite",
           "bitten": "bitten", "noise": "noise", "barricade": "barricade", "helpless": "helpless survivor",
           "food": "food", "attack": "attack", "search": "search", "move": "move", "clean_waste": "clean waste",
           "attract": "attract", "play": "play", "equip": "equip", "crisis": "to the crisis", "end": "end of turn",
           "request": "request", "handoff": "hand off", "exile": "exile vote", "ability": "ability",
           "item": "item ability", "zombie": "a zombie"},
    "pt": {"hit": "acertou", "miss": "errou", "nobody": "ninguém", "morale": "o moral acabou",
           "rounds": "acabaram as rodadas", "objective": "objetivo cumprido", "card": "uma carta encerrou",
           "wounds": "ferimentos", "bite": "mordida", "overrun": "invasão", "effect": "uma carta", "blank": "nada",
           "wound": "ferimento", "frostbite": "congelamento", "bitten": "mordida", "noise": "barulho",
           "barricade": "barricada", "helpless": "sobrevivente indefeso", "food": "comida", "attack": "atacar",
           "search": "explorar", "move": "mover", "clean_waste": "limpar o lixo", "attract": "atrair",
           "play": "jogar", "equip": "equipar", "crisis": "para a crise", "end": "fim da vez", "request": "pedir",
           "handoff": "passar item", "exile": "votação de exílio", "ability": "habilidade",
           "item": "habilidade de item", "zombie": "um zumbi"},
    "vi": {"hit": "trúng", "miss": "trượt", "nobody": "không ai", "morale": "hết tinh thần", "rounds": "hết vòng",
           "objective": "hoàn thành mục tiêu", "card": "một lá bài kết thúc", "wounds": "vết thương",
           "bite": "bị cắn", "overrun": "bị tràn", "effect": "một lá bài", "blank": "trống",
           "wound": "vết thương", "frostbite": "tê cóng", "bitten": "bị cắn", "noise": "tiếng ồn",
           "barricade": "rào chắn", "helpless": "người sống sót yếu thế", "food": "thức ăn", "attack": "tấn công",
           "search": "lục soát", "move": "di chuyển", "clean_waste": "dọn rác", "attract": "dụ thây ma",
           "play": "chơi bài", "equip": "trang bị", "crisis": "góp vào khủng hoảng", "end": "kết thúc lượt",
           "request": "xin bài", "handoff": "chuyền vật phẩm", "exile": "bỏ phiếu trục xuất",
           "ability": "năng lực", "item": "năng lực vật phẩm", "zombie": "một thây ma"},
}


#: events that repeat another line (the interpreter's own record of an action the engine also tells)
QUIET = {"manual", "pay", "change_morale", "attach", "drew_cards", "use_limit"}
SUPPLY = {"en": "the supply", "pt": "o suprimento", "vi": "kho chung"}


class Teller:
    """Renders log lines in one language, with names from the bundle."""

    def __init__(self, bundle: dict, lang: str = "en", instances: dict | None = None):
        self.lang = lang
        self.instances = instances or {}           # a game's card instances ("c:17") -> card ids
        self.names: dict[str, str] = {}
        for card in bundle.get("cards", []):
            name = card.get("name", {})
            text = name.get(lang) or name.get("en") if isinstance(name, dict) else str(name)
            self.names[card["id"]] = text
            short = card["id"].rsplit(".", 1)[-1]
            if card.get("kind") == "survivor":
                self.names["s:" + short] = text
            if card.get("kind") == "location":
                self.names[short.replace("-", "_")] = text
        self.words = WORDS[lang]

    def name(self, value: Any) -> str:
        if isinstance(value, bool):
            return self.words["hit" if value else "miss"]
        if isinstance(value, list):
            if value and value[0] in ("attack", "search", "move", "barricade", "attract", "clean_waste", "ability",
                                      "item", "equip", "play", "food", "request", "handoff", "exile", "end"):
                return " ".join(self.name(v) for v in value if not (isinstance(v, int) and value[0] != "food"))
            return ", ".join(self.name(v) for v in value) or self.words["nobody"]
        if isinstance(value, dict) and self.lang in value:          # a localized text
            return value[self.lang]
        if isinstance(value, str):
            if value.startswith("supply:"):
                return SUPPLY[self.lang]
            value = self.instances.get(value, value)
            return self.names.get(value) or self.words.get(value) or value
        return str(value)

    def lines(self, lines: list[dict]) -> list[str]:
        """Every line worth telling (bookkeeping lines that repeat another are left out)."""
        return [self.line(line) for line in lines if line["event"] not in QUIET]

    def line(self, line: dict) -> str:
        params = {k: self.name(v) for k, v in (line.get("params") or {}).items()}
        template = MESSAGES.get(line["event"], {}).get(self.lang)
        if template is not None:
            try:
                return template.format(**params)
            except KeyError:
                pass
        return line["event"].replace("_", " ") + (": " + ", ".join(f"{k} {v}" for k, v in params.items())
                                                  if params else "")
