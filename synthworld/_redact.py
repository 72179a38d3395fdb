"""Redaction: one policy that masks secrets in everything that leaves the process.

Cassettes, saved traces (``Trace.to_json``/``save``), their HTML, text and rich renderings,
pytest failure reports, eval records and synthworld's log messages (and, once an LLM backend is
made, those of its SDK and HTTP library: `redact_logs`) all pass through the process policy
(`get_redactor`, replaced with `set_redactor`). Values held in memory (``world.trace``,
``RunRecord``) keep the real values, so tests can assert on them.

A `Redactor` masks, with ``"[REDACTED]"``:

- the value of every *secret key*: a key whose words contain one of the patterns' words in a row.
  With the default patterns ``api_key``, ``X-Api-Key``, ``apiKey``, ``access_token``,
  ``client_secret``, ``Authorization``, ``auth``, ``pwd``, ``private_key``, ``credentials``,
  ``session_id`` and ``Cookie`` are masked, while ``max_tokens``, ``author`` or ``secretary`` are
  not. Matching is case-insensitive and reaches into nested objects and arrays;
- inside any string, whatever its key: bearer tokens (``Bearer eyJ...``), JWTs, vendor keys
  (``sk-...``, ``ghp_...``, ``AKIA...``, ``xoxb-...``, ``AIza...``), the user info of URLs
  (``https://user:pass@host``), ``name=value`` / ``name: value`` pairs whose name is a
  secret key (so ``?api_key=...`` in a URL), and URL query values named ``key``, ``sig``,
  ``signature`` (or ending so: ``subscription-key``) or ``code``;
- with `Redactor.for_call`, the strings a call's input holds under secret keys, wherever the
  call repeats them (FixtureBackend and saved traces use it);
- every value registered with `register_secret` (LLM backends register their API key).

`redact_url` masks more in a URL shown to the user (an LLM backend's ``base_url``): the value of
every query parameter that holds a secret, by the policy's keys or by a name with the word
``key``, ``sig``, ``signature`` or ``code`` (``?key=...``, ``?subscription-key=...``).

A replayed call whose input held a secret still matches its recording: the live input is
redacted the same way before it is looked up.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import threading
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "DEFAULT_SECRET_KEYS",
    "DEFAULT_SECRET_PATTERNS",
    "MASK",
    "MIN_SECRET_LENGTH",
    "SECRET_KEYS_ENV",
    "RedactingFilter",
    "Redactor",
    "as_redactor",
    "get_redactor",
    "redact",
    "redact_logs",
    "redact_text",
    "redact_url",
    "register_secret",
    "set_redactor",
    "url_secrets",
]

MASK = "[REDACTED]"
"""What a secret value becomes."""

DEFAULT_SECRET_KEYS: tuple[str, ...] = (
    "access_key",
    "api_key",
    "apikey",
    "auth",
    "authorization",
    "bearer",
    "cookie",
    "credential",
    "credentials",
    "passphrase",
    "passwd",
    "password",
    "private_key",
    "pwd",
    "secret",
    "session_id",
    "sessionid",
    "token",
)
"""Key patterns masked by default (``SYNTHWORLD_SECRET_KEYS``, comma-separated, adds more)."""

DEFAULT_SECRET_PATTERNS: tuple[str, ...] = (
    # a JWT: base64url header and payload (both JSON objects, so "eyJ"), then the signature
    r"\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*",
    # an HTTP bearer token: after "Bearer", or after "bearer" when it holds a digit or a symbol
    r"\bBearer\s+(?P<secret>[A-Za-z0-9._~+/-]{4,}=*)",
    r"\b(?:bearer|BEARER)\s+(?P<secret>(?=[A-Za-z0-9._~+/-]*[0-9._~+/-])[A-Za-z0-9._~+/-]{4,}=*)",
    # vendor keys: OpenAI/Anthropic/Stripe sk-, GitHub, GitLab, Slack, AWS, Google
    r"\b(?:sk|rk)[-_][A-Za-z0-9_-]{10,}",
    r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})",
    r"\bxox[abprs]-[A-Za-z0-9-]{10,}",
    r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    r"\bAIza[0-9A-Za-z_-]{35}",
    # the user info of a URL: scheme://user:password@host (schemes of 64 characters at most: ``a.a...``)
    r"\b[A-Za-z][A-Za-z0-9+.-]{0,63}://(?P<secret>[^\s/?#@]+)@",
    # a query parameter that carries a key or a signature: ?key=, &subscription-key=, ?apiKey=,
    # &X-Amz-Signature=, &sig= (Azure SAS), ?code= (an OAuth code, an Azure Functions key)
    r"[?&](?:(?:[A-Za-z0-9.~%_-]*?(?:[-_.]|(?<=[a-z0-9])(?=[A-Z])))?(?:[Kk]ey|KEY|[Ss]ig|SIG"
    r"|[Ss]ignature|SIGNATURE)|[Cc]ode|CODE)=(?P<secret>[^&#\s\"'<>()\[\]{}]+)",
)
"""Value patterns masked in every string: the group named ``secret`` if there is one, else all."""

MIN_SECRET_LENGTH = 8
"""Registered secrets shorter than this are not masked in text (they would mask common words)."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SPLIT = re.compile(r"[^a-z0-9]+")
# name=value, name: value, "name": "value"; names start where a run does, values read if secret (linear)
_NAME_SEP = re.compile(
    r"(?<![A-Za-z0-9_.-])[0-9.-]*(?P<key>[A-Za-z_][A-Za-z0-9_.-]*)(?P<sep>[\"']?[ \t]*[:=][ \t]*)"
)
_VALUE = re.compile(
    r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|(?:(?:[Bb]earer|[Bb]asic|[Tt]oken|[Dd]igest)[ \t]+)?"
    r"[^\s,;&#\"'<>{}\[\]()]+"
)


def _words(key: str) -> tuple[str, ...]:
    """``"X-Api-Key"`` and ``"xApiKey"`` both become ``("x", "api", "key")``."""
    return tuple(w for w in _SPLIT.split(_CAMEL.sub("_", key).lower()) if w)


def _contains_run(words: tuple[str, ...], run: tuple[str, ...]) -> bool:
    width = len(run)
    return any(words[i : i + width] == run for i in range(len(words) - width + 1))


class _Registry:
    """Secret values known to the process (an LLM backend's API key), masked by every redactor."""

    def __init__(self) -> None:
        self._values: set[str] = set()
        self._lock = threading.Lock()
        self.pattern: re.Pattern[str] | None = None

    def add(self, value: str) -> None:
        if not isinstance(value, str) or len(value) < MIN_SECRET_LENGTH or value in self._values:
            return
        with self._lock:
            self._values.add(value)
            ordered = sorted(self._values, key=len, reverse=True)
            self.pattern = re.compile("|".join(map(re.escape, ordered)))


_KNOWN = _Registry()


class Redactor:
    """Masks secret keys' values and secret-looking text, recursively; a pure function of its input.

    ``keys``: key patterns (see the module docstring). ``patterns``: regular expressions masked in
    every string (the group ``secret`` if the pattern has one, else the whole match).
    ``secrets``: exact values to mask wherever they appear. ``mask``: what replaces them.
    ``Redactor(keys=(), patterns=())`` masks only registered secrets.
    """

    def __init__(
        self,
        keys: Iterable[str] = DEFAULT_SECRET_KEYS,
        *,
        patterns: Iterable[str] = DEFAULT_SECRET_PATTERNS,
        secrets: Iterable[str] = (),
        mask: str = MASK,
    ) -> None:
        self.keys = tuple(keys)
        self.patterns = tuple(patterns)
        self.secrets = tuple(s for s in secrets if s)
        self.mask = mask
        self._runs = [_words(k) for k in self.keys if _words(k)]
        self._cache: dict[str, bool] = {}
        alternatives = [
            *(re.escape(s) for s in sorted(self.secrets, key=len, reverse=True)),
            *(p.replace("(?P<secret>", f"(?P<secret{n}>") for n, p in enumerate(self.patterns)),
        ]
        self._values = re.compile("|".join(f"(?:{p})" for p in alternatives)) if alternatives else None

    def __repr__(self) -> str:
        return f"Redactor(keys={self.keys!r}, patterns=<{len(self.patterns)}>, mask={self.mask!r})"

    def extended(self, *, keys: Iterable[str] = (), secrets: Iterable[str] = ()) -> Redactor:
        """This policy with more secret keys and values."""
        return Redactor(
            (*self.keys, *keys), patterns=self.patterns, secrets=(*self.secrets, *secrets), mask=self.mask
        )

    def for_call(self, call_input: Any) -> Redactor:
        """This policy, also masking wherever they reappear the strings `call_input` holds under
        secret keys (an answer that says "signed in with <the password>")."""
        found, stack = [], [(call_input, False)]
        while stack:
            value, under_secret = stack.pop()
            if isinstance(value, dict):
                stack += [
                    (v, under_secret or (isinstance(k, str) and self.is_secret(k))) for k, v in value.items()
                ]
            elif isinstance(value, (list, tuple)):
                stack += [(v, under_secret) for v in value]
            elif under_secret and isinstance(value, str) and len(value) >= MIN_SECRET_LENGTH:
                found.append(value)
        return self.extended(secrets=found) if found else self

    def is_secret(self, key: str) -> bool:
        """True when `key` names a value to mask."""
        hit = self._cache.get(key)
        if hit is None:
            words = _words(key)
            hit = self._cache[key] = any(_contains_run(words, run) for run in self._runs)
        return hit

    def __call__(self, value: Any) -> Any:
        """A copy of `value` with every secret masked (dicts, lists and strings; others as they are).

        Walks with an explicit stack, so values nested deeper than Python's recursion limit copy too."""
        copy = self._shallow(value)
        stack = [(value, copy)] if isinstance(value, (dict, list, tuple)) else []
        while stack:
            source, target = stack.pop()
            items = source.items() if isinstance(source, dict) else enumerate(source)
            for key, item in items:
                if isinstance(source, dict) and isinstance(key, str) and self.is_secret(key):
                    target[key] = self.mask
                    continue
                target[key] = child = self._shallow(item)
                if isinstance(item, (dict, list, tuple)):
                    stack.append((item, child))
        return copy

    def _shallow(self, value: Any) -> Any:
        """A masked string, an empty container to fill (list for list and tuple), or `value`."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return dict.fromkeys(value)
        if isinstance(value, (list, tuple)):
            return [None] * len(value)
        return value

    def text(self, text: str) -> str:
        """`text` with registered secrets, value patterns and secret ``name=value`` pairs masked."""
        known = _KNOWN.pattern
        if known is not None:
            text = known.sub(self.mask, text)
        if self._values is not None:
            text = self._values.sub(self._masked_match, text)
        if self._runs and ("=" in text or ":" in text):
            text = self._masked_pairs(text)
        return text

    def _masked_match(self, match: re.Match[str]) -> str:
        group = next((name for name, found in match.groupdict().items() if found is not None), None)
        if group is None:
            return self.mask
        whole, offset = match.group(0), match.start()
        start, end = match.span(group)
        return whole[: start - offset] + self.mask + whole[end - offset :]

    def _masked_pairs(self, text: str) -> str:
        """`text` with the value of every secret ``name=value`` pair masked.

        A pair whose name is no secret is passed over at its separator, not its value: that value
        may hold the next pair (``tool 'login': $.password: 'hunter2'``)."""
        out: list[str] = []
        done = pos = 0
        while (match := _NAME_SEP.search(text, pos)) is not None:
            pos = match.end()
            value = _VALUE.match(text, pos) if self.is_secret(match["key"]) else None
            if value is None:
                continue
            quote = value.group()[0] if value.group()[:1] in ("'", '"') else ""
            out += [text[done:pos], quote, self.mask, quote]
            done = pos = value.end()
        return "".join(out) + text[done:] if out else text


SECRET_KEYS_ENV = "SYNTHWORLD_SECRET_KEYS"


@functools.lru_cache(maxsize=8)
def _from_environment(extra: str) -> Redactor:
    """The default policy with the keys `extra` (the variable's value, comma-separated) adds."""
    return Redactor((*DEFAULT_SECRET_KEYS, *(k.strip() for k in extra.split(",") if k.strip())))


_chosen: list[Redactor | None] = [None]
"""The policy `set_redactor` made; None: the default, with the keys the environment names now."""


def get_redactor() -> Redactor:
    """The process policy: what every file, rendering and log message of synthworld is masked with.

    Unless `set_redactor` chose one, ``SYNTHWORLD_SECRET_KEYS`` is read at each use, so a value
    set after synthworld was imported (in a ``conftest.py``, by pytest-env) counts too."""
    chosen = _chosen[0]
    return chosen if chosen is not None else _from_environment(os.environ.get(SECRET_KEYS_ENV, ""))


def set_redactor(redactor: Redactor | None) -> Redactor:
    """Make `redactor` the process policy (None: the default one again); return the previous one."""
    if redactor is not None and not isinstance(redactor, Redactor):
        raise TypeError(f"set_redactor({redactor!r}): pass a synthworld.Redactor, or None for the default")
    previous = get_redactor()
    _chosen[0] = redactor
    return previous


def register_secret(value: str) -> None:
    """Mask `value` wherever it appears, in every redaction from now on (at least 8 characters)."""
    _KNOWN.add(value)


def redact(value: Any) -> Any:
    """`value` masked with the process policy (a copy; the argument is left alone)."""
    return get_redactor()(value)


def redact_text(text: str) -> str:
    """`text` masked with the process policy."""
    return get_redactor().text(text)


_URL_SECRET_WORDS = frozenset({"key", "sig", "signature", "code"})
"""Words that make a URL query parameter secret besides the policy's keys (``?key=`` is how
Google-style APIs take a key; ``sig`` signs Azure SAS URLs; ``code`` is an Azure Functions key)."""


def _query_pairs(url: str) -> tuple[str, list[list[str]], str]:
    """`url` as (everything before its query, its ``[name, value]`` pairs as written, the rest)."""
    head, mark, rest = url.partition("?")
    query, hash_mark, fragment = rest.partition("#")
    pairs = [pair.split("=", 1) for pair in query.split("&")] if mark else []
    return head + mark, pairs, hash_mark + fragment


def _is_secret_param(name: str) -> bool:
    name = urllib.parse.unquote_plus(name)
    return get_redactor().is_secret(name) or not _URL_SECRET_WORDS.isdisjoint(_words(name))


def url_secrets(url: str) -> list[str]:
    """The values of the query parameters of `url` that `redact_url` masks (decoded)."""
    _, pairs, _ = _query_pairs(url)
    secret = [p[1] for p in pairs if len(p) == 2 and p[1] and _is_secret_param(p[0])]
    return [urllib.parse.unquote_plus(value) for value in secret]


def redact_url(url: str) -> str:
    """`url` to show: the values of its secret query parameters masked (see the module
    docstring), then the process policy (the user info of ``scheme://user:password@host``)."""
    return redact_text(_masked_query(url))


def _masked_query(url: str) -> str:
    """`url` with the values of its secret query parameters masked, as written (encoded or not)."""
    head, pairs, tail = _query_pairs(url)
    mask = get_redactor().mask
    query = "&".join(
        f"{p[0]}={mask}" if len(p) == 2 and p[1] and _is_secret_param(p[0]) else "=".join(p) for p in pairs
    )
    return head + query + tail


_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s\"'<>]+")


class RedactingFilter(logging.Filter):
    """A logging filter that masks each record as `mask_record` does (it sees only the records
    logged on the loggers it is added to, not those of the loggers under them)."""

    def filter(self, record: logging.LogRecord) -> bool:
        mask_record(record)
        return True


def _masked_log_text(text: str) -> str:
    return redact_text(_URL.sub(lambda url: _masked_query(url[0]), text))


def mask_record(record: logging.LogRecord) -> None:
    """Mask `record`'s message with the process policy, and the secret query values of every URL
    in it as `redact_url` does (an HTTP library logs the URLs it requests, percent-encoded: a
    registered secret ``a+b/c=`` is written ``a%2Bb%2Fc%3D``); so too its traceback and stack.

    A traceback that held a secret is kept as masked text (``exc_text``, which every
    `logging.Formatter` prints) in place of the exception itself. A message whose arguments do not
    fit it is left for the handler to report, as logging does."""
    try:
        message = record.getMessage()
    except Exception:  # logging's handlers report a message that cannot be formatted
        return
    masked = _masked_log_text(message)
    if masked != message:
        record.msg, record.args = masked, ()
    if record.exc_info and not record.exc_text:
        trace = logging.Formatter().formatException(record.exc_info)
        if (masked := _masked_log_text(trace)) != trace:
            record.exc_info, record.exc_text = None, masked
    if record.stack_info:
        record.stack_info = _masked_log_text(record.stack_info)


class _RedactingRecords:
    """A log record factory: the records `inner` makes, those of the loggers `redact_logs` named
    (and of the loggers under them) masked."""

    def __init__(self, inner: Callable[..., logging.LogRecord]) -> None:
        self.inner = inner

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record = self.inner(*args, **kwargs)
        names, under = _LOGGED[0]
        if record.name in names or record.name.startswith(under):
            mask_record(record)
        return record


_LOGGED: list[tuple[frozenset[str], tuple[str, ...]]] = [(frozenset(), ())]
"""The names `redact_logs` was given, and each followed by a dot (the loggers under it)."""
_LOGGED_LOCK = threading.Lock()


def redact_logs(*names: str) -> None:
    """Mask every record logged on the loggers `names` and on every logger under them, made now or
    later (``httpx``, ``openai._base_client``, ``httpcore.http2`` imported after this call), before
    any filter or handler sees it.

    Masking happens where records are made: a log record factory (`logging.setLogRecordFactory`)
    that wraps the one in place and masks the records of these loggers only (a test of their name;
    any other record is left as it was made). A filter on each logger would miss loggers made
    later, and a logger's filter does not see the records that loggers under it pass up; a filter
    on handlers would miss the handlers a user adds later, and patching `logging.Logger` or its
    manager would reach into every logger of the process. The factory is installed once, and again
    only if another one replaced it."""
    with _LOGGED_LOCK:
        every = _LOGGED[0][0] | set(names)
        _LOGGED[0] = (frozenset(every), tuple(sorted(n + "." for n in every)))
        current = logging.getLogRecordFactory()
        if not isinstance(current, _RedactingRecords):
            logging.setLogRecordFactory(_RedactingRecords(current))


def _unchanged(value: Any) -> Any:
    return value


class PolicyWithKeys:
    """The process policy as it is at each call (its keys, patterns and mask, with
    ``SYNTHWORLD_SECRET_KEYS``) plus more secret keys: what ``redact=["ssn"]`` asks for. A list
    that replaced the policy's keys wrote ``password`` and ``api_key`` in the clear."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = tuple(keys)
        self._made: tuple[Redactor, Redactor] | None = None  # (the policy, it extended)

    def __repr__(self) -> str:
        return f"PolicyWithKeys({list(self.keys)!r})"

    @property
    def mask(self) -> str:
        return get_redactor().mask

    def __call__(self, value: Any) -> Any:
        return self._policy()(value)

    def for_call(self, call_input: Any) -> Redactor:
        """The policy for one call (see `Redactor.for_call`)."""
        return self._policy().for_call(call_input)

    def _policy(self) -> Redactor:
        policy, made = get_redactor(), self._made
        if made is None or not _same_policy(made[0], policy):
            made = self._made = (policy, policy.extended(keys=self.keys))
        return made[1]


def _same_policy(a: Redactor, b: Redactor) -> bool:
    """Whether two policies mask alike (`get_redactor` makes a new one per call from the environment)."""
    return a is b or (a.keys, a.patterns, a.secrets, a.mask) == (b.keys, b.patterns, b.secrets, b.mask)


def as_redactor(option: Any) -> Callable[[Any], Any]:
    """The redaction function for ``redact=``: True (the process policy, as it is at each call), a
    list of key names (that policy plus these keys), a function, or None/False (off)."""
    if option is True:
        return PolicyWithKeys(())
    if option is None or option is False:
        return _unchanged
    if isinstance(option, Redactor) or callable(option):
        return option  # type: ignore[no-any-return]
    if isinstance(option, Iterable) and not isinstance(option, (str, bytes)):
        return PolicyWithKeys(option)
    raise TypeError(
        f"redact={option!r}: pass True (the process policy: default secret keys and patterns), a list "
        "of key names, a function of the value, or None to write values unchanged"
    )
