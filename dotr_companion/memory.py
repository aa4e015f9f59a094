"""The server's long-lived objects set aside from the garbage collector's full passes.

Python's cyclic garbage collector now and then walks every object a process holds (a full
collection, generation 2). A web process holds about 150,000 objects that live as long as it
does (Django, the apps, the URL patterns and the views they import), and the requests of a busy
table make full collections a few times a second: measured on the shipped server
(``scripts/bench_live.py``, one worker, 300 tables), each took 100-190 ms of CPU, 1.3 s of a
round's 11 s, and whether two or four of them fell into a round was most of the run-to-run spread
of its CPU per action. :func:`freeze_startup_objects` collects once and moves what is alive
then into the collector's permanent generation (``gc.freeze``): those objects are still freed by
their reference counts as ever, only the cyclic collector no longer walks them. A full
collection then walks what the requests made since, a few thousand objects.
"""

from __future__ import annotations

import gc

from django.conf import settings
from django.urls import get_resolver

__all__ = ["freeze_startup_objects"]


def freeze_startup_objects() -> int:
    """Load the URL patterns (and the views they import), collect, and freeze what is alive
    (``SERVER_GC_FREEZE``, on by default); the number of objects frozen."""
    if not settings.SERVER_GC_FREEZE:
        return 0
    get_resolver().url_patterns  # noqa: B018 (imports the URLconf and every view once)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
