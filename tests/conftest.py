"""Personas and helpers shared by the API tests.

At every table: the *host* (who created the game, seat 1), a seated *player* (seat 2) and an
*outsider* (the host of another game, holding a valid token that is not for this one).
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.test import APIClient

from dotr_companion.celery import app as celery_app

TEST_CARDS = [f"c{n:02d}" for n in range(1, 21)]


@pytest.fixture(scope="session", autouse=True)
def _static_files_from_source() -> Iterator[None]:
    # The tests read the client's files as they are in the checkout (nothing to collect first);
    # tests/serving/test_static_files.py checks what collectstatic writes and the server sends.
    from django.test import override_settings

    with override_settings(
        STATIC_FROM_SOURCE=True,
        WHITENOISE_USE_FINDERS=True,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
    ):
        yield


@pytest.fixture(autouse=True)
def _celery_eager() -> None:
    # Tests run tasks in-process unless they ask for a real worker.
    celery_app.conf.task_always_eager = True


@pytest.fixture(autouse=True)
def _short_streams(settings: Any) -> None:
    # A live stream normally stays open for STREAM_MAX_SECONDS; tests read it to the end.
    settings.STREAM_MAX_SECONDS = 0.3


@pytest.fixture(autouse=True)
def _seeded_games(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every game a test creates gets a seed of its own derived from the test's name, so that a
    # shuffle or a deal is the same on every run: a test that passes passes always.
    count = itertools.count()

    def seed() -> str:
        return hashlib.sha256(f"{request.node.nodeid}:{next(count)}".encode()).hexdigest()[:32]

    monkeypatch.setattr("deck_tracker.games.services.new_seed", seed)


DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}


@pytest.fixture(autouse=True)
def _fresh_throttles(request: pytest.FixtureRequest) -> None:
    from django.conf import settings
    from django.core.cache import caches

    in_database = any("Redis" not in spec["BACKEND"] for spec in settings.CACHES.values())
    if in_database:
        # Without Redis the throttle counts live in the database: only tests that use it.
        if not (
            request.node.get_closest_marker("django_db")
            or DATABASE_FIXTURES & set(request.fixturenames)
        ):
            return
        request.getfixturevalue("_django_db_helper")
    for alias in settings.CACHES:
        caches[alias].clear()


def using_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def client_for(token: str | None = None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


@dataclass
class Table:
    game_id: str
    join_code: str
    host: APIClient
    player: APIClient
    outsider: APIClient
    host_token: str
    player_token: str

    def url(self, suffix: str = "") -> str:
        return f"/api/v1/games/{self.game_id}/{suffix}"

    def version(self, client: APIClient | None = None) -> int:
        response = (client or self.host).get(self.url())
        assert response.status_code == 200, response.content
        return int(response.json()["version"])

    def act(
        self,
        client: APIClient,
        type: str,
        args: dict[str, Any] | None = None,
        *,
        expected_version: int | None = None,
        **headers: str,
    ) -> Any:
        if expected_version is None:
            expected_version = self.version(client)
        return client.post(
            self.url("actions/"),
            {"type": type, "args": args or {}, "expected_version": expected_version},
            format="json",
            **headers,
        )

    def state(self, client: APIClient | None = None) -> dict[str, Any]:
        return dict((client or self.host).get(self.url()).json()["state"])


def create_table(setup: dict[str, Any]) -> Table:
    anonymous = APIClient()
    created = anonymous.post("/api/v1/games/", setup, format="json")
    assert created.status_code == 201, created.content
    game = created.json()
    joined = anonymous.post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    other = anonymous.post("/api/v1/games/", setup, format="json").json()
    return Table(
        game_id=game["id"],
        join_code=game["join_code"],
        host=client_for(game["token"]),
        player=client_for(joined.json()["token"]),
        outsider=client_for(other["token"]),
        host_token=game["token"],
        player_token=joined.json()["token"],
    )


GENERIC_SETUP = {
    "system": "generic",
    "host": {"name": "Ada", "hero": "Wizard"},
    "decks": {"test": {"cards": TEST_CARDS}},
}


@pytest.fixture
def table(db: None) -> Table:
    return create_table(GENERIC_SETUP)
