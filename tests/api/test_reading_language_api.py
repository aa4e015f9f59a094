"""A card waiting to be read at the table reads in the reader's language: a German phone sees
the prompt's title, the card's name, the detail, the form's titles, descriptions and choices,
and the other seats' "is reading a card", in German; an English phone sees them as kept."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.engine import i18n, in_language
from deck_tracker.models import Game
from tests.conftest import client_for
from tests.helpers import a_face, form_words

from .test_content_owners import group_of
from .test_reading_decks_api import (
    _at_a_dungeon_with_one_treasure_room,
    arrange,
    create,
    on_top,
)

pytestmark = pytest.mark.django_db

UMLAUTS = str.maketrans("äöüÄÖÜ", "aouAOU")
DRAGON = {"expansions": ["dragon"], "generals": {"black": "onyx"}}


def url(game_id: str, rest: str = "") -> str:
    return f"/api/v1/games/{game_id}/{rest}"


def reading_in(token: str, game_id: str, language: str) -> list[dict[str, Any]]:
    response = client_for(token).get(url(game_id), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content
    return response.json()["state"]["reading"]


def act_in(token: str, game_id: str, language: str, type: str, args: dict[str, Any]) -> Any:
    client = client_for(token)
    version = client.get(url(game_id)).json()["version"]
    return client.post(
        url(game_id, "actions/"),
        {"type": type, "args": args, "expected_version": version},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def kept(game_id: str) -> list[dict[str, Any]]:
    """The prompts as the game keeps them (message ids) read in English: what an English phone
    is shown, less ``resume``."""
    stored = Game.objects.get(pk=game_id).state["reading"]
    return [in_language({k: v for k, v in p.items() if k != "resume"}, "en") for p in stored]


def choices(schema: dict[str, Any], field: str) -> list[str]:
    return [option["title"] for option in schema["properties"][field]["oneOf"]]


def test_a_new_quest_reads_in_german_for_its_holder_and_the_others_see_a_german_wait() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    game = create(host, player, DRAGON)
    joined = APIClient().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    ada, bea = game["token"], joined.json()["token"]
    for _ in range(12):  # the setup's cards read, in English
        reading = reading_in(ada, game["id"], "en")
        if not reading:
            break
        answered = act_in(ada, game["id"], "en", "read_card", {"face": a_face(reading[0])})
        assert answered.status_code == 200, answered.content
    quest = next(c for c in Game.objects.get(pk=game["id"]).state["decks"]["quest"]["draw"]
                 if c.startswith("dx-quest-"))  # fmt: skip
    arrange(game["id"], on_top(game["id"], "quest", quest))
    drawn = act_in(ada, game["id"], "de", "draw_quest", {})
    assert drawn.status_code == 200, drawn.content

    # Ada's German phone: the action's answer and the game read again say the same German.
    [german] = drawn.json()["state"]["reading"]
    assert reading_in(ada, game["id"], "de") == [german]
    assert german["title"] == "Lies die gezogene Karte vor"
    assert german["name"] == "Ein neuer Auftrag der Drachen-Erweiterung"
    assert german["detail"] == "auf deiner Hand"
    schema = german["schema"]
    assert schema["title"] == "Auftragskarte"
    assert schema["properties"]["title"]["title"] == "Titel"
    assert schema["properties"]["test"]["description"] == "Was der Held tun muss."
    assert choices(schema, "location_rule") == [
        "An einem Ort",
        "An einem beliebigen Ort einer Farbe",
        "Wo ein General steht",
        "Überall (kein Ort)",
    ]
    assert "Onyx" in choices(schema, "general")  # a General's name reads as printed
    # The answer's ids stay as they are: only the words change.
    english = reading_in(ada, game["id"], "en")
    assert english == kept(game["id"])  # the English phone sees the prompt as today
    assert english[0]["title"] == "Read the card you drew"
    assert english[0]["schema"]["title"] == "Quest card"
    assert [o["const"] for o in english[0]["schema"]["properties"]["location_rule"]["oneOf"]] == [
        o["const"] for o in schema["properties"]["location_rule"]["oneOf"]
    ]
    # No English word is left on the German phone but names German writes alike ("Onyx").
    alike = {"General", *(v for v in i18n.catalogue("de")["names"].values() if isinstance(v, str))}
    shown = [*form_words(schema), german["name"], german["detail"]]
    for text in [*form_words(english[0]["schema"]), english[0]["name"], english[0]["detail"]]:
        assert text in alike or text not in shown, text

    # Bea's German phone: only that Ada is reading a card, in German, everywhere she looks.
    assert reading_in(bea, game["id"], "de") == [
        {"id": german["id"], "seat": "1", "private": True,
         "title": "Ada liest eine Karte", "name": "eine Karte", "detail": ""}
    ]  # fmt: skip
    assert reading_in(bea, game["id"], "en")[0]["title"] == "Ada is reading a card"
    actions = client_for(bea).get(url(game["id"], "actions/"), HTTP_ACCEPT_LANGUAGE="de").json()
    night = next(a for a in actions["actions"] if a["type"] == "night")
    assert night["reason"] == "Einen Moment: Ada liest eine Karte."
    blocked = act_in(bea, game["id"], "de", "night", {"skip_evening": True})
    assert blocked.status_code == 400 and blocked.json()["code"] == "card_unread"
    assert "Ada liest eine Karte" in blocked.json()["detail"]
    refused = act_in(bea, game["id"], "de", "read_card", {"face": {"title": "X"}})
    assert refused.json()["code"] == "not_your_card"
    assert "Ada liest eine Karte" in refused.json()["detail"]
    english_actions = client_for(bea).get(url(game["id"], "actions/")).json()["actions"]
    night = next(a for a in english_actions if a["type"] == "night")
    assert night["reason"] == "Wait a moment: Ada is reading a card."


def test_a_dragons_setup_cards_read_in_german_and_the_game_goes_on() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    game = create(host, player, DRAGON)
    token = game["token"]
    # The General card: his minions at the start, read from the card.
    general = reading_in(token, game["id"], "de")[0]
    assert general["title"] == "Lies die Generalskarte vor"
    assert general["name"] == "Generalskarte von Onyx"
    assert general["detail"] == "Schergen zu Beginn"
    minions = general["schema"]["properties"]["starting_minions"]
    assert minions["title"] == "Schergen zu Spielbeginn"
    assert minions["description"] == (
        "Die Eiferer, die zu Beginn mit Onyx aufgestellt werden (auf der Generalskarte gedruckt)."
    )
    assert reading_in(token, game["id"], "en") == kept(game["id"])
    answered = act_in(token, game["id"], "de", "read_card", {"face": a_face(general)})
    assert answered.status_code == 200, answered.content

    # A setup card of Onyx nobody has entered: its form in German, its answer by ids.
    prompt = answered.json()["state"]["reading"][0]
    assert prompt["kind"] == "standard"
    assert prompt["title"] == "Lies die gezogene Karte vor"
    assert prompt["name"] == "Karte „Die Dunkelheit breitet sich aus“ von Onyx"
    assert prompt["detail"].startswith("Aufbaukarte ") and " von " in prompt["detail"]
    schema = prompt["schema"]
    assert schema["title"] == "Karte „Die Dunkelheit breitet sich aus“"
    assert schema["properties"]["placements"]["title"] == "Platzierte Schergen"
    place = schema["properties"]["placements"]["items"]
    assert place["properties"]["location"]["title"] == "Ort"
    # The board's locations listed as a German reader looks them up: by their German names.
    locations = choices(place, "location")
    order = [locations.index(n) for n in ("Amarak-Gipfel", "Dunkelwald", "Orktal", "Uralte Ruinen")]
    assert order == sorted(order)
    assert locations == sorted(locations, key=lambda n: n.translate(UMLAUTS).casefold())
    assert place["properties"]["colour"]["title"] == "Schergen"
    assert "Orks" in choices(place, "colour")
    assert schema["properties"]["general_to"]["title"] == "Wohin der General zieht"
    blocked = act_in(token, game["id"], "de", "night", {"skip_evening": True})
    assert blocked.json()["code"] == "card_unread"
    assert blocked.json()["detail"] == (
        "Lies zuerst die Karte: Karte „Die Dunkelheit breitet sich aus“ von Onyx wartet "
        "darauf, gelesen zu werden."
    )
    english = act_in(token, game["id"], "en", "night", {"skip_evening": True}).json()["detail"]
    assert english == "Read the card first: Onyx Darkness Spreads card is waiting to be read."
    for _ in range(12):
        reading = reading_in(token, game["id"], "de")
        if not reading:
            break
        answered = act_in(token, game["id"], "de", "read_card", {"face": a_face(reading[0])})
        assert answered.status_code == 200, answered.content
    night = act_in(token, game["id"], "de", "night", {"skip_evening": True})
    assert night.status_code == 200, night.content


def test_a_treasure_room_drawn_reads_in_german() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    game = create(host, player, {"expansions": ["companions_catacombs"]})
    _at_a_dungeon_with_one_treasure_room(game, "treasure-room-02")
    entered = act_in(game["token"], game["id"], "de", "enter_dungeon", {})
    assert entered.status_code == 200, entered.content
    [prompt] = entered.json()["state"]["reading"]
    assert prompt["name"] == "Eine Schatzkammerkarte"
    assert prompt["detail"] == "gezogen, als Zauberer das Verlies betritt"
    assert prompt["schema"]["title"] == "Schatzkammerkarte"
    goal = prompt["schema"]["properties"]["exploration_goal"]
    assert goal["title"] == "Erkundungsziel"
    assert goal["description"] == "Das Erkundungsziel oben auf der Karte."
    english = reading_in(game["token"], game["id"], "en")
    assert english == kept(game["id"]) and english[0]["name"] == "A Treasure Room card"
