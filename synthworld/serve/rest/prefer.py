"""The ``Prefer`` request header (RFC 7240), as a mock server's user sends it (Prism is the peer).

- ``return=minimal``: a successful change (not GET or HEAD) answers without its body (``200``
  becomes ``204``); ``return=representation`` is what the twin does anyway.
- ``code=404``: the response the operation documents for that status; the world's answer when it
  is the documented success, else a body of the documented error's shape, drawn from its schema.
- ``example=cat``: the named example the document gives that response (with ``code=`` the
  example of that status), sent as it is.
- ``dynamic=true``: what the twin does anyway (answers drawn from the schemas, seeded by the
  request); ``dynamic=false``: the response's first named example, where it has one.

An answer the document gives (an error status, an example) is the document's, not the world's:
the world is not called, so the call is not traced. The input is checked first, so a request
the parameters refuse is refused whatever it prefers. A code or example the document does not
have is a 400 naming those it has. The answer says which preferences it honoured
(``Preference-Applied``) and that it varies with them (``Vary: Prefer``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from synthworld.serve.rest.answers import Answer, json_answer, problem, refusal
from synthworld.serve.rest.error_bodies import covering_error
from synthworld.sources.openapi import error_code
from synthworld.spec import ToolSpec

__all__ = ["applied", "documented_answer", "preferences", "shaping"]

_PREFERENCE = re.compile(
    r'\s*([!#$%&\'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,;\s]*))?((?:\s*;[^,]*)?)\s*(?:,|$)'
)
"""One preference: ``token [= word] *(; parameter)``, a word a token or a quoted string."""
_SHAPING = ("code", "example", "dynamic")


def preferences(header: str) -> dict[str, str]:
    """The preferences of a ``Prefer`` header (several headers joined by commas) by lower-case
    name, each with its value (``""`` for none); the first of a name counts (RFC 7240 2)."""
    out: dict[str, str] = {}
    for found in _PREFERENCE.finditer(header):
        if not found.group(0).strip():
            continue
        value = found.group(2) or ""
        if value.startswith('"'):
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        out.setdefault(found.group(1).lower(), value)
    return out


def shaping(prefer: Mapping[str, str]) -> bool:
    """Whether `prefer` asks for a documented answer (a code, an example, no dynamic answer)."""
    return any(name in prefer for name in _SHAPING)


def documented_answer(spec: ToolSpec, prefer: Mapping[str, str], *, request: str) -> Answer | None:
    """The answer the document gives for `prefer`'s ``code``, ``example`` and ``dynamic``, with
    ``Preference-Applied``; None when the world answers (the documented success, dynamic)."""
    meta = spec.metadata["openapi"]
    success = str(meta.get("status") or meta.get("empty_status") or "200")
    status = prefer.get("code") or success
    examples: Mapping[str, Any] = meta.get("examples", {}).get(status, {})
    entry = None if status == success else _documented_error(spec, status)
    if status != success and entry is None:
        return problem(400, f"Prefer: code={status}: {_documented(spec, success)}")
    name = prefer.get("example")
    if name is not None and name not in examples:
        named = ", ".join(repr(n) for n in examples) or "none"
        return problem(
            400, f"Prefer: example={name}: the {status} response has no such example; its examples: {named}"
        )
    if name is None and prefer.get("dynamic") == "false" and examples:
        name = next(iter(examples))
    honoured = [f"{key}={prefer[key]}" for key in _SHAPING if key in prefer]
    if name is not None:
        media = str((entry or {}).get("media") or meta.get("answer_media", "application/json"))
        answer = json_answer(int(status) if status.isdigit() else 200, examples[name], media)  # 2XX: 200
    elif entry is not None:
        detail = f"the {status} response, as the request preferred (Prefer: code={status})"
        answer = refusal(spec, int(status), detail, {"code": error_code(status)}, request=request)
    else:
        return None
    return Answer(answer.status, answer.body, [*answer.headers, *_applied_headers(honoured)])


def applied(answer: Answer, prefer: Mapping[str, str], method: str) -> Answer:
    """The world's `answer` with `prefer` honoured (``return=``), saying which preferences were."""
    honoured = [f"code={prefer['code']}"] if "code" in prefer else []  # the documented success
    honoured += ["dynamic=true"] if prefer.get("dynamic") == "true" else []  # false: no example to send
    kind = prefer.get("return")
    if kind == "representation":
        honoured.append("return=representation")
    elif kind == "minimal" and method not in ("GET", "HEAD") and 200 <= answer.status < 300:
        honoured.append("return=minimal")
        kept = [(key, value) for key, value in answer.headers if key.lower() != "content-type"]
        answer = Answer(204 if answer.status == 200 else answer.status, b"", kept)
    return Answer(answer.status, answer.body, [*answer.headers, *_applied_headers(honoured)])


def _applied_headers(honoured: list[str]) -> list[tuple[str, str]]:
    return [("Vary", "Prefer"), *([("Preference-Applied", ", ".join(honoured))] if honoured else [])]


def _documented_error(spec: ToolSpec, status: str) -> Mapping[str, Any] | None:
    """The documented error response of `status` (its own, its range's, or the ``default``
    one), None for a text that is no status or one the operation does not document."""
    return covering_error(spec, int(status)) if re.fullmatch(r"[45]\d\d", status) else None


def _documented(spec: ToolSpec, success: str) -> str:
    codes = [success, *(str(e.get("status")) for e in spec.metadata.get("errors", []))]
    listed = ", ".join(codes)
    return f"the operation documents no such response; ask for one it documents: {listed}"
