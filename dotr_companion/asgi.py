import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")

import inspect
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import django
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler

# asgiref 3.10 and later let a thread-sensitive context run on an executor its caller owns.
CONTEXT_TAKES_EXECUTOR = "executor" in inspect.signature(ThreadSensitiveContext).parameters


class RequestThreads:
    """Threads for the requests' synchronous work, one request at a time each, kept for the
    next request instead of a new thread started and joined for every request (asgiref's own
    context starts two: its worker, and one to join it at the end). As a WSGI server's threads,
    each serves one request after another; Django closes a request's database connection at
    its end (``close_old_connections``) wherever it ran."""

    def __init__(self) -> None:
        self._idle: list[ThreadPoolExecutor] = []
        self._lock = threading.Lock()

    def take(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self._lock:
            self._idle.append(executor)


class OneThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler, with the middleware and the view on one thread per request.

    The project's middleware and views are synchronous. Django's own handler ends its chain
    with an asynchronous view caller, so each request went from the event loop to a thread (the
    middleware), back to the event loop (the view caller) and to the thread again (the view),
    and back twice: every crossing a future, a wake-up of the other side and a copy of the
    context. Here the chain is built as under WSGI (the view called directly) and entered once
    from the event loop, as Django enters a synchronous chain (``sync_to_async``, thread
    sensitive: one thread per request, Django's ``ThreadSensitiveContext``), on a thread kept
    for the requests after it (``RequestThreads``).
    """

    threads = RequestThreads()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not CONTEXT_TAKES_EXECUTOR:
            await super().__call__(scope, receive, send)
            return
        executor = self.threads.take()
        try:
            async with ThreadSensitiveContext(executor=executor):  # type: ignore[call-arg,unused-ignore]
                await self.handle(scope, receive, send)
        finally:
            self.threads.give_back(executor)

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        chain = sync_to_async(self._middleware_chain, thread_sensitive=True)  # type: ignore[has-type]
        self._middleware_chain = chain


django.setup(set_prefix=False)
django_application = OneThreadASGIHandler()

# Imported once Django is set up: they read models and settings.
from api.asgi import BodyTimeout, LiveStreamRouter  # noqa: E402
from api.body_limit import RequestBodyLimit  # noqa: E402
from dotr_companion.compression import CompressedResponses  # noqa: E402

application = BodyTimeout(LiveStreamRouter(django_application))
# Every answer and each live-stream message leaves compressed as the phone accepts
# (each layer is its own type; the name stays what uvicorn loads).
application = CompressedResponses(application)  # type: ignore[assignment]
# Outermost: a body over MAX_REQUEST_BYTES is refused before a byte past the limit is read.
application = RequestBodyLimit(application)  # type: ignore[assignment]
