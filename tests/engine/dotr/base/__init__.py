"""Tests of the base game's rules (rules/dotr/base/)."""
