"""Independent entries do not refuse each other: a stale command whose parts of the state did
not change since its version is merged onto the current one; conflicting ones stay refused."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection

from deck_tracker.models import Game, GameEvent
from tests.conftest import Table, client_for, create_table, using_postgres


@pytest.fixture
def dotr(db: None) -> Table:
    """Anna's Wizard (seat 1, 5 life) and Bea's Rogue (seat 2, 6 life)."""
    return create_table({"host": {"name": "Anna", "hero": "Wizard"}})


def life(table: Table, seat: str) -> int:
    return int(table.state()["heroes"][seat]["life"])


@pytest.mark.django_db
def test_two_phones_each_wounding_their_own_hero_are_both_applied(dotr: Table):
    seen = dotr.version()
    anna = dotr.act(dotr.host, "wound_hero", {"wounds": 1}, expected_version=seen)
    assert anna.status_code == 200
    bea = dotr.act(dotr.player, "wound_hero", {"wounds": 2}, expected_version=seen)
    assert bea.status_code == 200, bea.content
    body = bea.json()
    assert body["version"] == seen + 2
    # Bea's phone is told what it had not seen, then its own entry, in order.
    assert [e["summary"] for e in body["events"]] == [
        "Wizard suffered 1 wound (4 life left).",
        "Rogue suffered 2 wounds (4 life left).",
    ]
    assert life(dotr, "1") == 4 and life(dotr, "2") == 4
    # Shared undo still takes back the last entry written: Bea's.
    assert dotr.act(dotr.host, "undo").status_code == 200
    assert life(dotr, "1") == 4 and life(dotr, "2") == 6


@pytest.mark.django_db
def test_a_wound_after_a_night_is_merged_the_night_left_the_heroes_alone(dotr: Table):
    seen = dotr.version()
    dotr.act(dotr.host, "night", {"skip_evening": True})
    healed = dotr.act(dotr.player, "wound_hero", {"wounds": 1}, expected_version=seen)
    assert healed.status_code == 200
    assert life(dotr, "2") == 5


@pytest.mark.django_db
def test_two_phones_wounding_the_same_hero_conflict_as_before(dotr: Table):
    seen = dotr.version()
    dotr.act(dotr.host, "wound_hero", {"wounds": 1}, expected_version=seen)
    second = dotr.act(dotr.player, "wound_hero", {"seat": "1", "wounds": 1}, expected_version=seen)
    assert second.status_code == 409
    body = second.json()
    assert body["code"] == "stale_version"
    assert [e["type"] for e in body["changes"]] == ["hero_wounded"]
    assert life(dotr, "1") == 4  # one wound, not two


@pytest.mark.django_db
def test_a_command_that_declares_no_parts_is_refused_as_before(dotr: Table):
    seen = dotr.version()
    dotr.act(dotr.host, "wound_hero", {"wounds": 1}, expected_version=seen)
    moved = dotr.act(dotr.player, "move_hero", {"location": "wolf-pass"}, expected_version=seen)
    assert moved.status_code == 409


@pytest.mark.django_db
def test_after_an_undo_a_stale_entry_is_refused_the_order_would_matter(dotr: Table):
    dotr.act(dotr.host, "wound_hero", {"wounds": 1})
    seen = dotr.version()
    dotr.act(dotr.host, "undo")
    late = dotr.act(dotr.player, "wound_hero", {"wounds": 1}, expected_version=seen)
    assert late.status_code == 409


@pytest.mark.django_db
def test_a_merged_entry_that_a_rule_refuses_is_refused_for_that_rule(dotr: Table):
    seen = dotr.version()
    dotr.act(dotr.host, "wound_hero", {"wounds": 1}, expected_version=seen)
    full = dotr.act(dotr.player, "heal_hero", {"amount": 1}, expected_version=seen)
    assert full.status_code == 400
    assert full.json()["code"] == "hero_at_full_life"


@pytest.mark.django_db
def test_a_version_from_the_future_is_refused(dotr: Table):
    ahead = dotr.act(dotr.player, "wound_hero", {}, expected_version=dotr.version() + 3)
    assert ahead.status_code == 409


HEROES = {"1": "Wizard", "2": "Rogue", "3": "Paladin", "4": "Dwarf"}
ROUNDS = 15


def _four_phones() -> tuple[Table, dict[str, str]]:
    table = create_table({"host": {"name": "Anna", "hero": "Wizard"}})
    tokens = {"1": table.host_token, "2": table.player_token}
    for seat, (name, hero) in {"3": ("Cy", "Paladin"), "4": ("Di", "Dwarf")}.items():
        joined = client_for().post(
            "/api/v1/games/join/",
            {"join_code": table.join_code, "name": name, "hero": hero},
            format="json",
        )
        assert joined.status_code == 201, joined.content
        tokens[seat] = joined.json()["token"]
    return table, tokens


def _run_phones(table: Table, plan: dict[str, list[dict]], tokens: dict[str, str]) -> Counter:
    """Each phone sends its entries with the version it last saw (never re-reading the game)."""
    start = threading.Barrier(len(plan))
    codes: Counter = Counter()
    lock = threading.Lock()

    def phone(seat: str) -> None:
        client = client_for(tokens[seat])
        try:
            version = client.get(table.url()).json()["version"]
            start.wait()
            for args in plan[seat]:
                response = client.post(
                    table.url("actions/"),
                    {"type": args["type"], "args": args["args"], "expected_version": version},
                    format="json",
                )
                with lock:
                    codes[response.status_code] += 1
                if response.status_code == 200:
                    if response.json()["version"] > version + 1:
                        codes["merged"] += 1  # sent on an old version, merged
                    version = response.json()["version"]
                elif response.status_code == 409:
                    version = response.json()["current_version"]
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in plan]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_four_phones_each_entering_their_own_hero_at_once_are_never_refused():
    table, tokens = _four_phones()
    start_version = table.version()
    wound = {"type": "wound_hero", "args": {"wounds": 1}}
    heal = {"type": "heal_hero", "args": {"amount": 1}}
    plan = {seat: [wound, heal] * ROUNDS for seat in HEROES}
    codes = _run_phones(table, plan, tokens)
    assert codes[200] == len(HEROES) * ROUNDS * 2 and codes[409] == 0  # not one refused
    assert codes["merged"] > 0  # the phones really did write on each other's heels
    game = Game.objects.get(pk=table.game_id)
    assert game.version == start_version + len(HEROES) * ROUNDS * 2
    for seat in HEROES:
        assert game.state["heroes"][seat]["life"] == game.state["heroes"][seat]["max_life"]
    assert GameEvent.objects.filter(game=game, type="hero_wounded").count() == len(HEROES) * ROUNDS
    seqs = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_four_phones_wounding_the_same_hero_at_once_still_refuse_each_other():
    table, tokens = _four_phones()
    plan = {seat: [{"type": "wound_hero", "args": {"seat": "4", "wounds": 1}}] for seat in HEROES}
    codes = _run_phones(table, plan, tokens)
    game = Game.objects.get(pk=table.game_id)
    applied = codes[200]
    assert applied == 1 and codes[409] == len(HEROES) - 1  # all sent on one version: refused
    assert game.state["heroes"]["4"]["life"] == 5 - applied


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_four_phones_ticking_their_own_steps_at_the_table_at_once_are_never_refused():
    table, tokens = _four_phones()
    assert table.act(table.host, "tick_table_step", {"steps": ["1.0"]}).status_code == 200
    start_version = table.version()
    plan = {
        seat: [
            {"type": "tick_table_step", "args": {"steps": [f"{100 * int(seat) + n}.0"]}}
            for n in range(ROUNDS)
        ]
        for seat in HEROES
    }
    codes = _run_phones(table, plan, tokens)
    assert codes[200] == len(HEROES) * ROUNDS and codes[409] == 0
    assert codes["merged"] > 0
    game = Game.objects.get(pk=table.game_id)
    assert game.version == start_version + len(HEROES) * ROUNDS
    assert len(game.state["table_steps"]) == 1 + len(HEROES) * ROUNDS
