"""Input and output shapes of the award tracker's API (form only; rules live in services)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from ..models import REWARD_CARDS, RewardCarryOver

NAME_HELP = "Up to 60 characters."


class CredentialsSerializer(serializers.Serializer[Any]):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", max_length=150)
    password = serializers.CharField(max_length=128, min_length=8, write_only=True)


class TokenOutSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="Send as `Authorization: Bearer <token>`.")
    username = serializers.CharField()


class AccountOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()


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
    reward_carry_over = serializers.CharField()
    fame_cup = serializers.ListField(child=serializers.IntegerField())
    reward_effects = serializers.DictField(child=serializers.CharField())


class MemberInSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150)


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
