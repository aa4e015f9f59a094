"""How a problem in a content pack is reported: the file, the item and the field.

Every check, whether a model's schema or a function that compares items, ends in
:meth:`Where.fail`, so that ``validate_content``, the loader and the overlay import all say
``<file>: item '<id>': field '<field>': <what is wrong>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from pydantic import TypeAdapter, ValidationError

from deck_tracker.engine.i18n import Message, catalogue, msg, name

__all__ = [
    "ContentError",
    "FieldProblem",
    "UnknownContentError",
    "Where",
    "described",
    "field_path",
    "validate",
]

T = TypeVar("T")


class ContentError(Exception):
    """A content pack is malformed, or something asked of it does not exist.

    ``file``, ``item`` and ``field`` say where, when the problem is in a pack's data;
    ``problem`` says what is wrong in players' words (a message, no path nor id), which
    :func:`described` names the item and the field for.
    """

    def __init__(
        self, *args: object, file: str | None = None, item: str | None = None,
        field: str | None = None, problem: Message | None = None,
    ) -> None:  # fmt: skip
        super().__init__(*args)
        self.file, self.item, self.field = file, item, field
        self.problem = problem


class UnknownContentError(ContentError, KeyError):
    """A look-up by name or id found nothing (also a ``KeyError``)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class FieldProblem(ValueError):
    """Raised by a model's own check that compares its fields, naming the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field, message


@dataclass(frozen=True)
class Where:
    """Where in the pack a value comes from, for error messages."""

    file: str
    item: str | None = None

    def at(self, item: str) -> Where:
        return Where(self.file, item)

    def fail(self, field: str, message: str, problem: Message | None = None) -> NoReturn:
        prefix = self.file if self.item is None else f"{self.file}: item {self.item!r}"
        raise ContentError(
            f"{prefix}: field {field!r}: {message}", file=self.file, item=self.item, field=field,
            problem=problem or _problem_of(message),
        )  # fmt: skip

    def invalid(self, error: ValidationError, prefix: str = "") -> NoReturn:
        """Report the first problem pydantic found (``prefix``: where the value sits)."""
        first = error.errors(include_url=False)[0]
        problem = (first.get("ctx") or {}).get("error")
        if isinstance(problem, FieldProblem):
            path = ".".join(p for p in (field_path(first["loc"]), problem.field) if p)
            self.fail(f"{prefix}.{path}" if prefix else path, problem.message)
        path = field_path(first["loc"])
        field = f"{prefix}.{path}" if prefix and path else prefix or path or "(item)"
        self.fail(field, _message(first), _pydantic_problem(first))


def field_path(loc: Sequence[int | str]) -> str:
    """``("placements", 0, "colour")`` -> ``"placements[0].colour"``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


_PLAIN = {
    "missing": "missing",
    "missing_keyword_argument": "missing",
    "extra_forbidden": "unknown field",
    "unexpected_keyword_argument": "unknown field",
}


def _message(error: Mapping[str, Any]) -> str:
    plain = _PLAIN.get(error["type"])
    if plain is not None:
        return plain
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "value_error":
        return message
    value = error.get("input")
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return f"{message}, got {shown}"


def validate(
    adapter: TypeAdapter[T], raw: Any, where: Where, *, prefix: str = "",
    context: Mapping[str, Any] | None = None,
) -> T:  # fmt: skip
    """``raw`` checked and converted by a model, or :class:`ContentError` naming the field."""
    try:
        return adapter.validate_python(raw, context=context)
    except ValidationError as error:
        where.invalid(error, prefix)


# What is wrong with a value, in players' words, by pydantic's error type: (message id, the
# parameter it takes from the error's context).
_PROBLEMS: dict[str, tuple[str, str | None]] = {
    "missing": ("content.problem.missing", None),
    "missing_keyword_argument": ("content.problem.missing", None),
    "extra_forbidden": ("content.problem.unknown_field", None),
    "unexpected_keyword_argument": ("content.problem.unknown_field", None),
    "int_type": ("content.problem.whole_number", None),
    "int_parsing": ("content.problem.whole_number", None),
    "int_from_float": ("content.problem.whole_number", None),
    "float_type": ("content.problem.number", None),
    "float_parsing": ("content.problem.number", None),
    "string_type": ("content.problem.text", None),
    "bool_type": ("content.problem.yes_no", None),
    "bool_parsing": ("content.problem.yes_no", None),
    "literal_error": ("content.problem.not_offered", None),
    "enum": ("content.problem.not_offered", None),
    "greater_than_equal": ("content.problem.at_least", "ge"),
    "greater_than": ("content.problem.more_than", "gt"),
    "less_than_equal": ("content.problem.at_most", "le"),
    "less_than": ("content.problem.less_than", "lt"),
    "string_too_short": ("content.problem.empty", None),
    "too_short": ("content.problem.empty", None),
    "too_long": ("content.problem.too_many", None),
    "string_too_long": ("content.problem.too_long", None),
}


def _pydantic_problem(error: Mapping[str, Any]) -> Message:
    found = _PROBLEMS.get(str(error["type"]))
    if found is None:
        if error["type"] == "value_error":
            return _problem_of(str(error["msg"]).removeprefix("Value error, "))
        return msg("content.problem.invalid")
    key, bound = found
    if bound is None:
        return msg(key)
    return msg(key, n=(error.get("ctx") or {}).get(bound, ""))


# The checks' own English, as players read it.
_CHECK_WORDS = (
    ("must not be empty", "content.problem.empty"),
    ("missing", "content.problem.missing"),
    ("unknown field", "content.problem.unknown_field"),
    ("not a fillable field", "content.problem.not_fillable"),
    ("players add no cards", "content.problem.no_cards_here"),
    ("unknown ", "content.problem.not_offered"),
    ("expected one of", "content.problem.not_offered"),
)


def _problem_of(message: str) -> Message:
    """A check's English problem in players' words (a message with no path nor id)."""
    for start, key in _CHECK_WORDS:
        if message.startswith(start):
            return msg(key)
    return msg("content.problem.invalid")


def _item_words(pack: Any, item: str) -> Any:
    """An item of a pack by its name ("Dragon Strike tokens in the bag"), read in the reader's
    language where the catalogues name it (``card:<id>``); never its id."""
    english: str | None = None
    for deck in getattr(pack, "decks", {}).values():
        english = next((str(card.name) for card in deck.cards if card.id == item), None)
        if english:
            break
    for group in ("locations", "generals", "heroes", "minion_types"):
        if english is None:
            found = getattr(pack, group, {}).get(item)
            english = str(found.name) if found is not None else None
    if english is None:
        return msg("content.item.an_entry")
    return name(f"card:{item}", english)


def _field_words(field: str | None) -> Message:
    """The field by what it holds ("count": the number), never its path."""
    parts = [p for p in (field or "").replace("[", ".").replace("]", "").split(".") if p]
    words = [p for p in parts if not p.isdigit() and p not in ("data", "values", "cards")]
    key = f"content.field.{words[-1]}" if words else ""
    return msg(key) if key in catalogue("en") else msg("content.field.value")


def described(error: ContentError, pack: Any = None) -> Message:
    """A content problem as players read it: the item by its name, the field by what it holds,
    what is wrong ("Dragon Strike tokens in the bag, number: at most 60"); no file, no path, no
    id. ``pack``: the pack the problem is in (its items' names)."""
    item = _item_words(pack, error.item) if error.item else msg("content.item.an_entry")
    problem = error.problem or msg("content.problem.invalid")
    return msg("content.error.field", item=item, field=_field_words(error.field), problem=problem)
