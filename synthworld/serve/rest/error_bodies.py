"""Error bodies in the shape the document gives them: an RFC 9457 problem document where the
operation documents no error schema for the status (or where one fits it), else a body drawn
from the documented schema with the explanation written into its message field, and the refusal's
code and status into its code and status fields."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from random import Random
from typing import Any

from synthworld.errors import SchemaError
from synthworld.schema import compile_generator
from synthworld.spec import ToolSpec
from synthworld.world.error_fields import MESSAGE_FIELDS, said_in_fields

__all__ = ["MESSAGE_FIELDS", "covering_error", "documented_body"]


def covering_error(spec: ToolSpec, status: int) -> Mapping[str, Any] | None:
    """The documented error response for `status`: its own, its range's (``4XX``), or the
    ``default`` one; None when the operation documents none of them."""
    errors = [entry for entry in spec.metadata.get("errors", []) if isinstance(entry, Mapping)]
    for wanted in (str(status), f"{status // 100}XX", "DEFAULT"):
        found = next((entry for entry in errors if str(entry.get("status")).upper() == wanted), None)
        if found is not None:
            return found
    return None


def documented_body(schema: Any, problem: Mapping[str, Any], *, seed_text: str) -> Any:
    """`problem` when it is valid against `schema`; else a body drawn from `schema` (seeded by
    `seed_text`, so a request is refused alike every time) whose message field says
    ``problem["detail"]``. None when `schema` can give no body."""
    try:
        generator = compile_generator(schema)
        if generator.is_valid(dict(problem)):
            return dict(problem)
        seed = int.from_bytes(hashlib.sha256(seed_text.encode()).digest()[:8], "big")
        body = generator.generate(Random(seed))
    except SchemaError:
        return None
    return said_in_fields(
        body,
        generator.is_valid,
        message=problem["detail"],
        code=problem.get("code"),
        status=problem.get("status"),
    )
