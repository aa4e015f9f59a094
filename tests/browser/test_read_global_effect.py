"""A Global Effect the app does not know, read at the table: Ada's phone runs the night, the
Global Effect comes up, Bea's phone shows "Read the card you drew" with its title and its two
effects, the parts the card does not show left empty, and both phones see the night finish."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game
from tests.browser.live_api import LIVE_SECONDS, a_night_draws_an_unread_card, call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_global_effect_is_read_with_only_what_the_card_shows(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bea = phones
    base = live_server.url
    setup = {"host": {"name": "Ada", "hero": "wizard"}, "expansions": ["dragon"]}
    game, unread = a_night_draws_an_unread_card(
        ada,
        bea,
        base,
        setup,
        lambda card: card.kind == "good" and card.data.get("title") is None,
    )
    sheet = bea.locator("dialog[data-testid=read-card]")
    text = sheet.inner_text()
    assert "The Good Global Effect drawn" in text
    assert "Immediate Effect" in text and "Ongoing Effect" in text
    sheet.locator("input[name=title]").fill("Fair Winds")
    sheet.locator("textarea[name=ongoing]").fill("Heroes move 1 extra space by horse (made up).")
    shot(bea, "73-read-a-global-effect")
    sheet.get_by_test_id("read-card-submit").click()

    for page in (ada, bea):
        page.locator(".night-card[data-event=turn_passed]").wait_for(timeout=LIVE_SECONDS * 1000)
        page.locator("dialog[data-testid=read-card]").wait_for(state="detached")
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["reading"] == []
    row = Game.objects.get(pk=game["id"])
    assert game_cards(row.state)[unread].data["title"] == "Fair Winds"
    assert game_cards(row.state)[unread].data["immediate"] is None
    assert ada.errors == [] and bea.errors == []  # type: ignore[attr-defined]
