import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")

import asyncio
import contextlib
import inspect
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import django
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix

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

    def give_back_when_free(self, executor: ThreadPoolExecutor) -> None:
        """For a request that ended while its thread may still run its work (its task cancelled,
        or an error out of the handler): the thread puts itself back once that work is done (a
        call queued behind it on its only worker), so no request queues behind another's view."""
        executor.submit(self.give_back, executor)


class OneThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler, with all of a request's synchronous work in one call on one
    thread.

    The project's middleware and views are synchronous. Django's own handler crosses from the
    event loop to a thread and back for each synchronous step of a request: the
    ``request_started`` signal's receivers, the middleware chain (whose end, an asynchronous
    view caller, crossed back to the loop and to the thread again for the view), and the
    response's ``close`` (the ``request_finished`` receivers): every crossing a future, a
    wake-up of the other side and a copy of the context. Here the chain is built as under WSGI
    (the view called directly), and the signal, the request's making, the chain and, for an
    answer already whole (not streamed), its ``close`` run in one call on the request's thread
    (``sync_to_async``, thread sensitive, as Django enters a synchronous chain), on a thread kept
    for the requests after it (``RequestThreads``). The answer then leaves from the event loop,
    as before; a streamed answer is closed after it, as Django does. Django's watch for the
    client's disconnect is kept.
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
        except BaseException:
            self.threads.give_back_when_free(executor)
            raise
        # Ended normally, the handler has awaited all it sent to the thread: a client that left
        # while its view ran is answered by ``request_finished``, queued behind that view.
        self.threads.give_back(executor)

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        self._respond_on_thread = sync_to_async(self._respond, thread_sensitive=True)

    def _respond(self, scope: Any, body_file: Any) -> tuple[HttpResponseBase, bool]:
        """On the request's thread: the answer, and whether it was closed already."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        response: HttpResponseBase
        if request is None:
            assert error_response is not None
            response = error_response
        else:
            response = self.get_response(request)  # the chain, as under WSGI
            response._handler_class = self.__class__  # type: ignore[attr-defined]
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if response.streaming:
            return response, False
        response.close()  # its body is whole: what closing frees, it no longer needs
        return response, True

    async def handle(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        answered: list[tuple[HttpResponseBase, bool]] = []

        async def process_request() -> None:
            answered.append(await self._respond_on_thread(scope, body_file))
            with contextlib.suppress(asyncio.CancelledError):  # the client left
                await self.send_response(answered[0][0], send)

        # As Django: the request ends early if the client disconnects while it is made.
        tasks = [
            asyncio.create_task(self.listen_for_disconnect(receive)),
            asyncio.create_task(process_request()),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # this request's task cancelled: its own tasks end with it
            for task in tasks:
                task.cancel()
            raise
        for task in tasks:
            if task.done():
                # The outcome read without raising it here: an exception raised in this frame
                # would hold the frame in its traceback, and the frame the tasks, which hold
                # the exception: a cycle that kept the whole request (its request, answer,
                # serializers) for the garbage collector instead of freeing it at once.
                # Every keep-alive request ends that way (the disconnect watch ends with
                # ``RequestAborted`` once the answer is sent).
                if task.cancelled():
                    task.result()  # raises CancelledError, as Django's handler does
                error = task.exception()
                if error is None or isinstance(error, RequestAborted):
                    continue
                if isinstance(error, AssertionError):
                    body_file.close()
                raise error
            else:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if not answered:
            # Left before its answer was made: the request ends as Django ends it (the thread,
            # which runs on, closes that answer when it has it: the receivers, which free the
            # request's connection, are safe to run twice).
            await signals.request_finished.asend(sender=self.__class__)
        elif not answered[0][1]:
            await sync_to_async(answered[0][0].close)()
        body_file.close()


django.setup(set_prefix=False)
django_application = OneThreadASGIHandler()

# Imported once Django is set up: they read models and settings.
from api.asgi import BodyTimeout, LiveStreamRouter  # noqa: E402
from api.body_limit import RequestBodyLimit  # noqa: E402
from dotr_companion.compression import CompressedResponses  # noqa: E402
from dotr_companion.memory import freeze_startup_objects  # noqa: E402

application = BodyTimeout(LiveStreamRouter(django_application))
# Every answer and each live-stream message leaves compressed as the phone accepts
# (each layer is its own type; the name stays what uvicorn loads).
application = CompressedResponses(application)  # type: ignore[assignment]
# Outermost: a body over MAX_REQUEST_BYTES is refused before a byte past the limit is read.
application = RequestBodyLimit(application)  # type: ignore[assignment]
# What the process holds from here on is set aside from the collector's full passes.
freeze_startup_objects()
