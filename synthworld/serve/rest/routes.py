"""Which operation a request is for: the world's OpenAPI tools by method and path template."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

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
    loose: re.Pattern[str]
    """`pattern` with its groups allowed to be empty, to tell when a path leaves one empty."""

    @classmethod
    def of(cls, spec: ToolSpec) -> Route:
        """The route of an OpenAPI tool (``spec.metadata["openapi"]``)."""
        meta = spec.metadata["openapi"]
        template = f"{meta.get('base_path', '')}{meta['path']}"
        names = tuple(_TEMPLATE.findall(template))
        parts = _TEMPLATE.split(template)  # literal, name, literal, name, ..., literal

        def regex(segment: str) -> re.Pattern[str]:
            return re.compile(
                "".join(
                    re.escape(part) if i % 2 == 0 else f"(?P<p{i // 2}>{segment})"
                    for i, part in enumerate(parts)
                )
            )

        return cls(spec, str(meta["method"]).upper(), template, regex("[^/]+"), names, regex("[^/]*"))

    @property
    def literal_length(self) -> int:
        """How much of the template is fixed text: ``/pets/mine`` outranks ``/pets/{id}``."""
        return len(_TEMPLATE.sub("", self.template))

    def match(self, path: str, *, slash: bool = True) -> dict[str, str] | None:
        """The path parameters when `path` (percent-decoded) is one of this route's, else None;
        a trailing ``/`` is tolerated (``/v1/pets/`` is ``/v1/pets``) unless `slash` is false."""
        found = self.pattern.fullmatch(path)
        if found is None and slash and path.endswith("/"):
            found = self.pattern.fullmatch(path[:-1])
        if found is None:
            return None
        return {name: found.group(f"p{i}") for i, name in enumerate(self.names)}

    def empty(self, path: str) -> tuple[str, ...]:
        """The path parameters `path` leaves empty where it is otherwise this route's path
        (``product`` of ``/v1/products/{product}`` for ``/v1/products/``); none when it is not."""
        found = self.loose.fullmatch(path)
        if found is None:
            return ()
        return tuple(name for i, name in enumerate(self.names) if not found.group(f"p{i}"))


@dataclass(frozen=True)
class Match:
    """What a request's method and path found: a route, or the methods its path allows."""

    route: Route | None
    """The operation asked for (None: the path is unknown, or not with this method)."""
    params: Mapping[str, str]
    """The path parameters by their names in the template, as text."""
    allowed: tuple[str, ...]
    """The methods documented for the path (empty: no operation has this path)."""
    empty: tuple[str, ...] = ()
    """The path parameters the path leaves empty, where it would be `unfilled`'s path with them."""
    unfilled: Route | None = None
    """The operation whose path this is but for its `empty` parameters (its path is not found)."""


class RouteTable:
    """The routes of a world's OpenAPI tools, the most literal template first."""

    def __init__(self, specs: Iterable[ToolSpec]) -> None:
        routes = [Route.of(spec) for spec in specs if isinstance(spec.metadata.get("openapi"), Mapping)]
        self.routes = sorted(routes, key=lambda route: -route.literal_length)

    def find(self, method: str, path: str) -> Match:
        """The route for `method` and `path`; HEAD falls back to GET as HTTP servers do.

        A path that is an operation's but for an empty path parameter (``/v1/products/`` beside
        ``/v1/products/{product}``) is no match for that method, as in most web frameworks, even
        where a trailing ``/`` would make it another operation's path: that tolerance holds only
        where no template of the method lies under the path."""
        exact: dict[str, tuple[Route, dict[str, str]]] = {}
        slashed: dict[str, tuple[Route, dict[str, str]]] = {}
        empty: dict[str, tuple[Route, tuple[str, ...]]] = {}
        for route in self.routes:
            if (params := route.match(path, slash=False)) is not None:
                exact.setdefault(route.method, (route, params))
            elif (params := route.match(path)) is not None:
                slashed.setdefault(route.method, (route, params))
            elif names := route.empty(path):
                empty.setdefault(route.method, (route, names))
        found = {verb: hit for verb, hit in slashed.items() if verb not in empty} | exact
        allowed = tuple(found)
        wanted = "GET" if method == "HEAD" and method not in {*found, *empty} else method
        if wanted in found:
            route, params = found[wanted]
            return Match(route, params, allowed)
        if wanted in empty or (empty and not found):
            route, names = empty.get(wanted) or next(iter(empty.values()))
            return Match(None, {}, (), names, route)
        return Match(None, {}, allowed)
