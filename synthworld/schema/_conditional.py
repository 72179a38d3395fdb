"""One ``if`` or one ``dependentSchemas`` entry split the usual way: into the alternatives it
allows beside its siblings, a side they rule out dropped (long chains of ``if``s: `_ifs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from synthworld.schema._canonicalise import FALSE
from synthworld.schema._discriminate import Facts, verdict
from synthworld.schema._nodes import ChoiceNode, Node
from synthworld.schema._parts import Part
from synthworld.schema._resolve import Loc
from synthworld.schema._types import objects_either_way

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["dependent_split", "if_split"]


def if_split(cx: Compiler, rest: list[Part], part: Part) -> Node:
    """The alternatives of one ``if``: its condition with the ``then``, its negation with the
    ``else``; a side its siblings rule out is dropped (`_verdict`, and clashing constants)."""
    loc, node = part.loc, part.node
    cond = loc.child(node["if"], "if")
    then = [Part(loc.child(node["then"], "then"))] if "then" in node else []
    other = [Part(loc.child(node["else"], "else"))] if "else" in node else []
    siblings = cx.conjunct_facts(rest)
    sides = [cx.flatten(then), cx.flatten(other)]
    objects = objects_either_way(cx.any_type, rest, sides, typed_if="type" in Part(cond).node)
    known = _verdict(cx, siblings, cond, objects)
    clash = objects and siblings.plus(cx.conjunct_facts(cx.flatten([Part(cond), *then]))).conflict
    options = []  # facts are of objects: their conflict rules out no value of another type
    if known != "false" and not clash:
        options.append([*rest, *([] if known == "true" else [Part(cond)]), *then])
    if known != "true":
        options.append([*rest, *([] if known == "false" else [cx.negate(cond)]), *other])
    if not options:
        options = [[*rest, Part(cond), *then]]  # let the compiler say why nothing holds
    found = cx.alternatives(options, loc.path, "if/then/else")
    if len(options) == 2 and isinstance(found, ChoiceNode):
        found.lean_first = 1  # the else: a lean value lacks what conditions usually test for
    return found


def _verdict(cx: Compiler, siblings: Facts, cond: Loc, objects: bool) -> str:
    """Whether the siblings (``objects``: they take objects alone) make an ``if`` surely true
    or false (see `_discriminate`)."""
    conds = cx.flat_facts(cond)[0]
    return verdict(siblings, conds[0], objects=objects) if len(conds) == 1 else "unknown"


def dependent_split(cx: Compiler, parts: list[Part], i: int) -> Node:
    """The alternatives of one ``dependentSchemas`` entry: its trigger absent, or present with its
    subschema; a side its siblings rule out is dropped."""
    part = parts[i]
    name, sub = next(iter(part.node["dependentSchemas"].items()))
    rest = [*parts[:i], part.without(f"dependentSchemas:{name}"), *parts[i + 1 :]]
    absent = cx.synthetic(part.loc, {"properties": {name: {"not": {}}}})
    present = cx.synthetic(part.loc, {"required": [name]})
    raw = part.loc.schema if isinstance(part.loc.schema, dict) else {}  # its word in the document:
    older = "dependencies" in raw and name not in raw.get("dependentSchemas", ())  # draft 7's, split
    sub_loc = part.loc.child(sub, "dependencies" if older else "dependentSchemas", name)
    without, beside = [*rest, Part(absent)], [*rest, Part(present), Part(sub_loc)]
    siblings = cx.conjunct_facts(rest)  # `rest` is already flat
    needed = Facts()
    needed.required.add(name)
    # false, or constants contradicting its siblings': the trigger is absent (of another type)
    clash = siblings.plus(needed).plus(cx.flat_facts(sub_loc)[1]).conflict
    held = Part(sub_loc).node != FALSE and not clash
    options = [
        *([without] if name not in siblings.required else []),  # a required trigger is present
        *([beside] if held else []),
    ]
    return cx.alternatives(options or [without, beside], part.loc.path, "dependentSchemas")
