"""One tablet for the whole table: it holds the four seats ("Players sharing this phone"),
follows the turn without a manual switch, and shows a hand only after "Show Ada's hand", hiding
it again when the turn passes. A game of four heroes runs three rounds on it.
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game, GameEvent
from tests.browser.live_api import call
from tests.browser.test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement
PLAYERS = [("Ada", "Wizard"), ("Bea", "Rogue"), ("Cid", "Paladin"), ("Dot", "Cleric")]


def four_heroes_on_one_tablet(tablet: Any, base: str) -> tuple[dict, dict]:
    ada, hero = PLAYERS[0]
    game = call(base, "games/", {"host": {"name": ada, "hero": hero}})
    seats = {"1": {"token": game["token"], "name": ada, "hero": hero}}
    for name, hero in PLAYERS[1:]:
        joined = call(
            base, "games/join/", {"join_code": game["join_code"], "name": name, "hero": hero}
        )
        seats[joined["seat_id"]] = {"token": joined["token"], "name": name, "hero": hero}
    sit_at(tablet, base, game["id"], game["join_code"], seats)
    return game, seats


def fight_the_worst(base: str, game: dict, token: str) -> int:
    """The hero's actions: the table fights the most crowded space and records it (the minions
    go back to the supply), as the players would between the nights."""
    state = call(base, f"games/{game['id']}/", token=token)
    board = state["state"]["board"]
    place = max(board, key=lambda key: sum((board[key].get("minions") or {}).values()))
    minions = {colour: n for colour, n in (board[place].get("minions") or {}).items() if n}
    if minions:
        body = {
            "type": "defeat_minions",
            "args": {"location": place, "minions": minions},
            "expected_version": state["version"],
        }
        return int(call(base, f"games/{game['id']}/actions/", body, token=token)["version"])
    return int(state["version"])


def open_tab(page: Any, tab: str) -> None:
    """Tap the tab, and once more if the screen stayed where it was: on a loaded machine one
    tap that landed as the night's last state redrew the tab bar stayed on the Night tab."""
    for _ in range(2):
        page.click(f"[data-tab={tab}]")
        try:
            page.wait_for_function(
                "tab => document.querySelector('#table-main')?.dataset.view === tab",
                arg=tab,
                timeout=5000,
            )
            return
        except Exception:
            continue
    raise AssertionError(f"the {tab} tab did not open")


def hero_cards_of(game_id: str, seat: str) -> list[str]:
    return list(Game.objects.get(pk=game_id).state["decks"]["hero"]["hands"][seat])


def test_a_tablet_of_four_heroes_follows_the_turn_for_three_rounds(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    base = live_server.url
    tablet, _ = phones
    tablet.set_viewport_size({"width": 800, "height": 1280})
    game, seats = four_heroes_on_one_tablet(tablet, base)
    tablet.click("[data-tab=me]")
    order = ["1", "2", "3", "4"]
    names = {str(i + 1): name for i, (name, _) in enumerate(PLAYERS)}
    for round_number in (1, 2, 3):
        for seat in order:
            name = names[seat]
            # The tablet acts as the active hero: no switch was touched.
            tablet.locator(".seat-tab .section-title", has_text=name).wait_for(timeout=LIVE_MS)
            tablet.get_by_test_id("end-turn").wait_for()
            assert tablet.get_attribute(".seat-switch .seg.on", "aria-selected") == "true"
            assert tablet.inner_text(".seat-switch .seg.on").startswith(name)
            # The hand stays hidden until its player asks.
            hand = hero_cards_of(game["id"], seat)
            assert tablet.get_by_test_id("hand-hidden").count() == 1
            assert tablet.locator("[data-hand=hero]").count() == 0
            tablet.get_by_test_id("show-hand").click()
            tablet.locator("[data-hand=hero]").wait_for()
            assert tablet.locator("[data-hand=hero] .hand-card").count() == len(hand)
            if round_number == 1 and seat == "1":
                shot(tablet, "one-tablet-ada-hand")
            fought = fight_the_worst(base, game, seats[seat]["token"])
            tablet.wait_for_function(
                "v => Number(document.querySelector('[data-testid=live]')?.dataset.version) >= v",
                arg=fought,
            )
            tablet.get_by_test_id("end-turn").click()
            tablet.get_by_test_id("go-to-night").click()
            tablet.get_by_test_id("run-night").click()
            # The night ran: the next hero's turn shows (the Night tab names it).
            following = names[order[(order.index(seat) + 1) % 4]]
            tablet.get_by_test_id("turn-line").filter(has_text=following).wait_for()
            open_tab(tablet, "me")
    state = Game.objects.get(pk=game["id"]).state
    assert state["turn"]["number"] == 4 and state["turn"]["active_seat"] == "1"
    assert GameEvent.objects.filter(game_id=game["id"], type="turn_passed").count() == 12
    assert state.get("outcome") is None
    # The log names who acted: each night by the player whose turn it ended.
    nights = GameEvent.objects.filter(game_id=game["id"], type="night_began").order_by("seq")
    assert [e.actor for e in nights] == order * 3


def test_a_mixed_table_a_tablet_of_two_seats_and_a_phone(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    """Ada and Bea share the tablet, Cid has his own phone: the tablet follows Ada's and Bea's
    turns, stays on Bea through Cid's, and the log names who acted."""
    base = live_server.url
    tablet, cid_phone = phones
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}})
    bea = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    cid = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Cid", "hero": "Paladin"}
    )
    sit_at(tablet, base, game["id"], game["join_code"], {
        "1": {"token": game["token"], "name": "Ada", "hero": "Wizard"},
        "2": {"token": bea["token"], "name": "Bea", "hero": "Rogue"},
    })  # fmt: skip
    sit_at(cid_phone, base, game["id"], game["join_code"],
           {"3": {"token": cid["token"], "name": "Cid", "hero": "Paladin"}})  # fmt: skip
    tablet.click("[data-tab=me]")
    for name, following in (("Ada", "Bea"), ("Bea", "Cid")):
        tablet.locator(".seat-tab .section-title", has_text=name).wait_for()
        tablet.get_by_test_id("end-turn").click()
        tablet.get_by_test_id("go-to-night").click()
        tablet.get_by_test_id("run-night").click()
        tablet.get_by_test_id("turn-line").filter(has_text=following).wait_for()
        tablet.click("[data-tab=me]")
    # Cid's turn, on his own phone: the tablet stays Bea's.
    tablet.locator(".seat-tab .section-title", has_text="Bea").wait_for()
    assert tablet.get_by_test_id("end-turn").count() == 0
    cid_phone.click("[data-tab=me]")
    cid_phone.get_by_test_id("end-turn").click()
    cid_phone.get_by_test_id("go-to-night").click()
    cid_phone.get_by_test_id("run-night").click()
    # Round 2: the tablet is Ada's again, without a switch.
    tablet.get_by_test_id("turn-line").filter(has_text="Ada").wait_for()
    tablet.locator(".seat-tab .section-title", has_text="Ada").wait_for()
    tablet.get_by_test_id("end-turn").wait_for()
    nights = GameEvent.objects.filter(game_id=game["id"], type="night_began").order_by("seq")
    assert [event.actor for event in nights] == ["1", "2", "3"]
    tablet.click("[data-tab=log]")
    tablet.locator("main").filter(has_text="Night after Cid's turn").wait_for()
    tablet.locator("main").filter(has_text="Night after Bea's turn").wait_for()
