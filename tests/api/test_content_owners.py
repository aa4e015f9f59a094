"""Who owns what a table entered: the host's account group when the host is signed in and sits as
one of its players, otherwise the game. A group's next game knows its entries; a seat token only
ever changes what its own group's (or game's) games see; entries are versioned, exported as one
file and imported from a friend's, conflicts reported and never silently overwritten."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from deck_tracker.content import services as content_services
from deck_tracker.models import ContentEntry, Game, Seat
from tests.awards.conftest import make_account
from tests.conftest import client_for, using_postgres
from tests.helpers import ENTERED

pytestmark = pytest.mark.django_db

LIFE = "values.generals/brimstone/life"
BURNING_LAND = {"host": {"name": "Ada", "hero": "Wizard"}, "scenario": "the-burning-land"}


def group_of(username: str, group_name: str, player_name: str) -> tuple[APIClient, int, int]:
    """An account owning a group with one player who is that account: (client, group, player)."""
    account = make_account(username)
    group = account.client.post("/api/v1/groups/", {"name": group_name}, format="json")
    assert group.status_code == 201, group.content
    player = account.client.post(
        "/api/v1/players/",
        {"group": group.json()["id"], "name": player_name, "account": username},
        format="json",
    )
    assert player.status_code == 201, player.content
    return account.client, group.json()["id"], player.json()["id"]


def create(client: APIClient, setup: dict[str, Any], player: int | None = None) -> Any:
    body = {"host": {"name": "Ada", "hero": "Wizard"}, **setup}
    if player is not None:
        body["player"] = player
    return client.post("/api/v1/games/", body, format="json")


def game(client: APIClient, player: int | None = None) -> dict[str, Any]:
    return game_of(client, {}, player)


def entries_file(packs: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "dotr-companion-entries",
        "format_version": 1,
        "owner": "Friends",
        "packs": packs,
    }


def import_(table: dict[str, Any], file: dict[str, Any], **extra: Any) -> Any:
    return table["seat"].post(
        f"/api/v1/games/{table['id']}/content/import/", {"file": file, **extra}, format="json"
    )


def known(table: dict[str, Any]) -> dict[str, Any]:
    response = table["seat"].get(f"/api/v1/games/{table['id']}/content/")
    assert response.status_code == 200, response.content
    return response.json()


def value_of(table: dict[str, Any], path: str) -> Any:
    for pack in known(table)["packs"]:
        for entry in pack["entries"]:
            if entry["path"] == path:
                return entry
    return None


def correct(table: dict[str, Any], path: str, value: Any, version: int, pack="dotr-dragon") -> Any:
    return table["seat"].put(
        f"/api/v1/games/{table['id']}/content/entries/",
        {"pack": pack, "path": path, "value": value, "expected_version": version},
        format="json",
    )


def brimstone_is_read(client: APIClient, player: int | None = None) -> bool:
    """The Burning Land: Sapphire slain, Brimstone returns and takes a wound. True when the
    table is asked to read his General card (his life is not known to this game)."""
    table = game_of(client, BURNING_LAND, player)
    wound(table, "sapphire", 5)
    events = wound(table, "brimstone", 1)["events"]
    if [e["type"] for e in events] == ["card_to_read"]:
        return True
    wounded = next(e for e in events if e["type"] == "general_wounded")
    assert "(1 of 6)" in wounded["summary"]  # the life entered: 6
    return False


def game_of(client: APIClient, setup: dict[str, Any], player: int | None) -> dict[str, Any]:
    created = create(client, setup, player)
    assert created.status_code == 201, created.content
    body = created.json()
    table = {"id": body["id"], "seat": client_for(body["token"]), "token": body["token"]}
    read_new_quests(table)
    return table


def read_new_quests(table: dict[str, Any]) -> None:
    """A new Quest dealt to Ada at the setup is read by her (as the test overlay words it)."""
    url = f"/api/v1/games/{table['id']}/"
    while reading := table["seat"].get(url).json()["state"]["reading"]:
        prefix = f"decks/quest/{reading[0]['card']}/data."
        face = {
            k.removeprefix(prefix): v for k, v in ENTERED["values"].items() if k.startswith(prefix)
        }
        version = table["seat"].get(url).json()["version"]
        answered = table["seat"].post(
            url + "actions/",
            {"type": "read_card", "args": {"face": face}, "expected_version": version},
            format="json",
        )
        assert answered.status_code == 200, answered.content


def wound(table: dict[str, Any], general: str, wounds: int) -> dict[str, Any]:
    version = table["seat"].get(f"/api/v1/games/{table['id']}/").json()["version"]
    response = table["seat"].post(
        f"/api/v1/games/{table['id']}/actions/",
        {"type": "wound_general", "args": {"general": general, "wounds": wounds},
         "expected_version": version},
        format="json",
    )  # fmt: skip
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def thursday() -> dict[str, Any]:
    client, group, player = group_of("alice", "Thursday table", "Ada")
    return {"client": client, "group": group, "player": player}


def test_a_groups_entries_are_known_to_its_next_game_and_to_nobody_elses(thursday):
    first = game(thursday["client"], thursday["player"])
    assert known(first)["owner"] == "group" and known(first)["owner_name"] == "Thursday table"
    # The Burning Land brings Brimstone back: nobody entered his card, so the table reads it.
    assert brimstone_is_read(thursday["client"], thursday["player"])
    imported = import_(first, entries_file({"dotr-dragon": ENTERED}))
    assert imported.status_code == 200, imported.content
    # A new Quest Ada read at the setup is already known, the same: unchanged.
    report = imported.json()
    assert len(report["added"]) + report["unchanged"] == len(ENTERED["values"]) + 3
    # The group's next game knows Brimstone; an anonymous table and another group do not.
    assert not brimstone_is_read(thursday["client"], thursday["player"])
    assert brimstone_is_read(APIClient())
    other, _, charlie = group_of("charlie", "Saturday table", "Charlie")
    assert brimstone_is_read(other, charlie)
    # Signed in but not sitting as a player of a group: the game's entries are its own.
    assert brimstone_is_read(thursday["client"])


def test_an_anonymous_seat_token_cannot_change_what_another_game_sees(thursday):
    theirs = game(thursday["client"], thursday["player"])
    assert import_(theirs, entries_file({"dotr-dragon": ENTERED})).status_code == 200
    before = known(theirs)
    stranger = game(APIClient())
    token_client = stranger["seat"]
    # The shipped values are for staff only, in the admin.
    shipped = token_client.put(
        "/api/v1/content/dotr-dragon/overlay/",
        {"data": {"values": {"generals/brimstone/life": 1}}, "expected_version": 0},
        format="json",
    )
    assert shipped.status_code == 403 and shipped.json()["code"] == "shipped_content"
    # Another game's entries, through its path: not found for this token.
    edit = token_client.put(
        f"/api/v1/games/{theirs['id']}/content/entries/",
        {"pack": "dotr-dragon", "path": LIFE, "value": 1, "expected_version": 1},
        format="json",
    )
    assert edit.status_code == 404
    sneaked = token_client.post(
        f"/api/v1/games/{theirs['id']}/content/import/",
        {"file": entries_file({"dotr-dragon": {"values": {"generals/brimstone/life": 1}}})},
        format="json",
    )
    assert sneaked.status_code == 404
    assert token_client.get(f"/api/v1/games/{theirs['id']}/content/").status_code == 404
    # What the stranger enters stays with the stranger's game.
    mine = correct(stranger, LIFE, 1, 0)
    assert mine.status_code == 200, mine.content
    assert known(stranger)["owner"] == "game"
    assert value_of(stranger, LIFE)["value"] == 1
    assert known(theirs) == before
    assert value_of(theirs, LIFE)["value"] == 6
    assert create(thursday["client"], BURNING_LAND, thursday["player"]).status_code == 201
    assert known(game(APIClient()))["packs"] == []
    assert APIClient().get("/api/v1/content/dotr-dragon/overlay/").json()["version"] == 0


def test_the_cards_we_know_list_speaks_in_card_names(thursday):
    table = game(thursday["client"], thursday["player"])
    assert import_(table, entries_file({"dotr-dragon": ENTERED})).status_code == 200
    body = known(table)
    assert [p["name"] for p in body["packs"]] == ["Defenders of the Realm: the Dragon expansion"]
    life = value_of(table, LIFE)
    assert (life["item"], life["field"], life["value"], life["version"]) == (
        "Brimstone",
        "life",
        6,
        1,
    )
    sterling = value_of(table, "values.decks/darkness_spreads/dx-sterling-1/data.location")
    assert sterling["item"] == "Sterling, Guardian Dragon (1)" and sterling["field"] == "location"
    assert (sterling["value"], sterling["shown"]) == ("wolf-pass", "Wolf Pass")
    card = value_of(table, "cards.darkness_spreads.dx-brimstone-wolf-pass")
    assert card["item"] == "Wolf Pass" and card["field"] == "card"


def test_a_correction_from_a_stale_screen_is_a_409_with_the_current_value(thursday):
    table = game(thursday["client"], thursday["player"])
    assert import_(table, entries_file({"dotr-dragon": ENTERED})).status_code == 200
    other_phone = {"id": table["id"], "seat": table["seat"]}
    first = correct(table, LIFE, 7, 1)
    assert first.status_code == 200, first.content
    assert value_of(table, LIFE)["version"] == 2
    stale = correct(other_phone, LIFE, 8, 1)
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_version"
    assert (stale.json()["current_value"], stale.json()["current_version"]) == (7, 2)
    assert value_of(table, LIFE)["value"] == 7
    # Forgetting is a correction too.
    assert correct(table, LIFE, None, 2).status_code == 200
    assert value_of(table, LIFE) is None


def test_a_wrong_correction_is_refused_naming_the_field(thursday):
    table = game(thursday["client"], thursday["player"])
    too_low = correct(table, LIFE, 0, 0)
    assert too_low.status_code == 400
    assert too_low.json()["code"] == "invalid_overlay"
    assert LIFE in too_low.json()["fields"]
    unknown = correct(table, "values.generals/brimstone/colour", "blue", 0)
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_entry"
    assert correct(table, LIFE, 5, 0, pack="no-such-pack").status_code == 404
    assert ContentEntry.objects.count() == 0


def test_export_then_import_into_another_group_round_trips_and_reports_conflicts(thursday):
    ours = game(thursday["client"], thursday["player"])
    assert import_(ours, entries_file({"dotr-dragon": ENTERED})).status_code == 200
    exported = ours["seat"].get(f"/api/v1/games/{ours['id']}/content/export/")
    assert exported.status_code == 200
    assert "attachment" in exported["Content-Disposition"]
    file = exported.json()
    assert file["owner"] == "Thursday table"
    assert file["packs"]["dotr-dragon"]["values"] == ENTERED["values"]
    assert file["packs"]["dotr-dragon"]["cards"] == ENTERED["cards"]

    client, _, charlie = group_of("charlie", "Saturday table", "Charlie")
    friends = game(client, charlie)
    first = import_(friends, file)
    assert first.status_code == 200, first.content
    assert first.json()["conflicts"] == [] and first.json()["unchanged"] == 0
    again = friends["seat"].get(f"/api/v1/games/{friends['id']}/content/export/").json()
    assert again["packs"] == file["packs"]  # the round trip
    assert import_(friends, file).json()["unchanged"] == len(first.json()["added"])

    # Saturday reads Brimstone's life as 9; Thursday's file says 6: a conflict, left as it is.
    assert correct(friends, LIFE, 9, 1).status_code == 200
    report = import_(friends, file).json()
    assert report["added"] == [] and report["replaced"] == []
    assert [(c["path"], c["item"], c["ours"], c["theirs"]) for c in report["conflicts"]] == [
        (LIFE, "Brimstone", 9, 6)
    ]
    assert value_of(friends, LIFE)["value"] == 9
    # Choosing theirs for that conflict takes it.
    chosen = import_(friends, file, take_theirs={"dotr-dragon": [LIFE]}).json()
    assert [r["path"] for r in chosen["replaced"]] == [LIFE] and chosen["conflicts"] == []
    assert value_of(friends, LIFE)["value"] == 6 and value_of(friends, LIFE)["version"] == 3
    # Thursday's entries never moved.
    assert value_of(ours, LIFE)["version"] == 1


def test_a_bad_file_is_refused_naming_the_field_and_nothing_is_imported(thursday):
    table = game(thursday["client"], thursday["player"])
    wrong_format = import_(table, {"format": "something-else", "format_version": 1, "packs": {}})
    assert wrong_format.status_code == 400
    assert wrong_format.json()["code"] == "invalid_entries_file"
    assert "format" in wrong_format.json()["fields"]
    bad_value = import_(
        table,
        entries_file(
            {
                "dotr-dragon": {
                    "values": {"generals/onyx/life": 6, "generals/brimstone/life": "seven"}
                }
            }
        ),
    )
    assert bad_value.status_code == 400
    assert f"packs.dotr-dragon.{LIFE}" in bad_value.json()["fields"]
    unknown_pack = import_(table, entries_file({"no-such-pack": {"values": {}}}))
    assert unknown_pack.status_code == 400
    assert "packs.no-such-pack" in unknown_pack.json()["fields"]
    extra_key = import_(table, entries_file({"dotr-dragon": {"valeus": {}}}))
    assert extra_key.status_code == 400
    assert "packs.dotr-dragon.valeus" in extra_key.json()["fields"]
    assert known(table)["packs"] == []


# --------------------------------------------------------------------------------------------
# Two phones at once (real threads on PostgreSQL)
# --------------------------------------------------------------------------------------------


def _at_once(calls: list[Any]) -> list[Any]:
    """Run the calls in threads released together; their answers."""
    start = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            start.wait()
            answers[index] = calls[index]()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL")
def test_two_phones_correcting_the_same_entry_at_once_one_wins_one_is_told(thursday):
    table = game(thursday["client"], thursday["player"])
    phones = [{"id": table["id"], "seat": client_for(table["token"])} for _ in range(4)]
    answers = _at_once([lambda p=p, n=n: correct(p, LIFE, 5 + n, 0) for n, p in enumerate(phones)])
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409, 409, 409], [a.content for a in answers]
    won = next(a for a in answers if a.status_code == 200)
    kept = value_of(table, LIFE)
    assert kept["version"] == 1 and kept["value"] in (5, 6, 7, 8)
    assert ContentEntry.objects.count() == 1
    for lost in (a for a in answers if a.status_code == 409):
        assert lost.json()["current_value"] == kept["value"]
    assert won.json()["owner"] == "group"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL")
def test_two_games_of_a_group_teaching_the_same_card_at_once_keep_one_entry(thursday):
    tables = [game(thursday["client"], thursday["player"]) for _ in range(3)]
    games = [Game.objects.get(pk=t["id"]) for t in tables]
    hosts = [Seat.objects.get(game=g, number=1) for g in games]
    answers = _at_once(
        [
            lambda g=g, host=host: content_services.remember_entries(
                game=g, seat=host, pack_id="dotr-dragon", values={"generals/brimstone/life": 6}
            )
            for g, host in zip(games, hosts, strict=True)
        ]
    )
    assert sorted(answers) == [0, 0, 1]  # one wrote it; the others found it there
    (row,) = ContentEntry.objects.all()
    assert (row.group_id, row.value, row.version) == (thursday["group"], 6, 1)


def test_an_import_sent_twice_with_one_idempotency_key_is_done_once(thursday):
    table = game(thursday["client"], thursday["player"])
    file = entries_file({"dotr-dragon": {"values": {"generals/brimstone/life": 6}}})
    sent = [
        table["seat"].post(
            f"/api/v1/games/{table['id']}/content/import/",
            {"file": file},
            format="json",
            HTTP_IDEMPOTENCY_KEY="import-1",
        )
        for _ in range(2)
    ]
    assert sent[0].status_code == sent[1].status_code == 200
    assert sent[1].json() == sent[0].json()  # the stored answer: "added", not "unchanged"
    assert len(sent[1].json()["added"]) == 1


def test_the_served_schema_documents_the_entries_endpoints(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    for path in ("", "entries/", "export/", "import/"):
        assert f"/api/v1/games/{{game_id}}/content/{path}" in paths
    edit = paths["/api/v1/games/{game_id}/content/entries/"]["put"]
    assert {"200", "400", "404", "409"} <= set(edit["responses"])
    shipped = paths["/api/v1/content/{pack_id}/overlay/"]["put"]
    assert "403" in shipped["responses"]
