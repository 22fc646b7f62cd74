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
