from django.apps import AppConfig


class DeckTrackerConfig(AppConfig):
    name = "deck_tracker"
    verbose_name = "Games and decks"

    def ready(self) -> None:
        # Content is validated at start: a broken pack stops the app with a message naming the
        # file, the item and the field, instead of failing in the middle of a game.
        from .engine.content import default_packs

        default_packs()
