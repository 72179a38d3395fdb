"""Hand a world's tools to agent frameworks: pydantic-ai, LangChain and the OpenAI Agents SDK.

Each adapter works on a `ToolSource` (anything with ``tools``, ``call`` and ``acall``, such as a
`SyntheticWorld`), keeps every tool's JSON Schema exactly, calls the world asynchronously, and
turns the agent's mistakes and simulated failures into what the framework shows its model (a
stub handed over directly too: see `synthworld.frameworks.failures`).
The frameworks are imported on first use (``pip install 'synthworld[frameworks]'``). Other
frameworks (LangGraph, LlamaIndex, smolagents, Google ADK, CrewAI) take ``world.stub(name)``, whose
signature and Google-style docstring describe the parameters: see bench/frameworks_more.py.
"""

from synthworld.frameworks.agents_sdk import to_openai_agents
from synthworld.frameworks.failures import openai_agents_failure
from synthworld.frameworks.langchain import to_langchain
from synthworld.frameworks.pydanticai import to_pydantic_ai
from synthworld.frameworks.source import ToolSource

__all__ = [
    "ToolSource",
    "openai_agents_failure",
    "to_langchain",
    "to_openai_agents",
    "to_pydantic_ai",
]
