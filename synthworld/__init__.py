"""synthworld: test LLM agents against synthetic, reproducible tool worlds."""

from synthworld._binding import Binding
from synthworld._marker import tool
from synthworld._version import __version__
from synthworld.backends import (
    Answer,
    AnthropicBackend,
    Backend,
    CallContext,
    FixtureBackend,
    FunctionBackend,
    HandlerBackend,
    HypothesisBackend,
    LLMBackend,
    RandomBackend,
)
from synthworld.cassette import CassetteDriftWarning, RecordMode
from synthworld.clock import SimulatedClock
from synthworld.errors import (
    BackendError,
    CassetteError,
    FaultConfigError,
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
from synthworld.eval import EvalReport, RunRecord, evaluate
from synthworld.faults import Fault, FaultPlan
from synthworld.scenario import Scenario, ScenarioResult, load_scenario
from synthworld.schema import generate
from synthworld.spec import ToolAnnotations, ToolSpec
from synthworld.state import WorldState
from synthworld.trace import ToolCall, Trace
from synthworld.world import SyntheticWorld

__all__ = [
    "Answer",
    "AnthropicBackend",
    "Backend",
    "BackendError",
    "Binding",
    "CallContext",
    "CassetteDriftWarning",
    "CassetteError",
    "EvalReport",
    "Fault",
    "FaultConfigError",
    "FaultPlan",
    "FixtureBackend",
    "FixtureMissError",
    "FunctionBackend",
    "HandlerBackend",
    "HypothesisBackend",
    "LLMBackend",
    "RandomBackend",
    "RecordMode",
    "RunRecord",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
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
    "WorldState",
    "__version__",
    "evaluate",
    "generate",
    "load_scenario",
    "tool",
]
