from django.apps import AppConfig


class AwardsConfig(AppConfig):
    name = "deck_tracker.awards"
    label = "awards"
    verbose_name = "Award tracker"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A finished game (or a change to one: the Grand Ball, an undo) updates the tracker.
        # A session signing in remembers its account's sign-outs (sessions.py).
        from . import (
            receivers,  # noqa: F401
            sessions,  # noqa: F401
        )
