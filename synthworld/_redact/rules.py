"""What is secret: the mask, the default secret keys and value patterns, how a key is split into
words and matched (`SecretKeys`), and the secret values registered with the process
(`register_secret`)."""

from __future__ import annotations

import functools
import re
import threading

from synthworld._redact.literals import literal_alternation

__all__ = [
    "DEFAULT_SECRET_KEYS",
    "DEFAULT_SECRET_PATTERNS",
    "KNOWN",
    "MASK",
    "MIN_SECRET_LENGTH",
    "SecretKeys",
    "key_text",
    "key_words",
    "register_secret",
    "secret_keys",
]

MASK = "[REDACTED]"
"""What a secret value becomes."""

DEFAULT_SECRET_KEYS: tuple[str, ...] = (
    "access_key",
    "access_keys",
    "access_tokens",
    "api_key",
    "api_keys",
    "api_tokens",
    "apikey",
    "apikeys",
    "auth",
    "authorization",
    "bearer",
    "cookie",
    "cookies",
    "credential",
    "credentials",
    "passphrase",
    "passphrases",
    "passwd",
    "password",
    "passwords",
    "private_key",
    "private_keys",
    "pwd",
    "refresh_tokens",
    "secret",
    "secrets",
    "session_id",
    "session_ids",
    "sessionid",
    "token",
)
"""Key patterns masked by default (``SYNTHWORLD_SECRET_KEYS``, comma-separated, adds more). Plurals
are listed (a key's words match whole: ``secrets: {db: ...}`` held values as ``secret`` did not),
but not ``tokens``: ``max_tokens`` and ``prompt_tokens`` count, and a tokenizer answers ``tokens``."""

DEFAULT_SECRET_PATTERNS: tuple[str, ...] = (
    # a JWT: base64url header and payload (both JSON objects, so "eyJ"), then the signature
    r"\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*",
    # an HTTP bearer token: after "Bearer", or after "bearer" when it holds a digit or a symbol
    r"\bBearer\s+(?P<secret>[A-Za-z0-9._~+/-]{4,}=*)",
    r"\b(?:bearer|BEARER)\s+(?P<secret>(?=[A-Za-z0-9._~+/-]*[0-9._~+/-])[A-Za-z0-9._~+/-]{4,}=*)",
    # vendor keys: OpenAI/Anthropic/Stripe sk-, GitHub, GitLab, Slack, AWS, Google
    r"\b(?:sk|rk)[-_][A-Za-z0-9_-]{10,}",
    r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})",
    r"\bxox[abeprs]-[A-Za-z0-9-]{10,}|\bxapp-[0-9]-[A-Za-z0-9-]{10,}",
    r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    r"\bAIza[0-9A-Za-z_-]{35}|\bya29\.[0-9A-Za-z_-]{20,}|\bGOCSPX-[0-9A-Za-z_-]{20,}",
    # Stripe webhook secrets, Hugging Face, npm, PyPI, SendGrid, Shopify, DigitalOcean
    r"\bwhsec_[A-Za-z0-9+/=]{20,}|\bhf_[A-Za-z0-9]{30,}|\bnpm_[A-Za-z0-9]{36}\b|\bpypi-AgE[A-Za-z0-9_-]{50,}",
    r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|\bdo[pro]_v1_[a-f0-9]{64}",
    # the secret path of a Slack or Discord webhook URL (whoever has it may post)
    r"\bhooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9/_-]+)",
    r"\bdiscord(?:app)?\.com/api/webhooks/(?P<secret>[0-9]+/[A-Za-z0-9_-]+)",
    # the body of a PEM private key (PKCS#1, #8, EC, OpenSSH, PGP), its armour kept
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?P<secret>(?:[^-]|-(?!----END))+)",
    # the user info of a URL: scheme://user:password@host (a scheme of at most 64 characters: an
    # unbounded one was read to the end of a run at each of its dots, ``a.a.a...`` 40 KB took 7 s)
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


def key_text(key: str) -> str:
    """A key's words, lowercase, one space apart: ``"X-Api-Key"`` and ``"xApiKey"`` both become
    ``"x api key"``."""
    return _SPLIT.sub(" ", _CAMEL.sub("_", key).lower()).strip()


def key_words(key: str) -> tuple[str, ...]:
    """``"X-Api-Key"`` and ``"xApiKey"`` both become ``("x", "api", "key")``."""
    return tuple(key_text(key).split())


class SecretKeys:
    """Whether a key names a secret: its words hold the words of one of `keys` in a row.

    One regular expression over the key's words decides it (checking each pattern's words at each
    word of a key in Python took 24 µs a key: 4 s for the walks over a 100,000-key call). Answers
    for keys of up to `CACHED_LENGTH` characters are remembered, up to `CACHE_SIZE` of them (then
    forgotten at once): a call's value is walked several times (the policy for the call, the
    cassette, the trace), and a long-lived policy must not keep every key it ever saw."""

    CACHE_SIZE = 2**17
    CACHED_LENGTH = 64

    def __init__(self, keys: tuple[str, ...]) -> None:
        runs = literal_alternation(text for text in map(key_text, keys) if text)
        self._runs = None if runs is None else re.compile(rf"(?<![a-z0-9]){runs}(?![a-z0-9])")
        self._cache: dict[str, bool] = {}

    def __call__(self, key: str) -> bool:
        hit = self._cache.get(key)
        if hit is None:
            hit = self._runs is not None and self._runs.search(key_text(key)) is not None
            if len(key) <= self.CACHED_LENGTH:
                if len(self._cache) >= self.CACHE_SIZE:
                    self._cache.clear()
                self._cache[key] = hit
        return hit


@functools.lru_cache(maxsize=32)
def secret_keys(keys: tuple[str, ...]) -> SecretKeys:
    """The matcher of `keys`, shared by the policies that have them (a call's copy of the process
    policy asks about the same keys again)."""
    return SecretKeys(keys)


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
            pattern = literal_alternation(self._values)
            self.pattern = None if pattern is None else re.compile(pattern)


KNOWN = _Registry()
"""The secret values registered with the process."""


def register_secret(value: str) -> None:
    """Mask `value` wherever it appears, in every redaction from now on (at least 8 characters)."""
    KNOWN.add(value)
