"""Tests of the Defenders of the Realm rules, one folder per rulebook (as ``rules/dotr/``)."""
