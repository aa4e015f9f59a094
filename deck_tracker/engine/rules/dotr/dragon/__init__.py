"""The Dragon expansion: its Generals and minions, fire, Sterling, Agents, Global Effects."""
