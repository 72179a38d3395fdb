"""A request's cookies, checked against the operation's ``in: cookie`` parameters.

A cookie is no tool input (the client holds it: a session, a preference), so the twin checks
it before the world sees the call: a required one missing, or one whose value its schema (or
its ``int32``/``int64`` range) refuses, is a 400 naming it, as a mock server (Prism) refuses
any parameter that does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.schema import compile_validator
from synthworld.serve.rest.coerce import Schemas, coerce
from synthworld.serve.rest.int_formats import format_problems
from synthworld.spec import ToolSpec

__all__ = ["cookie_problems", "sent_cookies"]

_FORM = {"in": "cookie", "style": "form", "explode": False}


def cookie_problems(spec: ToolSpec, header: str) -> list[str]:
    """What is wrong with the cookies of `header` (the ``Cookie`` request header) for `spec`'s
    operation, as ``cookie 'name': ...``; empty when they fit (or it documents none)."""
    documented: Mapping[str, Any] = spec.metadata["openapi"].get("cookies", {})
    if not documented:
        return []
    sent = sent_cookies(header)
    schemas = Schemas(spec.parameters)
    problems = []
    for name, cookie in documented.items():
        if name not in sent:
            if cookie.get("required"):
                problems.append(f"cookie {name!r}: the operation requires it; send it (Cookie: {name}=...)")
            continue
        written = {key: value for key, value in cookie.items() if key in ("style", "explode", "content")}
        value = coerce(schemas, cookie["schema"], [sent[name]], {**_FORM, **written})
        validator = compile_validator(
            {"$defs": spec.parameters.get("$defs", {}), "allOf": [cookie["schema"]]}
        )
        found = validator.problems(value) or format_problems(schemas, cookie["schema"], value)
        problems += [f"cookie {name!r}: {problem.removeprefix('$: ')}" for problem in found]
    return problems


def sent_cookies(header: str) -> dict[str, str]:
    """The ``name=value`` pairs of a ``Cookie`` header (RFC 6265 5.4: ``a=1; b=2``), a quoted
    value unquoted; a pair without ``=`` is skipped. Written out rather than `http.cookies`,
    whose parser is made for ``Set-Cookie`` and drops every cookie after one it cannot read
    (a space inside a value)."""
    out: dict[str, str] = {}
    for pair in header.split(";"):
        name, equals, value = pair.partition("=")
        value = value.strip()
        if equals and name.strip():
            quoted = len(value) > 1 and value[0] == value[-1] == '"'
            out.setdefault(name.strip(), value[1:-1] if quoted else value)
    return out
