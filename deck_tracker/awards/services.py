"""Writes of the award tracker: accounts' tokens, groups, players, finished games, statistics.

The record of a finished game is rebuilt from the game's state (``game_record_sync``) and the
statistics from the records (``player_stats_recompute``): both may run any number of times and
give the same rows, which is what makes the Celery task idempotent.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from deck_tracker.engine import fame_totals, is_message
from deck_tracker.models import Game

from .auth import hash_key, new_account_key
from .codes import game_codes
from .models import (
    AccountPreference,
    AccountToken,
    GameRecord,
    GameRecordHero,
    GroupInvitation,
    Player,
    PlayerGroup,
    PlayerStats,
    RewardAward,
    SeatPlayer,
)
from .selectors import account_named, account_writes_group_content
from .sessions import sign_out_generation_advance
from .usernames import normalize_username

RESULTS = {"won": "W", "lost": "L"}


class AwardsError(Exception):
    """A request the tracker refuses; ``code`` is stable, ``fields`` name the inputs at fault."""

    def __init__(
        self,
        detail: str,
        *,
        code: str,
        field: str | None = None,
        status: int = 400,
        fields: dict[str, list[str]] | None = None,
    ):
        super().__init__(detail)
        self.detail, self.code, self.status = detail, code, status
        self.fields = fields or ({field: [detail]} if field else None)


# ------------------------------------------------------------------------------------------
# Accounts
# ------------------------------------------------------------------------------------------


def account_set_language(*, user: Any, language: str) -> str:
    """The language the account's games and pages are read in ("" for the browser's own)."""
    AccountPreference.objects.update_or_create(user=user, defaults={"language": language})
    return language


def account_register(*, username: str, password: str) -> Any:
    """A new account; ``username`` is already normalised (see ``usernames.py``)."""
    user_model = get_user_model()
    taken = AwardsError(_("This username is taken."), code="username_taken", field="username")
    if account_named(username=username) is not None:
        raise taken
    try:
        with transaction.atomic():
            return user_model.objects.create_user(username=username, password=password)
    except IntegrityError:
        # Two registrations of one name at once: the database's unique constraint decides.
        raise taken from None


def account_token_create(*, user: Any, name: str = "", session_key: str | None = None) -> str:
    key = new_account_key()
    AccountToken.objects.create(
        user=user,
        key_hash=hash_key(key),
        name=name[:60],
        session_hash=hash_key(session_key) if session_key else "",
    )
    return key


def account_token_revoke(*, token: AccountToken) -> None:
    token.delete()


def account_tokens_revoke(*, user: Any, keep: AccountToken | None = None) -> int:
    """Revoke every token of the account (but ``keep``); how many."""
    tokens = AccountToken.objects.filter(user=user)
    if keep is not None:
        tokens = tokens.exclude(pk=keep.pk)
    return tokens.delete()[0]


def account_sign_out_everywhere(*, user: Any) -> None:
    """Every token and every browser session of the account ends (this request's too)."""
    with transaction.atomic():
        account_tokens_revoke(user=user)
        sign_out_generation_advance(user=user)


def account_token_revoke_by_id(*, user: Any, token_id: int) -> bool:
    """Revoke one of the account's tokens; False when it has none by that id."""
    return bool(AccountToken.objects.filter(user=user, pk=token_id).delete()[0])


def account_session_tokens_revoke(*, session_key: str | None) -> None:
    """Revoke the tokens made while this browser session was signed in."""
    if session_key:
        AccountToken.objects.filter(session_hash=hash_key(session_key)).delete()


def account_password_change(*, user: Any, password: str, keep: AccountToken | None) -> None:
    """A new password; every other token of the account stops working."""
    user.set_password(password)
    user.save(update_fields=["password"])
    account_tokens_revoke(user=user, keep=keep)


# ------------------------------------------------------------------------------------------
# Groups and players
# ------------------------------------------------------------------------------------------


def group_create(*, owner: Any, name: str) -> PlayerGroup:
    with transaction.atomic():
        _lock_account(owner.pk)
        if PlayerGroup.objects.filter(owner=owner).count() >= settings.ACCOUNT_MAX_GROUPS:
            raise AwardsError(
                _("An account owns at most {limit} groups.").format(
                    limit=settings.ACCOUNT_MAX_GROUPS
                ),
                code="too_many_groups",
                status=409,
            )
        return PlayerGroup.objects.create(owner=owner, name=name)


def _lock_account(user_id: Any) -> None:
    """Count-then-create on an account's rows, one request at a time (PostgreSQL row lock)."""
    get_user_model().objects.select_for_update().filter(pk=user_id).first()


def player_room_check(*, group: PlayerGroup, adding: int = 1) -> None:
    """Refuse players past ACCOUNT_MAX_PLAYERS in all the groups of the group's owner.

    Call it in the transaction that creates them: it locks the owner's account row."""
    _lock_account(group.owner_id)
    held = Player.objects.filter(group__owner_id=group.owner_id).count()
    if held + adding > settings.ACCOUNT_MAX_PLAYERS:
        raise AwardsError(
            _("The groups of an account hold at most {limit} players.").format(
                limit=settings.ACCOUNT_MAX_PLAYERS
            ),
            code="too_many_players",
            status=409,
        )


GROUP_FIELDS = ("name", "reward_carry_over", "fame_cup", "reward_effects")


def group_update(*, group: PlayerGroup, **fields: Any) -> PlayerGroup:
    changed = [name for name in GROUP_FIELDS if name in fields]
    for name in changed:
        setattr(group, name, fields[name])
    if changed:
        group.save(update_fields=changed)
    return group


def group_member_invite(*, group: PlayerGroup, username: str) -> None:
    """Invite the account of this name; it joins only by accepting.

    The answer is the same whether an account has the name or not (an invitation to a name no
    account has simply lapses unaccepted), so the owner learns nothing about who exists.
    """
    name = normalize_username(username)
    if name == normalize_username(group.owner.get_username()):
        raise AwardsError(
            _("The owner is always in the group."), code="owner_is_member", field="username"
        )
    if group.members.filter(username=name).exists():
        return
    invitation, created = GroupInvitation.objects.get_or_create(group=group, username=name)
    if not created:
        invitation.created_at = timezone.now()
        invitation.save(update_fields=["created_at"])


def _invitations_live() -> QuerySet[GroupInvitation]:
    since = timezone.now() - timedelta(days=settings.GROUP_INVITATION_DAYS)
    return GroupInvitation.objects.filter(created_at__gte=since)


def invitations_of(*, user: Any) -> QuerySet[GroupInvitation]:
    """The invitations waiting for this account, oldest first."""
    name = normalize_username(user.get_username())
    return _invitations_live().filter(username=name).select_related("group", "group__owner")


def invitation_answer(*, user: Any, invitation_id: Any, accept: bool) -> PlayerGroup:
    """Accept (join the group) or decline; an invitation is answered once."""
    with transaction.atomic():
        invitation = (
            invitations_of(user=user)
            .select_for_update(of=("self",))
            .filter(pk=_int(invitation_id))
            .first()
        )
        if invitation is None:
            raise Http404("No such invitation.")
        group = invitation.group
        invitation.delete()
        if accept:
            group.members.add(user)
    return group


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def group_member_remove(*, group: PlayerGroup, username: str) -> None:
    """The account leaves (or is removed, or its invitation withdrawn): all its access ends.

    Its players in the group stay, unlinked: only members and the owner are players' accounts.
    """
    name = normalize_username(username)
    with transaction.atomic():
        GroupInvitation.objects.filter(group=group, username=name).delete()
        user = account_named(username=name, among=group.members.all())
        if user is None:
            return
        users = [user]
        group.members.remove(*users)
        group.recorders.remove(*users)
        Player.objects.filter(group=group, account__in=users).update(account=None)


def group_member_update(*, group: PlayerGroup, username: str, can_record: bool) -> None:
    """Let a member record games for the group's players who are not accounts (or stop)."""
    user = account_named(username=username, among=group.members.all())
    if user is None:
        raise Http404("No such member.")
    if can_record:
        group.recorders.add(user)
    else:
        group.recorders.remove(user)


def group_can_record(*, group: PlayerGroup, user: Any) -> bool:
    return account_writes_group_content(group_id=group.pk, account_id=user.pk)


def player_create(*, group: PlayerGroup, name: str, account: str | None = None) -> Player:
    try:
        with transaction.atomic():
            player_room_check(group=group)
            return Player.objects.create(
                group=group, name=name, account=account_in_group(group, account)
            )
    except IntegrityError:
        raise AwardsError(
            _("The group already has a player named {name}.").format(name=repr(name)),
            code="player_exists",
            field="name",
        ) from None


def account_in_group(group: PlayerGroup, username: str | None) -> Any:
    """A player may be an account: the owner's or a member's (so no one is linked unasked)."""
    if not username:
        return None
    user = account_named(username=username, among=group.members.all())
    if user is None and normalize_username(group.owner.get_username()) == normalize_username(
        username
    ):
        user = group.owner
    if user is None:
        raise AwardsError(
            _("A player can only be the account of the group's owner or of a member."),
            code="account_not_in_group",
            field="account",
        )
    return user


def player_update(*, player: Player, name: str | None = None, account: Any = ...) -> Player:
    fields: list[str] = []
    if name is not None and name != player.name:
        if Player.objects.filter(group=player.group, name=name).exclude(pk=player.pk).exists():
            raise AwardsError(
                _("The group already has a player named {name}.").format(name=repr(name)),
                code="player_exists",
                field="name",
            )
        player.name, fields = name, [*fields, "name"]
    if account is not ...:
        player.account, fields = account_in_group(player.group, account), [*fields, "account"]
    if fields:
        player.save(update_fields=fields)
    return player


# ------------------------------------------------------------------------------------------
# Finished games: the record and the statistics
# ------------------------------------------------------------------------------------------


def _players_of_game(game_id: Any) -> set[int]:
    return set(
        GameRecordHero.objects.filter(record__game_id=game_id, player__isnull=False)
        .values_list("player_id", flat=True)
        .distinct()
    )


def game_recorded(*, game: Game) -> bool:
    """Whether the game's ending is in a group's award history (or is being written there by
    ``game_record_sync``): won or lost, with a seat taken as one of a group's players."""
    state = game.state
    result = RESULTS.get((state.get("outcome") or {}).get("result", ""))
    if result is None or state.get("system") != "dotr":
        return False
    return SeatPlayer.objects.filter(game=game).exists()


@transaction.atomic
def game_record_sync(*, game_id: Any) -> list[int]:
    """Make the tracker's rows for this game match its state; the players whose rows changed.

    A game won or lost has one record per group with a player at the table (abandoned and
    unfinished games have none, so undoing an ending removes its record). Rewards are those
    handed out at the Grand Ball so far.
    """
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    before = _players_of_game(game_id)
    if game is None:
        return sorted(before)
    state = game.state
    result = RESULTS.get((state.get("outcome") or {}).get("result", ""))
    links = SeatPlayer.objects.filter(seat__game=game).select_related("seat", "player__group")
    by_seat = {link.seat.key: link.player for link in links}
    groups = {player.group_id: player.group for player in by_seat.values()}
    records = GameRecord.objects.filter(game=game)
    if result is None or state.get("system") != "dotr":
        records.delete()
        return sorted(before)
    records.exclude(group_id__in=groups).delete()
    generals, minions = game_codes(state)
    fame = fame_totals(state)
    seats = state.get("seats") or {}
    heroes = state.get("heroes") or {}
    awards = (state.get("grand_ball") or {}).get("awards") or []
    scenario = str((state.get("scenario") or {}).get("id", ""))
    for group_id, group in groups.items():
        record, _created = GameRecord.objects.get_or_create(
            group=group,
            game=game,
            defaults={
                "played_on": game.created_at.date(),
                "generals": [],
                "minions": [],
                "result": result,
            },
        )
        record.generals, record.minions, record.result = generals, minions, result
        outcome = state.get("outcome") or {}
        record.reason = str(outcome.get("reason", ""))
        record.reason_msg = outcome["reason_msg"] if is_message(outcome.get("reason_msg")) else None
        record.scenario = scenario
        record.save()

        def own(seat: str, group_id: int = group_id) -> Player | None:
            player = by_seat.get(seat)
            return player if player is not None and player.group_id == group_id else None

        def name(seat: str) -> str:
            player = own(seat)
            return player.name if player else str(seats.get(seat, {}).get("name") or seat)

        record.heroes.all().delete()
        GameRecordHero.objects.bulk_create(
            GameRecordHero(
                record=record,
                player=own(seat),
                player_name=name(seat),
                hero=entry["hero"],
                seat=seat,
                minor_fame=fame.get(seat, {}).get("minor", 0),
                major_fame=fame.get(seat, {}).get("major", 0),
            )
            for seat, entry in sorted(heroes.items(), key=lambda item: int(item[0]))
        )
        record.rewards.all().delete()
        RewardAward.objects.bulk_create(
            RewardAward(
                record=record,
                card=award["card"],
                hero=award.get("hero") or "",
                player=own(award["seat"]),
                player_name=name(award["seat"]),
            )
            for award in awards
        )
    return sorted(before | _players_of_game(game_id))


def player_stats_recompute(*, player_ids: list[int]) -> None:
    """Games, wins and losses in all, per General and per hero, fame and rewards, per player."""
    for player in Player.objects.filter(pk__in=player_ids):
        rows = GameRecordHero.objects.filter(player=player).select_related("record")
        total: Counter[str] = Counter()
        by_general: dict[str, Counter[str]] = defaultdict(Counter)
        by_hero: dict[str, Counter[str]] = defaultdict(Counter)
        for row in rows:
            outcome = "wins" if row.record.result == "W" else "losses"
            fame = row.minor_fame + row.major_fame
            total.update({"games": 1, outcome: 1, "minor": row.minor_fame, "major": row.major_fame})
            for code in row.record.generals:
                by_general[code].update({"games": 1, outcome: 1})
            by_hero[row.hero].update({"games": 1, outcome: 1, "fame": fame})
        rewards = Counter(RewardAward.objects.filter(player=player).values_list("card", flat=True))
        PlayerStats.objects.update_or_create(
            player=player,
            defaults={
                "games": total["games"],
                "wins": total["wins"],
                "losses": total["losses"],
                "minor_fame": total["minor"],
                "major_fame": total["major"],
                "by_general": {code: _wl(c) for code, c in sorted(by_general.items())},
                "by_hero": {
                    hero: _wl(c) | {"fame": c["fame"]} for hero, c in sorted(by_hero.items())
                },
                "rewards": dict(sorted(rewards.items())),
            },
        )


def _wl(counts: Counter[str]) -> dict[str, int]:
    return {"games": counts["games"], "wins": counts["wins"], "losses": counts["losses"]}


def group_player_ids(*, group_id: int) -> list[int]:
    return list(Player.objects.filter(group_id=group_id).values_list("pk", flat=True))
