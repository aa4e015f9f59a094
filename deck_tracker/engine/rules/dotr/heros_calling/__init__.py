"""The Hero's Calling: setup switches, the War Status card, heroes from ability cards."""
