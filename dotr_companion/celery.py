import os
from typing import Any

from celery import Celery
from celery.contrib.django.task import DjangoTask
from django.db import transaction

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")


class Task(DjangoTask):  # type: ignore[misc]
    """The base of every task: Django code enqueues with ``delay_on_commit``.

    The task is enqueued once the open transaction commits (the worker finds what the request
    wrote; a rolled-back request enqueues nothing) and, robustly, a broker that refuses it is
    logged by Django instead of failing a request whose work is already committed (the tasks may
    run twice safely, and each is re-enqueued by the next change or its periodic run).
    """

    def delay_on_commit(self, *args: Any, **kwargs: Any) -> None:
        def enqueue() -> None:
            self.delay(*args, **kwargs)

        enqueue.__qualname__ = f"{self.name}.delay"  # what Django logs when the broker refuses
        transaction.on_commit(enqueue, robust=True)


app = Celery("dotr_companion", task_cls="dotr_companion.celery:Task")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
