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


def test_a_process_does_not_wake_its_streams_again_for_its_own_announcement(settings) -> None:
    """It woke them as it published; the echo from Redis made a stream read again for nothing."""
    settings.REDIS_URL = "redis://127.0.0.1:6379/14"
    channel = f"{notifications.channel_prefix()}a-game".encode()
    before = notifications.pulse("a-game")
    own = f"7 {notifications.origin()}".encode()
    notifications.relay({"type": "pmessage", "channel": channel, "data": own})
    assert notifications.pulse("a-game") == before
    for other in (b"7 another-process", b"7"):  # another process's, and an older server's
        notifications.relay({"type": "pmessage", "channel": channel, "data": other})
    assert notifications.pulse("a-game") == before + 2
    notifications.relay({"type": "psubscribe", "channel": channel, "data": 1})
    assert notifications.pulse("a-game") == before + 2
