"""Declaring what names cannot say: a tool's lifecycle and a kind's natural key (a mixin of
`SyntheticWorld`)."""

from __future__ import annotations

from synthworld.world.base import WorldBase

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
