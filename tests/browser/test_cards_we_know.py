"""Cards we know, on two phones of a group's table.

Alice is signed in and sits as her group's player, so what the table enters is the group's; she
seats Bea, a friend without an account, so Bea's phone writes the group's cards too. Phone 1
imports a friend's file (the result stays until dismissed) and sees the entries by card name;
both phones open the list; phone 1 corrects Brimstone's life, phone 2 (its screen now stale)
tries another value and is shown the conflict; a second file that disagrees is reported, and the
player takes the file's value for it; the export holds what the list shows.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from deck_tracker.awards import services as awards
from deck_tracker.content.selectors import owner_of
from deck_tracker.content.services import correct_entry
from deck_tracker.models import Game
from tests.browser.live_api import call
from tests.helpers import ENTERED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 4000


def entries_file(values: dict[str, Any], cards: dict[str, Any] | None = None) -> bytes:
    return json.dumps(
        {
            "format": "dotr-companion-entries",
            "format_version": 1,
            "owner": "Friends",
            "packs": {"dotr-dragon": {"values": values, "cards": cards or {}}},
        }
    ).encode()


def seat(page: Any, base: str, game: dict[str, Any], number: str, token: str, name: str) -> None:
    page.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": number,
            "seats": {number: {"token": token, "name": name, "hero": None}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))


def entry(page: Any, item: str, field: str) -> Any:
    return page.locator(f"[data-testid=known-entry][data-item='{item}'][data-field='{field}']")


def import_file(page: Any, content: bytes) -> None:
    page.set_input_files(
        "input[name=entries-file]",
        files=[{"name": "friends.json", "mimeType": "application/json", "buffer": content}],
    )
    page.get_by_test_id("import").click()


def test_a_group_reviews_corrects_imports_and_exports_the_cards_it_knows(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    first, second = phones
    base = live_server.url
    alice = get_user_model().objects.create_user(username="alice", password="a-long-password")
    account = awards.account_token_create(user=alice)
    group = call(base, "groups/", {"name": "Thursday table"}, token=account)
    player = call(
        base, "players/", {"group": group["id"], "name": "Ada", "account": "alice"}, token=account
    )
    game = call(
        base, "games/", {"host": {"name": "Ada", "hero": "wizard"}, "player": player["id"]}, account
    )
    bea = call(base, "players/", {"group": group["id"], "name": "Bea"}, token=account)
    joined = call(
        base,
        "games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "rogue", "player": bea["id"]},
        token=account,
    )

    # Phone 1 opens the list from the table: nothing yet.
    seat(first, base, game, "1", game["token"], "Ada")
    first.goto(f"{base}/game/{game['id']}")
    first.get_by_test_id("known-link").click()
    first.get_by_role("heading", name="Cards we know").wait_for()
    first.get_by_test_id("known-empty").wait_for()
    assert "Thursday table" in first.inner_text("[data-testid=known-owner]")

    # A friend's file: the result stays on screen until dismissed.
    import_file(first, entries_file(ENTERED["values"], ENTERED["cards"]))
    result = first.get_by_test_id("import-result")
    result.wait_for()
    # Every value and every card of the file is new to the group (the 12 new Quests included).
    taken = len(ENTERED["values"]) + sum(len(cards) for cards in ENTERED["cards"].values())
    assert f"{taken} entries taken from the file" in result.inner_text()
    life = entry(first, "Brimstone", "life")
    assert life.get_by_test_id("known-value").inner_text() == "6"
    sterling = entry(first, "Sterling, Guardian Dragon (1)", "location")
    assert sterling.get_by_test_id("known-value").inner_text() == "Wolf Pass"
    entry(first, "Wolf Pass", "card").wait_for()
    text = first.inner_text("[data-testid=known]")
    for id_like in ("generals/", "dx-", "wolf-pass", "dotr-dragon", "values.", "{"):
        assert id_like not in text  # card names and player words, never ids or JSON

    # Phone 2 opens the same list (6), then phone 1 corrects Brimstone's life to 7.
    seat(second, base, game, joined["seat_id"], joined["token"], "Bea")
    second.goto(f"{base}/game/{game['id']}/known")
    stale = entry(second, "Brimstone", "life")
    assert stale.get_by_test_id("known-value").inner_text() == "6"
    life.get_by_test_id("correct").click()
    life.locator("input[name=value]").fill("7")
    life.get_by_test_id("save-entry").click()
    life.get_by_test_id("known-value").get_by_text("7").wait_for()
    assert result.is_visible()  # still there: only the player dismisses it
    shot(first, "cards-we-know")

    # Phone 2's screen still says 6: its correction to 8 meets phone 1's 7.
    stale.get_by_test_id("correct").click()
    stale.locator("input[name=value]").fill("8")
    stale.get_by_test_id("save-entry").click()
    conflict = stale.get_by_test_id("entry-conflict")
    conflict.wait_for()
    assert "It is now 7; you entered 8." in conflict.inner_text()
    shot(second, "cards-we-know-conflict")
    stale.get_by_test_id("keep-theirs").click()
    stale.get_by_test_id("known-value").get_by_text("7").wait_for()
    conflict.wait_for(state="detached")

    # A second file says 9: reported as a conflict, nothing replaced until the player chooses.
    first.get_by_test_id("dismiss-result").click()
    result.wait_for(state="detached")
    import_file(first, entries_file({"generals/brimstone/life": 9}))
    reported = first.get_by_test_id("import-conflict")
    reported.wait_for()
    assert "Brimstone: life: yours 7, the file's 9" in reported.inner_text()
    assert "Nothing new in the file." in first.inner_text("[data-testid=import-result]")
    assert life.get_by_test_id("known-value").inner_text() == "7"
    reported.get_by_test_id("take-theirs").check()
    first.get_by_test_id("apply-choices").click()
    first.get_by_test_id("import-result").get_by_text("now 9 (was 7)").wait_for()
    life.get_by_test_id("known-value").get_by_text("9").wait_for()

    # A card read out wrongly is forgotten with a second tap.
    wolf_pass = entry(first, "Wolf Pass", "card")
    wolf_pass.get_by_test_id("correct").click()
    assert wolf_pass.get_by_test_id("correct").inner_text() == "Sure?"
    wolf_pass.get_by_test_id("correct").click()
    wolf_pass.wait_for(state="detached")

    # The export is one file with what the list shows.
    with first.expect_download() as download:
        first.get_by_test_id("export").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["owner"] == "Thursday table"
    assert exported["packs"]["dotr-dragon"]["values"]["generals/brimstone/life"] == 9
    cards = exported["packs"]["dotr-dragon"]["cards"]["darkness_spreads"]
    assert [card["name"] for card in cards] == ["Mermaid Harbor", "Crystal Hills"]
    assert first.errors == [] and second.errors == []


def test_a_german_phone_reads_a_conflict_with_an_entry_forgotten_meanwhile_in_german(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """The conflict's values are words of the phone's language: an entry another phone forgot
    meanwhile reads "nichts mehr", never the English "not entered"."""
    phone, _ = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "wizard"}})
    owner = owner_of(Game.objects.get(pk=game["id"]))
    path = "values.generals/brimstone/life"
    correct_entry(owner=owner, pack_id="dotr-dragon", path=path, value=6, expected_version=0)
    seat(phone, base, game, "1", game["token"], "Ada")
    phone.evaluate("localStorage.setItem('dotr-lang', 'de')")
    phone.goto(f"{base}/game/{game['id']}/known")
    row = phone.get_by_test_id("known-entry").filter(has_text="Brimstone")
    assert row.get_by_test_id("known-value").inner_text() == "6"

    # Another phone forgets it; this phone, its screen drawn before, corrects it to 8.
    correct_entry(owner=owner, pack_id="dotr-dragon", path=path, value=None, expected_version=1)
    row.get_by_test_id("correct").click()
    row.locator("input[name=value]").fill("8")
    row.get_by_test_id("save-entry").click()
    conflict = phone.get_by_test_id("entry-conflict")
    conflict.wait_for()
    assert "Jetzt steht dort nichts mehr; du hast 8 eingetragen." in conflict.inner_text()
    assert "not entered" not in conflict.inner_text()
    shot(phone, "cards-we-know-conflict-de")
    conflict.get_by_test_id("keep-mine").click()
    phone.locator(".toast").filter(has_text="gespeichert").wait_for()
    assert not phone.errors  # type: ignore[attr-defined]
