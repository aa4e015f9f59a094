"""The base game of Defenders of the Realm: board, night, setup, heroes, table entries."""
