"""The guarded night on two phones: the evening first, a double tap runs one night, and a
skipped evening is asked for by the player's name."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import GameEvent
from tests.browser.live_api import call
from tests.browser.test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement


def anna_and_bea(phones: tuple[Any, Any], base: str) -> tuple[Any, Any, dict]:
    anna, bea = phones
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    sit_at(bea, base, game["id"], game["join_code"],
           {"2": {"token": joined["token"], "name": "Bea", "hero": "Rogue"}})  # fmt: skip
    return anna, bea, game


def version_of(page: Any) -> int:
    return int(page.get_attribute("[data-testid=live]", "data-version"))


def nights_run(base: str, game: dict) -> int:
    return GameEvent.objects.filter(game_id=game["id"], type="night_began").count()


def test_the_evening_then_one_night_for_a_double_tap(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    base = live_server.url
    anna, bea, game = anna_and_bea(phones, base)
    # Anna ends her turn: 2 Hero Cards; the same button then leads to the night.
    anna.click("[data-tab=me]")
    anna.get_by_test_id("end-turn").click()
    go = anna.get_by_test_id("go-to-night")
    go.wait_for()
    assert anna.inner_text("[data-testid=turn-line]") == "Round 1 · Anna · night next"
    assert anna.get_by_test_id("end-turn").count() == 0
    shot(anna, "turn-01-go-to-the-night")
    # Bea's phone learns the evening is drawn, and shows the night as next.
    bea.click("[data-tab=night]")
    bea.get_by_text("Anna has drawn the evening's Hero Cards: the night follows.").wait_for(
        timeout=LIVE_MS
    )
    go.click()
    before = version_of(anna)
    anna.get_by_test_id("run-night").dblclick()
    anna.locator(".night-card[data-event=darkness_spreads_card]").first.wait_for()
    anna.get_by_text("Bea's turn: the evening's 2 Hero Cards are not drawn yet.").wait_for()
    assert version_of(anna) == before + 1  # one command, one night
    assert nights_run(base, game) == 1
    assert anna.get_by_test_id("skip-question").count() == 0
    assert anna.get_by_test_id("notice").count() == 0  # nothing refused either
    shot(anna, "turn-02-one-night-for-a-double-tap")
    assert anna.errors == [] and bea.errors == []


def test_a_skipped_evening_is_asked_for_by_the_players_name(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    base = live_server.url
    anna, bea, game = anna_and_bea(phones, base)
    bea.click("[data-tab=night]")
    bea.get_by_test_id("run-night").click()
    question = bea.get_by_test_id("skip-question")
    question.wait_for()
    assert question.inner_text() == "Anna has not drawn yet: skip the draw?"
    shot(bea, "turn-03-skip-the-evening-question")
    # "Not yet" changes nothing.
    bea.get_by_role("button", name="Not yet: Anna draws first").click()
    assert nights_run(base, game) == 0
    bea.get_by_test_id("run-night").click()
    bea.get_by_test_id("skip-evening").click()
    bea.locator(".night-card[data-event=darkness_spreads_card]").first.wait_for()
    assert nights_run(base, game) == 1
    # Anna's phone shows that her turn is over and Bea's has begun.
    anna.click("[data-tab=me]")
    anna.get_by_test_id("end-turn").wait_for(state="detached", timeout=LIVE_MS)
    anna.click("[data-tab=night]")
    anna.get_by_text("Bea's turn: the evening's 2 Hero Cards are not drawn yet.").wait_for(
        timeout=LIVE_MS
    )
    assert anna.errors == [] and bea.errors == []
