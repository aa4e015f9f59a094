"""Accounts: a session (the browser) or an account token (``Authorization: Bearer acct_...``).

Seat tokens and account tokens share the Bearer scheme; a token that names no seat is tried as
an account token. An account token lapses after ``ACCOUNT_TOKEN_IDLE_DAYS`` without use (each
use renews it, written at most once per ``TOKEN_TOUCH_SECONDS``). Account-only endpoints use
:class:`SessionAuthentication` with its CSRF check;
the game endpoints (create, join) use :class:`LenientSessionAuthentication`, which treats a
session without a CSRF token as no account at all, so a logged-in browser can still open an
anonymous table.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, SessionAuthentication
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from deck_tracker.games.languages import activate_for_request

from .models import AccountToken

TOKEN_PREFIX = "acct_"
# A token used again within this many seconds is not written back (one UPDATE per minute at most).
TOKEN_TOUCH_SECONDS = 60


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_account_key() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token.startswith(TOKEN_PREFIX) or len(token) > 200:
        return None
    return str(token)


class AccountTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[AbstractBaseUser, AccountToken] | None:
        key = _bearer(request)
        if key is None:
            return None
        token = AccountToken.objects.select_related("user").filter(key_hash=hash_key(key)).first()
        now = timezone.now()
        if token is None or not token.user.is_active or token.last_used_at < now - token_idle():
            raise exceptions.AuthenticationFailed("This account token is not valid.")
        if token.last_used_at < now - timedelta(seconds=TOKEN_TOUCH_SECONDS):
            AccountToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


def token_idle() -> timedelta:
    """How long an account token stays valid without being used."""
    return timedelta(days=settings.ACCOUNT_TOKEN_IDLE_DAYS)


class LenientSessionAuthentication(SessionAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        try:
            return super().authenticate(request)
        except exceptions.PermissionDenied:
            return None


class IsAccount(BasePermission):
    message = _("Sign in with an account (a session or an account token).")

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        if user is not None and user.is_authenticated:
            # The account's chosen language comes before the browser's (docs/languages.md).
            activate_for_request(request, user=user)
            return True
        return False


def account_of(request: Request) -> Any:
    """The signed-in account, or None (game endpoints accept both)."""
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


class AccountTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "deck_tracker.awards.auth.AccountTokenAuthentication"
    name = "accountToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer", "description": "An account token (acct_...)."}


SESSION_COOKIE_SCHEME = "sessionCookie"


class LenientSessionScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "deck_tracker.awards.auth.LenientSessionAuthentication"
    name = SESSION_COOKIE_SCHEME

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return session_cookie_definition()


def session_cookie_definition() -> dict[str, str]:
    return {
        "type": "apiKey",
        "in": "cookie",
        "name": "sessionid",
        "description": "A signed-in account's session (`POST accounts/session/`); a write "
        "also sends the CSRF token.",
    }


class StrictSessionScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """One cookie, one scheme: the account endpoints read the same session strictly (CSRF
    enforced) under the same name; the definition is the lenient one's (no second entry)."""

    target_class = "rest_framework.authentication.SessionAuthentication"
    priority = 1
    name: list[str] = []

    def get_security_definition(self, auto_schema: Any) -> list[dict[str, str]]:
        return []

    def get_security_requirement(self, auto_schema: Any) -> dict[str, list[str]]:
        return {SESSION_COOKIE_SCHEME: []}
