"""The request threads of the ASGI handler: a thread goes back to the idle list only once it is
free, so a request never queues behind another one's view."""

from __future__ import annotations

import asyncio
import gc
import threading
import types
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from django.core.exceptions import RequestAborted
from django.http import HttpRequest, HttpResponse
from django.urls import path

from dotr_companion.asgi import OneThreadASGIHandler, RequestThreads

slow_started = threading.Event()
slow_release = threading.Event()
slow_thread: list[int] = []


def slow(request: HttpRequest) -> HttpResponse:
    slow_thread.append(threading.get_ident())
    slow_started.set()
    slow_release.wait(20)
    return HttpResponse("slow")


def fast(request: HttpRequest) -> HttpResponse:
    return HttpResponse(str(threading.get_ident()))


urlpatterns = [path("slow", slow), path("fast", fast)]


def scope_of(route: str) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": route,
        "raw_path": route.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


@pytest.fixture
def handler(settings: Any) -> OneThreadASGIHandler:
    settings.ROOT_URLCONF = __name__
    slow_started.clear()
    slow_release.clear()
    slow_thread.clear()
    handler = OneThreadASGIHandler()
    handler.threads = RequestThreads()  # this test's own threads
    return handler


def receiver(
    then: Callable[[], Awaitable[dict[str, Any]]],
) -> Callable[[], Awaitable[dict[str, Any]]]:
    """An ASGI ``receive``: the request's empty body first, then what ``then`` gives."""
    body_read = False

    async def receive() -> dict[str, Any]:
        nonlocal body_read
        if not body_read:
            body_read = True
            return {"type": "http.request", "body": b"", "more_body": False}
        return await then()

    return receive


async def ask_fast(handler: OneThreadASGIHandler) -> int:
    """A second phone's request: the thread that ran its view."""
    sent: list[dict[str, Any]] = []

    async def stays() -> dict[str, Any]:
        await asyncio.Event().wait()  # this client stays
        raise AssertionError

    receive = receiver(stays)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    # Bounded: behind a thread still running the slow view, it would wait until that view ends.
    await asyncio.wait_for(handler(scope_of("/fast"), receive, send), 5)
    assert sent[0]["status"] == 200
    return int(sent[-1]["body"])


async def slow_request(handler: OneThreadASGIHandler, disconnect: bool) -> asyncio.Task[None]:
    """A request whose view is still running when this returns (its client gone if asked)."""

    async def leaves() -> dict[str, Any]:
        while not (disconnect and slow_started.is_set()):
            await asyncio.sleep(0.005)
        return {"type": "http.disconnect"}

    receive = receiver(leaves)

    async def send(message: dict[str, Any]) -> None:
        pass

    task = asyncio.create_task(handler(scope_of("/slow"), receive, send))
    while not slow_started.is_set():
        await asyncio.sleep(0.005)
    return task


def test_a_client_that_leaves_while_its_view_runs_leaves_no_busy_thread_to_the_next(handler):
    async def scenario() -> None:
        first = await slow_request(handler, disconnect=True)
        await asyncio.sleep(0.05)  # the disconnect is heard; the view still runs
        assert threading.get_ident() != slow_thread[0]
        assert await ask_fast(handler) != slow_thread[0]
        slow_release.set()
        await first  # it ends once its view has (``request_finished`` runs behind it)
        assert len(handler.threads._idle) == 2

    asyncio.run(scenario())


def test_a_request_cancelled_while_its_view_runs_gives_its_thread_back_only_when_free(handler):
    """The server cancels a request's task (a shutdown, a deadline): the view's thread runs on;
    it must not serve another request until that view has ended."""

    async def scenario() -> None:
        first = await slow_request(handler, disconnect=False)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        assert await ask_fast(handler) != slow_thread[0]
        slow_release.set()
        for _ in range(400):  # the freed thread puts itself back
            if len(handler.threads._idle) == 2:
                break
            await asyncio.sleep(0.005)
        assert len(handler.threads._idle) == 2

    asyncio.run(scenario())


def test_a_request_answered_on_a_kept_connection_is_freed_without_the_garbage_collector(handler):
    """After the answer, uvicorn tells the disconnect watch ``http.disconnect`` (the watch ends
    with ``RequestAborted``), as on every kept connection. Reading that outcome must not tie the
    handler's frame, its tasks and the exception into a cycle, which held the whole request for
    the cyclic garbage collector."""

    async def one_request() -> None:
        answered = asyncio.Event()

        async def hears_the_answer() -> dict[str, Any]:
            await answered.wait()
            return {"type": "http.disconnect"}

        receive = receiver(hears_the_answer)

        async def send(message: dict[str, Any]) -> None:
            if not message.get("more_body") and message["type"] == "http.response.body":
                answered.set()
                for _ in range(3):  # the watch hears it before the answer's task ends
                    await asyncio.sleep(0)

        await handler(scope_of("/fast"), receive, send)

    gc.collect()
    gc.disable()
    try:
        asyncio.run(one_request())
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        garbage = list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert not [item for item in garbage if type(item) is RequestAborted]
    frames = [item for item in garbage if type(item) is types.FrameType]
    assert not [frame for frame in frames if frame.f_code.co_name == "handle"]
