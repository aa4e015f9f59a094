"""Which language a reader reads in: the one answer for REST, command answers and live streams.

The first of these that names a language the app speaks (``settings.LANGUAGES``) wins:

1. ``?lang=`` on the request (a one-off: a link, a test, a curious host);
2. the seat's own preference (``Seat.language``, set with ``PATCH /games/{id}/seat/``);
3. the preference of the account the seat's player is (``AccountPreference``, set with
   ``PATCH /accounts/me/``), or of the signed-in account on account endpoints;
4. the phone's ``Accept-Language`` (what ``LocaleMiddleware`` activated);
5. English.

Django's translation machinery is then activated in that language, so that the engine's events
and Django's own words (errors' ``detail``) speak it together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from deck_tracker.awards.models import AccountPreference
from deck_tracker.models import Seat

DEFAULT = "en"


def supported(language: Any) -> str | None:
    """``"de-AT"`` -> ``"de"``; a language the app does not speak (or none) -> None."""
    if not isinstance(language, str) or not language.strip():
        return None
    base = language.strip().replace("_", "-").split("-")[0].lower()
    return base if base in dict(settings.LANGUAGES) else None


def from_accept_language(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header the app speaks."""
    if not header:
        return None
    for language, _quality in parse_accept_lang_header(header[:255]):
        if language == "*":
            return None
        found = supported(language)
        if found:
            return found
    return None


def account_language(user: Any) -> str | None:
    """The signed-in account's chosen language, if it chose one."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    value = AccountPreference.objects.filter(user=user).values_list("language", flat=True).first()
    return supported(value)


def account_languages(seat: Any) -> QuerySet[AccountPreference]:
    """The chosen languages of the accounts whose player sits at ``seat`` (a seat, or an
    ``OuterRef`` to one), the first first."""
    return (
        AccountPreference.objects.filter(user__award_players__seat_links__seat=seat)
        .exclude(language="")
        .order_by("pk")
    )


def seat_account_language(seat: Seat) -> str | None:
    """The chosen language of the account whose player sits at ``seat``, if any: read with the
    seat when authentication found it (``ACCOUNT_LANGUAGE``), else one query."""
    if hasattr(seat, ACCOUNT_LANGUAGE):
        return supported(getattr(seat, ACCOUNT_LANGUAGE))
    value = account_languages(seat).values_list("language", flat=True).first()
    return supported(value)


# The attribute a seat read by its token carries: its player's account's language (or None).
ACCOUNT_LANGUAGE = "account_language"


def choose(*candidates: str | None) -> str:
    """The first candidate the app speaks, else English."""
    for candidate in candidates:
        found = supported(candidate)
        if found:
            return found
    return DEFAULT


def reader_language(
    *,
    explicit: str | None = None,
    seat: Seat | None = None,
    user: Any = None,
    accept_language: str | None = None,
) -> str:
    """The reader's language, in the order the module's docstring gives."""
    if supported(explicit):
        return choose(explicit)
    seat_own = supported(seat.language) if seat is not None else None
    if seat_own:
        return seat_own
    account = seat_account_language(seat) if seat is not None else None
    if account is None and user is not None:
        account = account_language(user)
    return choose(account, from_accept_language(accept_language))


def activate_for_request(request: Any, *, seat: Seat | None = None, user: Any = None) -> str:
    """Activate the reader's language for the rest of ``request``; the language chosen."""
    query = getattr(request, "GET", None)
    explicit = query.get("lang") if query is not None else None
    language = reader_language(
        explicit=explicit,
        seat=seat,
        user=user,
        accept_language=request.META.get("HTTP_ACCEPT_LANGUAGE"),
    )
    translation.activate(language)
    request.LANGUAGE_CODE = language
    return language


def active() -> str:
    """The language active for this request (English outside one)."""
    return choose(translation.get_language())


class ReaderLanguageMiddleware:
    """``?lang=de`` reads one request in German, for readers that cannot set a header.

    A shared link, a browser's ``EventSource``: the language named in the query, when the app
    speaks it (``de-AT``, ``de_de``, ``DE`` -> ``de``), wins over the phone's ``Accept-Language``
    and the language cookie (it comes after Django's ``LocaleMiddleware``), is active while the
    view runs and is the request's ``Accept-Language`` from here on, so that the seat's and the
    account's choices, applied after authentication (``activate_for_request``), give way to it
    too. Anything else in ``lang`` changes nothing.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = supported(request.GET.get("lang"))
        if language:
            request.META["HTTP_ACCEPT_LANGUAGE"] = language
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
