"""Throttles of the account endpoints: password guessing, invitations, imports.

Sign-in and registration count every attempt twice, whoever is signed in (a caller's own token
or session does not lift the limit): once per client address, and once per username tried from
any address, so neither many names from one address nor one name from many addresses gets
through. Counts live in Django's cache, which every process of a deployment shares.
"""

from __future__ import annotations

import hashlib
from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from ..usernames import normalize_username


class _PostOnly(SimpleRateThrottle):
    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method != "POST":
            return True
        return super().allow_request(request, view)


class SignInAddressThrottle(_PostOnly):
    scope = "account"

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignInUsernameThrottle(_PostOnly):
    scope = "account_username"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        data = request.data if isinstance(request.data, dict) else {}
        username = data.get("username")
        if not isinstance(username, str) or not username:
            return None
        digest = hashlib.sha256(normalize_username(username[:200]).encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": digest}


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
