"""Bots that play toward their goals: a player's view of the table (``view``), the heuristic bot of the base
game (``base``) and of Warring Colonies (``colonies``), registered as the agent kind ``heuristic``, and the
search bot of the base game (``search``: determinized Monte-Carlo over the heuristic's candidates),
registered as ``search``."""
