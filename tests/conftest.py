"""Shared test helpers: the project root and small compile helpers."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@pytest.fixture
def root() -> Path:
    """The project folder."""
    return ROOT


def card_yaml(effect: str, kind: str = "survivor", extra: str = "", implementation: str = "full") -> str:
    """A minimal survivor card whose one ability has the given effect text (a card with a manual
    step is not 'implementation: full': pass implementation='partial')."""
    body = textwrap.indent(textwrap.dedent(effect).strip("\n"), "      ")
    return f"""id: base.survivor.test-card
kind: survivor
set: base
name: Test Card
status: {{implementation: {implementation}, data: known}}
occupation: {{pt: Teste, en: Test, vi: Thử}}
abilities:
  - where: anywhere
    text: {{pt: t, en: t, vi: t}}
    effect: |
{body}
{extra}"""


def git(root: Path, *args: str) -> None:
    """git in a test's project folder, with an author of its own."""
    import subprocess
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                   check=True, capture_output=True)


def copy_catalogues(dest: Path) -> Path:
    """The toolchain's word catalogues, each beside its layer (i18n/catalogues.py FOLDERS), and their
    translation hashes (i18n/sync.yaml) copied into ``dest`` at the same paths; returns ``dest``."""
    import shutil
    from dow.i18n.catalogues import FOLDERS, SYNC
    for folder in FOLDERS.values():
        shutil.copytree(ROOT / folder, dest / folder)
    (dest / SYNC).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / SYNC, dest / SYNC)
    return dest


def git_project(tmp_path: Path) -> Path:
    """A project folder with the content and the catalogues, in git (the previous English comes from history)."""
    import shutil
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    shutil.copytree(CONTENT, root / "content")
    copy_catalogues(root)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    return root


def msgfmt_check(po: str, tmp_path: Path):
    """msgfmt -c over a PO text (gettext's own checks: header, formats, line ends)."""
    import shutil
    import subprocess
    path = tmp_path / "check.po"
    path.write_text(po, encoding="utf-8")
    assert shutil.which("msgfmt"), "msgfmt is missing: apt-get install -y gettext"
    return subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True)


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", default=False,
                     help="rewrite golden expectations from the current output")


@pytest.fixture
def update_goldens(request) -> bool:
    """Whether golden files should be rewritten instead of compared."""
    return request.config.getoption("--update-goldens")


@pytest.fixture(scope="session")
def bundle():
    """The real content, compiled (for runtime tests)."""
    from dow.compiler.project import bundle_of, compile_paths
    build = compile_paths([CONTENT], ROOT)
    assert build.ok
    return bundle_of(build.cards, build.rulesets)


@pytest.fixture(scope="session")
def told(bundle):
    """(card, scenario number, example) for every scenario of every card, per language: told once for every
    test file that reads the site's worked examples."""
    from dow.site.examples import example_names, worked_examples
    out = {}
    for lang in ("pt", "en", "vi"):
        names = example_names(bundle["cards"], lang)
        out[lang] = [(card, n, example) for card in bundle["cards"] if card.get("tests")
                     for n, example in enumerate(worked_examples(card, names, lang, bundle), 1)]
    return out
