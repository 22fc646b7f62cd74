"""Bind a parsed effect text: statements, headers, subjects, conditions, events.

``Binder.effect`` turns an AST block into effect-tree nodes, collecting one
``BindError`` per broken statement and carrying on, so a card with three mistakes
reports three diagnostics.
"""
from __future__ import annotations

from dow.dsl import ast as A

from . import author_families, families, turns
from .catalogue import ACTIONS
from .diagnostics import did_you_mean
from .messages import M
from .phrases import BindError, P, Reader, used
from .resolve import COST_OPS, HEADER_WORDS, VERBS, _count_and_noun, verb_roll, verb_takes
from .bind_events import EventBinding
from .scope import Scope
from .vocab import verb_base

DIE_FACES = {"d6": 6, "exposure": 12, "combat": 12}
CMP_OPS = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "=": "eq", "!=": "ne"}
ACTION_WORDS = {"move": "move", "search": "search", "attack": "attack", "barricade": "barricade",
                "clean": "clean_waste", "attract": "attract", "use": "use_ability", "play": "play_card",
                "vote": "vote", "request": "request", "spend": "spend_food", "add": "add_to_crisis"}
#: words that may follow an action a rule forbids: "use its ability", "play a card"
OBJECT_WORDS = {"use_ability": ("its", "their", "the", "ability", "abilities"),
                "play_card": ("a", "any", "card", "cards"),
                "add_to_crisis": ("a", "any", "card", "cards", "to", "the", "crisis")}
DURATION_WORDS = {("the", "game"): "game", ("this", "turn"): "turn", ("the", "turn"): "turn",
                  ("this", "round"): "round", ("the", "round"): "round", ("the", "next", "round"): "next_round",
                  ("this", "warfare"): "warfare", ("the", "colony", "warfare"): "warfare", ("this", "action"): "action",
                  ("this", "colony", "warfare"): "warfare"}
SUBJECT_VERBS = ("cannot", "does not", "receives", "gives", "counts as", "needs", "looks at", "rolls", "pays",
                 "attacks", "searches", "removes … from the waste pile", "loses … for every", "also wins if",
                 "also requires that")
#: "this survivor attacks": a survivor takes an action (the perform node)
PERFORM_WORDS = {"attack": "attack", "search": "search", "barricade": "barricade", "clean": "clean_waste",
                 "attract": "attract"}


class Binder(EventBinding):
    """Turns AST statements into effect nodes within a scope; collects errors."""

    def __init__(self, scope: Scope):
        self.scope = scope
        self.errors: list[BindError] = []
        self.later = False          # inside 'at the end of the next round:' ("since this card" counts from it)

    # ---- blocks ------------------------------------------------------------------
    def effect(self, block: A.Block) -> list[dict]:
        """Bind a whole effect text."""
        return self.block(block)

    def block(self, block: A.Block, expect: str = "") -> list[dict]:
        """Bind statements in order; ``expect`` is 'options' or 'outcomes' inside those headers."""
        out: list[dict] = []
        for stmt in block.stmts:
            try:
                self.check_placement(stmt, expect)
                if families.nobody_does(stmt):          # "if nobody does:" after "one player may …"
                    families.fold_nobody_does(self, out, stmt)
                    continue
                families.fold_keep_morale(out, self.stmt(stmt))
            except BindError as err:
                self.errors.append(err)
        return out

    def check_placement(self, stmt, expect: str) -> None:
        """Options only under 'choose one:' or 'vote:', outcomes only under 'roll a die:'."""
        if isinstance(stmt, A.Option) and expect != "options":
            raise BindError("S001", M("S001.option-outside"), stmt.pos, hint=M("hint.open-choice"))
        if isinstance(stmt, A.Outcome) and expect != "outcomes":
            raise BindError("S004", M("S004.outcome-outside"), stmt.pos, hint=M("hint.open-roll"))
        if expect and not isinstance(stmt, (A.Option, A.Outcome)):
            if expect == "options":
                raise BindError("S001", M("S001.only-options"), stmt.pos, expected=M("expected.option"))
            raise BindError("S004", M("S004.only-outcomes"), stmt.pos, expected=M("expected.outcome"))

    def stmt(self, stmt) -> list[dict]:
        """Bind one statement into one or more nodes."""
        if isinstance(stmt, A.Sentence):
            return self.sentence(stmt)
        if isinstance(stmt, A.If):
            return [self.if_(stmt)]
        if isinstance(stmt, A.While):
            return [{"op": "while", "cond": self.cond(stmt.cond), "body": self.sub(stmt.body), "pos": P(stmt.pos)}]
        if isinstance(stmt, A.May):
            return [self.may(stmt.cost, stmt.body, stmt.pos)]
        if isinstance(stmt, A.Header):
            return [self.header(stmt)]
        if isinstance(stmt, A.Option):
            requires = self.cond(stmt.requires) if stmt.requires is not None else None
            node = {"op": "option", "body": self.sub(stmt.body), "pos": P(stmt.pos)}
            if requires is not None:
                node["requires"] = requires
            return [node]
        if isinstance(stmt, A.Outcome):
            lo, hi = self.range(stmt.range)
            return [{"op": "outcome", "min": lo, "max": hi, "body": self.sub(stmt.body), "pos": P(stmt.pos)}]
        raise AssertionError(f"unknown statement {type(stmt).__name__}")

    def sub(self, block: A.Block, expect: str = "", scope: Scope | None = None) -> list[dict]:
        """Bind a nested block in a child scope (bindings made inside stay inside)."""
        outer = self.scope
        self.scope = scope or outer.child()
        try:
            return self.block(block, expect)
        finally:
            self.scope = outer

    def sentence(self, s: A.Sentence) -> list[dict]:
        """Bind a sentence; 'you may' sentences become one optional node."""
        if families.nothing_happens(s):
            return []
        nodes = [self.clause(c) for c in s.clauses]
        if not s.may:
            return nodes
        cost = [n for n in nodes if n["op"] in COST_OPS]
        body = [n for n in nodes if n["op"] not in COST_OPS]
        return [{"op": "optional", "cost": cost, "body": body, "pos": P(s.pos)}]

    def may(self, cost_clauses, body: A.Block, pos: A.Pos) -> dict:
        """'you may [COST]:' block."""
        cost = [self.cost(c) for c in cost_clauses]
        return {"op": "optional", "cost": cost, "body": self.sub(body), "pos": P(pos)}

    def cost(self, clause: A.Clause) -> dict:
        """A clause that must be a cost (spend …)."""
        node = self.clause(clause)
        if node["op"] not in COST_OPS:
            raise BindError("T002", M("T002.not-a-cost", word=clause.words[0].text), clause.pos,
                            expected="'spend an action die of N or more', 'spend 2 food', 'spend 3 fuel cards'",
                            hint=M("hint.sentence-not-header", word=clause.words[0].lower),
                            width=clause.words[0].width)
        return node

    def if_(self, stmt: A.If) -> dict:
        """if / otherwise if / otherwise."""
        node = {"op": "if", "cond": self.cond(stmt.cond), "then": self.sub(stmt.then), "pos": P(stmt.pos)}
        if isinstance(stmt.otherwise, A.If):
            node["else"] = [self.if_(stmt.otherwise)]
        elif isinstance(stmt.otherwise, A.Block):
            node["else"] = self.sub(stmt.otherwise)
        return node

    # ---- clauses -------------------------------------------------------------------
    def clause(self, c: A.Clause) -> dict:
        """An imperative clause ('kill 3 zombies here') or a subject clause ('this survivor cannot move')."""
        first = c.words[0]
        verb = first.lower
        if first.kind == "word" and verb == "arrange":
            return families.arrange(self, c)
        if [w.lower for w in c.words[:4]] == ["each", "player", "may", "stake"]:   # a pot needs its block
            last = c.words[-1]
            raise BindError("T002", M("T002.pot-taker"), first.pos, expected=M("expected.pot-block"),
                            width=last.pos.col + len(last.text) - first.pos.col if last.pos.line == first.pos.line
                            else first.width)
        if turns.is_ignore_roll(c):        # "any player may spend a medicine card to ignore a bitten result …"
            return turns.ignore_roll(self, c)
        if first.kind == "word" and verb in ("one", "a") and families.offer_start(Reader(c, self.scope)):
            return families.offer(self, Reader(c, self.scope), P(c.pos), None)   # "one player may put …"
        if first.kind == "word" and verb in VERBS:
            r = Reader(c, self.scope)
            r.take()
            node = VERBS[verb](r, self, first)
            r.leftover(verb, M("expected.words", words=verb_takes(verb)))  # the verb's forms: effect-language words
            if node["op"] == "exposure":    # "the result is blank" may follow
                self.scope.face = True
            return node
        if verb == "this":
            author_families.not_a_move(c)   # "this is not a move": 'place … at …' says it
        if first.kind == "name" or verb in ("this", "that", "the", "each", "every", "your", "it", "he", "she",
                                            "they", "a", "an", "all", "you", "any"):
            return self.subject_clause(c)
        known = list(VERBS) + [h.split()[0] for h in HEADER_WORDS]
        hint = M("hint.count-first") if first.kind == "int" else ""  # "4 times:": a count cannot lead
        if verb == "on":  # "on a result of 3 or lower, lose 1 morale": an outcome outside its roll
            hint = M("hint.outcome-form")
        raise BindError("N001", M("N001.unknown-action", word=first.text), first.pos,
                        expected=M("expected.action"),
                        hint=hint or did_you_mean(verb, known) or M("hint.see-actions"),
                        width=first.width)

    def default_subject(self, w: A.Word) -> dict:
        """Whom 'roll for exposure' means when no survivor is named: the card's own or the moved one."""
        for name in ("self", "moved", "chosen", "each"):
            if name in self.scope.bindings:
                return {"op": "ref", "name": name, "kind": "survivor", "pos": P(w.pos)}
        raise BindError("T003", M("T003.exposure-whom"), w.pos,
                        expected="'roll for exposure on the moved survivor'", width=w.width)

    def subject_clause(self, c: A.Clause) -> dict:
        """Continuous rules and effects with a subject: cannot, does not roll, receives, counts as …"""
        r = Reader(c, self.scope)
        subject = self.scope.target(r.noun_phrase(allow_at=True, what="who or what"))
        pos = P(c.pos)
        r.accept("must")
        if r.accept("also", "wins", "if") or r.accept("also", "win", "if"):
            return self.extra_goal("win", r, pos)
        if r.accept("also", "requires", "that") or r.accept("also", "requires"):
            return self.extra_goal("require", r, pos)
        if (node := families.objective_fails(r, subject, pos)) is not None:   # "the main objective fails"
            r.leftover("fails", "nothing more")
            return node
        if r.accept("cannot") or r.accept("can", "not"):
            return self.forbid(r, subject, pos)
        if (r.accept("does", "not") or r.accept("do", "not") or r.accept("no", "longer", "has", "to")
                or r.accept("no", "longer", "have", "to") or r.accept("no", "longer")):
            return self.exempt(r, subject, pos)
        if r.accept("is", "ignored", "when", "a", "bite", "spreads"):
            return {"op": "exempt", "who": subject, "from": "bite_spread", "pos": pos}
        w = r.peek()
        if w is None:
            raise r.error_end("what it does: 'cannot move', 'receives 1 wound', 'counts as 2 votes' …")
        if (node := author_families.each_player(self, r, subject, w, pos)) is not None:
            return node                 # "each player draws 1 card from the grocery store deck."
        verb = verb_base(r.take().lower)
        node = self.subject_verb(r, verb, w, subject, pos)
        r.leftover(w.text, "nothing more")
        return node

    def subject_verb(self, r: Reader, verb: str, w: A.Word, subject: dict, pos: list) -> dict:
        """The verb of a subject clause."""
        author_families.refuse_subject_verb(r, verb, w, subject)  # "each player gives a card …": what it can say
        if verb == "receive":
            count, ph = _count_and_noun(r, "wounds")
            if ph.sub not in ("wound", "frostbite"):
                raise BindError("T001", M("T001.receives-wounds"), ph.pos,
                                expected="'1 wound' or 'a frostbite wound'")
            return {"op": "wound", "target": subject, "count": count, "kind": ph.sub, "pos": pos}
        if verb in ("give", "add"):
            amount = r.count(default=None)
            r.expect("combat", "strength", what="'combat strength'")
            return self.modify("combat_strength", subject, amount, "set", r, pos)
        if verb == "count":
            r.expect("as")
            amount = r.count(default=None)
            r.accept("votes") or r.accept("vote")
            if subject.get("kind") == "vote":  # "your vote counts as 2": the voter is you
                subject = {"op": "you", "pos": subject["pos"]}
            node = self.modify("vote_weight", subject, amount, "set", r, pos)
            if r.accept("except", "in", "exile", "votes") or r.accept("except", "in", "an", "exile", "vote"):
                node["except"] = "exile_vote"
            return node
        if verb == "can" and r.accept("be", "used"):  # "the chosen card can be used 2 times per round"
            amount = r.count(default=None)
            if r.accept("twice"):
                amount = 2
            else:
                r.expect("times", what="'times'")
            r.expect("per", "round", what="'per round'")
            return self.modify("uses_per_round", subject, amount, "set", r, pos)
        if verb == "need":
            amount = r.count(default=None)
            r.expect("wounds", what="'wounds'")
            r.expect("to", "die", what="'to die'")
            return self.modify("wounds_to_kill", subject, amount, "set", r, pos)
        if verb in PERFORM_WORDS and (r.done() or (verb == "clean" and r.at("waste"))):
            r.accept("waste")  # "this survivor attacks", "the chosen survivor cleans waste"
            families.check_performable(PERFORM_WORDS[verb], w)
            return {"op": "perform", "who": subject, "action": PERFORM_WORDS[verb], "pos": pos}
        if verb == "have" and (node := families.crisis_has_no_effect(r, subject, pos)) is not None:
            return node        # "the crisis has no effect this round"
        if verb == "have" and r.accept("the", "abilities", "of"):  # "this survivor has the abilities of …"
            source = self.scope.target(r.noun_phrase(allow_at=True, what="whose abilities"))
            return {"op": "copy_abilities", "who": subject, "from": source, "pos": pos}
        if verb == "remove":  # "… removes 5 cards from the waste pile instead of 3" (a clean waste action)
            amount = r.count(default=None)
            r.accept("additional") or r.accept("extra") or r.accept("more")
            r.accept("cards") or r.accept("card")
            r.expect("from", "the", "waste", "pile", what="'from the waste pile'")
            r.accept("when", "cleaning", "waste")
            return self.modify("clean_waste_cards", subject, amount, "set", r, pos)
        if verb == "lose" and r.peek() is not None and r.peek().kind == "int" and r.at(r.text(), "morale", "for"):
            r.i += 3  # "the colony loses 1 morale for every 15 cards in the waste pile instead of 10"
            r.expect("every", what="'every'")
            amount = r.count(default=None)
            r.accept("cards") or r.accept("card")
            r.expect("in", "the", "waste", "pile", what="'in the waste pile'")
            return self.modify("waste_limit", subject, amount, "set", r, pos)
        if verb == "look" and r.at("at") and r.peek(1) is not None and r.peek(1).kind == "int" and \
                r.text(2) in ("card", "cards") and r.at("at", r.text(1), r.text(2), "when", "making", "noise"):
            r.i += 1  # "this survivor looks at 3 cards when making noise instead of 1"
            amount = r.count(default=None)
            r.i += 4
            return self.modify("noise_cards", subject, amount, "set", r, pos)
        if verb == "look":
            r.expect("at")
            stat = "search_keep" if (r.accept("and", "keep") or r.accept("and", "keeps")) else "search_cards"
            amount = r.count(default=None)
            r.accept("additional") or r.accept("extra") or r.accept("more")
            r.accept("cards") or r.accept("card")
            r.accept("when", "searching") or r.accept("when", "performing", "a", "search")
            return self.modify(stat, subject, amount, "add", r, pos)
        if verb == "roll":
            amount = r.count(default=None)
            if r.accept("fewer") or r.accept("less"):
                amount = -amount if isinstance(amount, int) else amount
            r.accept("additional") or r.accept("extra") or r.accept("more")
            r.expect("action", what="'action dice'")
            r.accept("dice") or r.accept("die")
            return self.modify("action_dice", subject, amount, "add", r, pos)
        if verb == "pay":
            amount = r.count(default=None)
            r.accept("additional") or r.accept("extra") or r.accept("more")
            r.expect("food", what="'food'")
            return self.modify("food_cost", subject, amount, "add", r, pos)
        raise BindError("N001", M("N001.not-subject-verb", word=w.text), w.pos,
                        expected=", ".join(f"'{v}'" for v in SUBJECT_VERBS),
                        hint=author_families.subject_hint(r, verb, w, subject) or did_you_mean(w.lower, ["cannot", "receives", "gives", "counts", "needs", "looks",
                                                    "rolls", "pays", "does"]), width=w.width)

    def extra_goal(self, kind: str, r: Reader, pos: list) -> dict:
        """'the colony also wins if COND' / 'the main objective also requires that COND' (COND may join
        tests with 'and' or with 'or', not both)."""
        words = r.words[r.i:]
        r.i = len(r.words)
        if not words:
            raise r.error_end("a condition")
        joins = {w.kind for w in words if w.kind in ("and", "or")}
        if len(joins) > 1:
            w = next(w for w in words if w.kind == "or")
            raise BindError("T002", M("T002.and-or"), w.pos,
                            expected="tests joined by 'and' only, or by 'or' only", width=w.width)
        parts, current = [], []
        for w in words:
            if w.kind in ("and", "or"):
                parts.append(current)
                current = []
            else:
                current.append(w)
        parts.append(current)
        tests = [self.test(A.Clause(tuple(p), p[0].pos)) for p in parts if p]
        cond = tests[0] if len(tests) == 1 else {"op": "all" if "and" in joins else "any", "items": tests, "pos": pos}
        return {"op": "extra_goal", "kind": kind, "cond": cond, "pos": pos}

    def modify(self, stat: str, subject: dict, amount, mode: str, r: Reader, pos: list) -> dict:
        """A 'modify' rule, with an optional 'instead of N'."""
        if not isinstance(amount, int):
            raise BindError("T003", M("T003.rule-needs-number"), r.here_pos(), expected=M("expected.number"))
        node = {"op": "modify", "stat": stat, "who": subject, "value": amount, "mode": mode, "pos": pos}
        if r.accept("instead", "of"):
            n = r.number()
            if n is None:
                raise BindError("T003", M("T003.number-after-instead"), r.here_pos(), expected=M("expected.number"))
            node["instead_of"] = n
        return node

    def forbid(self, r: Reader, subject: dict, pos: list) -> dict:
        """'X cannot move or search [unless COND]', 'cannot move to/away from PLACE', 'cannot play food cards'."""
        actions, place = [], {}
        while not r.done() and not r.at("unless"):
            w = r.take()
            if w.kind in ("or", "and", "comma"):
                continue
            action = ACTION_WORDS.get(verb_base(w.lower))
            if actions and actions[-1] == "move" and w.lower in ("to", "from", "away"):  # "move to the library"
                side = "to" if w.lower == "to" else "from"
                if w.lower == "away":
                    r.expect("from", what="'away from'")
                node_place = self.scope.location(r.noun_phrase(allow_at=False, what="a location"))
                place[side] = node_place
                continue
            if actions and actions[-1] == "play_card" and action is None and w.lower not in OBJECT_WORDS["play_card"]:
                r.i -= 1  # "play food cards": which cards
                cards = r.noun_phrase(allow_at=False, what="which cards")
                if cards.kind != "card":
                    raise BindError("T001", M("T001.forbid-cards", thing=cards.describe()), cards.pos,
                                    expected="cards, such as 'food cards'", width=cards.first.width)
                if (cards.ref or cards.mode == "ref") and not cards.filters:   # "you cannot play the chosen card"
                    place["card"] = self.scope.target(cards)
                    continue
                if cards.ref or cards.mode in ("ref", "this", "that", "named") or any(
                        f["op"] != "card_type" for f in cards.filters):   # otherwise a rule bars kinds of cards
                    raise BindError("T001", M("T001.forbid-card-kinds"), cards.pos,
                                    expected="cards, such as 'food cards'", width=cards.first.width)
                place["cards"] = used(cards).filters  # the cards' kind was checked; their filters stay
                continue
            if action is None:
                if actions and w.lower in OBJECT_WORDS.get(actions[-1], ()):  # "use its ability", "play a card"
                    continue
                durations = ("for", "during", "this", "turn", "round", "rest", "remainder", "until")
                hint = M("hint.duration-block") if w.lower in durations else did_you_mean(w.lower, ACTION_WORDS)
                raise BindError("N001", M("N001.not-forbiddable", word=w.text), w.pos,
                                expected=M("expected.words", words=", ".join(sorted(ACTION_WORDS))), hint=hint,
                                width=w.width)
            if action not in actions:
                actions.append(action)
        if not actions:
            raise r.error_end("an action such as 'move' or 'search'")
        node = {"op": "forbid", "who": subject, "actions": actions, "pos": pos, **place}
        if r.accept("unless"):
            node["unless"] = self.test(A.Clause(r.words[r.i:], r.here_pos()))
            r.i = len(r.words)
        return node

    def exempt(self, r: Reader, subject: dict, pos: list) -> dict:
        """'X does not roll for exposure [when moving or attacking]'."""
        r.accept("roll") or r.accept("rolls")
        r.expect("for", "exposure", what="'roll for exposure'")
        node = {"op": "exempt", "who": subject, "from": "exposure", "pos": pos}
        if r.accept("when") or r.accept("while"):
            words = []
            while not r.done():  # "when moving from the colony to the hospital": a route
                if words and words[-1] == "move" and r.at("from"):
                    r.i += 1
                    node["origin"] = self.scope.location(r.noun_phrase(allow_at=False, what="a location"))
                    continue
                if words and words[-1] == "move" and r.at("to"):
                    r.i += 1
                    node["destination"] = self.scope.location(r.noun_phrase(allow_at=False, what="a location"))
                    continue
                if words and words[-1] == "attack" and (r.at("zombies", "at", "entrance") or
                                                        r.at("a", "zombie", "at", "entrance")):
                    families.attack_at_entrance(self, r, node)   # "attacking zombies at entrance 1 of the colony"
                    continue
                w = r.take()
                if w.kind == "word":
                    words.append(ACTION_WORDS.get(verb_base(w.lower), verb_base(w.lower)))
            node["when"] = words
            bad = [a for a in node["when"] if a not in ACTIONS]
            if bad:
                raise BindError("N001", M("N001.not-an-action", word=bad[0]), r.here_pos(),
                                expected=M("expected.words", words=", ".join(ACTIONS)))
            r.i = len(r.words)
        return node

    # ---- headers -------------------------------------------------------------------
    def header(self, h: A.Header) -> dict:
        """A block opened by a header line: choice, vote, roll, limit, trigger, duration, loop, cost …"""
        c0 = h.clauses[0]
        r = Reader(c0, self.scope)
        pos = P(h.pos)
        if len(h.clauses) == 1:
            if r.accept("choose", "one") and r.done():
                return {"op": "choose", "chooser": "you", "options": self.options(h, "choose"), "pos": pos}
            if r.accept("vote") and r.done():
                return {"op": "vote", "options": self.options(h, "vote"), "pos": pos}
            if r.at("roll") and not r.at("roll", "for"):
                r.take()
                node = verb_roll(r, self, c0.words[0])
                r.leftover("roll", "nothing more before ':'")
                inner = self.scope.child()
                inner.result = True
                node["outcomes"] = self.sub(h.body, "outcomes", inner)
                top = DIE_FACES[node["die"]]
                for outcome in node["outcomes"]:
                    outcome["max"] = min(outcome["max"], top) if outcome["max"] == 99 else outcome["max"]
                self.scope.result = True
                return node
            if families.offer_start(r):               # "one player may:" / "a single player may spend 2 food:"
                return families.offer(self, r, pos, h.body)
            if r.at("each", "player", "may", "stake"):  # a pot: "each player may stake up to 2 food cards:"
                return families.pot(self, h, r, pos)
            if r.at("each", "player", "may") or r.at("each", "other", "player", "may") or (
                    r.at("the", "player", "who", "controls") and any(w.lower == "may" for w in r.words)):
                return self.each_player_may(h, r, pos)  # also "the player who controls "Forest Plum" may:"
            if r.accept("once", "per"):
                per = r.take()
                if per.lower not in ("turn", "round", "game"):
                    raise BindError("T002", M("T002.not-a-limit", word=per.text), per.pos,
                                    expected="'turn', 'round' or 'game'", width=per.width)
                r.leftover("once per", "nothing more before ':'")
                return {"op": "limit", "per": per.lower, "body": self.sub(h.body), "pos": pos}
            if r.text() in ("when", "after", "before"):
                timing = r.take().lower
                inner = self.scope.child()
                event = self.event(r, inner)
                return {"op": "trigger", "timing": timing, "event": event, "body": self.sub(h.body, scope=inner),
                        "pos": pos}
            if turns.is_delayed(r):          # "at the end of the next round:": once
                return turns.delayed(self, h, r, pos)
            if r.at("at", "the", "start", "of") or r.at("at", "the", "end", "of"):
                return self.phase(r, h, pos)
            if r.at("for", "this", "action") and len(c0.words) == 3:
                r.i += 1
                return {"op": "lasting", "duration": self.duration(r), "body": self.sub(h.body), "pos": pos}
            if turns.is_turn_action(r):      # "during their turn, each player may spend a card:"
                return turns.turn_action(self, h, r, pos)
            if r.accept("for", "the", "rest", "of") or r.accept("until", "the", "end", "of") or r.accept("during"):
                return {"op": "lasting", "duration": self.duration(r), "body": self.sub(h.body), "pos": pos}
            if r.accept("for", "each", "of"):          # "for each of the drawn cards:": one go per card
                ph = r.noun_phrase(allow_at=False, what="what to do it for, such as 'the drawn cards'")
                r.leftover("for each of", "nothing more before ':'")
                inner = self.scope.child()
                target = self.scope.target(ph)
                inner.bind("each", target.get("kind") or ph.kind or "card")
                return {"op": "for_each", "bind": "each", "selector": target,
                        "body": self.sub(h.body, scope=inner), "pos": pos}
            if r.accept("for", "each"):
                r.i -= 1
                ph = r.noun_phrase(allow_at=True, what="what to do it for")
                r.leftover("for each", "nothing more before ':'")
                inner = self.scope.child()
                inner.bind("each", ph.kind or "survivor")
                return {"op": "for_each", "bind": "each", "selector": self.scope.target(ph),
                        "body": self.sub(h.body, scope=inner), "pos": pos}
            if r.at("each", "player", "who", "controls") and r.words[-1].lower == "votes":
                return families.vote_among(self, h, r, pos)
            if r.at("the", "players", "may", "together") or r.at("together", "the", "players", "may"):
                return families.together(self, h, r, pos)
            if r.peek() is not None and r.peek().kind == "int" and r.text(1) == "times" and len(c0.words) == 2:
                times = int(r.take().text)
                r.take()                                    # the word 'times'
                return {"op": "repeat", "times": times, "body": self.sub(h.body), "pos": pos}
            if r.at("that", "many", "times") and len(c0.words) == 3:   # "that many times:": the last result
                times = r.times()
                return {"op": "repeat", "times": times, "body": self.sub(h.body), "pos": pos}
            if r.accept("any", "number", "of", "times"):
                r.leftover("any number of times", "nothing more before ':'")
                return {"op": "repeat", "body": self.sub(h.body), "pos": pos}
            if r.accept("instead", "of"):
                inner = self.scope.child()
                return {"op": "replace", "event": self.event(r, inner), "body": self.sub(h.body, scope=inner),
                        "pos": pos}
            if r.accept("attach"):
                card = self.scope.target(r.noun_phrase(allow_at=False, what="'this card'"))
                r.expect("to")
                to = self.scope.target(r.noun_phrase(allow_at=True, what="a survivor"))
                r.leftover("attach", "nothing more before ':'")
                return {"op": "attach", "card": card, "to": to, "body": self.sub(h.body), "pos": pos}
        cost = [self.cost(c) for c in h.clauses]
        return {"op": "pay", "cost": cost, "body": self.sub(h.body), "pos": pos}

    def cost_of_each(self, r: Reader) -> tuple[list[dict], Scope]:
        """The rest of a header read as the cost each player pays ('spend a food card', none when nothing
        is left), in a scope where 'they' is that player (``each``); the scope, for the block under it."""
        inner = self.scope.child()
        inner.bind("each", "player")
        outer, self.scope = self.scope, inner
        try:
            cost = [self.cost(A.Clause(r.words[r.i:], r.here_pos()))] if not r.done() else []
        finally:
            self.scope = outer
        return cost, inner

    def each_player_may(self, h: A.Header, r: Reader, pos: list) -> dict:
        """'each player may spend a food card: …': every player in turn decides, pays and acts ('they')."""
        ph = r.noun_phrase(allow_at=False, what="'each player'")
        r.expect("may")
        cost, inner = self.cost_of_each(r)
        them = {"op": "ref", "name": "each", "kind": "player", "pos": pos}
        body = {"op": "optional", "player": them, "cost": cost, "body": self.sub(h.body, scope=inner), "pos": pos}
        who = self.scope.target(ph)
        if who.get("op") == "select_of" and who["quantity"].get("mode") == "one":   # "the player who controls X":
            who["quantity"] = {"mode": "each"}                                      # whoever that is, if anyone
        return {"op": "for_each", "bind": "each", "selector": who, "body": [body], "pos": pos}

    def options(self, h: A.Header, what: str) -> list[dict]:
        """The '-' options under 'choose one:' or 'vote:'."""
        return self.sub(h.body, "options")

    def phase(self, r: Reader, h: A.Header, pos: list) -> dict:
        """'at the start of your turn:' / 'at the end of each round:'."""
        r.i += 2
        edge = r.take().lower
        r.expect("of")
        words = tuple(w.lower for w in r.words[r.i:])
        of = {("your", "turn"): "your_turn", ("each", "turn"): "turn", ("the", "turn"): "turn",
              ("this", "turn"): "turn", ("each", "round"): "round", ("the", "round"): "round",
              ("the", "game"): "game", ("every", "round"): "round",
              ("each", "colony", "phase"): "colony_phase", ("the", "colony", "phase"): "colony_phase",
              ("every", "colony", "phase"): "colony_phase"}.get(words)
        if of is None:
            raise BindError("T002", M("T002.not-a-moment", words=f"at the {edge} of {' '.join(words)}"),
                            r.here_pos(), expected="'your turn', 'each turn', 'each round', 'each colony phase', "
                                                   "'the game'")
        r.i = len(r.words)  # the moment was read whole (the ledger counts the words as read)
        return {"op": "phase", "edge": edge, "of": of, "body": self.sub(h.body), "pos": pos}

    def duration(self, r: Reader) -> str:
        """'the game', 'this turn', 'the next round' …"""
        words = tuple(w.lower for w in r.words[r.i:])
        if words in DURATION_WORDS:
            r.i = len(r.words)
            return DURATION_WORDS[words]
        raise BindError("T002", M("T002.not-a-duration", words=" ".join(words) or "…"), r.here_pos(),
                        expected="'the game', 'this turn', 'this round', 'the next round'")

    # ---- conditions -----------------------------------------------------------------------
    def cond(self, c) -> dict:
        """A condition node."""
        if isinstance(c, A.Test):
            return self.test(c.clause)
        if isinstance(c, A.Compare):
            return {"op": "compare", "left": self.expr(c.left.clause), "cmp": CMP_OPS[c.op],
                    "right": self.expr(c.right.clause), "pos": P(c.pos)}
        op = "all" if isinstance(c, A.AllOf) else "any"
        return {"op": op, "items": [self.cond(i) for i in c.items], "pos": P(c.pos)}

    def test(self, clause: A.Clause) -> dict:
        """A condition written as a clause."""
        r = Reader(clause, self.scope)
        pos = P(clause.pos)
        if r.accept("there"):
            if not (r.accept("is") or r.accept("are")):
                raise BindError("T002", M("T002.there-is"), r.here_pos(), expected="'is' or 'are'")
            negate = r.accept("no")
            ph = r.noun_phrase(allow_at=True, what="what there is")
            r.leftover("there are", "nothing more")
            node = {"op": "exists", "selector": self.scope.select(ph), "min": ph.n or 1, "pos": pos}
            return {"op": "not", "item": node, "pos": pos} if negate else node
        if turns.is_rolled(r):                 # "the result is blank" after an exposure roll
            return turns.rolled(self, r, pos)
        if families.is_barricaded(r):          # "each entrance of the colony has a barricade"
            return families.barricaded(self, r, pos)
        if turns.is_searched(r):               # "every non-colony location was searched since this card"
            return turns.searched(self, r, pos)
        if r.at("they", "control") and self.scope.bindings.get("each") == "player":
            r.i += 2
            ph = r.noun_phrase(allow_at=True, what="what they control")
            r.leftover("control", "nothing more")
            return {"op": "controls", "player": {"op": "ref", "name": "each", "kind": "player", "pos": pos},
                    "what": self.scope.target(ph), "pos": pos}
        if r.at("you", "control") or r.at("you", "do", "not", "control") or r.at("the", "player", "controls"):
            negate = r.accept("you", "do", "not", "control")
            if not negate:
                r.accept("you", "control") or r.accept("the", "player", "controls")
            ph = r.noun_phrase(allow_at=True, what="what you control")
            r.leftover("control", "nothing more")
            node = {"op": "controls", "player": {"op": "you", "pos": pos}, "what": self.scope.target(ph), "pos": pos}
            return {"op": "not", "item": node, "pos": pos} if negate else node
        if (node := author_families.you_have(self, r, pos)) is not None:
            return node                 # "you have no cards in your hand"
        negate = r.accept("you", "did", "not", "play") or r.accept("you", "do", "not", "play")
        if negate or r.accept("you", "played") or r.accept("you", "play"):
            if r.accept("no"):  # "you played no fuel card"
                negate = True
            ph = r.noun_phrase(allow_at=False, what="a card")
            # the card is tied to the triggering action: "for the move", "for that movement"
            if r.accept("for"):
                r.accept("the") or r.accept("that") or r.accept("this")
                if not r.accept("movement"):
                    r.expect("move", what="'the move'")
            r.leftover("played", "nothing more, or 'for the move'")
            node = {"op": "event_happened", "event": {"op": "event", "kind": "play_card",
                    "actor": {"op": "you", "pos": pos}, "subject": self.scope.target(ph), "filters": [],
                    "pos": pos}, "pos": pos}
            return {"op": "not", "item": node, "pos": pos} if negate else node
        subject_ph = r.noun_phrase(allow_at=False, what="what the condition is about")
        if (node := author_families.has_wounds(self, r, subject_ph, pos)) is not None:
            return node                 # "a survivor you control has 2 or more wounds"
        subject = self.scope.target(subject_ph)
        w = r.peek()
        if w is None:
            raise r.error_end("'is …', 'shares a location with …' or a comparison")
        if r.accept("is", "ignored", "when", "a", "bite", "spreads"):
            return {"op": "exempt", "who": subject, "from": "bite_spread", "pos": pos}
        if r.accept("is") or r.accept("are"):
            negate = r.accept("not")
            node = self.state(r, subject, pos)
            return {"op": "not", "item": node, "pos": pos} if negate else node
        if subject.get("kind") == "player" and (r.accept("controls") or r.accept("control")):
            # "each non-exiled player controls an armed survivor": with 'each', every one of them does
            what = self.scope.target(r.noun_phrase(allow_at=True, what="what the player controls"))
            r.leftover("controls", "nothing more")
            return {"op": "controls", "player": subject, "what": what, "pos": pos}
        if r.accept("shares", "a", "location", "with") or r.accept("share", "a", "location", "with"):
            other = self.scope.target(r.noun_phrase(allow_at=True, what="another survivor"))
            r.leftover("shares a location with", "nothing more")
            return {"op": "shares_location", "a": subject, "b": other, "pos": pos}
        if r.accept("plays") or r.accept("played"):
            name = r.take()
            if name.kind != "name":
                raise BindError("T002", M("T002.tactic-quotes"), name.pos, expected=M("expected.words", words='"ON GUARD"'))
            enemy = subject_ph.sub == "enemy_leader" or "enemy" in subject_ph.adjs
            who = "enemy" if enemy else "you"
            return {"op": "tactic_played", "who": who, "name": name.text.strip('"'), "pos": pos}
        raise BindError("T002", M("T002.not-a-condition", word=w.text), w.pos,
                        expected="'is …', 'is not …', 'shares a location with …'",
                        hint=author_families.condition_hint(r, w, subject_ph), width=w.width)

    def state(self, r: Reader, subject: dict, pos: list) -> dict:
        """After 'is': exiled, in play, at the colony, your group leader …"""
        node = {"op": "is", "subject": subject, "pos": pos}
        if r.accept("in", "play"):
            node["state"] = "in_play"
        elif r.at("in", "the", "survivor", "deck"):
            r.i += 4
            node["state"] = "in_survivor_deck"
        elif r.accept("at") or r.accept("in") or (subject.get("kind") == "location" and r.at("the")):
            node["state"] = "at"  # for a place, "its origin is the colony" reads the same way
            node["where"] = self.scope.location(r.noun_phrase(allow_at=False, what="a location"))
        elif r.accept("play"):
            node["state"] = "in_play"
        elif r.accept("in", "the", "survivor", "deck") or r.accept("the", "survivor", "deck"):
            node["state"] = "in_survivor_deck"
        elif r.accept("your", "group", "leader") or r.accept("the", "group", "leader"):
            node["state"] = "group_leader"
        elif families.player_state(r):             # "they are the first player" (a chooser, a voter)
            node["state"] = families.player_state(r, take=True)
        else:
            w = r.take()
            states = {"exiled": "exiled", "killed": "killed", "armed": "armed", "helpless": "helpless"}
            if w.lower not in states:
                raise BindError("N002", M("N002.not-a-state", word=w.text), w.pos,
                                expected=M("expected.words", words="exiled, killed, armed, in play, at LOCATION, in the "
                                           "survivor deck, your group leader"),
                                hint=did_you_mean(w.lower, states), width=w.width)
            node["state"] = states[w.lower]
        r.leftover("is", "nothing more")
        return node

    def expr(self, clause: A.Clause) -> dict:
        """A number: 4, morale, the number of …, the influence of …, the result, the round."""
        r = Reader(clause, self.scope)
        w = r.peek()
        pos = P(clause.pos)
        if w.kind == "int" and len(clause.words) == 1:
            r.take()  # the ledger counts the number as read
            return {"op": "number", "value": int(w.text), "pos": pos}
        r.accept("the") or r.accept("your")
        if (node := families.per_player(r, pos)) is not None:   # "3 for each player who started the game"
            r.leftover("the game", "nothing more")
            return node
        if r.accept("round", "number"):                 # the round being played, counted from 1
            r.leftover("round number", "nothing more")
            return {"op": "round_number", "pos": pos}
        if r.accept("morale"):
            colony = "yours"
            if r.accept("of"):
                r.accept("the") or r.accept("your")
                colony = "enemy" if r.accept("enemy") else "yours"
                r.accept("colony") or r.accept("player's", "colony")
            r.leftover("morale", "nothing more")
            return {"op": "morale", "colony": colony, "pos": pos}
        if r.accept("number", "of", "empty", "survivor", "spaces"):   # room at a location (seed 004, Move)
            r.expect("at", what="'at' and a location")
            at = self.scope.location(r.noun_phrase(allow_at=False, what="a location"))
            r.leftover("survivor spaces", "nothing more")
            return {"op": "empty_spaces", "at": at, "pos": pos}
        if r.accept("number", "of"):
            ph = r.noun_phrase(allow_at=True, what="what to count")
            r.leftover("number of", "nothing more")
            selector = self.scope.select(ph)
            selector["quantity"] = {"mode": "all"}  # counting looks at every match
            return {"op": "count_of", "selector": selector, "pos": pos}
        if r.accept("result"):
            if not self.scope.has_result():
                raise BindError("N007", M("N007.result-no-die"), w.pos)
            return {"op": "result", "pos": pos}
        if r.accept("round"):
            return {"op": "round", "pos": pos}
        stat = r.peek()
        if stat is not None and stat.lower in ("influence", "attack", "search") and r.text(1) == "of":
            r.i += 2
            of = self.scope.target(r.noun_phrase(allow_at=True, what="whose"))
            return {"op": "stat_of", "stat": stat.lower, "of": of, "pos": pos}
        raise BindError("N006", M("N006.unknown-number", words=clause.text), clause.pos,
                        expected="a number, 'morale', 'the number of …', 'the influence of …', 'the result'",
                        width=len(clause.text))

    def range(self, clause: A.Clause) -> tuple[int, int]:
        """'4 or more', '3 or less', '1 to 3', '6'."""
        ws = clause.words
        texts = [w.lower for w in ws]
        if len(ws) == 1 and ws[0].kind == "int":
            return int(ws[0].text), int(ws[0].text)
        if len(ws) == 2 and ws[0].kind == "int" and ws[1].kind == "or_more":
            n = int(ws[0].text)
            return (n, 99) if texts[1].split()[-1] in ("more", "higher", "greater") else (1, n)
        if len(ws) == 3 and ws[0].kind == "int" and texts[1] == "to" and ws[2].kind == "int":
            return int(ws[0].text), int(ws[2].text)
        raise BindError("S004", M("S004.not-a-range", words=clause.text), clause.pos,
                        expected="'4 or more', '3 or less', '1 to 3' or a single number", width=len(clause.text))
