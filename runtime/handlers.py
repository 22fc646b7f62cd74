"""One handler per statement node: ``HANDLERS[op](interpreter, node, env)``.

Each handler is a generator: it yields a ``Decision`` when a player must choose
and gets the answer back; it returns when the node is done. Its docstring shows
the node shape it consumes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .decisions import AMOUNT, MAY, OPTION, ORDER, TARGETS, VOTE, Decision
from .host import Refused, Told

if TYPE_CHECKING:  # pragma: no cover
    from .interpreter import Env, Gen, Interpreter, Node

    Handler = Callable[[Interpreter, Node, Env], Gen]


def _place(ip: Interpreter, node: Node, env: Env) -> Gen:
    """Where tokens go: location ids, survivor ids, or a player's supply."""
    if node["op"] == "zone":
        owner = ip.zone_owner(node, env) or env.player
        prefix = "bullets" if node["zone"] == "bullet_supply" else "supply"
        if node["zone"] == "bullet_supply" and "owner" in node:
            return [f"bullets:{p}" for p in (yield from ip.targets(node["owner"], env))]
        return [f"{prefix}:{owner}"]
    return (yield from ip.targets(node, env))


def zombies(action: str) -> Handler:
    """{op: kill_zombies|add_zombies|remove_zombies, count, at, instead_of?}"""
    def handler(ip: Interpreter, node: Node, env: Env) -> Gen:
        for loc in (yield from ip.location(node["at"], env)):
            available = ip.host.zombies(loc) if action != "add_zombies" else None
            # "kill 2 zombies instead of 1": the attack the trigger answers killed the 1 already
            n = (yield from ip.count(node["count"], env, available)) - node.get("instead_of", 0)
            if available is not None:
                n = min(n, available)      # no more than are there: a location with none has none to lose
            if n > 0:
                ip.act(action, {"location": loc, "count": n}, node, env)
    handler.__doc__ = (zombies.__doc__ or "").replace("kill_zombies|add_zombies|remove_zombies", action)
    return handler


def h_move_zombies(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: move_zombies, count, from, to}"""
    (src,), (dst,) = (yield from ip.location(node["from"], env)), (yield from ip.location(node["to"], env))
    n = yield from ip.count(node["count"], env, ip.host.zombies(src))
    ip.act("move_zombies", {"source": src, "target": dst, "count": n}, node, env)


def tokens(action: str, key: str) -> Handler:
    """{op: add_tokens|remove_tokens, token, count, to|from, instead_of?}"""
    def handler(ip: Interpreter, node: Node, env: Env) -> Gen:
        for place in (yield from _place(ip, node[key], env)):
            available = ip.host.tokens(node["token"], place) if action == "remove_tokens" else None
            # "place 2 barricades here instead of 1": the barricade action built the 1 already
            n = (yield from ip.count(node["count"], env, available)) - node.get("instead_of", 0)
            if available is not None:
                n = min(n, available)      # no more than are there: a location with none has none to lose
            if n > 0:                      # who adds them: an exiled player's helpless survivors are not added
                extra = {"player": env.player} if action == "add_tokens" else {}
                ip.act(action, {"token": node["token"], "place": place, "count": n, **extra}, node, env)
    return handler


def h_fill_noise(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: fill_noise, at}"""
    for loc in (yield from ip.location(node["at"], env)):
        ip.act("fill_noise", {"location": loc}, node, env)


def morale(sign: int) -> Handler:
    """{op: gain_morale|lose_morale, amount}"""
    def handler(ip: Interpreter, node: Node, env: Env) -> Gen:
        n = yield from ip.count(node["amount"], env)
        ip.act("change_morale", {"player": env.player, "amount": sign * n}, node, env)
    return handler


def h_wound(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: wound, target, count, kind: wound|frostbite}"""
    for survivor in (yield from ip.targets(node["target"], env)):
        n = yield from ip.count(node["count"], env)
        ip.act("wound", {"survivor": survivor, "kind": node["kind"], "count": n}, node, env)


def h_heal(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: heal, target, count, kind: any|wound|frostbite}"""
    for survivor in (yield from ip.targets(node["target"], env)):
        n = yield from ip.count(node["count"], env)
        ip.act("heal", {"survivor": survivor, "kind": node["kind"], "count": n}, node, env)


def on_each(action: str, field: str, param: str) -> Handler:
    """{op: remove_from_game|spread_bite, target|from}"""
    def handler(ip: Interpreter, node: Node, env: Env) -> Gen:
        if action == "remove_from_game" and node[field]["op"] == "named":   # "remove "X" from the game":
            found = ip.named(node[field], anywhere=True)                      # from the survivor deck too
            things = [found] if found is not None else []
        else:
            things = yield from ip.targets(node[field], env)
        for thing in things:
            ip.act(action, {param: thing}, node, env)
    return handler


def h_exposure(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: exposure, target, times}"""
    for survivor in (yield from ip.targets(node["target"], env)):
        for _ in range((yield from ip.count(node["times"], env))):
            yield from ip.exposure(survivor, env, node)


def h_skip_die_raise(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: skip_die_raise}"""
    ip.act("skip_die_raise", {}, node, env)
    return
    yield


def h_skip_exposure(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: skip_exposure}"""
    ip.act("skip_exposure", {}, node, env)
    return
    yield  # a generator like every handler


def relocate(action: str, field: str) -> Handler:
    """{op: place_survivor|move_survivor, target, at|to}"""
    def handler(ip: Interpreter, node: Node, env: Env) -> Gen:
        (loc, *_) = (yield from ip.location(node[field], env)) or [None]
        for survivor in (yield from ip.targets(node["target"], env)):
            ip.act(action, {"survivor": survivor, "location": loc}, node, env)
    return handler


def h_roll(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: roll, die, outcomes: [{op: outcome, min, max, body}]}"""
    value = ip.roll(node["die"])
    env.result = value
    ip.host.log("roll", {"die": node["die"], "result": value}, node.get("pos", {}))
    for outcome in node["outcomes"]:
        if outcome["min"] <= value <= outcome["max"]:
            yield from ip.block(outcome["body"], env)


def _zone(ip: Interpreter, node: Node, env: Env) -> tuple[str, str | None, str | None]:
    """A zone node as (zone, owner, location) when its place is named (see ``Interpreter.zone`` for the rest)."""
    if node["op"] != "zone":
        raise ip.fail(f"expected a pile or deck, got {node['op']!r}")
    location = node.get("location", {}).get("id")
    return node["zone"], ip.zone_owner(node, env), location


def h_draw_cards(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: draw_cards, count, from, to}"""
    zone, owner, location = yield from ip.zone(node["from"], env)
    if location is None and zone in ("item_deck", "location_deck"):      # "an item deck": the player picks one
        decks = [loc for loc in ip.host.things("location") if ip.host.cards_in(zone, None, loc)]
        if len(decks) > 1:
            decks = list((yield Decision(TARGETS, env.player, tuple(decks), 1, 1, prompt="location",
                                         src=node.get("pos", {}))))
        location = decks[0] if decks else None
    n = yield from ip.count(node["count"], env)
    drawn = ip.act("draw_cards", {"zone": zone, "owner": owner, "location": location, "count": n,
                                  "player": env.player}, node, env)
    env.bindings["drawn"] = list(drawn or [])


def _whose(ip: Interpreter, zone: Node, env: Env) -> Gen:
    """'the hand of a player': when several players could be meant, the resolving player picks one first.
    Returns the zone with its owner settled and the environment that binds it."""
    owner = zone.get("owner") if isinstance(zone, dict) else None
    if not owner or owner.get("op") != "select_of" or owner["quantity"]["mode"] != "one" \
            or len(ip.candidates(owner, env)) < 2:
        return zone, env
    picked = yield from ip.targets(owner, env)
    return {**zone, "owner": {"op": "ref", "name": "_whose"}}, env.child(_whose=picked[0])


def _random(filters: list[Node]) -> bool:
    return any(f["op"] == "state" and f["is"] == "random" for f in filters)


def h_take_cards(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: take_cards, count, filters, from, to} — the cards taken are "the taken cards" of the steps after."""
    outer = env
    source, env = yield from _whose(ip, node["from"], env)
    filters = [{**f, "zone": source} if f["op"] == "in_zone" and f["zone"] == node["from"] else f
               for f in node["filters"]]
    zone, owner, location = yield from ip.zone(source, env)
    cards = ip.host.cards_in(zone, owner, location)
    if "top" in source:  # only the top cards are looked through
        cards = cards[:source["top"]]
    pool = [c for c in cards if all(ip.passes(c, f, env) for f in filters)]
    n = yield from ip.count(node["count"], env, len(pool))
    if n >= len(pool):
        picked = pool
    elif _random(filters):                     # "a random card": nobody chooses
        picked = ip.rng.sample(pool, n)
    else:
        picked = list((yield Decision("keep", env.player, tuple(pool), n, n, prompt="take",
                                      src=node.get("pos", {}))))
    ip.act("take_cards", {"zone": zone, "owner": owner, "location": location, "cards": picked,
                          "player": env.player}, node, env)
    outer.bindings["taken"] = list(picked)


#: decks lie face down: what goes into one, and in what order, is seen by the player who puts it there only
FACE_DOWN = ("location_deck", "item_deck", "survivor_deck", "crisis_deck", "crossroads_deck")


def _one_deck(ip: Interpreter, zone: Node, env: Env, node: Node) -> Gen:
    """'an item deck' where one deck is meant (shuffle it, put a card on it): the resolving player picks a
    non-colony location's deck when there are several. Returns the zone with its location settled."""
    if zone.get("op") != "zone" or zone.get("zone") not in ("item_deck", "location_deck") or "location" in zone:
        return zone
    places = [loc for loc in ip.host.things("location") if not ip.host.attr(loc, "colony")]
    if len(places) > 1:
        places = list((yield Decision(TARGETS, env.player, tuple(places), 1, 1, prompt="location",
                                      src=node.get("pos", {}))))
    if not places:
        return zone
    return {**zone, "zone": "location_deck", "location": {"op": "location", "id": places[0]}}


def h_move_cards(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: move_cards, cards, to, position?: top|bottom} — into a pile (on its top) or a hand; with a position,
    on top of or at the bottom of a deck or pile. What goes into a face-down deck is told to the mover only."""
    cards = yield from ip.targets(node["cards"], env)
    to = (yield from _one_deck(ip, node["to"], env, node)) if "position" in node else node["to"]
    zone, owner, location = yield from ip.zone(to, env)
    params = {"cards": cards, "zone": zone, "owner": owner or env.player}
    if location is not None:
        params["location"] = location
    if "position" in node:
        params["position"] = node["position"]
    ip.act("move_cards", params, node, env, private=zone in FACE_DOWN)


def h_shuffle(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: shuffle, zone} — every card of the zone in a new order, drawn from the interpreter's random
    generator; the host sets that order. Nobody sees it: the log says which deck, and how many cards."""
    zone_node = yield from _one_deck(ip, node["zone"], env, node)
    zone, owner, location = yield from ip.zone(zone_node, env)
    cards = list(ip.host.cards_in(zone, owner, location))
    ip.rng.shuffle(cards)
    pos = node.get("pos", {})
    done = ip.host.apply("shuffle", {"zone": zone, "owner": owner, "location": location, "cards": cards}, pos)
    if not ip.told_by_host(done, pos):
        ip.host.log("shuffle", {"player": env.player, "zone": zone, "location": location, "count": len(cards)},
                    pos)


def h_bring_back(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: bring_back, what, to} — what is out of play comes back: dead survivors into play, in the resolving
    player's following (``to`` their following); cards removed from the game into a hand (``to`` a hand)."""
    things = yield from ip.targets(node["what"], env)
    zone, owner, _ = yield from ip.zone(node["to"], env)
    if things:
        ip.act("bring_back", {"things": things, "zone": zone, "player": owner or env.player}, node, env)


def h_give_cards(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: give_cards, cards, to}"""
    cards = yield from ip.targets(node["cards"], env)
    (player, *_) = (yield from ip.targets(node["to"], env)) or [None]
    ip.act("give_cards", {"cards": cards, "player": player}, node, env)


def h_look_at(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: look_at, what, by?} — the viewers are ``by`` (shown to them) or you."""
    what = node["what"]
    for i, f in enumerate(what.get("filters", []) if what["op"] == "select_of" else []):
        if f["op"] == "in_zone":               # "a card in the hand of a player": whose hand is picked first
            zone, env = yield from _whose(ip, f["zone"], env)
            what = {**what, "filters": [*what["filters"][:i], {**f, "zone": zone}, *what["filters"][i + 1:]]}
    if what["op"] == "zone":                   # "the hand of the player to your left", "the top 3 cards of …":
        zone, env = yield from _whose(ip, what, env)            # its cards (whose hand is picked first)
        zone = yield from _one_deck(ip, zone, env, node)
        things = ip.zone_members(zone, env)
    else:
        things = yield from ip.targets(what, env)
    viewers = (yield from ip.targets(node["by"], env)) if "by" in node else [env.player]
    for viewer in viewers:
        ip.host.apply("look_at", {"things": things, "player": viewer}, node.get("pos", {}))
        ip.host.log("look_at", {"player": viewer, "count": len(things)}, node.get("pos", {}))   # which: theirs to know


def h_add_survivor(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: add_survivor, survivor, to} — a following chosen among players ("of a player who …") is asked for."""
    if node["survivor"]["op"] == "named":        # a named survivor comes from out of play (the survivor deck)
        found = ip.named(node["survivor"], anywhere=True)
        survivors = [found] if found is not None else []
    else:
        survivors = yield from ip.targets(node["survivor"], env)
    for survivor in survivors:
        whose = node["to"].get("owner")
        if whose is not None and whose["op"] == "select_of":
            owner = ((yield from ip.targets(whose, env)) or [env.player])[0]
        else:
            owner = ip.zone_owner(node["to"], env) or env.player
        ip.act("add_survivor", {"survivor": survivor, "player": owner}, node, env)


def h_select(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: select, bind, chooser: you|them|random, selector}"""
    chooser = env.bindings.get("each") if node["chooser"] == "them" else None
    picked = yield from ip.targets(node["selector"], env, chooser=chooser)
    env.bindings[node["bind"]] = picked[0] if len(picked) == 1 else picked


def h_change_die(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: change_die, die, amount}"""
    dice = yield from ip.targets(node["die"], env)
    for die in dice:
        ip.act("change_die", {"die": die, "amount": node["amount"]}, node, env)
    if not dice:                       # the log says why nothing happened
        ip.host.log("no_die", {"player": env.player}, node.get("pos", {}))


def h_set_die(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: set_die, die, value?} — with no value the die's owner chooses a face."""
    for die in (yield from ip.targets(node["die"], env)):
        value = node.get("value")
        if value is None:
            owner = ip.host.attr(die, "owner") or env.player
            value = yield Decision(AMOUNT, owner, min=1, max=6, prompt="face", src=node.get("pos", {}))
        ip.act("set_die", {"die": die, "value": value}, node, env)


def h_perform(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: perform, who, action, target?} — the survivor takes the action by the usual rules, without a die
    for it; ``target``: the survivors an attack may be aimed at (else the player picks among what is there)."""
    targets = None
    if "target" in node:
        targets = list((yield from ip.targets(node["target"], env)))
    for survivor in (yield from ip.targets(node["who"], env)):
        extra = {"target": targets} if targets is not None else {}
        ip.act("perform", {"survivor": survivor, "action": node["action"], "player": env.player, **extra}, node, env)


def h_make_leader(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: make_leader, survivor}"""
    for survivor in (yield from ip.targets(node["survivor"], env)):
        ip.act("make_leader", {"survivor": survivor, "player": env.player}, node, env)


def h_reroll_dice(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: reroll_dice, dice}"""
    dice = yield from ip.targets(node["dice"], env)
    for die in dice:
        ip.act("set_die", {"die": die, "value": ip.roll("d6")}, node, env)
    if not dice:                       # the log says why nothing happened
        ip.host.log("no_die", {"player": env.player}, node.get("pos", {}))


def h_spend_dice(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: spend_dice, count}"""
    each = env.bindings.get("each")            # "for each player: move 1 unused action die …": that player's
    who = each if isinstance(each, str) and each in ip.host.things("player") else env.player
    # "all": the player's unused dice, counted (a count the log can tell, not a bound)
    unused = [d for d in ip.host.things("die") if ip.host.attr(d, "owner") == who and not ip.host.attr(d, "used")]
    n = yield from ip.count(node["count"], env, len(unused))
    ip.act("spend_dice", {"player": who, "count": n}, node, env)


def h_damage(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: damage, target, count}"""
    for player in (yield from ip.targets(node["target"], env)):
        n = yield from ip.count(node["count"], env)
        ip.act("damage", {"player": player, "amount": n}, node, env)


def h_reveal_cards(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: reveal_cards, count, from}"""
    zone, owner, location = _zone(ip, node["from"], env)
    n = yield from ip.count(node["count"], env, len(ip.host.cards_in(zone, owner, location)))
    ip.act("reveal_cards", {"zone": zone, "owner": owner, "location": location, "count": n,
                            "player": env.player}, node, env)


def h_arrange(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: arrange, cards: zone with top} — the resolving player looks at the top cards of a deck and puts
    them back in an order of their choice (the first of the answer goes on top)."""
    deck = yield from _one_deck(ip, node["cards"], env, node)        # "an item deck": which one
    zone, owner, location = yield from ip.zone(deck, env)           # "the item deck here" too
    top = ip.host.cards_in(zone, owner, location)[:deck.get("top", 1)]
    if not top:
        return
    ip.host.apply("look_at", {"things": list(top), "player": env.player}, node.get("pos", {}))
    order = top if len(top) == 1 else list((yield Decision(ORDER, env.player, tuple(top), len(top), len(top),
                                                           prompt="arrange", src=node.get("pos", {}))))
    ip.act("arrange", {"zone": zone, "owner": owner, "location": location, "cards": order}, node, env,
           private=True)                        # the new order is the arranging player's to know


def h_combat_strength(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: combat_strength, amount}"""
    ip.act("combat_strength", {"player": env.player, "amount": node["amount"]}, node, env)
    return
    yield


def simple(action: str, field: str | None = None, param: str = "") -> Handler:
    """{op: end_warfare|end_game|skip_warfare|exile_vote|skip_crisis …}"""
    def handler(ip: Interpreter, node: Node, env: Env) -> Gen:
        params: dict[str, Any] = {"player": env.player} if action == "exile_vote" else {}
        if field:
            values = yield from ip.targets(node[field], env) if field != "at" else ip.location(node[field], env)
            params[param] = values[0] if values else None
        ip.act(action, params, node, env)
    return handler


def h_kill_survivor(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: kill_survivor, target, morale?: kept} — each target dies; with ``morale: kept`` ("do not lose
    morale") its death costs the colony no morale."""
    for thing in (yield from ip.targets(node["target"], env)):
        params = {"survivor": thing, **({"morale": "kept"} if node.get("morale") == "kept" else {})}
        ip.act("kill_survivor", params, node, env)


def h_return_crisis(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: return_crisis, where: top|bottom} — the revealed crisis goes back into the crisis deck."""
    ip.act("return_crisis", {"where": node["where"]}, node, env)
    return
    yield


def h_manual(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: manual, key, instruction: {pt, en, vi}, why}"""
    ip.act("manual", {"instruction": node["instruction"], "player": env.player}, node, env)
    return
    yield


# ---- control ----------------------------------------------------------------------------

def h_if(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: if, cond, then, else?}"""
    branch = node["then"] if ip.cond(node["cond"], env) else node.get("else", [])
    yield from ip.block(branch, env)


def _costs(body: list[Node]) -> list[Node]:
    """The costs an option or block must pay first."""
    lead = body[0] if body else {}
    if lead.get("op") == "pay":
        paid: list[Node] = lead["cost"]
        return paid
    return [n for n in body if n.get("op") in COSTS]


def _can_choose(ip: Interpreter, option: Node, env: Env) -> bool:
    """An option you cannot meet (requirement or cost) cannot be chosen."""
    if "requires" in option and not ip.cond(option["requires"], env):
        return False
    return all(feasible(ip, cost, env) for cost in _costs(option["body"]))


# ---- costs: what can be checked before it is done ---------------------------------------------------

#: the nodes a host pays itself (host.can_pay, the host action "pay")
COSTS = ("spend_die", "spend_tokens", "spend_cards")


def resolved(ip: Interpreter, cost: Node, player: str) -> Node:
    """A cost as the host is asked it: "all unused action dice" is the number of them the player has."""
    if cost["op"] == "spend_die" and isinstance(cost["count"], dict) and cost["count"].get("op") == "all_count":
        least = cost.get("min", 1)
        mine = [d for d in ip.host.things("die") if ip.host.attr(d, "owner") == player
                and not ip.host.attr(d, "used") and (ip.host.attr(d, "value") or 0) >= least]
        return {**cost, "count": len(mine)}
    return cost


def _enough(ip: Interpreter, sel: Node, env: Env) -> bool:
    """Whether a description (or a reference, or a name) names as many things as its step needs."""
    op = sel.get("op")
    if op == "ref":
        value = env.bindings.get(sel["name"])
        return bool(value) if isinstance(value, (list, tuple)) else value is not None
    if op == "named":
        return ip.named(sel) is not None
    if op != "select_of":
        return True
    found = len(ip.candidates(sel, env))
    quantity = sel["quantity"]
    need = {"count": quantity.get("n", 1), "at_least": quantity.get("n", 1), "all_but": quantity.get("n", 0) + 1,
            "up_to": 0}.get(quantity["mode"], 1)
    return bool(found >= need)


def _die_can_change(ip: Interpreter, node: Node, env: Env) -> bool:
    """A die raised or lowered by an amount: one of those it may be is still on a face it can leave."""
    sel = node["die"]
    dice = ip.candidates(sel, env) if sel.get("op") == "select_of" else ip.run_now(ip.targets(sel, env))
    return any(1 <= (ip.host.attr(d, "value") or 0) + node["amount"] <= 6 for d in dice)


def _tokens_there(ip: Interpreter, node: Node, env: Env) -> bool:
    if not isinstance(node["count"], int):
        return True
    places = ip.run_now(_place(ip, node["from"], env))
    return sum(ip.host.tokens(node["token"], place) for place in places) >= node["count"]


#: how each step that can be a cost, or tied to another, is checked before it is done
FEASIBLE: dict[str, Callable[..., bool]] = {
    "change_die": _die_can_change,
    "set_die": lambda ip, n, env: _enough(ip, n["die"], env),
    "wound": lambda ip, n, env: _enough(ip, n["target"], env),
    "kill_survivor": lambda ip, n, env: _enough(ip, n["target"], env),
    "lose_morale": lambda ip, n, env: isinstance(n["amount"], int) and ip.host.morale(env.player) >= n["amount"],
    "add_tokens": lambda ip, n, env: True,
    "remove_tokens": _tokens_there,
    "remove_from_game": lambda ip, n, env: _enough(ip, n["target"], env),
    "move_cards": lambda ip, n, env: _enough(ip, n["cards"], env),
    "give_cards": lambda ip, n, env: _enough(ip, n["cards"], env),
}


def feasible(ip: Interpreter, cost: Node, env: Env) -> bool:
    """Whether a cost (or a step tied to others) can be paid now by the player of ``env``, whole."""
    if cost["op"] in COSTS:
        cost = resolved(ip, cost, env.player)
        if cost["op"] == "spend_die" and cost["count"] == 0:
            return False                     # "all unused action dice" when there is none: nothing to pay
        return bool(ip.host.can_pay(cost, env.player))
    check = FEASIBLE.get(cost["op"])
    if check is None:
        raise ip.fail(f"{cost['op']!r} is no step that can be paid")
    return check(ip, cost, env)


def pay(ip: Interpreter, costs: list[Node], env: Env) -> Gen:
    """Pay costs already known to be payable, each run as its statement: a cost the host spends by its
    handler (``h_cost``, through the host action ``pay``), any other step done."""
    for cost in costs:
        yield from ip.stmt(cost, env)


def pay_one(ip: Interpreter, cost: Node, player: str, env: Env) -> Gen:
    """One cost paid by one player. Cards spent are the payer's choice when their hand holds more of the
    kind than the cost takes and they differ (a random card is drawn at random); the host is handed them as
    ``cards``."""
    cost = resolved(ip, cost, player)
    if cost["op"] == "spend_cards" and isinstance(cost["count"], int):
        mine = type(env)(player, env.card, env.bindings, env.result)
        hand = [c for c in ip.host.cards_in("hand", player, None)
                if all(ip.passes(c, f, mine) for f in cost.get("filters", []))]
        n = cost["count"]
        if len(hand) <= n or len({ip.host.attr(c, "name") for c in hand}) == 1:
            chosen = hand[:n]                      # no choice to make: all of them, or copies of one card
        elif _random(cost.get("filters", [])):
            chosen = ip.rng.sample(hand, n)
        else:
            chosen = list((yield Decision(TARGETS, player, tuple(hand), n, n, prompt="spend",
                                          src=cost.get("pos", {}))))
        cost = {**cost, "cards": chosen}
    ip.act("pay", {"cost": cost, "player": player}, cost, env)


def _players_meeting(ip: Interpreter, cond: Node | None, env: Env) -> list[str]:
    """The players (in the host's order) a condition on "they" admits; the exiled are left out."""
    return [p for p in ip.host.things("player") if not ip.host.attr(p, "exiled")
            and (cond is None or ip.cond(cond, env.child(each=p)))]


def _first_player(ip: Interpreter, env: Env) -> str:
    """The first player (who breaks ties), or the resolving player for a host that does not say."""
    return next((p for p in ip.host.things("player") if ip.host.attr(p, "first")), env.player)


def _seats_from(ip: Interpreter, start: str | None) -> list[str]:
    """Every player in seat order (play passes to the left) from ``start`` round the table; from the first
    seat the host lists when ``start`` is none of them."""
    players = list(ip.host.things("player"))
    k = players.index(start) if start in players else 0
    return players[k:] + players[:k]


def _first_seat(ip: Interpreter) -> str | None:
    """The player holding the first player token, if the host says."""
    return next((p for p in ip.host.things("player") if ip.host.attr(p, "first")), None)


def h_choose(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: choose, chooser, options: [{op: option, requires?, body}], by?} — the resolving player (or the
    player ``by`` admits: "the player who controls …") picks one option; options with no effect are offered
    too ("nothing happens")."""
    allowed = [i for i, o in enumerate(node["options"]) if _can_choose(ip, o, env)]
    if not allowed:
        ip.host.log("no_option", {}, node.get("pos", {}))
        return
    who = env.player
    if "by" in node:      # "the player who controls …": when several do, the first player says which of them
        meeting = _players_meeting(ip, node["by"], env)     # (seed 004, Voting: "all ties are broken by the
        if len(meeting) > 1:                                # first player")
            breaker = _first_player(ip, env)
            who = (yield Decision(TARGETS, breaker, tuple(meeting), 1, 1, prompt="who chooses",
                                  src=node.get("pos", {})))[0]
        else:
            who = meeting[0] if meeting else env.player
    pick = allowed[0] if len(allowed) == 1 else \
        (yield Decision(OPTION, who, tuple(allowed), prompt="choose", src=node.get("pos", {})))
    ip.host.log("chose", {"option": pick + 1, "player": who}, node.get("pos", {}))   # numbered as printed
    yield from ip.block(node["options"][pick]["body"], env)


def h_vote(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: vote, options, voters?, players?, breaker?, tied?} — every non-exiled player (or those ``voters``
    admits, a condition on "they", or ``players`` names: "each player with a survivor at the colony") votes
    for an option (thumbs up: option 1, thumbs down: option 2); each vote counts its weight; the most votes
    wins (seed 004, Voting). A tie: ``tied`` happens instead of an option; else the first player ``breaker``
    admits (in seat order from the first player), or the first player, chooses among the tied options."""
    choices = tuple(i for i, o in enumerate(node["options"]) if _can_choose(ip, o, env))
    if not choices:
        ip.host.log("no_option", {}, node.get("pos", {}))
        return
    if "players" in node:
        named = set(ip.pool(node["players"], env))
        voters = [p for p in ip.host.things("player") if p in named and not ip.host.attr(p, "exiled")]
    else:
        voters = _players_meeting(ip, node.get("voters"), env)
    tally = {c: 0 for c in choices}
    for player in voters:
        vote = yield Decision(VOTE, player, choices, prompt="vote", src=node.get("pos", {}))
        weight = ip.host.attr(player, "vote_weight")
        tally[vote] += 1 if weight is None else weight
    top = max(tally.values())
    tied = tuple(c for c in choices if tally[c] == top)
    if len(tied) > 1 and "tied" in node:
        ip.host.log("vote", {"votes": {str(c + 1): n for c, n in tally.items()}, "winner": 0, "voters": voters},
                    node.get("pos", {}))
        yield from ip.block(node["tied"], env)
        return
    if len(tied) == 1:
        pick = tied[0]
    else:
        first = _first_player(ip, env)
        breaker = next((p for p in _seats_from(ip, first) if not ip.host.attr(p, "exiled")
                        and ip.cond(node["breaker"], env.child(each=p))), first) if "breaker" in node else first
        pick = yield Decision(OPTION, breaker, tied, prompt="break the tie", src=node.get("pos", {}))
    ip.host.log("vote", {"votes": {str(c + 1): n for c, n in tally.items()}, "winner": pick + 1, "voters": voters},
                node.get("pos", {}))
    yield from ip.block(node["options"][pick]["body"], env)


def h_optional(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: optional, cost, body, player?, else?} — 'you may'; with a player ('each player may …'), that player
    decides, pays and acts; ``else`` ("if you do not:") happens when the cost cannot be paid or is declined."""
    if "player" in node:
        (who, *_) = (yield from ip.targets(node["player"], env)) or [env.player]
        env = type(env)(who, env.card, dict(env.bindings), env.result)
    if not all(feasible(ip, c, env) for c in node["cost"]):
        yield from ip.block(node.get("else", []), env)
        return
    if not (yield Decision(MAY, env.player, prompt="you may", src=node.get("pos", {}))):
        ip.host.log("declined", {"player": env.player}, node.get("pos", {}))   # the log says why nothing happened
        yield from ip.block(node.get("else", []), env)
        return
    yield from pay(ip, node["cost"], env)
    yield from ip.block(node["body"], env)


def h_pay(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: pay, cost, body, else?} — nothing happens if a cost cannot be paid (or ``else``: "if you cannot:")."""
    if not all(feasible(ip, c, env) for c in node["cost"]):
        ip.host.log("cannot_pay", {}, node.get("pos", {}))
        yield from ip.block(node.get("else", []), env)
        return
    yield from pay(ip, node["cost"], env)
    yield from ip.block(node["body"], env)


def h_tied(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: tied, steps} — steps one sentence ties together: all happen, or none when one of them cannot."""
    if not all(feasible(ip, step, env) for step in node["steps"]):
        ip.host.log("cannot_pay", {}, node.get("pos", {}))
        return
    for step in node["steps"]:
        yield from ip.stmt(step, env)


def h_cost(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: spend_die|spend_tokens|spend_cards, …} — the resolving player pays the cost (if it can be paid):
    every cost of ``pay``, ``optional``, ``together`` and ``offer`` is paid through here, by its payer."""
    if feasible(ip, node, env):
        yield from pay_one(ip, node, env.player, env)     # which cards pay: the player's choice (pay_one)


def h_for_each(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: for_each, bind, selector, body}"""
    for thing in (yield from ip.targets(node["selector"], env)):
        yield from ip.block(node["body"], env.child(**{node["bind"]: thing}))


def h_repeat(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: repeat, body, times?} — any number of times: ask before each go; stop when a cost cannot be paid.
    With ``times`` ("4 times:", "that many times:") the block runs exactly that many times, nobody asked."""
    if "times" in node:                 # a number, or "that many" (the last result)
        for _ in range((yield from ip.count(node["times"], env))):
            yield from ip.block(node["body"], env)
        return
    while True:
        if not all(feasible(ip, c, env) for c in _costs(node["body"])):
            return
        if not (yield Decision(MAY, env.player, prompt="again", src=node.get("pos", {}))):
            return
        yield from ip.block(node["body"], env)


def h_together(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: together, cost: [spend_cards|spend_die …], body, otherwise?} — the players pay a cost between
    them: for each thing the cost names, each non-exiled player, in turn from the resolving player, says how
    many they put in (0 is a refusal); if every thing is reached, each pays their shares and the block
    happens; if not, nothing is spent and ``otherwise`` happens. Nobody is asked for a cost the players
    cannot reach."""
    order = [p for p in _seats_from(ip, env.player) if not ip.host.attr(p, "exiled")]
    needs = [cost["count"] if isinstance(cost["count"], int) else 1 for cost in node["cost"]]
    caps = [{p: max((k for k in range(need, 0, -1) if ip.host.can_pay({**cost, "count": k}, p)), default=0)
             for p in order} for cost, need in zip(node["cost"], needs)]
    shares: list[dict[str, int]] = [{} for _ in node["cost"]]
    if all(sum(cap.values()) >= need for cap, need in zip(caps, needs)):
        for cost, need, cap, share in zip(node["cost"], needs, caps, shares):
            for player in order:
                left = need - sum(share.values())
                if left > 0 and cap[player]:
                    share[player] = yield Decision(AMOUNT, player, min=0, max=min(left, cap[player]),
                                                   prompt="together", src=cost.get("pos", node.get("pos", {})))
    if any(sum(share.values()) < need for share, need in zip(shares, needs)):
        ip.host.log("cannot_pay", {}, node.get("pos", {}))
        yield from ip.block(node.get("otherwise", []), env)
        return
    for cost, share in zip(node["cost"], shares):
        for player, k in share.items():
            if k:                            # each share paid by its payer, through the cost's handler
                yield from ip.stmt({**cost, "count": k}, type(env)(player, env.card, env.bindings, env.result))
    yield from ip.block(node["body"], env)


def h_pot(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: pot, count: up_to|per, filters, taker: most|you|highest_roll} — each non-exiled player, in turn from
    the resolving player, stakes face down up to that many matching cards of their hand (a ``per`` count is
    counted for each of them; how many, then which: only they see their own stake until the reveal); then the
    taker gets every staked card. ``most``: the player who staked the most, the first player choosing among
    those tied (a vote's tie rule, seed 004 Voting); ``highest_roll``: each staker rolls a die per card staked,
    the highest die takes the pot, and those tied for it roll again."""
    start = (_first_seat(ip) or env.player) if node.get("start") == "first" else env.player
    order = [p for p in _seats_from(ip, start) if not ip.host.attr(p, "exiled")]
    face_up = node.get("stakes") == "face_up"
    count = node["count"]           # "up to N": each player says how many of theirs, so no one is asked here
    stakes: dict[str, list[str]] = {}
    for player in order:
        them = type(env)(player, env.card, {**env.bindings, "each": player}, env.result)
        most = count["n"] if isinstance(count, dict) and count.get("op") == "up_to" else \
            (yield from ip.count(count, them))        # "1 for each survivor they control": counted for each
        hand = [c for c in ip.host.cards_in("hand", player, None)
                if all(ip.passes(c, f, env) for f in node["filters"])]
        top = min(most, len(hand))
        n = (yield Decision(AMOUNT, player, min=0, max=top, prompt="stake", src=node.get("pos", {}))) if top else 0
        if n:
            picked = hand[:n] if n == len(hand) else \
                list((yield Decision(TARGETS, player, tuple(hand), n, n, prompt="stake", src=node.get("pos", {}))))
            stakes[player] = picked
            if face_up:                  # in plain view: everyone sees it before the next player stakes
                ip.host.log("staked_face_up", {"player": player, "count": n, "cards": picked}, node.get("pos", {}))
            else:
                ip.host.log("staked", {"player": player, "count": n}, node.get("pos", {}), private_to=player)
    if not stakes:
        return
    for player in order if not face_up else ():       # the reveal: every stake is shown together
        if player in stakes:
            ip.host.log("staked", {"player": player, "count": len(stakes[player])}, node.get("pos", {}))
    taker = env.player
    if node["taker"] == "most":
        best = max(len(c) for c in stakes.values())
        tied = [p for p in order if len(stakes.get(p, ())) == best]
        first = _first_player(ip, env)
        taker = tied[0] if len(tied) == 1 else \
            (yield Decision(TARGETS, first, tuple(tied), 1, 1, prompt="pot_tie", src=node.get("pos", {})))[0]
    if node["taker"] == "highest_roll":      # a die for each card staked; the highest die wins, ties roll again
        rolling = [p for p in order if p in stakes]
        while len(rolling) > 1:
            highest: dict[str, int] = {}
            for p in rolling:
                dice = [ip.roll("d6") for _ in stakes[p]]
                highest[p] = max(dice)
                ip.host.log("pot_roll", {"player": p, "dice": dice}, node.get("pos", {}))
            rolling = [p for p in rolling if highest[p] == max(highest.values())]
        taker = rolling[0]
    cards = [c for p in order for c in stakes.get(p, ())]
    ip.act("take_pot", {"cards": cards, "player": taker}, node, env)


def h_offer(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: offer, cost, body, otherwise?} — "one player may …": each player who is not exiled, in turn order
    from the first player, is asked; the first who agrees pays the cost and does the block, as "they" (the
    binding ``each``), and nobody else is asked. A player who cannot pay the cost, or whose block would put
    away cards of theirs that they do not have, is not asked. When nobody did it, ``otherwise`` happens."""
    for who in _seats_from(ip, _first_seat(ip)):
        if ip.host.attr(who, "exiled"):
            continue
        them = type(env)(who, env.card, {**env.bindings, "each": who}, env.result)
        if not all(feasible(ip, c, them) for c in node["cost"]) or not can_put_away(ip, node["body"], them):
            continue
        if not (yield Decision(MAY, who, prompt="one player may", src=node.get("pos", {}))):
            continue
        ip.host.log("took_offer", {"player": who}, node.get("pos", {}))
        yield from pay(ip, node["cost"], them)
        yield from ip.block(node["body"], them)
        return
    ip.host.log("nobody_did", {}, node.get("pos", {}))
    yield from ip.block(node.get("otherwise", []), env)


def can_put_away(ip: Interpreter, body: list[Node], env: Env) -> bool:
    """Whether the cards the block's first steps move or give (a fuel card in their hand …) are there."""
    for step in body:
        cards = step.get("cards") if step["op"] in ("move_cards", "give_cards") else None
        if cards is None or cards["op"] != "select_of":
            continue
        quantity = cards.get("quantity") or {}
        need = quantity.get("n", 1) if quantity.get("mode") in ("count", "one") else 1
        if len(ip.candidates(cards, env)) < need:
            return False
    return True
def h_each_player(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: each_player, players, body} — each player the description names, in turn from the resolving player,
    resolves the block as its acting player (their hand, their choices; 'they' is bound to them as ``each``)."""
    players = yield from ip.targets(node["players"], env)
    turn = _seats_from(ip, env.player)
    for who in sorted(players, key=lambda p: turn.index(p) if p in turn else len(turn)):
        yield from ip.block(node["body"], type(env)(who, env.card, {**env.bindings, "each": who,
                                                                     "resolver": env.player}, env.result))


def h_equip(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: equip, card, to} — the survivor is chosen first, then each card is equipped to it."""
    (survivor, *_) = (yield from ip.targets(node["to"], env)) or [None]
    if survivor is None:
        return
    for card in (yield from ip.targets(node["card"], env)):
        ip.act("equip", {"card": card, "survivor": survivor, "player": env.player}, node, env)


#: statements that hand a rule to the host to keep rather than do something now
RULES = frozenset({"trigger", "phase", "lasting", "while", "forbid", "exempt", "modify", "replace", "attach",
                   "extra_goal", "copy_abilities", "turn_action", "ignore_roll", "delayed"})


def h_limit(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: limit, per: turn|round|game, body} — a block done at most once per turn, round or game; around
    rules only ("once per round: during their turn, each player may …"), the host keeps the rules with that
    limit on each use of them, rather than a limit on handing them over."""
    if node["body"] and all(n.get("op") in RULES for n in node["body"]):
        yield from h_rule(ip, node, env)
        return
    key = f"{env.card}@{node.get('pos', {}).get('line')}:{node.get('pos', {}).get('col')}:{env.player}"
    allowed = ip.host.apply("use_limit", {"key": key, "per": node["per"]}, node.get("pos", {}))
    if isinstance(allowed, Told):
        allowed = allowed.value
    if allowed and not isinstance(allowed, Refused):
        yield from ip.block(node["body"], env)


def h_rule(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: trigger|phase|lasting|while|forbid|exempt|modify|replace, …} — handed to the host to keep."""
    bound = {**env.bindings, "player": env.player, "card": env.card}
    if _holds_delayed(node):        # "since this card": how many searches each location had when it was made
        bound["since"] = {loc: ip.host.attr(loc, "searches") or 0 for loc in ip.host.things("location")}
    ip.host.add_rule(node, bound)
    return
    yield


def _holds_delayed(node: Node) -> bool:
    """Whether a rule is, or keeps inside it, a block for the next round ('at the end of the next round:')."""
    if node.get("op") == "delayed":
        return True
    return any(_holds_delayed(n) for n in node.get("body", ()) if isinstance(n, dict))


def offer_ignore(ip: Interpreter, face: str, survivor: str, src: dict[str, Any]) -> Gen:
    """An exposure die showed ``face``: while an 'any player may spend … to ignore a bitten result' rule
    holds (a host lists its costs through the optional ``ignore_offers(face)`` hook), each player who can
    pay is asked in turn from the first player, clockwise (seed 004: the first player settles what happens
    at once); the first who pays has the result ignored. Returns whether it was."""
    from .env import Env
    hook = getattr(ip.host, "ignore_offers", None)
    offers = hook(face) if hook is not None else []
    if not offers:
        return False
    for cost in offers:
        for player in _seats_from(ip, _first_seat(ip)):
            if not all(ip.host.can_pay(c, player) for c in cost):
                continue
            if (yield Decision(MAY, player, prompt="ignore result", src=src)):
                for c in cost:     # each cost paid through its statement's handler, by that player (pay_one asks
                    yield from ip.stmt(c, Env(player))          # which cards pay)
                ip.host.log("ignored", {"face": face, "survivor": survivor, "player": player}, src)
                return True
    return False


def h_attach(ip: Interpreter, node: Node, env: Env) -> Gen:
    """{op: attach, card, to, body}: the card in play that ``card`` names (``this_card``, the host's id of the
    physical card) lies beside the survivor."""
    named = node["card"]
    if named.get("op") == "ref" and named.get("name") not in env.bindings:    # a host that binds no this_card:
        card = env.card                                                       # the card's own id, as before
    else:
        (card, *_) = (yield from ip.targets(named, env)) or [env.card]
    (survivor, *_) = (yield from ip.targets(node["to"], env)) or [None]
    ip.act("attach", {"card": card, "survivor": survivor}, node, env)
    ip.host.add_rule(node, {**env.bindings, "player": env.player, "card": env.card, "attached_to": survivor})


HANDLERS = {
    "kill_zombies": zombies("kill_zombies"), "add_zombies": zombies("add_zombies"),
    "remove_zombies": zombies("remove_zombies"), "move_zombies": h_move_zombies,
    "add_tokens": tokens("add_tokens", "to"), "remove_tokens": tokens("remove_tokens", "from"),
    "fill_noise": h_fill_noise, "gain_morale": morale(1), "lose_morale": morale(-1), "wound": h_wound,
    "heal": h_heal, "kill_survivor": h_kill_survivor,
    "remove_from_game": on_each("remove_from_game", "target", "thing"),
    "spread_bite": on_each("spread_bite", "from", "survivor"), "exposure": h_exposure,
    "skip_exposure": h_skip_exposure, "skip_die_raise": h_skip_die_raise, "place_survivor": relocate("place_survivor", "at"),
    "move_survivor": relocate("move_survivor", "to"), "roll": h_roll, "draw_cards": h_draw_cards,
    "take_cards": h_take_cards, "move_cards": h_move_cards, "give_cards": h_give_cards, "look_at": h_look_at,
    "add_survivor": h_add_survivor, "select": h_select, "change_die": h_change_die,
    "reroll_dice": h_reroll_dice, "spend_dice": h_spend_dice, "combat_strength": h_combat_strength,
    "damage": h_damage, "reveal_cards": h_reveal_cards, "set_die": h_set_die, "perform": h_perform,
    "make_leader": h_make_leader, "arrange": h_arrange, "shuffle": h_shuffle, "bring_back": h_bring_back,
    "skip_crisis": simple("skip_crisis"), "return_crisis": h_return_crisis,
    "end_warfare": simple("end_warfare"), "skip_warfare": simple("skip_warfare", "at", "location"),
    "exile_vote": simple("exile_vote", "target", "target"), "end_game": simple("end_game"),
    "fail_objective": simple("fail_objective"), "offer": h_offer,
    "attach": h_attach, "manual": h_manual,
    "if": h_if, "choose": h_choose, "vote": h_vote, "optional": h_optional, "for_each": h_for_each, "each_player": h_each_player, "equip": h_equip,
    "pay": h_pay, "tied": h_tied, "limit": h_limit, "repeat": h_repeat, "together": h_together, "pot": h_pot, "copy_abilities": h_rule,
    "spend_die": h_cost, "spend_tokens": h_cost, "spend_cards": h_cost,
    "trigger": h_rule, "phase": h_rule, "lasting": h_rule, "while": h_rule, "forbid": h_rule,
    "exempt": h_rule, "modify": h_rule, "replace": h_rule, "extra_goal": h_rule,
    "turn_action": h_rule, "ignore_roll": h_rule, "delayed": h_rule,
}
