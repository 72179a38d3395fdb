"""WorldState: the world's memory, a plain JSON mapping with entities, snapshots and diffs.

Entities live at the top level, one mapping per *kind*, keyed by the entity's id as a string::

    {"order": {"A1": {"order_id": "A1", "status": "shipped"}}, "balance": 100}

so a scenario's ``state:`` key seeds them with plain data (checked against the tools' answers by
`synthworld.world.seeding`: a kind's table, its ids and fields). Other top-level keys are free for
effects and agents, except names close to a kind's and tables of entities no tool knows. The
kind of an entity is derived by `synthworld.world.consistency`:
``order_id`` -> ``order``; an ``id`` takes its kind from the property holding the object
(``customers`` -> ``customer``) or from the tool name (``get_order`` -> ``order``).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from typing import Any

from synthworld._json import json_copy

__all__ = ["StateView", "WorldState"]


class WorldState(dict[str, Any]):
    """A dict of JSON data (``world.state``) that also remembers entities by kind and id.

    >>> state = WorldState({"order": {"A1": {"order_id": "A1", "status": "new"}}})
    >>> before = state.snapshot()
    >>> state.remember("order", "A1", {"status": "shipped"})
    >>> state.diff(before)
    {'changed': {'order.A1.status': {'old': 'new', 'new': 'shipped'}}}
    """

    # -- entities ---------------------------------------------------------------------------

    def entities(self, kind: str) -> Mapping[str, Any]:
        """The remembered entities of `kind` by id (read-only; empty when there are none)."""
        found = self.get(kind)
        return types.MappingProxyType(found if isinstance(found, dict) else {})

    def entity(self, kind: str, id: str | int) -> dict[str, Any] | None:
        """The remembered fields of entity `kind`/`id` (a copy), or None."""
        found = self.get(kind)
        fields = found.get(str(id)) if isinstance(found, dict) else None
        return json_copy(fields) if isinstance(fields, dict) else None

    def remember(
        self, kind: str, id: str | int, fields: Mapping[str, Any], *, copy: Callable[[Any], Any] = json_copy
    ) -> None:
        """Merge `fields` into entity `kind`/`id` (later values win). Skipped when `kind` holds
        something other than a mapping (plain data of the same name is never overwritten).
        `copy` copies `fields` (the world passes a faster one for values known to be JSON)."""
        table = self.setdefault(kind, {})
        if not isinstance(table, dict):
            return
        gone = self.__dict__.get("_gone")
        if gone and kind in gone:
            gone[kind].discard(str(id))
        current = table.get(str(id))
        if isinstance(current, dict) and all(k in current and current[k] == v for k, v in fields.items()):
            return  # nothing new: skip the copy
        copied = copy(dict(fields))
        table[str(id)] = {**current, **copied} if isinstance(current, dict) else copied

    def forget(self, kind: str, id: str | int | None, *, keys: Mapping[str, Any] | None = None) -> None:
        """Delete entity `kind`/`id`: it leaves the state, and `gone` answers True for its id
        and for its natural `keys` (``{"login": "alice"}``) until it is remembered again."""
        table = self.get(kind)
        if isinstance(table, dict) and id is not None:
            table.pop(str(id), None)
        names = ([] if id is None else [str(id)]) + [f"{key}={value}" for key, value in (keys or {}).items()]
        self._tombstones().setdefault(kind, set()).update(names)

    def gone(
        self, kind: str, id: str | int | None = None, *, key: str | None = None, value: Any = None
    ) -> bool:
        """Whether entity `kind`/`id` (or the one whose `key` was `value`) was deleted and not
        remembered since."""
        names = self._tombstones().get(kind)
        if not names:
            return False
        if id is not None:
            table = self.get(kind)
            return str(id) in names and not (isinstance(table, dict) and str(id) in table)
        return f"{key}={value}" in names

    def made(self, kind: str, id: str | int) -> None:
        """Note that entity `kind`/`id` was created in this world (by a create tool's call)."""
        self.__dict__.setdefault("_made", set()).add((kind, str(id)))

    def created(self, kind: str, id: str | int) -> bool:
        """Whether entity `kind`/`id` was created in this world (since the last `restore`): it
        has only the children the world made for it (a new issue's comments)."""
        made: set[tuple[str, str]] | None = self.__dict__.get("_made")
        return made is not None and (kind, str(id)) in made

    def claim(self, key: str, count: int, first: int) -> None:
        """Note that the first page of the list call `key` (its input without its place, as
        `synthworld.world.page_claims` writes it) showed `first` items and said its collection
        holds `count`."""
        self.__dict__.setdefault("_claims", {})[key] = (count, first)

    def claimed(self, key: str) -> tuple[int, int] | None:
        """How many items the first page of the list call `key` said its collection holds, and
        how many it showed (None: no first page made a claim since the last `restore`)."""
        claims: dict[str, tuple[int, int]] | None = self.__dict__.get("_claims")
        return claims.get(key) if claims is not None else None

    @property
    def deletions(self) -> bool:
        """Whether any entity was deleted (since the last `restore`)."""
        return bool(self.__dict__.get("_gone"))

    def _tombstones(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] | None = self.__dict__.get("_gone")
        if found is None:
            found = self.__dict__["_gone"] = {}
        return found

    # -- snapshots --------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """A deep copy of the state as plain JSON data, for a later `diff`."""
        return json_copy(dict(self))  # type: ignore[no-any-return]

    def diff(self, snapshot: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """What changed since `snapshot`, by dotted path (``order.A1.status``).

        Returns ``{"added": {path: value}, "removed": {path: value}, "changed": {path: {"old",
        "new"}}}`` with empty sections left out, so an unchanged state gives ``{}``. Objects are
        compared key by key; lists and scalars as whole values.
        """
        out: dict[str, dict[str, Any]] = {"added": {}, "removed": {}, "changed": {}}
        _diff(dict(snapshot), dict(self), "", out)
        return {section: found for section, found in out.items() if found}

    def restore(self, snapshot: Mapping[str, Any]) -> None:
        """Replace the whole state with a copy of `snapshot` (in place); deletions and creations
        are forgotten, and the collections first pages claimed."""
        copied = json_copy(dict(snapshot))
        self.__dict__.pop("_gone", None)
        self.__dict__.pop("_made", None)
        self.__dict__.pop("_claims", None)
        self.clear()
        self.update(copied)

    def __repr__(self) -> str:
        return f"WorldState({dict.__repr__(self)})"


class StateView(Mapping[str, Any]):
    """The world's state as a backend reads it (``ctx.state``): every value handed out is a copy
    taken under the state's lock, so nothing a backend does to what it read reaches the world; it
    has no item assignment."""

    __slots__ = ("_lock", "_state")

    def __init__(self, state: WorldState, lock: AbstractContextManager[Any]) -> None:
        self._state, self._lock = state, lock

    def __getitem__(self, key: str) -> Any:
        with self._lock:
            return json_copy(self._state[key])

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            return iter(list(self._state))

    def __len__(self) -> int:
        return len(self._state)

    def __repr__(self) -> str:
        return f"StateView({len(self)} key(s): {', '.join(map(repr, self))})"


def _diff(old: Any, new: Any, path: str, out: dict[str, dict[str, Any]]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(old.keys() | new.keys(), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in new:
                out["removed"][where] = json_copy(old[key])
            elif key not in old:
                out["added"][where] = json_copy(new[key])
            else:
                _diff(old[key], new[key], where, out)
    elif old != new or type(old) is not type(new):
        out["changed"][path] = {"old": json_copy(old), "new": json_copy(new)}
