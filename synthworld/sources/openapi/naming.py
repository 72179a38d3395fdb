"""Tool names every provider accepts (``^[a-zA-Z0-9_-]{1,64}$``), unique within a document."""

from __future__ import annotations

import re

__all__ = ["NAME_PATTERN", "Names"]

NAME_PATTERN = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
"""What OpenAI, Anthropic and MCP clients all accept as a tool name."""
_BAD = re.compile(r"[^a-zA-Z0-9_-]+")
_LIMIT = 64


class Names:
    """Hands out safe, unique tool names: from an ``operationId``, else from method and path."""

    def __init__(self) -> None:
        self._taken: set[str] = set()

    def take(self, operation_id: object, method: str, path: str) -> str:
        """The name for one operation (``getPet`` stays ``getPet``; ``pets/list.all`` becomes
        ``pets_list_all``; no id: ``get_pets_petId``; a taken name gets ``_2``, ``_3``...)."""
        base = _safe(operation_id) if isinstance(operation_id, str) else ""
        if not base:
            base = _safe(re.sub(r"[^a-zA-Z0-9]+", "_", f"{method}_{path}")) or method
        name, n = base, 1
        while name in self._taken:
            n += 1
            suffix = f"_{n}"
            name = base[: _LIMIT - len(suffix)] + suffix
        self._taken.add(name)
        return name


def _safe(text: str) -> str:
    return _BAD.sub("_", text).strip("_")[:_LIMIT].rstrip("_")
