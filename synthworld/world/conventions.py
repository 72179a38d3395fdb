"""Declaring what names cannot say: a tool's lifecycle and a kind's natural key; and checking the
entities a state seeds against what the tools answer (a mixin of `SyntheticWorld`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.base import WorldBase
from synthworld.world.seeding import SeedProblem, entity_shapes, seed_problems

__all__ = ["Conventions"]


class Conventions(WorldBase):
    """`lifecycle` and `identity`: overrides for the conventions the world reads from names."""

    def lifecycle(self, tool: str, verb: str, /, *, kind: str | None = None) -> None:
        """Declare what `tool` does: ``world.lifecycle("purge_user", "delete")``.

        `verb` is a family (``create``, ``get``, ``list``, ``update``, ``delete``, ``none``), a
        verb of one (``purge``), or a state verb (``close``, ``archive``, ``approve``...). `kind`
        names the entity kind it acts on when its name does not say (``nuke_account`` ->
        ``account`` is read by dropping the first word). Raises `UnknownToolError` for a tool
        not registered and `ValueError` (listing the choices) for an unknown verb.
        """
        self._tools.declare_lifecycle(tool, verb, kind)

    def identity(self, kind: str, key: str, /) -> None:
        """Declare that entities of `kind` are named by `key` (``world.identity("user", "login")``):
        an input parameter `key` finds the remembered entity (``get_user(login=...)`` answers the
        issue author with that login), and an object of `kind` without an id is remembered by it.
        Raises `ValueError` for an empty kind or key."""
        self._tools.declare_identity(kind, key)

    def state_problems(self, state: Mapping[str, Any] | None = None) -> list[SeedProblem]:
        """What is wrong with the entities `state` seeds (default: the world's state), as
        ``(path inside the state, message)`` pairs; empty when nothing is.

        A top-level key naming a kind some tool answers or takes (``account``) holds a mapping from
        each entity's id to its fields, and each field must be one the tools answer and fit the
        schema of every answer that holds the entity (as a scripted partial answer must): the
        world answers a seeded entity as given, so a field that breaks the schema would be dropped
        and generated instead, and an undeclared one never answered. Other top-level keys hold
        plain data, except one close to a kind's name (``acount``) or holding entities of a kind
        no tool knows. Register the tools (and declare lifecycles and natural keys) first.
        """
        tools = self._tools.planned()
        referred = {kind for _, plan in tools for _, kind in plan.id_params}
        referred |= {plan.kind for _, plan in tools if plan.key_params}
        return seed_problems(self.state if state is None else state, entity_shapes(tools), referred)
