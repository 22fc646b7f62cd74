"""Bots that play toward their goals: a player's view of the table (``view``), the heuristic bot of the base
game (``base``) and of Warring Colonies (``colonies``). Registered as the agent kind ``heuristic``."""
