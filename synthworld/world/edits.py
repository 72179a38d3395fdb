"""Changes made to an answer, each revertible, in groups: a group that breaks the returns
schema is dropped and the others are kept."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from synthworld._json import json_copy

__all__ = ["MISSING", "Edits"]

_SCALARS = frozenset({str, int, float, bool, type(None)})
MISSING: Any = object()
"""Stands for a key an object did not have."""


Edit = tuple[Any, Any, Any, Any, int]
"""``(node, key, old, new, group)``: an object's key, or a whole list (key None)."""


class Edits:
    """Substitutions made in an answer, in groups, each revertible.

    Echo and recall make one group per edit (each may break the schema alone); a rule makes one
    group per change it makes (`begin`), which makes sense only whole (a total and its lines).
    Keys that echo or recall set (or found already right) are *pinned*: they come from the input
    or the world's memory, and rules leave them alone."""

    __slots__ = ("_echo", "_single", "_tags", "_then", "done", "pins")

    def __init__(self) -> None:
        self.done: list[Edit] = []
        self.pins: dict[tuple[int, str], bool] = {}
        """Pinned keys, True for those from the input (a lifecycle may move a recalled one)."""
        self._tags: list[str] = ["echo"]
        """The rule of each group, by group number."""
        self._single = True
        self._echo = True
        self._then: list[tuple[list[tuple[int, int]], Callable[[], None]]] = []
        """Actions to run once the answer is settled, each with the groups it stands on."""

    def begin(self, tag: str, *, single: bool = False) -> None:
        """Edits from here on are rule `tag`'s, one group (each its own group when `single`)."""
        self._tags.append(tag)
        self._single = single
        self._echo = tag == "echo"

    def mark(self) -> int:
        """Where the groups begun from now on start (for `then`)."""
        return len(self._tags)

    def then(self, action: Callable[[], None], ranges: list[tuple[int, int]]) -> None:
        """Run `action` (a change to the world, such as a page's claim) when `keep_valid` has
        settled the answer, unless it undid every group begun within `ranges` (pairs of marks,
        `mark`) and there was one: what the answer said of it was taken back, so the world keeps
        nothing of it either."""
        self._then.append((ranges, action))

    def set(self, node: dict[str, Any], key: str, value: Any, *, pin: bool = False) -> bool:
        """Set ``node[key]`` to a copy of `value`, unless it already holds that value; whether it
        changed. `pin` keeps rules off this key."""
        if pin:
            self.pins[(id(node), key)] = self._echo
        old = node.get(key, MISSING)
        if old is not MISSING and type(old) is type(value) and old == value:
            return False
        if self._single:
            self._tags.append(self._tags[-1])
        new = value if type(value) in _SCALARS else json_copy(value)
        node[key] = new
        if pin and type(new) in (dict, list):
            self._pin_tree(new)
        self.done.append((node, key, old, new, len(self._tags) - 1))
        return True

    def remove(self, node: dict[str, Any], key: str) -> None:
        """Leave ``node[key]`` out (revertible, as a `set`)."""
        if key not in node:
            return
        if self._single:
            self._tags.append(self._tags[-1])
        self.done.append((node, key, node.pop(key), MISSING, len(self._tags) - 1))

    def change(self, node: dict[str, Any], key: str, old: Any, new: Any, tag: str) -> None:
        """Set ``node[key]`` from `old` to `new` (a scalar), a group of its own for rule `tag`."""
        self._tags.append(tag)
        node[key] = new
        self.done.append((node, key, old, new, len(self._tags) - 1))

    def splice(self, items: list[Any], new: list[Any]) -> None:
        """Replace the contents of list `items` with `new` (the items themselves are not copied)."""
        if self._single:
            self._tags.append(self._tags[-1])
        self.done.append((items, None, list(items), list(new), len(self._tags) - 1))
        items[:] = new

    def lay_over(self, node: dict[str, Any], partial: Mapping[str, Any]) -> None:
        """Lay a script's or an effect's `partial` output over `node`, objects merged key by key
        and the partial winning: for good (no edit to undo), every key it sets pinned as the
        input's are, so the lifecycle and the rules fit the rest of the answer around it."""
        for key, part in partial.items():
            here = node.get(key)
            if type(here) is dict and type(part) is dict:
                self.lay_over(here, part)
                continue
            new = node[key] = part if type(part) in _SCALARS else json_copy(part)
            self.pins[(id(node), key)] = True
            self._pin_tree(new)

    def _pin_tree(self, value: Any) -> None:
        """Pin every key of the objects inside a value taken from the input or memory."""
        if type(value) is dict:
            self.pin_all(value)
            for child in value.values():
                self._pin_tree(child)
        elif type(value) is list:
            for child in value:
                self._pin_tree(child)

    def pin_all(self, node: dict[str, Any]) -> None:
        """Keep rules off every key of `node` (an object taken from memory)."""
        self.pins.update(dict.fromkeys([(id(node), key) for key in node], False))

    def pin_recalled(self, node: dict[str, Any], keys: Iterable[str]) -> None:
        """Keep rules off `keys` of `node` and everything inside their values (taken from memory);
        its other keys stay open to rules."""
        for key in keys:
            self.pins[(id(node), key)] = False
            self._pin_tree(node[key])

    def release(self, node: dict[str, Any], key: str) -> None:
        """Open `key` of `node` to rules again, unless the input set it (a remembered total after
        its lines changed)."""
        if self.pins.get((id(node), key)) is False:
            del self.pins[(id(node), key)]

    def pinned(self, node: dict[str, Any], key: str) -> bool:
        """Whether echo or recall set `key` of `node`."""
        return (id(node), key) in self.pins

    def echoed(self, node: dict[str, Any], key: str) -> bool:
        """Whether echo set `key` of `node` (the input asked for it: nothing overrides it)."""
        return self.pins.get((id(node), key), False)

    def tags(self) -> tuple[str, ...]:
        """The rules whose changes were kept, in the order they first made one."""
        done = self.done
        if not done:
            return ()
        tags = self._tags
        if len(done) == 1:
            return (tags[done[0][4]],)
        return tuple(dict.fromkeys([tags[edit[4]] for edit in done]))

    def keep_valid(self, value: Any, is_valid: Callable[[Any], bool]) -> tuple[bool, bool]:
        """Undo every edit if the result is invalid, then redo, group by group, those that keep
        it valid; then run the actions of `then` whose groups all stayed.

        Returns ``(undone, checked)``: whether some edit stayed undone, and whether `value` as
        left was found valid (False when nothing was checked: no edits, or every edit undone)."""
        every = frozenset(edit[4] for edit in self.done)
        if not self.done or is_valid(value):
            self._settled(every, every)
            return False, bool(self.done)
        for node, key, old, _, _ in reversed(self.done):
            _put(node, key, old)
        undone = checked = False
        kept: list[Edit] = []
        for group in self._groups():
            # what each key holds now: an edit's recorded `old` may be an earlier group's `new`,
            # dropped since (echo set a key, recall set it again), so it is no way back
            before = [(node, key, _get(node, key)) for node, key, _, _, _ in group]
            for node, key, _, new, _ in group:
                _put(node, key, new)
            if is_valid(value):
                checked = True
                kept += group
            else:
                for node, key, now in reversed(before):
                    _put(node, key, now)  # back to the previous state, checked or not as it was
                undone = True
        self.done = kept
        self._settled(every, frozenset(edit[4] for edit in kept))
        return undone, checked

    def _settled(self, every: frozenset[int], kept: frozenset[int]) -> None:
        """Run the actions of `then` that a group of theirs among `every` (the groups made) is
        `kept` in, or that had none."""
        actions, self._then = self._then, []
        for ranges, action in actions:
            made = [g for g in every if any(since <= g < until for since, until in ranges)]
            if not made or not kept.isdisjoint(made):
                action()

    def _groups(self) -> list[list[Edit]]:
        groups: dict[int, list[Edit]] = {}
        for edit in self.done:
            groups.setdefault(edit[4], []).append(edit)
        return list(groups.values())


def _get(node: Any, key: Any) -> Any:
    """What `_put` would overwrite: the key's value (`MISSING` if absent), or a list's items."""
    return list(node) if key is None else node.get(key, MISSING)


def _put(node: Any, key: Any, value: Any) -> None:
    if key is None:
        node[:] = value
    elif value is MISSING:
        node.pop(key, None)
    else:
        node[key] = value
