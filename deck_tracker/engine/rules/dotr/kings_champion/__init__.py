"""The King's Champion Rewards: fame, the Grand Ball after a victory, reward cards."""
