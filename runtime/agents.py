"""Every agent the runtime ships, in one place to import from.

An agent is any object with ``answer(decision)`` returning an answer that fits the decision (docs/runtime.md,
"Agents": the table of each agent's own module, its constructor and the games it plays). The bots that read
the table (``BaseBot`` and the others with ``observe``) are shown the game by ``play_game`` and Winter Tricks'
``new_game``; one seated at a game it does not play is refused (``SeatError``, naming the bots that play it).

    from dow.runtime.agents import HeuristicBot, RandomAgent, Recorder
"""
from __future__ import annotations

from .agent_process import AgentError, ProcessAgent
from .decisions import HeuristicAgent, RandomAgent, ScriptedAgent, SeatError
from .engine.bots.base import HeuristicBot
from .engine.bots.colonies import ColoniesHeuristicBot
from .engine.bots.search import SearchBot
from .engine.colony_bot import ColoniesBot
from .engine.colony_lonewolf import LoneWolfBot
from .engine.sim import BaseBot
from .games.winter_tricks_bot import WinterTricksBot
from .replay import Recorder

__all__ = ["AgentError", "BaseBot", "ColoniesBot", "ColoniesHeuristicBot", "HeuristicAgent", "HeuristicBot",
           "LoneWolfBot", "ProcessAgent", "RandomAgent", "Recorder", "ScriptedAgent", "SearchBot", "SeatError",
           "WinterTricksBot"]
