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


class _SlowRedis:
    """Records what is published, each publish held until the test lets it through."""

    def __init__(self) -> None:
        import threading

        self.sent: list[tuple[str, str]] = []
        self.through = threading.Event()

    def publish(self, channel: str, message: str) -> None:
        self.through.wait(5)
        self.sent.append((channel, message))


def test_an_announcement_leaves_for_redis_without_holding_the_request(settings, monkeypatch):
    import time

    settings.REDIS_URL = "redis://127.0.0.1:6379/14"
    redis = _SlowRedis()
    monkeypatch.setattr(notifications, "_redis", lambda: redis)
    before = notifications.pulse("a-game")
    for seq in (3, 4, 5):
        notifications.publish(game_id="a-game", last_seq=seq)  # Redis does not answer yet
    assert notifications.pulse("a-game") == before + 3  # this process's streams are woken
    assert redis.sent == []
    redis.through.set()
    deadline = time.monotonic() + 5
    while len(redis.sent) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    mark = notifications.origin()
    channel = f"{notifications.channel_prefix()}a-game"
    assert redis.sent == [(channel, f"{seq} {mark}") for seq in (3, 4, 5)]  # in order


def _flush_two_waiting(monkeypatch, redis: _SlowRedis) -> None:
    """A sender of its own with two announcements waiting, flushed as at the process's end."""
    redis.through.set()
    monkeypatch.setattr(notifications, "_redis", lambda: redis)
    sender = notifications._Sender()
    sender._waiting.put(("dotr:game:14:a-game", "1 x"))
    sender._waiting.put(("dotr:game:14:a-game", "2 x"))
    sender.flush()


def test_what_waits_is_sent_when_the_process_ends(monkeypatch) -> None:
    redis = _SlowRedis()
    _flush_two_waiting(monkeypatch, redis)
    assert redis.sent == [("dotr:game:14:a-game", "1 x"), ("dotr:game:14:a-game", "2 x")]


def test_a_lost_announcement_is_logged_and_the_next_still_leaves(monkeypatch, caplog) -> None:
    class Down(_SlowRedis):
        def publish(self, channel: str, message: str) -> None:
            if message.startswith("1 "):
                raise ConnectionError("Redis is restarting")
            super().publish(channel, message)

    redis = Down()
    _flush_two_waiting(monkeypatch, redis)
    assert redis.sent == [("dotr:game:14:a-game", "2 x")]
    assert "could not publish" in caplog.text


def test_a_forked_child_has_a_sender_of_its_own() -> None:
    import os

    parent = notifications._sender
    parent._lock.acquire()  # as if its thread were sending when the process forked
    try:
        child = os.fork()
        if child == 0:  # the child: a sender of its own, its lock free
            ok = notifications._sender is not parent and notifications._sender._lock.acquire(False)
            os._exit(0 if ok else 1)
        _, status = os.waitpid(child, 0)
    finally:
        parent._lock.release()
    assert os.waitstatus_to_exitcode(status) == 0


def test_a_redis_that_does_not_answer_does_not_hold_the_exit(monkeypatch) -> None:
    import time

    class Stuck(_SlowRedis):
        def publish(self, channel: str, message: str) -> None:
            time.sleep(0.2)  # as a publish that waits for its socket's timeout

    monkeypatch.setattr(notifications, "_redis", lambda: Stuck())
    sender = notifications._Sender()
    for seq in range(20):
        sender._waiting.put(("dotr:game:14:a-game", f"{seq} x"))
    started = time.monotonic()
    sender.flush(timeout=0.3)
    assert time.monotonic() - started < 1.0
