"""Registration mistakes a new user makes: a name where the function goes, a misspelt keyword."""

from __future__ import annotations

import asyncio
import datetime
import decimal
import enum
import subprocess
import sys
from typing import Annotated, Any, Literal

import pydantic
import pytest

import synthworld
from synthworld import SyntheticWorld, ToolSpec, ToolSpecError
from synthworld.errors import UnsatisfiableSchemaError
from synthworld.spec.checks import keyword_typos


def test_a_name_given_where_the_function_goes_says_how_to_write_it() -> None:
    world = SyntheticWorld()
    with pytest.raises(ToolSpecError) as info:
        world.tool("get_user")  # type: ignore[call-overload]
    assert str(info.value) == (
        "@world.tool takes a function, got str 'get_user'; "
        "to name the tool, write @world.tool(name='get_user')"
    )
    with pytest.raises(ToolSpecError, match=r"write @synthworld.tool\(name='get_user'\)"):
        synthworld.tool("get_user")  # type: ignore[call-overload]
    with pytest.raises(ToolSpecError, match=r"^ToolSpec.from_function\(\) takes a function, got int 5$"):
        ToolSpec.from_function(5)  # type: ignore[arg-type]


def test_a_misspelt_keyword_warns_at_registration() -> None:
    world = SyntheticWorld()
    params = {
        "type": "object",
        "properties": {"q": {"type": "string", "maxlength": 3}, "item": {"type": "string"}},
        "requierd": ["q"],
    }
    with pytest.warns(synthworld.SynthworldWarning) as notes:
        world.register_tool(ToolSpec("find", "d", params, {"typ": "string"}))
    assert [str(note.message) for note in notes] == [
        "tool 'find': parameters: unknown keyword 'requierd' is ignored; did you mean 'required'?; "
        "parameters.properties.q: unknown keyword 'maxlength' is ignored; did you mean 'maxLength'?; "
        "returns: unknown keyword 'typ' is ignored; did you mean 'type'?"
    ]
    vendor = {"type": "object", "x-internal": True, "example": {}, "nullable": True}
    world.register_tool(ToolSpec("fine", "d", {"type": "object"}, vendor))  # no warning: errors


@pytest.mark.parametrize(
    ("key", "meant"),
    [("typ", "type"), ("types", "type"), ("Type", "type"), ("reqired", "required"), ("requierd", "required"),
     ("minLenght", "minLength"), ("additionalproperties", "additionalProperties"), ("exmaples", "examples"),
     ("ref", "$ref"), ("patern", "pattern")],
)  # fmt: skip
def test_near_misses_of_keywords_are_typos(key: str, meant: str) -> None:
    assert keyword_typos({key: 1}, "returns") == [
        f"returns: unknown keyword {key!r} is ignored; did you mean {meant!r}?"
    ]


@pytest.mark.parametrize(
    "key",
    ["id", "$recursiveRef", "tsType", "optionalProperties", "markdownDescription", "enumNames",
     "propertyOrder", "defaultSnippets", "errorMessage", "x-typ", "desc", "name", "kind"],
)  # fmt: skip
def test_other_tools_keywords_and_draft_4_id_register_without_a_warning(key: str) -> None:
    assert keyword_typos({key: 1, "properties": {"a": {key: 1}}, "items": {key: 1}}, "returns") == []
    world = SyntheticWorld()  # warnings are errors in this suite
    world.register_tool(ToolSpec("t", "d", {"type": "object"}, {"type": "object", key: "x"}))


def test_a_registration_error_at_the_root_of_returns_says_so_in_words() -> None:
    world = SyntheticWorld()
    spec = ToolSpec("pick", "Pick one.", {"type": "object"}, {"enum": ["a", "b"], "type": "integer"})
    with pytest.raises(UnsatisfiableSchemaError) as info:
        world.register_tool(spec)
    assert str(info.value) == (
        "tool 'pick': returns: no value of enum/const at the root satisfies the rest of the schema; "
        "fix: add a value that does"
    )
    assert info.value.path == ""


def test_stubs_under_staticmethod_and_classmethod_in_a_class_body() -> None:
    world = SyntheticWorld(seed=1)

    class Service:
        @world.tool
        @staticmethod
        def lookup(x: int) -> int:
            """Look up."""

        @classmethod
        @world.tool
        def count(cls, x: int) -> int:
            """Count."""

    expected = world.call("lookup", {"x": 2})
    assert Service.lookup(2) == Service().lookup(2) == expected  # on an instance, self was passed too
    assert Service.count(3) == Service().count(3) == world.call("count", {"x": 3})
    with pytest.raises(ToolSpecError, match=r"got classmethod .*; write @classmethod above @world.tool"):

        class Wrong:
            @world.tool
            @classmethod
            def total(cls, x: int) -> int:
                """Total."""


def test_a_call_with_keyword_arguments_shows_the_dict_to_pass() -> None:
    """``world.call("get_user", user_id="u1")`` said "CallPath.call() got an unexpected keyword
    argument", naming an internal class and not the fix."""
    world = SyntheticWorld()

    @world.tool
    def get_user(user_id: str, verbose: bool = False) -> dict[str, str]:
        """Fetch a user."""

    with pytest.raises(TypeError) as info:
        world.call("get_user", user_id="u1")
    assert str(info.value) == (
        "world.call('get_user', user_id='u1'): the input is one dict, not keyword arguments; "
        "write world.call('get_user', {'user_id': 'u1'})"
    )
    with pytest.raises(
        TypeError, match=r"write world.call\('get_user', \{'user_id': 'u1', 'verbose': True\}\)"
    ):
        world.call("get_user", {"user_id": "u1"}, verbose=True)
    with pytest.raises(TypeError, match=r"write world.call\('get_user', \{'user_id': 'u1'\}\)$"):
        world.call("get_user", input={"user_id": "u1"})
    with pytest.raises(TypeError, match=r"^world.acall\('get_user', user_id='u1'\)"):
        asyncio.run(world.acall("get_user", user_id="u1"))
    assert len(world.trace) == 0  # refused before any call was made


class Holiday(enum.Enum):
    NEW_YEAR = datetime.date(2025, 1, 1)


class Nothing(enum.Enum):
    pass


def test_an_enum_or_literal_no_json_value_fits_is_refused_naming_the_annotation() -> None:
    # ToolSpec.from_function gave a spec holding date objects, refused at registration as a hand
    # written schema would be ("pass value.isoformat()"); an empty Enum as "unsatisfiable"
    def book(day: Holiday, kind: Literal[b"x"]) -> Nothing:
        """Book."""

    with pytest.raises(ToolSpecError) as info:
        ToolSpec.from_function(book)
    fix = "use str, int, float, bool or None values (a date as its isoformat())"
    assert info.value.problems == [
        "book(): parameter 'day': enum Holiday has a value that is not JSON data: "
        f"datetime.date(2025, 1, 1); {fix}",
        f"book(): parameter 'kind': typing.Literal[b'x'] has a value that is not JSON data: b'x'; {fix}",
        "book(): return type: enum Nothing has no members, so no value of it can be sent or answered",
    ]


class Shipment(pydantic.BaseModel):
    carrier: Carrier  # type: ignore[name-defined]  # noqa: F821 - defined nowhere


class Socket:
    """Not data: pydantic takes it only by isinstance."""


class Connection(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(arbitrary_types_allowed=True)
    socket: Socket


def test_a_model_pydantic_cannot_describe_is_a_tool_spec_error_naming_the_parameter() -> None:
    # pydantic's own PydanticUserError came out of @world.tool, naming neither stub nor parameter
    world = SyntheticWorld()
    with pytest.raises(ToolSpecError) as info:

        @world.tool
        def ship(order_id: str) -> Shipment:
            """Ship an order."""

    assert info.value.problems == [
        "ship(): return type: pydantic cannot describe Shipment: `Shipment` is not fully defined; "
        "you should define `Carrier`, then call `Shipment.model_rebuild()`."
    ]
    with pytest.raises(ToolSpecError, match=r"^cannot make a tool of send\(\): send\(\): parameter 'via'"):

        @world.tool
        def send(via: Connection) -> None:
            """Send."""


def _below_its_minimum(limit: Annotated[int, pydantic.Field(ge=1)] = 0) -> dict[str, int]:
    """List things."""
    raise NotImplementedError


def _above_its_maximum(limit: int = pydantic.Field(200, le=100)) -> dict[str, int]:
    """List things."""
    raise NotImplementedError


def _a_negative_amount(
    amount: decimal.Decimal = pydantic.Field(decimal.Decimal("-1.5"), ge=0),  # noqa: B008 - under test
) -> dict[str, int]:
    """Refund an amount."""
    raise NotImplementedError


def _not_a_choice(order: Literal["asc", "desc"] = "up") -> dict[str, int]:  # type: ignore[assignment]
    """List things."""
    raise NotImplementedError


@pytest.mark.parametrize(
    ("stub", "said"),
    [
        (
            _below_its_minimum,
            "'limit': its default 0 breaks its own constraint (0 is less than the minimum of 1)",
        ),
        (
            _above_its_maximum,
            "'limit': its default 200 breaks its own constraint (200 is greater than the maximum of 100)",
        ),
        (
            _a_negative_amount,
            "'amount': its default -1.5 breaks its own constraint (-1.5 is less than the minimum of 0)",
        ),
        (
            _not_a_choice,
            "'order': its default 'up' breaks its own constraint ('up' is not one of ['asc', 'desc'])",
        ),
    ],
    ids=["below-its-minimum", "above-its-maximum", "a-negative-decimal", "not-a-choice"],
)
def test_a_default_its_own_constraint_refuses_is_refused_at_registration(stub: Any, said: str) -> None:
    # pydantic does not check defaults either: the agent was shown `limit: int = 0` (to_prompt,
    # world.stub's signature) and the world refused the 0 it was shown
    name = stub.__name__
    with pytest.raises(ToolSpecError) as info:
        SyntheticWorld().tool(stub)
    assert str(info.value) == (
        f"cannot make a tool of {name}(): {name}(): parameter {said}; change the default to a value the "
        "constraint allows, or loosen the constraint"
    )


def test_defaults_their_constraints_allow_and_none_are_taken() -> None:
    world = SyntheticWorld()

    @world.tool
    def search(
        q: str,
        limit: Annotated[int, pydantic.Field(ge=1, le=100)] = 20,
        page: int = None,  # type: ignore[assignment]  # noqa: RUF013 - the implicit Optional users write
        order: Literal["asc", "desc"] = "asc",
    ) -> dict[str, int]:
        """Search."""

    assert world.tools["search"].defaults == {"limit": 20, "page": None, "order": "asc"}
    assert world.call("search", {"q": "x", "limit": 20, "order": "asc"}) is not None


TWO_IMPORTS = """
import sys
from synthworld import ToolSpec

spec = ToolSpec(name="ping", description="Ping.", parameters={"type": "object"}, returns={"type": "string"})
for name in [n for n in sys.modules if n.startswith("synthworld")]:
    del sys.modules[name]  # what pytester's in-process runs do with the modules a run imported
from synthworld import SyntheticWorld, ToolSpecError

try:
    SyntheticWorld().register_tool(spec)
except ToolSpecError as exc:
    print(exc)
"""


def test_a_toolspec_of_another_import_of_synthworld_is_named_as_such() -> None:
    """A ToolSpec made before synthworld was imported again was refused as 'got ToolSpec', which
    read as nonsense (the cassette walkthrough met it under pytester)."""
    done = subprocess.run(
        [sys.executable, "-c", TWO_IMPORTS], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == (
        "register_tool() got a ToolSpec of another import of synthworld (its modules were loaded twice "
        "in this process, e.g. after code deleted them from sys.modules, as pytester's in-process runs "
        "do); make the spec and the world with one import (under pytester: runpytest_subprocess(), or "
        "import synthworld before the run)"
    )
