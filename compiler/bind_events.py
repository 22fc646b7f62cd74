"""Bind an event pattern (a trigger's `when:`): who acts, the verb, its object and place, and the names
the event binds for the card's effect ("you move a survivor" binds `moved`, `origin`, `destination`).

Part of ``Binder`` (compiler/bind.py), which inherits it; it uses the binder's subject and filter
readers through ``self``.
"""
from __future__ import annotations

from dow.dsl import ast as A

from . import families
from .diagnostics import did_you_mean
from .messages import M
from .phrases import BindError, P, Reader, used
from .resolve import _count_and_noun
from .scope import Scope
from .vocab import verb_base

EVENT_BINDS = {"move": "moved", "search": "searching", "attack": "attacking", "receive": "wounded",
               "enter": "new", "kill": "attacking", "use": "equipped"}
EVENT_BIND_KIND = {"play": ("played", "card"), "use": ("used", "card")}


class EventBinding:
    """The event half of the binder (``Binder`` mixes it in)."""

    def event(self, r: Reader, scope: Scope) -> dict:
        """An event pattern: 'you move a survivor', 'a survivor you control searches at the library' …"""
        start = r.peek()
        if start is None:
            raise r.error_end("an event, such as 'you move a survivor'")
        if r.at("a", "crisis", "is", "revealed"):
            return families.crisis_revealed(r, start)
        if r.accept("you"):
            actor = {"op": "you", "pos": P(start.pos)}
            subject_ph = None
        else:
            subject_ph = r.noun_phrase(allow_at=False, what="who does it")
            actor = self.scope.target(subject_ph)
        r.accept("would")
        w = r.peek()
        if w is None:
            raise r.error_end("what happens: 'moves', 'searches', 'attacks' …")
        verb = verb_base(r.take().lower)
        kind, obj = self.event_kind(r, verb, w, actor)
        node = {"op": "event", "kind": kind, "actor": actor, "filters": [], "pos": P(start.pos)}
        subject = obj or (actor if subject_ph is not None else None)
        if subject is not None:
            node["subject"] = subject
        if r.accept("at") or r.accept("in"):
            loc = self.scope.location(r.noun_phrase(allow_at=False, what="a location"))
            node["filters"].append({"op": "at", "location": loc, "pos": P(w.pos)})
        elif r.accept("here"):
            node["filters"].append({"op": "at", "location": {"op": "here", "pos": P(w.pos)}, "pos": P(w.pos)})
        if r.text() in ("with", "using", "from", "to", "into"):
            self.unmatched_event_phrase(r, w)
        while r.accept("with") or r.accept("using") or r.accept("from") or r.accept("to") or r.accept("into"):
            ph = r.noun_phrase(allow_at=False, what="what is used")
            node["filters"].append({"op": "in_zone", "zone": self.scope.target(ph), "pos": P(ph.pos)})
        r.leftover(w.text, "where it happens ('at the library') or nothing")
        scope.event_kind = kind
        if verb == "move":
            scope.bind("origin", "location")
            scope.bind("destination", "location")
        bind = EVENT_BINDS.get(verb)
        if bind:
            scope.bind(bind, "survivor")
        if verb in EVENT_BIND_KIND:
            scope.bind(*EVENT_BIND_KIND[verb])
        return node

    def unmatched_event_phrase(self, r: Reader, verb: A.Word) -> None:
        """'you move a survivor to the colony', 'searches with a tool card': no engine matches a trigger by
        where a move goes or what is used, so the phrase would be read and then ignored: refuse it here."""
        if verb_base(verb.lower) == "play" and r.at("to", "the", "waste", "pile") and len(r.words) == r.i + 4:
            return  # every played card goes to the waste pile: the phrase restates the event, it narrows nothing
        w = r.peek()
        last = r.words[-1]
        raise BindError("T002", M("T002.event-phrase", verb=verb.text, word=w.text), w.pos,
                        expected=M("expected.event-place"), hint=M("hint.event-phrase-in-if"),
                        width=last.pos.col + len(last.text) - w.pos.col if last.pos.line == w.pos.line else w.width)

    def event_kind(self, r: Reader, verb: str, w: A.Word, actor: dict) -> tuple[str, dict | None]:
        """The event kind for a verb, and its object if it has one."""
        obj = None
        if verb in ("move", "search", "attack", "barricade") and not r.done() and not r.at("at") and not r.at("in"):
            if not r.at("with") and not r.at("to"):
                obj = self.scope.target(r.noun_phrase(allow_at=False, what="what"))
        if verb in ("move", "search", "attack", "barricade"):
            return verb, obj
        if verb == "kill":
            _count_and_noun(r, "a zombie")
            return "kill_zombie", None
        if verb == "receive" and r.accept("a", "bite"):
            return "bitten", None
        if verb == "be" and r.accept("bitten"):
            return "bitten", None
        if verb == "receive":
            _, ph = _count_and_noun(r, "a wound")
            return ("receive_frostbite" if ph.sub == "frostbite" else "receive_wound"), None
        if verb == "spend":
            r.accept("food") or r.accept("a", "food")
            return "spend_food", None
        if verb == "play":
            ph = r.noun_phrase(allow_at=False, what="a card")
            return "play_card", self.scope.target(ph)
        if verb == "enter" and r.accept("play"):
            return "enter_play", None
        if verb == "clean" and r.accept("waste"):
            return "clean_waste", None
        if verb == "use":
            ph = used(r.noun_phrase(allow_at=False, what="what is used"))  # the event kind says what
            return "use_weapon" if any(f.get("type") == "weapon" for f in ph.filters) else "use_ability", None
        if verb == "roll" and r.accept("for", "exposure"):
            return "roll_exposure", None
        if verb == "roll" and (r.accept("your", "action", "dice") or r.accept("action", "dice")):
            return "roll_action_dice", None
        if verb == "start" and actor.get("kind") == "warfare":
            return "warfare_start", None
        if verb == "make" and r.accept("noise"):
            return "make_noise", None
        if verb == "die" or (verb == "be" and r.accept("killed")):
            return "die", None
        if verb == "being" and r.accept("bitten"):
            return "bitten", None
        if verb == "win":
            ph = r.noun_phrase(allow_at=False, what="a colony warfare")
            if ph.kind == "warfare":  # anything else is left unaccounted, and the ledger says so
                used(ph)
            return "win_warfare", None
        if verb == "reach":
            r.number()
            return "round_track_zero", None
        raise BindError("N004", M("N004.unknown-event", word=w.text), w.pos,
                        expected=M("expected.words", words="moves, searches, attacks, kills, receives, spends food, "
                                   "plays, enters play, cleans waste, uses, rolls for exposure, rolls action dice, "
                                   "makes noise, dies, wins, reaches, (a colony warfare) starts"),
                        hint=did_you_mean(verb, ["move", "search", "attack", "kill", "receive", "spend", "play",
                                                 "enter", "clean", "use", "roll", "make", "die", "win", "reach",
                                                 "start"]),
                        width=w.width)
