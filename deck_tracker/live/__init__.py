"""Keeping every phone in step: the per-seat live stream, the announcement of a change, and the
count of open streams per seat."""
