"""``AnthropicBackend``: the LLM backend over Anthropic's Messages API, with a forced tool call.

Claude returns the output as the input of a tool it is forced to call (``tool_choice``), whose
``input_schema`` is the tool's ``returns`` (wrapped in ``{"result": ...}`` when it is not an
object). A rejected answer goes back as an ``is_error`` tool result listing the problems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from typing_extensions import Unpack

from synthworld.backends.llm.loop import (
    Conversation,
    RepairingBackend,
    Vendor,
    add_usage,
)
from synthworld.backends.llm.options import LLMOptions
from synthworld.backends.llm.output import needs_envelope, output_schema, unwrap
from synthworld.backends.llm.prompt import SYSTEM_PROMPT, build_messages, repair_message
from synthworld.backends.llm.replies import stop_problems

if TYPE_CHECKING:
    import anthropic

    from synthworld.backends.base import CallContext

__all__ = ["AnthropicBackend"]

ANTHROPIC = Vendor(
    module="anthropic",
    backend="AnthropicBackend",
    install="synthworld[anthropic]",
    key_env="ANTHROPIC_API_KEY",
    base_env="ANTHROPIC_BASE_URL",
    client_class="Anthropic",
    default_url="https://api.anthropic.com",
    api_root="the API's root, without /v1 (https://api.anthropic.com)",
    needs_max_tokens=True,
    max_temperature=1.0,
)

OUTPUT_TOOL = "tool_output"
"""The name of the tool Claude is made to call with the output."""

_ONE_CALL = f"not read: only the first call to `{OUTPUT_TOOL}` is; call it once, with the output"
_SYSTEM = SYSTEM_PROMPT + f"\n\nGive the output by calling the tool `{OUTPUT_TOOL}` with it."


class AnthropicBackend(RepairingBackend):
    """Answers each call with a Claude model playing the tool, validated against its ``returns``.

    Same contract as `LLMBackend` (repair up to `max_attempts`, ``on_failure``, bounded retries,
    usage in the trace, the key never shown); the key comes from `api_key` or
    ``ANTHROPIC_API_KEY``. `max_tokens` is the limit of each reply; `temperature` (0 to 1) is
    sent only when given.
    """

    name = "anthropic"
    vendor = ANTHROPIC

    def __init__(
        self,
        model: str,
        *,
        client: anthropic.Anthropic | None = None,
        max_tokens: int = 2048,
        temperature: float | None = None,
        **options: Unpack[LLMOptions],
    ) -> None:
        super().__init__(model, client=client, max_tokens=max_tokens, temperature=temperature, **options)

    def _start(self, ctx: CallContext) -> Conversation:
        enveloped = needs_envelope(ctx.spec.returns)
        _, user = build_messages(ctx, context=self._context(ctx), history=self.history, enveloped=enveloped)
        return [user]

    def _ask(
        self, ctx: CallContext, conversation: Conversation, usage: dict[str, int]
    ) -> tuple[Any, list[str], Any]:
        create = self._client.messages.with_raw_response.create
        try:
            message = self._send(ctx, create, self._request(ctx, conversation))
        except self._sdk.AnthropicError as exc:
            raise self._transport_error(ctx, exc) from self._safe_cause(exc)
        counts = getattr(message, "usage", None)
        add_usage(usage, getattr(counts, "input_tokens", None), getattr(counts, "output_tokens", None))
        blocks = [_quote(block) for block in getattr(message, "content", None) or []]
        stopped = stop_problems(getattr(message, "stop_reason", None))
        call = _tool_call(blocks)
        if call is None:
            missing = f"there was no call to the tool `{OUTPUT_TOOL}`; call it with the output"
            return None, stopped or [missing], blocks
        value, problems = unwrap(call.get("input"), enveloped=needs_envelope(ctx.spec.returns))
        return value, stopped + problems, blocks

    def _repair(self, reply: Any, problems: list[str], ctx: CallContext) -> Conversation:
        """The reply, then the problems: in the ``tool_result`` of the call that was read (of
        every call when none was to `OUTPUT_TOOL`); the API refuses a ``tool_use`` left without
        its result, so any other call is answered too."""
        text = repair_message(problems, enveloped=needs_envelope(ctx.spec.returns))["content"]
        call = _tool_call(reply)
        assistant = {"role": "assistant", "content": reply or [{"type": "text", "text": "(no answer)"}]}
        uses = [block for block in reply or [] if block["type"] == "tool_use"]
        if not uses:
            return [assistant, {"role": "user", "content": text}]
        results = [
            {
                "type": "tool_result",
                "tool_use_id": block["id"],
                "is_error": True,
                "content": text if call is None or block is call else _ONE_CALL,
            }
            for block in uses
        ]
        return [assistant, {"role": "user", "content": results}]

    def _request(self, ctx: CallContext, conversation: Conversation) -> dict[str, Any]:
        tool = {
            "name": OUTPUT_TOOL,
            "description": f"Return the output of the tool {ctx.spec.name!r} for this call.",
            "input_schema": output_schema(ctx.spec.returns),
        }
        request: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": _SYSTEM,
            "messages": conversation,
            "tools": [tool],
            "tool_choice": {"type": "tool", "name": OUTPUT_TOOL},
        }
        if self.temperature is not None:
            request["extra_body"] = {"temperature": self.temperature}
        return request


def _quote(block: Any) -> dict[str, Any]:
    """A response content block as request content (only the fields the API takes back)."""
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    if block.type == "text":
        return {"type": "text", "text": block.text}
    return {"type": "text", "text": f"({block.type} block)"}


def _tool_call(blocks: list[dict[str, Any]] | None) -> dict[str, Any] | None:
    return next((b for b in blocks or [] if b["type"] == "tool_use" and b["name"] == OUTPUT_TOOL), None)
