"""The served schema is the one description of the API: a client generated from it plays.

openapi-python-client (offline) generates a Python client from ``GET /api/schema/`` once per
test session; the client's own HTTP calls reach the app in-process (an httpx transport that
hands each request to Django's test client, inside the test's transaction). A short game of
each game system is played through it: created and joined without credentials, actions sent
as the typed form of their ``type``, a stale version answered with a typed 409, the live
stream read as ``text/event-stream``, and the action list asked for in German by ``?lang=``.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import httpx
import pytest
from django.test import Client as DjangoClient

from tests.conftest import TEST_CARDS

PACKAGE = "dotr_generated_client"
BASE_URL = "http://testserver"


class DjangoTransport(httpx.BaseTransport):
    """httpx -> Django's test client: the generated client's requests, served in-process."""

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        path = request.url.raw_path.decode("ascii")
        headers = {
            name: value
            for name, value in request.headers.items()
            if name.lower() not in ("host", "content-length", "content-type")
        }
        response = DjangoClient().generic(
            request.method,
            path,
            request.read(),
            content_type=request.headers.get("content-type", "application/octet-stream"),
            headers=headers,
        )
        content = b"".join(response.streaming_content) if response.streaming else response.content
        return httpx.Response(
            response.status_code, headers=list(response.headers.items()), content=content
        )


@pytest.fixture(scope="session")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The generated client package, from the schema the app serves."""
    served = DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert served.status_code == 200
    folder = tmp_path_factory.mktemp("generated")
    schema = folder / "schema.json"
    schema.write_bytes(served.content)
    config = folder / "config.json"
    # No post hooks: the generated code is imported as it is, not reformatted.
    config.write_text(json.dumps({"package_name_override": PACKAGE, "post_hooks": []}))
    generated = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(schema),
         "--config", str(config), "--meta", "none", "--output-path", str(folder / PACKAGE)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert generated.returncode == 0, generated.stdout + generated.stderr
    # Every operation and every schema made it into the client (no warning, nothing skipped).
    assert "Warning" not in generated.stdout + generated.stderr, generated.stdout
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def _module(api: ModuleType, name: str) -> Any:
    return importlib.import_module(f"{api.__name__}.{name}")


def anonymous(api: ModuleType) -> Any:
    return api.Client(base_url=BASE_URL, httpx_args={"transport": DjangoTransport()})


def seated(api: ModuleType, token: str) -> Any:
    return api.AuthenticatedClient(
        base_url=BASE_URL, token=token, httpx_args={"transport": DjangoTransport()}
    )


def endpoint(api: ModuleType, operation: str) -> Any:
    return _module(api, f"api.v1.{operation}")


class GeneratedTable:
    """A game created and joined through the generated client, played action by action."""

    def __init__(self, api: ModuleType, setup: dict[str, Any]):
        self.api = api
        models = _module(api, "models")
        self.models = models
        # Anyone may create and join: the plain client (no credentials) is accepted by both.
        created = endpoint(api, "v1_games_create").sync(
            client=anonymous(api), body=models.SetupRequest.from_dict(setup)
        )
        assert isinstance(created, models.CreatedGameOut), created
        self.game_id = created.id
        joined = endpoint(api, "v1_games_join_create").sync(
            client=anonymous(api),
            body=models.JoinRequest(join_code=created.join_code, name="Bea"),
        )
        assert isinstance(joined, models.JoinedOut), joined
        self.host = seated(api, created.token)
        self.player = seated(api, joined.token)
        self.version = joined.version

    def act(self, seat: Any, type: str, args: dict[str, Any] | None = None) -> Any:
        """Send the action as the typed form of its ``type``: the client has one per type."""
        name = "".join(part.capitalize() for part in type.split("_")) + "Action"
        action = getattr(self.models, name).from_dict(
            {"type": type, "args": args or {}, "expected_version": self.version}
        )
        result = endpoint(self.api, "v1_games_actions_create").sync(
            game_id=self.game_id, client=seat, body=action
        )
        assert isinstance(result, self.models.ActionResultOut), (type, result)
        self.version = result.version
        return result

    def stale(self, seat: Any) -> Any:
        """An action at an old version: the typed 409 says what the phone missed."""
        action = self.models.UndoAction(
            type_=self.models.UndoActionType.UNDO,
            args=self.models.UndoActionArgs(),
            expected_version=self.version - 1,
        )
        return endpoint(self.api, "v1_games_actions_create").sync(
            game_id=self.game_id, client=seat, body=action
        )

    def stream(self, seat: Any, after: int = 0) -> str:
        return endpoint(self.api, "v1_games_stream_retrieve").sync(
            game_id=self.game_id, client=seat, after=after
        )


def hand_of(table: GeneratedTable, seat: str) -> list[str]:
    game = endpoint(table.api, "v1_games_retrieve").sync(game_id=table.game_id, client=table.host)
    return list(game.state.to_dict()["hands"][seat])


GAMES: dict[str, tuple[dict[str, Any], list[tuple[str, str, dict[str, Any]]]]] = {
    # The plain deck tracker: draw, discard what was drawn, shuffle, undo, the end.
    "generic": (
        {"system": "generic", "host": {"name": "Ada"}, "decks": {"test": {"cards": TEST_CARDS}}},
        [
            ("host", "draw", {"deck": "test", "count": 2}),
            ("host", "discard", {"deck": "test", "cards": ["$hand"]}),
            ("host", "shuffle", {"deck": "test", "include_discard": True}),
            ("host", "undo", {}),
            ("host", "end_game", {"result": "won", "reason": "The table says so."}),
        ],
    ),
    # Defenders of the Realm: a hero card drawn, the turn ended, the night run, an undo.
    "dotr": (
        {"system": "dotr", "host": {"name": "Ada", "hero": "Wizard"}},
        [
            ("host", "draw", {"deck": "hero", "count": 1}),
            ("host", "end_turn", {}),
            ("host", "night", {"seat": "1", "round": 1}),
            ("host", "undo", {}),
        ],
    ),
    # Battlefields: each side chooses its objective, the table draws a battlefield.
    "battlefields": (
        {"system": "battlefields", "host": {"name": "Ada"}, "options": {"mode": "skirmish"}},
        [
            ("host", "choose_objective", {"tile": "red-1"}),
            ("player", "choose_objective", {"tile": "blue-1"}),
            ("host", "draw_battlefields", {"tiles": ["capital"]}),
            ("host", "undo", {}),
        ],
    ),
    # Talisman: The Dragon: a move, a dragon token drawn, the next turn.
    "talisman-dragon": (
        {
            "system": "talisman-dragon",
            "host": {"name": "Ann", "hero": "Conjurer"},
            "options": {"inner_region": "dragon-tower", "lord_lives": {"varthrax": 2}},
        },
        [
            ("host", "move", {"space": "chapel"}),
            ("host", "draw_dragon_token", {"token": "varthrax"}),
            ("host", "next_turn", {}),
        ],
    ),
}


def test_the_schema_lists_every_game_system(api: ModuleType) -> None:
    systems = {member.value for member in _module(api, "models").SetupRequestSystem}
    assert systems == set(GAMES)


@pytest.mark.django_db
@pytest.mark.parametrize("system", list(GAMES))
def test_a_generated_client_plays_a_short_game(api: ModuleType, system: str) -> None:
    setup, moves = GAMES[system]
    table = GeneratedTable(api, setup)
    models = table.models
    played = []
    for who, type, args in moves:
        if args.get("cards") == ["$hand"]:
            args = args | {"cards": hand_of(table, "1")[:1]}
        result = table.act(getattr(table, who), type, args)
        played.extend(event.type_ for event in result.events)
    assert played, system

    # A phone one version behind is told, typed, what it missed.
    stale = table.stale(table.player)
    assert isinstance(stale, models.ConflictOut), stale
    assert stale.code == "stale_version"
    assert stale.current_version == table.version
    assert stale.changes and {event.version for event in stale.changes} == {table.version}

    # The live stream is text/event-stream, read to its end (STREAM_MAX_SECONDS in tests).
    stream = table.stream(table.player)
    assert isinstance(stream, str)
    assert "event: change" in stream and "event: state" in stream

    # The actions on offer, in German by ?lang=.
    lang = models.V1GamesActionsRetrieveLang
    read = endpoint(api, "v1_games_actions_retrieve")
    english = read.sync(game_id=table.game_id, client=table.host, lang=lang.EN)
    german = read.sync(game_id=table.game_id, client=table.host, lang=lang.DE)
    assert isinstance(german, models.ActionListOut), german
    undo = {a.type_: a.description for a in english.actions}["undo"]
    assert {a.type_: a.description for a in german.actions}["undo"] not in ("", undo)


def test_the_stream_takes_the_seat_token_as_the_one_scheme_it_is(api: ModuleType) -> None:
    schema = json.loads(DjangoClient().get("/api/schema/", HTTP_ACCEPT="application/json").content)
    schemes = schema["components"]["securitySchemes"]
    # One scheme per credential: a seat's token, an account's token, the session cookie, and the
    # stream's ticket (EventSource sends no header).
    assert sorted(schemes) == ["accountToken", "gameToken", "sessionCookie", "streamTicket"]
    stream = schema["paths"]["/api/v1/games/{game_id}/stream/"]["get"]
    assert stream["security"] == [{"gameToken": []}, {"streamTicket": []}]
    assert list(stream["responses"]["200"]["content"]) == ["text/event-stream"]
    assert "format" not in {p["name"] for p in stream["parameters"]}
    for path in ("/api/v1/games/", "/api/v1/games/join/"):
        assert "security" not in schema["paths"][path]["post"], path
