"""Headers that act only on a page leave the other answers (docs/serving.md "What a phone
receives").

A phone counts every header of every answer: on a first visit the client's files are most of
the answers, and each carried about 140 bytes that could not act on it.

- ``Cross-Origin-Opener-Policy`` and ``X-Frame-Options`` act on a document (the browsing context
  it opens in, the frame it is shown in): an HTML page keeps them; a script, a stylesheet, a
  catalogue or an API answer has no window to guard, so they leave it.
- A client file under a hashed name (``Cache-Control: immutable``) is never asked again: its
  validators (``ETag``, ``Last-Modified``, WhiteNoise's) and ``Referrer-Policy`` (the page's own
  policy, ``same-origin``, applies to what a module or stylesheet asks for) leave it too.
  ``X-Content-Type-Options: nosniff`` stays on every answer: it guards scripts and styles.

Outermost of Django's middleware, so it sees what SecurityMiddleware and WhiteNoise added.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

DOCUMENT_ONLY = ("Cross-Origin-Opener-Policy", "X-Frame-Options")
IMMUTABLE_NEEDLESS = ("ETag", "Last-Modified", "Referrer-Policy")


class PageOnlyHeaders:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if str(response.get("Content-Type", "")).startswith("text/html"):
            return response
        for name in DOCUMENT_ONLY:
            if name in response:
                del response[name]
        if "immutable" in str(response.get("Cache-Control", "")):
            for name in IMMUTABLE_NEEDLESS:
                if name in response:
                    del response[name]
        return response
