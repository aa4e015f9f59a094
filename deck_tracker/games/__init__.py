"""Games: creating, joining and playing them (one command, one short transaction), read per seat."""
