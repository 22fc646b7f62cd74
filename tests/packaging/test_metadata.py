"""What a package index shows of the two distributions, read from the wheels as built (their METADATA):
the fields a user checks before trusting a package (license, Python versions, authors, classifiers with
Typing :: Typed, keywords), the long description with no link an index cannot follow, and the runtime
wheel's guides, whose links stay inside the package (the embedding trial's finding 11)."""
from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import build_runtime  # noqa: E402  (packaging/ is no package: its script is imported by path)

#: every kind of link a Markdown long description can hold: [text](target), ![alt](target), <a href>, <img src>
LINKS = re.compile(r"\]\(\s*<?([^)\s>]+)|(?:href|src)\s*=\s*[\"']([^\"']+)[\"']")


@pytest.fixture(scope="module")
def wheels(tmp_path_factory) -> dict[str, Path]:
    """Both wheels, built as they are published: the toolchain's from its sdist, the runtime's by its script."""
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    build_runtime.build(out)
    return {"toolchain": next(out.glob("dow_toolchain-*.whl")), "runtime": next(out.glob("dow_runtime-*.whl"))}


def metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(z.read(name).decode("utf-8"))


@pytest.mark.parametrize("dist", ["toolchain", "runtime"])
def test_the_metadata_says_what_a_user_checks(wheels, dist):
    meta = metadata(wheels[dist])
    assert meta["Name"] == f"dow-{dist}" and meta["Summary"]
    assert meta["License-Expression"] == "MIT" and "LICENSE" in meta.get_all("License-File")
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["Author"] == "the dow contributors" and meta["Maintainer"] == "the dow maintainers"
    assert {"dead of winter", "board game", "rules engine"} <= {k.strip() for k in meta["Keywords"].split(",")}
    classifiers = set(meta.get_all("Classifier"))
    assert {"Typing :: Typed", "Programming Language :: Python :: 3 :: Only", "Operating System :: OS Independent",
            "Topic :: Games/Entertainment :: Board Games", "Development Status :: 3 - Alpha"} <= classifiers
    # the Python versions named are those from Requires-Python on, the lowest one included
    versions = sorted(c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: "
                                                                                  r"Python :: 3\.\d+", c))
    assert versions and versions[0] == "3.11"
    # PEP 639: the license is the expression; a license classifier beside it is refused by today's tools
    assert not [c for c in classifiers if c.startswith("License ::")]
    assert meta["Description-Content-Type"] == "text/markdown"
    for url in meta.get_all("Project-URL") or []:
        label, _, address = url.partition(", ")
        assert address.startswith("https://") and ".invalid" not in address, url


def test_both_distributions_agree_on_what_they_share(wheels):
    toolchain, runtime = metadata(wheels["toolchain"]), metadata(wheels["runtime"])
    for field in ("Version", "Author", "Maintainer", "Requires-Python", "License-Expression"):
        assert toolchain[field] == runtime[field], field
    python = {c for c in toolchain.get_all("Classifier") if c.startswith(("Programming Language", "Typing"))}
    assert python == {c for c in runtime.get_all("Classifier") if c.startswith(("Programming Language", "Typing"))}
    assert "Requires-Dist" not in runtime and toolchain.get_all("Requires-Dist")


@pytest.mark.parametrize("dist", ["toolchain", "runtime"])
def test_the_long_description_links_only_to_absolute_addresses(wheels, dist):
    text = metadata(wheels[dist]).get_payload()
    assert text.startswith(f"# dow-{dist}"), text[:80]
    targets = [a or b for a, b in LINKS.findall(text)]
    relative = [t for t in targets if not t.startswith(("https://", "http://", "mailto:"))]
    assert not relative, f"links an index cannot follow in dow-{dist}'s description: {relative}"


def test_the_link_check_catches_a_relative_link():
    """The check above can fail: the repository's own README (relative links into docs/) would."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [a or b for a, b in LINKS.findall(readme) if not (a or b).startswith("https://")]


def test_the_runtime_wheel_carries_the_guides_and_their_links_stay_inside_it(wheels):
    with zipfile.ZipFile(wheels["runtime"]) as z:
        names = set(z.namelist())
        guides = {n: z.read(n).decode("utf-8") for n in names if n.startswith("dow/runtime/guides/")}
    assert set(guides) == {f"dow/runtime/guides/{g}.md" for g in build_runtime.GUIDES}
    assert "embedding.md" in {n.rsplit("/", 1)[1] for n in guides} and "agent-protocol.md" in str(guides.keys())
    for name, text in guides.items():
        for target in (a or b for a, b in LINKS.findall(text)):
            path = target.split("#")[0]
            if target.startswith(("https://", "http://", "#")):
                continue
            assert f"dow/runtime/guides/{path}" in names, f"{name} links to {target}, which the wheel does not have"
    # a page the package does not carry is named by its place in the project instead of linked
    assert "(the project's `docs/scenarios.md`, not in this package)" in guides["dow/runtime/guides/bundle.md"]
    # the README says where the guides are; the command it gives names the folder they are in
    readme = metadata(wheels["runtime"]).get_payload()
    assert "os.path.join(dow.runtime.__path__[0], 'guides')" in readme
