"""What tables read is remembered: one write path, nothing lost when tables read at once, and an
entry already stored is never silently overwritten."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from deck_tracker.content_memory import remember_card
from deck_tracker.models import ContentOverlay, Game
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


def _game(number: int = 0) -> Game:
    return Game.objects.create(state={}, setup={}, seed="memory", join_code=f"MEM{number}")


def _stored() -> dict:
    return ContentOverlay.objects.get(pack_id="dotr-dragon").data


@pytest.mark.django_db
def test_a_reading_is_stored_once_and_an_earlier_entry_is_kept() -> None:
    game = _game()
    assert remember_card(game, "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1)) is True
    assert remember_card(game, "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1)) is False
    # Another table read the same card differently: the stored entry stays as it was.
    assert (
        remember_card(game, "dotr-dragon", "standard", "dx-ds-onyx-1", _card(1, "windy-pass"))
        is False
    )
    (card,) = _stored()["cards"][DS]
    assert card["data"]["placements"][0]["location"] == "dark-woods"
    assert ContentOverlay.objects.get(pack_id="dotr-dragon").version == 1
    value = {"values": {"generals/onyx/life": 6}}
    assert remember_card(game, "dotr-dragon", "general", "onyx", value) is True
    assert _stored()["values"] == {"generals/onyx/life": 6}


@pytest.mark.django_db
def test_a_reading_that_does_not_fit_the_pack_is_not_stored() -> None:
    bad = _card(2, location="nowhere")
    assert remember_card(_game(), "dotr-dragon", "standard", "dx-ds-onyx-2", bad) is False
    assert not ContentOverlay.objects.filter(pack_id="dotr-dragon").exists()


TABLES = 6


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_six_tables_reading_at_once_lose_no_card() -> None:
    games = [_game(n) for n in range(TABLES)]
    start = threading.Barrier(TABLES)
    errors: list[str] = []

    def table(index: int) -> None:
        try:
            start.wait()
            number = index + 1
            remember_card(games[index], "dotr-dragon", "standard", f"n{number}", _card(number))
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
    ids = sorted(card["id"] for card in _stored()["cards"][DS])
    assert ids == sorted(f"dx-ds-onyx-{n}" for n in range(1, TABLES + 1))
    assert ContentOverlay.objects.get(pack_id="dotr-dragon").version == TABLES
