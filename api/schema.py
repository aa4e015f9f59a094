"""The OpenAPI schema documents every error an operation can answer, with its stable codes.

Each view documents its own answers; this adds the errors that come from the shared machinery,
so that no view can forget them: bad input (any operation), an account's authentication and
permissions, an unknown path parameter, a write's ``Idempotency-Key`` reused or its body too
large, a throttle.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny

from deck_tracker.awards.auth import AccountTokenAuthentication

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
