"""Finished games in the tracker, statistics, and rewards that come back to the same hero.

Award Tracker (Dragon expansion): "When a player winning a reward plays with the same hero that
won the reward - they are awarded the Grand Ball Card at the start of the game."
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.awards import services
from deck_tracker.awards.models import GameRecord, PlayerStats, RewardAward
from deck_tracker.awards.tasks import game_result_recorded

from .conftest import Personas, act

# Transactional: the tracker is updated by a task enqueued when the command commits.
pytestmark = pytest.mark.django_db(transaction=True)


def won_with_ball(personas: Personas, *, bea_hero: str = "Rogue") -> dict[str, Any]:
    """Ada (Alice's account, Wizard) hosts, Bea (Bob's account) joins; they win, Ada with the
    most fame; Bea chooses the Duke at the Grand Ball (the app deals it when asked to)."""
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"),
        guests=[(personas.bob, personas.bea, "Bea", bea_hero)],
    )
    host, guest = game["seats"]["1"], game["seats"]["2"]
    act(host, game["id"], "record_fame", {"action": "wound_general", "count": 3})
    act(guest, game["id"], "record_fame", {"action": "build_gate"})
    act(host, game["id"], "end_game", {"result": "won", "reason": "All four Generals fell."})
    act(host, game["id"], "grand_ball", {"cards": ["duke", "land", "mayor"]})
    act(guest, game["id"], "choose_reward", {"card": "duke"})
    return game


def history(personas: Personas, **params: Any) -> dict[str, Any]:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    response = personas.alice.client.get(f"/api/v1/history/?{query}")
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def test_a_won_game_is_one_row_of_the_award_tracker(personas: Personas) -> None:
    game = won_with_ball(personas)
    records = history(personas, group=personas.group)["records"]
    assert len(records) == 1
    row = records[0]
    assert row["game"] == game["id"]
    assert row["result"] == "W" and row["reason"] == "All four Generals fell."
    assert sorted(row["generals"]) == ["B", "G", "S", "V"]
    assert row["minions"] == ["DK", "U", "O", "D"]
    heroes = {(h["player_name"], h["hero"], h["minor_fame"]) for h in row["heroes"]}
    assert heroes == {("Ada", "wizard", 3), ("Bea", "rogue", 1)}
    rewards = {(r["card"], r["hero"], r["player_name"]) for r in row["rewards"]}
    assert rewards == {("kings-champion", "wizard", "Ada"), ("duke", "rogue", "Bea")}


def test_statistics_follow_the_finished_game(personas: Personas) -> None:
    won_with_ball(personas)
    body = history(personas, player=personas.ada)
    stats = body["player"]["stats"]
    assert (stats["games"], stats["wins"], stats["losses"]) == (1, 1, 0)
    # Each row names what a player reads: the General, the hero, the reward card.
    assert stats["by_general"]["S"] == {"games": 1, "wins": 1, "losses": 0, "name": "Sapphire"}
    assert stats["by_hero"]["wizard"] == {
        "games": 1, "wins": 1, "losses": 0, "fame": 3, "name": "Wizard"
    }  # fmt: skip
    assert stats["fame"]["total"] == 3
    assert stats["rewards"] == {"kings-champion": 1}
    assert stats["reward_names"] == {"kings-champion": "King's Champion"}
    lost = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    act(lost["seats"]["1"], lost["id"], "end_game", {"result": "lost", "reason": "Taint."})
    stats = history(personas, player=personas.ada)["player"]["stats"]
    assert (stats["games"], stats["wins"], stats["losses"]) == (2, 1, 1)
    assert stats["by_general"]["V"] == {"games": 2, "wins": 1, "losses": 1, "name": "Varkolak"}


def test_the_member_and_the_outsider(personas: Personas) -> None:
    won_with_ball(personas)
    assert len(personas.bob.client.get("/api/v1/history/").json()["records"]) == 1
    assert personas.charlie.client.get("/api/v1/history/").json()["records"] == []
    uid = history(personas)["records"][0]["uid"]
    assert personas.bob.client.get(f"/api/v1/history/{uid}/").status_code == 200
    assert personas.charlie.client.get(f"/api/v1/history/{uid}/").status_code == 404
    response = personas.charlie.client.get(f"/api/v1/history/?player={personas.ada}")
    assert response.status_code == 404


def test_a_reward_is_granted_again_to_the_same_player_and_hero(personas: Personas) -> None:
    won_with_ball(personas)
    again = personas.play(
        host=(personas.alice, personas.ada, "Cleric"),
        guests=[(personas.bob, personas.bea, "Bea", "Rogue")],
    )
    state = again["seats"]["2"].get(f"/api/v1/games/{again['id']}/").json()["state"]
    assert state["rewards"]["held"] == [
        {"seat": "2", "hero": "rogue", "card": "duke", "source": "earlier_game",
         "note": state["rewards"]["held"][0]["note"]}
    ]  # fmt: skip
    assert "by Bea" in state["rewards"]["held"][0]["note"]
    events = again["seats"]["2"].get(f"/api/v1/games/{again['id']}/events/").json()["events"]
    granted = [e for e in events if e["type"] == "reward_granted"]
    assert len(granted) == 1
    assert "Duke" in granted[0]["steps"][0]["text"]
    assert granted[0]["steps"][0]["rule"].startswith("Awards")


def test_the_host_is_granted_its_reward_in_the_create_response(personas: Personas) -> None:
    won_with_ball(personas)
    again = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    granted = [e for e in again["events"] if e["type"] == "reward_granted"]
    assert [e["data"]["card"] for e in granted] == ["kings-champion"]
    assert again["state"]["rewards"]["held"][0]["card"] == "kings-champion"


def test_no_reward_for_another_hero_or_another_player(personas: Personas) -> None:
    won_with_ball(personas)
    # Bea won the Duke with the Rogue: with the Dwarf she starts without it, and Ada playing the
    # Rogue does not get it either.
    other = personas.play(
        host=(personas.alice, personas.ada, "Rogue"),
        guests=[(personas.bob, personas.bea, "Bea", "Dwarf")],
    )
    state = other["seats"]["1"].get(f"/api/v1/games/{other['id']}/").json()["state"]
    assert not (state.get("rewards") or {}).get("held")


def test_by_the_rulebook_the_reward_is_for_the_next_game_only(personas: Personas) -> None:
    won_with_ball(personas)
    # Bea's next game is with the Dwarf: the Duke is not used, and it does not come back later.
    personas.play(host=(personas.bob, personas.bea, "Dwarf"))
    lost = GameRecord.objects.count()
    assert lost == 1  # the game above is unfinished: it is not Bea's "last game" yet...
    later = personas.play(host=(personas.bob, personas.bea, "Rogue"))
    assert later["state"]["rewards"]["held"][0]["card"] == "duke"
    act(later["seats"]["1"], later["id"], "end_game", {"result": "lost", "reason": "Taint."})
    # ... a finished game is: after it, the Duke won two games ago stays home.
    after = personas.play(host=(personas.bob, personas.bea, "Rogue"))
    assert not (after["state"].get("rewards") or {}).get("held")


def test_the_group_may_carry_rewards_over_every_game(personas: Personas) -> None:
    personas.alice.client.patch(
        f"/api/v1/groups/{personas.group}/",
        {"reward_carry_over": "always", "reward_effects": {"duke": "One extra action a turn."}},
        format="json",
    )
    won_with_ball(personas)
    lost = personas.play(host=(personas.bob, personas.bea, "Dwarf"))
    act(lost["seats"]["1"], lost["id"], "end_game", {"result": "lost", "reason": "Taint."})
    later = personas.play(host=(personas.bob, personas.bea, "Rogue"))
    granted = [e for e in later["events"] if e["type"] == "reward_granted"]
    assert "One extra action a turn." in granted[0]["steps"][0]["text"]


def test_a_group_cup_makes_the_games_cup_app_owned(personas: Personas) -> None:
    personas.alice.client.patch(
        f"/api/v1/groups/{personas.group}/", {"fame_cup": [1, 2, 3, 4]}, format="json"
    )
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    assert game["state"]["fame"]["cup"] == {"owner": "app", "left": 4}
    result = act(game["seats"]["1"], game["id"], "record_fame", {"action": "complete_quest"})
    assert result["events"][0]["data"]["major"][0] in (1, 2, 3, 4)


def test_seating_a_player_needs_an_account_that_sees_it(personas: Personas) -> None:
    from rest_framework.test import APIClient

    body = {"host": {"name": "X", "hero": "Wizard"}, "player": personas.ada}
    anonymous = APIClient().post("/api/v1/games/", body, format="json")
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "not_authenticated"
    outsider = personas.charlie.client.post("/api/v1/games/", body, format="json")
    assert outsider.status_code == 400
    assert outsider.json()["fields"] == {"player": ["No such player in your groups."]}
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    twice = personas.alice.client.post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Ada again", "player": personas.ada},
        format="json",
    )
    assert twice.status_code == 409 and twice.json()["code"] == "player_seated"


def test_undoing_the_ending_takes_the_row_back(personas: Personas) -> None:
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    act(game["seats"]["1"], game["id"], "end_game", {"result": "won", "reason": "Done."})
    assert GameRecord.objects.count() == 1
    act(game["seats"]["1"], game["id"], "undo")
    assert GameRecord.objects.count() == 0
    assert PlayerStats.objects.get(player_id=personas.ada).games == 0


def test_abandoned_and_anonymous_games_stay_out_of_the_tracker(personas: Personas) -> None:
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    act(game["seats"]["1"], game["id"], "end_game", {"result": "abandoned", "reason": "Late."})
    anonymous = personas.play(host=(personas.alice, None, "Wizard"))
    act(anonymous["seats"]["1"], anonymous["id"], "end_game", {"result": "won", "reason": "Yes"})
    assert GameRecord.objects.count() == 0


def test_the_task_is_idempotent(personas: Personas) -> None:
    game = won_with_ball(personas)
    before = history(personas)["records"]
    stats = PlayerStats.objects.get(player_id=personas.bea)
    for _ in range(2):
        assert game_result_recorded.delay(game["id"]).get() == [personas.ada, personas.bea]
    assert history(personas)["records"] == before
    assert GameRecord.objects.count() == 1 and RewardAward.objects.count() == 2
    again = PlayerStats.objects.get(player_id=personas.bea)
    assert (again.games, again.wins, again.by_hero) == (stats.games, stats.wins, stats.by_hero)
    services.player_stats_recompute(player_ids=[personas.bea])
    assert PlayerStats.objects.get(player_id=personas.bea).by_hero == stats.by_hero


def test_sitting_as_a_player_with_a_reward_is_one_command_and_one_notification(
    personas: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deck_tracker.live import notifications

    won_with_ball(personas)
    game = personas.play(host=(personas.alice, personas.ada, "Cleric"))
    version = game["seats"]["1"].get(f"/api/v1/games/{game['id']}/").json()["version"]
    told: list[int] = []
    monkeypatch.setattr(
        notifications, "publish_after_commit", lambda *, game_id, last_seq: told.append(last_seq)
    )
    joined = personas.bob.client.post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue", "player": personas.bea},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    assert joined.json()["version"] == version + 1
    assert [r["card"] for r in joined.json()["state"]["rewards"]["held"]] == ["duke"]
    assert len(told) == 1


def test_a_guest_without_a_player_cannot_undo_a_recorded_ending(personas: Personas) -> None:
    """Mallory joins Alice's table with the join code alone. Once the loss is in the group's
    history she cannot undo it (and so not end it again as a win); Ada's seat still can."""
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"), guests=[(None, None, "Mallory", "Rogue")]
    )
    host, mallory = game["seats"]["1"], game["seats"]["2"]
    act(host, game["id"], "end_game", {"result": "lost", "reason": "The Darkness spread."})
    url = f"/api/v1/games/{game['id']}/"
    version = mallory.get(url).json()["version"]
    undo = {"type": "undo", "args": {}, "expected_version": version}
    refused = mallory.post(url + "actions/", undo, format="json")
    assert refused.status_code == 403, refused.content
    assert refused.json()["code"] == "recorded_game"
    assert mallory.get(url).json()["version"] == version
    assert GameRecord.objects.get().result == "L"
    act(host, game["id"], "undo")  # a seat of the group's players may
    assert GameRecord.objects.count() == 0
