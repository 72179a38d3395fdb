"""Tool specs: a tool's interface as JSON Schema, built by hand or read off a typed Python stub."""

from synthworld.spec.annotations import ToolAnnotations
from synthworld.spec.binding import UNSET, Binding
from synthworld.spec.marker import TOOL_MARK, ToolOptions, stub_body, tool
from synthworld.spec.toolspec import ToolSpec

__all__ = ["TOOL_MARK", "UNSET", "Binding", "ToolAnnotations", "ToolOptions", "ToolSpec", "stub_body", "tool"]
