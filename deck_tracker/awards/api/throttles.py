"""Throttles of the account endpoints: password guessing, invitations, imports.

Sign-in and registration count every attempt twice, whoever is signed in (a caller's own token
or session does not lift the limit): once per client address, and once per username tried from
any address, so neither many names from one address nor one name from many addresses gets
through. The admin's sign-in page and a password change (its ``current_password`` is a guess
too, made with a token that may be stolen) count in the same two buckets.

Counts live in their own cache (``THROTTLE_CACHE``, shared by every process): Redis when
configured, else a database table that drops only counts whose time is up, so that a flood of
other names cannot wash away the count of the one being guessed.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.http import HttpRequest
from django.utils.connection import ConnectionProxy
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle

from ..usernames import normalize_username

# Read on each use, so a test's or a deployment's CACHES decides where the counts go (as
# Django's own ``cache`` is a proxy of the default one).
throttle_counts: BaseCache = ConnectionProxy(caches, settings.THROTTLE_CACHE)  # type: ignore[assignment]


class CountedThrottle(SimpleRateThrottle):
    cache = throttle_counts


class CountedAnonThrottle(AnonRateThrottle):
    cache = throttle_counts


class _PostOnly(CountedThrottle):
    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method != "POST":
            return True
        return super().allow_request(request, view)


class SignInAddressThrottle(_PostOnly):
    scope = "account"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def _username_key(cache_format: str, username: str) -> str:
    digest = hashlib.sha256(normalize_username(username[:200]).encode()).hexdigest()
    return cache_format % {"scope": "account_username", "ident": digest}


class SignInUsernameThrottle(_PostOnly):
    scope = "account_username"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        # A DRF request's parsed body, or the admin's sign-in form.
        data = getattr(request, "data", None)
        if data is None:
            data = request.POST
        username = data.get("username") if hasattr(data, "get") else None
        if not isinstance(username, str) or not username:
            return None
        return _username_key(self.cache_format, username)


class OwnPasswordThrottle(SignInUsernameThrottle):
    """A password change counts against the signed-in account's own name."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        user = request.user
        if user is None or not user.is_authenticated:
            return None
        return _username_key(self.cache_format, user.get_username())


class _PerAccount(_PostOnly):
    def get_cache_key(self, request: Request, view: Any) -> str | None:
        user = request.user
        if user is None or not user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": user.pk}


class InviteThrottle(_PerAccount):
    scope = "invite"


class ImportThrottle(_PerAccount):
    scope = "import"


SIGN_IN = [SignInAddressThrottle, SignInUsernameThrottle]
PASSWORD_CHANGE = [SignInAddressThrottle, OwnPasswordThrottle]


def sign_in_wait(request: HttpRequest) -> int | None:
    """For a sign-in outside the API (the admin's page): the seconds to wait, or None.

    Every bucket is asked (as DRF does), so a refused attempt still counts where it is let in.
    """
    waits = [
        throttle.wait() or 1
        for throttle in (cls() for cls in SIGN_IN)
        if not throttle.allow_request(request, None)
    ]
    return math.ceil(max(waits)) if waits else None
