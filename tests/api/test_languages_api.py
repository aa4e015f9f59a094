"""Each reader reads the game in their own language: the same night in German and in English.

Anna (seat 1, the host, Wizard) and Bea (seat 2, Rogue) play the base game. The night after
Anna's turn draws one Darkness Spreads card (the Early War). Whatever card comes, its night
begins, and the turn passes to Bea, in words the test can quote in both languages.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from deck_tracker.games import selectors
from deck_tracker.live.stream import SeatStream
from deck_tracker.models import GameEvent, Seat
from tests.api.test_stream import read_stream
from tests.conftest import Table, create_table

NIGHT_EN = "Night after Anna's turn: the Darkness Spreads (Early War, 1 card)."
NIGHT_DE = "Nacht nach dem Zug von Anna: Die Dunkelheit breitet sich aus (früher Krieg, 1 Karte)."
DRAW_EN = "Draw 1 Darkness Spreads card, resolving each in turn."
DRAW_DE = "Ziehe 1 Karte „Die Dunkelheit breitet sich aus“ und handle sie ab."


@pytest.fixture
def night(db: None) -> Table:
    """Anna's turn has ended and its night has run: it is Bea's turn."""
    table = create_table({"host": {"name": "Anna", "hero": "Wizard"}})
    assert table.act(table.host, "end_turn").status_code == 200
    ran = table.act(table.host, "night", {"seat": "1", "round": 1})
    assert ran.status_code == 200, ran.content
    return table


def events(table: Table, client, **headers: str) -> list[dict]:
    response = client.get(table.url("events/"), **headers)
    assert response.status_code == 200, response.content
    return list(response.json()["events"])


def by_type(events: list[dict], kind: str) -> dict:
    return next(event for event in events if event["type"] == kind)


def test_the_same_night_reads_in_german_and_in_english(night: Table):
    english = events(night, night.host, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    german = events(night, night.host, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")

    assert by_type(english, "night_began")["summary"] == NIGHT_EN
    assert by_type(german, "night_began")["summary"] == NIGHT_DE
    assert by_type(english, "night_began")["steps"][0]["text"] == DRAW_EN
    assert by_type(german, "night_began")["steps"][0]["text"] == DRAW_DE
    assert by_type(english, "turn_passed")["summary"] == "Round 1: Bea's turn."
    assert by_type(german, "turn_passed")["summary"] == "Runde 1: Bea ist am Zug."
    # The same events, the same facts: only the words differ.
    assert [(e["seq"], e["type"], e["data"]) for e in english] == [
        (e["seq"], e["type"], e["data"]) for e in german
    ]
    card = by_type(german, "darkness_spreads_card")
    assert card["summary"].startswith("„Die Dunkelheit breitet sich aus“ 1/1: ")
    assert all("msg" not in step and "rule_msg" not in step for step in card["steps"])


def test_a_phone_in_a_language_the_app_does_not_speak_reads_english(night: Table):
    french = events(night, night.host, HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert by_type(french, "night_began")["summary"] == NIGHT_EN


def test_the_answer_to_a_command_is_in_the_reader_s_language(db: None):
    table = create_table({"host": {"name": "Anna", "hero": "Wizard"}})
    table.act(table.host, "end_turn")
    ran = table.act(table.player, "night", {"seat": "1", "round": 1}, HTTP_ACCEPT_LANGUAGE="de")
    assert ran.status_code == 200, ran.content
    assert by_type(ran.json()["events"], "night_began")["summary"] == NIGHT_DE
    assert by_type(ran.json()["events"], "turn_passed")["summary"] == "Runde 1: Bea ist am Zug."


def test_a_seat_s_own_language_comes_before_its_phone_s(night: Table):
    chosen = night.player.patch(
        night.url("seat/language/"), {"language": "de"}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert chosen.status_code == 200, chosen.content
    assert chosen.json() == {"seat_id": "2", "language": "de", "reads_in": "de"}

    # Bea's phone says English, her seat says German: German. Anna's seat chose nothing.
    bea = events(night, night.player, HTTP_ACCEPT_LANGUAGE="en")
    anna = events(night, night.host, HTTP_ACCEPT_LANGUAGE="en")
    assert by_type(bea, "night_began")["summary"] == NIGHT_DE
    assert by_type(anna, "night_began")["summary"] == NIGHT_EN
    assert night.player.get(night.url()).json()["language"] == "de"
    # ?lang= reads one request otherwise.
    once = night.player.get(night.url("events/"), {"lang": "en"}).json()["events"]
    assert by_type(once, "night_began")["summary"] == NIGHT_EN

    cleared = night.player.patch(night.url("seat/language/"), {"language": ""}, format="json")
    assert cleared.json()["language"] == ""
    bea = events(night, night.player, HTTP_ACCEPT_LANGUAGE="en")
    assert by_type(bea, "night_began")["summary"] == NIGHT_EN


def test_a_seat_cannot_choose_a_language_the_app_does_not_speak(night: Table):
    refused = night.player.patch(night.url("seat/language/"), {"language": "fr"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid"
    assert "language" in refused.json()["fields"]


def test_the_server_s_own_words_follow_the_reader(night: Table):
    bad = night.host.get(night.url("events/"), {"after": "x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert bad.status_code == 400
    assert bad.json()["detail"] == "Einige Felder sind ungültig."
    assert bad.json()["fields"] == {"after": ["Muss eine ganze Zahl sein."]}
    stranger = night.outsider.get(night.url("events/"), HTTP_ACCEPT_LANGUAGE="de")
    assert stranger.status_code == 404
    assert stranger.json()["detail"] == (
        "Dieses Spiel gibt es nicht, oder dein Token gehört nicht dazu."
    )
    english = night.host.get(night.url("events/"), {"after": "x"}, HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["detail"] == "Some fields are invalid."


def test_a_game_played_before_messages_still_reads_as_it_was(night: Table):
    english = events(night, night.host, HTTP_ACCEPT_LANGUAGE="en")
    # The stored events as they were written before events carried messages: English only.
    for row in GameEvent.objects.filter(game_id=night.game_id):
        row.summary_msg = None
        row.steps = [
            {k: v for k, v in step.items() if k not in ("msg", "rule_msg")} for step in row.steps
        ]
        row.save(update_fields=["summary_msg", "steps"])
    selectors._rendered.clear()

    german = events(night, night.host, HTTP_ACCEPT_LANGUAGE="de")
    assert german == english
    assert by_type(german, "night_began")["summary"] == NIGHT_EN


def change_summaries(messages: list[dict], kind: str) -> list[str]:
    return [m["summary"] for m in messages if m["type"] == kind]


def test_two_phones_at_one_table_each_stream_the_night_in_their_own_language(night: Table):
    german = read_stream(
        night.player.get(night.url("stream/"), HTTP_LAST_EVENT_ID="0", HTTP_ACCEPT_LANGUAGE="de")
    )
    english = read_stream(
        night.host.get(night.url("stream/"), HTTP_LAST_EVENT_ID="0", HTTP_ACCEPT_LANGUAGE="en")
    )
    assert change_summaries(german, "night_began") == [NIGHT_DE]
    assert change_summaries(english, "night_began") == [NIGHT_EN]
    assert change_summaries(german, "turn_passed") == ["Runde 1: Bea ist am Zug."]
    assert change_summaries(english, "turn_passed") == ["Round 1: Bea's turn."]
    assert [m["id"] for m in german] == [m["id"] for m in english]


def test_an_open_stream_follows_its_seat_s_new_language(night: Table):
    seat = Seat.objects.get(game_id=night.game_id, number=2)
    stream = SeatStream(game_id=night.game_id, seat=seat, after=0, accept_language="en")
    before, _ = stream.read()
    night.player.patch(night.url("seat/language/"), {"language": "de"}, format="json")
    night.act(night.player, "end_turn")  # Bea's turn ends, and her night runs
    assert night.act(night.player, "night", {"seat": "2", "round": 1}).status_code == 200
    after, _ = stream.read()

    def summaries(messages: list[bytes]) -> list[str]:
        found = []
        for message in messages:
            head, _, data = message.decode().partition("data: ")
            if "event: change" in head:
                found.append(json.loads(data)["summary"])
        return found

    assert NIGHT_EN in summaries(before)
    assert summaries(after) and all(s != NIGHT_EN for s in summaries(after))
    assert any(s.startswith("Nacht nach dem Zug von Bea: ") for s in summaries(after))
    (state,) = [m for m in after if m.startswith(b"event: state")]
    patch = json.loads(state.decode().partition("data: ")[2])["patch"]
    assert {"op": "replace", "path": "/language", "value": "de"} in patch


@pytest.mark.django_db(transaction=True)
def test_under_asgi_each_connection_reads_its_own_language():
    from dotr_companion.asgi import application

    table = create_table({"host": {"name": "Anna", "hero": "Wizard"}})
    table.act(table.host, "end_turn")
    table.act(table.host, "night", {"seat": "1", "round": 1})

    async def stream(token: str, language: bytes) -> bytes:
        sent: list[dict] = []

        async def receive() -> dict:
            if not sent:
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        scope = {
            "type": "http",
            "method": "GET",
            "path": f"/api/v1/games/{table.game_id}/stream/",
            "query_string": b"",
            "headers": [
                (b"authorization", f"Bearer {token}".encode()),
                (b"accept-language", language),
            ],
            "scheme": "http",
            "server": ("127.0.0.1", 80),
            "client": ("127.0.0.1", 5000),
        }
        await application(scope, receive, send)
        return b"".join(m.get("body", b"") for m in sent[1:])

    german = asyncio.run(stream(table.player_token, b"de-DE,de;q=0.9")).decode()
    english = asyncio.run(stream(table.host_token, b"en-US")).decode()
    assert json.dumps(NIGHT_DE)[1:-1] in german  # the stream's JSON escapes "ü"
    assert NIGHT_EN in english
    assert json.dumps(NIGHT_DE)[1:-1] not in english


def test_why_an_action_is_unavailable_reads_in_the_reader_s_language(db: None):
    table = create_table({"host": {"name": "Anna", "hero": "Wizard"}})

    def redo(**headers: str) -> dict:
        listed = table.host.get(table.url("actions/"), **headers)
        assert listed.status_code == 200, listed.content
        return next(a for a in listed.json()["actions"] if a["type"] == "redo")

    assert redo(HTTP_ACCEPT_LANGUAGE="en")["reason"] == "There is nothing to redo."
    assert redo(HTTP_ACCEPT_LANGUAGE="de")["reason"] == "Es gibt nichts wiederherzustellen."
    refused = table.act(table.host, "redo", {}, HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 400, refused.content
    assert refused.json()["detail"] == "Es gibt nichts wiederherzustellen."
