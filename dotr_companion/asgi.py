import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")
django_application = get_asgi_application()

# Imported once Django is set up: they read models and settings.
from api.asgi import BodyTimeout, LiveStreamRouter  # noqa: E402
from api.body_limit import RequestBodyLimit  # noqa: E402

application = BodyTimeout(LiveStreamRouter(django_application))
# Outermost: a body over MAX_REQUEST_BYTES is refused before a byte past the limit is read.
application = RequestBodyLimit(application)  # type: ignore[assignment]  # any ASGI app
