"""The Winter Tricks cards on the website: pages come from the bundle, example cards say so."""
from __future__ import annotations

from pathlib import Path

import pytest

from dow.site.build import SiteData, _env, site_words, write_pages

ROOT = Path(__file__).resolve().parents[2]
MARK = {"pt": "Conteúdo de exemplo, não o jogo publicado", "en": "Example content, not the published game",
        "vi": "Nội dung ví dụ, không phải trò chơi đã phát hành"}


@pytest.mark.parametrize("lang", ["pt", "en", "vi"])
def test_card_pages_of_the_set_and_the_example_marker(bundle, tmp_path, lang):
    docs = tmp_path / "docs"
    data = SiteData(bundle, ROOT)
    write_pages(_env(), data, lang, docs, ROOT, tmp_path / "out")
    page = lambda card_id: docs / data.addresses.source(card_id, lang)     # its readable address
    ours = [c["id"] for c in bundle["cards"] if c["set"] == "winter-tricks"]
    assert ours and all(page(i).is_file() for i in ours), [i for i in ours if not page(i).is_file()]
    event = page("winter-tricks.winter-event.example-whiteout").read_text(encoding="utf-8")
    # card pages are written as HTML (site/templates/card.html.j2): the marker is a warning admonition
    assert f'<div class="admonition warning">\n<p class="admonition-title">{MARK[lang]}</p>' in event
    harpoon = page("winter-tricks.equipment.harpoon").read_text(encoding="utf-8")
    # a published card, not an example; what the rulebook does not give (its price, its copies) is marked
    # unknown, and the reader's row says the site's games play it (the engine's status is a developer's)
    assert MARK[lang] not in harpoon and 'class="dow-in-games"' in harpoon
    assert f"<dd>{site_words(lang)['status_columns']['unknown']}</dd>" in harpoon
    assert "winter-tricks/#wt-equipment" in harpoon
    transcription = (docs / "transcription.md").read_text(encoding="utf-8")
    (row,) = [line for line in transcription.splitlines() if f"| {site_words(lang)['kinds']['winter-event']} |" in line]
    cells = [c.strip() for c in row.split("|")[1:-1]]
    # official count unknown; none known; the 4 example events still need the real ones (site/status.py)
    assert cells[2:5] == [site_words(lang)["status_columns"]["unknown"], "0", "4"]
