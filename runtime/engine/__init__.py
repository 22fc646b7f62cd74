"""The reference engine: the base game of Dead of Winter on the runtime (standard library only)."""
from .game import ACTION, Game, GameError
from .ruleset import variant

__all__ = ["ACTION", "Game", "GameError", "variant"]
