"""Provider formats: OpenAI, Anthropic, MCP and prompt exports and imports; tool-call dispatch.

Usually reached through methods: ``spec.to_openai()``, ``ToolSpec.from_mcp(tool)``,
``world.to_anthropic()``, ``world.handle_openai(message)``. Round trips keep everything a format
can carry: OpenAI and Anthropic definitions have no output schema or annotations (pass
``returns=`` when importing), MCP tools carry both.
"""

from synthworld._dispatch import ToolOutcome, handle_anthropic, handle_openai, invoke
from synthworld._formats_anthropic import spec_from_anthropic, spec_to_anthropic
from synthworld._formats_mcp import spec_from_mcp, spec_to_mcp
from synthworld._formats_openai import spec_from_openai, spec_to_openai
from synthworld._formats_prompt import spec_to_prompt
from synthworld._formats_strict import strict_problems

__all__ = [
    "ToolOutcome",
    "handle_anthropic",
    "handle_openai",
    "invoke",
    "spec_from_anthropic",
    "spec_from_mcp",
    "spec_from_openai",
    "spec_to_anthropic",
    "spec_to_mcp",
    "spec_to_openai",
    "spec_to_prompt",
    "strict_problems",
]
