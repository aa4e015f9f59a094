from django.apps import AppConfig


class DeckTrackerConfig(AppConfig):
    name = "deck_tracker"
    verbose_name = "Games and decks"
