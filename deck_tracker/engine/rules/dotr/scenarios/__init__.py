"""The Dragon expansion's scenarios: their catalogue, setup, hands and special rules."""
