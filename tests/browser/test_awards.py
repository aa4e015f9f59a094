"""History and the award tracker, fame and the Grand Ball, through the phone client.

Sign up; create a group and its players; start a game in the wizard with the host and a player
sharing the phone each sitting as one of those players; confirm and dismiss the fame the app
proposes; record fame; end the game as won (the Enter tab's end_game); hold the Grand Ball; and
find the game in the group's history with its result, Generals and rewards (hero and player).
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .test_phone_shell import small_targets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def api(base: str, path: str, token: str, body: dict | None = None) -> Any:
    request = urllib.request.Request(
        f"{base}/api/v1/{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def sign_up(page: Any, base: str, username: str) -> None:
    page.goto(base + "/awards")
    page.get_by_role("tab", name="Create an account").click()
    page.locator("input[name=username]").wait_for()
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "a long secret")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_test_id("account-name").wait_for()


def test_sign_up_play_win_and_find_the_game_in_the_history(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    page.goto(base + "/awards")
    page.get_by_role("heading", name="Keep your games' history").wait_for()
    shot(page, "50-awards-sign-in")
    sign_up(page, base, "ada")
    page.fill("input[name=group-name]", "Friday table")
    page.get_by_role("button", name="Create", exact=True).click()
    page.get_by_test_id("players").wait_for()
    for name in ("Ada", "Bea"):
        page.fill("input[name=player-name]", name)
        page.get_by_role("button", name="Add", exact=True).click()
        page.locator("[data-testid=player-row]", has_text=name).wait_for()
    assert "No finished game yet" in page.inner_text("[data-testid=history]")
    shot(page, "51-awards-group-and-players")
    assert small_targets(page) == []
    account = page.evaluate("() => JSON.parse(localStorage['dotr.account'])")
    assert account["username"] == "ada" and account["token"].startswith("acct_")
    assert "acct_" not in page.evaluate("() => localStorage['dotr.games'] || ''")

    # A game where Ada (host) and Bea (sharing the phone) sit as the group's players.
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    for step in ("scenario", "generals", "options", "players"):
        page.get_by_role("button", name="Next").click()
        page.locator(f"[data-step={step}]").wait_for()
    page.locator("select[name=host-player] option", has_text="Ada").wait_for(state="attached")
    page.select_option("select[name=host-player]", label="Ada")
    assert page.input_value("input[name=host-name]") == "Ada"
    page.click("label[for=host-hero-wizard]")
    page.get_by_role("button", name="Add a player on this phone").click()
    page.select_option("select[name=local-0-player]", label="Bea")
    page.click("label[for=local-0-rogue]")
    shot(page, "52-wizard-players-linked", full_page=True)
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    page.get_by_test_id("start-playing").click()
    page.locator("[data-testid=map]").wait_for()

    game_id = page.url.split("/game/")[1].split("?")[0].split("#")[0]
    seats = page.evaluate("id => JSON.parse(localStorage['dotr.games'])[id].seats", game_id)
    token = seats["1"]["token"]
    game = api(base, f"games/{game_id}/", token)
    # Slay 2 of 3 minions somewhere (entered by another phone): the app proposes fame.
    place, minions = next(
        (loc, spot["minions"])
        for loc, spot in game["state"]["board"].items()
        if sum(spot["minions"].values()) == 3 and max(spot["minions"].values()) >= 2
    )
    colour = max(minions, key=minions.get)
    api(
        base,
        f"games/{game_id}/actions/",
        token,
        {
            "type": "defeat_minions",
            "args": {"location": place, "minions": {colour: 2}},
            "expected_version": game["version"],
        },
    )
    page.get_by_test_id("fame-banner").wait_for()
    page.get_by_test_id("fame-banner").get_by_role("button", name="Review").click()
    page.get_by_test_id("proposals").wait_for()
    shot(page, "53-fame-proposals")
    assert small_targets(page) == []
    proposals = page.get_by_test_id("proposal")
    assert proposals.count() == 2
    major = page.locator("[data-testid=proposal]", has_text="Major Fame")
    major.locator("input[type=number]").fill("3")
    major.get_by_test_id("confirm-fame").click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=proposal]').length === 1")
    page.get_by_test_id("dismiss-fame").click()
    page.get_by_test_id("proposals").wait_for(state="detached")
    ada = page.locator("[data-testid=fame-row][data-seat='1']")
    assert ada.locator(".fame-chip.major b").inner_text() == "3"

    # Bea completes a Quest: recorded by hand (a blue token of 5).
    page.get_by_test_id("record-fame").click()
    dialog = page.locator("dialog.sheet")
    dialog.locator("select[name=seat]").select_option("2")
    dialog.locator("select[name=action]").select_option("complete_quest")
    dialog.locator("input[name=values]").fill("5")
    dialog.get_by_role("button", name="Record").click()
    dialog.wait_for(state="detached")
    bea = page.locator("[data-testid=fame-row][data-seat='2']")
    bea.locator(".fame-chip.total b", has_text="5").wait_for()
    shot(page, "54-fame-of-the-heroes")

    # The table declares victory (Enter, every action: end_game, won).
    page.click("[data-tab=enter]")
    page.locator(".list-button", has_text="End game").click()
    dialog = page.locator("dialog.sheet")
    dialog.locator("label.seg", has_text="won").click()
    dialog.locator("input[name=reason]").fill("All four Generals defeated")
    dialog.locator("button[type=submit]").click()
    page.get_by_test_id("to-grand-ball").click()
    page.get_by_test_id("begin-ball").click()
    page.get_by_test_id("chooser").wait_for()
    assert "Ada" in page.inner_text("[data-testid=chooser]")  # 2nd in fame
    shot(page, "55-grand-ball-choice")
    assert small_targets(page) == []
    chosen = page.get_by_test_id("reward-choice").first
    card = chosen.locator("span").last.inner_text().strip()
    chosen.click()
    page.get_by_role("heading", name="The Grand Ball is over").wait_for()
    awards = page.get_by_test_id("award").all_inner_texts()
    assert "King's Champion" in awards and card in awards
    shot(page, "56-grand-ball-over")

    # The history: the game, won, with its Generals and rewards (hero and player).
    page.get_by_role("link", name="History & awards").click()
    row = page.get_by_test_id("history-row").first
    row.wait_for()
    assert row.get_attribute("data-result") == "W"
    generals = row.get_by_test_id("record-generals").inner_text()
    assert all(name in generals for name in ("Gorgutt", "Varkolak", "Balazarg", "Sapphire"))
    rewards = row.get_by_test_id("record-rewards").inner_text()
    assert "King's Champion — Rogue (Bea)" in rewards
    assert f"{card} — Wizard (Ada)" in rewards
    stats = page.locator("[data-testid=player-row]", has_text="Bea").inner_text()
    assert "1 game · 1 won · 0 lost" in stats
    shot(page, "57-history", full_page=True)
    assert small_targets(page) == []

    # The exports come as files (fetched with the account token).
    with page.expect_download() as download:
        page.get_by_test_id("export-json").click()
    with open(download.value.path()) as file:
        exported = json.load(file)
    assert exported and "Friday" in json.dumps(exported)
    with page.expect_download() as download:
        page.get_by_test_id("export-csv").click()
    assert download.value.suggested_filename.endswith(".csv")
    with page.expect_popup() as popup:
        page.get_by_test_id("sheet").click()
    popup.value.wait_for_url(lambda url: url.startswith("blob:"))
    popup.value.wait_for_load_state()
    assert "Rogue" in popup.value.content()  # the printable Award Tracker sheet
    # Its style and its Print button work under the app's Content-Security-Policy.
    sheet_heading = "getComputedStyle(document.querySelector('h1')).textAlign"
    assert popup.value.evaluate(sheet_heading) == "center"
    popup.value.evaluate("window.print = () => { document.body.dataset.printed = 'yes'; }")
    popup.value.get_by_role("button", name="Print").click()
    assert popup.value.evaluate("document.body.dataset.printed") == "yes"

    # Joining a table while signed in: the seat may sit as one of the account's players.
    page.goto(f"{base}/join/{game['join_code']}")
    page.locator("select[name=player] option", has_text="Bea").wait_for(state="attached")
    page.select_option("select[name=player]", label="Bea")
    assert page.input_value("input[name=name]") == "Bea"
    shot(page, "58-join-as-a-player")
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_invitation_accepted_on_the_invited_phone_then_the_group_left(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    owner, guest = phones
    base = live_server.url
    sign_up(guest, base, "bea")
    sign_up(owner, base, "ada")
    owner.get_by_text("Create the first one").wait_for()  # the groups are loaded
    owner.fill("input[name=group-name]", "Friday table")
    owner.get_by_role("button", name="Create", exact=True).click()
    owner.get_by_test_id("members").wait_for()
    owner.get_by_text("No finished game yet").wait_for()  # the group's lists are loaded
    owner.fill("input[name=invite-username]", "bea")
    owner.get_by_role("button", name="Invite", exact=True).click()
    owner.get_by_test_id("invited").wait_for()
    assert "bea" in owner.inner_text("[data-testid=invited]")

    guest.reload()
    invitation = guest.get_by_test_id("invitation")
    invitation.wait_for()
    assert "Friday table" in invitation.inner_text() and "ada" in invitation.inner_text()
    shot(guest, "59-awards-invitation")
    invitation.get_by_role("button", name="Accept").click()
    guest.get_by_test_id("leave-group").wait_for()
    assert "Friday table" in guest.inner_text("[data-testid=groups]")
    assert guest.get_by_test_id("invitation").count() == 0

    guest.get_by_test_id("leave-group").click()
    guest.get_by_test_id("confirm-leave").click()  # leaving asks first
    guest.get_by_test_id("members").wait_for(state="detached")
    guest.get_by_text("Create the first one").wait_for()
    assert "Friday table" not in guest.inner_text("[data-testid=groups]")
    owner.reload()
    owner.get_by_test_id("members").wait_for()
    assert "bea" not in owner.inner_text("[data-testid=members]")
    assert owner.errors == [] and guest.errors == []  # type: ignore[attr-defined]
