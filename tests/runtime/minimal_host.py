"""A second host, as small as the protocol allows: proves the protocol is enough on its own.

Plain dictionaries, no rules engine: survivors with a location and a controller,
zombies and tokens per place, morale per player, cards per zone. Actions change
the dictionaries and every call is recorded, so tests can assert what happened.
"""
from __future__ import annotations

from dow.runtime.host import ACTIONS, Host


class MinimalHost(Host):
    """A toy table: enough state for the interpreter to run real cards."""

    def __init__(self):
        self.survivors = {}          # id -> facts
        self.players = {"p1": {"colony": "A", "vote_weight": 1}, "p2": {"colony": "A", "vote_weight": 1}}
        self.locations = ["colony", "police_station", "grocery_store", "school", "library", "hospital",
                          "gas_station"]
        self.zombie_count = {loc: 0 for loc in self.locations}
        self.token_count = {}
        self.morale_of = {"A": 5, "B": 5}
        self.cards = {}              # id -> facts (zone, owner, type)
        self.dice = {}
        self.calls, self.rules, self.lines, self.limits = [], [], [], set()
        self.fuel_played = False

    def add_survivor_fact(self, sid, name, controller, location, influence=30, **facts):
        self.survivors[sid] = {"name": name, "controller": controller, "location": location,
                               "influence": influence, "wounds": 0, "frostbite": 0, "exiled": False,
                               "helpless": False, "killed": False, "in_play": True, **facts}

    # queries
    def things(self, kind):
        return {"survivor": [s for s, f in self.survivors.items() if not f["killed"]], "player": list(self.players),
                "location": list(self.locations), "card": list(self.cards), "die": list(self.dice)}.get(kind, [])

    def attr(self, thing, name):
        if thing in self.survivors:
            facts = self.survivors[thing]
            if name == "colony":
                return self.players.get(facts["controller"], {}).get("colony")
            return facts.get(name)
        if thing in self.players:
            return self.players[thing].get(name)
        if thing in self.locations:
            return {"colony": thing == "colony", "location": thing}.get(name)
        if thing in self.cards:
            return self.cards[thing].get(name)
        if thing in self.dice:
            return self.dice[thing].get(name)
        return None

    def cards_in(self, zone, owner, location):  # in insertion order: a deck's first card is its top
        return [c for c, f in self.cards.items() if f["zone"] == zone and f.get("owner") in (owner, None)
                and f.get("location") in (location, None)]

    def zombies(self, location):
        return self.zombie_count[location]

    def tokens(self, token, place):
        return self.token_count.get((token, place), 0)

    def morale(self, player, enemy=False):
        colony = self.players[player]["colony"]
        return self.morale_of["B" if enemy and colony == "A" else "A" if enemy else colony]

    def round(self):
        return 3

    def happened(self, event, env):
        return event["kind"] == "play_card" and self.fuel_played

    def tactic_played(self, who, name, player):
        return False

    def can_pay(self, cost, player):
        if cost["op"] == "spend_tokens":
            return self.tokens(cost["token"], f"supply:{player}") >= cost["count"]
        if cost["op"] == "spend_die":
            free = [d for d, f in self.dice.items() if f["owner"] == player and not f["used"] and f["value"] >= cost["min"]]
            return len(free) >= cost["count"]
        return True

    # actions
    def apply(self, action, params, src):
        assert action in ACTIONS, action
        self.calls.append((action, params))
        if action == "use_limit":
            key = (params["key"], params["per"])
            if key in self.limits:
                return False
            self.limits.add(key)
            return True
        if action in ("kill_zombies", "remove_zombies"):
            self.zombie_count[params["location"]] -= min(params["count"], self.zombie_count[params["location"]])
        elif action == "move_zombies":
            n = min(params["count"], self.zombie_count[params["source"]])
            self.zombie_count[params["source"]] -= n
            self.zombie_count[params["target"]] += n
        elif action == "add_zombies":
            self.zombie_count[params["location"]] += params["count"]
        elif action in ("add_tokens", "remove_tokens"):
            key = (params["token"], params["place"])
            sign = 1 if action == "add_tokens" else -1
            self.token_count[key] = max(self.token_count.get(key, 0) + sign * params["count"], 0)
        elif action == "change_morale":
            colony = self.players[params["player"]]["colony"]
            self.morale_of[colony] += params["amount"]
        elif action == "wound" and params["survivor"] not in self.survivors:  # a card keeps its wounds as tokens
            key = ("wound", params["survivor"])
            self.token_count[key] = self.token_count.get(key, 0) + params["count"]
        elif action == "wound":
            self.survivors[params["survivor"]]["frostbite" if params["kind"] == "frostbite" else "wounds"] += params["count"]
        elif action == "kill_survivor":
            self.survivors[params["survivor"]]["killed"] = True
        elif action == "make_leader":
            for facts in self.survivors.values():
                if facts["controller"] == params["player"]:
                    facts["group_leader"] = None
            self.survivors[params["survivor"]]["group_leader"] = params["player"]
        elif action == "set_die":
            self.dice[params["die"]]["value"] = params["value"]
        elif action == "change_die":
            self.dice[params["die"]]["value"] += params["amount"]
        elif action == "perform":  # a toy table: an attack kills 1 zombie where the survivor stands
            if params["action"] == "attack":
                loc = self.survivors[params["survivor"]]["location"]
                self.zombie_count[loc] -= min(1, self.zombie_count[loc])
        elif action == "take_cards":
            for card in params["cards"]:
                self.cards[card].update(zone="hand", owner=params["player"])
        elif action in ("place_survivor", "move_survivor"):
            self.survivors[params["survivor"]]["location"] = params["location"]
        elif action == "pay" and params["cost"]["op"] == "spend_tokens":
            place = f"supply:{params['player']}"
            self.token_count[(params["cost"]["token"], place)] -= params["cost"]["count"]
        elif action == "pay" and params["cost"]["op"] == "spend_die":
            cost = params["cost"]
            for d, f in self.dice.items():
                if f["owner"] == params["player"] and not f["used"] and f["value"] >= cost["min"]:
                    f["used"] = True
                    break
        return None

    def add_rule(self, node, env):
        self.rules.append((node["op"], env))

    def log(self, event, params, src, private_to=None):
        self.lines.append({"event": event, "params": params, "src": src, "private_to": private_to})
