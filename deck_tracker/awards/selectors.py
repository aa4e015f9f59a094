"""Reads of the award tracker, as an account may see it.

A group is visible to its owner and its members (an account joins by accepting an invitation;
leaving or being removed ends every access at once); only its owner changes it. Anything not
visible is "not found", never "forbidden". Lists come a page at a time (``paginate``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from deck_tracker.engine import catalogue, is_message, normalise_language, render_text
from deck_tracker.engine.content import default_packs

from .codes import GENERAL_NAMES
from .models import (
    REWARD_CARDS,
    AccountPreference,
    AccountToken,
    GameRecord,
    GroupInvitation,
    GroupStats,
    Player,
    PlayerGroup,
    PlayerStats,
    RewardAward,
    SeatPlayer,
)
from .usernames import normalize_username

REWARD_NAMES = dict(REWARD_CARDS)
# Accounts whose stored names differ from one another only in case (stored before names were
# normalised) are rare: a lookup reads at most this many.
NAME_CANDIDATES = 10

CARD_NAMES = dict(RewardAward._meta.get_field("card").choices or [])


def account_named(*, username: str, among: QuerySet[Any] | None = None) -> Any | None:
    """The account (of ``among``, else of all) whose normalised name is ``username``'s.

    The database's case-insensitive match only narrows the search (it also finds names stored
    with capitals before names were normalised); the normalised comparison decides, because the
    database's is no judge: on PostgreSQL, ``UPPER()`` turns a dotless i (U+0131) into ``I``.
    """
    name = normalize_username(username)
    accounts = among if among is not None else get_user_model().objects.all()
    for account in accounts.filter(username__iexact=name).order_by("pk")[:NAME_CANDIDATES]:
        if normalize_username(account.get_username()) == name:
            return account
    return None


def account_writes_group_content(*, group_id: int, account_id: int | None) -> bool:
    """Whether this account writes the group's cards (and seats its players who are not
    accounts): the group's owner, or a member the owner lets record games. Leaving the group
    ends it (leaving also ends the right to record)."""
    if account_id is None:
        return False
    return (
        PlayerGroup.objects.filter(pk=group_id)
        .filter(Q(owner_id=account_id) | Q(recorders__id=account_id))
        .exists()
    )


def seat_writes_group_content(*, seat_id: int, group_id: int) -> bool:
    """Whether a seat writes its game's group's cards: as the account that took the seat, and
    only while that account may (an anonymous seat never does)."""
    link = SeatPlayer.objects.filter(seat_id=seat_id).select_related("player").first()
    if link is None:
        return False
    # A seat taken before the seat's account was kept: its player's account, if still linked.
    account_id = link.account_id or link.player.account_id
    return account_writes_group_content(group_id=group_id, account_id=account_id)


def groups_visible(*, user: Any) -> QuerySet[PlayerGroup]:
    return PlayerGroup.objects.filter(Q(owner=user) | Q(members=user)).distinct()


def group_for(*, user: Any, group_id: Any, write: bool = False) -> PlayerGroup:
    """A visible group (else 404); with ``write``, one the account owns (else 403)."""
    group = groups_visible(user=user).filter(pk=_int(group_id)).first()
    if group is None:
        raise Http404("No such group.")
    if write and group.owner_id != user.pk:
        raise PermissionDenied("Only the group's owner may change it.")
    return group


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def players_visible(*, user: Any) -> QuerySet[Player]:
    return Player.objects.filter(group__in=groups_visible(user=user)).select_related("group")


def player_for(*, user: Any, player_id: Any) -> Player:
    player = players_visible(user=user).filter(pk=_int(player_id)).first()
    if player is None:
        raise Http404("No such player.")
    return player


def hero_name(hero_id: str, language: str = "en") -> str:
    """A hero by name, in ``language`` where the catalogues name it (``hero:<id>``)."""
    named = catalogue(normalise_language(language))["names"].get(f"hero:{hero_id}")
    if language != "en" and isinstance(named, str):
        return named
    for pack in default_packs().values():
        hero = pack.heroes.get(hero_id)
        if hero is not None:
            return str(hero.name)
    return hero_id


def reward_name(card: str, language: str = "en") -> str:
    """A King's Champion reward card by name, in ``language`` (``reward:<card>``)."""
    named = catalogue(normalise_language(language))["names"].get(f"reward:{card}")
    if language != "en" and isinstance(named, str):
        return named
    return str(CARD_NAMES.get(card, card))


def record_reason(record: GameRecord, language: str = "en") -> str:
    """Why the game ended: the engine's message in ``language`` when the record kept it, else
    the reason as stored (typed by the table, imported, or recorded before messages)."""
    if is_message(record.reason_msg):
        return render_text(record.reason_msg, normalise_language(language))
    return record.reason


def player_view(
    player: Player, *, with_stats: bool = False, language: str = "en"
) -> dict[str, Any]:
    view: dict[str, Any] = {
        "id": player.pk,
        "name": player.name,
        "group": player.group_id,
        "account": player.account.get_username() if player.account else None,
    }
    if with_stats:
        stats = PlayerStats.objects.filter(player=player).first()
        view["stats"] = stats_view(stats, language)
        view["heroes"] = sorted((stats.by_hero if stats else {}).keys())
    return view


def general_name(code: str, language: str = "en") -> str:
    """A General by the sheet's code, named in ``language`` where the catalogues name it."""
    english = GENERAL_NAMES.get(code, code)
    named = catalogue(normalise_language(language))["names"].get(
        "general:" + english.lower().replace(" ", "-")
    )
    return named if language != "en" and isinstance(named, str) else english


def stats_view(stats: PlayerStats | None, language: str = "en") -> dict[str, Any]:
    if stats is None:
        return {
            "games": 0,
            "wins": 0,
            "losses": 0,
            "fame": {"minor": 0, "major": 0, "total": 0},
            "by_general": {},
            "by_hero": {},
            "rewards": {},
            "reward_names": {},
            "computed_at": None,
        }
    return {
        "games": stats.games,
        "wins": stats.wins,
        "losses": stats.losses,
        "fame": {
            "minor": stats.minor_fame,
            "major": stats.major_fame,
            "total": stats.minor_fame + stats.major_fame,
        },
        # Each row with the name a player reads (the records keep codes and ids).
        "by_general": {
            code: {**row, "name": general_name(code, language)}
            for code, row in stats.by_general.items()
        },
        "by_hero": {
            hero: {**row, "name": hero_name(hero, language)} for hero, row in stats.by_hero.items()
        },
        "rewards": stats.rewards,
        "reward_names": {card: reward_name(card, language) for card in stats.rewards},
        "computed_at": stats.computed_at.isoformat().replace("+00:00", "Z"),
    }


def group_view(group: PlayerGroup, *, user: Any) -> dict[str, Any]:
    is_owner = group.owner_id == user.pk
    recorders = sorted(m.get_username() for m in group.recorders.all())
    view = {
        "id": group.pk,
        "name": group.name,
        "owner": group.owner.get_username(),
        "is_owner": is_owner,
        "members": sorted(m.get_username() for m in group.members.all()),
        "recorders": recorders,
        "can_record": is_owner or user.get_username() in recorders,
        "reward_carry_over": group.reward_carry_over,
        "fame_cup": list(group.fame_cup),
        "reward_effects": dict(group.reward_effects),
    }
    if is_owner:
        view["invited"] = sorted(group.invitations.values_list("username", flat=True))
    return view


@dataclass
class Page:
    items: list[Any]
    count: int
    page: int
    pages: int

    @property
    def next(self) -> int | None:
        return self.page + 1 if self.page < self.pages else None


def paginate(items: Any, *, page: Any, size: int) -> Page:
    """One page (from 1) of a queryset or list; a page past the end is empty."""
    count = items.count() if isinstance(items, QuerySet) else len(items)
    number = max(1, _int(page) or 1)
    start = (number - 1) * size
    return Page(
        items=list(items[start : start + size]),
        count=count,
        page=number,
        pages=max(1, -(-count // size)),
    )


def invitation_view(invitation: GroupInvitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "group": invitation.group_id,
        "group_name": invitation.group.name,
        "owner": invitation.group.owner.get_username(),
        "created_at": invitation.created_at.isoformat().replace("+00:00", "Z"),
    }


def records(*, group: PlayerGroup | None = None, groups: Any = None) -> QuerySet[GameRecord]:
    qs = GameRecord.objects.all() if group is None else GameRecord.objects.filter(group=group)
    if groups is not None:
        qs = qs.filter(group__in=groups)
    return qs.prefetch_related("heroes", "rewards").order_by("played_on", "created_at", "id")


def record_view(record: GameRecord, language: str = "en") -> dict[str, Any]:
    """A finished game as the history shows it, its reason and names in ``language``."""
    return {
        "uid": str(record.uid),
        "group": record.group_id,
        "game": str(record.game_id) if record.game_id else None,
        "played_on": record.played_on.isoformat(),
        "scenario": record.scenario,
        "generals": list(record.generals),
        "minions": list(record.minions),
        "result": record.result,
        "reason": record_reason(record, language),
        "heroes": [
            {
                "player": h.player_id,
                "player_name": h.player_name,
                "hero": h.hero,
                "hero_name": hero_name(h.hero, language),
                "seat": h.seat,
                "minor_fame": h.minor_fame,
                "major_fame": h.major_fame,
            }
            for h in record.heroes.all()
        ],
        "rewards": [
            {
                "card": r.card,
                "name": reward_name(r.card, language),
                "hero": r.hero,
                "hero_name": hero_name(r.hero, language),
                "player": r.player_id,
                "player_name": r.player_name,
            }
            for r in record.rewards.all()
        ],
    }


def heroes_with_rewards(*, player: Player) -> list[str]:
    """The heroes with which ``player`` has won a reward card."""
    heroes = RewardAward.objects.filter(player=player).values_list("hero", flat=True)
    return sorted(set(heroes))


def rewards_to_grant(*, player: Player, hero: str, exclude_game: Any = None) -> list[RewardAward]:
    """The reward cards ``player`` starts a game with when playing ``hero``.

    Per the group's ``reward_carry_over``: the rewards of the player's last recorded game when it
    was played with this hero (default: the Award Tracker's "their next game, providing they use
    the same Hero"); or of the player's last game with this hero; or every reward ever won with it.
    """
    played = GameRecord.objects.filter(heroes__player=player).exclude(game_id=exclude_game)
    played = played.distinct().order_by("-played_on", "-created_at", "-id")
    mode = player.group.reward_carry_over
    if mode == "always":
        awards = RewardAward.objects.filter(player=player, hero=hero).order_by("record__played_on")
        first: dict[str, RewardAward] = {}
        for award in awards.select_related("record"):
            first.setdefault(award.card, award)
        return list(first.values())
    if mode == "next_game_with_hero":
        played = played.filter(heroes__player=player, heroes__hero=hero)
    last = played.first()
    if last is None:
        return []
    return list(
        RewardAward.objects.filter(record=last, player=player, hero=hero).select_related("record")
    )


def group_stats(*, group: PlayerGroup) -> GroupStats | None:
    return GroupStats.objects.filter(group=group).first()


def account_tokens(*, user: Any) -> QuerySet[AccountToken]:
    """The account's tokens, newest first."""
    return AccountToken.objects.filter(user=user).order_by("-created_at", "-id")


def account_language(*, user: Any) -> str:
    """The language the account chose ("" for the phone's own)."""
    chosen = AccountPreference.objects.filter(user=user).values_list("language", flat=True)
    return chosen.first() or ""
