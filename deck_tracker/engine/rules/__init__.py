"""Every game system's rules, one package each; ``engine/systems.py`` lists and loads them."""
