"""Card pages made from the theme's page rendered once (site/hooks.py, CardFrame): every card page of
the real site, in every language, is exactly what the theme's main.html renders for it, and the frame
was what made them (not main.html again, which the frame falls back to when it cannot be sure)."""
import pytest
from mkdocs.commands.build import _populate_page, get_context

from dow.compiler.cards import LANGS
from dow.site.hooks import card_folder, is_card_page
from dow.site.update import LanguagePages

from sitebuild import build_copy


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("frame")
    out, bundle = build_copy(root)
    return root, out, bundle


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_page_is_the_themes_own_rendering(built, lang):
    root, out, bundle = built
    pages = LanguagePages(root / "build" / "site-src" / lang / "mkdocs.yml", out / lang)
    frame, main = pages.env.globals["card_frame"], pages.env.get_template("main.html")
    folder = card_folder(pages.config)
    card_pages = [f.page for f in pages.files.documentation_pages() if is_card_page(f.src_uri, folder)]
    assert len(card_pages) == len(bundle["cards"]) > 100
    filled = 0
    for page in card_pages:
        _populate_page(page, pages.config, pages.files)
        assert page.meta["template"] == "dow-card-page.html"
        page.active = True
        context = get_context(pages.nav, pages.docs, pages.config, page)
        context = pages.config.plugins.on_page_context(context, page=page, config=pages.config, nav=pages.nav)
        key = frame.key(page, context)
        made_before = key in frame.frames
        ours = frame.render(dict(context))
        assert ours == main.render(context), page.file.src_uri
        page.active = False
        filled += made_before and frame.frames[key] is not None
    assert frame.frames and all(pieces is not None for pieces in frame.frames.values())
    assert filled == len(card_pages) - len(frame.frames)      # every page but each frame's first was filled in


def test_the_written_card_pages_went_through_the_frame(built):
    """The built pages are the frame's: a card page's file holds what main.html gives (the page above),
    trimmed by the hooks; here, that the language selector, title and article each landed once."""
    root, out, bundle = built
    from sitebuild import card_page
    card = bundle["cards"][0]
    for lang in LANGS:
        text = card_page(out, lang, card["id"], bundle["cards"]).read_text(encoding="utf-8")
        assert "\x02" not in text and "\x03" not in text
        assert text.count('class="md-select__link"') == len(LANGS)
        assert text.count("<title>") == 1 and text.count('<h1 id="card">') == 1
