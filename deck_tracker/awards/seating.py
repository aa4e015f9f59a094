"""Seats linked to players at create or join, and the rewards they bring to the table.

Who may sit as whom: a player who is an account is played by that account only; a player who is
not is seated by the group's owner or by a member the owner lets record games. So no one adds a
game to another account's history, or takes its carried-over rewards.

Award Tracker (Dragon expansion): "When a player winning a reward plays with the same hero that
won the reward - they are awarded the Grand Ball Card at the start of the game as a benefit in
the new game." Linking a seat to a player applies, in the same transaction as the create or the
join, one ``grant_reward`` per card due (see ``selectors.rewards_to_grant``) and, when the group
has entered its Major Fame tokens, hands the cup to the app: all inside the create's or join's
own command (one version, one notification).

A recorded ending is the group's: once a won or lost game is in a group's award history, undo
and redo (which would take the ending back, and let it be ended again otherwise) are refused to
a seat taken without one of a group's players (a guest who came with the join code alone),
until a seat of the group's players undoes the ending; ``close_game`` ends every change.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils.translation import gettext as _

from deck_tracker.engine import Brings
from deck_tracker.games import services as game_services
from deck_tracker.models import Game, Seat

from . import selectors, services
from .models import Player, SeatPlayer
from .services import AwardsError

# The commands that would take a recorded ending back (and so let it be ended again).
CHANGES_TO_A_RECORDED_ENDING = frozenset({"undo", "redo"})


def recorded_ending_guard(game: Game, seat: Seat, action: str) -> None:
    """Refuse a guest's undo or redo of a game in a group's award history (403 ``recorded_game``).

    Called under the game's row lock, before the command runs.
    """
    if action not in CHANGES_TO_A_RECORDED_ENDING or not services.game_recorded(game=game):
        return
    if SeatPlayer.objects.filter(seat=seat).exists():
        return
    raise AwardsError(
        _(
            "This game's ending is in a group's award history: only a seat of the group's "
            "players may undo or redo it now."
        ),
        code="recorded_game",
        status=403,
    )


def account_group_ids(account: Any) -> list[int]:
    """The groups an account sees (owns or belongs to): whose content its new games know."""
    return list(selectors.groups_visible(user=account).values_list("pk", flat=True))


def player_for_account(*, user: Any, player_id: Any) -> Player | None:
    """The player a create or join names (None when none is named)."""
    if player_id in (None, ""):
        return None
    if user is None:
        raise AwardsError(
            _("Sign in (a session or an account token) to sit as one of your players."),
            code="not_authenticated",
            field="player",
            status=401,
        )
    try:
        player = selectors.player_for(user=user, player_id=player_id)
    except Http404:
        raise AwardsError(
            _("No such player in your groups."), code="unknown_player", field="player"
        ) from None
    if player.account_id is not None:
        if player.account_id != user.pk:
            raise AwardsError(
                _("{player} is another account's player: only that account sits as them.").format(
                    player=player.name
                ),
                code="player_is_another_account",
                field="player",
                status=403,
            )
    elif not services.group_can_record(group=player.group, user=user):
        raise AwardsError(
            _(
                "Only the group's owner, or a member the owner lets record games, seats its "
                "players who are not accounts."
            ),
            code="not_a_recorder",
            field="player",
            status=403,
        )
    return player


def seat_claim(*, player: Player, account: Any) -> game_services.SeatClaim:
    """What sitting as ``player`` does: link the seat, and what the player brings to the table.

    The rewards are read here, before the game is locked; which apply is decided from the
    state (the hero the seat plays), inside the create's or join's own command.
    """
    group = player.group
    rewards = {
        hero: [
            _reward_args(award, player=player, effect=group.reward_effects.get(award.card))
            for award in selectors.rewards_to_grant(player=player, hero=hero)
        ]
        for hero in selectors.heroes_with_rewards(player=player)
    }
    fame_cup = list(group.fame_cup or [])

    def link(seat: Seat) -> None:
        try:
            with transaction.atomic():
                SeatPlayer.objects.create(
                    game_id=seat.game_id, seat=seat, player=player, account=account
                )
        except IntegrityError:
            raise AwardsError(
                _("{player} already sits at this table.").format(player=player.name),
                code="player_seated",
                field="player",
                status=409,
            ) from None

    brings = Brings(
        fame_cup=tuple(fame_cup),
        rewards={hero: tuple(granted) for hero, granted in rewards.items()},
    )
    return game_services.SeatClaim(player_name=player.name, before=link, brings=brings)


def _reward_args(award: Any, *, player: Player, effect: Any) -> dict[str, Any]:
    args = {"card": award.card, "note": f"on {award.record.played_on.isoformat()} by {player.name}"}
    if effect:
        args["effect"] = str(effect)[:200]
    return args


def game_create(
    *,
    setup: Any,
    player: Player | None,
    account: Any = None,
    others: list[tuple[str, str | None, Player | None]] | None = None,
) -> game_services.GameGrant:
    """A new game; ``account`` (signed in) sits as ``player`` (from :func:`player_for_account`).

    ``others``: the further seats taken with it, ``(name, hero, player)`` each; all or none."""
    claim = seat_claim(player=player, account=account) if player is not None else None
    # A signed-in host sitting as a group's player makes it the group's game: it knows, and
    # keeps, the group's content entries.
    group_id = player.group_id if player is not None else None
    seats = [
        game_services.NewSeat(
            name=name,
            hero=hero,
            claim=seat_claim(player=sitter, account=account) if sitter is not None else None,
        )
        for name, hero, sitter in others or ()
    ]
    return game_services.game_create(
        setup=setup, claim=claim, content_group_id=group_id, others=seats
    )


def game_join(
    *, join_code: str, name: str, hero: str | None, player: Player | None, account: Any = None
) -> game_services.SeatGrant:
    claim = seat_claim(player=player, account=account) if player is not None else None
    return game_services.game_join(join_code=join_code, name=name, hero=hero, claim=claim)
