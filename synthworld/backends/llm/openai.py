"""``LLMBackend``: plausible, context-aware answers from any OpenAI-compatible chat model, over
Chat Completions (``api="chat"``) or the Responses API (``api="responses"``).

Every answer is validated against the tool's ``returns`` schema; invalid ones go back to the
model with the problems for repair. Both APIs carry the same conversation (the system prompt,
the call, then each rejected answer and its problems): Chat Completions as ``messages``, the
Responses API as ``instructions`` and ``input``, resent whole each round with ``store=False``,
so servers that keep nothing serve it too.
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
from synthworld.backends.llm.options import LLMApi, LLMOptions
from synthworld.backends.llm.output import (
    MODES,
    is_format_rejection,
    needs_envelope,
    output_schema,
    read_answer,
    response_format,
    text_format,
)
from synthworld.backends.llm.prompt import build_messages, repair_message
from synthworld.backends.llm.replies import completion_reply, response_reply

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

    ``api="responses"`` speaks OpenAI's Responses API (``POST /v1/responses``, needs
    ``openai>=1.66``) instead of Chat Completions, for models served only there (OpenAI's ``-pro``
    and codex models) and servers that serve it (vLLM, recent Ollama, LM Studio, OpenRouter). The
    promises are the same: structured output (``text.format``, with the same fallbacks), repair,
    usage, deadlines, retries and recording. Each request carries the whole conversation and
    ``store=False`` (nothing is kept on the server); `max_tokens` goes as ``max_output_tokens``
    (a reasoning model's reasoning counts in it). The Responses API has no ``seed``: none is
    sent, so the model may answer each call differently (record a cassette to replay); giving
    ``seed=`` with it is an error.
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
        api: LLMApi = "chat",
        **options: Unpack[LLMOptions],
    ) -> None:
        super().__init__(
            model,
            client=client,
            max_tokens=max_tokens,
            temperature=temperature,
            seed=seed,
            api=api,
            **options,
        )
        self.api: LLMApi = api
        if api == "responses" and not hasattr(self._client, "responses"):
            version = getattr(self._sdk, "__version__", "?")
            if self._owns_client:
                self._client.close()
            raise ImportError(
                f"LLMBackend(api='responses') needs openai>=1.66 (installed: {version}): "
                "pip install -U 'openai>=1.66', or use api='chat'"
            )
        self.seed = None if seed is None else int(seed)  # numpy's too
        self._mode_index = 0
        self._dropped: set[str] = set()
        """Request options the server refused for this model (``temperature``, ``seed``,
        ``max_tokens``)."""
        self._lock = threading.Lock()

    @property
    def output_mode(self) -> str:
        """The ``response_format`` (Responses: ``text.format``) mode the next request uses:
        json_schema, json_object or text.

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
        reply = response_reply if self.api == "responses" else completion_reply
        text, stopped = reply(self._complete(ctx, conversation, usage))
        if text is None and stopped:
            return None, stopped, text
        value, problems = read_answer(text, enveloped=needs_envelope(ctx.spec.returns))
        return value, stopped + problems, text

    def _repair(self, reply: Any, problems: list[str], ctx: CallContext) -> Conversation:
        enveloped = needs_envelope(ctx.spec.returns)
        return [{"role": "assistant", "content": reply or ""}, repair_message(problems, enveloped=enveloped)]

    # -- one request ------------------------------------------------------------------------

    def _complete(self, ctx: CallContext, messages: Conversation, usage: dict[str, int]) -> Any:
        """The chat completion (or response), falling back to a less structured mode while the
        server rejects one."""
        while True:
            mode = self.output_mode
            if self.api == "responses":
                create = self._client.responses.with_raw_response.create
                request = self._responses_request(ctx, messages, mode)
            else:
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
            sent, got = _COUNTS[self.api]
            add_usage(usage, getattr(counts, sent, None), getattr(counts, got, None))
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

    def _responses_request(self, ctx: CallContext, messages: Conversation, mode: str) -> dict[str, Any]:
        """The Responses API request: the system prompt as ``instructions``, the rest as ``input``
        (an empty answer sent back for repair is left out: the API takes no empty message)."""
        instructions = [m["content"] for m in messages if m["role"] == "system"]
        turns = [m for m in messages if m["role"] != "system" and m["content"]]
        request: dict[str, Any] = {
            "model": self.model,
            "instructions": "\n\n".join(instructions),
            "input": turns,
            "store": False,
        }
        if self.temperature is not None and "temperature" not in self._dropped:
            request["temperature"] = self.temperature
        if self.max_tokens is not None:
            request["max_output_tokens"] = self.max_tokens
        fmt = text_format(mode, output_schema(ctx.spec.returns), name=ctx.spec.name)
        if fmt is not None:
            request["text"] = fmt
        return request

    def _hint(self, kind: str, status: Any, detail: str) -> str:
        """The base hints, and which API to use when the server or model does not take this one."""
        if self.api == "responses" and _CHAT_ONLY.search(detail):
            return "the model is served only by Chat Completions: pass api='chat'"
        if self.api == "responses" and status in (404, 405):
            return (
                "a server without the Responses API (/v1/responses) answers so: pass api='chat' "
                f"(Chat Completions); else check the model name, and that base_url= is {self.vendor.api_root}"
            )
        if self.api == "chat" and _RESPONSES_ONLY.search(detail):
            return "the model is served only by the Responses API: pass api='responses'"
        return super()._hint(kind, status, detail)

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
                    "%s rejected %s %s (HTTP %s); using %s from now on",
                    self._shown_url,
                    "text.format" if self.api == "responses" else "response_format",
                    mode,
                    exc.status_code,
                    self.output_mode,
                )


_COUNTS = {"chat": ("prompt_tokens", "completion_tokens"), "responses": ("input_tokens", "output_tokens")}
"""Each API's names for a response's input and output tokens (the trace says prompt and completion)."""
_RESPONSES_ONLY = re.compile(r"v1/responses|responses api|/responses endpoint", re.IGNORECASE)
"""How OpenAI says a model is not served by Chat Completions ("This model is only supported in
v1/responses and not in v1/chat/completions")."""
_CHAT_ONLY = re.compile(r"chat/completions|chat completions api", re.IGNORECASE)
"""How a server says a model is served by Chat Completions, not by the Responses API."""
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
