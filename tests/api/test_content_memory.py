"""What tables read is remembered for the game's owner (its account group, else the game): one
write path, nothing lost when tables read at once; a value read again replaces the one kept, and
what an anonymous game read stays its own."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from deck_tracker.awards.models import Player, PlayerGroup, SeatPlayer
from deck_tracker.content.memory import remember_card
from deck_tracker.content.selectors import Owner, content_overlays_for_setup, owner_overlays
from deck_tracker.models import ContentEntry, ContentOverlay, Game, Seat
from tests.conftest import using_postgres

DS = "darkness_spreads"


def _card(number: int, location: str = "dark-woods") -> dict:
    return {
        "cards": {
            DS: [
                {
                    "id": f"dx-ds-onyx-{number}",
                    "name": "Onyx Darkness Spreads card",
                    "kind": "standard",
                    "data": {
                        "placements": [{"location": location, "colour": "black", "count": 1}],
                        "general": "onyx",
                        "general_to": "next",
                        "general_minions": 0,
                    },
                }
            ]
        }
    }


def _group() -> PlayerGroup:
    owner = get_user_model().objects.create_user("alice", password="x")
    return PlayerGroup.objects.create(owner=owner, name="Thursday table")


def _game(number: int = 0, group: PlayerGroup | None = None) -> Game:
    game = Game.objects.create(
        state={}, setup={}, seed="memory", join_code=f"MEM{number}", content_group=group
    )
    _host(game)
    return game


def _host(game: Game) -> Seat:
    """The game's host seat: for a group's game, the group's owner sitting as a player."""
    seat = Seat.objects.filter(game=game, number=1).first()
    if seat is not None:
        return seat
    seat = Seat.objects.create(
        game=game, number=1, name="Host", is_host=True, token_hash=f"host-{game.join_code}"
    )
    group = game.content_group
    if group is not None:
        player, _ = Player.objects.get_or_create(group=group, name="Ada", account=group.owner)
        SeatPlayer.objects.create(game=game, seat=seat, player=player, account=group.owner)
    return seat


def _stored(group: PlayerGroup) -> dict:
    """What the group's next game starts knowing of the Dragon pack."""
    return content_overlays_for_setup(group_id=group.pk)["dotr-dragon"]


def _version(group: PlayerGroup, card_id: str) -> int:
    return ContentEntry.objects.get(group=group, kind="card", key=card_id).version


@pytest.mark.django_db
def test_a_reading_is_stored_once_and_a_value_read_again_replaces_the_one_kept() -> None:
    group = _group()
    game = _game(group=group)
    assert (
        remember_card(game, _host(game), "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1))
        is True
    )
    # The same reading again changes nothing.
    assert (
        remember_card(game, _host(game), "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1))
        is False
    )
    assert _version(group, "dx-ds-onyx-1") == 1
    # The card read again differently (a misread corrected): the new reading is kept.
    later = _game(1, group=group)
    assert (
        remember_card(
            later, _host(later), "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1, "windy-pass")
        )
        is True
    )
    (card,) = _stored(group)["cards"][DS]
    assert card["data"]["placements"][0]["location"] == "windy-pass"
    assert _version(group, "dx-ds-onyx-1") == 2
    value = {"values": {"generals/onyx/life": 6}}
    assert remember_card(game, _host(game), "dotr-dragon", "general", "onyx", value) is True
    assert _stored(group)["values"] == {"generals/onyx/life": 6}
    # Kept for the group, never in the shipped values every table starts from.
    assert not ContentOverlay.objects.filter(pack_id="dotr-dragon").exists()


@pytest.mark.django_db
def test_what_an_anonymous_game_read_stays_its_own() -> None:
    game, other = _game(), _game(1)
    assert (
        remember_card(game, _host(game), "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1))
        is True
    )
    (card,) = owner_overlays(Owner(game_id=game.pk))["dotr-dragon"]["cards"][DS]
    assert card["id"] == "dx-ds-onyx-1"
    assert owner_overlays(Owner(game_id=other.pk)) == {}
    assert "dotr-dragon" not in content_overlays_for_setup()


@pytest.mark.django_db
def test_a_reading_that_does_not_fit_the_pack_is_not_stored() -> None:
    bad = _card(2, location="nowhere")
    game = _game()
    assert remember_card(game, _host(game), "dotr-dragon", "standard", "dx-ds-onyx-2", bad) is False
    assert not ContentEntry.objects.exists()


TABLES = 6


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_six_tables_of_a_group_reading_at_once_lose_no_card() -> None:
    group = _group()
    games = [_game(n, group=group) for n in range(TABLES)]
    start = threading.Barrier(TABLES)
    errors: list[str] = []

    def table(index: int) -> None:
        try:
            start.wait()
            number = index + 1
            remember_card(
                games[index],
                _host(games[index]),
                "dotr-dragon",
                "standard",
                f"n{number}",
                _card(number),
            )
        except Exception as error:  # pragma: no cover - reported below
            errors.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=table, args=(i,)) for i in range(TABLES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    ids = sorted(card["id"] for card in _stored(group)["cards"][DS])
    assert ids == sorted(f"dx-ds-onyx-{n}" for n in range(1, TABLES + 1))
