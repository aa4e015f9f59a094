"""Commands: declared arguments, validation, and the dispatcher that runs them.

A command is registered once with the arguments it takes; the same declaration validates the
arguments, and is published as JSON Schema by the API's list of actions, so the two never
disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deck_tracker.engine.i18n import (
    DEFAULT_LANGUAGE,
    Message,
    Text,
    catalogue,
    msg,
    normalise_language,
    render,
    render_text,
    render_value,
)

from .core import Context, Event, State
from .errors import InvalidArguments, RuleViolation, UnknownCommand
from .reading import READING, alphabetical, refuse_while_unread, unread_message

ArgType = str  # "str" | "int" | "bool" | "list[str]" | "dict[str,int]" | "list[int]" | "object"


@dataclass(frozen=True)
class Choice:
    """One legal value of an argument now, with the name a player reads."""

    value: str
    title: Text  # what a player reads: a message or a name (plain str: as printed or entered)
    maximum: int | None = None  # a ``dict[str,int]`` argument: at most this many of it


# What an argument may name in this state, for this seat (the seat's view: never a hidden card).
Offer = Callable[[State, "str | None"], list[Choice]]


@dataclass(frozen=True)
class Arg:
    type: ArgType
    required: bool = False
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    max_items: int = 200
    description: str = ""
    # The legal choices now, published as ``oneOf`` of ``{"const", "title"}``; the phone builds
    # its pickers from them. ``unoffered``: why the command cannot be used when a required
    # argument has no choice now.
    offers: Offer | None = field(default=None, compare=False)
    unoffered: Message | None = None
    unique: bool = False  # a list naming each thing at most once (cards paid, say)
    # Fixed ``choices`` published as ``oneOf`` with these titles (a phone shows a player's
    # words, never a key such as ``attack_three_minions``).
    titles: Mapping[str, Text] | None = field(default=None, compare=False)

    def offered(self, state: State, actor: str | None) -> list[Choice] | None:
        return None if self.offers is None else list(self.offers(state, actor))

    def json_schema(
        self, offered: list[Choice] | None = None, language: str | None = None
    ) -> dict[str, Any]:
        """The argument's JSON Schema; its choices' titles in ``language``, or kept as they are
        (messages, names) for :func:`titles_in` to read when no language is given."""
        schema: dict[str, Any]

        def titled(title: Text) -> Any:
            return title if language is None else render_value(title, language)

        if offered is None and self.choices and self.titles:
            offered = [Choice(value, self.titles.get(value, value)) for value in self.choices]
        one_of = (
            None
            if offered is None
            else [{"const": choice.value, "title": titled(choice.title)} for choice in offered]
        )
        if self.type == "str":
            schema = {"type": "string", "maxLength": 200}
            if one_of is not None:
                schema["oneOf"] = one_of
            elif self.choices:
                schema["enum"] = list(self.choices)
        elif self.type == "int":
            schema = {"type": "integer"}
            if self.minimum is not None:
                schema["minimum"] = self.minimum
            if self.maximum is not None:
                schema["maximum"] = self.maximum
        elif self.type == "bool":
            schema = {"type": "boolean"}
        elif self.type == "list[str]":
            items: dict[str, Any] = {"type": "string", "maxLength": 200}
            if one_of is not None:
                items["oneOf"] = one_of
            schema = {"type": "array", "items": items, "maxItems": self.max_items}
            if self.unique:
                schema["uniqueItems"] = True
        elif self.type == "list[int]":
            item: dict[str, Any] = {"type": "integer"}
            if self.minimum is not None:
                item["minimum"] = self.minimum
            if self.maximum is not None:
                item["maximum"] = self.maximum
            schema = {"type": "array", "items": item, "maxItems": self.max_items}
        elif self.type == "dict[str,int]":
            schema = {"type": "object", "additionalProperties": {"type": "integer"}}
            if offered is not None:
                schema["properties"] = {
                    choice.value: {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": choice.maximum if choice.maximum is not None else 99,
                        "title": titled(choice.title),
                    }
                    for choice in offered
                }
                schema["additionalProperties"] = False
        elif self.type == "object":
            schema = {"type": "object"}
        else:  # pragma: no cover - declarations are static
            raise ValueError(self.type)
        if self.default is not None:
            schema["default"] = self.default
        if self.description:
            schema["description"] = self.description
        return schema


Handler = Callable[[Context, dict[str, Any]], None]
Availability = Callable[[State, str | None], "Reason | None"]


@dataclass(frozen=True)
class Unavailable:
    """Why a command is unavailable, refused with its own ``code`` rather than
    ``not_available``; ``message`` is rendered in the reader's language by the list of actions
    and by the refusal."""

    message: Message
    code: str


# Why a command is unavailable: a message (refused as ``not_available``) or one with its code.
Reason = Message | Unavailable


def reason_text(reason: Reason) -> Message:
    """A reason's message."""
    return reason.message if isinstance(reason, Unavailable) else reason


def reason_code(reason: Reason, default: str = "not_available") -> str:
    """A reason's refusal code (``default`` for a bare message)."""
    return reason.code if isinstance(reason, Unavailable) else default


def description_in(spec: CommandSpec, language: str = DEFAULT_LANGUAGE) -> str:
    """What a command does, in ``language`` (the catalogues' ``command.<name>``; a command no
    catalogue describes: its own first line, in English)."""
    words = catalogue(normalise_language(language)).get(f"command.{spec.name}")
    return words if isinstance(words, str) else spec.description


def args_in(spec: CommandSpec, schema: dict[str, Any], language: str) -> dict[str, Any]:
    """A command's arguments with their names and explanations in ``language`` where a
    catalogue has them (``command.<name>.arg.<arg>``, ``command.<name>.arg.<arg>.description``);
    in English they stay as declared (the phone names an argument by its name)."""
    language = normalise_language(language)
    if language == DEFAULT_LANGUAGE:
        return schema
    words = catalogue(language)
    properties = {}
    for name, prop in schema["properties"].items():
        key = f"command.{spec.name}.arg.{name}"
        title, description = words.get(key), words.get(f"{key}.description")
        if isinstance(title, str):
            prop = prop | {"title": title}
        if isinstance(description, str) and "description" in prop:
            prop = prop | {"description": description}
        properties[name] = _choices_named(prop, words["names"])
    return schema | {"properties": properties}


# The kinds of thing a choice may name by its id, as the ``names`` catalogues key them.
NAMED_KINDS = ("card", "location", "general", "hero")


def _choices_named(prop: dict[str, Any], names: dict[str, Any]) -> dict[str, Any]:
    """An argument's choices (``oneOf``) titled in the reader's language where a choice is
    titled with the printed English name of a card, place, General or hero; any other title
    (one the table entered, a number) stays."""
    english = catalogue(DEFAULT_LANGUAGE)["names"]

    def renamed(options: list[Any]) -> list[Any]:
        out = []
        for option in options:
            if isinstance(option, dict) and isinstance(option.get("const"), str):
                for kind in NAMED_KINDS:
                    key = f"{kind}:{option['const']}"
                    if option.get("title") == english.get(key) and isinstance(names.get(key), str):
                        option = option | {"title": names[key]}
                        break
            out.append(option)
        return out

    if isinstance(prop.get("oneOf"), list):
        prop = prop | {"oneOf": renamed(prop["oneOf"])}
    items = prop.get("items")
    if isinstance(items, dict) and isinstance(items.get("oneOf"), list):
        prop = prop | {"items": items | {"oneOf": renamed(items["oneOf"])}}
    return prop


def reason_in(reason: Reason | None, language: str = DEFAULT_LANGUAGE) -> str | None:
    """Why a command is unavailable, in ``language``."""
    return None if reason is None else render(reason_text(reason), language)


# (state, validated args, actor) -> the paths of the state a command reads and writes (merge.py).
Touches = Callable[[State, dict[str, Any], str | None], list[tuple[str, ...]]]


@dataclass(frozen=True)
class CommandSpec:
    name: str
    handler: Handler
    args: Mapping[str, Arg] = field(default_factory=dict)
    description: str = ""
    undoable: bool = True
    systems: frozenset[str] | None = None  # None: every game system
    # Returns why the command cannot be used now, or None when it can.
    unavailable: Availability | None = None
    # The parts of the state it reads and writes: a stale command whose parts did not change
    # since its version is merged rather than refused (merge.py). None: never merged.
    touches: Touches | None = None

    def json_schema(
        self,
        offered: Mapping[str, list[Choice]] | None = None,
        language: str | None = None,
    ) -> dict[str, Any]:
        offered = offered or {}
        return {
            "type": "object",
            "properties": {
                name: arg.json_schema(offered.get(name), language)
                for name, arg in self.args.items()
            },
            "required": [name for name, arg in self.args.items() if arg.required],
            "additionalProperties": False,
        }


REGISTRY: dict[str, CommandSpec] = {}


def command(
    name: str,
    *,
    args: Mapping[str, Arg] | None = None,
    description: str = "",
    undoable: bool = True,
    systems: frozenset[str] | None = None,
    unavailable: Availability | None = None,
    touches: Touches | None = None,
) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        if name in REGISTRY:
            raise RuntimeError(f"command {name!r} registered twice")
        REGISTRY[name] = CommandSpec(
            name=name,
            handler=handler,
            args=args or {},
            description=description or (handler.__doc__ or "").strip().splitlines()[0],
            undoable=undoable,
            systems=systems,
            unavailable=unavailable,
            touches=touches,
        )
        return handler

    return register


def command_forms() -> list[tuple[str, str, tuple[str, ...] | None, dict[str, Any]]]:
    """Every command a seat may send, in the order registered: its name, what it does (in
    English), the game systems it belongs to (None: every one) and the JSON Schema of its
    arguments before any game narrows them (the API schema's one form per action type)."""
    return [
        (
            spec.name,
            spec.description,
            None if spec.systems is None else tuple(sorted(spec.systems)),
            spec.json_schema(language=DEFAULT_LANGUAGE),
        )
        for spec in REGISTRY.values()
    ]


def spec_for(state: State, name: str) -> CommandSpec:
    spec = REGISTRY.get(name)
    if spec is None or (spec.systems is not None and state.get("system") not in spec.systems):
        raise UnknownCommand(msg("error.core.commands.unknown_action", name=name))
    return spec


def commands_for(state: State) -> list[CommandSpec]:
    system = state.get("system")
    return [s for s in REGISTRY.values() if s.systems is None or system in s.systems]


def _check_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate_args(spec: CommandSpec, raw: Any) -> dict[str, Any]:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidArguments({"args": [msg("error.core.commands.must_be_object")]})
    problems: dict[str, list[Message]] = {}
    clean: dict[str, Any] = {}
    for key in raw:
        if key not in spec.args:
            problems.setdefault(str(key), []).append(msg("error.field.unknown_argument"))
    for name, arg in spec.args.items():
        if name not in raw or raw[name] is None:
            if arg.required:
                problems.setdefault(name, []).append(msg("error.field.required"))
            else:
                clean[name] = arg.default
            continue
        value = raw[name]
        error = _type_error(arg, value)
        if error:
            problems.setdefault(name, []).append(error)
        else:
            clean[name] = value
    if problems:
        raise InvalidArguments(problems)
    return clean


def _type_error(arg: Arg, value: Any) -> Message | None:
    if arg.type == "str":
        if not isinstance(value, str) or not value or len(value) > 200:
            return msg("error.field.non_empty_string")
        if arg.choices and value not in arg.choices:
            return msg("error.field.must_be_one_of", allowed=", ".join(arg.choices))
    elif arg.type == "int":
        if not _check_int(value):
            return msg("error.field.integer")
        if arg.minimum is not None and value < arg.minimum:
            return msg("error.field.at_least", minimum=arg.minimum)
        if arg.maximum is not None and value > arg.maximum:
            return msg("error.field.at_most", maximum=arg.maximum)
    elif arg.type == "bool":
        if not isinstance(value, bool):
            return msg("error.field.must_be_bool")
    elif arg.type == "list[str]":
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            return msg("error.field.list_of_strings")
        if len(value) > arg.max_items:
            return msg("error.field.at_most_items", count=arg.max_items)
    elif arg.type == "list[int]":
        if not isinstance(value, list) or not all(_check_int(v) for v in value):
            return msg("error.field.list_of_integers")
        if len(value) > arg.max_items:
            return msg("error.field.at_most_items", count=arg.max_items)
        low, high = arg.minimum, arg.maximum
        if any((low is not None and v < low) or (high is not None and v > high) for v in value):
            return msg("error.field.each_between", low=low, high=high)
    elif arg.type == "object" and not isinstance(value, dict):
        return msg("error.core.commands.must_be_object")
    elif arg.type == "dict[str,int]" and (
        not isinstance(value, dict)
        or not all(isinstance(k, str) and _check_int(v) for k, v in value.items())
    ):
        return msg("error.field.object_of_integers")
    return None


@dataclass
class Outcome:
    events: list[Event]
    undoable: bool
    backward: list[Any]
    forward: list[Any]


HISTORY_ROOT = "history"
UNDO_DEPTH = 200
UNDO_TRIM = 50


@dataclass(frozen=True)
class Observer:
    """Rules that follow other commands (fame proposed when a table entry implies it).

    ``before`` sees the state before the handler runs and returns a memo; ``after`` runs in the
    same command, once the handler has emitted its events, and may write and emit in turn, so
    that its events share the command's version and its undo.
    """

    before: Callable[[State, str, dict[str, Any]], Any]
    after: Callable[[Context, str, dict[str, Any], Any], None]
    # The commands it follows (None: every command) and those it never acts after: the
    # dispatcher calls it for no other (``follows``), so that a night pays only for its own.
    commands: frozenset[str] | None = None
    ignores: frozenset[str] = frozenset()

    def follows(self, name: str) -> bool:
        """Whether it is called after the command ``name``."""
        return (self.commands is None or name in self.commands) and name not in self.ignores


OBSERVERS: list[Observer] = []
# Per game system: the observers that follow the command ``name`` in one game of it (its
# expansions' and its own that follow ``name``, in the order of ``OBSERVERS``); a system not
# listed runs every observer that follows ``name``.
OBSERVERS_IN_PLAY: dict[str, Callable[[State, str], Sequence[Observer]]] = {}


def observers_for(name: str, observers: Sequence[Observer]) -> tuple[Observer, ...]:
    """Those of ``observers`` that follow the command ``name``, in their order."""
    return tuple(observer for observer in observers if observer.follows(name))


def run(
    state: State, context: Context, name: str, raw_args: Any, *, bookkeeping: bool = True
) -> Outcome:
    """Validate and run one command on ``state`` (through ``context``).

    On any refusal the state is restored exactly and the error propagates. ``backward`` and
    ``forward`` are the command's inverse and its own changes, without the undo history: the
    undo and redo of this command replay them. Without ``bookkeeping`` (a simulation) the
    version and the undo history are left as they were.
    """
    spec = spec_for(state, name)
    args = validate_args(spec, raw_args)
    if state.get("closed"):  # closed_reason(state)
        raise RuleViolation(CLOSED, code="game_closed")
    if state.get(READING):
        refuse_while_unread(state, name, spec.undoable)
    if spec.unavailable is not None:
        reason = spec.unavailable(state, context.actor)
        if reason:
            raise RuleViolation(reason_text(reason), code=reason_code(reason))
    # A command of an expansion this game does not play: refused with the same reason the list
    # of actions would give (it lists none of them).
    outside = NOT_IN_THIS_GAME.get(str(state.get("system")))
    not_here = outside(state, spec) if outside else None
    if not_here:
        raise RuleViolation(reason_text(not_here), code="no_expansion")
    select = OBSERVERS_IN_PLAY.get(state.get("system") or "")
    observers = observers_for(name, OBSERVERS) if select is None else select(state, name)
    try:
        # A command no observer follows in this game (a base game's night) skips both loops.
        memos = [observer.before(state, name, args) for observer in observers] if observers else ()
        spec.handler(context, args)
        if not context.events:
            raise RuntimeError(f"command {name!r} emitted no event")
        if observers:
            for observer, memo in zip(observers, memos, strict=True):
                observer.after(context, name, args, memo)
        # The undo entry, taken before the bookkeeping below writes (left out of it anyway).
        keep = spec.undoable and bookkeeping
        backward = context.backward_changes(skip_roots=_BOOKKEEPING) if keep else []
        forward = context.forward_changes(skip_roots=_BOOKKEEPING) if keep else []
        if bookkeeping:
            version = int(context.state.get("version", 0)) + 1
            context.set("version", version)
            if spec.undoable:
                _push_history(context, name, version)
        context.attach_pending_to_last_event()
    except BaseException:
        context.rollback()
        raise
    return Outcome(
        events=context.events, undoable=spec.undoable, backward=backward, forward=forward
    )


_BOOKKEEPING = frozenset({HISTORY_ROOT, "version"})


def _push_history(context: Context, name: str, version: int) -> None:
    history = context.state.get(HISTORY_ROOT) or {}
    entry = {
        "version": version,
        "type": name,
        "actor": context.actor,
        "label": context.events[0].summary,
    }
    done = history.get("done", [])
    if len(done) >= UNDO_DEPTH + UNDO_TRIM:
        # Trimmed in batches so that most commands append one small entry to the log. An
        # entry holds no container (version, type, actor, label): each copied in C.
        kept = done[-UNDO_DEPTH:]
        context.set_copied(HISTORY_ROOT, "done", kept, [entry.copy() for entry in kept])
    # The new entry, made here, recorded as a plain copy (not walked by ``snapshot``).
    context.append_copied(HISTORY_ROOT, "done", entry, entry.copy())
    if history.get("undone"):
        context.set(HISTORY_ROOT, "undone", [])


def closed_reason(state: State) -> str | None:
    """Why no command applies to a closed game (``closing.py``); ``None`` while it can change."""
    return None if not state.get("closed") else render_text(CLOSED)


# Why a closed game refuses every command (rendered in the reader's language on refusal).
CLOSED = msg("error.core.commands.game_closed")


# Per game system: why a command cannot apply to this game at all (an expansion not in play).
NOT_IN_THIS_GAME: dict[str, Callable[[State, CommandSpec], Message | None]] = {}


def titles_in(schema: Any, language: str) -> Any:
    """An argument's schema with its choices' titles (messages, names) read in ``language``;
    choices listed alphabetically (the board's locations) keep that order in ``language``."""
    if isinstance(schema, list):
        return [titles_in(item, language) for item in schema]
    if not isinstance(schema, dict):
        return schema
    worded = {
        key: (
            render_value(value, language)
            if key == "title" and isinstance(value, dict) and "type" not in value
            else titles_in(value, language)
        )
        for key, value in schema.items()
    }
    options = schema.get("oneOf")
    if isinstance(options, list) and len(options) > 2 and language != DEFAULT_LANGUAGE:
        english = [render_text(o.get("title")) for o in options if isinstance(o, dict)]
        if len(english) == len(options) and english == sorted(english):
            worded["oneOf"] = sorted(worded["oneOf"], key=lambda o: alphabetical(o["title"]))
    return worded


def describe_commands(
    state: State,
    actor: str | None,
    *,
    hidden: frozenset[str],
    language: str = DEFAULT_LANGUAGE,
) -> list[dict[str, Any]]:
    """The commands a seat may send now, each with its JSON Schema and why it is unavailable
    (``reason``, in ``language``)."""
    described = []
    for spec in commands_for(state):
        if spec.name in hidden:
            continue
        outside = NOT_IN_THIS_GAME.get(str(state.get("system")))
        # A command of an expansion (or a scenario) not in this game is no action of it: a base
        # game lists none of them (sent anyway, it is refused with the same reason).
        if outside and outside(state, spec) is not None:
            continue
        reason: Reason | None = CLOSED if state.get("closed") else None
        reason = reason or unread_message(state, spec.name, spec.undoable)
        if reason is None and spec.unavailable:
            reason = spec.unavailable(state, actor)
        offered: dict[str, list[Choice]] = {}
        if reason is None:
            for name, arg in spec.args.items():
                choices = arg.offered(state, actor)
                if choices is None:
                    continue
                offered[name] = choices
                if not choices and arg.required and reason is None:
                    reason = arg.unoffered or msg("core.commands.nothing_to_choose")
        described.append(
            {
                "type": spec.name,
                "description": description_in(spec, language),
                "available": reason is None,
                "reason": reason_in(reason, language),
                "args": args_in(spec, titles_in(spec.json_schema(offered), language), language),
            }
        )
    return described
