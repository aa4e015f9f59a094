"""Content: the shipped packs (``packs/``, data only), their staff overlays, and what tables
taught."""
