"""The OpenAPI schema documents every error an operation can answer, with its stable codes.

Each view documents its own answers; this adds the errors that come from the shared machinery,
so that no view can forget them: bad input (any operation), an account's authentication and
permissions, an unknown path parameter, a write's ``Idempotency-Key`` reused or its body too
large, a throttle.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny

from deck_tracker.awards.auth import (
    SESSION_COOKIE_SCHEME,
    AccountTokenAuthentication,
    session_cookie_definition,
)
from deck_tracker.games import selectors

from .auth import game_token_definition
from .serializers import ErrorOutSerializer

# The stable ``code`` values of each error status (rules add theirs to 400: see each action).
ERROR_CODES: dict[int, tuple[str, ...]] = {
    400: ("invalid", "malformed_json", "invalid_text",
          "invalid_idempotency_key", "invalid_arguments", "not_available", "unknown_action",
          "invalid_import", "username_taken", "player_exists", "unknown_player",
          "unknown_account", "account_not_in_group", "owner_is_member", "nothing_to_fill",
          "invalid_overlay", "unknown_entry", "invalid_entries_file", "bad_request"),
    401: ("not_authenticated", "authentication_failed"),
    403: ("permission_denied", "not_host", "shipped_content", "display_read_only"),
    404: ("not_found", "unknown_join_code"),
    409: ("stale_version", "idempotency_key_reused", "player_seated", "too_many_groups",
          "too_many_players"),
    413: ("request_too_large",),
    429: ("throttled", "too_many_streams"),
}  # fmt: skip
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def error_response(status: int) -> OpenApiResponse:
    codes = ", ".join(f"`{code}`" for code in ERROR_CODES[status])
    return OpenApiResponse(ErrorOutSerializer, description=f"Codes: {codes} (and others).")


class ErrorDocumentingAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        for status in self._possible_errors():
            if str(status) not in responses:
                responses[str(status)] = self._get_response_for_code(  # type: ignore[no-untyped-call]
                    error_response(status), str(status), direction=direction
                )
        return responses

    def _possible_errors(self) -> list[int]:
        view = self.view
        authenticators = [type(a) for a in view.get_authenticators()]
        permissions = [type(p) for p in view.get_permissions()]
        errors = [400]
        if AccountTokenAuthentication in authenticators or any(
            p is not AllowAny for p in permissions
        ):
            errors.append(401)
        if any(issubclass(a, SessionAuthentication) for a in authenticators) or any(
            p is not AllowAny for p in permissions
        ):
            errors.append(403)
        if "{" in self.path or any(p is not AllowAny for p in permissions):
            errors.append(404)
        if self.method in UNSAFE_METHODS:
            errors.extend((409, 413))
        if view.get_throttles():
            errors.append(429)
        return errors


# ---- What the views cannot say of themselves (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]) ----

ACTION_REQUEST = "ActionRequest"


def _component_name(action: str) -> str:
    return "".join(part.capitalize() for part in action.replace("-", "_").split("_")) + "Action"


def _action_forms(components: dict[str, Any]) -> None:
    """``ActionRequest`` becomes a ``oneOf`` with one form per action type, discriminated by
    ``type``: each names its ``args`` (``<Type>ActionArgs``), so that a generated client types
    them. The server still refuses, with 400, an action its game's system does not have."""
    variants: list[dict[str, str]] = []
    mapping: dict[str, str] = {}
    for action, description, systems, args in selectors.action_forms():
        name = _component_name(action)
        # OpenAPI 3.0 wants a `required` list to name at least one property.
        components[f"{name}Args"] = {k: v for k, v in args.items() if k != "required" or v}
        where = "every game system" if systems is None else ", ".join(f"`{s}`" for s in systems)
        components[name] = {
            "type": "object",
            "description": f"`{action}`: {description} ({where})",
            "properties": {
                "type": {"type": "string", "enum": [action]},
                "args": {"$ref": f"#/components/schemas/{name}Args"},
                "expected_version": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "The game's version the phone saw; another is refused "
                    "with 409 `stale_version` (unless the action merges).",
                },
            },
            "required": ["type", "expected_version", *(["args"] if args["required"] else [])],
        }
        ref = f"#/components/schemas/{name}"
        variants.append({"$ref": ref})
        mapping[action] = ref
    components[ACTION_REQUEST] = {
        "description": "One action of a seat: `type` names it and `args` follow its form "
        "(`GET actions/` lists those on offer now, with the choices the game allows).",
        "oneOf": variants,
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }


def _systems(components: dict[str, Any]) -> None:
    """``setup.system`` lists every game system the server has."""
    system = components["SetupRequest"]["properties"]["system"]
    names = selectors.game_systems()
    system["enum"] = names
    system["description"] = "The game system (default `dotr`): " + ", ".join(
        f"`{name}`" for name in names
    )


def _lang(paths: dict[str, Any]) -> None:
    """``?lang=`` is read on every request (deck_tracker/games/languages.py): declared on each."""
    codes = [code for code, _name in settings.LANGUAGES]
    parameter = {
        "in": "query",
        "name": "lang",
        "schema": {"type": "string", "enum": codes},
        "description": "The language of the answer's words, before the seat's, the account's "
        "and Accept-Language: " + ", ".join(f"`{code}`" for code in codes) + ".",
    }
    for operations in paths.values():
        for method, operation in operations.items():
            if method in ("get", "post", "put", "patch", "delete"):
                present = {(p.get("in"), p.get("name")) for p in operation.get("parameters", [])}
                if ("query", "lang") not in present:
                    operation.setdefault("parameters", []).append(parameter)


STREAM_PATH = "/api/v1/games/{game_id}/stream/"
STREAM_MESSAGE = {
    "type": "object",
    "description": "One server-sent event of the live stream.",
    "properties": {
        "id": {"type": "string", "description": "`change`: the event's `seq` (Last-Event-ID)."},
        "event": {
            "type": "string",
            "enum": ["change", "state", "revoked"],
            "description": "`revoked`: the seat's token was reissued; the stream ends.",
        },
        "retry": {"type": "integer", "description": "Reconnect after (ms)."},
        "data": {
            "type": "string",
            "description": "JSON: `change`, the event as this seat may see it, with "
            "`game_version`; `state`, the seat's view, whole (`game`) or as an RFC 6902 "
            "`patch` on `base_version`, with `actions_tag`.",
        },
    },
}


def _stream(paths: dict[str, Any], components: dict[str, Any]) -> None:
    """The stream's 200 is ``text/event-stream``: OpenAPI 3.0 has a sequential media type's
    ``schema`` describe one event (what schemathesis checks each message against), while a
    generated client reads the answer whole, as text. ``oneOf`` of the two says both: a
    client gets the text (a string), each message conforms to ``StreamMessage``."""
    operation = paths.get(STREAM_PATH, {}).get("get")
    if operation is None:
        return
    components["StreamMessage"] = STREAM_MESSAGE
    operation["responses"]["200"]["content"]["text/event-stream"]["schema"] = {
        "oneOf": [
            {"type": "string", "description": "The stream's text, read whole."},
            {"$ref": "#/components/schemas/StreamMessage"},
        ]
    }


def describe_the_whole_api(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    schemes = result.setdefault("components", {}).setdefault("securitySchemes", {})
    # Named by the stream and the account views too, defined once (api/auth.py, awards/auth.py).
    schemes.setdefault("gameToken", game_token_definition())
    schemes.setdefault(SESSION_COOKIE_SCHEME, session_cookie_definition())
    components = result["components"].setdefault("schemas", {})
    _action_forms(components)
    _systems(components)
    _lang(result.get("paths", {}))
    _stream(result.get("paths", {}), components)
    return result
