"""Tool names (``^[a-zA-Z0-9_-]{1,64}$``) and parameter names (``^[a-zA-Z0-9_.-]{1,64}$``) every
provider accepts, unique within a document or a tool."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["NAME_PATTERN", "PARAMETER_PATTERN", "Names", "fitted", "parameter_name"]

NAME_PATTERN = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
"""What OpenAI, Anthropic and MCP clients all accept as a tool name."""
PARAMETER_PATTERN = re.compile(r"^[a-zA-Z0-9_.-]{1,64}$")
"""What Anthropic accepts as a property key of a tool's input (its API refuses the whole request
otherwise); OpenAPI parameters such as ``page[size]``, ``$top`` or ``@type`` break it."""
_BAD = re.compile(r"[^a-zA-Z0-9_-]+")
_BAD_KEY = re.compile(r"[^a-zA-Z0-9_.-]+")
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
            base = _safe(re.sub(r"[^a-zA-Z0-9]+", "_", _ascii(f"{method}_{path}"))) or method
        name, n = base, 1
        while name in self._taken:
            n += 1
            name = fitted(base, f"_{n}")
        self._taken.add(name)
        return name


def _safe(text: str) -> str:
    return _BAD.sub("_", _ascii(text)).strip("_")[:_LIMIT].rstrip("_")


def _ascii(text: str) -> str:
    """`text` with accents dropped (``récupérer``: ``recuperer``); other non-ASCII letters stay,
    for the caller to replace."""
    if text.isascii():
        return text
    folded = unicodedata.normalize("NFKD", text)
    return "".join(char for char in folded if not unicodedata.combining(char))


def parameter_name(name: str, fallback: str) -> str:
    """`name` as an input property key every provider takes: ``page[size]`` becomes ``page_size``,
    ``$top`` ``top``; `fallback` when nothing of it is left."""
    if PARAMETER_PATTERN.match(name):
        return name
    return _BAD_KEY.sub("_", _ascii(name)).strip("_")[:_LIMIT].rstrip("_") or fallback


def fitted(stem: str, suffix: str) -> str:
    """``stem + suffix`` cut to the 64 characters a name may have, keeping the whole suffix."""
    return stem[: _LIMIT - len(suffix)] + suffix
