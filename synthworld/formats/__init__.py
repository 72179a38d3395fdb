"""Provider formats: how OpenAI, Anthropic, MCP and prompts describe tools and carry tool calls.

Each module is a set of pure functions on plain data: ``tool_definition`` renders any tool-like
object (a `synthworld.ToolSpec`), ``read_tool`` reads a definition back into `ToolParts`, and the
readers of messages turn a model's tool calls into `CallRequest` records with a matching reply
renderer. Users reach them through methods: ``spec.to_openai()``, ``ToolSpec.from_mcp(tool)``,
``world.handle_openai(message)``. Round trips keep everything a format can carry: OpenAI and
Anthropic definitions have no output schema or annotations (pass ``returns=`` when importing),
MCP tools carry both. `bfcl` only reads: the Berkeley Function Calling Leaderboard's tool docs
(``ToolSpec.from_bfcl(doc)``), Gorilla's types read as bfcl-eval reads them.
"""

from synthworld.formats import anthropic, bfcl, mcp, openai, prompt
from synthworld.formats.common import CallRequest, ToolLike, ToolParts
from synthworld.formats.strict import fits_strict, strict_problems

__all__ = [
    "CallRequest",
    "ToolLike",
    "ToolParts",
    "anthropic",
    "bfcl",
    "fits_strict",
    "mcp",
    "openai",
    "prompt",
    "strict_problems",
]
