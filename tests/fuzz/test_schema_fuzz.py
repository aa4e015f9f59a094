"""The schema is the truth: every response, fuzzed or not, conforms to the OpenAPI schema.

The cases come from the schema the app serves; they are sent through Django's test client, so
that each runs inside the test's transaction (SQLite or PostgreSQL alike), and each response is
checked by schemathesis: no 5xx, a documented status code, content type and body. Half the
cases that name a game are aimed at a real game with its host's token (chosen by a checksum of
the case, so the same cases go the same way on every run), so that the fuzzing reaches the
engine; the actions every table uses are then sent at the current version, and must be
accepted, with conforming answers.

Slow (about a minute or two): ``pytest -m slow``; CI runs it on PostgreSQL after the suite.
"""

from __future__ import annotations

import json
import os
import zlib
from typing import Any
from urllib.parse import urlencode

import pytest
import requests
import schemathesis
from django.core.cache import cache
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.core import NOT_SET
from schemathesis.core.transport import Response
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import GENERIC_SETUP, TEST_CARDS, Table, client_for, create_table

pytestmark = pytest.mark.slow

schema = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
ACTIONS = "/api/v1/games/{game_id}/actions/"


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    # Registration and sign-in hash passwords; the production hasher is slow on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host_table(db: None) -> Table:
    return create_table(GENERIC_SETUP)


def aimed_at_the_table(case: Any) -> bool:
    """Deterministic: a checksum of what the case sends, never ``hash()`` (salted per run)."""
    sent = json.dumps([case.path_parameters, case.query, case.body], sort_keys=True, default=repr)
    return zlib.crc32(sent.encode("utf-8", "surrogatepass")) % 2 == 0


def send(case: Any, client: Any, path_parameters: dict[str, Any]) -> Response:
    """Send ``case`` through the test client; the answer as schemathesis reads one."""
    path = case.operation.path.format(**path_parameters)
    query = urlencode(case.query or {}, doseq=True)
    url = f"{path}?{query}" if query else path
    if case.body is NOT_SET:
        body = b""
    elif isinstance(case.body, bytes):
        body = case.body
    else:
        body = json.dumps(case.body).encode("utf-8", "surrogatepass")
    headers = {
        k: str(v)
        for k, v in (case.headers or {}).items()
        if k.lower() not in ("authorization", "content-type")
    }
    response = client.generic(
        case.method.upper(),
        url,
        body,
        content_type="application/json",
        **{f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()},
    )
    content = (
        b"".join(response.streaming_content) if response.streaming else bytes(response.content)
    )
    request = requests.Request(
        case.method.upper(), f"http://testserver{url}", headers=headers, data=body
    ).prepare()
    return Response(
        status_code=response.status_code,
        headers={name: [value] for name, value in response.headers.items()},
        content=content,
        request=request,
        elapsed=0.0,
        verify=False,
        encoding="utf-8",
    )


# Cases per operation: SCHEMA_FUZZ_EXAMPLES (default 60).
EXAMPLES = int(os.environ.get("SCHEMA_FUZZ_EXAMPLES", "60"))


@schema.parametrize()
@settings(
    max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@pytest.mark.django_db
def test_every_response_conforms_to_the_schema(case, host_table):
    cache.clear()  # let the fuzzing past the create and join throttles
    path_parameters = dict(case.path_parameters or {})
    if "game_id" in path_parameters and aimed_at_the_table(case):
        path_parameters["game_id"] = host_table.game_id
    response = send(case, client_for(host_table.host_token), path_parameters)
    case.validate_response(response, checks=CHECKS)


# A table whose own rules let a player look at the top of its deck (``peek``).
PEEKABLE_SETUP = {**GENERIC_SETUP, "decks": {"test": {"cards": TEST_CARDS, "peek": True}}}
# The actions every table uses, in an order in which each is accepted.
GENERIC_ACTIONS = [
    ("draw", {"deck": "test", "count": 2}),
    ("peek", {"deck": "test", "count": 2}),
    ("discard", {"deck": "test", "cards": ["$hand"]}),
    ("shuffle", {"deck": "test", "include_discard": True}),
    ("undo", {}),
    ("redo", {}),
    ("end_game", {"result": "won", "reason": "The table says so."}),
]
DOTR_ACTIONS = [
    ("draw", {"deck": "hero", "count": 1}),
    ("end_turn", {}),
    ("night", {"seat": "1", "round": 1}),
    ("set_location", {"location": "monarch-city", "minions": {"red": 1}, "reason": "A fix."}),
    ("undo", {}),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "setup,actions",
    [
        (PEEKABLE_SETUP, GENERIC_ACTIONS),
        ({"host": {"name": "Ada", "hero": "Wizard"}}, DOTR_ACTIONS),
    ],
    ids=["generic", "dotr"],
)
def test_accepted_actions_conform_to_the_schema(setup, actions):
    table = create_table(setup)
    operation = schema[ACTIONS]["POST"]
    for action, args in actions:
        if args.get("cards") == ["$hand"]:
            args = args | {"cards": table.state()["hands"]["1"][:1]}
        body = {"type": action, "args": args, "expected_version": table.version()}
        case = operation.Case(path_parameters={"game_id": table.game_id}, body=body)
        response = send(case, table.host, {"game_id": table.game_id})
        assert response.status_code == 200, (action, response.content[:300])
        case.validate_response(response, checks=CHECKS)
