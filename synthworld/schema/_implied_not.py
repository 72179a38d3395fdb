"""A cheap proof that a ``not`` excludes every value its conjuncts allow: the ``not`` of what they
already say (``{format: email, not: {format: email}}``).

Without it the search draws values the ``not`` then refuses, until every attempt is spent
(``minLength: 5000`` beside those: 888 strings of 5,000 characters, 0.85 s, then a refusal).
Only keywords that assert alone are read (none that another keyword of its schema changes, as
``additionalProperties`` reads ``properties``), and only where a conjunct of the same dialect
says each of them with the same value: then every value of the conjuncts meets the ``not``'s
subschema, which the ``not`` refuses.
"""

from __future__ import annotations

from collections.abc import Sequence

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._canonicalise import canonical_view, json_equal, json_key
from synthworld.schema._parts import Part
from synthworld.schema.keywords import ANNOTATIONS

__all__ = ["implied_not", "refuse_implied_not"]

_ALONE = frozenset({
    "type", "enum", "const", "format", "minLength", "maxLength", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems",
    "minProperties", "maxProperties", "required", "dependentRequired",
})  # fmt: skip
"""Keywords whose meaning no sibling keyword changes (in 2020-12 words: parts are canonical)."""


def implied_not(parts: Sequence[Part]) -> tuple[str, str] | None:
    """The place of a ``not`` that refuses every value of ``parts`` and why (naming what it
    refuses and where the conjuncts say it), when its keywords are all said by them; else None."""
    for part in parts:
        if "not" not in part.node:
            continue
        sub = part.loc.child(part.node["not"], "not")
        neg = canonical_view(sub.schema, sub.dialect)
        words = [w for w in neg if w not in ANNOTATIONS]
        if not words or words == ["type"] or not _ALONE.issuperset(words):  # a type: `_types` says why
            continue
        sayers = [_sayer(parts, part, word, neg[word]) for word in words]
        if all(s is not None for s in sayers):
            where = ", ".join(sorted({show_pointer(s.loc.path) for s in sayers if s is not None}))
            said = json_key({w: neg[w] for w in words})
            return sub.path, (
                f"the not at {show_pointer(sub.path)} refuses every value: its schema {said} says "
                f"only what {where} already requires"
            )
    return None


def _sayer(parts: Sequence[Part], holder: Part, word: str, value: object) -> Part | None:
    """A conjunct that says ``word: value`` itself, in the dialect of the ``not``'s ``holder``."""
    for part in parts:
        if (
            part.loc.dialect == holder.loc.dialect
            and word in part.node
            and json_equal(part.node[word], value)
        ):
            return part
    return None


def refuse_implied_not(parts: Sequence[Part]) -> None:
    """Raise `UnsatisfiableSchemaError` when `implied_not` proves that no value meets ``parts``
    (a schema's root conjuncts: inside a branch the proof would leave the search's draws, so
    the values of the other branches, otherwise than they were)."""
    implied = implied_not(parts)
    if implied is not None:
        where, why = implied
        raise UnsatisfiableSchemaError(f"{why}; fix: remove the not, or the keywords it repeats", path=where)
