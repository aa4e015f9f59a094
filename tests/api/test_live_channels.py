"""Announcements travel on channels of REDIS_URL's database: Redis's pub/sub channels are one
space for the whole server, so two deployments on one Redis server must not hear each other."""

from deck_tracker.live import notifications


def test_the_channels_carry_the_database_number(settings) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:6379/14"
    assert notifications.channel_prefix() == "dotr:game:14:"
    assert notifications._game_of(b"dotr:game:14:some-game") == "some-game"
    settings.REDIS_URL = "redis://127.0.0.1:6379"
    assert notifications.channel_prefix() == "dotr:game:0:"
    settings.REDIS_URL = "redis://127.0.0.1:6379/?db=3"
    assert notifications.channel_prefix() == "dotr:game:3:"
