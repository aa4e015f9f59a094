"""django-csp's middleware, with the policy built once rather than for every answer.

django-csp 4 builds both policies (``Content-Security-Policy`` and its report-only twin) from
the settings at every response, then leaves the header off where the path is excluded: every
game and content-pack answer (``EXCLUDE_URL_PREFIXES``) paid for two policies it never
carried, about a tenth of the middleware's time for an action. Here, for an answer that has no
policy of its own (no ``csp_update``/``csp_replace``/``csp`` decorator) and no nonce, the header
is set under exactly django-csp's conditions with the text django-csp builds, built once per
settings (again when a test overrides them); any other answer goes through django-csp itself.
"""

from __future__ import annotations

import http.client as http_client
from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

SETTINGS = {False: "CONTENT_SECURITY_POLICY", True: "CONTENT_SECURITY_POLICY_REPORT_ONLY"}
OWN_POLICY = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)
DEBUG_CODES = (http_client.INTERNAL_SERVER_ERROR, http_client.NOT_FOUND)

# report_only -> (the policy's text, its excluded path prefixes)
_built: dict[bool, tuple[str, tuple[str, ...]]] = {}


@receiver(setting_changed)
def _forget(setting: str, **_: Any) -> None:
    if setting in SETTINGS.values() or setting == "DEBUG":
        _built.clear()


def _policy(report_only: bool) -> tuple[str, tuple[str, ...]]:
    built = _built.get(report_only)
    if built is None:
        policy = getattr(settings, SETTINGS[report_only], None) or {}
        prefixes = tuple(policy.get("EXCLUDE_URL_PREFIXES", None) or ())
        built = _built[report_only] = (build_policy(report_only=report_only), prefixes)
    return built


class CSPMiddleware(LibraryCSPMiddleware):
    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if (
            getattr(request, "_csp_nonce", None) is not None
            or any(getattr(response, name, None) is not None for name in OWN_POLICY)
            or (response.status_code in DEBUG_CODES and settings.DEBUG)
        ):
            return super().process_response(request, response)
        for report_only, header, exempt in (
            (False, HEADER, "_csp_exempt"),
            (True, HEADER_REPORT_ONLY, "_csp_exempt_ro"),
        ):
            text, prefixes = _policy(report_only)
            if (
                text
                and header not in response
                and getattr(response, exempt, False) is False
                and not request.path_info.startswith(prefixes)
            ):
                response[header] = text
        # As django-csp: a nonce asked for once the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
