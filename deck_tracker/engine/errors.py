"""Errors the engine raises when a command cannot be carried out.

Each carries a stable ``code`` that clients may rely on; the HTTP layer maps them to responses.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class: a command was refused and the state is unchanged."""

    code = "engine_error"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code


class RuleViolation(EngineError):
    """The rules forbid this command now (not enough cards, nothing to undo, ...)."""

    code = "rule_violation"


class InvalidArguments(EngineError):
    """The command's arguments are malformed; ``fields`` maps each argument to its problems."""

    code = "invalid_arguments"

    def __init__(
        self, fields: dict[str, list[str]], detail: str | None = None, *, code: str | None = None
    ) -> None:
        names = ", ".join(sorted(fields))
        super().__init__(detail or f"Invalid arguments: {names}.", code=code)
        self.fields = fields


class UnknownCommand(EngineError):
    code = "unknown_action"
