"""Browser sessions end with "sign out everywhere", like the account's tokens.

A session remembers, when it signs in, how many times its account had signed out everywhere
(:class:`~.models.AccountSignOut`); :class:`SignedOutEverywhereMiddleware` ends a session whose
count is older than the account's, for the API and the staff pages alike. A password change
ends the other sessions already (Django's session hash follows the password).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.signals import user_logged_in
from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject

from .models import AccountSignOut

SESSION_GENERATION = "account_sign_out_generation"


def sign_out_generation(*, user: Any) -> int:
    counts = AccountSignOut.objects.filter(user=user).values_list("generation", flat=True)
    return counts.first() or 0


def sign_out_generation_advance(*, user: Any) -> None:
    """Every session signed in until now has ended."""
    if AccountSignOut.objects.filter(user=user).update(generation=F("generation") + 1):
        return
    try:
        with transaction.atomic():
            AccountSignOut.objects.create(user=user, generation=1)
    except IntegrityError:  # another sign-out created the row first
        AccountSignOut.objects.filter(user=user).update(generation=F("generation") + 1)


@receiver(user_logged_in, dispatch_uid="awards.session_generation")
def remember_generation(sender: Any, *, request: HttpRequest | None, user: Any, **_: Any) -> None:
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_GENERATION] = sign_out_generation(user=user)


def _current_user(request: HttpRequest) -> Any:
    user = get_user(request)
    if not user.is_authenticated:
        return user
    if request.session.get(SESSION_GENERATION, 0) == sign_out_generation(user=user):
        return user
    # Flushed, not logged out: logout() would read request.user, which is being computed.
    request.session.flush()
    return AnonymousUser()


class SignedOutEverywhereMiddleware:
    """After Django's AuthenticationMiddleware: the request's user, checked on first use."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.user = SimpleLazyObject(lambda: _current_user(request))  # type: ignore[assignment]

        async def auser() -> Any:  # async code asks here: the same check
            return await sync_to_async(_current_user)(request)

        request.auser = auser
        return self.get_response(request)
