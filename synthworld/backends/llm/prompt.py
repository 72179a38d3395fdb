"""The chat messages the LLM backend sends: what to simulate, and how to repair a bad answer.

Modelled on ToolEmu's emulator prompt: the model plays the tool, keeps to the output schema,
stays consistent with the world's facts and earlier outputs, and invents realistic, specific
values instead of placeholders.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from synthworld.backends.llm.output import ENVELOPE_KEY

if TYPE_CHECKING:
    from synthworld.backends.base import CallContext
    from synthworld.trace import ToolCall

__all__ = ["SYSTEM_PROMPT", "build_messages", "history_lines", "repair_message"]

Message = dict[str, str]

SYSTEM_PROMPT = """\
You simulate a software tool inside a synthetic test world for an AI agent. For each call you \
get the tool's name and description, the JSON Schema of its input (what each parameter means, \
its defaults), the JSON Schema its output must satisfy, facts that hold \
in this world, the tool calls made so far, and the input of the current call. Reply with the one \
output the real tool would most plausibly return for this call.

Requirements:
1. Schema: the output must satisfy the output schema exactly: every required field, the right \
types and formats, no fields the schema does not allow.
2. Realism: write what the real tool would return, with concrete, specific values: real-looking \
names, IDs, addresses, dates, amounts and messages. Never use placeholders such as \
"example.com", "John Doe", "foo", "string", "xxx", "12345", "lorem ipsum" or "<value>".
3. Consistency: never contradict the world facts or any earlier output. Reuse the same IDs, \
names, amounts and states for the same things, and reflect the effects of earlier calls.
4. Input: the output answers this call's input (the entity asked for, the filters given).

Reply with JSON only: no explanations, no markdown, no code fences."""


def build_messages(ctx: CallContext, *, context: str | None, history: int, enveloped: bool) -> list[Message]:
    """The system and user messages asking for one output of ``ctx.spec`` for ``ctx.input``."""
    spec = ctx.spec
    sections = [
        f"Tool: {spec.name}",
        f"Description: {spec.description or '(none given)'}",
        f"Input schema (JSON Schema):\n{_json(spec.parameters)}",
        f"Output schema (JSON Schema):\n{_json(spec.returns)}",
        f"World facts:\n{context.strip() if context else '(none given)'}",
        f"Calls so far (oldest first):\n{history_lines(ctx.trace[-history:] if history > 0 else [])}",
        f"Known records this call refers to (keep them consistent):\n{_entities(ctx)}",
        f"Current time in the world: {ctx.now.isoformat()}",
        f"Input of this call:\n{_json(dict(ctx.input))}",
        _reply_instruction(enveloped),
    ]
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "\n\n".join(sections)}]


def _entities(ctx: CallContext) -> str:
    return _json(dict(ctx.related)) if ctx.related else "(none)"


def history_lines(calls: Sequence[ToolCall]) -> str:
    """Earlier calls as compact JSON, one per line (``(none)`` when there are none)."""
    if not calls:
        return "(none)"
    return "\n".join(_json(_call_record(call), compact=True) for call in calls)


def _call_record(call: ToolCall) -> dict[str, Any]:
    record: dict[str, Any] = {"tool": call.tool, "input": call.input}
    if call.error is not None:
        record["error"] = {k: call.error[k] for k in ("code", "message") if k in call.error}
    else:
        record["output"] = call.output
    return record


def repair_message(problems: Sequence[str], *, enveloped: bool) -> Message:
    """The user message that sends an invalid answer's problems back for a corrected one."""
    listed = "\n".join(f"- {problem}" for problem in problems)
    content = f"That output was rejected:\n{listed}\n\nFix every problem. {_reply_instruction(enveloped)}"
    return {"role": "user", "content": content}


def _reply_instruction(enveloped: bool) -> str:
    if enveloped:
        return (
            f'Reply with a JSON object {{"{ENVELOPE_KEY}": <output>}} whose "{ENVELOPE_KEY}" is the '
            "tool's output, and nothing else."
        )
    return "Reply with the tool's output as a JSON object, and nothing else."


def _json(value: Any, *, compact: bool = False) -> str:
    if compact:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)
