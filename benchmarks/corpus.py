"""A synthetic card corpus for the compiler benchmarks.

    python benchmarks/corpus.py [--n 10000] [--out DIR] [--seed 0] [--verify 200]

writes DIR/pyproject.toml (the marker ``find_root`` looks for),
DIR/content/base/{survivors,crossroads}/<stem>.yaml (ids ``base.<kind>.<stem>``,
half survivors, half crossroads) and DIR/content/base/known-names.yaml (the
real card names the effects quote). ``--verify K`` then runs ``dow check`` -- the
real CLI, in a subprocess -- on K files picked at random and reports the result.
Without ``--out`` the corpus goes to a temp folder that is removed afterwards
unless ``--keep`` is given.

The cards follow docs/helper-cheatsheet.md and the real cards in content/:
survivors with 1-2 abilities; crossroads with a trigger (``when:`` an event,
``if:`` a condition, or both) and 2-3 options, some with ``requires:``. Effect
texts mix numbers, places, zones, conditions (``if`` / ``otherwise if`` /
``otherwise``, ``as long as``, ``only if``, comparisons, ``and`` / ``or`` /
parentheses), choices (``choose one:``, ``vote:``, ``choose a survivor`` with
back-references and pronouns), die rolls with outcome ranges and ``that many``,
costs, ``you may``, limits, triggers, phases, lasting and continuous rules,
``for each``, ``instead of``, ``attach``, end-of-line comments and manual
steps: 10-25 effect lines per card (effect, condition and event fields). The
real cards average about 3 such lines, so this corpus is denser per card.

Generation is deterministic for a given ``--n`` and ``--seed``.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: effect lines per card (effect, condition and event fields; lines holding only a comment not counted)
LINES = (10, 25)
PLACES = ["the colony", "the police station", "the grocery store", "the school", "the library",
          "the hospital", "the gas station", "the cemetery"]
TOWN = PLACES[1:]
DECKS = ["the police station deck", "the grocery store deck", "the school deck", "the library deck",
         "the hospital deck", "the gas station deck"]
WHERE = ["anywhere", "colony", "non-colony", "police-station", "grocery-store", "school", "library", "hospital",
         "gas-station", "cemetery"]

#: names of real cards; listed in content/base/known-names.yaml so quoted names resolve in any sample
KNOWN_NAMES = ["Sparky", "Rod Miller", "Sophie Robinson", "Brian Lee", "Olivia Brown", "Andrew Evans",
               "Arthur Thurston", "Bev Cooper", "Buddy Davis", "Carla Thompson", "Daniel Smith", "David Garcia",
               "Edward White", "Forest Plum", "Gabriel Diaz", "Harman Brooks", "Jenny Clark", "James Meyers",
               "Janet Tuttle", "John Price", "Loretta Clay", "Maria Lopez", "Mike Cho", "Alexis Grey",
               "Annaleigh Chan", "Thomas Heart", "Ashley Ross", "Jared Burke", "Kodiak Colby", "Talia Jenkins"]

FIRST = ["Maria", "Ana", "Bruno", "Carlos", "Daniela", "Eduardo", "Fernanda", "Gustavo", "Helena", "Igor",
         "Julia", "Kevin", "Larissa", "Marcos", "Natalia", "Otavio", "Paula", "Rafael", "Sabrina", "Tiago",
         "Ursula", "Vitor", "Wanda", "Xavier", "Yara", "Zeca", "Linh", "Minh", "Trang", "Huy", "Lan", "Duc",
         "Emily", "Frank", "Grace", "Henry", "Iris", "Jack", "Karen", "Louis", "Megan", "Nolan", "Owen",
         "Priya", "Quinn", "Rosa", "Samuel", "Tessa", "Umar", "Violet", "Walter", "Zoe", "Hank", "Ruth",
         "Agnes", "Boris", "Clara", "Dmitri", "Elsa", "Felix"]
LAST = ["Costa", "Silva", "Souza", "Oliveira", "Pereira", "Almeida", "Ferreira", "Rodrigues", "Gomes",
        "Martins", "Nguyen", "Tran", "Pham", "Le", "Hoang", "Vu", "Dang", "Bui", "Do", "Ngo", "Walker",
        "Turner", "Parker", "Collins", "Edwards", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Morgan",
        "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Torres",
        "Gray", "James", "Watson", "Brooks", "Sanders", "Price", "Bennett", "Wood", "Barnes", "Ross",
        "Henderson", "Coleman", "Jenkins", "Perry", "Powell", "Long", "Patterson", "Hughes"]
OCCUPATIONS = [("Médica", "Doctor", "Bác sĩ"), ("Mecânico", "Mechanic", "Thợ máy"),
               ("Professora", "Teacher", "Giáo viên"), ("Cozinheiro", "Cook", "Đầu bếp"),
               ("Enfermeira", "Nurse", "Y tá"), ("Policial", "Police officer", "Cảnh sát"),
               ("Bombeiro", "Firefighter", "Lính cứu hỏa"), ("Soldado", "Soldier", "Người lính"),
               ("Fazendeira", "Farmer", "Nông dân"), ("Piloto", "Pilot", "Phi công"),
               ("Estudante", "Student", "Sinh viên"), ("Zelador", "Janitor", "Lao công"),
               ("Bibliotecária", "Librarian", "Thủ thư"), ("Advogada", "Lawyer", "Luật sư"),
               ("Caçador", "Hunter", "Thợ săn"), ("Padre", "Priest", "Linh mục"),
               ("Carteiro", "Mail carrier", "Người đưa thư"), ("Caminhoneiro", "Truck driver", "Tài xế xe tải"),
               ("Cientista", "Scientist", "Nhà khoa học"), ("Vigia", "Night guard", "Bảo vệ ca đêm")]
TITLE_ADJ = [("Fria", "Cold", "lạnh giá"), ("Longa", "Long", "dài"), ("Silenciosa", "Silent", "im lặng"),
             ("Perdida", "Lost", "thất lạc"), ("Amarga", "Bitter", "cay đắng"), ("Última", "Last", "cuối cùng"),
             ("Escura", "Dark", "tăm tối"), ("Quebrada", "Broken", "tan vỡ"), ("Vazia", "Empty", "trống rỗng"),
             ("Estranha", "Strange", "kỳ lạ")]
TITLE_NOUN = [("Noite", "Night", "Đêm"), ("Promessa", "Promise", "Lời hứa"), ("Estrada", "Road", "Con đường"),
              ("Colheita", "Harvest", "Mùa gặt"), ("Mensagem", "Message", "Thông điệp"),
              ("Escolha", "Choice", "Lựa chọn"), ("Tempestade", "Storm", "Cơn bão"), ("Visita", "Visit", "Chuyến thăm"),
              ("Carga", "Cargo", "Hàng hóa"), ("Memória", "Memory", "Ký ức"), ("Trégua", "Truce", "Đình chiến"),
              ("Fogueira", "Campfire", "Lửa trại")]
#: localized flavour sentences for ability and option texts (the compiler checks only that they are there)
TEXTS = [
    ("Gaste um dado de ação de 4 ou mais: mate 3 zumbis onde este sobrevivente está, sem rolar exposição.",
     "Spend an action die of 4 or more: kill 3 zombies where this survivor stands, with no exposure roll.",
     "Dùng một xúc xắc hành động từ 4 trở lên: giết 3 thây ma tại nơi người sống sót này đứng, không tung xúc xắc phơi nhiễm."),
    ("Uma vez por rodada, você pode gastar 1 comida para ganhar 1 de moral e pôr 1 ficha de barulho aqui.",
     "Once per round, you may spend 1 food to gain 1 morale and put 1 noise token here.",
     "Mỗi vòng một lần, bạn có thể dùng 1 thức ăn để tăng 1 tinh thần và đặt 1 thẻ tiếng ồn ở đây."),
    ("Role um dado: com 4 ou mais, mate 2 zumbis na colônia; senão, adicione 1 zumbi à colônia.",
     "Roll a die: on 4 or more, kill 2 zombies at the colony; otherwise add 1 zombie to the colony.",
     "Tung một xúc xắc: từ 4 trở lên, giết 2 thây ma ở thuộc địa; nếu không, thêm 1 thây ma vào thuộc địa."),
    ("Escolha um sobrevivente que você controla. Ele recebe um ferimento e é movido para o hospital.",
     "Choose a survivor you control. It receives a wound and moves to the hospital.",
     "Chọn một người sống sót bạn điều khiển. Người đó nhận một vết thương và di chuyển tới bệnh viện."),
    ("No início do seu turno, role exposição para cada sobrevivente na colônia.",
     "At the start of your turn, roll for exposure on each survivor at the colony.",
     "Vào đầu lượt của bạn, tung xúc xắc phơi nhiễm cho mỗi người sống sót ở thuộc địa."),
    ("Enquanto houver 2 ou mais sobreviventes indefesos na colônia, perca 1 de moral no fim de cada rodada.",
     "As long as there are 2 or more helpless survivors at the colony, lose 1 morale at the end of each round.",
     "Chừng nào còn 2 người sống sót yếu ớt trở lên ở thuộc địa, mất 1 tinh thần vào cuối mỗi vòng."),
    ("Ponha 2 barricadas na delegacia e remova todas as fichas de barulho da biblioteca.",
     "Place 2 barricades at the police station and remove all noise tokens from the library.",
     "Đặt 2 chướng ngại ở đồn cảnh sát và gỡ mọi thẻ tiếng ồn khỏi thư viện."),
    ("Você pode gastar 2 balas: mate todos os zumbis no posto de gasolina.",
     "You may spend 2 bullets: kill all zombies at the gas station.",
     "Bạn có thể dùng 2 viên đạn: giết mọi thây ma ở trạm xăng."),
    ("Todos votam: adicione 3 comidas ao estoque, ou remova Sparky do jogo.",
     "Everyone votes: add 3 food to the supply, or remove Sparky from the game.",
     "Mọi người bỏ phiếu: thêm 3 lương thực vào kho, hoặc loại Sparky khỏi ván chơi."),
]
TRIGGER_TEXTS = [
    ("Você move um sobrevivente.", "You move a survivor.", "Bạn di chuyển một người sống sót."),
    ("Você tem um sobrevivente na colônia.", "You have a survivor at the colony.",
     "Bạn có một người sống sót ở thuộc địa."),
    ("A moral está baixa e há zumbis no hospital.", "Morale is low and there are zombies at the hospital.",
     "Tinh thần thấp và có thây ma ở bệnh viện."),
]
#: crossroads events: (``when:`` text, back-reference it gives)
EVENTS = [("you move a survivor", "moved"), ("you move a non-exiled survivor", "moved"),
          ("a survivor you control searches at the library", "searching"),
          ("a survivor you control attacks", "attacking"), ("you spend food", ""), ("you clean waste", "")]
#: first sentences of options of one choice: pairwise different, so no two options compile alike (S002)
DISTINCT = ["gain 1 morale.", "lose 1 morale.", "kill 2 zombies here.", "add 3 food to the supply.",
            "draw 2 cards from the school deck.", "place a wound on a survivor you control.",
            "add 2 zombies to the colony.", "place 2 barricades at the colony.", "add 2 noise tokens here.",
            "remove 1 food from the supply.", "kill all zombies at the cemetery.", 'kill "Rod Miller".',
            "add 2 helpless survivors to the colony.", "look at the hand of another player."]


def slug(text: str) -> str:
    """A file stem: lower case, ASCII letters and digits joined by '-'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def yaml_line(text: str) -> str:
    """A one-line condition or event as a YAML scalar: plain, or single-quoted when it starts with a quote."""
    return "'" + text.replace("'", "''") + "'" if text.startswith('"') else text


class Writer:
    """Writes the effect texts of one card.

    ``kind`` is 'survivor' (may say 'this survivor') or 'crossroads' (may say 'this
    card'); ``refs`` are back-references a trigger gave ('moved', 'searching', …).
    """

    def __init__(self, rng: random.Random, kind: str, refs: tuple[str, ...] = ()):
        self.rng = rng
        self.kind = kind
        self.refs = set(refs)
        self.manual = False  # set when a 'manual one-liner.' step was written

    # ---- small parts -----------------------------------------------------------------
    def n(self, lo: int = 1, hi: int = 3) -> int:
        return self.rng.randint(lo, hi)

    def pick(self, seq):
        return self.rng.choice(seq)

    def place(self) -> str:
        return self.pick(PLACES)

    def town(self) -> str:
        return self.pick(TOWN)

    def name(self) -> str:
        return '"' + self.pick(KNOWN_NAMES) + '"'

    def someone(self) -> str:
        """A survivor to wound, heal or expose."""
        options = ["a survivor you control", "a survivor you control at the colony",
                   f"the survivor with the lowest influence at {self.place()}", "a non-exiled survivor you control"]
        if self.kind == "survivor":
            options += ["this survivor", "this survivor", "a survivor other than this survivor"]
        for ref in ("moved", "searching", "attacking"):
            if ref in self.refs:
                options += [f"the {ref} survivor"] * 2
        return self.pick(options)

    @staticmethod
    def plural(n: int, noun: str) -> str:
        return f"{n} {noun}" + ("s" if n != 1 else "")

    # ---- one sentence (no full stop) -------------------------------------------------------
    def sentence(self) -> str:
        r = self.rng.random()
        n = self.n()
        p = self.plural
        if r < 0.18:  # zombies
            return self.pick([
                f"kill {p(n, 'zombie')} here", f"kill {p(n, 'zombie')} at {self.place()}",
                f"kill all zombies at {self.place()}", f"add {p(n, 'zombie')} to {self.place()}",
                "add 1 zombie to each non-colony location", f"remove all zombies from {self.place()}",
                f"remove {p(n, 'zombie')} from {self.place()}",
                f"move {p(n + 1, 'zombie')} from {self.town()} to the colony",
                f"move {p(n, 'zombie')} from any location to the colony",
                f"kill {p(n, 'zombie')} at a non-colony location"])
        if r < 0.30:  # tokens and supplies
            return self.pick([
                f"add {p(n, 'noise token')} here", f"add {p(n, 'noise token')} to {self.town()}",
                f"place {p(n, 'barricade')} at {self.place()}", f"remove all barricades from {self.place()}",
                f"remove {p(n, 'noise token')} from {self.town()}", f"fill {self.town()} with noise tokens",
                f"add {p(n, 'helpless survivor')} to the colony", f"remove {p(n, 'helpless survivor')} from the colony",
                f"add {n + 1} food to the supply", f"remove {n} food from the supply",
                f"add {p(n, 'bullet')} to the bullet supply"])
        if r < 0.40:  # morale, combat strength
            return self.pick([f"gain {n} morale", f"lose {n} morale", f"raise morale by {n}", "gain 1 morale",
                              "lose 1 morale", f"gain {n} combat strength"])
        if r < 0.56:  # wounds, exposure, survivors
            who = self.someone()
            extra = []
            if self.kind == "survivor":
                extra = ["remove a frostbite wound from this survivor", f"place this survivor at {self.place()}",
                         f"move this survivor to {self.town()}"]
            if "moved" in self.refs:
                extra += ["place the moved survivor at its origin", "place the moved survivor at its destination",
                          "roll for exposure on the moved survivor 2 times", "spread the bite from the moved survivor"]
            return self.pick([
                f"place a wound on {who}", f"place {n + 1} wounds on {who}", f"heal {p(n, 'wound')} on {who}",
                f"place a frostbite wound on {who}", f"place a despair token on {who}",
                f"roll for exposure on {who}", f"roll for exposure on {who} twice",
                f"roll for exposure on {who} {n + 1} times", f"roll for exposure on each survivor at {self.place()}",
                "do not roll for exposure"] + extra)
        if r < 0.68:  # cards, decks, hands
            return self.pick([
                f"draw {p(n, 'card')} from {self.pick(DECKS)}", f"take {p(n, 'fuel card')} from the gas station deck",
                f"take up to {n + 1} fuel cards from the removed pile",
                f"search {self.pick(DECKS)} for {p(n, 'medicine card')}",
                f"take up to {p(n, 'weapon')} from the police station deck",
                "remove a random card in your hand from the game", "place a random card in your hand in the waste pile",
                "give a card in your hand to another player", "look at the hand of another player"])
        if r < 0.78:  # dice and players
            return self.pick([f"increase an unused action die you control by {n}",
                              "reroll an unused action die you control", "decrease an unused action die you control by 1",
                              "start an exile vote against a player", "start an exile vote against a player at the colony"])
        if r < 0.86:  # named cards
            return self.pick([f"kill {self.name()}", f"remove {self.name()} from the game",
                              f"add {self.name()} to your following"])
        if r < 0.91:
            return self.pick(["end the colony warfare", "skip the colony warfare here", "kill 1 helpless survivor"])
        return f"{self.sentence()}, then {self.sentence()}"

    def line(self) -> str:
        """One line: one to three sentences."""
        k = self.pick((1, 1, 1, 1, 2, 2, 3))
        return " ".join(self.sentence() + "." for _ in range(k))

    def rule(self) -> str:
        """A continuous rule (a sentence with a subject), for survivor abilities and lasting blocks."""
        options = ["your vote counts as 2 votes", "each survivor at the colony receives 1 wound"]
        if self.kind == "survivor":
            options += ["this survivor cannot move unless you play a fuel card",
                        "this survivor does not roll for exposure when attacking",
                        "this survivor gives 2 combat strength instead of 1", "this survivor needs 4 wounds to die",
                        "this survivor looks at and keeps 1 additional card when searching"]
        if "moved" in self.refs:
            options += ["the moved survivor cannot move", "the moved survivor does not roll for exposure when moving"]
        return self.pick(options) + "."

    # ---- conditions --------------------------------------------------------------------------
    def test(self) -> str:
        """One condition: a comparison or a test."""
        options = [f"morale < {self.n(2, 6)}", f"morale >= {self.n(3, 7)}", f"the round < {self.n(2, 5)}",
                   f"the number of zombies at {self.place()} >= {self.n(2, 8)}",
                   f"the number of helpless survivors at the colony > {self.n(1, 3)}",
                   f"the influence of {self.name()} > {self.n(20, 60)}",
                   f"you control {self.name()}", f"you do not control {self.name()}",
                   f"{self.name()} is not exiled", f"{self.name()} is at {self.place()}",
                   f"{self.name()} is in the survivor deck", f"{self.name()} is in play",
                   f"there are {self.n(2, 3)} or more helpless survivors at the colony",
                   f"there is a survivor you control at {self.place()}",
                   f"there are {self.n(2, 5)} or more zombies at {self.town()}",
                   'the enemy colony leader plays "ON GUARD"']
        if self.kind == "survivor":
            options += ["this survivor is your group leader", "this survivor is at the colony"]
        if "moved" in self.refs:
            options += ["the moved survivor shares a location with an exiled survivor"]
        return self.pick(options)

    def condition(self) -> str:
        """Tests joined by 'and' / 'or', sometimes with parentheses."""
        r = self.rng.random()
        if r < 0.6:
            return self.test()
        if r < 0.9:
            return f"{self.test()} {self.pick(('and', 'or'))} {self.test()}"
        return f"{self.test()} and ({self.test()} or {self.test()})"

    # ---- multi-line pieces -----------------------------------------------------------------
    def choice_run(self) -> list[str]:
        """'choose a survivor …' and sentences about the chosen survivor (back-references, pronouns)."""
        chooser = self.pick(["a survivor you control", "a non-exiled survivor you control",
                             f"a survivor at {self.place()}", "a survivor another player controls"])
        ref = lambda: self.pick(["the chosen survivor", "the chosen survivor", "it", "her", "him"])  # noqa: E731
        uses = [lambda: f"place a wound on {ref()}.", lambda: f"roll for exposure on {ref()}.",
                lambda: f"move the chosen survivor to {self.town()}. do not roll for exposure.",
                lambda: "kill all zombies sharing a location with the chosen survivor.",
                lambda: f"heal 1 wound on {ref()}.", lambda: "place a frostbite wound on the chosen survivor.",
                lambda: f"place the chosen survivor at {self.place()}.",
                lambda: f"if the chosen survivor is not killed: {self.line()}"]
        return [f"choose {chooser}."] + [self.pick(uses)() for _ in range(self.n(1, 3))]

    def roll_outcomes(self, depth: int, budget: int) -> list[str]:
        """'roll a die:' with non-overlapping outcome ranges."""
        ranges = self.pick([["4 or more", "1 to 3"], ["6", "4 to 5", "1 to 3"], ["5 or more", "2 to 4", "1"],
                            ["3 or more", "1 to 2"], ["6", "1 to 5"], ["4 or more", "3 or less"]])
        out = ["roll a die:"]
        for text in ranges:
            if budget > 3 and depth < 3 and self.rng.random() < 0.4:
                out.append(f"  on {text}:")
                out.extend("    " + b for b in self.body(depth + 1, self.n(1, 2)))
            else:
                out.append(f"  on {text}: {self.line()}")
        return out

    def options(self, depth: int, budget: int) -> list[str]:
        """The '-' options of 'choose one:' or 'vote:', pairwise different."""
        firsts = self.rng.sample(DISTINCT, self.pick((2, 2, 3)))
        out = []
        for first in firsts:
            r = self.rng.random()
            if r < 0.25:
                out.append(f"  - only if {self.condition()}: {first}")
            elif r < 0.4 and depth < 2 and budget > 3:
                out.append(f"  - only if {self.condition()}:")
                out.append(f"      {first}")
                out.extend("      " + b for b in self.body(depth + 2, 1))
            else:
                out.append(f"  - {first}" + (" " + self.line() if self.rng.random() < 0.3 else ""))
        return out

    def if_block(self, depth: int, budget: int) -> list[str]:
        """if COND: … [otherwise if COND: …] [otherwise: …]"""
        out = []
        branches = ["if"] + (["otherwise if"] if self.rng.random() < 0.25 else []) + \
                   (["otherwise"] if self.rng.random() < 0.5 else [])
        for word in branches:
            head = word if word == "otherwise" else f"{word} {self.condition()}"
            if budget > 3 and depth < 3 and self.rng.random() < 0.5:
                out.append(f"{head}:")
                out.extend("  " + b for b in self.body(depth + 1, self.n(1, 3)))
            else:
                out.append(f"{head}: {self.line()}")
        return out

    def cost(self) -> str:
        n = self.n()
        return self.pick([f"spend {n} food", f"spend {self.plural(n, 'bullet')}",
                          f"spend an action die of {self.n(2, 5)} or more", f"spend {self.plural(n, 'fuel card')}",
                          f"spend {self.plural(n, 'medicine card')}", "spend 1 food"])

    def block(self, depth: int, budget: int, top: bool) -> list[str]:
        """A block: a header line ending in ':' and an indented body (or one sentence on the same line)."""
        kinds = ["cost", "may_cost", "may", "limit", "roll", "roll_many", "choice", "if", "if", "choose", "vote"]
        if top:
            kinds += ["phase", "lasting", "while", "for_each"]
            kinds += ["trigger", "trigger", "instead"] if self.kind == "survivor" else ["attach"]
        kind = self.pick(kinds)
        if kind == "choice":
            return self.choice_run()
        if kind == "roll":
            return self.roll_outcomes(depth, budget)
        if kind == "roll_many":
            return ["roll a die. " + self.pick(["kill that many zombies here.",
                                               f"remove that many zombies from {self.place()}.",
                                               f"add that many zombies to {self.town()}."])]
        if kind == "if":
            return self.if_block(depth, budget)
        if kind in ("choose", "vote"):
            return [("choose one:" if kind == "choose" else "vote:")] + self.options(depth, budget)
        if kind == "trigger":
            event, ref = self.pick([("when you move a survivor", "moved"), ("when this survivor rolls for exposure", ""),
                                    ("after a survivor you control searches at the library", "searching"),
                                    ("when a survivor you control attacks", "attacking"),
                                    ("when this survivor enters play", ""), ("when you spend food", ""),
                                    ("before you move a survivor", "moved")])
            inner = Writer(self.rng, self.kind, tuple(self.refs | {ref} - {""}))
            body = inner.body(depth + 1, max(1, budget - 1))
            self.manual |= inner.manual
            return [f"{event}:"] + ["  " + b for b in body]
        header = {
            "cost": lambda: self.cost(),
            "may_cost": lambda: "you may " + self.cost(),
            "may": lambda: "you may",
            "limit": lambda: "once per " + self.pick(["turn", "round", "game"]),
            "phase": lambda: self.pick(["at the start of your turn", "at the end of each round",
                                        "at the end of each turn", "at the start of each round"]),
            "lasting": lambda: self.pick(["for the rest of the game", "until the end of the next round",
                                          "until the end of this turn", "for the rest of the turn"]),
            "while": lambda: "as long as " + self.condition(),
            "for_each": lambda: self.pick(["for each survivor at the colony", "for each survivor you control",
                                           f"for each survivor at {self.town()}"]),
            "instead": lambda: "instead of this survivor receiving a frostbite wound",
            "attach": lambda: ("attach this card to the moved survivor" if "moved" in self.refs
                               else "attach this card to a survivor you control"),
        }[kind]()
        if kind == "for_each":
            uses = ["roll for exposure on it.", "place a wound on it.", "heal 1 wound on it.",
                    "place a frostbite wound on it.", "add 1 noise token here."]
            body = [self.pick(uses) for _ in range(max(1, min(budget - 1, self.n(1, 3))))]
        elif kind in ("lasting", "while", "attach") and self.rng.random() < 0.6:
            body = [self.rule() for _ in range(max(1, min(budget - 1, self.n(1, 2))))]
        elif kind == "instead":
            body = [self.pick(["place a wound on this survivor.", "lose 1 morale.", "gain 1 morale."])]
        elif budget <= 1 or (budget == 2 and self.rng.random() < 0.5):
            return [f"{header}: {self.line()}"]
        else:
            body = self.body(depth + 1, budget - 1)
        return [f"{header}:"] + ["  " + b for b in body]

    def body(self, depth: int, budget: int) -> list[str]:
        """Lines until ``budget`` is used; blocks nest at most three deep."""
        out: list[str] = []
        while len(out) < budget:
            left = budget - len(out)
            r = self.rng.random()
            if depth < 3 and left >= 2 and r < 0.55:
                out.extend(self.block(depth, min(left, self.n(2, 6)), top=depth == 0))
            elif r < 0.58:  # a comment after a sentence
                out.append(f"{self.line()}  # {self.pick(['reminder', 'printed as one sentence', 'rulebook p. 12'])}")
            elif r < 0.63 and depth == 0 and (self.kind == "survivor" or "moved" in self.refs):
                out.append(self.rule())
            else:
                out.append(self.line())
        return out

    def effect(self, lines: int) -> list[str]:
        """A whole effect text of about ``lines`` lines."""
        out = self.body(0, lines)
        if self.rng.random() < 0.1:  # a comment line before the first statement
            out.insert(0, "# " + self.pick(["as printed on the card", "transcribed from the rulebook"]))
        if self.rng.random() < 0.08:
            out.append("you may: manual one-liner.")
            self.manual = True
        return out


def block_text(lines: list[str], indent: int) -> str:
    """Effect lines as the body of a YAML literal block."""
    pad = " " * indent
    return "".join(pad + line + "\n" for line in lines)


def counted(lines: list[str]) -> int:
    return len([ln for ln in lines if not ln.lstrip().startswith("#")])


def manual_section(name: str) -> str:
    return f"""manual:
  one-liner:
    why: table talk with no effect on the game state
    pt: Diga uma frase de efeito para {name}.
    en: Say a one-liner for {name}.
    vi: Hãy nói một câu thoại cho {name}.
"""


def survivor_card(i: int, rng: random.Random, used: set[str]) -> tuple[str, str, int]:
    """(stem, file text, effect lines) of one survivor card."""
    while True:
        name = f"{rng.choice(FIRST)} {chr(65 + rng.randrange(26))}. {rng.choice(LAST)}"
        stem = slug(name)
        if stem not in used:
            break
    used.add(stem)
    w = Writer(rng, "survivor")
    occ = rng.choice(OCCUPATIONS)
    total = rng.randint(*LINES)
    sizes = [total] if rng.random() < 0.35 else [total // 2, total - total // 2]
    abilities, count = [], 0
    for size in sizes:
        lines = w.effect(size)
        count += counted(lines)
        pt, en, vi = rng.choice(TEXTS)
        abilities.append(f"""  - where: {rng.choice(WHERE)}
    text:
      pt: {q(pt)}
      en: {q(en)}
      vi: {q(vi)}
    effect: |
{block_text(lines, 6)}""")
    known = rng.random() < 0.85
    numbers = (f"influence: {rng.randint(1, 70)}\nattack: {rng.randint(1, 6)}\nsearch: {rng.randint(1, 6)}\n" if known
               else "influence: null\nattack: null\nsearch: null\n")
    implementation = "partial" if w.manual else "full"  # a manual step is not automated (S011)
    status = (f"status:\n  implementation: {implementation}\n  data: known\n" if known else
              f"status:\n  implementation: {implementation}\n  data: needs transcription\n"
              "  why: the numbers are not printed\n")
    text = f"""# yaml-language-server: $schema=../../../schemas/card-source.schema.json
id: base.survivor.{stem}
kind: survivor
set: base
name: {name}
source: generated benchmark corpus, card {i}
{status}occupation: {{pt: {occ[0]}, en: {occ[1]}, vi: {occ[2]}}}
{numbers}abilities:
{"".join(abilities)}{manual_section(name) if w.manual else ""}"""
    return stem, text, count


def crossroads_card(i: int, rng: random.Random, used: set[str]) -> tuple[str, str, int]:
    """(stem, file text, effect lines) of one crossroads card."""
    adj, noun = rng.choice(TITLE_ADJ), rng.choice(TITLE_NOUN)
    title = (f"{noun[0]} {adj[0]}", f"{adj[1]} {noun[1]}", f"{noun[2]} {adj[2]}")
    stem = base = slug(title[1])
    k = 2
    while stem in used:
        stem = f"{base}-{k}"
        k += 1
    used.add(stem)
    r = rng.random()
    event, ref = rng.choice(EVENTS) if r < 0.65 else ("", "")
    w = Writer(rng, "crossroads", (ref,) if ref else ())
    trigger = f"  when: {event}\n" if event else ""
    count = 1 if event else 0
    if r >= 0.45:
        trigger += f"  if: {yaml_line(w.condition())}\n"
        count += 1
    n_options = rng.choice((2, 2, 3))
    size = max(2, (rng.randint(*LINES) - count) // n_options)
    options = []
    for _ in range(n_options):
        lines = w.effect(size)
        count += counted(lines)
        pt, en, vi = rng.choice(TEXTS)
        requires = ""
        if rng.random() < 0.3:
            requires = f"    requires: {yaml_line(w.condition())}\n"
            count += 1
        options.append(f"""  - text:
      pt: {q(pt)}
      en: {q(en)}
      vi: {q(vi)}
{requires}    effect: |
{block_text(lines, 6)}""")
    tpt, ten, tvi = rng.choice(TRIGGER_TEXTS)
    text = f"""# yaml-language-server: $schema=../../../schemas/card-source.schema.json
id: base.crossroads.{stem}
kind: crossroads
set: base
name: {{pt: {title[0]}, en: {title[1]}, vi: {title[2]}}}
source: generated benchmark corpus, card {i}
status: {{implementation: {"partial" if w.manual else "full"}, data: known}}
number: {i % 400 + 1}
trigger:
{trigger}  text:
    pt: {q(tpt)}
    en: {q(ten)}
    vi: {q(tvi)}
options:
{"".join(options)}{manual_section(title[1]) if w.manual else ""}"""
    return stem, text, count


def generate(root: Path, n: int = 10_000, seed: int = 0) -> dict:
    """Write ``n`` card files under root/content/base/ and the pyproject.toml marker; returns a summary."""
    rng = random.Random(seed)
    content = root / "content" / "base"
    for folder in ("survivors", "crossroads"):
        (content / folder).mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text('[project]\nname = "dow-benchmark-corpus"\nversion = "0"\n',
                                         encoding="utf-8")
    (content / "known-names.yaml").write_text(
        "# names of real cards the corpus refers to but does not hold\nnames:\n"
        + "".join(f"  - {q(x)}\n" for x in KNOWN_NAMES), encoding="utf-8")
    used: dict[str, set[str]] = {"survivors": set(), "crossroads": set()}
    counts, size = [], 0
    for i in range(n):
        folder = "survivors" if i % 2 == 0 else "crossroads"
        make = survivor_card if folder == "survivors" else crossroads_card
        while True:  # blocks can overshoot their line budget; keep every card within LINES
            stem, text, count = make(i, rng, used[folder])
            if LINES[0] <= count <= LINES[1]:
                break
            used[folder].discard(stem)
        data = text.encode("utf-8")
        (content / folder / f"{stem}.yaml").write_bytes(data)
        counts.append(count)
        size += len(data)
    counts.sort()
    return {"files": n, "bytes": size, "effect_lines_min": counts[0], "effect_lines_median": counts[len(counts) // 2],
            "effect_lines_max": counts[-1], "effect_lines_mean": sum(counts) / len(counts)}


def dow_command() -> list[str]:
    """The installed ``dow`` entry point next to this interpreter (or ``python -m``)."""
    exe = Path(sys.executable).with_name("dow")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "dow.cli.main"]


def provenance(repo: Path | None = None) -> str:
    """The commit the measured code is at, and whether the compiler's sources differ from it."""
    repo = repo or Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=repo, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "compiler", "render", "i18n", "site", "cli",
                                "dsl", "runtime", "pyproject.toml"],
                               cwd=repo, capture_output=True, text=True, check=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return "commit unknown (no git)"
    changed = [line for line in dirty if line.strip()]
    return f"commit {head}" + (f" + uncommitted changes to {', '.join(line[3:] for line in changed)}" if changed
                               else " (compiler/, render/, i18n/, site/, cli/, dsl/, runtime/, pyproject.toml as committed)")


def verify(root: Path, k: int, seed: int = 1) -> tuple[bool, str, float]:
    """Run ``dow check`` on k randomly picked card files; (passed, output, seconds)."""
    files = sorted((root / "content").glob("*/*/*.yaml"))
    sample = random.Random(seed).sample(files, min(k, len(files)))
    t0 = time.perf_counter()
    proc = subprocess.run([*dow_command(), "--root", str(root), "check", *map(str, sample)],
                          capture_output=True, text=True, cwd=root)
    return proc.returncode == 0, (proc.stdout + proc.stderr).strip(), time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="generate a synthetic card corpus for the benchmarks")
    parser.add_argument("--n", type=int, default=10_000, help="number of card files (default 10000)")
    parser.add_argument("--out", type=Path, default=None, help="project folder to create (default: a temp folder)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verify", type=int, default=200, metavar="K",
                        help="run 'dow check' on K random files afterwards (0: skip; default 200)")
    parser.add_argument("--keep", action="store_true", help="keep the temp folder")
    args = parser.parse_args(argv)
    root = (args.out or Path(tempfile.mkdtemp(prefix="dow-corpus-"))).resolve()
    if args.out and (root / "content").exists():
        print(f"{root}/content exists; choose an empty folder", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    summary = generate(root, args.n, args.seed)
    print(f"wrote {summary['files']} card files ({summary['bytes'] / 1e6:.1f} MB) to {root}/content "
          f"in {time.perf_counter() - t0:.1f} s")
    print(f"effect lines per card: min {summary['effect_lines_min']}, median {summary['effect_lines_median']}, "
          f"mean {summary['effect_lines_mean']:.1f}, max {summary['effect_lines_max']}")
    status = 0
    if args.verify:
        ok, output, secs = verify(root, args.verify)
        last = output.splitlines()[-1] if output else ""
        print(f"dow check on a random sample of {min(args.verify, args.n)} files: {'PASS' if ok else 'FAIL'} "
              f"({last}; {secs:.2f} s)")
        if not ok:
            print(output[-4000:])
            status = 1
    if not args.out and not args.keep:
        shutil.rmtree(root)
        print("(temp folder removed; pass --keep or --out DIR to keep it)")
    return status


if __name__ == "__main__":
    sys.exit(main())
