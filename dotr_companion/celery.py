import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")

app = Celery("dotr_companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
