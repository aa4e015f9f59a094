"""``manage.py verify_games``: every snapshot equals the replay of its events, or it says which."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from deck_tracker.models import Game
from tests.conftest import GENERIC_SETUP, Table, create_table

pytestmark = pytest.mark.django_db


def verify(*games: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("verify_games", *games, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def play_a_little(table: Table) -> None:
    table.act(table.host, "draw", {"deck": "test", "count": 3})
    table.act(table.player, "draw", {"deck": "test", "count": 2, "to": "table"})
    table.act(table.host, "undo")
    table.act(table.player, "shuffle", {"deck": "test"})


def test_every_game_played_through_the_api_equals_its_replay(table: Table):
    play_a_little(table)
    out, _ = verify()
    assert "2 game(s) equal their replay" in out  # the table, and the outsider's game


def test_a_corrupted_snapshot_makes_verify_games_fail_naming_the_game(table: Table):
    play_a_little(table)
    other = create_table(GENERIC_SETUP)  # with its outsider: 4 games in all
    game = Game.objects.get(pk=table.game_id)
    pile = game.state["decks"]["test"]["draw"]
    pile[0], pile[-1] = pile[-1], pile[0]  # the snapshot's draw order no longer the log's
    Game.objects.filter(pk=game.pk).update(state=game.state)

    err = StringIO()
    with pytest.raises(CommandError, match="1 of 4 game"):
        call_command("verify_games", stdout=StringIO(), stderr=err)
    assert str(game.pk) in err.getvalue() and game.join_code in err.getvalue()
    assert "state.decks.test.draw" in err.getvalue()
    assert other.game_id not in err.getvalue()
    out, _ = verify(other.join_code)  # one game, by its join code
    assert "1 game(s) equal their replay" in out


def test_a_missing_event_makes_verify_games_fail(table: Table):
    play_a_little(table)
    game = Game.objects.get(pk=table.game_id)
    game.events.filter(seq=game.last_seq).delete()
    with pytest.raises(CommandError):
        verify(str(game.pk))
