"""synthworld: test LLM agents against synthetic, reproducible tool worlds."""

from synthworld._redact import Redactor, get_redactor, redact, register_secret, set_redactor
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
from synthworld.cassette import CassetteDriftWarning, RecordMode, matchers
from synthworld.errors import (
    BackendError,
    CassetteError,
    CassetteIOError,
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
from synthworld.scenario import Scenario, ScenarioResult, load_scenario
from synthworld.schema import generate
from synthworld.spec import Binding, ToolAnnotations, ToolSpec, tool
from synthworld.trace import ToolCall, Trace
from synthworld.world import Fault, FaultPlan, SimulatedClock, SyntheticWorld, WorldState

__all__ = [
    "Answer",
    "AnthropicBackend",
    "Backend",
    "BackendError",
    "Binding",
    "CallContext",
    "CassetteDriftWarning",
    "CassetteError",
    "CassetteIOError",
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
    "Redactor",
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
    "get_redactor",
    "load_scenario",
    "matchers",
    "redact",
    "register_secret",
    "set_redactor",
    "tool",
]
