"""Seats linked to players at create or join, and the rewards they bring to the table.

Who may sit as whom: a player who is an account is played by that account only; a player who is
not is seated by the group's owner or by a member the owner lets record games. So no one adds a
game to another account's history, or takes its carried-over rewards.

Award Tracker (Dragon expansion): "When a player winning a reward plays with the same hero that
won the reward - they are awarded the Grand Ball Card at the start of the game as a benefit in
the new game." Linking a seat to a player applies, in the same transaction as the create or the
join, one ``grant_reward`` per card due (see ``selectors.rewards_to_grant``) and, when the group
has entered its Major Fame tokens, hands the cup to the app.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.http import Http404

from deck_tracker import services as game_services
from deck_tracker.models import Game, Seat

from . import selectors, services
from .models import Player, SeatPlayer
from .services import AwardsError


def player_for_account(*, user: Any, player_id: Any) -> Player | None:
    """The player a create or join names (None when none is named)."""
    if player_id in (None, ""):
        return None
    if user is None:
        raise AwardsError(
            "Sign in (a session or an account token) to sit as one of your players.",
            code="not_authenticated",
            field="player",
            status=401,
        )
    try:
        player = selectors.player_for(user=user, player_id=player_id)
    except Http404:
        raise AwardsError(
            "No such player in your groups.", code="unknown_player", field="player"
        ) from None
    if player.account_id is not None:
        if player.account_id != user.pk:
            raise AwardsError(
                f"{player.name} is another account's player: only that account sits as them.",
                code="player_is_another_account",
                field="player",
                status=403,
            )
    elif not services.group_can_record(group=player.group, user=user):
        raise AwardsError(
            "Only the group's owner, or a member the owner lets record games, seats its players "
            "who are not accounts.",
            code="not_a_recorder",
            field="player",
            status=403,
        )
    return player


def _act(seat: Seat, action: str, args: dict[str, Any]) -> None:
    version = Game.objects.values_list("version", flat=True).get(pk=seat.game_id)
    game_services.game_act(
        game=seat.game, seat=seat, action=action, args=args, expected_version=version
    )


def seat_claim(*, seat: Seat, player: Player) -> list[str]:
    """Link ``seat`` to ``player`` and grant what the player brings; the cards granted."""
    game = Game.objects.get(pk=seat.game_id)
    try:
        with transaction.atomic():
            SeatPlayer.objects.create(game=game, seat=seat, player=player)
    except IntegrityError:
        raise AwardsError(
            f"{player.name} already sits at this table.",
            code="player_seated",
            field="player",
            status=409,
        ) from None
    state = game.state
    if state.get("system") != "dotr":
        return []
    group = player.group
    cup = (state.get("fame") or {}).get("cup") or {"owner": "table"}
    if group.fame_cup and cup.get("owner") != "app":
        _act(seat, "set_fame_cup", {"values": list(group.fame_cup)})
    hero = (state.get("heroes") or {}).get(seat.key, {}).get("hero")
    if not hero:
        return []
    granted = []
    for award in selectors.rewards_to_grant(player=player, hero=hero, exclude_game=game.pk):
        args = {
            "card": award.card,
            "seat": seat.key,
            "note": f"on {award.record.played_on.isoformat()} by {player.name}",
        }
        effect = group.reward_effects.get(award.card)
        if effect:
            args["effect"] = str(effect)[:200]
        _act(seat, "grant_reward", args)
        granted.append(award.card)
    return granted


def game_create(*, setup: Any, player: Player | None) -> game_services.SeatGrant:
    if player is None:
        return game_services.game_create(setup=setup)
    with transaction.atomic():
        grant = game_services.game_create(setup=setup)
        seat_claim(seat=grant.seat, player=player)
    grant.game.refresh_from_db()
    return grant


def game_join(
    *, join_code: str, name: str, hero: str | None, player: Player | None
) -> game_services.SeatGrant:
    if player is None:
        return game_services.game_join(join_code=join_code, name=name, hero=hero)
    with transaction.atomic():
        grant = game_services.game_join(join_code=join_code, name=name, hero=hero)
        seat_claim(seat=grant.seat, player=player)
    grant.game.refresh_from_db()
    return grant
