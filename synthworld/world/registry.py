"""The world's tools by name: each spec with its own backend (if any) and consistency plan, and
the conventions plans are read with (declared lifecycles and natural keys)."""

from __future__ import annotations

import difflib
import threading
import types
from collections.abc import Callable, Iterator, Mapping

from synthworld._gc import collector_paused
from synthworld._json import short_repr
from synthworld.backends import Backend
from synthworld.errors import UnknownToolError
from synthworld.spec import ToolSpec
from synthworld.world.consistency import ConsistencyPlan, plan_for
from synthworld.world.identity import Identities
from synthworld.world.kinds import KindBook, assigned_fields
from synthworld.world.lifecycle import declared

__all__ = ["RegisteredTool", "ToolRegistry"]


class RegisteredTool:
    """A registered tool and what the world precomputed for its calls."""

    __slots__ = ("_make_plan", "_plan", "backend", "spec")

    def __init__(
        self, spec: ToolSpec, backend: Backend | None, make_plan: Callable[[ToolSpec], ConsistencyPlan]
    ) -> None:
        self.spec = spec
        """The tool's interface."""
        self.backend = backend
        """Its own backend (None: the world's)."""
        self._make_plan = make_plan
        self._plan: ConsistencyPlan | None = None

    @property
    def plan(self) -> ConsistencyPlan:
        """What consistency work its calls need: read from its schemas when first asked for (a
        call of it, or of any tool that needs what every tool says about a kind), so a world
        registers the hundreds of tools of an OpenAPI spec without reading those no test calls.
        Two threads asking at once read the same plan."""
        plan = self._plan
        if plan is None:
            plan = self._plan = self._make_plan(self.spec)
        return plan

    def __repr__(self) -> str:
        return f"RegisteredTool({self.spec.name!r}, backend={self.backend!r})"


class ToolRegistry:
    """Registered tools in registration order; thread-safe to add to."""

    def __init__(self) -> None:
        self._tools: dict[str, RegisteredTool] = {}
        self._lock = threading.Lock()
        self._identities = Identities()
        self._lifecycles: dict[str, tuple[str, str | None]] = {}
        self._kinds: KindBook | None = None

    def add(self, spec: ToolSpec, backend: Backend | None) -> RegisteredTool:
        """Register `spec` (replacing a tool of the same name)."""
        tool = RegisteredTool(spec, backend, self._plan)
        with self._lock:
            self._tools[spec.name] = tool
            self._kinds = None
        return tool

    def _plan(self, spec: ToolSpec) -> ConsistencyPlan:
        verb, kind = self._lifecycles.get(spec.name, (None, None))
        return plan_for(spec, lifecycle=verb, kind=kind, identities=self._identities)

    def declare_lifecycle(self, name: str, verb: str, kind: str | None = None) -> None:
        """Tool `name` has lifecycle `verb` (and acts on `kind`); `ValueError` for an unknown verb."""
        tool = self.get(name)
        declared(verb)  # raises, naming the choices
        self._lifecycles[tool.spec.name] = (verb, kind)
        self._replan()

    def declare_lifecycles(self, lifecycles: Mapping[str, tuple[str, str | None]]) -> None:
        """`declare_lifecycle` for many tools at once (``{name: (verb, kind)}``), planned once."""
        for name, (verb, _) in lifecycles.items():
            self.get(name)
            declared(verb)
        self._lifecycles.update(lifecycles)
        self._replan()

    def declare_identity(self, kind: str, key: str) -> None:
        """Objects of `kind` are named by `key`."""
        self._identities.declare(kind, key)
        self._replan()

    def _replan(self) -> None:
        with self._lock:
            for name, tool in self._tools.items():
                self._tools[name] = RegisteredTool(tool.spec, tool.backend, self._plan)
            self._kinds = None

    def kinds(self) -> KindBook:
        """What all tools say about each kind (built again after a tool is added). Built with the
        cyclic garbage collector paused: reading every tool's plan (1,223 for GitHub's REST API)
        is a burst of long-lived objects whose collections walked the whole heap of a world that
        has answered calls, and doubled the CPU time of the first call that needs the book."""
        book = self._kinds
        if book is None:
            with collector_paused():
                tools = list(self._tools.values())  # a snapshot: reading plans takes a while
                plans = [tool.plan.shapes for tool in tools if tool.plan.shapes is not None]
                members = [
                    (tool.plan.kind, tool.plan.member) for tool in tools if tool.plan.member is not None
                ]
                added = [(kind, m.key) for kind, m in members if m.op == "add" and m.key is not None]
                children = [
                    (parent, tool.plan.top_kind)
                    for tool in tools
                    if tool.plan.lifecycle.family == "create"
                    for parent in sorted(tool.plan.parents)
                ]
                assigned = [
                    (tool.plan.kind, key) for tool in tools if tool.plan.lifecycle.verb == "assign"
                    for key in assigned_fields(tool.plan)
                ]  # fmt: skip
                book = self._kinds = KindBook(plans, added=added, children=children, assigned=assigned)
        return book

    def planned(self) -> list[tuple[ToolSpec, ConsistencyPlan]]:
        """Every tool's spec and consistency plan, in registration order."""
        return [(tool.spec, tool.plan) for tool in list(self._tools.values())]

    def get(self, name: str) -> RegisteredTool:
        """The tool named `name`; `UnknownToolError` naming the closest one otherwise."""
        known = ", ".join(self._tools) or "none"
        if not isinstance(name, str):
            raise UnknownToolError(
                f"a tool name is a string, got {type(name).__name__} {short_repr(name)}; "
                f"registered tools: {known}."
            )
        found = self._tools.get(name)
        if found is not None:
            return found
        close = difflib.get_close_matches(name, self._tools, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise UnknownToolError(
            f"no tool named {short_repr(name)} in this world.{hint} Registered tools: {known}."
        )

    def specs(self) -> Mapping[str, ToolSpec]:
        """The specs by name (a read-only snapshot)."""
        return types.MappingProxyType({name: tool.spec for name, tool in self._tools.items()})

    def backends(self) -> list[Backend]:
        """Every tool's own backend, in registration order."""
        return [tool.backend for tool in self._tools.values() if tool.backend is not None]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._tools))

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)
