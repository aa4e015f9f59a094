"""Keeping a server's games safe: backups and their restore, and checking stored games."""
