"""Input and output shapes of the award tracker's API (form only; rules live in services)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from ..models import REWARD_CARDS, RewardCarryOver
from ..usernames import normalize_username, username_problem

NAME_HELP = "Up to 60 characters."


class CredentialsSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)

    def validate_username(self, value: str) -> str:
        return normalize_username(value)


def _password_problems(password: str, username: str) -> list[str]:
    user = get_user_model()(username=username)
    try:
        password_validation.validate_password(password, user=user)
    except DjangoValidationError as error:
        return list(error.messages)
    return []


class RegisterSerializer(CredentialsSerializer):
    """A new account: a normalised, unambiguous username and a password the validators pass."""

    def validate_username(self, value: str) -> str:
        name = normalize_username(value)
        problem = username_problem(name, extended_latin=settings.USERNAME_EXTENDED_LATIN)
        if problem:
            raise serializers.ValidationError(problem)
        return name

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        problems = _password_problems(attrs["password"], attrs["username"])
        if problems:
            raise serializers.ValidationError({"password": problems})
        return attrs


class PasswordChangeSerializer(serializers.Serializer[Any]):
    current_password = serializers.CharField(max_length=128, trim_whitespace=False)
    new_password = serializers.CharField(max_length=128, trim_whitespace=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        user = self.context["user"]
        if not user.check_password(attrs["current_password"]):
            raise serializers.ValidationError({"current_password": ["Not your password."]})
        problems = _password_problems(attrs["new_password"], user.get_username())
        if problems:
            raise serializers.ValidationError({"new_password": problems})
        return attrs


class TokenListSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(help_text="Moves on each time the token is used.")
    current = serializers.BooleanField(help_text="The token this request carries.")


class TokenOutSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="Send as `Authorization: Bearer <token>`.")
    username = serializers.CharField()


class AccountOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()
    language = serializers.CharField(
        allow_blank=True,
        help_text="The language the account's games are read in (`en`, `de`); empty: the "
        "phone's own.",
    )


class AccountLanguageSerializer(serializers.Serializer[Any]):
    language = serializers.ChoiceField(
        choices=[("", "The phone's own language"), ("en", "English"), ("de", "Deutsch")]
    )


class GroupInSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=80)
    reward_carry_over = serializers.ChoiceField(
        choices=RewardCarryOver.choices,
        required=False,
        help_text="When a reward card comes back: `next_game` (default, the rulebook: the "
        "player's next game, if with the same hero), `next_game_with_hero`, `always`.",
    )
    fame_cup = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=20),
        required=False,
        max_length=100,
        help_text="The blue Major Fame tokens' values: the group's games start with an "
        "app-owned cup. Empty: the table draws and enters each value.",
    )
    reward_effects = serializers.DictField(
        child=serializers.CharField(max_length=200, allow_blank=True),
        required=False,
        help_text="Each reward card's effect as printed: "
        + ", ".join(card for card, _ in REWARD_CARDS),
    )

    def validate_reward_effects(self, value: dict[str, str]) -> dict[str, str]:
        unknown = sorted(set(value) - {card for card, _ in REWARD_CARDS})
        if unknown:
            raise serializers.ValidationError(f"Unknown card(s): {', '.join(unknown)}.")
        return {card: text for card, text in value.items() if text}


class GroupOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField()
    is_owner = serializers.BooleanField()
    members = serializers.ListField(child=serializers.CharField())
    recorders = serializers.ListField(child=serializers.CharField())
    can_record = serializers.BooleanField()
    invited = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Owner only: pending names."
    )
    reward_carry_over = serializers.CharField()
    fame_cup = serializers.ListField(child=serializers.IntegerField())
    reward_effects = serializers.DictField(child=serializers.CharField())


class MemberInSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150, help_text="The account to invite.")


class MemberUpdateSerializer(serializers.Serializer[Any]):
    can_record = serializers.BooleanField(
        help_text="May record games for the group's players who are not accounts."
    )


class InvitationOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    group = serializers.IntegerField()
    group_name = serializers.CharField()
    owner = serializers.CharField()
    created_at = serializers.DateTimeField()


class PlayerInSerializer(serializers.Serializer[Any]):
    group = serializers.IntegerField(required=False, help_text="On create: the group's id.")
    name = serializers.CharField(max_length=60, help_text=NAME_HELP)
    account = serializers.CharField(
        max_length=150,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="This player is an account: the owner's or a member's username.",
    )


class PlayerOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    group = serializers.IntegerField()
    account = serializers.CharField(allow_null=True)
    stats = serializers.DictField(required=False)
    heroes = serializers.ListField(child=serializers.CharField(), required=False)


class RecordOutSerializer(serializers.Serializer[Any]):
    uid = serializers.UUIDField()
    group = serializers.IntegerField()
    game = serializers.UUIDField(allow_null=True)
    played_on = serializers.DateField()
    scenario = serializers.CharField(allow_blank=True)
    generals = serializers.ListField(child=serializers.CharField())
    minions = serializers.ListField(child=serializers.CharField())
    result = serializers.ChoiceField(choices=["W", "L"])
    reason = serializers.CharField(allow_blank=True)
    heroes = serializers.ListField(child=serializers.DictField())
    rewards = serializers.ListField(child=serializers.DictField())


class HistoryOutSerializer(serializers.Serializer[Any]):
    records = RecordOutSerializer(many=True)
    player = PlayerOutSerializer(required=False)
    count = serializers.IntegerField(help_text="Games in all pages.")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.IntegerField(allow_null=True, help_text="The next page, or null.")


class ImportInSerializer(serializers.Serializer[Any]):
    group = serializers.IntegerField()
    document = serializers.DictField(required=False, help_text="A JSON export.")
    csv = serializers.CharField(required=False, help_text="A CSV export, as text.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("document" in attrs) == ("csv" in attrs):
            raise serializers.ValidationError("Give either `document` (JSON) or `csv`.")
        return attrs


class ImportOutSerializer(serializers.Serializer[Any]):
    games_created = serializers.IntegerField()
    games_skipped = serializers.IntegerField()
    players_created = serializers.IntegerField()


class BgStatsPlayOutSerializer(serializers.Serializer[Any]):
    play = serializers.DictField(
        help_text="One play in BG Stats' import format: sourceName, sourcePlayId, playDate, "
        "durationMin, game, expansions, board, comments, players."
    )
    url = serializers.URLField(help_text="Opens the play in BG Stats (createPlay.html?data=).")


class StatsRowOutSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    name = serializers.CharField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()


class FamePointOutSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    played_on = serializers.DateField()
    totals = serializers.DictField(child=serializers.IntegerField())


class GroupFiguresOutSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    by_general = StatsRowOutSerializer(many=True)
    by_scenario = StatsRowOutSerializer(many=True)
    by_hero = StatsRowOutSerializer(many=True)
    by_player = StatsRowOutSerializer(many=True)
    fame = FamePointOutSerializer(many=True, help_text="Each player's fame so far, game by game.")


class GroupStatisticsOutSerializer(serializers.Serializer[Any]):
    group = serializers.IntegerField()
    computed_at = serializers.DateTimeField(allow_null=True)
    figures = GroupFiguresOutSerializer(allow_null=True)
