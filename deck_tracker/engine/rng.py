"""The seeded random source.

Every random outcome of a command comes from a generator seeded by the game's seed and the
sequence number of the command's first event, and the outcome itself is recorded in the event.
Replaying a log therefore never consults the generator, while anyone who knows the seed (revealed
when the game ends) can recompute every shuffle and roll and check them.
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> str:
    return secrets.token_hex(16)


def seed_commitment(seed: str) -> str:
    """What the table sees before the seed is revealed: a hash binding the game to its seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def rng_for(seed: str, seq: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{seq}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))
