"""Input and output shapes of the API (validation of form only; rules live in the engine)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import serializers

from deck_tracker.engine import FORECAST_MAX_NIGHTS, FORECAST_MAX_SAMPLES


class NewSeatSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=60)
    hero = serializers.CharField(max_length=60, required=False, allow_null=True, allow_blank=True)
    player = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="This seat sits as this player of your groups (needs an account).",
    )


# The host and the further seats: the most a table seats (the Dragon expansion's 6 heroes).
MAX_NEW_SEATS = 5


class SetupSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="The host sits as this player of your groups (needs an account).",
    )
    system = serializers.CharField(
        required=False, max_length=40, help_text="`dotr` (default) or `generic`."
    )
    host = serializers.DictField(required=False, help_text="`{name, hero}` of the host's seat.")
    seats = serializers.ListField(
        child=NewSeatSerializer(),
        required=False,
        max_length=MAX_NEW_SEATS,
        help_text="Further seats taken with the game, after the host's (players sharing this "
        "phone): `{name, hero, player}` each, seated in order as if each joined. One refused "
        "(an unknown or taken hero, more heroes than the boxes chosen seat) refuses the "
        "creation: no game is made. Their tokens are in the answer's `seat_tokens`.",
    )
    decks = serializers.DictField(
        required=False,
        help_text="`generic` games: `{name: {cards: [ids], owner: app|table, auto_reshuffle}}`.",
    )
    options = serializers.DictField(
        required=False, help_text="Setup options: see `GET /api/v1/scenarios/` for each system's."
    )
    table_decks = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=20,
        help_text="Decks the table keeps physical (e.g. `darkness_spreads`).",
    )
    setup_cards = serializers.ListField(
        child=serializers.CharField(max_length=100),
        required=False,
        max_length=20,
        help_text="A table-owned Darkness Spreads deck: the 6 setup cards drawn, in order.",
    )
    expansions = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=10,
        help_text='Expansions in play, e.g. `["dragon"]`; their settings are among `options`.',
    )
    generals = serializers.JSONField(
        required=False,
        help_text='With the Dragon expansion: the General of each colour (`{"red": '
        '"brimstone"}`; a colour not named keeps its base General) or `"random"` '
        "(Onslaught's deal).",
    )
    scenario = serializers.CharField(
        required=False,
        max_length=60,
        help_text="A scenario of `GET /api/v1/scenarios/` (e.g. `the-burning-land`): it sets "
        "its Generals, Agent, decks and special rules; `custom` mixes freely.",
    )
    easier = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=10,
        help_text="With a scenario: the rulebook's easier variants it allows.",
    )
    entries = serializers.DictField(
        required=False,
        help_text="Values read from the table's cards that the setup asks for (`entries` of "
        '`GET /api/v1/scenarios/`), e.g. `{"generals/onyx/life": 7}`; each checked like the '
        "content overlay's field. Left out, the game asks later.",
    )
    boxed_specials = serializers.ListField(
        child=serializers.CharField(max_length=100),
        required=False,
        max_length=20,
        help_text="Easier variant `choose_special_cards`: the Special cards put in the box.",
    )


class JoinSerializer(serializers.Serializer[Any]):
    join_code = serializers.CharField(
        max_length=40,
        help_text="As typed: case, spaces, dashes and stray marks do not matter, and O, I and l "
        "read as 0, 1 and 1.",
    )
    name = serializers.CharField(max_length=60)
    hero = serializers.CharField(max_length=60, required=False, allow_null=True, allow_blank=True)
    player = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Sit as this player of your groups (needs an account): rewards it won with "
        "this hero come with it, and the game enters its history.",
    )


class TakenHeroOutSerializer(serializers.Serializer[Any]):
    hero = serializers.CharField(help_text="The hero's id in the game's content.")
    name = serializers.CharField(help_text="The hero's printed name.")
    player = serializers.CharField(help_text="The name of the player who plays it.")


class JoinPreviewOutSerializer(serializers.Serializer[Any]):
    join_code = serializers.CharField()
    system = serializers.CharField(allow_null=True)
    hero_choice = serializers.ChoiceField(
        choices=["pack", "built", "pack_or_built", "character", "none"],
        help_text="What a joining player names as `hero`: `pack` a base-game hero (its id); "
        "`built` the name of a hero built from ability cards (The Hero's Calling); "
        "`pack_or_built` either (its setting `hc_base_heroes`); `character` a Talisman "
        "character; `none` nothing (Battlefields: the next side at the table).",
    )
    players = serializers.ListField(child=serializers.CharField())
    heroes_taken = TakenHeroOutSerializer(many=True)


class ActionSerializer(serializers.Serializer[Any]):
    type = serializers.CharField(max_length=40)
    args = serializers.DictField(required=False, default=dict)
    expected_version = serializers.IntegerField(min_value=0)


def action_in(data: Any) -> dict[str, Any] | None:
    """``ActionSerializer(data=data).validated_data`` for the body a phone sends (a plain
    ``type``, ``args`` an object or left out, ``expected_version`` a whole number), checked
    without DRF's field machinery; None for any other body, which the serializer then checks
    (and refuses with its own words)."""
    if not isinstance(data, dict):
        return None
    kind, args, version = data.get("type"), data.get("args", {}), data.get("expected_version")
    if not (
        type(kind) is str
        and 0 < len(kind) <= 40
        and kind.isascii()  # no surrogate to refuse
        and "\x00" not in kind
        and kind == kind.strip()
        and type(args) is dict
        and type(version) is int
        and version >= 0
    ):
        return None
    return {
        "type": kind,
        "args": {str(key): value for key, value in args.items()},
        "expected_version": version,
    }


class SeatOutSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField()
    hero = serializers.CharField(allow_null=True)
    is_host = serializers.BooleanField()


LANGUAGE_CHOICES = [("", "The phone's own language"), ("en", "English"), ("de", "Deutsch")]


class SeatLanguageSerializer(serializers.Serializer[Any]):
    language = serializers.ChoiceField(
        choices=LANGUAGE_CHOICES,
        help_text="The language this seat reads the game in; empty: the account's choice, "
        "else the phone's Accept-Language.",
    )


class SeatLanguageOutSerializer(serializers.Serializer[Any]):
    seat_id = serializers.CharField()
    language = serializers.CharField(allow_blank=True)
    reads_in = serializers.CharField(help_text="The language the seat now reads in.")


class GameOutSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    join_code = serializers.CharField()
    seed_commitment = serializers.CharField(allow_null=True)
    revealed_seeds = serializers.ListField(child=serializers.DictField())
    seat = serializers.CharField()
    language = serializers.CharField(
        help_text="The language this reader reads in (its events, Django's words): `en`, `de`."
    )
    seats = SeatOutSerializer(many=True)
    state = serializers.DictField()


class CreatedGameOutSerializer(GameOutSerializer):
    token = serializers.CharField()
    seat_tokens = serializers.DictField(
        child=serializers.CharField(),
        help_text="The token of each further seat of the setup's `seats`, by seat id.",
    )
    events = serializers.ListField(child=serializers.DictField())


class JoinedOutSerializer(serializers.Serializer[Any]):
    game_id = serializers.UUIDField()
    seat_id = serializers.CharField()
    token = serializers.CharField()
    version = serializers.IntegerField()
    state = serializers.DictField()


class StepOutSerializer(serializers.Serializer[Any]):
    text = serializers.CharField()
    rule = serializers.CharField()


class EventOutSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    version = serializers.IntegerField()
    type = serializers.CharField()
    actor = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()
    summary = serializers.CharField()
    steps = StepOutSerializer(many=True)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # `data` is also the name of a Serializer property, so it is added here.
        fields = super().get_fields()
        fields["data"] = serializers.DictField()
        return fields


class ActionResultOutSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    events = EventOutSerializer(many=True)
    state = serializers.DictField()


def _text(value: Any) -> str | None:
    """A ``CharField``'s output: the value as a string, None as null."""
    return None if value is None else str(value)


def _number(value: Any) -> int | None:
    """An ``IntegerField``'s output."""
    return None if value is None else int(value)


def _members(value: Any) -> dict[str, Any] | None:
    """A ``DictField``'s output (its values as they are)."""
    return None if value is None else {str(key): item for key, item in value.items()}


def event_out(event: Any) -> dict[str, Any]:
    """``EventOutSerializer(event).data`` as a plain function (the same members, in the same
    order): the served schema is the serializer's, the work is a dict per event and step."""
    at = event["at"]
    if at and not isinstance(at, str):  # a datetime: formatted as the serializer's field does
        at = serializers.DateTimeField().to_representation(at)
    return {
        "seq": _number(event["seq"]),
        "version": _number(event["version"]),
        "type": _text(event["type"]),
        "actor": _text(event["actor"]),
        "at": at or None,  # the ISO text the serializer passes through (none: null)
        "summary": _text(event["summary"]),
        "steps": [
            {"text": _text(step["text"]), "rule": _text(step["rule"])} for step in event["steps"]
        ],
        "data": _members(event["data"]),
    }


def action_result_out(body: dict[str, Any]) -> dict[str, Any]:
    """``ActionResultOutSerializer(body).data``, built as plain dicts (``event_out``): an
    action's answer, the hot path of every phone."""
    return {
        "version": _number(body["version"]),
        "last_seq": _number(body["last_seq"]),
        "events": [event_out(event) for event in body["events"]],
        "state": _members(body["state"]),
    }


class ActionSpecOutSerializer(serializers.Serializer[Any]):
    type = serializers.CharField()
    description = serializers.CharField()
    available = serializers.BooleanField()
    reason = serializers.CharField(
        allow_null=True,
        help_text="Why the action is unavailable now, in the request's language "
        "(`Accept-Language`); null when it is available.",
    )
    args = serializers.DictField()


class ActionListOutSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    actions = ActionSpecOutSerializer(many=True)


class EventPageOutSerializer(serializers.Serializer[Any]):
    events = EventOutSerializer(many=True)
    last_seq = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)


class ErrorOutSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    detail = serializers.CharField()

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # `fields` is also the name of a Serializer property, so it is added here.
        fields = super().get_fields()
        fields["fields"] = serializers.DictField(
            child=serializers.ListField(child=serializers.CharField()),
            required=False,
            help_text="Validation errors: each argument with its problems.",
        )
        return fields


class ConflictOutSerializer(ErrorOutSerializer):
    """A write refused with 409. With ``stale_version`` the phone is told what it missed."""

    current_version = serializers.IntegerField(
        required=False, help_text="`stale_version`: the game's version now."
    )
    changes = EventOutSerializer(
        many=True,
        required=False,
        help_text="`stale_version`: the events since the version the phone sent, as its seat "
        "sees them (empty when it missed more than STALE_CHANGES_MAX: then `state` is sent).",
    )
    state = serializers.DictField(
        required=False,
        help_text="`stale_version`, far behind: the seat's view of the game now.",
    )


class ContentPackOutSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField()
    game_system = serializers.CharField()
    expansion = serializers.CharField()
    version = serializers.CharField()


class SeatTokenOutSerializer(serializers.Serializer[Any]):
    game_id = serializers.UUIDField()
    seat_id = serializers.CharField()
    token = serializers.CharField()


class ScenarioOutSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField()
    system = serializers.CharField()
    packs = serializers.ListField(child=serializers.CharField())
    options = serializers.ListField(
        child=serializers.DictField(), help_text="The setup options it allows."
    )
    table_decks = serializers.ListField(
        child=serializers.CharField(), help_text="Decks the table may keep physical."
    )
    setup = serializers.DictField(help_text="The setup to create it with (`POST /games/`).")
    scenario = serializers.DictField(
        required=False, help_text="A Dragon scenario: its Generals, Agent and special rules."
    )
    entries = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="What the setup asks the table to read from its cards, one entry per card: "
        '`card` (as printed, e.g. "Onyx\'s General card"), `when`, `fields` (`id`, `label`, '
        "`type`, `minimum`, `maximum`, `known`: the value this server already has, "
        "`known_in_groups`: the signed-in account's groups whose earlier games entered it). "
        "Post the values as `entries` `{id: value}`.",
    )
    general_entries = serializers.DictField(
        child=serializers.DictField(),
        required=False,
        help_text="Per dragon General the table may choose: the same, read from its card.",
    )
    option_entries = serializers.DictField(
        child=serializers.DictField(),
        required=False,
        help_text="Per option (`winds_of_war`): the same, read from the table's cards when the "
        "option is on (how many cards the Winds of War deck holds).",
    )
    kings_champion = serializers.DictField(
        required=False, help_text="The Fame actions and reward cards of the King's Champion."
    )


class SetupOptionsOutSerializer(serializers.Serializer[Any]):
    options = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each setting the setup uses: `name`, `default`, `allowed`, `title`, "
        "`sentence`, `group`, `choices` (`value`, `label`), `advanced`, `needs`, `only_with` "
        "(other settings' values it acts with), and the record: `description`, `source`.",
    )
    not_used = serializers.DictField(
        child=serializers.CharField(), help_text="Each setting it does not use, with why."
    )
    words = serializers.DictField(
        child=serializers.DictField(),
        help_text="Every setting's words by name, a setting the setup fixes included: `title`, "
        "and `labels` (the label of each allowed value, by the value as text).",
    )


class StreamTicketOutSerializer(serializers.Serializer[Any]):
    ticket = serializers.CharField()
    expires_in = serializers.IntegerField(help_text="Seconds within which the stream must open.")


class ForecastRequestSerializer(serializers.Serializer[Any]):
    nights = serializers.IntegerField(
        min_value=1,
        max_value=FORECAST_MAX_NIGHTS,
        default=FORECAST_MAX_NIGHTS,
        help_text="The horizon: the coming night (1) up to the next 3 nights.",
    )
    samples = serializers.IntegerField(
        min_value=1,
        max_value=FORECAST_MAX_SAMPLES,
        default=2000,
        help_text="Sampled futures wanted.",
    )
    budget_seconds = serializers.FloatField(
        min_value=0.1,
        max_value=settings.FORECAST_MAX_BUDGET_SECONDS,
        default=min(8, settings.FORECAST_MAX_BUDGET_SECONDS),
        help_text="Hard time limit: the forecast stops there with the samples it reached "
        "(at most FORECAST_MAX_BUDGET_SECONDS, 10 by default).",
    )
    seed = serializers.CharField(
        max_length=64,
        required=False,
        help_text="Only to read again a finished forecast of this game version with these "
        "settings (its `settings.seed`); the server chooses the seed of a new one.",
    )


class ForecastProgressOutSerializer(serializers.Serializer[Any]):
    samples = serializers.IntegerField()
    target = serializers.IntegerField()


class ForecastSettingsOutSerializer(serializers.Serializer[Any]):
    nights = serializers.IntegerField()
    samples = serializers.IntegerField()
    budget_seconds = serializers.FloatField()
    seed = serializers.CharField()


class ForecastOutSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    game_version = serializers.IntegerField()
    current_version = serializers.IntegerField()
    stale = serializers.BooleanField(help_text="The game has moved on since this version.")
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    progress = ForecastProgressOutSerializer()
    settings = ForecastSettingsOutSerializer()
    result = serializers.DictField(
        allow_null=True,
        help_text="Once done: samples reached, elapsed_seconds, complete, and per horizon "
        "(nights 1..N) loss, loss_by (way to lose), unknown_card (a card nobody has entered "
        "came up: that sampled future ends there), locations and generals, each figure "
        "{p, low, high} (95 % Wilson interval) or {mean, low, high}; loss_labels.",
    )
    error = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()


class DisplayTokenOutSerializer(serializers.Serializer[Any]):
    game_id = serializers.UUIDField()
    token = serializers.CharField(help_text="Reads the table's public view; acts on nothing.")
    url = serializers.CharField(help_text="The screen's address, token in its fragment.")


class DisplayStepOutSerializer(StepOutSerializer):
    places = serializers.ListField(
        child=serializers.CharField(), help_text="The spaces of the board this step names."
    )


class DisplayEventOutSerializer(EventOutSerializer):
    steps = DisplayStepOutSerializer(many=True)


class DisplayOutSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    version = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    join_code = serializers.CharField()
    seat = serializers.CharField(allow_null=True, help_text="Always null: no seat's view.")
    language = serializers.CharField()
    seats = SeatOutSerializer(many=True)
    state = serializers.DictField(help_text="The public view: no hand, no draw order.")
    events = DisplayEventOutSerializer(many=True)
    forecast = serializers.DictField(
        allow_null=True, help_text="The coming night of this version's latest forecast, if any."
    )
    stream_ticket = serializers.CharField(help_text="Opens `stream/?ticket=` for this screen.")
    ticket_expires_in = serializers.IntegerField()
    step_seconds = serializers.IntegerField(
        help_text="The screen moves on to the next step after this long (DISPLAY_STEP_SECONDS)."
    )
