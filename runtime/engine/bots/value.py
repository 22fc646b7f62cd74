"""What a base-game position is worth to its loyal players: an estimate of the colony's chance to win, read
from the public table.

The search bot (search.py) plays its candidates a round or two forward and scores where they lead with this
estimate instead of playing every copy to the game's end: a playout then costs a fraction of a game, and the
estimate varies far less between playouts than a won-or-lost result does, so fewer playouts tell two
candidates apart. The estimate is a logistic model of the features below (``features``), fitted by
``python -m dow.runtime.engine.bots.fit_value`` on positions of heuristic-bot games (each position at the start of
a round, labelled by whether the colony went on to win); the fitted weights are committed in ``WEIGHTS`` with
the command, seeds and fit that produced them, so a changed engine or bot is fitted again the same way.

The features read the copy's table: morale, the round track, supply, waste, helpless survivors, survivors and
their wounds, zombies and barricades, the size of the hands and the cards of each type in them (in a search's copy
the other hands are the ones the determinization dealt, never the real ones), and the main objective's own
progress where its goal has one: the barricades Home Sweet Home asks for, the zombies Kill Them counts and, for any
objective whose goal is a condition (cards in storage, food per player, barricaded entrances), how much of that
condition already holds (``goal_progress``), read from the goal's tree rather than a list of objectives. What a
round, a point of morale and the objective itself are worth differs from one main objective to the next (the
round track running out is the colony's win in Too Many Mouths and its loss in Find a Cure), so each main
objective the fit met has three weights of its own (``OBJECTIVE_WEIGHTS``: its own bias, and its weight on the
rounds left and on morale) added to the shared ones; an objective the fit never met is valued by the shared
weights alone.
"""
from __future__ import annotations

import math
from typing import Any

#: the names of ``features``' values, in order (the weights are given in this order too)
NAMES = ("bias", "morale", "morale_low", "rounds_left", "rounds_left_sq", "morale_x_rounds", "food",
         "food_short", "starvation", "waste", "helpless", "survivors", "wounds", "colony_zombies",
         "colony_slack", "outside_zombies", "barricades", "cards", "exiled", "home_barricades", "home_places",
         "kill_outside", "kill_objective", "home_objective", "goal_progress", "food_cards", "medicine_cards",
         "fuel_cards", "tool_cards", "weapon_cards")
#: the item types counted in the hands, in the order of their features
HAND_TYPES = ("food", "medicine", "fuel", "tool", "weapon")
#: the names of an objective's own weights (``objective_features``)
OBJECTIVE_NAMES = ("objective", "objective_x_rounds_left", "objective_x_morale")


def features(game: Any) -> list[float]:
    """The features of ``game``'s position shared by every main objective (see ``NAMES``)."""
    s = game.state
    rules = game.rules
    colony = s.locations["colony"]
    at_colony = len(s.survivors_at("colony")) + colony.helpless
    need = math.ceil(at_colony / rules["food"]["survivors_per_food"])
    in_play = [sv for sv in s.survivors.values() if sv.place == "play"]
    outside = [loc for lid, loc in s.locations.items() if lid != "colony"]
    outside_z = sum(loc.zombie_count() for loc in outside)
    slack = sum(max(0, colony.entrance_spaces - z - b) for z, b in zip(colony.zombies, colony.barricades))
    goal = s.cards[s.objective].rsplit(".", 1)[-1]
    home, kill = goal == "home-sweet-home", goal == "kill-them"
    morale = max(0, s.morale)
    rounds = max(0, s.round)
    return [1.0, morale, float(morale <= 2), rounds, rounds * rounds / 8.0, morale * rounds / 8.0, s.food,
            max(0, need - s.food), s.starvation, len(s.waste), colony.helpless, len(in_play),
            sum(sv.wounds for sv in in_play), colony.zombie_count(), slack, outside_z,
            sum(sum(loc.barricades) for loc in s.locations.values()), sum(len(p.hand) for p in s.players),
            sum(1 for p in s.players if p.exiled),
            min(10, sum(colony.barricades)) if home else 0.0,
            sum(1 for loc in outside if any(loc.barricades)) if home else 0.0,
            max(0, outside_z - 3) if kill else 0.0, float(kill), float(home), goal_progress(game)] + hand_types(game)


def hand_types(game: Any) -> list[float]:
    """How many cards of each of ``HAND_TYPES`` the players who may still add to a crisis hold."""
    s = game.state
    counts = dict.fromkeys(HAND_TYPES, 0)
    for p in s.players:
        if not p.exiled:
            for card in p.hand:
                t = game.defs[s.cards[card]].get("item_type")
                if t in counts:
                    counts[t] += 1
    return [float(counts[t]) for t in HAND_TYPES]


def objective_features(game: Any) -> tuple[str, list[float]]:
    """The main objective's card id and the features its own weights apply to (``OBJECTIVE_NAMES``)."""
    s = game.state
    return s.cards[s.objective], [1.0, float(max(0, s.round)), float(max(0, s.morale))]


def goal_progress(game: Any) -> float:
    """How far the table is toward the main objective's goal, between 0 and 1, read from the goal's own
    condition (any objective, no list of them): the mean over its parts ('… and …') of how much of each holds:
    a count against the number it must reach ('the number of medicine cards in storage >= 8': 5 of 8), or
    1 or 0 for a part that holds or not. A goal with no condition (survive the rounds) is 0: the round track
    features measure that."""
    from ...interpreter import Env
    s = game.state
    goals = [g.get("if") for g in game.defs[s.cards[s.objective]].get("goals") or [] if g.get("if")]
    if not goals:
        return 0.0
    tree = goals[0]["tree"] if isinstance(goals[0], dict) and "tree" in goals[0] else goals[0]
    parts = tree["items"] if tree.get("op") == "all" else [tree]
    interp, env = game.interp, Env(s.players[0].id)
    done = 0.0
    for part in parts:
        if part.get("op") == "compare" and part["cmp"] in ("ge", "gt"):
            have, need = interp.expr(part["left"], env), interp.expr(part["right"], env) + (part["cmp"] == "gt")
            done += min(1.0, have / need) if need > 0 else 1.0
        elif part.get("op") == "compare" and part["cmp"] in ("le", "lt"):
            have, need = interp.expr(part["left"], env), interp.expr(part["right"], env) - (part["cmp"] == "lt")
            done += min(1.0, (need + 1) / (have + 1))
        else:
            done += float(interp.cond(part, env))
    return done / len(parts)


#: fitted by ``python -m dow.runtime.engine.bots.fit_value --games 6000 --seed 100000`` (see its ``main``): 23,258 positions
#: fitted, 5,854 of the held-out games (one in five); held-out log loss 0.2795 against 0.3689 for the base rate alone
#: (the 25 shared features of the model before it, fitted on the same positions, scored 0.317)
WEIGHTS: tuple[float, ...] = (-2.2130, 0.1115, -1.0432, -0.5421, 0.1848, 0.1872, 0.0772, -0.0273, -0.3641, 0.0199, -0.1091, 0.1032, -0.0340, -0.1156, -0.0337, -0.0581, -0.0314, -0.0744, 0.1251, -0.0570, 0.2299, 0.1107, -0.8048, -0.1984, 1.8299, 0.1877, 0.1374, 0.1030, 0.1146, 0.0099)
#: each main objective's own weights (``OBJECTIVE_NAMES``), by its card id, from the same fit
OBJECTIVE_WEIGHTS: dict[str, tuple[float, ...]] = {
    "base.main-objective.eight-weeks-of-darkness": (2.3886, -0.5136, 0.2198),
    "base.main-objective.find-a-cure": (-1.0288, 0.3358, 0.0098),
    "base.main-objective.home-sweet-home": (-0.1984, 0.0619, -0.1331),
    "base.main-objective.kill-them": (-0.8048, 0.0101, -0.0019),
    "base.main-objective.leave-it-all-behind": (-0.0403, -0.0994, -0.0671),
    "base.main-objective.raiding-party": (0.7150, -0.0073, -0.1386),
    "base.main-objective.stockpile": (-2.8665, 0.3909, -0.0593),
    "base.main-objective.too-many-mouths": (2.9019, -0.6738, 0.2170),
    "base.main-objective.we-need-more-samples": (-0.7952, -0.1838, 0.2514),
    "base.main-objective.winter-has-come": (-0.2715, 0.1373, -0.1866),
}


def colony_chance(game: Any) -> float:
    """The estimated chance that the colony wins from ``game``'s position (between 0 and 1, exclusive)."""
    z = sum(w * x for w, x in zip(WEIGHTS, features(game)))
    objective, own = objective_features(game)
    z += sum(w * x for w, x in zip(OBJECTIVE_WEIGHTS.get(objective, ()), own))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


# ---- the fit (engine/bots/fit_value.py plays the games) ------------------------------------------------
def design(rows: list[tuple[str, list[float]]], objectives: list[str]) -> list[list[float]]:
    """The fit's rows: the shared features, then each objective's own three, zero for the other objectives."""
    k = len(OBJECTIVE_NAMES)
    out = []
    for objective, x in rows:
        shared, own = x[:-k], x[-k:]
        row = list(shared)
        for o in objectives:
            row += own if o == objective else [0.0] * k
        out.append(row)
    return out


def fit(rows: list[list[float]], labels: list[int], l2: float = 1.0, steps: int = 60) -> list[float]:
    """Logistic regression by Newton's method with an L2 penalty (not on the bias); standard library only."""
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(rows, labels):
            nz = [(i, v) for i, v in enumerate(x) if v]       # one objective's columns of many are not zero
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(w[i] * v for i, v in nz)))))
            r, q = p - y, p * (1 - p)
            for n, (i, v) in enumerate(nz):
                grad[i] += r * v
                qi = q * v
                row = hess[i]
                for j, u in nz[n:]:
                    row[j] += qi * u
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] += l2 * w[i]
                hess[i][i] += l2
            hess[i][i] += 1e-9
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(b) for b in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def log_loss(w: list[float], rows: list[list[float]], labels: list[int]) -> float:
    """The mean log loss of weights ``w`` on labelled positions."""
    total = 0.0
    for x, y in zip(rows, labels):
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))))
        p = min(1 - 1e-9, max(1e-9, p))
        total -= math.log(p) if y else math.log(1 - p)
    return total / len(rows)

