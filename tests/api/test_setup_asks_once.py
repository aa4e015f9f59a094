"""The setup screen asks a group only once for what the table reads from a card: a dragon
General's life the group entered in an earlier game is known to the group's next setup."""

from __future__ import annotations

from typing import Any

import pytest

from .test_content_owners import create, group_of

pytestmark = pytest.mark.django_db


def onyx_fields(client: Any) -> dict[str, dict[str, Any]]:
    scenarios = client.get("/api/v1/scenarios/").json()
    standard = next(item for item in scenarios if item["id"] == "standard")
    return {field["field"]: field for field in standard["general_entries"]["onyx"]["fields"]}


def test_a_dragons_life_a_group_entered_is_not_asked_of_that_group_again() -> None:
    alice, group, ada = group_of("alice", "Thursday table", "Ada")
    fields = onyx_fields(alice)
    life = fields["life"]
    assert life["known"] is None and life["known_in_groups"] == []
    made = create(
        alice,
        {"expansions": ["dragon"], "generals": {"black": "onyx"}, "entries": {life["id"]: 7}},
        ada,
    )
    assert made.status_code == 201, made.content
    life = onyx_fields(alice)["life"]
    assert life["known_in_groups"] == [group]
    assert life["known"] is None  # still unknown to everyone else
