"""synthworld: test LLM agents against synthetic, reproducible tool worlds."""

from typing import TYPE_CHECKING

from synthworld._lazy import attach
from synthworld._redact import Redactor, get_redactor, redact, register_secret, set_redactor
from synthworld._version import __version__
from synthworld.errors import (
    BackendError,
    CassetteError,
    CassetteIOError,
    EvalReportError,
    FaultConfigError,
    FixtureMissError,
    FormatError,
    MissingReturnTypeWarning,
    ScenarioError,
    SchemaError,
    SourceError,
    SynthworldError,
    SynthworldWarning,
    ToolError,
    ToolInputError,
    ToolSpecError,
    TraceError,
    UnknownToolError,
    UnsatisfiableSchemaError,
)

if TYPE_CHECKING:  # the names below, as type checkers see them
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
    from synthworld.eval import (
        EvalCancelled,
        EvalInterrupted,
        EvalReport,
        RunRecord,
        evaluate,
        evaluate_async,
    )
    from synthworld.scenario import Scenario, ScenarioResult, load_scenario
    from synthworld.schema import generate
    from synthworld.sources import McpBackend, bfcl_tools, mcp_tools, openapi_tools
    from synthworld.spec import Binding, ToolAnnotations, ToolSpec, tool
    from synthworld.trace import ToolCall, Trace
    from synthworld.world import (
        HAZARD_KINDS,
        Coverage,
        Fault,
        FaultPlan,
        SimulatedClock,
        SyntheticWorld,
        ToolStub,
        WorldState,
    )

    # the parts they come from, as attributes (at run time `attach` finds any submodule)
    from . import backends as backends
    from . import cassette as cassette
    from . import errors as errors
    from . import eval as eval
    from . import scenario as scenario
    from . import schema as schema
    from . import sources as sources
    from . import spec as spec
    from . import trace as trace
    from . import world as world

_ORIGINS = {
    "synthworld.backends": (
        "Answer",
        "AnthropicBackend",
        "Backend",
        "CallContext",
        "FixtureBackend",
        "FunctionBackend",
        "HandlerBackend",
        "HypothesisBackend",
        "LLMBackend",
        "RandomBackend",
    ),
    "synthworld.cassette": ("CassetteDriftWarning", "RecordMode", "matchers"),
    "synthworld.eval": (
        "EvalCancelled",
        "EvalInterrupted",
        "EvalReport",
        "RunRecord",
        "evaluate",
        "evaluate_async",
    ),
    "synthworld.scenario": ("Scenario", "ScenarioResult", "load_scenario"),
    "synthworld.schema": ("generate",),
    "synthworld.sources": ("McpBackend", "bfcl_tools", "mcp_tools", "openapi_tools"),
    "synthworld.spec": ("Binding", "ToolAnnotations", "ToolSpec", "tool"),
    "synthworld.trace": ("ToolCall", "Trace"),
    "synthworld.world": (
        "HAZARD_KINDS",
        "Coverage",
        "Fault",
        "FaultPlan",
        "SimulatedClock",
        "SyntheticWorld",
        "ToolStub",
        "WorldState",
    ),
}
"""Where each name not imported above lives: imported on first use (see `synthworld._lazy`), so
loading the pytest plugin, which every pytest run does, costs little until a test uses synthworld."""
if not TYPE_CHECKING:  # checkers read the imports above, so a misspelt name is an error, not Any
    __getattr__, __dir__ = attach(__name__, _ORIGINS)

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
    "Coverage",
    "EvalCancelled",
    "EvalInterrupted",
    "EvalReport",
    "EvalReportError",
    "Fault",
    "FaultConfigError",
    "FaultPlan",
    "FixtureBackend",
    "FixtureMissError",
    "FormatError",
    "FunctionBackend",
    "HAZARD_KINDS",
    "HandlerBackend",
    "HypothesisBackend",
    "LLMBackend",
    "McpBackend",
    "MissingReturnTypeWarning",
    "RandomBackend",
    "RecordMode",
    "Redactor",
    "RunRecord",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "SchemaError",
    "SimulatedClock",
    "SourceError",
    "SyntheticWorld",
    "SynthworldError",
    "SynthworldWarning",
    "ToolAnnotations",
    "ToolCall",
    "ToolError",
    "ToolInputError",
    "ToolSpec",
    "ToolSpecError",
    "ToolStub",
    "Trace",
    "TraceError",
    "UnknownToolError",
    "UnsatisfiableSchemaError",
    "WorldState",
    "__version__",
    "bfcl_tools",
    "evaluate",
    "evaluate_async",
    "generate",
    "get_redactor",
    "load_scenario",
    "matchers",
    "mcp_tools",
    "openapi_tools",
    "redact",
    "register_secret",
    "set_redactor",
    "tool",
]
