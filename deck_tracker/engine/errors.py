"""Errors the engine raises when a command cannot be carried out.

Each carries a stable ``code`` that clients may rely on; the HTTP layer maps them to responses.
An error's words are a message (``i18n.msg``): ``detail`` is their English, ``message`` the
message itself, rendered in the reader's language where the API answers (``api/errors.py``).
"""

from __future__ import annotations

from typing import Any

from .i18n import DEFAULT_LANGUAGE, Message, Text, msg, render_text


class EngineError(Exception):
    """Base class: a command was refused and the state is unchanged."""

    code = "engine_error"

    def __init__(self, detail: Text, *, code: str | None = None) -> None:
        english = render_text(detail)
        super().__init__(english)
        self.detail = english
        self.message: Message | None = detail if isinstance(detail, dict) else None
        if code is not None:
            self.code = code

    def detail_in(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The refusal in ``language`` (its English where it carries no message)."""
        return render_text(self.message or self.detail, language)


class RuleViolation(EngineError):
    """The rules forbid this command now (not enough cards, nothing to undo, ...)."""

    code = "rule_violation"


class InvalidArguments(EngineError):
    """The command's arguments are malformed; ``fields`` maps each argument to its problems.

    A problem may be a message; ``fields`` keeps their English, ``fields_in(language)`` renders
    them in another language.
    """

    code = "invalid_arguments"

    def __init__(
        self,
        fields: dict[str, list[Any]],
        detail: Text | None = None,
        *,
        code: str | None = None,
    ) -> None:
        names = ", ".join(sorted(fields))
        super().__init__(
            detail if detail is not None else msg("error.core.invalid_arguments", names=names),
            code=code,
        )
        self.field_messages: dict[str, list[Text]] = {k: list(v) for k, v in fields.items()}
        self.fields: dict[str, list[str]] = {
            key: [render_text(problem) for problem in problems] for key, problems in fields.items()
        }

    def fields_in(self, language: str = DEFAULT_LANGUAGE) -> dict[str, list[str]]:
        return {
            key: [render_text(problem, language) for problem in problems]
            for key, problems in self.field_messages.items()
        }


class UnknownCommand(EngineError):
    code = "unknown_action"
