"""dow serve: serves the built site and rebuilds it when a card file is saved."""
import re
import shutil
import threading
import time
import urllib.request
from pathlib import Path

from dow.site.serve import serve

ROOT = Path(__file__).resolve().parents[2]


def test_saving_a_card_rebuilds_the_served_site(tmp_path):
    (tmp_path / "pyproject.toml").write_text("")
    shutil.copytree(ROOT / "content", tmp_path / "content")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    lines = []
    # port 0: the system picks a free port (a fixed one may be taken by another server on the machine)
    thread = threading.Thread(target=serve, args=(tmp_path, 0), kwargs={"once": True, "interval": 0.2,
                                                                      "say": lines.append})
    thread.start()
    deadline = time.time() + 300   # waiting for readiness, not a speed limit
    while not any("serving" in line for line in lines) and time.time() < deadline:
        time.sleep(0.2)
    base = re.search(r"serving (http://127\.0\.0\.1:\d+/)", "\n".join(lines)).group(1)
    url = base + "en/cards/crossroads/car-crash/"
    assert "Car Crash" in urllib.request.urlopen(url).read().decode()
    card = tmp_path / "content" / "base" / "crossroads" / "car-crash.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("en: Car Crash", "en: Car Smash"), encoding="utf-8")
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert any(line.startswith("rebuilt in") for line in lines[1:])
    site = tmp_path / "build" / "site" / "en"
    # a new name, a new address (site/addresses.py): the page moved, and its old addresses lead to it
    assert "Car Smash" in (site / "cards" / "crossroads" / "car-smash" / "index.html").read_text(encoding="utf-8")
    assert not (site / "cards" / "crossroads" / "car-crash").exists()
    assert 'url=../crossroads/car-smash/"' in (site / "cards" / "base.crossroads.car-crash" /
                                                        "index.html").read_text(encoding="utf-8")
