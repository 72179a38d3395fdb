"""Answer-space coverage of ``oneOf``/``anyOf`` branches and ``if`` sides: a field the object
always has lists no "absent" in a branch that restates it, and two branches or ``if``s that would
read the same (in an ``allOf``) are told apart by where they sit."""

from __future__ import annotations

import cProfile
import gc
import pstats
import sys
from typing import Any

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.world.answer_space import AnswerProbe

NO_INPUT = {"type": "object", "properties": {}}

EVENT: dict[str, Any] = {
    "type": "object",
    "properties": {"kind": {"enum": ["click", "view"]}, "at": {"type": "string"}},
    "required": ["kind", "at"],
    "oneOf": [
        {
            "title": "Click",
            "properties": {"kind": {"const": "click"}, "x": {"type": "integer"}},
            "required": ["x"],
        },
        {
            "title": "View",
            "properties": {"kind": {"const": "view"}, "at": {"type": "string"}, "ms": {"type": "integer"}},
        },
    ],
}


def world_answering(returns: Any, *answers: Any) -> SyntheticWorld:
    """A world whose one tool ``get`` gives `answers` in turn, called once per answer."""
    given = iter(answers)
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: next(given)))
    world.register_tool(ToolSpec("get", "Fetch it.", NO_INPUT, returns))
    for _ in answers:
        world.call("get", {})
    return world


def test_a_branch_restating_a_required_field_lists_no_absent_that_cannot_happen() -> None:
    """``kind`` and ``at`` are required by the object: their "absent" was listed from the branches
    that restate them, and stayed "never answered" for ever."""
    world = world_answering(EVENT, {"kind": "click", "at": "t1", "x": 3}, {"kind": "view", "at": "t2"})
    assert world.coverage().answers == {
        "get $ oneOf[0] (Click)": 1,
        "get $ oneOf[1] (View)": 1,
        'get $.kind = "click"': 1,
        'get $.kind = "view"': 1,
        "get $.ms absent": 1,
        "get $.ms present": 0,
    }
    assert world.coverage().never_answered == ["get $.ms present"]


def test_anyof_branches_and_a_requirement_in_another_allof_part_count_the_same_way() -> None:
    schema = {
        "type": "object",
        "allOf": [
            {"properties": {"id": {"type": "string"}, "note": {"type": "string"}}},
            {"required": ["id"]},
        ],
        "anyOf": [
            {"properties": {"id": {"type": "string"}, "tag": {"type": "string"}}},
            {"required": ["note"]},
        ],
    }
    assert AnswerProbe(schema).outcomes == (
        "$ anyOf[0]",
        "$ anyOf[1]",
        "$.note absent",
        "$.note present",
        "$.tag absent",
        "$.tag present",
    )


def test_the_then_side_knows_what_its_if_requires() -> None:
    schema = {
        "type": "object",
        "properties": {"mode": {"enum": ["card", "cash"]}},
        "required": ["mode"],
        "if": {"title": "refunded", "required": ["refund"]},
        "then": {"properties": {"refund": {"type": "number"}}},
    }
    assert AnswerProbe(schema).outcomes == (
        "$ if (refunded) else",
        "$ if (refunded) then",
        '$.mode = "card"',
        '$.mode = "cash"',
    )


PRO = {"properties": {"plan": {"const": "pro"}}}
PLAN: dict[str, Any] = {
    "type": "object",
    "properties": {"plan": {"type": "string"}, "seats": {"type": "integer"}, "quota": {"type": "integer"}},
    "allOf": [
        {"if": PRO, "then": {"required": ["seats"]}},  # holds when plan is absent too
        {"if": {**PRO, "required": ["plan"]}, "then": {"required": ["quota"]}},  # reads the same
        {"if": {"title": "metered", "required": ["quota"]}},
    ],
}


def test_two_ifs_in_an_allof_that_read_the_same_are_named_by_their_place() -> None:
    """Both ``if``s read ``(plan = "pro")``: they were one outcome pair, so an answer without a
    plan counted "then" (first ``if``) and "else" (second) of the same outcome."""
    world = world_answering(PLAN, {"seats": 2}, {"plan": "pro", "seats": 3, "quota": 9})
    answers = world.coverage().answers
    assert {outcome: n for outcome, n in answers.items() if " if " in outcome} == {
        'get $ allOf[0] if (plan = "pro") else': 0,
        'get $ allOf[0] if (plan = "pro") then': 2,
        'get $ allOf[1] if (plan = "pro") else': 1,
        'get $ allOf[1] if (plan = "pro") then': 1,
        "get $ if (metered) else": 1,  # no clash: the name it always had
        "get $ if (metered) then": 1,
    }


def test_two_oneofs_in_an_allof_name_every_branch_of_a_clashing_group_by_its_place() -> None:
    schema = {
        "allOf": [
            {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            {"oneOf": [{"type": "string", "maxLength": 3}, {"type": "string", "minLength": 4}]},
            {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        ],
    }
    probe = AnswerProbe(schema)
    assert probe.outcomes == (
        "$ allOf[0] oneOf[0] (string)",
        "$ allOf[0] oneOf[1] (integer)",
        "$ allOf[1] oneOf[0] (string)",
        "$ allOf[1] oneOf[1] (string)",
        "$ anyOf[0] (string)",
        "$ anyOf[1] (integer)",
    )
    assert probe.reached("abcd") == [
        "$ allOf[0] oneOf[0] (string)",
        "$ allOf[1] oneOf[1] (string)",
        "$ anyOf[0] (string)",
    ]


def test_a_branch_is_checked_with_the_definitions_it_reaches_and_reads_alike() -> None:
    """Azure Service Fabric's answers: hundreds of definitions were compiled with every branch
    (0.4 s a tool, in one call); a branch now gets those it reaches, through other definitions too."""
    unrelated = {f"Other{i}": {"type": "object", "properties": {"n": {"type": "integer"}}} for i in range(50)}
    schema: dict[str, Any] = {
        "oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}],
        "$defs": {
            "Cat": {
                "type": "object",
                "properties": {"kind": {"const": "cat"}, "toy": {"$ref": "#/$defs/Toy"}},
            },
            "Dog": {"type": "object", "properties": {"kind": {"const": "dog"}}, "required": ["kind"]},
            "Toy": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
            **unrelated,
        },
    }
    probe = AnswerProbe(schema)
    tests = {id(branch): test for branch, test in probe._validators.values()}
    cat = tests[id(schema["oneOf"][0])]
    assert cat is not None
    assert sorted(cat.schema["$defs"]) == ["Cat", "Toy"]
    assert cat.is_valid({"kind": "cat", "toy": {"name": "ball"}})
    assert not cat.is_valid({"kind": "cat", "toy": {}})
    assert probe.reached({"kind": "dog"}) == ["$ oneOf[1] (Dog)"]
    assert probe.reached({"kind": "cat", "toy": {"name": "x"}}) == [
        "$ oneOf[0] (Cat)",
        "$.kind present",
        "$.toy present",
    ]


def test_a_definition_is_read_for_references_once() -> None:
    """GitBook's answers: hundreds of branches each reach one chain of big definitions, and each
    branch's look for the definitions it needs read every definition of the chain again (0.5 s
    of CPU in a tool's first answer, over 1 s of wall time on a shared machine). Each definition's
    references are now read once per probe; every branch still gets the whole chain."""
    chain = {
        f"D{i}": {
            "type": "object",
            "properties": {
                **{f"q{j}": {"type": "object", "properties": {"a": {"type": "string"}}} for j in range(20)},
                "next": {"$ref": f"#/$defs/D{i + 1}"},
            },
        }
        for i in range(30)
    }
    chain["D30"] = {"type": "string"}
    branches = 100
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            f"f{i}": {"oneOf": [{"$ref": "#/$defs/D0"}, {"type": "null"}]} for i in range(branches)
        },
        "$defs": chain,
    }
    profile = cProfile.Profile()
    probe = profile.runcall(AnswerProbe, schema)
    reads = sum(
        calls
        for (file, _, name), (calls, *_) in pstats.Stats(profile).stats.items()  # type: ignore[attr-defined]
        if name == "_refs" and file.endswith("answer_space.py")
    )
    assert reads <= 2 * branches + len(chain), reads  # each branch (both walks) and each definition once
    first = next(test for branch, test in probe._validators.values() if branch == {"$ref": "#/$defs/D0"})
    assert first is not None
    assert sorted(first.schema["$defs"]) == sorted(chain)
    assert "$.f0 present" in probe.reached({"f0": None})


def test_answer_spaces_are_read_with_the_cyclic_collector_off() -> None:
    """A fold reads the answer spaces of the tools answered since the last: a burst of long-lived
    nodes, whose collections walked the heap of a world of hundreds of tools (GitBook's: 0.4 s
    of CPU a fold, half of it in collections). Collections are forced here at every allocation,
    and none may start while a probe is built; they still run around it."""
    during: list[bool] = []

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            frame: Any = sys._getframe(1)
            names = []
            while frame is not None:
                names.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")
                frame = frame.f_back
            during.append(any(name.endswith("answer_space.py:__init__") for name in names))

    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: {"kind": "view", "at": "t"}))
    world.register_tool(ToolSpec("get", "Fetch it.", NO_INPUT, EVENT))
    threshold = gc.get_threshold()
    gc.callbacks.append(watch)
    gc.set_threshold(1, 1, 1)
    try:
        world.call("get", {})
        answers = world.coverage().answers
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(watch)
    assert answers["get $ oneOf[1] (View)"] == 1
    assert during  # collections did run, outside the probe
    assert not any(during)
