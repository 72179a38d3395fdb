"""``LLMBackend``: plausible, context-aware answers from any OpenAI-compatible chat model.

Every answer is validated against the tool's ``returns`` schema; invalid ones go back to the
model with the problems for repair.
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING, Any

from typing_extensions import Unpack

from synthworld.backends.llm.loop import (
    Conversation,
    RepairingBackend,
    Vendor,
    add_usage,
    log,
)
from synthworld.backends.llm.options import LLMOptions
from synthworld.backends.llm.output import (
    MODES,
    is_format_rejection,
    needs_envelope,
    output_schema,
    read_answer,
    response_format,
)
from synthworld.backends.llm.prompt import build_messages, repair_message
from synthworld.backends.llm.replies import completion_reply

if TYPE_CHECKING:
    import openai

    from synthworld.backends.base import CallContext

__all__ = ["LLMBackend"]

OPENAI = Vendor(
    module="openai",
    backend="LLMBackend",
    install="synthworld[llm]",
    key_env="OPENAI_API_KEY",
    base_env="OPENAI_BASE_URL",
    client_class="OpenAI",
    default_url="https://api.openai.com/v1",
    api_root="the API's root, ending in /v1 (https://api.openai.com/v1, http://localhost:11434/v1)",
)


class LLMBackend(RepairingBackend):
    """Answers each call with a chat model playing the tool, validated against its ``returns``.

    Works with OpenAI and any OpenAI-compatible server (Azure OpenAI via ``client=AzureOpenAI(...)``,
    vLLM, Ollama, llama.cpp, LM Studio via ``base_url=``). The API key comes from `api_key` or
    ``OPENAI_API_KEY`` and is never written to a trace, log or error. `temperature` goes from 0 to
    2 (None: not sent); ``seed=None`` sends the call seed, so servers that honour ``seed`` answer
    reproducibly. Invalid answers are sent back for
    repair up to `max_attempts` times; then ``on_failure="raise"`` raises `BackendError` and
    ``on_failure="random"`` answers from `RandomBackend` (recorded as ``llm->random``).
    Transport faults and non-JSON answers are retried `max_retries` times (honouring
    ``Retry-After``), and the whole call (connect, slow reads, retries, waits, repairs) ends by
    `timeout` seconds; then `BackendError` names the URL and what went wrong. A model that
    refuses ``temperature`` or ``seed`` (OpenAI's reasoning models take only the default
    temperature) is sent none from then on. `max_tokens` limits each reply (default: not sent,
    the server's own limit holds); a model that refuses ``max_tokens`` (OpenAI's reasoning
    models) gets it as ``max_completion_tokens`` from then on.
    """

    name = "llm"
    vendor = OPENAI

    def __init__(
        self,
        model: str,
        *,
        client: openai.OpenAI | None = None,
        temperature: float | None = 0.0,
        seed: int | None = None,
        max_tokens: int | None = None,
        **options: Unpack[LLMOptions],
    ) -> None:
        super().__init__(
            model, client=client, max_tokens=max_tokens, temperature=temperature, seed=seed, **options
        )
        self.seed = None if seed is None else int(seed)  # numpy's too
        self._mode_index = 0
        self._dropped: set[str] = set()
        """Request options the server refused for this model (``temperature``, ``seed``,
        ``max_tokens``)."""
        self._lock = threading.Lock()

    @property
    def output_mode(self) -> str:
        """The ``response_format`` mode the next request uses: json_schema, json_object or text.

        It only moves down that list, when the server rejects a mode.
        """
        return MODES[self._mode_index]

    # -- the conversation -------------------------------------------------------------------

    def _start(self, ctx: CallContext) -> Conversation:
        enveloped = needs_envelope(ctx.spec.returns)
        return list(
            build_messages(ctx, context=self._context(ctx), history=self.history, enveloped=enveloped)
        )

    def _ask(
        self, ctx: CallContext, conversation: Conversation, usage: dict[str, int]
    ) -> tuple[Any, list[str], Any]:
        text, stopped = completion_reply(self._complete(ctx, conversation, usage))
        if text is None and stopped:
            return None, stopped, text
        value, problems = read_answer(text, enveloped=needs_envelope(ctx.spec.returns))
        return value, stopped + problems, text

    def _repair(self, reply: Any, problems: list[str], ctx: CallContext) -> Conversation:
        enveloped = needs_envelope(ctx.spec.returns)
        return [{"role": "assistant", "content": reply or ""}, repair_message(problems, enveloped=enveloped)]

    # -- one request ------------------------------------------------------------------------

    def _complete(self, ctx: CallContext, messages: Conversation, usage: dict[str, int]) -> Any:
        """The chat completion, falling back to a less structured mode while the server rejects one."""
        while True:
            mode = self.output_mode
            create = self._client.chat.completions.with_raw_response.create
            request = self._request(ctx, messages, mode)
            try:
                response = self._send(ctx, create, request)
            except self._sdk.APIStatusError as exc:
                if mode != MODES[-1] and is_format_rejection(exc.status_code, str(exc.message)):
                    self._fall_back_from(mode, exc)
                    continue
                rejected = rejected_option(exc, request)
                if rejected is not None:
                    self._drop(rejected, exc)
                    continue
                raise self._transport_error(ctx, exc) from self._safe_cause(exc)
            except self._sdk.OpenAIError as exc:
                raise self._transport_error(ctx, exc) from self._safe_cause(exc)
            counts = getattr(response, "usage", None)
            add_usage(
                usage, getattr(counts, "prompt_tokens", None), getattr(counts, "completion_tokens", None)
            )
            return response

    def _request(self, ctx: CallContext, messages: Conversation, mode: str) -> dict[str, Any]:
        request: dict[str, Any] = {"model": self.model, "messages": messages}
        if "seed" not in self._dropped:
            request["seed"] = self.seed if self.seed is not None else ctx.seed % 2**31
        if self.temperature is not None and "temperature" not in self._dropped:
            request["temperature"] = self.temperature
        if self.max_tokens is not None:
            limit = "max_completion_tokens" if "max_tokens" in self._dropped else "max_tokens"
            request[limit] = self.max_tokens
        fmt = response_format(mode, output_schema(ctx.spec.returns), name=ctx.spec.name)
        if fmt is not None:
            request["response_format"] = fmt
        return request

    def _drop(self, option: str, exc: openai.APIStatusError) -> None:
        with self._lock:
            if option not in self._dropped:
                self._dropped.add(option)
                log.info(
                    "%s rejected %s for model %s (HTTP %s); %s from now on",
                    self._shown_url,
                    option,
                    self.model,
                    exc.status_code,
                    _INSTEAD.get(option, "sending none"),
                )

    def _fall_back_from(self, mode: str, exc: openai.APIStatusError) -> None:
        with self._lock:
            if self.output_mode == mode:
                self._mode_index += 1
                log.info(
                    "%s rejected response_format %s (HTTP %s); using %s from now on",
                    self._shown_url,
                    mode,
                    exc.status_code,
                    self.output_mode,
                )


_OPTIONAL = ("temperature", "seed", "max_tokens")
"""Request options a model may refuse (reasoning models take no ``temperature`` but the default,
and their reply limit only as ``max_completion_tokens``)."""
_INSTEAD = {"max_tokens": "sending max_completion_tokens instead"}
_REFUSES = re.compile(r"unsupported|not supported|(?:does|do|is) not support|n't support")
"""How a server says an option is refused, not merely out of range ("supports at most 16384")."""


def rejected_option(exc: openai.APIStatusError, request: dict[str, Any]) -> str | None:
    """The optional request option an HTTP 400 says the model does not support, if any (one
    the server only finds out of range, such as a too large ``max_tokens``, is not)."""
    if exc.status_code not in (400, 422):
        return None
    message = str(exc.message).lower()
    if not _REFUSES.search(message):
        return None
    param = getattr(exc, "param", None)
    for option in _OPTIONAL:
        quoted = any(f"{q}{option}{q}" in message for q in "'\"`")
        if option in request and (param == option or quoted):
            return option
    return None
