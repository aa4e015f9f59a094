"""Errors the engine raises when a command cannot be carried out.

Each carries a stable ``code`` that clients may rely on; the HTTP layer maps them to responses.
An error's words are a message (``i18n.msg``): ``detail`` is their English, ``message`` the
message itself, rendered in the reader's language where the API answers (``api/errors.py``).
"""

from __future__ import annotations

from .i18n import DEFAULT_LANGUAGE, Message, is_message, msg, render


class EngineError(Exception):
    """Base class: a command was refused and the state is unchanged."""

    code = "engine_error"

    def __init__(self, message: Message, *, code: str | None = None) -> None:
        if not is_message(message):  # an English sentence where a message id is due
            raise TypeError(f"a refusal takes msg(id, **params), not {message!r}")
        english = render(message)
        super().__init__(english)
        self.detail = english
        self.message: Message = message
        if code is not None:
            self.code = code

    def detail_in(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The refusal in ``language``."""
        return render(self.message, language)


class RuleViolation(EngineError):
    """The rules forbid this command now (not enough cards, nothing to undo, ...)."""

    code = "rule_violation"


class InvalidArguments(EngineError):
    """The command's arguments are malformed; ``fields`` maps each argument to its problems.

    Each problem is a message; ``fields`` keeps their English, ``fields_in(language)`` renders
    them in another language.
    """

    code = "invalid_arguments"

    def __init__(
        self,
        fields: dict[str, list[Message]],
        detail: Message | None = None,
        *,
        code: str | None = None,
    ) -> None:
        for problems in fields.values():
            for problem in problems:
                if not is_message(problem):
                    raise TypeError(f"a field problem takes msg(id, **params), not {problem!r}")
        names = ", ".join(sorted(fields))
        super().__init__(
            detail if detail is not None else msg("error.core.invalid_arguments", names=names),
            code=code,
        )
        self.field_messages: dict[str, list[Message]] = {k: list(v) for k, v in fields.items()}
        self.fields: dict[str, list[str]] = {
            key: [render(problem) for problem in problems] for key, problems in fields.items()
        }

    def fields_in(self, language: str = DEFAULT_LANGUAGE) -> dict[str, list[str]]:
        return {
            key: [render(problem, language) for problem in problems]
            for key, problems in self.field_messages.items()
        }


class UnknownCommand(EngineError):
    code = "unknown_action"
