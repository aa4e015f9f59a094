"""Nothing hidden is derivable while a game can still go on.

An ended game can be resumed by undoing its ending, so the seed that shuffled its piles and dealt
its hands is revealed only once the table closes it, and a closed game takes no command at all.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from deck_tracker.engine.game import start_game
from deck_tracker.models import Game
from tests.conftest import GENERIC_SETUP, Table

pytestmark = pytest.mark.django_db


def everything_a_phone_can_read(table: Table, client: Any) -> list[str]:
    """Every response body a seat can fetch about its game: state, events, history, stream."""
    bodies = [
        client.get(table.url()).content.decode(),
        client.get(table.url("events/"), {"after": 0, "limit": 500}).content.decode(),
        client.get(table.url("actions/")).content.decode(),
        client.get("/api/v1/awards/export.json").content.decode(),
    ]
    stream = client.get(table.url("stream/"), HTTP_LAST_EVENT_ID="0")
    bodies.append(b"".join(stream.streaming_content).decode())
    return bodies


def secrets_in(texts: list[str]) -> set[str]:
    """Every string in the responses that could be a seed (a token of 16 or more characters)."""
    found: set[str] = set()
    for text in texts:
        found.update(re.findall(r"[A-Za-z0-9_\-]{16,}", text))
    return found


def reproduces_the_piles(candidate: str, *, initial_draw_pile: list[str]) -> bool:
    """Whether setting the game up with ``candidate`` as its seed gives the same piles (and so
    the hands dealt from them and every draw still to come)."""
    state, _ = start_game(GENERIC_SETUP, seed=candidate)
    return bool(state["decks"]["test"]["draw"] == initial_draw_pile)


def test_after_ending_and_undoing_no_response_reveals_the_hand_or_the_next_draws(table: Table):
    game = Game.objects.get(pk=table.game_id)
    seed, initial_draw_pile = game.seed, list(game.state["decks"]["test"]["draw"])
    assert reproduces_the_piles(seed, initial_draw_pile=initial_draw_pile)
    table.act(table.host, "draw", {"deck": "test", "count": 3})  # the host's hidden hand
    assert table.act(table.player, "end_game", {"result": "lost", "reason": "x"}).status_code == 200
    responses = everything_a_phone_can_read(table, table.player)
    undone = table.act(table.player, "undo")
    assert undone.status_code == 200
    responses.append(undone.content.decode())
    responses += everything_a_phone_can_read(table, table.player)

    game = Game.objects.get(pk=table.game_id)
    assert game.state["outcome"] is None  # the game goes on
    assert not any(seed in text or game.seed in text for text in responses)
    derivable = [
        candidate
        for candidate in secrets_in(responses)
        if reproduces_the_piles(candidate, initial_draw_pile=initial_draw_pile)
    ]
    assert derivable == []
    assert json.loads(responses[-5])["revealed_seeds"] == []


def test_a_closed_game_takes_no_command_not_even_undo(table: Table):
    refused = table.act(table.host, "close_game")
    assert refused.status_code == 400  # only an ended game can be closed
    table.act(table.host, "end_game", {"result": "won", "reason": "The Realm is saved"})
    assert table.act(table.host, "close_game").status_code == 200
    undo = table.act(table.player, "undo")
    assert undo.status_code == 400
    assert undo.json()["code"] == "game_closed"
    assert table.host.get(table.url()).json()["state"]["outcome"]["result"] == "won"
    commands = table.host.get(table.url("actions/")).json()
    listed = commands["actions"] if isinstance(commands, dict) else commands
    assert not any(c.get("available") for c in listed if isinstance(c, dict))
