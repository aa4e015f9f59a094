"""Tests of the King's Champion Rewards: fame and the Grand Ball (rules/dotr/kings_champion/)."""
