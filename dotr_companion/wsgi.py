import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")
application = get_wsgi_application()

from dotr_companion.memory import freeze_startup_objects  # noqa: E402 (Django is set up)

# What the process holds from here on is set aside from the collector's full passes.
freeze_startup_objects()
