"""What the LLM backend asks a model to answer in, and how it reads the answer back.

Three output modes, tried in order until a server accepts one: ``json_schema`` (structured
outputs, ``strict`` when the schema allows it), ``json_object`` (JSON mode), and ``text``
(the JSON is pulled out of the reply). OpenAI-style servers want the root of a structured
answer to be an object, so a ``returns`` schema whose root is not an object is wrapped in an
envelope ``{"result": ...}`` and unwrapped here.
"""

from __future__ import annotations

import json
import re
from typing import Any

from synthworld.formats.strict import fits_strict

__all__ = [
    "ENVELOPE_KEY",
    "MODES",
    "is_format_rejection",
    "is_strict_compatible",
    "needs_envelope",
    "output_schema",
    "read_answer",
    "response_format",
    "text_format",
    "unwrap",
]

MODES = ("json_schema", "json_object", "text")
"""Output modes from most to least structured; a backend falls back along this tuple."""

ENVELOPE_KEY = "result"
"""The key a non-object answer is wrapped in."""

_REJECTION_WORDS = ("response_format", "text.format", "json_schema", "json_object", "structured output")
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)


def needs_envelope(returns: dict[str, Any]) -> bool:
    """True when `returns` is not an object schema, so answers travel as ``{"result": value}``."""
    return returns.get("type") != "object"


def output_schema(returns: dict[str, Any]) -> dict[str, Any]:
    """The schema the model's JSON must satisfy: `returns`, or the envelope around it.

    ``$defs``/``definitions`` move up to the envelope so ``#/$defs/...`` references still resolve.
    """
    if not needs_envelope(returns):
        return returns
    inner = {k: v for k, v in returns.items() if k not in ("$defs", "definitions", "$schema")}
    envelope: dict[str, Any] = {
        "type": "object",
        "properties": {ENVELOPE_KEY: inner},
        "required": [ENVELOPE_KEY],
        "additionalProperties": False,
    }
    envelope.update({k: returns[k] for k in ("$defs", "definitions") if k in returns})
    return envelope


def is_strict_compatible(schema: Any) -> bool:
    """True when `schema` fits OpenAI's strict mode: an object root, only supported keywords and
    formats, and every object closed (``additionalProperties: false``) with all properties required
    (see `synthworld.formats.strict.fits_strict`)."""
    return fits_strict(schema)


def response_format(mode: str, schema: dict[str, Any], *, name: str) -> dict[str, Any] | None:
    """The ``response_format`` request parameter for `mode` (None for plain text)."""
    if mode == "json_object":
        return {"type": "json_object"}
    if mode == "text":
        return None
    spec = {"name": _format_name(name), "schema": schema, "strict": is_strict_compatible(schema)}
    return {"type": "json_schema", "json_schema": spec}


def text_format(mode: str, schema: dict[str, Any], *, name: str) -> dict[str, Any] | None:
    """The Responses API's ``text`` request parameter for `mode` (None for plain text): the same
    format as `response_format`, flat under ``format``."""
    fmt = response_format(mode, schema, name=name)
    if fmt is None:
        return None
    return {"format": {"type": fmt["type"], **fmt.get("json_schema", {})}}


def _format_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64] or "output"


def is_format_rejection(status: int, message: str) -> bool:
    """True when an HTTP error says the server does not support the requested ``response_format``
    (the Responses API's ``text.format``)."""
    lowered = message.lower()
    return status in (400, 422) and any(word in lowered for word in _REJECTION_WORDS)


def read_answer(content: str | None, *, enveloped: bool) -> tuple[Any, list[str]]:
    """The JSON value in a model's reply, unwrapped from the envelope; or problems to send back."""
    if content is None or not content.strip():
        return None, ["the reply was empty; answer with the JSON value"]
    try:
        value = _extract_json(content)
    except ValueError as exc:
        return None, [f"the reply is not valid JSON ({exc}); answer with one JSON value and nothing else"]
    return unwrap(value, enveloped=enveloped)


def unwrap(value: Any, *, enveloped: bool) -> tuple[Any, list[str]]:
    """`value` taken out of its envelope (when `enveloped`), or the problem to send back."""
    if not enveloped:
        return value, []
    if isinstance(value, dict) and set(value) == {ENVELOPE_KEY}:
        return value[ENVELOPE_KEY], []
    return None, [
        f'the reply must be a JSON object with the single key "{ENVELOPE_KEY}": {{"{ENVELOPE_KEY}": ...}}'
    ]


def _extract_json(text: str) -> Any:
    """The JSON document in `text`: the whole text, a fenced block, or the first object or array."""
    stripped = text.strip()
    try:
        return _loads(stripped)
    except json.JSONDecodeError as exc:
        first_error = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    for candidate in [m.strip() for m in _FENCE.findall(stripped)]:
        try:
            return _loads(candidate)
        except json.JSONDecodeError:
            continue
    decoder = json.JSONDecoder(parse_constant=_reject_constant)
    for match in re.finditer(r"[\[{]", stripped):
        try:
            return decoder.raw_decode(stripped, match.start())[0]
        except json.JSONDecodeError:
            continue
    raise ValueError(first_error)


def _loads(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant)


def _reject_constant(name: str) -> Any:
    raise json.JSONDecodeError(f"{name} is not JSON", name, 0)
