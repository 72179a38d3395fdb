"""The agent of account_email.yaml: a pydantic-ai Agent whose model is scripted, so it runs offline.

The world hands its tools over with ``world.to_pydantic_ai()``; the scripted model reads the tool
results pydantic-ai gives back, as a real model would: a refused call comes back as a retry
prompt, an answer as the JSON value.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel


def agent(world: Any, task: str) -> str:
    """Look the account up, email its owner, and say so."""
    runner = Agent(FunctionModel(scripted_model), tools=world.to_pydantic_ai(), retries=2)
    return str(asyncio.run(runner.run(task)).output)  # run_sync would leave its event loop open


def scripted_model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """What a careful (if at first careless) model would say next."""
    task = str(messages[0].parts[-1].content)
    results = [part for m in messages if isinstance(m, ModelRequest) for part in m.parts if _is_result(part)]
    if not results:  # a first try with the id as a number: the world refuses it
        return _call("get_account", {"account_id": int(task.removeprefix("A-"))})
    last = results[-1]
    if last.tool_name == "get_account" and not isinstance(last.content, dict):
        return _call("get_account", {"account_id": task})  # the retry prompt said what was wrong
    if last.tool_name == "get_account":
        account = last.content
        body = f"Hello, your {account['plan']} plan is active."
        return _call("send_email", {"to": account["email"], "subject": "Your plan", "body": body})
    account = next(p.content for p in results if p.tool_name == "get_account" and isinstance(p.content, dict))
    return ModelResponse(
        parts=[TextPart(f"Emailed {account['email']} about the {account['plan']} plan of {task}")]
    )


def emailed_the_address_it_was_given(trace: Any, output: str) -> None:
    """The refused call was a retry, and the email went to the address the world answered with."""
    refused, found, sent = trace[0], trace[1], trace[2]
    assert refused.error["code"] == "invalid_input", refused.error
    assert sent.input["to"] == found.output["email"], (sent.input, found.output)


def _is_result(part: Any) -> bool:
    return hasattr(part, "tool_name") and hasattr(part, "content") and not isinstance(part, ToolCallPart)


def _call(tool: str, args: dict[str, Any]) -> ModelResponse:
    return ModelResponse(parts=[ToolCallPart(tool, args)])
