"""Which operation a request is for: the world's OpenAPI tools by method and path template."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from synthworld.spec import ToolSpec

__all__ = ["Match", "Route", "RouteTable"]

_TEMPLATE = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class Route:
    """One operation: its tool, and the pattern of the paths it answers."""

    spec: ToolSpec
    """The tool the operation became."""
    method: str
    """The HTTP method, upper case."""
    template: str
    """The documented path with its base path, ``/v1/pets/{petId}``."""
    pattern: re.Pattern[str]
    """`template` as a regular expression, one named group per template expression."""
    names: tuple[str, ...]
    """The template expressions in order (``petId``), one per group ``p0``, ``p1``..."""

    @classmethod
    def of(cls, spec: ToolSpec) -> Route:
        """The route of an OpenAPI tool (``spec.metadata["openapi"]``)."""
        meta = spec.metadata["openapi"]
        template = f"{meta.get('base_path', '')}{meta['path']}"
        names = tuple(_TEMPLATE.findall(template))
        parts = _TEMPLATE.split(template)  # literal, name, literal, name, ..., literal
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<p{i // 2}>[^/]+)" for i, part in enumerate(parts)
        )
        return cls(spec, str(meta["method"]).upper(), template, re.compile(f"{regex}/?"), names)

    @property
    def literal_length(self) -> int:
        """How much of the template is fixed text: ``/pets/mine`` outranks ``/pets/{id}``."""
        return len(_TEMPLATE.sub("", self.template))

    def match(self, path: str) -> dict[str, str] | None:
        """The path parameters when `path` (percent-decoded) is one of this route's, else None."""
        found = self.pattern.fullmatch(path)
        if found is None:
            return None
        return {name: found.group(f"p{i}") for i, name in enumerate(self.names)}


@dataclass(frozen=True)
class Match:
    """What a request's method and path found: a route, or the methods its path allows."""

    route: Route | None
    """The operation asked for (None: the path is unknown, or not with this method)."""
    params: Mapping[str, str]
    """The path parameters by their names in the template, as text."""
    allowed: tuple[str, ...]
    """The methods documented for the path (empty: no operation has this path)."""


class RouteTable:
    """The routes of a world's OpenAPI tools, the most literal template first."""

    def __init__(self, specs: Iterable[ToolSpec]) -> None:
        routes = [Route.of(spec) for spec in specs if isinstance(spec.metadata.get("openapi"), Mapping)]
        self.routes = sorted(routes, key=lambda route: -route.literal_length)

    def find(self, method: str, path: str) -> Match:
        """The route for `method` and `path`; HEAD falls back to GET as HTTP servers do."""
        allowed: dict[str, tuple[Route, dict[str, str]]] = {}
        for route in self.routes:
            params = route.match(path)
            if params is not None and route.method not in allowed:
                allowed[route.method] = (route, params)
        wanted = method if method in allowed or method != "HEAD" else "GET"
        hit: Any = allowed.get(wanted)
        if hit is None:
            return Match(None, {}, tuple(allowed))
        return Match(hit[0], hit[1], tuple(allowed))
