"""Any text a player can type survives a backup and a restore into an empty database.

Every free-text field a player or an account fills through the API gets text drawn by
Hypothesis (with the characters that ``str.splitlines()`` takes for line breaks drawn often):
usernames, names of players, seats, heroes, groups and invitations, the cards of a table's own
deck, an ability card read at the table, a game's ending reason, a reward's effect, an imported
game's scenario, reason and heroes. The server is backed up, emptied, restored with ``manage.py
restore``, and must then hold exactly the rows it held, with every game equal to its replay.
"""

from __future__ import annotations

import tempfile
import uuid
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.sessions.models import Session
from django.core import serializers
from django.core.cache import caches
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from deck_tracker.models import Forecast, IdempotencyRecord
from deck_tracker.operations.backups import kept_models
from tests.awards.conftest import make_account
from tests.conftest import client_for

# What str.splitlines() breaks at besides "\n": JSON leaves the last four unescaped.
LINE_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from(LINE_BREAKS),
        # NUL and lone surrogates are refused by the API (api/parsers.py): no player types them.
        st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
    ),
    min_size=1,
    max_size=24,
).filter(lambda text: text.strip() != "")


def posted(client: APIClient, url: str, body: dict[str, Any], status: int = 201) -> Any:
    response = client.post(url, body, format="json")
    assert response.status_code == status, (url, body, response.content)
    return response.json()


def act(seat: APIClient, game_id: str, kind: str, args: dict[str, Any]) -> None:
    url = f"/api/v1/games/{game_id}/"
    version = seat.get(url).json()["version"]
    body = {"type": kind, "args": args, "expected_version": version}
    posted(seat, url + "actions/", body, status=200)


def fill_the_server(words: list[str]) -> None:
    """A server whose players typed ``words`` into every free-text field."""
    alice = make_account("alice")
    # A username is kept as typed when the account rules take it (usernames.py).
    signed_up = APIClient().post(
        "/api/v1/accounts/", {"username": words[18], "password": "a-long-password"}, format="json"
    )
    assert signed_up.status_code in (201, 400), signed_up.content
    group = posted(
        alice.client, "/api/v1/groups/", {"name": words[0], "reward_effects": {"duke": words[1]}}
    )
    # An invitation is kept by the name typed, whether or not an account has it.
    invited = alice.client.post(
        f"/api/v1/groups/{group['id']}/members/", {"username": words[2]}, format="json"
    )
    assert invited.status_code in (200, 400), invited.content
    player = posted(alice.client, "/api/v1/players/", {"group": group["id"], "name": words[3]})

    setup = {"host": {"name": words[4], "hero": f"{words[5]} 1"}, "expansions": ["heros_calling"]}
    game = posted(alice.client, "/api/v1/games/", {**setup, "player": player["id"]})
    host = client_for(game["token"])
    join = {"join_code": game["join_code"], "name": words[6], "hero": f"{words[7]} 2"}
    posted(APIClient(), "/api/v1/games/join/", join)
    act(
        host,
        game["id"],
        "read_ability",
        {"name": f"{words[8]} A", "type": "combat", "level_1": words[9]},
    )
    act(host, game["id"], "end_game", {"result": "lost", "reason": words[10]})

    cards = [f"{words[11]} {n}" for n in (1, 2, 3)]
    generic = {
        "system": "generic",
        "host": {"name": words[12], "hero": words[13]},
        "decks": {"deck": {"cards": cards}},
    }
    table = posted(APIClient(), "/api/v1/games/", generic)
    act(client_for(table["token"]), table["id"], "draw", {"deck": "deck", "count": 2})

    imported = {
        "uid": str(uuid.uuid4()),
        "played_on": "2025-01-31",
        "generals": ["S"],
        "minions": [],
        "result": "W",
        "scenario": words[14],
        "reason": words[15],
        "heroes": [{"player_name": words[16], "hero": words[17], "minor_fame": 2}],
        "rewards": [{"card": "duke", "hero": words[17], "player_name": words[16]}],
    }
    document = {"format": "dotr-award-tracker", "version": 1, "games": [imported]}
    posted(
        alice.client, "/api/v1/awards/import/", {"group": group["id"], "document": document}, 200
    )


def every_kept_row() -> dict[str, list[dict[str, Any]]]:
    return {
        model._meta.label: serializers.serialize(
            "python", model._default_manager.order_by("pk"), use_natural_foreign_keys=True
        )
        for model in kept_models()
    }


def empty_the_database() -> None:
    """As a freshly migrated database: no row a player or the server made."""
    for model in (IdempotencyRecord, Forecast, Session, *reversed(kept_models())):
        model._default_manager.all().delete()
    for alias in django_settings.CACHES:  # the throttle counts of the examples before
        caches[alias].clear()


@pytest.mark.django_db
@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(words=st.lists(TEXT, min_size=19, max_size=19))
def test_any_text_a_player_types_comes_back_from_a_restore(words: list[str]) -> None:
    empty_the_database()
    fill_the_server(words)
    before = every_kept_row()
    with tempfile.TemporaryDirectory() as directory:
        call_command("backup", "--dir", directory, stdout=StringIO())
        [archive] = Path(directory).glob("*.jsonl.gz")
        empty_the_database()
        call_command("restore", str(archive), stdout=StringIO())
    assert every_kept_row() == before
    verified = StringIO()
    call_command("verify_games", stdout=verified)
    assert "2 game(s) equal their replay" in verified.getvalue()
