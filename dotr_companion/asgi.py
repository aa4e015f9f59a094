import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class OneThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler, with the middleware and the view on one thread per request.

    The project's middleware and views are synchronous. Django's own handler ends its chain
    with an asynchronous view caller, so each request went from the event loop to a thread (the
    middleware), back to the event loop (the view caller) and to the thread again (the view),
    and back twice: every crossing a future, a wake-up of the other side and a copy of the
    context. Here the chain is built as under WSGI (the view called directly) and entered once
    from the event loop, as Django enters a synchronous chain (``sync_to_async``, thread
    sensitive: one thread per request, Django's ``ThreadSensitiveContext``).
    """

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
