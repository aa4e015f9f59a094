"""What a change costs a phone that did not make it: the stream's messages, and no GET.

Ada's phone (seat 1) sits on each tab in turn while Bea (seat 2, through the API) wounds and
heals her own hero: changes that leave what Ada may do as it was. The stream carries the events,
the patch of Ada's view and the tag of her actions list, so no tab reads the game, the events
or the actions again. A change that does alter Ada's actions brings the patch of her list in
the stream: no tab reads it again either, and the Enter tab offers what she may do now; an
action of Ada's refused as stale uses the events the refusal carries and the stream's patch.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.live_api import LIVE_SECONDS, act, call, game_of_two, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SETUP = {"host": {"name": "Ada", "hero": "Wizard"}}
TABS = ["board", "night", "me", "fame", "enter", "log", "setup"]
# Longer than the phone's own longest wait for a stream message before it reads anything
# (STATE_MESSAGE_WAIT_MS, 1.5 s, in session.js): a read it would make has been asked by then.
SETTLE_MS = 2500


def version_of(page: Any) -> int:
    return int(page.get_attribute("[data-testid=live]", "data-version"))


def wait_live_at(page: Any, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=live]')?.dataset.version) >= v",
        arg=version,
        timeout=LIVE_SECONDS * 1000,
    )


class Wire:
    """The API requests a page makes (the stream left out: it is the one that stays open) and
    the bytes it receives, the stream's included, as Chromium counts them. The client's own
    files (a module a screen loads on its first use, such as the JSON patch module on the first
    patch of a visit) are counted apart: they come once a visit, not with each change."""

    def __init__(self, page: Any) -> None:
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.bytes = 0
        self.files: dict[str, int] = {}
        self._urls: dict[str, str] = {}
        page.on("request", self._request)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.dataReceived", self._data)
        cdp.on("Network.responseReceived", self._response)

    def _request(self, request: Any) -> None:
        if "/api/v1/" in request.url and "/stream/" not in request.url:
            self.requests.append((request.method, request.url, request.headers))

    def _sent(self, event: dict[str, Any]) -> None:
        self._urls[event["requestId"]] = event["request"]["url"]

    def _count(self, request_id: str, size: int) -> None:
        url = self._urls.get(request_id, "")
        if "/static/" in url:
            name = url.split("/static/", 1)[1].split("?", 1)[0]
            self.files[name] = self.files.get(name, 0) + size
        else:
            self.bytes += size

    def _data(self, event: dict[str, Any]) -> None:
        self._count(event["requestId"], int(event.get("encodedDataLength") or 0))

    def _response(self, event: dict[str, Any]) -> None:
        self._count(event["requestId"], len(str(event["response"].get("headersText") or "")))

    def reset(self) -> None:
        self.requests.clear()
        self.bytes = 0
        self.files.clear()

    def reads(self) -> list[str]:
        return [url.split("/api/v1/", 1)[1] for method, url, _ in self.requests if method == "GET"]


def _ada_on(ada: Any, base: str, game: dict[str, Any], tab: str) -> Wire:
    wire = Wire(ada)
    open_game(ada, base, game, "1", game["token"], name="Ada", tab=tab)
    ada.wait_for_function(
        "() => document.querySelector('[data-testid=live]')?.classList.contains('live-live')",
        timeout=LIVE_SECONDS * 1000,
    )
    ada.wait_for_function(
        "tab => document.querySelector('#table-main')?.dataset.view === tab "
        "&& !document.querySelector('#table-main .boot')",
        arg=tab,
    )
    ada.wait_for_timeout(SETTLE_MS)  # the first reads of the tab (forms, events) are done
    return wire


def test_no_tab_reads_anything_again_when_a_change_leaves_its_actions_as_they_were(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ada, _ = phones
    base = live_server.url
    game, joined = game_of_two(base, SETUP)
    bea = {"id": game["id"], "token": joined["token"]}
    act(base, bea, "wound_hero", {"seat": "2"})  # from the first action on, an undo is offered
    costs = {}
    for tab in TABS:
        wire = _ada_on(ada, base, game, tab)
        wire.reset()
        for change in ("wound_hero", "heal_hero"):
            moved = act(base, bea, change, {"seat": "2"})
            wait_live_at(ada, moved["version"])
        ada.wait_for_timeout(SETTLE_MS)
        assert wire.reads() == [], f"the {tab} tab read {wire.reads()}"
        # The patch module comes with the first state message the stream brings in a visit:
        # before these changes when the stream caught the phone up as it connected, else with
        # the first of them. Once a visit at most, and no other file comes with a change.
        assert {name.rsplit("/", 1)[-1].split(".")[0] for name in wire.files} <= {"patch"}, (
            wire.files
        )
        costs[tab] = wire.bytes // 2
    print("bytes per change received, by tab:", costs)
    assert max(costs.values()) <= 2048, costs  # the budget: at most 2 KB a change on any tab
    assert ada.errors == []


def test_a_change_to_what_a_phone_may_do_reaches_every_tab_without_a_read(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ada, _ = phones
    base = live_server.url
    game, joined = game_of_two(base, SETUP)
    bea = {"id": game["id"], "token": joined["token"]}
    wire = _ada_on(ada, base, game, "enter")
    assert [r for r in wire.reads() if r.endswith("/actions/")]  # the Enter tab's forms
    # The Enter tab lists every action with what Ada may do now: closing the game waits for
    # its end.
    close = ada.locator(".enter-tab .list-button", has_text="Close game")
    assert close.is_disabled()
    ended = False
    for tab in TABS:
        ada.click(f"[data-tab={tab}]")
        ada.wait_for_function(
            "tab => document.querySelector('#table-main')?.dataset.view === tab", arg=tab
        )
        ada.wait_for_timeout(SETTLE_MS)  # the tab's own first reads (events, words) are done
        wire.reset()
        # Bea declares the game won (Ada may close it now), or takes that back (she may not).
        if ended:
            moved = act(base, bea, "undo", {})
        else:
            moved = act(base, bea, "end_game", {"result": "won", "reason": "The Realm is saved"})
        ended = not ended
        wait_live_at(ada, moved["version"])
        ada.wait_for_timeout(SETTLE_MS)
        assert wire.reads() == [], f"the {tab} tab read {wire.reads()}"
        ada.click("[data-tab=enter]")
        close.wait_for()
        assert close.is_enabled() == ended, f"after the change on the {tab} tab"
        assert wire.reads() == [], f"the Enter tab read {wire.reads()} after the {tab} tab"
    assert ada.errors == []


def test_an_action_refused_as_stale_shows_what_changed_without_a_get(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ada, _ = phones
    base = live_server.url
    game, joined = game_of_two(base, SETUP)
    bea = {"id": game["id"], "token": joined["token"]}
    # Bea wounds Ada's Wizard once: Ada may heal from then on, whatever the next wound.
    act(base, bea, "wound_hero", {"seat": "1"})
    wire = _ada_on(ada, base, game, "me")
    seen = version_of(ada)
    moved: dict[str, Any] = {}

    def bea_acts_first(route: Any) -> None:
        # Bea wounds the Wizard while Ada's own wound of him is on its way: the same hero, so
        # Ada's entry is refused as stale on arrival.
        if route.request.method == "POST" and not moved:
            moved.update(act(base, bea, "wound_hero", {"seat": "1"}))
        route.continue_()

    ada.route("**/api/v1/games/*/actions/", bea_acts_first)
    wire.reset()
    ada.get_by_role("button", name="Lose a life token").click()
    notice = ada.get_by_test_id("notice")
    notice.wait_for()
    assert notice.get_attribute("data-code") == "stale_version"
    assert (
        "Wizard suffered 1 wound" in notice.inner_text()
    )  # what changed meanwhile, from the refusal's events
    wait_live_at(ada, moved["version"])
    ada.wait_for_timeout(SETTLE_MS)
    assert [m for m, _, _ in wire.requests] == ["POST"], wire.reads()
    assert version_of(ada) == moved["version"] > seen
    ada.unroute("**/api/v1/games/*/actions/")
    ours = call(base, f"games/{game['id']}/", token=game["token"])
    assert ours["version"] == moved["version"]  # Ada's wound was not applied
    assert ada.errors == []
