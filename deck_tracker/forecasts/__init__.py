"""Threat forecasts: asked by a seat, computed by a Celery task, read with their progress."""
