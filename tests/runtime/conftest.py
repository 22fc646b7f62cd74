import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from dow.compiler.project import bundle_of, compile_paths  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def bundle():
    """The real content, compiled."""
    build = compile_paths([ROOT / "content"], ROOT)
    assert build.ok
    return bundle_of(build.cards)
