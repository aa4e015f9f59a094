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

__all__ = [
    "ContentError",
    "FieldProblem",
    "UnknownContentError",
    "Where",
    "field_path",
    "validate",
]

T = TypeVar("T")


class ContentError(Exception):
    """A content pack is malformed, or something asked of it does not exist.

    ``file``, ``item`` and ``field`` say where, when the problem is in a pack's data.
    """

    def __init__(
        self, *args: object, file: str | None = None, item: str | None = None,
        field: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__(*args)
        self.file, self.item, self.field = file, item, field


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

    def fail(self, field: str, message: str) -> NoReturn:
        prefix = self.file if self.item is None else f"{self.file}: item {self.item!r}"
        raise ContentError(
            f"{prefix}: field {field!r}: {message}", file=self.file, item=self.item, field=field
        )

    def invalid(self, error: ValidationError, prefix: str = "") -> NoReturn:
        """Report the first problem pydantic found (``prefix``: where the value sits)."""
        first = error.errors(include_url=False)[0]
        problem = (first.get("ctx") or {}).get("error")
        if isinstance(problem, FieldProblem):
            path = ".".join(p for p in (field_path(first["loc"]), problem.field) if p)
            self.fail(f"{prefix}.{path}" if prefix else path, problem.message)
        path = field_path(first["loc"])
        field = f"{prefix}.{path}" if prefix and path else prefix or path or "(item)"
        self.fail(field, _message(first))


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
