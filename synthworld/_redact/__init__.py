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
- the value of a named entry whose name is a secret key (``{"name": "X-Api-Key", "value": ...}``)
  and of such a pair in a list of pairs (``[["Authorization", "Basic ..."]]``): see ``shapes``;
- inside any string, whatever its key, and in object keys: bearer tokens (``Bearer eyJ...``), JWTs,
  vendor keys (``sk-...``, ``ghp_...``, ``AKIA...``, ``xoxb-...``, ``AIza...``, ``whsec_...``,
  ``hf_...``, ``SG....``), PEM private keys, Slack and Discord webhook paths, the user info of URLs
  (``https://user:pass@host``), ``name=value`` / ``name: value`` pairs whose name is a
  secret key (so ``?api_key=...`` in a URL), and URL query values named ``key``, ``sig``,
  ``signature`` (or ending so: ``subscription-key``) or ``code``;
- with `Redactor.for_call`, the strings a call's input holds under secret keys, wherever the
  call repeats them; with `Redactor.for_calls` (saved traces) and `Redactor.masking_too`
  (FixtureBackend), wherever any call of the world repeats them (the password given to
  ``login`` in a later call's answer);
- every value registered with `register_secret` (LLM backends register their API key).

`redact_url` masks more in a URL shown to the user (an LLM backend's ``base_url``): the value of
every query parameter that holds a secret, by the policy's keys or by a name with the word
``key``, ``sig``, ``signature`` or ``code`` (``?key=...``, ``?subscription-key=...``).

A replayed call whose input held a secret still matches its recording: the live input is
redacted the same way before it is looked up.

This package is the face of its modules: ``rules`` (what is secret, registered secrets),
``literals`` (many secret values as one trie-shaped pattern: masking costs time in proportion to
the text, however many secrets a call holds), ``shapes`` (named entries and pair lists),
``redactor`` (the `Redactor`), ``policy`` (the
process policy and ``redact=``), ``urls`` (URLs shown to the user) and ``logs`` (log records).
"""

from synthworld._redact.logs import RedactingFilter, redact_logs
from synthworld._redact.policy import (
    SECRET_KEYS_ENV,
    RedactOption,
    as_redactor,
    get_redactor,
    redact,
    redact_text,
    set_redactor,
)
from synthworld._redact.policy import _chosen as _chosen  # tests restore the chosen policy through it
from synthworld._redact.redactor import Redactor
from synthworld._redact.rules import (
    DEFAULT_SECRET_KEYS,
    DEFAULT_SECRET_PATTERNS,
    MASK,
    MIN_SECRET_LENGTH,
    register_secret,
)
from synthworld._redact.urls import redact_url, url_secrets

__all__ = [
    "DEFAULT_SECRET_KEYS",
    "DEFAULT_SECRET_PATTERNS",
    "MASK",
    "MIN_SECRET_LENGTH",
    "SECRET_KEYS_ENV",
    "RedactOption",
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
