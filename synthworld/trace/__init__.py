"""The trace: every call a world answered, in order, with queries, assertions and renderings."""

from synthworld.trace.calls import ToolCall, recordable_input, redacted_calls
from synthworld.trace.html import folded, render_trace_html
from synthworld.trace.trace import Trace

__all__ = ["ToolCall", "Trace", "folded", "recordable_input", "redacted_calls", "render_trace_html"]
