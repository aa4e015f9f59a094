"""Input and output shapes of the API (validation of form only; rules live in the engine)."""

from __future__ import annotations

from rest_framework import serializers


class SetupSerializer(serializers.Serializer):
    system = serializers.CharField(required=False, max_length=40, help_text="`dotr` (default) or `generic`.")
    host = serializers.DictField(required=False, help_text="`{name, hero}` of the host's seat.")
    decks = serializers.DictField(
        required=False,
        help_text="`generic` games: `{name: {cards: [ids], owner: app|table, auto_reshuffle}}`.",
    )
    options = serializers.DictField(required=False, help_text="Setup options of the game system.")


class JoinSerializer(serializers.Serializer):
    join_code = serializers.CharField(max_length=20)
    name = serializers.CharField(max_length=60)
    hero = serializers.CharField(max_length=60, required=False, allow_null=True, allow_blank=True)


class ActionSerializer(serializers.Serializer):
    type = serializers.CharField(max_length=40)
    args = serializers.DictField(required=False, default=dict)
    expected_version = serializers.IntegerField(min_value=0)


class SeatOutSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    hero = serializers.CharField(allow_null=True)
    is_host = serializers.BooleanField()


class GameOutSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    join_code = serializers.CharField()
    seed_commitment = serializers.CharField(allow_null=True)
    seat = serializers.CharField()
    seats = SeatOutSerializer(many=True)
    state = serializers.DictField()


class CreatedGameOutSerializer(GameOutSerializer):
    token = serializers.CharField()


class JoinedOutSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    seat_id = serializers.CharField()
    token = serializers.CharField()
    version = serializers.IntegerField()
    state = serializers.DictField()


class StepOutSerializer(serializers.Serializer):
    text = serializers.CharField()
    rule = serializers.CharField()


class EventOutSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    version = serializers.IntegerField()
    type = serializers.CharField()
    actor = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()
    summary = serializers.CharField()
    steps = StepOutSerializer(many=True)
    data = serializers.DictField()


class ActionResultOutSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    events = EventOutSerializer(many=True)
    state = serializers.DictField()


class ActionSpecOutSerializer(serializers.Serializer):
    type = serializers.CharField()
    description = serializers.CharField()
    available = serializers.BooleanField()
    reason = serializers.CharField(allow_null=True)
    args = serializers.DictField()


class ActionListOutSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    actions = ActionSpecOutSerializer(many=True)


class EventPageOutSerializer(serializers.Serializer):
    events = EventOutSerializer(many=True)
    last_seq = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)


class ErrorOutSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()
    fields = serializers.DictField(required=False)


class ContentPackOutSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    game_system = serializers.CharField()
    expansion = serializers.CharField()
    version = serializers.CharField()
