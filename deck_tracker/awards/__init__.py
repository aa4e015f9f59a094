"""The award tracker across sessions: players, their heroes, finished games, rewards, statistics."""
