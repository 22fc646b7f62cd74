"""The card statistics the site shows are current: stats/base.json was played by `dow stats` with this content
and these bots. Every site build shows them, so a change to the cards, the rules, the stand-ins or the bots
without `dow stats` run again fails here, before a page shows a "these figures are out of date" notice
(issue 32: statistics current at every landing)."""
from __future__ import annotations

from pathlib import Path

from dow.site.cardstats import RESULTS, read, staleness

ROOT = Path(__file__).resolve().parents[2]


def test_the_card_statistics_were_played_with_this_content_and_these_bots(bundle):
    data = read(ROOT / RESULTS)
    assert data is not None, f"{RESULTS} is missing: run `dow stats`"
    assert staleness(data, bundle) == [], (
        f"{RESULTS} is stale ({', '.join(staleness(data, bundle))} changed since it was played): run `dow stats` "
        f"(bundle {data['key'].get('bundle_hash', '')[:19]} recorded, {bundle.get('content_hash', '')[:19]} now)")
