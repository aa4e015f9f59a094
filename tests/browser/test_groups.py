"""Groups on the phone: invite by username (the invitee accepts), rename and delete groups and
players, two groups of one name told apart, a player's statistics, and an import whose result
stays on screen until dismissed."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import settle
from .test_awards import sign_up
from .test_phone_shell import small_targets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def group_tabs(page: Any) -> list[str]:
    return [text.strip() for text in page.get_by_test_id("group-tab").all_inner_texts()]


def test_a_group_managed_from_two_phones(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bob = phones
    base = live_server.url
    sign_up(ada, base, "ada")
    ada.fill("input[name=group-name]", "Friday table")
    ada.get_by_role("button", name="Create", exact=True).click()
    ada.get_by_test_id("players").wait_for()
    for name in ("Ada", "Bea"):
        ada.fill("input[name=player-name]", name)
        ada.get_by_role("button", name="Add", exact=True).click()
        ada.locator("[data-testid=player-row]", has_text=name).wait_for()

    # Ada invites Bob by his username; Bob accepts on his phone.
    sign_up(bob, base, "bob")
    ada.fill("input[name=invite-username]", "bob")
    ada.get_by_role("button", name="Invite", exact=True).click()
    ada.get_by_test_id("invited").wait_for()
    assert "bob" in ada.inner_text("[data-testid=invited]")
    bob.reload()
    invitation = bob.get_by_test_id("invitation")
    invitation.wait_for()
    assert "Friday table" in invitation.inner_text() and "ada" in invitation.inner_text()
    invitation.get_by_role("button", name="Accept").click()
    bob.get_by_test_id("players").wait_for()
    # A member reads the players but does not get a form the server would refuse.
    assert bob.locator("input[name=player-name]").count() == 0
    assert "ada adds and renames this group's players" in bob.inner_text("[data-testid=players]")
    assert bob.get_by_test_id("rename-group").count() == 0

    # Bob makes a group of the same name: both are told apart by their owner (once his screen,
    # redrawn for the group he joined, is still: a tap on a form being replaced is lost).
    settle(bob)
    bob.fill("input[name=group-name]", "Friday table")
    bob.get_by_role("button", name="Create", exact=True).click()
    bob.wait_for_function("() => document.querySelectorAll('[data-testid=group-tab]').length === 2")
    assert sorted(group_tabs(bob)) == ["Friday table · ada", "Friday table · bob"]
    shot(bob, "59-groups-told-apart")

    # Ada renames her group; Bob sees the new name.
    ada.get_by_test_id("rename-group").click()
    dialog = ada.locator("dialog.sheet")
    dialog.locator("input[name=new-name]").fill("Friday night")
    dialog.get_by_role("button", name="Save").click()
    dialog.wait_for(state="detached")
    assert group_tabs(ada) == ["Friday night"]
    bob.reload()
    bob.get_by_test_id("group-tab").first.wait_for()
    assert sorted(group_tabs(bob)) == ["Friday night · ada", "Friday table"]

    # A player's statistics; Ada renames Bea, then deletes her.
    ada.locator("[data-testid=player-row]", has_text="Bea").get_by_test_id("player-open").click()
    stats = ada.get_by_test_id("player-stats")
    stats.wait_for()
    assert "0 games · 0 won · 0 lost" in stats.inner_text()
    assert "no finished game in this group yet" in stats.inner_text()
    shot(ada, "60-player-statistics")
    assert small_targets(ada) == []
    ada.get_by_test_id("rename-player").click()
    ada.locator("input[name=new-name]").fill("Beatrice")
    ada.get_by_role("button", name="Save").click()
    ada.locator("[data-testid=player-row]", has_text="Beatrice").wait_for()
    ada.locator("[data-testid=player-row]", has_text="Beatrice").get_by_test_id(
        "player-open"
    ).click()
    ada.get_by_test_id("delete-player").click()
    ada.get_by_test_id("confirm-delete").click()
    ada.locator("[data-testid=player-row]", has_text="Beatrice").wait_for(state="detached")

    # An import's result stays until it is dismissed.
    exported = ada.evaluate(
        """async () => {
          const token = JSON.parse(localStorage['dotr.account']).token;
          const group = new URLSearchParams(location.search).get('group');
          const answer = await fetch(`/api/v1/awards/export.json?group=${group}`,
                                     { headers: { Authorization: `Bearer ${token}` } });
          return await answer.text();
        }"""
    )
    ada.fill("input[name=group-name]", "Sunday")
    ada.get_by_role("button", name="Create", exact=True).click()
    ada.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=group-tab]')]"
        ".some(b => b.textContent === 'Sunday' && b.getAttribute('aria-pressed') === 'true')"
    )
    ada.get_by_test_id("players").wait_for()
    ada.set_input_files(
        "input[name=import-file]",
        {"name": "friday.json", "mimeType": "application/json", "buffer": exported.encode()},
    )
    ada.get_by_role("button", name="Import into this group").click()
    result = ada.get_by_test_id("import-result")
    result.wait_for()
    # The group reloads after the import (its history comes back): the result is still there.
    ada.get_by_test_id("history").get_by_text("No finished game yet").wait_for()
    settle(ada)
    assert result.is_visible()
    ada.locator("[data-testid=player-row]", has_text="Ada").wait_for()  # Friday's one player
    assert result.inner_text().startswith("Imported 0 games; 0 games already here; 1 new player.")
    result.get_by_role("button", name="Dismiss").click()
    result.wait_for(state="detached")

    # Ada deletes Friday night: Bob no longer has it.
    ada.locator("[data-testid=group-tab]", has_text="Friday night").click()
    ada.get_by_test_id("delete-group").click()
    ada.get_by_test_id("confirm-delete").click()
    ada.wait_for_function(
        "() => ![...document.querySelectorAll('[data-testid=group-tab]')]"
        ".some(b => b.textContent.startsWith('Friday night'))"
    )
    bob.reload()
    bob.get_by_test_id("group-tab").first.wait_for()
    assert group_tabs(bob) == ["Friday table"]
    assert ada.errors == [] and bob.errors == []
