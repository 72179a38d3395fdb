"""The ask-validate-repair loop shared by the LLM backends, and their failure handling.

A subclass says how to start a conversation, how to ask for one answer, and how to send an
invalid answer's problems back; this base runs up to ``max_attempts`` rounds, validates every
answer against the tool's ``returns``, sums token usage, applies ``on_failure``, and turns SDK
errors into `BackendError` without ever showing the API key.

``timeout`` is a deadline for the whole call: every request, retry, wait and repair round of
one `respond` fits in it (see `synthworld.backends.llm.deadline` and ``retries``).
"""

from __future__ import annotations

import abc
import importlib
import json
import logging
import os
import re
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from synthworld._redact import (
    MIN_SECRET_LENGTH,
    RedactingFilter,
    Redactor,
    get_redactor,
    redact_logs,
    redact_text,
    redact_url,
    register_secret,
    url_secrets,
)
from synthworld.backends.base import Answer, CallContext
from synthworld.backends.llm.deadline import (
    Deadline,
    current_deadline,
    deadline_http_client,
    http_library,
)
from synthworld.backends.llm.options import FailurePolicy, check_options
from synthworld.backends.llm.replies import was_cut_off
from synthworld.backends.llm.retries import (
    ErrorAnswer,
    NotJSONAnswer,
    checked_json,
    is_retryable,
    retry_wait,
)
from synthworld.backends.random import RandomBackend
from synthworld.errors import BackendError

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec

__all__ = ["RepairingBackend", "add_usage"]

log = logging.getLogger("synthworld.llm")
log.addFilter(RedactingFilter())  # messages name base URLs, which may carry user info
_HINTS = {
    "APITimeoutError": "raise timeout= or check that the server answers",
    "APIConnectionError": "check base_url= and that the server is running",
    "NotJSONAnswer": "check that base_url= is the API's URL (e.g. ending in /v1), not a web page or proxy",
    "ErrorAnswer": "check the model name and base_url= (the server's message says what it refused)",
    "RateLimitError": "lower the request rate or raise max_retries=",
    "InternalServerError": "the server failed; try again later or raise max_retries=",
    "OverloadedError": "the server is overloaded; try again later or raise max_retries=",
}

_PROMPT_TOO_LONG = re.compile(
    r"context (length|window|size)|too many tokens|prompt is too long|exceeds? the (available )?context",
    re.IGNORECASE,
)
"""What servers (OpenAI, vLLM, llama.cpp, Anthropic) say when a prompt does not fit the model."""

Conversation = list[dict[str, Any]]
Reply = Any  # what a subclass needs to send an answer back for repair


class RepairingBackend(abc.ABC):
    """Base of `LLMBackend` and `AnthropicBackend`: everything but the wire format."""

    name = "llm"
    vendor: Vendor
    """Which SDK the subclass speaks (module, client class, environment variables)."""

    def __init__(
        self,
        model: str,
        *,
        client: Any = None,
        base_url: str | None = None,
        api_key: str | None = None,
        max_attempts: int = 3,
        history: int = 8,
        context: str | None = None,
        on_failure: FailurePolicy = "raise",
        timeout: float = 60.0,
        max_retries: int = 2,
        max_tokens: int | None = None,
        temperature: float | None = None,
        seed: int | None = None,
        api: str | None = None,
    ) -> None:
        """Check the options every LLM backend has, store them, and build (or adopt) the client.
        `max_tokens` (the limit of each reply), `temperature`, `seed` and `api` (None: the vendor
        has one API) come from the subclass, with its own defaults, and are checked with the
        others (the subclass keeps `seed` and `api`)."""
        check_options(
            model,
            max_attempts,
            history,
            on_failure,
            timeout,
            max_retries,
            max_tokens=max_tokens,
            needs_max_tokens=self.vendor.needs_max_tokens,
            temperature=temperature,
            max_temperature=self.vendor.max_temperature,
            seed=seed,
            api=api,
        )
        self.model = model
        self.max_tokens = max_tokens
        self.temperature = None if temperature is None else float(temperature)  # numpy's too
        self.max_attempts = max_attempts
        self.history = history
        self.context = context
        self.on_failure = on_failure
        self.timeout = timeout
        self.max_retries = max_retries
        self._fallback = RandomBackend() if on_failure == "random" else None
        self._sdk = import_sdk(self.vendor)
        self._owns_client = client is None
        self._client = make_client(self.vendor, client, base_url=base_url, api_key=api_key, timeout=timeout)
        secrets = [
            str(self._client.api_key or ""),
            *url_secrets(self.base_url),
            *_header_secrets(self._client),
        ]
        self._secrets = [secret for secret in secrets if secret]
        """The API key, the secrets in the base URL's query (``?key=...``) and in the client's
        secret headers, masked in every message this backend writes and in every answer."""
        long_enough = [secret for secret in self._secrets if len(secret) >= MIN_SECRET_LENGTH]
        self._key_mask = Redactor((), patterns=(), secrets=long_enough)  # a dummy key ("x") masked text
        for secret in self._secrets:
            register_secret(secret)  # masked in every file, rendering and log from now on
        redact_logs(*_logging_libraries(self.vendor, self._sdk))  # they log each request's URL

    def __repr__(self) -> str:
        return redact_text(f"{type(self).__name__}(model={self.model!r}, base_url={self._shown_url!r})")

    @property
    def base_url(self) -> str:
        """The server's base URL, with the query every request carries (``?api-version=...``)."""
        url = str(self._client.base_url)
        query = getattr(self._client, "default_query", None)
        return f"{url}?{urllib.parse.urlencode(query)}" if query else url

    @property
    def _shown_url(self) -> str:
        """`base_url` as messages show it: secret query values masked (``?key=[REDACTED]``)."""
        return redact_url(self.base_url)

    def close(self) -> None:
        """Close the connections of an HTTP client this backend created. The backend stays
        usable (a later call connects anew), so one backend may serve world after world."""
        if self._owns_client:
            self._client.close()
            self._client = self._client.with_options(http_client=deadline_http_client(self._sdk))

    @abc.abstractmethod
    def _start(self, ctx: CallContext) -> Conversation:
        """The messages asking for one output for `ctx`."""

    @abc.abstractmethod
    def _ask(
        self, ctx: CallContext, conversation: Conversation, usage: dict[str, int]
    ) -> tuple[Any, list[str], Reply]:
        """One answer: (value, problems reading it, the reply to quote in a repair)."""

    @abc.abstractmethod
    def _repair(self, reply: Reply, problems: list[str], ctx: CallContext) -> Conversation:
        """The messages that send `problems` with `reply` back to the model."""

    def prepare(self, spec: ToolSpec) -> None:
        """Check the fallback can answer `spec` now (with ``on_failure="random"``)."""
        if self._fallback is not None:
            self._fallback.prepare(spec)

    fresh_values = True  # answers are parsed anew for each call: the world need not copy them

    def respond(self, ctx: CallContext) -> Answer:
        """A schema-valid output for the call, with the tokens every attempt used."""
        if os.environ.get("SYNTHWORLD_BLOCK_LLM") == "1":
            raise BackendError("LLM calls are blocked by --synthworld-block-llm (SYNTHWORLD_BLOCK_LLM=1)")
        conversation = self._start(ctx)
        usage: dict[str, int] = {}
        problems: list[str] = []
        with Deadline(self.timeout).active():
            for _ in range(self.max_attempts):
                value, problems, reply = self._ask(ctx, conversation, usage)
                value = self._without_key(value)
                if not problems and not ctx.spec.returns_validator.is_valid(value):
                    problems = ctx.spec.returns_validator.problems(value)
                if not problems:
                    return Answer(value, source=self.name, usage=usage or None)
                conversation += self._repair(reply, problems, ctx)
        return self._give_up(ctx, problems, usage)

    def _send(self, ctx: CallContext, create: Callable[..., Any], request: dict[str, Any]) -> Any:
        """``create(**request)`` (an SDK call giving a raw response) parsed, retried within the
        call's deadline (each attempt's ``timeout`` is the time left).

        A failure that is not worth retrying is raised as the SDK raised it (the caller knows
        what it means); giving up on one that is raises `BackendError`.
        """
        deadline = current_deadline(self.timeout)
        retries = 0
        while True:
            try:
                return checked_json(create(**request, timeout=max(deadline.left(), 0.001)))
            except ErrorAnswer as exc:
                raise self._transport_error(ctx, exc) from None
            except Exception as exc:
                if not is_retryable(self._sdk, exc):
                    raise
                wait, asked = retry_wait(exc, retries)
                if retries < self.max_retries and wait < deadline.left():
                    time.sleep(wait)
                    retries += 1
                    continue
                late = (
                    _too_late(wait, asked, deadline)
                    if retries < self.max_retries or deadline.left() <= 0
                    else ""
                )
                raise self._transport_error(ctx, exc, retries, late) from self._safe_cause(exc)

    def _context(self, ctx: CallContext) -> str | None:
        return self.context or ctx.context

    def _give_up(self, ctx: CallContext, problems: list[str], usage: dict[str, int]) -> Answer:
        if self._fallback is not None:
            log.info(
                "model %s gave no valid output for %s; answering from RandomBackend",
                self.model,
                ctx.spec.name,
            )
            return Answer(self._fallback.respond(ctx), source=f"{self.name}->random", usage=usage or None)
        fix = "Raise max_attempts=, simplify the returns schema, or pass on_failure='random'."
        if was_cut_off(problems):
            fix = self._max_tokens_fix()
        raise BackendError(
            self._redact(
                f"model {self.model!r} gave no valid output for tool {ctx.spec.name!r} in "
                f"{self.max_attempts} attempt(s); last problems: {'; '.join(problems)}. {fix}"
            )
        )

    def _max_tokens_fix(self) -> str:
        """How to fix a reply cut off at the token limit."""
        if self.max_tokens is None:
            return (
                "The server's default token limit cut the reply off: pass max_tokens= large enough "
                "for the whole output (e.g. max_tokens=4096), or simplify the returns schema."
            )
        return (
            f"The reply did not fit in max_tokens={self.max_tokens}: raise max_tokens=, or "
            "simplify the returns schema."
        )

    def _transport_error(
        self, ctx: CallContext, exc: Exception, retries: int = 0, late: str = ""
    ) -> BackendError:
        """`exc` from the SDK (after `retries` retries) as a `BackendError` that says what to do."""
        kind = type(exc).__name__
        status = getattr(exc, "status_code", None)
        what = f"HTTP {status}" if status is not None else kind
        if is_retryable(self._sdk, exc):
            what += f" after {retries} retries (timeout={self.timeout}s for the whole call{late})"
        detail = str(getattr(exc, "message", exc)).rstrip(".")
        hint = self._hint(kind, status, detail)
        url = redact_url(_request_url(exc) or self.base_url)
        return BackendError(
            self._redact(
                f"LLM request for tool {ctx.spec.name!r} to {url} (model {self.model!r}) failed "
                f"with {what}: {detail}. Fix: {hint}."
            )
        )

    def _hint(self, kind: str, status: Any, detail: str) -> str:
        """How to fix a failed request: by its status, its message, or the SDK error's kind."""
        if status == 404:
            return f"check the model name, and that base_url= is {self.vendor.api_root}"
        if status in (400, 413) and _PROMPT_TOO_LONG.search(detail):
            return (
                f"lower history= (now {self.history}: earlier calls and their outputs fill the "
                "prompt), or shorten context= and the tool's schemas"
            )
        if kind == "AuthenticationError":
            return f"check the api_key argument or the {self.vendor.key_env} environment variable"
        return _HINTS.get(kind, "check the model name and the server's logs")

    def _safe_cause(self, exc: Exception) -> Exception | None:
        """`exc` to chain as the cause, unless it or an exception it came from holds a secret (a
        server echoed the API key; httpx names the request URL, with the base URL's query)."""
        text, seen = "", set()
        link: BaseException | None = exc
        while link is not None and id(link) not in seen:  # as traceback does, a cycle ends it
            seen.add(id(link))
            text += f"{link} {getattr(link, 'body', None)!r}\n"
            link = link.__cause__ or (None if link.__suppress_context__ else link.__context__)
        return None if any(secret in text for secret in self._secrets) else exc

    def _redact(self, text: str) -> str:
        return redact_text(self._key_mask.text(text))

    def _without_key(self, value: Any) -> Any:
        """`value` with the API key (and base URL secrets) masked wherever a server echoed them (a
        short one is left: it would mask ordinary text)."""
        text = json.dumps(value, ensure_ascii=False)
        if not any(len(s) >= MIN_SECRET_LENGTH and s in text for s in self._secrets):
            return value
        return self._key_mask(value)


def _header_secrets(client: Any) -> list[str]:
    """The values of the secret headers (by the policy's keys) every request of `client` carries:
    a key given as ``default_headers={"X-Api-Key": ...}`` or an Anthropic ``auth_token``
    (``Authorization: Bearer ...``, registered with and without its scheme)."""
    headers = getattr(client, "default_headers", None) or {}
    found: list[str] = []
    for name, value in dict(headers).items():
        if isinstance(name, str) and isinstance(value, str) and get_redactor().is_secret(name):
            found += [value, value.partition(" ")[2].strip()]
    return [value for value in found if len(value) >= MIN_SECRET_LENGTH]


def _logging_libraries(vendor: Vendor, sdk: Any) -> tuple[str, ...]:
    """The loggers that may write a request's URL: the SDK's, its HTTP library's (``httpx``, or a
    fork such as ``httpx2``) and that library's core (``httpcore``)."""
    http = http_library(sdk)
    return (vendor.module, http, http.replace("httpx", "httpcore", 1), "httpx", "httpcore")


def _request_url(exc: Exception) -> str | None:
    """The URL the failed request went to (the SDK's errors carry the request)."""
    if isinstance(exc, (NotJSONAnswer, ErrorAnswer)):
        return exc.url
    url = getattr(getattr(exc, "request", None), "url", None)
    return str(url) if url is not None else None


def _too_late(wait: float, asked: bool, deadline: Deadline) -> str:
    """Why no retry fits in what is left of the call's time."""
    left = deadline.left()
    if left <= 0:
        return "; it ran out"
    if asked:
        return f"; the server asked to wait {wait:.3g}s before retrying, more than the {left:.3g}s left"
    return f"; the {left:.3g}s left were too few to wait {wait:.3g}s and retry"


def add_usage(total: dict[str, int], prompt: Any, completion: Any) -> None:
    """Add one response's token counts to `total` (a server that reports none adds nothing)."""
    if not isinstance(prompt, int) or not isinstance(completion, int):
        return
    for key, count in (("prompt_tokens", prompt), ("completion_tokens", completion)):
        total[key] = total.get(key, 0) + count
    total["total_tokens"] = total["prompt_tokens"] + total["completion_tokens"]


@dataclass(frozen=True)
class Vendor:
    """How to build one SDK's client: its module, class, environment variables and wording."""

    module: str
    """The SDK package (``openai``, ``anthropic``)."""
    backend: str
    """The backend's name in messages (``LLMBackend``)."""
    install: str
    """What to pip install for it."""
    key_env: str
    """The environment variable holding the API key."""
    base_env: str
    """The environment variable holding a base URL."""
    client_class: str
    """The client class in `module`."""
    default_url: str = ""
    """The vendor's own API (where its key environment variable may always go)."""
    api_root: str = "the API's root URL"
    """What a base URL looks like, for the hint on an HTTP 404."""
    needs_max_tokens: bool = False
    """Whether every request must carry ``max_tokens`` (Anthropic's API needs it)."""
    max_temperature: float = 2.0
    """The highest ``temperature`` the API takes (Anthropic's: 1)."""


_NO_KEY_NEEDED = "unused"  # local servers (vLLM, Ollama, llama.cpp) ignore the key but clients want one


def import_sdk(vendor: Vendor) -> Any:
    """The vendor's SDK module, or an ImportError saying what to install."""
    try:
        return importlib.import_module(vendor.module)
    except ImportError:
        raise ImportError(
            f"{vendor.backend} needs the {vendor.module} package: pip install {vendor.install!r}"
        ) from None


def _check_scheme(vendor: Vendor, url: str | None, given: str) -> None:
    """Raise `ValueError` when `url` (from `given`) lacks ``http://`` or ``https://``: the SDK
    would send every request to a relative path and fail with 'Connection error'."""
    if url and not re.match(r"https?://", url.strip(), re.IGNORECASE):
        shown, fixed = redact_url(url), redact_url("http://" + url.strip())
        raise ValueError(f"{vendor.backend}: {given}={shown!r} needs a scheme, e.g. {fixed!r}")


def make_client(
    vendor: Vendor,
    client: Any,
    *,
    base_url: str | None,
    api_key: str | None,
    timeout: float,
) -> Any:
    """`client` with our timeout (and no SDK retries: the backend retries), or a new client from
    the key and base URL whose HTTP operations honour the call's deadline. An empty base URL or
    base-URL environment variable (``OPENAI_BASE_URL=`` in a CI file) counts as unset. A base
    URL's query (``?key=...``) goes with every request: the SDKs would put the endpoint's path
    after it (``/v1?key=Kchat/completions``)."""
    if client is not None:
        if base_url is not None or api_key is not None:
            raise ValueError(f"{vendor.backend}: pass client= or base_url=/api_key=, not both")
        return client.with_options(timeout=timeout, max_retries=0)  # the backend retries, in time
    key = api_key or os.environ.get(vendor.key_env)
    _check_scheme(vendor, base_url, "base_url")
    if not base_url:
        _check_scheme(vendor, os.environ.get(vendor.base_env), vendor.base_env)
    base_url = base_url or os.environ.get(vendor.base_env) or None  # set but empty: unset
    if not key and base_url is None:
        raise BackendError(
            f"{vendor.backend} needs an API key: pass api_key=... or set {vendor.key_env} "
            "(a compatible local server at base_url=... needs none)"
        )
    sdk = import_sdk(vendor)
    make = getattr(sdk, vendor.client_class)
    root, query = _split_query(base_url or vendor.default_url)
    return make(
        api_key=key or _NO_KEY_NEEDED,
        base_url=root or None,
        default_query=query or None,
        timeout=timeout,
        max_retries=0,  # the backend retries, within the call's deadline
        http_client=deadline_http_client(sdk),
    )


def _split_query(url: str) -> tuple[str, dict[str, str]]:
    """`url` without its query and fragment, and its query parameters."""
    root, _, rest = url.partition("?")
    query = rest.partition("#")[0]
    return root.partition("#")[0], dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
