"""The rules engine: pure Python, no Django, no I/O beyond reading content packs."""
