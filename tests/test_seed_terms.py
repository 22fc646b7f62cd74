"""The game's own words in Vietnamese come from its rulebook: where seed 002 (the Vietnamese summary of
Warring Colonies) names a term of the game, every Vietnamese text of the project uses that word, never a
variant of its own.

The words are the glossary's (content/glossary.yaml: each entry's vi ``term`` and the variants it
``avoid``s); this file cites, for every entry seed 002 decides, the line of the seed that prints the
word, and holds every Vietnamese text a reader meets to it: every catalogue (card text templates, the
log, the site, the messages, the docs), the glossary, the rules chapters, the guides, every card
file's Vietnamese text, the text generated from every card's effects, and every line of the logs of
games of each kind told in Vietnamese (the base game, Warring Colonies with and without the Lone
Wolf, its quick variant, the Random Items module, Winter Tricks). Beside the terms, the slips of
grammar a Vietnamese reader found in those texts (issue 32: "hồi 1 vết thương", "Tinh thần đi từ 6
đến 4", "Các người chơi", "chọn lựa chọn" …) are held out of the same texts."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_terms import GLOSSARY, _flagged, avoided, sources, terms

ROOT = Path(__file__).resolve().parents[1]

#: glossary entry id -> (the line of seed 002 that prints the word, the word as printed there)
SEED_002 = {
    "zombie": (173, "zombie"),
    "card": (175, "thẻ"),
    "deck": (161, "bộ thẻ"),
    "standee": (103, "hình nhân đứng"),
    "roll": (191, "tung xúc xắc"),
    "colony-warfare": (25, "trận chiến"),
    "base-game": (3, "trò chơi gốc"),
    "player-reference": (151, "bảng tham chiếu người chơi"),
    "combat-tracker": (147, "bảng theo dõi chiến đấu"),
    "barricade": (175, "thẻ chướng ngại vật"),
    "barricade-action": (275, "chắn"),
    "request": (287, "yêu cầu"),
    "spend-food": (285, "tiêu thức ăn"),
    "hand-off": (289, "chuyển giao"),
    "add-to-crisis": (283, "thêm thẻ vào"),     # the seed keeps 'Crisis'; the project 'khủng hoảng' (line 7)
    "crisis": (7, "thẻ khủng hoảng"),
    "crossroads-card": (11, "thẻ ngã tư"),
    "move-round-marker": (225, "di chuyển thẻ vòng chơi"),
    "round-track": (225, "thẻ đánh dấu vòng chơi"),       # the marker the track is told by (issue 32: four names)
    "lone-wolf-flee": (335, "chạy trốn"),
    "lone-wolf-join": (337, "tham gia chiến đấu"),
    "lone-wolf-morale-tracker": (109, "bảng theo dõi"),
    "quick-variant": (341, "chơi nhanh"),
    "waste-check": (215, "kiểm tra rác"),
    "colony-leader": (43, "lãnh đạo thuộc địa"),
}

#: slips of Vietnamese grammar and wording that no Vietnamese text may hold (pattern, what to write)
SLIPS = [
    (r"(?<!\w)hồi (?:\d+|\{+ ?\w+ ?\}+|một|các) vết thương", "'chữa … vết thương': a wound is treated, not recovered"),
    (r"tinh thần(?: của [^.]{1,40})? đi từ", "'tinh thần giảm từ 6 xuống 4' / 'tăng từ 7 lên 8'"),
    (r"tuyệt vọng (?:được )?đưa vào", "a despair token is 'đặt lên' a survivor"),
    (r"(?<!\w)các người(?!\w)", "'những người chơi', 'những người sống sót'"),
    (r"rút phải (?:vết cắn|mặt)", "dice are rolled: 'tung ra mặt bị cắn'"),
    (r"nguy hại sinh học", "seed 002: 'nguy hiểm sinh học'"),
    (r"(?<!xúc xắc )(?<!\w)tung phơi nhiễm", "'tung xúc xắc phơi nhiễm'"),
    (r"(?:^|[.:] )đống rác:", "an item's trash ability: 'Khi chơi (rồi bỏ vào đống rác): …'"),
    (r"colony occupants", "an English board label"),
    (r"chọn lựa chọn", "'theo lựa chọn 1', 'chọn lựa chọn' says choose twice"),
    (r"hạt giống", "a game's random seed is its 'mã ván'"),
    (r"(?<!chỉ )(?<!\w)số với(?!\w)", "the search help: 'so sánh một chỉ số với một số'"),
    (r"nối các lựa chọn", "'lựa chọn' is a crossroads option: 'nối các điều kiện'"),
    (r"(?<!\w)đổ(?= (?:một |hai |lại |\{\w+\} |\d+ )?xúc xắc)", "seed 002: 'tung xúc xắc'"),
    # the machine-like shapes of the fresh reader's trial (docs/trials/reader-vi-2026-12-05-after.md)
    (r"chưa sách luật nào", "'chưa có sách luật nào': the verb"),
    (r"(?<=\w) lần (?:nữa|thứ (?:hai|ba|tư|\d+))(?=[.!:](?:\s|$))",
     "said in front, 'Một lần nữa, …': at the end it reads as part of the sentence ('ngửa lên lần nữa')"),
    (r"(?<!được)(?<![:;,(]) chữa \d+ vết thương\.", "the survivor healed 'được chữa': 'X chữa' says X treats"),
    (r"một bàn tay", "a player's hand: 'từ tay của một người chơi'"),
    (r"có được áp dụng không", "'kiểm tra điều kiện kích hoạt của …'"),
    (r"trong trận gần nhất", "'tổng sức mạnh chiến đấu … trong trận vừa rồi'"),
    (r"được đặt thành \d", "a die 'giờ là 5'"),
    (r"thay đổi thấy được", "'không làm thay đổi gì trên bàn'"),
    (r"người thắng: không ai", "'Không ai thắng.'"),
    (r"người đi trước", "seed 002: 'người chơi đầu tiên'"),
    (r"trong các ván của trang(?! này)", "'trong các ván mô phỏng'"),
    (r"dự án mới chép lại", "'mới' reads as 'just now': 'chỉ mới chép lại'"),
    (r"không phải (?:tool|food|fuel|medicine|weapon|trash)(?!\w)", "an item kind in English: the glossary's 'dụng cụ', 'thức ăn' …"),
]


def _slips(text: str) -> list[str]:
    return [f"'{m.group(0)}' ({why})" for pattern, why in SLIPS
            for m in re.finditer(pattern, text, re.IGNORECASE | re.MULTILINE)]


def _problems(texts) -> list[str]:
    variants, allowed = avoided("vi"), terms("vi")
    return [f"{where}: {hit}" for where, text in texts for hit in _flagged(text, variants, allowed) + _slips(text)]


@pytest.fixture(scope="module")
def generated(bundle):
    """(card id, text) for the text generated from every effect of every card, in Vietnamese."""
    from dow.render.text import card_texts, names_in
    names = names_in(bundle["cards"], "vi")
    return [(f"{card['id']} {path}", text) for card in bundle["cards"]
            for path, text in card_texts(card, "vi", names=names).items()]


@pytest.fixture(scope="module")
def logs(bundle):
    """(game, line) for every line of games of each kind, told in Vietnamese."""
    from dow.render.playlog import Teller
    from dow.runtime.engine.sim import play_game
    from dow.runtime.games import winter_tricks
    out = []
    for variants, players in (((), 4), (("warring-colonies",), 7), (("warring-colonies",), 4),
                              (("warring-colonies", "quick"), 5)):
        for seed in (1, 2):
            game, _, _ = play_game(bundle, seed, players, "bot", variants=list(variants))
            name = f"{'+'.join(variants) or 'base'} {players}p seed {seed}"
            out += [(name, line) for line in Teller(bundle, "vi", game.state.cards).lines(game.log.public())]
    for seed in (1, 2):
        game = winter_tricks.new_game(bundle, seed, 4)
        game.run()
        out += [(f"winter-tricks seed {seed}", line) for line in Teller(bundle, "vi", {}).lines(game.log.public())]
    return out


def test_every_entry_seed_002_decides_names_the_variants_it_rules_out():
    """An entry the seed decides lists what the project does not write for it (else nothing is held)."""
    entries = {entry["id"]: entry for entry in GLOSSARY}
    assert set(SEED_002) <= set(entries), set(SEED_002) - set(entries)
    decided = {"zombie", "card", "deck", "standee", "roll", "colony-warfare", "base-game", "player-reference",
               "combat-tracker", "barricade-action", "request", "spend-food", "hand-off", "add-to-crisis",
               "move-round-marker", "round-track", "lone-wolf-flee", "lone-wolf-join", "lone-wolf-morale-tracker",
               "quick-variant", "waste-check"}
    assert all((entries[i].get("avoid") or {}).get("vi") for i in decided), \
        [i for i in decided if not (entries[i].get("avoid") or {}).get("vi")]


@pytest.mark.parametrize("entry", sorted(SEED_002))
def test_the_cited_line_of_seed_002_prints_the_word(entry):
    seeds = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()), None)
    if seeds is None:
        pytest.skip("the rulebooks are not beside the project")
    line, word = SEED_002[entry]
    (path,) = seeds.glob("002_*.txt")
    assert word in path.read_text(encoding="utf-8").splitlines()[line - 1].casefold()
    term = next(e for e in GLOSSARY if e["id"] == entry)["term"]["vi"].casefold()
    assert word in term or term in word or entry == "add-to-crisis", (entry, term, word)


def test_every_vietnamese_text_uses_the_rulebooks_words():
    """Every catalogue, chapter, guide, glossary and card file."""
    problems = _problems(sources("vi"))
    assert problems == [], f"{len(problems)} places:\n" + "\n".join(problems[:40])


def test_every_cards_generated_vietnamese_text_uses_the_rulebooks_words(generated):
    assert len(generated) > 300
    problems = _problems(generated)
    assert problems == [], f"{len(problems)} places:\n" + "\n".join(problems[:40])


def test_every_line_of_a_game_told_in_vietnamese_uses_the_rulebooks_words(logs):
    assert len(logs) > 2000
    assert {g.split()[0] for g, _ in logs} >= {"base", "warring-colonies", "warring-colonies+quick", "winter-tricks"}
    problems = _problems(logs)
    assert problems == [], f"{len(problems)} lines:\n" + "\n".join(problems[:40])


def test_every_worked_example_told_in_vietnamese_uses_the_rulebooks_words(told):
    """Every worked example of every card page (its title and each sentence of its table before, its story
    and its table after), as the site tells it in Vietnamese: the terms, and none of the slips above."""
    examples = told["vi"]
    assert len(examples) > 500
    texts = [(f"{card['id']} #{n}", sentence) for card, n, example in examples
             for sentence in [example["title"], *example["given"], *example["do"], *example["expect"]]]
    problems = _problems(texts)
    assert problems == [], f"{len(problems)} sentences:\n" + "\n".join(problems[:40])


def test_a_sentence_told_again_says_so_in_front(told, logs, bundle):
    """The same sentence told once more reads "Một lần nữa, …" / "Lần thứ ba, …" (render/grammar.py
    said_again), its own first word in lower case unless it is a name (a card's, the Lone Wolf)."""
    names = {"Lone Wolf"} | {text for card in bundle["cards"] for text in (card.get("name") or {}).values()
                             if isinstance(text, str)}
    again = re.compile(r"^(?:Một lần nữa|Lần thứ (?:ba|tư|\d+)), (.*)")
    sentences = [s for _, _, example in told["vi"] for s in example["do"]] + [line for _, line in logs]
    said = [m.group(1) for s in sentences if (m := again.match(s))]
    assert len(said) > 20                           # the logs and the examples do say things again
    wrong = [s for s in said if not (s[:1].islower() or s[:1].isdigit() or any(s.startswith(n) for n in names))]
    assert wrong == [], wrong[:20]


def test_a_morale_change_is_told_by_its_direction(logs):
    """'Tinh thần giảm từ 6 xuống 4', 'tăng từ 7 lên 8': the log's sentence follows the change."""
    changes = [line for _, line in logs if re.search(r"tinh thần[^.]* (?:giảm|tăng) từ", line, re.I)]
    assert changes
    for line in changes:
        for verb, a, prep, b in re.findall(r"(giảm|tăng) từ (\d+) (xuống|lên) (\d+)", line):
            assert (verb, prep) in (("giảm", "xuống"), ("tăng", "lên")) and (int(b) < int(a)) == (verb == "giảm"), line


def test_english_card_names_stay_out_of_the_vietnamese_chapters(bundle):
    """A card with a Vietnamese name is called by it in the Vietnamese rules chapters (not 'Justice')."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "content" / "rules" / "vi").glob("*.md")))
    found = []
    for card in bundle["cards"]:
        name = card.get("name")
        if isinstance(name, dict) and name.get("vi") and name["vi"] != name["en"] and len(name["en"]) > 3:
            if re.search(rf"(?<!\w){re.escape(name['en'])}(?!\w)", text) and name["en"] not in name["vi"]:
                found.append(f"{name['en']} (vi: {name['vi']})")
    assert found == [], found


@pytest.mark.parametrize("text, found", [
    ("Brian Lee đổ xúc xắc phơi nhiễm: trống.", ["đổ"]),
    ("Cho đến hết cuộc chiến tranh này.", ["cuộc chiến tranh"]),
    ("Thuộc địa nào thắng một cuộc trận chiến giữa các thuộc địa.", ["cuộc trận chiến"]),
    ("Được lãnh đạo đánh úp khi trận đấu bắt đầu.", ["trận đấu"]),
    ("Giao chiến tại cửa hàng tạp hóa kết thúc.", ["Giao chiến"]),
    ("James Meyers hồi 1 vết thương.", ["hồi 1 vết thương"]),
    ("Tinh thần đi từ 6 đến 4.", ["Tinh thần đi từ"]),
    ("1 thẻ tuyệt vọng được đưa vào Brian Lee.", ["tuyệt vọng được đưa vào"]),
    ("Các người chơi cùng nhau điều hành một thuộc địa.", ["Các người"]),
    ("Nếu trong bước này rút phải vết cắn.", ["rút phải vết cắn"]),
    ("nguy hại sinh học 1 ×2", ["nguy hại sinh học"]),
    ("Không thẻ ngã rẽ nào được đọc.", ["ngã rẽ"]),
    ("giết 2 zombie thay vì 1 và không tung phơi nhiễm", ["tung phơi nhiễm"]),
    ("Đống rác: thêm 1 thẻ thức ăn vào kho.", ["Đống rác:"]),
    ("2000 ván bản cơ bản", ["bản cơ bản"]),
    ("trong khu cư dân thuộc địa (Colony Occupants)", ["Colony Occupants"]),
    ("Người chơi 1 chọn lựa chọn 1.", ["chọn lựa chọn"]),
    ("hạt giống 0 đến 1999", ["hạt giống"]),
    ("Nộp 1 thẻ nhiên liệu và 2 lá bất kỳ khác.", ["lá"]),
    ("Người chơi 1 đặt các lá bài trở lại.", ["lá bài"]),
    ("xáo chồng bài người sống sót", ["chồng bài"]),
    ("Đặt mô hình đứng của những người sống sót; quân đứng zombie.", ["mô hình đứng", "quân đứng"]),
    ("toàn bộ quân đứng thây ma", ["quân đứng", "thây ma"]),
    ("Người chơi 2 chọn dựng chướng ngại vật bằng Rod Miller.", ["dựng chướng ngại vật"]),
    ("Xin thẻ; Dùng thức ăn; trao đồ; góp thẻ vào khủng hoảng.", ["Xin thẻ", "Dùng thức ăn", "trao đồ", "góp thẻ"]),
    ("Đặt thước đo chiến đấu; lấy tờ tham khảo người chơi.", ["thước đo chiến đấu", "tờ tham khảo"]),
    ("Dời điểm đánh dấu vòng xuống 1 ô.", ["Dời điểm đánh dấu vòng"]),
    ("Thủ lĩnh mở nước bài tiếp theo.", ["Thủ lĩnh"]),
    ("bản dịch của dự án (chưa sách luật nào in tên này bằng tiếng Việt)", ["chưa sách luật nào"]),
    ("Người chơi 7 thêm Nhiên liệu vào khủng hoảng, ngửa lên lần nữa.", [" lần nữa"]),
    ("1 người sống sót bất lực đến thuộc địa lần thứ tư.", [" lần thứ tư"]),
    ("Olivia Brown chữa 1 vết thương.", [" chữa 1 vết thương."]),
    ("Người chơi 1 lấy 1 thẻ từ một bàn tay.", ["một bàn tay"]),
    ("Người chơi xem Bầy zombie có được áp dụng không.", ["có được áp dụng không"]),
    ("Trong trận gần nhất, thuộc địa A có tổng 7.", ["Trong trận gần nhất"]),
    ("Xúc xắc thứ 1 của người chơi 1 được đặt thành 5.", ["được đặt thành 5"]),
    ("Trên bàn không có gì thay đổi thấy được.", ["thay đổi thấy được"]),
    ("Người thắng: không ai. Người đi trước là người chơi 3.", ["Người thắng: không ai", "Người đi trước"]),
    ("Dự án mới chép lại một thẻ ngã tư.", ["Dự án mới chép lại"]),
    ("Đồ đồng nát và Búa không phải Tool: mỗi thẻ khác loại trừ đi một điểm.", ["Tool"]),
    ("Thanh vòng chơi về 0; thẻ vòng chơi được di chuyển; Ván chơi nhanh; Lone Wolf bỏ chạy hay tham chiến.",
     ["Thanh vòng chơi", "thẻ vòng chơi", "Ván chơi nhanh", "bỏ chạy", "tham chiến"]),
    # what is right is not flagged
    ("Một lần nữa, người chơi 7 thêm Nhiên liệu vào khủng hoảng, ngửa lên. Bấm lần nữa để đảo thứ tự.", []),
    ("Olivia Brown được chữa 1 vết thương. Khi chơi: chữa 1 vết thương. Thẻ đánh dấu vòng chơi về 0.", []),
    ("Di Chuyển Thẻ Vòng Chơi; Chạy trốn; Tham gia chiến đấu; khi chơi nhanh. Các ván của trang này.", []),
    ("Người dẫn đầu mở nước bài; thủ lĩnh nhóm của bạn; lá phiếu của bạn; Nước bài mùa đông.", []),
    ("Brian Lee tung xúc xắc phơi nhiễm và tung ra mặt bị cắn trong một trận chiến.", []),
    ("Tinh thần giảm từ 6 xuống 4. Khi chơi (rồi bỏ vào đống rác): chữa 1 vết thương.", []),
    ("Những người chơi thêm thẻ vào khủng hoảng; đặt 1 thẻ tuyệt vọng lên Brian Lee.", []),
])
def test_the_lint_finds_each_planted_variant(text, found):
    hits = [h.split("'")[1] for h in _flagged(text, avoided("vi"), terms("vi")) + _slips(text)]
    assert all(any(word in hit or hit in word for hit in hits) for word in found), hits
    assert all(any(hit in word or word in hit for word in found) for hit in hits), hits


#: glossary entry id -> (the Portuguese rulebook, its line that prints the word, the word as printed there):
#: seed 001 the base game, 000 Warring Colonies, 003 Winter Tricks (the reader trial pt 2026-12-05-after,
#: findings 18-20)
SEED_PT = {
    "round-track": ("001", 110, "marcador da rodada"),
    "move-round-marker": ("001", 110, "atualizar o marcador da rodada"),
    "surplus-frostbite": ("003", 67, "frost bite"),
    "waste-pile": ("001", 103, "lixão"),
}


@pytest.mark.parametrize("entry", sorted(SEED_PT))
def test_the_cited_line_of_a_portuguese_rulebook_prints_the_word_and_the_glossary_avoids_the_others(entry):
    """The Portuguese term is the word the rulebook prints at the cited line, and the entry names the variants
    the project wrote before (held out of every Portuguese text by tests/test_terms.py)."""
    seeds = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()), None)
    if seeds is None:
        pytest.skip("the rulebooks are not beside the project")
    book, line, word = SEED_PT[entry]
    (path,) = seeds.glob(f"{book}_*.txt")
    assert word in path.read_text(encoding="utf-8").splitlines()[line - 1].casefold()
    glossary = next(e for e in GLOSSARY if e["id"] == entry)
    term = glossary["term"]["pt"].casefold()
    assert term == word or term.startswith(word + " ("), (entry, term, word)
    assert (glossary.get("avoid") or {}).get("pt"), entry
