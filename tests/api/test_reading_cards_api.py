"""The table teaches the app each card once: every scenario and every dragon General starts with
nothing entered; a card the app does not know is read when it comes up, through the API, and
the game goes on; the next game of the table's group knows the card (an anonymous game's
readings stay its own)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game
from tests.conftest import client_for
from tests.helpers import a_face

from .test_content_owners import group_of

pytestmark = pytest.mark.django_db

HOST = {"name": "Ada", "hero": "Wizard"}
# The table draws its evening Hero Cards from its own deck: the nights here skip that draw.
NIGHT = {"skip_evening": True}
DRAGONS = {"black": "onyx", "green": "hemlock", "red": "brimstone", "blue": "high-dragon-sapphire"}


def create(
    setup: dict[str, Any], client: APIClient | None = None, player: int | None = None
) -> dict[str, Any]:
    body = setup if player is None else {"host": HOST, **setup, "player": player}
    response = (client or APIClient()).post("/api/v1/games/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def act(game: dict[str, Any], type: str, args: dict[str, Any] | None = None) -> Any:
    client = client_for(game["token"])
    version = client.get(f"/api/v1/games/{game['id']}/").json()["version"]
    return client.post(
        f"/api/v1/games/{game['id']}/actions/",
        {"type": type, "args": args or {}, "expected_version": version},
        format="json",
    )


def view_version(game: dict[str, Any]) -> int:
    return int(client_for(game["token"]).get(f"/api/v1/games/{game['id']}/").json()["version"])


def view(game: dict[str, Any]) -> dict[str, Any]:
    return client_for(game["token"]).get(f"/api/v1/games/{game['id']}/").json()["state"]


def read_setup(game: dict[str, Any]) -> None:
    """The setup's cards read at the table (a General's minions, a setup card)."""
    for _ in range(12):
        reading = view(game)["reading"]
        if not reading:
            return
        answered = act(game, "read_card", {"face": a_face(reading[0])})
        assert answered.status_code == 200, answered.content


def night_until_a_card_to_read(
    game: dict[str, Any], kind: str = "standard"
) -> dict[str, Any] | None:
    """Nights until a card of ``kind`` is to be read (others met on the way are read)."""
    for _ in range(40):
        state = view(game)
        if state["outcome"]:
            return None
        response = act(game, "night", NIGHT)
        if response.status_code == 400 and response.json()["code"] == "dangers_pending":
            # A hero ending the turn in danger takes it first (the Dragon expansion's rule).
            dealt = act(game, "turn_end_dangers")
            assert dealt.status_code == 200, dealt.content
            response = act(game, "night", NIGHT)
        assert response.status_code == 200, response.content
        types = [e["type"] for e in response.json()["events"]]
        reading = response.json()["state"]["reading"]
        if reading:
            assert types[-1] == "card_to_read" and "turn_passed" not in types
            if reading[0]["kind"] == kind:
                return reading[0]
        read_setup(game)  # a card read late never blocks the loop
    return None


def play_until_read(
    setup: dict[str, Any], client: APIClient | None = None, player: int | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    for _ in range(5):  # the Realm may fall before one of the dragon's cards comes up
        game = create(setup, client, player)
        read_setup(game)
        prompt = night_until_a_card_to_read(game)
        if prompt is not None:
            break
    assert prompt is not None, "no card to read came up"
    # While it waits, nothing moves the game past it.
    refused = act(game, "night", NIGHT)
    assert refused.status_code == 400
    assert refused.json()["code"] == "card_unread"
    assert prompt["name"] in refused.json()["detail"]
    # The reason tells the player what to do, never a command name.
    assert refused.json()["detail"].startswith("Read the card first: ")
    assert "read_card" not in refused.json()["detail"]
    client = client_for(game["token"])
    german = client.post(
        f"/api/v1/games/{game['id']}/actions/",
        {"type": "night", "args": NIGHT, "expected_version": view_version(game)},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    ).json()["detail"]
    assert german.startswith("Lies zuerst die Karte: ") and "read_card" not in german
    # The prompt shows the card that came up, never what lies under it.
    assert set(prompt) >= {"card", "deck", "kind", "name", "schema"}
    assert "resume" not in prompt and "queue" not in str(prompt)
    answered = act(game, "read_card", {"face": a_face(prompt)})
    assert answered.status_code == 200, answered.content
    types = [e["type"] for e in answered.json()["events"]]
    assert types[0] == "card_read"
    assert "darkness_spreads_card" in types  # the same card resolved, the night goes on
    assert types[-1] in ("turn_passed", "game_lost")
    assert answered.json()["state"]["reading"] == []
    return game, prompt


@pytest.mark.parametrize(
    "scenario",
    [
        "rampaging-dragons",
        "realm-in-flames",
        "onslaught",
        "the-land-is-dying",
        "the-burning-land",
    ],
)
def test_every_rulebook_scenario_starts_with_only_its_name_and_reads_cards_as_they_come(
    scenario: str,
) -> None:
    listed = {s["id"] for s in APIClient().get("/api/v1/scenarios/").json()}
    assert f"scenario-{scenario}" in listed
    game = create({"scenario": scenario})
    read_setup(game)
    prompt = night_until_a_card_to_read(game)
    if prompt is None:
        state = view(game)
        dragons = set(state["dragon"]["generals"].values()) & set(DRAGONS.values())
        # The Burning Land plays the base Generals until Brimstone returns; Onslaught's dealt
        # Generals may all be base ones; else the Realm fell first.
        assert scenario == "the-burning-land" or not dragons or state["outcome"], (
            dragons,
            state["outcome"],
        )
        return
    answered = act(game, "read_card", {"face": a_face(prompt)})
    assert answered.status_code == 200, answered.content
    assert answered.json()["events"][0]["type"] == "card_read"


@pytest.mark.parametrize("colour", list(DRAGONS))
def test_each_dragon_general_plays_out_of_the_box_and_a_card_read_is_known_next_game(
    colour: str,
) -> None:
    setup = {"expansions": ["dragon"], "generals": {colour: DRAGONS[colour]}}
    alice, _, ada = group_of("alice", "Thursday table", "Ada")
    first, prompt = play_until_read(setup, alice, ada)
    card = prompt["card"]
    assert prompt["kind"] == "standard"
    # Kept for the table's group, listed in its Cards we know.
    listed = client_for(first["token"]).get(f"/api/v1/games/{first['id']}/content/").json()
    assert listed["owner"] == "group"
    paths = {e["path"] for p in listed["packs"] for e in p["entries"]}
    assert f"cards.darkness_spreads.{card}" in paths
    # The group's next game knows that card: it is never asked again.
    second = create(setup, alice, ada)
    state = Game.objects.get(pk=second["id"]).state
    known = game_cards(state)[card]
    assert not known.data.get("unread")
    assert [dict(p) for p in known.data["placements"]] == a_face(prompt)["placements"]
    assert card not in {p["card"] for p in view(second)["reading"]}
    # Another table (an anonymous game) still reads it: the group's readings are its own.
    stranger = Game.objects.get(pk=create(setup)["id"]).state
    assert game_cards(stranger)[card].data.get("unread")


def test_every_listed_scenario_creates_a_game_with_only_its_name() -> None:
    listed = [s for s in APIClient().get("/api/v1/scenarios/").json() if "scenario" in s["setup"]]
    assert len(listed) >= 6  # the five of the rulebook and the custom mix
    for scenario in listed:
        create({"scenario": scenario["setup"]["scenario"]})


def test_random_generals_on_any_seed_start() -> None:
    for _ in range(6):
        game = create({"scenario": "onslaught"})
        assert view(game)["dragon"]["generals"]


def test_undo_of_the_answer_returns_to_the_card_waiting_to_be_read() -> None:
    game, prompt = play_until_read({"expansions": ["dragon"], "generals": {"black": "onyx"}})
    undone = act(game, "undo")
    assert undone.status_code == 200, undone.content
    reading = view(game)["reading"]
    assert [p["card"] for p in reading] == [prompt["card"]]
    assert act(game, "night", NIGHT).json()["code"] == "card_unread"
    again = act(game, "read_card", {"face": a_face(reading[0])})
    assert again.status_code == 200, again.content


def test_an_answer_that_does_not_fit_the_card_is_refused_with_the_field() -> None:
    for _ in range(5):  # Hemlock's Imps may overrun the Realm before one of his cards comes up
        game = create({"expansions": ["dragon"], "generals": {"green": "hemlock"}})
        read_setup(game)
        prompt = night_until_a_card_to_read(game)
        if prompt is not None:
            break
    assert prompt is not None
    face = a_face(prompt, colour="green")
    face["placements"][0]["count"] = 2
    refused = act(game, "read_card", {"face": face})
    assert refused.status_code == 400
    body = refused.json()
    assert body["code"] == "invalid_arguments"
    # DX: "There will never be more than 1 Imp placed at one time per location".
    assert "never be more than 1 Imp placed at one time per location" in str(body["fields"])
    face["general_to"] = "somewhere"
    assert act(game, "read_card", {"face": face}).status_code == 400
    assert view(game)["reading"][0]["card"] == prompt["card"]
