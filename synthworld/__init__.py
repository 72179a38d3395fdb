"""synthworld: test LLM agents against synthetic, reproducible tool worlds."""

from synthworld._marker import tool
from synthworld._version import __version__
from synthworld.backends import Answer, Backend, CallContext, FunctionBackend, RandomBackend
from synthworld.clock import SimulatedClock
from synthworld.errors import (
    BackendError,
    CassetteError,
    FixtureMissError,
    ScenarioError,
    SchemaError,
    SynthworldError,
    ToolError,
    ToolInputError,
    ToolSpecError,
    UnknownToolError,
    UnsatisfiableSchemaError,
)
from synthworld.schema import generate
from synthworld.spec import ToolAnnotations, ToolSpec
from synthworld.trace import ToolCall, Trace
from synthworld.world import SyntheticWorld

__all__ = [
    "Answer",
    "Backend",
    "BackendError",
    "CallContext",
    "CassetteError",
    "FixtureMissError",
    "FunctionBackend",
    "RandomBackend",
    "ScenarioError",
    "SchemaError",
    "SimulatedClock",
    "SyntheticWorld",
    "SynthworldError",
    "ToolAnnotations",
    "ToolCall",
    "ToolError",
    "ToolInputError",
    "ToolSpec",
    "ToolSpecError",
    "Trace",
    "UnknownToolError",
    "UnsatisfiableSchemaError",
    "__version__",
    "generate",
    "tool",
]
