"""The error of a choice (``anyOf``, ``oneOf``, a type list...) whose every alternative failed:
each alternative's reason, in branch order, so that the message is the same whatever
alternative the draw tried first (the seed) and whatever was compiled before."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_pointer

__all__ = ["bare", "explained", "joined", "weaker"]

SHOWN = 3
"""The reasons a message names; the rest are counted ("and 2 more")."""
_LONGEST = 600
"""The characters of one reason shown (a nested choice's reasons nest in it)."""
_CHOICES = frozenset({"anyOf", "oneOf", "type"})


def weaker(kept: SchemaError, other: SchemaError) -> bool:
    """Whether ``other`` says more than ``kept`` of why no alternative holds: ``kept`` only that a
    ``not`` (a sibling branch's negation) rules out every type (`_types.ruled_out`), ``other`` more."""
    return getattr(kept, "by_not", False) and not getattr(other, "by_not", False)


def joined(reasons: dict[int, SchemaError]) -> SchemaError:
    """One error for the alternatives' errors (by branch index): the one itself when alone, else
    each distinct reason in branch order (one only a ``not`` gives is left out beside another)."""
    unique: dict[str, SchemaError] = {}  # two branches that fail alike are said once
    for index in sorted(reasons):
        unique.setdefault(str(reasons[index]), reasons[index])
    said = list(unique.values())
    strong = [e for e in said if not getattr(e, "by_not", False)]
    said = strong or said
    if len(said) == 1:
        return bare(said[0])
    path = _common(e.path for e in said)
    listed = "; ".join(f"({n}) {_cut(str(e))}" for n, e in enumerate(said[:SHOWN], 1))
    more = f"; and {len(said) - SHOWN} more" if len(said) > SHOWN else ""
    kinds = {type(e) for e in said}
    kind = (
        kinds.pop()
        if len(kinds) == 1
        else (
            UnsatisfiableSchemaError
            if all(isinstance(e, UnsatisfiableSchemaError) for e in said)
            else SchemaError
        )
    )
    err = kind(
        f"no alternative at {show_pointer(path)} can be built, each for its own reason: {listed}{more}",
        path=path,
    )
    if not strong:
        err.by_not = True  # type: ignore[attr-defined]
    return err


def explained(failures: Mapping[int, Exception], places: Sequence[str] | None) -> dict[int, SchemaError]:
    """Each failed alternative's error (by branch index), one that failed by `_nodes.Retry` (a
    search that found nothing, no proof) said as what it kept failing on, at its place: "no valid
    value found at '/anyOf/1': each of the 8 values drawn was one a not there forbids ..."."""
    out: dict[int, SchemaError] = {}
    for index, err in failures.items():
        if isinstance(err, SchemaError):
            out[index] = err
            continue
        nested = getattr(err, "failures", None)  # a choice inside: its own alternatives' reasons
        if nested is not None:
            out[index] = joined(explained(nested, getattr(err, "places", None)))
            continue
        place = places[index] if places is not None else ""
        reason = getattr(err, "reason", None)
        said = reason() if reason is not None else _GIVEN_UP
        out[index] = UnsatisfiableSchemaError(
            f"no valid value found at {show_pointer(place)}: {said}", path=place
        )
    return out


_GIVEN_UP = "every attempt to build one there was given up (a search that found nothing, not a proof)"


def bare(err: SchemaError) -> SchemaError:
    """A copy of ``err`` without traceback, cause or context (the same type, message and path).

    A remembered error is stored bare and each raise gets its own copy: raised itself, it would
    take on the traceback of that raise, and keep every frame of it alive with the node.
    """
    fresh = type(err).__new__(type(err), *err.args)  # not `copy.copy`: a reducer registered for
    fresh.__dict__.update(err.__dict__)  # exceptions (in the full test suite) copies tracebacks
    return fresh


def _cut(text: str) -> str:
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


def _common(paths: Iterable[str]) -> str:
    """The pointer every path starts with, less a trailing keyword of choices (``/anyOf``)."""
    common: list[str] = []
    for steps in zip(*(p.split("/") for p in paths), strict=False):
        if any(s != steps[0] for s in steps):
            break
        common.append(steps[0])
    if len(common) > 1 and common[-1] in _CHOICES:
        common.pop()
    return "/".join(common)
