"""Fuzz the API from its own OpenAPI schema: whatever is sent, never a 5xx.

The cases come from the schema the app serves; they are sent through Django's test client so
that each runs inside the test's transaction, on SQLite or PostgreSQL alike.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
import schemathesis
from django.core.cache import cache
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.core import NOT_SET

from tests.conftest import GENERIC_SETUP, client_for, create_table

schema = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))


@pytest.fixture
def host_table(db):
    return create_table(GENERIC_SETUP)


@schema.parametrize()
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.django_db
def test_no_request_makes_the_server_fail(case, host_table):
    cache.clear()  # let the fuzzing past the create and join throttles
    path_parameters = dict(case.path_parameters or {})
    # Aim half the cases at a real game with a real token, so the fuzzing reaches the engine.
    if "game_id" in path_parameters and hash(repr(case.body)) % 2:
        path_parameters["game_id"] = host_table.game_id
    path = case.operation.path.format(**path_parameters)
    query = urlencode(case.query or {}, doseq=True)
    if case.body is NOT_SET:
        body = b""
    elif isinstance(case.body, bytes):
        body = case.body
    else:
        body = json.dumps(case.body).encode()
    client = client_for(host_table.host_token)
    response = client.generic(
        case.method.upper(),
        f"{path}?{query}" if query else path,
        body,
        content_type="application/json",
        **{
            f"HTTP_{k.upper().replace('-', '_')}": str(v)
            for k, v in (case.headers or {}).items()
            if k.lower() not in ("authorization", "content-type")
        },
    )
    assert response.status_code < 500, (case.method, path, case.body, response.content[:500])
