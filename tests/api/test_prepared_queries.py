"""The prepared queries (``selectors.PreparedQuery``) give the rows the ORM gives: the same
instances, field by field (JSON decoded, dates aware, the annotation of the account's language),
on SQLite and PostgreSQL alike."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Model

from deck_tracker.games import languages, selectors, services
from deck_tracker.games.services import hash_token
from deck_tracker.models import Game, GameEvent, Seat
from tests.conftest import GENERIC_SETUP, create_table

pytestmark = pytest.mark.django_db


def fields_of(instance: Model) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_prepared_rows_are_the_orms():
    table = create_table(GENERIC_SETUP)
    for _ in range(3):
        assert table.act(table.host, "draw", {"deck": "test", "to": "table"}).status_code == 200
    game = Game.objects.get(pk=table.game_id)

    seat = selectors.seat_for_token_hash(token_hash=hash_token(table.host_token))
    assert seat is not None and not seat._state.adding and seat._state.db == "default"
    assert fields_of(seat) == fields_of(Seat.objects.get(pk=seat.pk))
    orm_seat = selectors._seat_by_token_hash(hash_token(table.host_token)).first()
    assert orm_seat is not None
    name = languages.ACCOUNT_LANGUAGE
    assert name in vars(seat) and getattr(seat, name) == getattr(orm_seat, name)

    read = selectors.game_by_id(game.pk)
    assert fields_of(read) == fields_of(game)
    assert isinstance(read.state, dict) and read.state == game.state

    seats = selectors.seats_view(game=game)
    assert [s["id"] for s in seats] == [s.key for s in Seat.objects.filter(game=game)]

    events = selectors.events_between(game_id=game.pk, after=1, last=game.last_seq)
    orm = list(GameEvent.objects.filter(game=game, seq__gt=1).order_by("seq"))
    assert [fields_of(e) for e in events] == [fields_of(e) for e in orm]
    assert selectors.game_by_id(game.pk).updated_at.tzinfo is not None


def test_the_event_writes_name_every_column_of_the_model_in_its_order() -> None:
    """An event's row is written by statements built by hand (games/services.py): a field added
    to the model and not to them must fail here, not lose its value in a game."""
    names = [field.name for field in GameEvent._meta.concrete_fields if not field.primary_key]
    assert list(services._EVENT_COLUMNS) == names
