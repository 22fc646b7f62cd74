"""Every word counts: a ledger of which node consumed which word of a clause.

While one effect text is bound, every ``Reader`` (a cursor over one clause) and every
node position made by ``phrases.P`` is written in a ``Ledger``. A node's position is
the word it starts at, so the nodes of a clause, sorted by where they start, cut the
clause's words into spans: each word belongs to the node that starts at it or most
recently before it. ``Ledger.check`` then proves, for the finished tree, that

* every word a reader holds was read (the cursor passed it);
* every word belongs to a node that is in the tree: a node that was built and then
  left out (a filter read and dropped) leaves its words unaccounted, and that is an
  N008 error at those words;
* no word is read twice into the tree: two readers that each read a word and each
  keep a node starting there would count it twice.

A reader that steps back (``r.i = save``) forgets the nodes it built past that
point, so a second reading of the same words is the only one that counts. A reader
that reads a node and deliberately rebuilds it as another (a filter "at the colony"
that becomes the place of a kill) says so with ``phrases.absorb``; a phrase whose
count and noun become values of the verb's node ("3 zombies") says so with
``phrases.used``; a filter that only restates its noun ("tool card" is a tool) takes
its position from ``phrases.restated``, which the ledger does not count. Everything
else must reach the tree. The mechanism knows no node kinds: a new kind is covered
as soon as its reader makes its position with ``P``, and a reader that forgets a node
it built fails with N008 in every test that compiles a text using it.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from dow.dsl.ast import Pos

_current: list["Ledger"] = []


class Ledger:
    """The readers and node positions of one effect text being bound."""

    def __init__(self) -> None:
        self.readers: list[Any] = []
        self.where: dict[tuple[int, int], Any] = {}  # a word's position -> the latest reader holding it
        self.nodes: list[list] = []                   # position lists made by P, in the order made
        self.owner: dict[int, Any] = {}               # id(position list) -> the reader that made it
        self.dead: set[int] = set()                   # ids forgotten by a step back
        self.absorbed: dict[int, list] = {}           # id(dropped position) -> the position that carries its words
        self.carried: set[int] = set()                # ids of positions whose words a node's values carry
        self.moved: Any = None                        # the reader whose cursor moved last

    # ---- recording -------------------------------------------------------------------
    def reader(self, r: Any) -> None:
        """Record a reader and the positions of its words."""
        r.ledger_seq = len(self.nodes)
        r.ledger_keys = {(w.pos.line, w.pos.col) for w in r.words}
        self.readers.append(r)
        for key in r.ledger_keys:
            self.where[key] = r

    def made(self, lst: list) -> None:
        """Record a node position made while binding."""
        key = (lst[0], lst[1])
        r = self.where.get(key)
        if r is None:
            return  # not a word of any clause (a statement's dash, an implied place): nothing to account
        moved = self.moved
        if moved is not None and moved is not r and key in moved.ledger_keys:
            r = moved  # two readers hold the word: the one reading now made the node
        self.nodes.append(lst)
        self.owner[id(lst)] = r

    def step_back(self, r: Any, to: int) -> None:
        """A reader went back to word ``to``: forget what it built from there on."""
        keys = {(w.pos.line, w.pos.col) for w in r.words[to:]}
        for lst in self.nodes[r.ledger_seq:]:
            if self.owner.get(id(lst)) is r and (lst[0], lst[1]) in keys:
                self.dead.add(id(lst))

    def used(self, lst: list) -> None:
        """The words at ``lst`` are carried by a value of the node being read (a count, a kind)."""
        self.carried.add(id(lst))

    def absorb(self, into: list, *dropped: list) -> None:
        """The nodes at ``dropped`` were rebuilt as the node at ``into``: their words are its words."""
        for lst in dropped:
            self.absorbed[id(lst)] = into

    def close(self) -> None:
        """Let go of the readers once the proof is done: each reader holds this ledger and the
        ledger holds every reader, a cycle that only the garbage collector (paused while a project
        compiles) would otherwise free, keeping every clause's words alive."""
        self.readers.clear()
        self.where.clear()
        self.owner.clear()
        self.moved = None

    # ---- the proof -------------------------------------------------------------------
    def check(self, tree: Any) -> list[tuple[str, Pos, int, str]]:
        """Problems of the finished tree: (what, position, width, words), what in unread, dropped, twice."""
        seen = {id(lst) for _node, lst in _positions(tree)}
        read_by = {id(r): {(w.pos.line, w.pos.col) for w in r.words[:r.i]} for r in self.readers}
        read = set().union(*read_by.values()) if read_by else set()
        words = {(w.pos.line, w.pos.col): w for r in self.readers for w in r.words}
        holders: dict[tuple[int, int], int] = {}
        for r in self.readers:
            for key in r.ledger_keys:
                holders[key] = holders.get(key, 0) + 1
        live: dict[tuple[int, int], list[list]] = {}
        built_by: set[int] = set()
        readers_at: dict[tuple[int, int], set[int]] = {}
        for lst in self.nodes:
            if id(lst) in self.dead:
                continue
            key, r = (lst[0], lst[1]), self.owner[id(lst)]
            live.setdefault(key, []).append(lst)
            built_by.add(id(r))
            if id(lst) in seen and key in read_by[id(r)]:  # a reading of this word kept in the tree
                readers_at.setdefault(key, set()).add(id(r))
        problems = [("twice", words[key].pos, words[key].width, words[key].text)
                    for key, rs in readers_at.items() if len(rs) > 1]
        ok = {key: any(self._in_tree(lst, seen) for lst in lsts) for key, lsts in live.items()}
        for r in self.readers:
            problems.extend(self._reader(r, ok, read, holders, id(r) in built_by))
        out, done = [], set()
        for p in problems:
            if (p[0], p[1]) not in done:
                done.add((p[0], p[1]))
                out.append(p)
        return out

    def _in_tree(self, lst: list, seen: set[int]) -> bool:
        if id(lst) in self.carried:
            return True
        hops = 0
        while id(lst) not in seen and id(lst) in self.absorbed and hops < 50:
            lst, hops = self.absorbed[id(lst)], hops + 1
        return id(lst) in seen

    def _reader(self, r: Any, ok: dict, read: set, holders: dict, built: bool) -> list[tuple[str, Pos, int, str]]:
        """The words of one reader: each read, and each inside the span of a node kept in the tree."""
        problems = []
        unread = [w for w in r.words if (w.pos.line, w.pos.col) not in read]
        if unread:  # no reader of these words passed them (a reader that hands its words on reads none)
            problems.append(("unread", unread[0].pos, _width(unread), _text(unread)))
        owner, lost = None, []
        for w in r.words:
            key = (w.pos.line, w.pos.col)
            if key in ok:
                owner = key
            if owner is not None:
                fine = ok[owner]
            else:  # before any node of this reader: another reader of the same words accounts for it
                fine = holders.get(key, 0) > 1 or not built  # (a clause handed on whole), or none was built
            if not fine:
                lost.append(w)
            elif lost:
                problems.append(("dropped", lost[0].pos, _width(lost), _text(lost)))
                lost = []
        if lost:
            problems.append(("dropped", lost[0].pos, _width(lost), _text(lost)))
        return problems


def _positions(tree: Any) -> Iterator[tuple[dict, list]]:
    """Every node of a tree of dicts and lists with its position list (under its 'pos' key)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pos" and isinstance(value, list):
                    yield node, value
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)


def _text(words) -> str:
    return " ".join(w.text for w in words)


def _width(words) -> int:
    first, last = words[0], words[-1]
    if first.pos.line != last.pos.line:
        return first.width
    return last.pos.col + len(last.text) - first.pos.col


def current() -> Ledger | None:
    """The ledger of the text being bound, if any."""
    return _current[-1] if _current else None


@contextmanager
def keeping() -> Iterator[Ledger]:
    """Keep a ledger while the block binds one effect text."""
    book = Ledger()
    _current.append(book)
    try:
        yield book
    finally:
        _current.pop()
