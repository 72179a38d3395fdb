"""What all of a world's tools say about each kind of entity: where it keeps its status and which
values the status may take (``close_ticket`` answers ``{"ok": true}``, but ``get_ticket`` says a
ticket's ``status`` is one of open, pending, closed), and which lists of objects it holds
(``get_cart`` says a cart's ``items`` are ``{"product_id", "quantity"}``), and which of those
a tool adds to (``add_item_to_cart``), and which kinds a tool creates for it (``add_comment(issue_id)``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from synthworld.world.naming import singular
from synthworld.world.shapes import Shapes

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["KindBook", "assigned_fields", "status_key"]

_ADDRESS = frozenset({"city", "postcode", "postal_code", "zip", "zip_code", "country", "street", "address1"})


def status_key(node: Mapping[str, Any], kind: str, shapes: Shapes | None = None) -> str | None:
    """The key holding an object's lifecycle status: ``status``, ``<kind>_status``, or ``state``
    (unless it is an address's state: one with address keys beside it and no enum)."""
    for key in ("status", f"{kind}_status", "state", f"{kind}_state"):
        if key in node:
            address = key == "state" and not _ADDRESS.isdisjoint(node)
            if address and (shapes is None or shapes.values(kind, key) is None):
                continue
            return key
    return None


def assigned_fields(plan: ConsistencyPlan) -> list[str]:
    """The fields of its entity an assign tool's input says (``assign_issue(issue_id, assignee)``:
    ``assignee``), not the parameters that name the entity."""
    naming = {param for param, kind in plan.id_params if kind == plan.kind}
    return sorted(key for key in plan.echo if plan.echo_from.get(key, key) not in naming)


class KindBook:
    """Status key and allowed values per kind, read from every tool's shapes."""

    def __init__(
        self,
        shapes: Iterable[Shapes],
        *,
        added: Iterable[tuple[str, str]] = (),
        children: Iterable[tuple[str, str]] = (),
        assigned: Iterable[tuple[str, str]] = (),
    ) -> None:
        self._status: dict[str, tuple[str, tuple[str, ...] | None]] = {}
        self._lists: dict[str, dict[str, tuple[str, ...]]] = {}
        self._added: dict[str, tuple[str, ...]] = {}
        self._children: dict[str, tuple[str, ...]] = {}
        for kind, held in added:
            self._added[kind] = (*self._added.get(kind, ()), held)
        self._assigned: dict[str, tuple[str, ...]] = {}
        for kind, field in assigned:
            if field not in self._assigned.get(kind, ()):
                self._assigned[kind] = (*self._assigned.get(kind, ()), field)
        for parent, child in children:
            if child not in self._children.get(parent, ()):
                self._children[parent] = (*self._children.get(parent, ()), child)
        for shape in shapes:
            for hint, props in shape.by_hint.items():
                key = status_key(props, hint, shape)
                if key is not None:
                    self._add(hint, key, shape.values(hint, key))
                self._add_lists(hint, props, shape)

    def _add_lists(self, kind: str, props: Mapping[str, Any], shape: Shapes) -> None:
        for key in props:
            element = (
                shape.by_hint.get(singular(key)) if shape.prop(kind, key).get("type") == "array" else None
            )
            if element:
                self._lists.setdefault(kind, {}).setdefault(key, tuple(element))

    def _add(self, kind: str, key: str, allowed: tuple[str, ...] | None) -> None:
        known = self._status.get(kind)
        if known is None or (known[1] is None and allowed is not None):
            self._status[kind] = (key, allowed)

    def added(self, kind: str) -> tuple[str, ...]:
        """The keys of `kind`'s lists a tool adds elements to (``add_item_to_cart``: a cart's
        ``items``): a new entity's start empty."""
        return self._added.get(kind, ())

    def assigned(self, kind: str) -> tuple[str, ...]:
        """The fields of `kind` that a tool assigns (``assign_issue(issue_id, assignee)``: an
        issue's ``assignee``): a new entity whose input does not say them is not assigned yet."""
        return self._assigned.get(kind, ())

    def children(self, kind: str) -> tuple[str, ...]:
        """The kinds a tool creates for a `kind` its input names (``add_comment(issue_id)``: an
        issue's comments): a new `kind` has none yet (`synthworld.world.child_counts`)."""
        return self._children.get(kind, ())

    def lists(self, kind: str) -> Mapping[str, tuple[str, ...]]:
        """``{key: element fields}`` of the lists of objects a `kind` holds, as any tool says."""
        return self._lists.get(kind, {})

    def status(self, kind: str) -> tuple[str, tuple[str, ...] | None] | None:
        """``(key, allowed values or None for any string)`` of `kind`'s status, if any tool says."""
        return self._status.get(kind)
