"""Readable text answers for tools that answer text and declare nothing about it.

An MCP tool listed without an ``outputSchema`` answers content blocks, text mostly, and its spec
says so with ``metadata["answers"] == "text"`` (`synthworld.mcp_tools` marks it). Any JSON value
would fit its ``returns`` (``{}``), but ``true`` or ``19`` is no answer such a tool gives: this
writes a short text instead, from the tool's name, the call's input and words of its
description, drawn from the call's own RNG only (the same seed, the same text).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld.schema._realistic import pick

if TYPE_CHECKING:
    from synthworld.backends.base import CallContext
    from synthworld.spec import ToolSpec

__all__ = ["ANSWERS", "answers_text", "text_answer"]

ANSWERS = "answers"
"""The ``ToolSpec.metadata`` key that says what a tool without an output schema answers."""
_WORD = re.compile(r"[A-Za-z][a-z]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PLAIN = frozenset(
    {
        "this", "that", "these", "those", "your", "their", "when", "which", "what", "into", "over",
        "than", "then", "each", "every", "some", "given", "returns", "return", "answer", "answers",
        "tool", "with", "from",
    }
)  # fmt: skip
"""Words of four letters or more a description has that say nothing of the answer."""


def answers_text(spec: ToolSpec) -> bool:
    """Whether `spec` declares no output schema and is marked as answering text."""
    metadata = getattr(spec, "metadata", None)  # a stand-in spec may have none
    return isinstance(metadata, Mapping) and metadata.get(ANSWERS) == "text" and spec.returns in ({}, True)


def text_answer(ctx: CallContext, *, locale: str = "en_US") -> str:
    """A few sentences: what was done (the tool's name and the input), what about (words of
    its description), then one or two of Faker's sentences; e.g. ``"Draft reply for ticket_id
    T-1. About customer and email: Fast production health consumer employee."``."""
    rng = ctx.rng
    opening = _topic(ctx.spec.name) + _for(ctx.input)
    keywords = _keywords(ctx.spec.description, ctx.spec.name)
    about = ""
    if keywords:
        chosen = sorted(rng.sample(keywords, min(2, len(keywords))), key=keywords.index)
        about = f"About {' and '.join(chosen)}: "
    sentences = [pick(rng, locale, "sentence") for _ in range(rng.randint(1, 2))]
    return f"{opening}. {about}{'. '.join(sentences)}."


def _topic(name: str) -> str:
    words = _CAMEL.sub(" ", name).replace("_", " ").replace("-", " ").replace(".", " ").split()
    return " ".join(words).capitalize() or "Done"


def _for(values: Mapping[str, Any]) -> str:
    """`` for key value, key value`` of the input's short scalar values (none when there are none)."""
    parts = [f"{key} {value}" for key, value in values.items() if _short(value)][:3]
    return f" for {', '.join(parts)}" if parts else ""


def _short(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and len(str(value)) <= 40


def _keywords(description: str, name: str) -> list[str]:
    """The description's words worth repeating, each once, in order (not those of the name)."""
    named = {word.lower() for word in _WORD.findall(_CAMEL.sub(" ", name).replace("_", " "))}
    seen: list[str] = []
    for word in _WORD.findall(description):
        lower = word.lower()
        if lower not in _PLAIN and lower not in named and len(lower) > 3 and lower not in seen:
            seen.append(lower)
    return seen
