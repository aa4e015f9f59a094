"""Companions & Catacombs: Companions, Dungeons, Warlords, Trolls and Giant Spiders."""
