"""The Grand Ball on two phones (Dragon expansion, "The King's Champion Rewards").

'The Hero with the second highest points now has their choice of remaining cards': the choice is
that hero's player's, so it is made (or confirmed) on that player's phone; and the ranking counts
only fame the table confirmed, so the ball warns while some proposed fame is still open.
"""

from __future__ import annotations

from typing import Any

import pytest

from .live_api import call
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def act(base: str, game_id: str, token: str, kind: str, args: dict[str, Any]) -> Any:
    version = call(base, f"games/{game_id}/", token=token)["version"]
    return call(
        base,
        f"games/{game_id}/actions/",
        {"type": kind, "args": args, "expected_version": version},
        token=token,
    )


def test_the_ball_warns_of_open_fame_and_the_chooser_confirms_a_proposed_card(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bea = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}})
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    ada_token, bea_token = game["token"], joined["token"]
    # Ada wounds Gorgutt three times (recorded); Bea wounds him once, which the app only
    # proposes; then the Realm is saved.
    act(base, game["id"], ada_token, "record_fame", {"action": "wound_general", "count": 3})
    act(base, game["id"], bea_token, "wound_general", {"general": "gorgutt", "wounds": 1})
    act(base, game["id"], ada_token, "end_game", {"result": "won", "reason": "The Realm is saved"})
    sit_at(ada, base, game["id"], game["join_code"], {"1": {"token": ada_token, "name": "Ada"}})
    sit_at(
        bea,
        base,
        game["id"],
        game["join_code"],
        {joined["seat_id"]: {"token": bea_token, "name": "Bea"}},
    )

    # Record fame on Bea's phone is for Bea's own hero, and shows only the deed's fields.
    bea.click("[data-tab=fame]")
    bea.get_by_test_id("record-fame").click()
    sheet = bea.locator("dialog.sheet")
    assert sheet.locator("select[name=seat]").input_value() == joined["seat_id"]
    sheet.locator("select[name=action]").select_option("build_gate")
    assert not sheet.locator("input[name=values]").is_visible()
    assert not sheet.get_by_text("Wounds inflicted").is_visible()
    sheet.locator("select[name=action]").select_option("complete_quest")
    assert sheet.locator("input[name=values]").is_visible()
    sheet.locator("select[name=action]").select_option("wound_general")
    assert sheet.get_by_text("Wounds inflicted").is_visible()
    sheet.press("Escape")

    # The ball warns: Bea's wound is still a proposal.
    ada.click("[data-tab=fame]")
    warning = ada.get_by_test_id("ball-unconfirmed")
    warning.wait_for()
    assert "1 deed still awaits confirmation" in warning.inner_text()
    assert ada.get_by_test_id("begin-ball").inner_text().startswith("Begin without them")
    shot(ada, "57-grand-ball-unconfirmed-fame")
    # The table settles it first: confirmed, Bea's fame counts and the warning goes.
    ada.get_by_test_id("confirm-fame").click()
    warning.wait_for(state="detached")
    ada.get_by_test_id("begin-ball").click()

    # Ada has more fame: she is the King's Champion and Bea chooses. Ada taps a card for her:
    # it is only proposed, and Bea's phone asks her to take it.
    ada.get_by_test_id("chooser").wait_for()
    assert ada.inner_text("[data-testid=chooser]") == "Bea (Rogue) chooses"
    proposed = ada.get_by_test_id("reward-choice").first
    card = proposed.get_attribute("data-card")
    proposed.click()
    ada.get_by_test_id("reward-proposal").wait_for()
    assert ada.get_by_test_id("award").count() == 1  # the King's Champion only
    bea.get_by_test_id("confirm-reward").wait_for()
    shot(bea, "58-grand-ball-proposed-reward")
    assert bea.inner_text("[data-testid=chooser]") == "Bea (Rogue), choose a reward card"
    bea.get_by_test_id("confirm-reward").click()
    for page in (ada, bea):
        page.get_by_role("heading", name="The Grand Ball is over").wait_for()
    state = call(base, f"games/{game['id']}/", token=ada_token)["state"]
    awarded = {a["seat"]: a["card"] for a in state["grand_ball"]["awards"]}
    assert awarded == {"1": "kings-champion", joined["seat_id"]: card}
    assert ada.errors == [] and bea.errors == []
