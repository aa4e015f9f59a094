"""The history as pictures on a phone: a group with several finished games shows its charts
(per General, scenario, hero and player, and fame over time), their figures one tap away, and
a finished game exported to BG Stats."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from .live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def act(base: str, game: dict[str, Any], token: str, type: str, args: dict[str, Any]) -> None:
    version = call(base, f"games/{game['id']}/", token=token)["version"]
    call(
        base,
        f"games/{game['id']}/actions/",
        {"type": type, "args": args, "expected_version": version},
        token=token,
    )


def finished_games(base: str) -> tuple[dict[str, Any], int]:
    """Ada's account, her group (Ada and Bea) and three finished games: won, lost, won."""
    account = call(base, "accounts/", {"username": "ada", "password": "a long secret"})
    token = account["token"]
    group = call(base, "groups/", {"name": "Friday table"}, token=token)["id"]
    ada = call(base, "players/", {"group": group, "name": "Ada", "account": "ada"}, token=token)
    bea = call(base, "players/", {"group": group, "name": "Bea"}, token=token)
    for result, hero, fame in (("won", "wizard", 3), ("lost", "wizard", 1), ("won", "ranger", 2)):
        game = call(
            base, "games/", {"host": {"name": "Ada", "hero": hero}, "player": ada["id"]}, token
        )
        call(
            base,
            "games/join/",
            {"join_code": game["join_code"], "name": "Bea", "hero": "rogue", "player": bea["id"]},
            token=token,
        )
        act(base, game, game["token"], "record_fame", {"action": "wound_general", "count": fame})
        act(base, game, game["token"], "end_game", {"result": result, "reason": "So it went."})
    return account, group


def test_the_history_charts_of_a_group_with_several_games(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    account, group = finished_games(base)
    page.goto(base + "/")
    page.evaluate(
        "value => localStorage.setItem('dotr.account', value)",
        json.dumps({"token": account["token"], "username": account["username"]}),
    )
    page.goto(f"{base}/awards?group={group}")
    charts = page.get_by_test_id("charts")
    charts.wait_for()
    assert "3 finished games: 2 won, 1 lost." in charts.inner_text()

    heroes = page.get_by_test_id("chart-heroes")
    assert heroes.locator(".bar-won").count() == 3  # Wizard, Rogue and Ranger won at least once
    assert heroes.locator(".bar-lost").count() == 2  # Wizard and Rogue lost once
    players = page.get_by_test_id("chart-players")
    assert "Ada" in players.locator("svg.chart").inner_html()
    assert players.locator(".chart-value").all_text_contents() == ["2 won, 1 lost"] * 2
    fame = page.get_by_test_id("chart-fame")
    assert fame.locator("polyline.fame-line").count() == 2
    charts.scroll_into_view_if_needed()
    shot(page, "80-history-charts")

    # The figures one tap away.
    fame.locator("summary").click()
    rows = fame.locator("table.figures tbody tr").all_inner_texts()
    assert len(rows) == 3 and rows[0].startswith("Game 1")
    heroes.locator("summary").click()
    assert "Wizard\t1\t1" in heroes.locator("table.figures").inner_text()
    shot(page, "81-history-chart-figures")

    # A finished game to BG Stats.
    page.get_by_test_id("bgstats-export").first.click()
    link = page.get_by_test_id("bgstats-open").first
    link.wait_for()
    url = urlsplit(link.get_attribute("href") or "")
    assert url.netloc == "app.bgstatsapp.com" and url.path == "/createPlay.html"
    play = json.loads(parse_qs(url.query)["data"][0])
    assert play["game"]["name"] == "Defenders of the Realm"
    assert {p["name"] for p in play["players"]} == {"Ada", "Bea"}
    assert page.errors == []  # type: ignore[attr-defined]
