"""`ServerIdentity`: how a live MCP server introduces itself in ``initialize`` (its
``serverInfo``, ``instructions`` and ``capabilities``), kept in each tool's
``spec.metadata["mcp_server"]`` so a twin introduces itself the same way, also when built from
tool specs saved with ``to_dict()``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from synthworld._json import canonical_json
from synthworld.spec import ToolSpec

__all__ = ["SERVER_KEY", "ServerIdentity"]

SERVER_KEY = "mcp_server"
"""The ``spec.metadata`` key holding the identity of the server a tool was listed by."""


@dataclasses.dataclass(frozen=True)
class ServerIdentity:
    """A server's ``initialize`` introduction."""

    info: Mapping[str, Any]
    """Its ``serverInfo`` as sent (``name``, ``version``, and ``title``, ``description``,
    ``websiteUrl``, ``icons`` when given)."""
    instructions: str | None = None
    """Its ``instructions`` for the model, if any."""
    capabilities: Mapping[str, Any] | None = None
    """Its ``capabilities`` as sent (``{"tools": {...}, "prompts": {...}, ...}``); ``None`` when
    not known (specs saved before synthworld kept them)."""

    def claims(self, capability: str) -> bool:
        """Whether the server claimed `capability` (``"prompts"``, ``"resources"``...)."""
        return self.capabilities is not None and isinstance(self.capabilities.get(capability), Mapping)

    @classmethod
    def from_client(cls, client: Any) -> ServerIdentity | None:
        """What a connected ``mcp.Client`` was told (``None`` when the server gave no ``serverInfo``)."""
        info = client.server_info
        if info is None:
            return None
        sent = {"mode": "json", "by_alias": True, "exclude_none": True}
        capabilities = client.server_capabilities.model_dump(**sent)
        return cls(info.model_dump(**sent), client.instructions, capabilities)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in ``spec.metadata["mcp_server"]``."""
        data: dict[str, Any] = {"serverInfo": dict(self.info)}
        if self.instructions is not None:
            data["instructions"] = self.instructions
        if self.capabilities is not None:
            data["capabilities"] = dict(self.capabilities)
        return data

    @classmethod
    def of(cls, specs: Iterable[ToolSpec]) -> ServerIdentity | None:
        """The one server identity `specs` were listed with; ``None`` when none carries one or
        they came from servers that introduce themselves differently."""
        kept = [spec.metadata.get(SERVER_KEY) for spec in specs]
        found = {canonical_json(data): data for data in kept if isinstance(data, Mapping)}
        if len(found) != 1:
            return None
        data = next(iter(found.values()))
        info = data.get("serverInfo")
        if not isinstance(info, Mapping) or not isinstance(info.get("name"), str):
            return None
        instructions = data.get("instructions")
        capabilities = data.get("capabilities")
        return cls(
            dict(info),
            instructions if isinstance(instructions, str) else None,
            dict(capabilities) if isinstance(capabilities, Mapping) else None,
        )

    def stamp(self, spec: ToolSpec) -> ToolSpec:
        """`spec`, its metadata carrying this identity."""
        return dataclasses.replace(spec, metadata={**spec.metadata, SERVER_KEY: self.to_dict()})
