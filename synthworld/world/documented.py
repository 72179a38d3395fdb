"""Faults that fail the way a tool's documentation says (its documented error responses).

A spec may list its documented errors in ``metadata["errors"]`` (an OpenAPI operation's 4xx and
5xx responses do): ``[{"status": "404", "code": "not_found", "description": ..., "schema": ...}]``.
A fault raising one of those codes then carries the documented status and description, and an
error body drawn from the documented schema (from the call seed, so a seed fails the same way);
other codes take the shape of the ``default`` response, if any. The body says the error's message,
code and status in the fields made for them (`said_in_fields`).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from synthworld.backends import CallContext
from synthworld.errors import SchemaError, ToolError
from synthworld.schema import compile_generator
from synthworld.world.error_fields import said_in_fields
from synthworld.world.seeds import sub_seed

__all__ = ["as_documented", "documented_errors"]


def documented_errors(spec: Any) -> list[Mapping[str, Any]]:
    """The documented errors of a spec (``metadata["errors"]``), well-formed entries only."""
    errors = spec.metadata.get("errors") if isinstance(spec.metadata, Mapping) else None
    if not isinstance(errors, list):
        return []
    return [entry for entry in errors if isinstance(entry, Mapping) and isinstance(entry.get("code"), str)]


def as_documented(error: ToolError, ctx: CallContext, *, own_message: bool) -> ToolError:
    """`error` with the documented response of its code: ``details`` gets ``status`` and a
    ``body`` valid against the documented schema; the message becomes the documented description
    unless the fault gave its own. A code not documented by status takes the shape of the
    ``default`` response when there is one (keeping its own message); else `error` is unchanged."""
    errors = documented_errors(ctx.spec)
    entry = next((e for e in errors if e["code"] == error.code), None)
    exact = entry is not None
    entry = entry or next((e for e in errors if e["code"] == "default"), None)
    if entry is None:
        return error
    details: dict[str, Any] = {**error.details, "status": entry.get("status")}
    description = entry.get("description")
    message = error.message
    if exact and not own_message and isinstance(description, str) and description:
        message = description
    schema = entry.get("schema")
    if schema is not None:
        try:
            rng = Random(sub_seed(ctx.seed, ctx.occurrence, "documented-error"))
            generator = compile_generator(schema)
            body = generator.generate(rng, now=ctx.now)
            details["body"] = said_in_fields(
                body, generator.is_valid, message=message, code=error.code, status=entry.get("status")
            )
        except SchemaError:  # an error schema nothing satisfies: the status alone
            pass
    return ToolError(error.code, message, retry_after=error.retry_after, details=details)
