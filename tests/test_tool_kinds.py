"""A tool's name says what its answer is (stop 50's leftover: petstore's ``listPets`` answered
pets named "Stacy Perry": the inlined ``Pet`` with ``id``, ``name``, ``tag`` said no kind, and the
generator never saw the tool's name)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from random import Random
from typing import Any

import pytest
from faker.providers.person.en_US import Provider as Person

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec
from synthworld.schema import compile_generator
from synthworld.schema._tool_kind import tool_kind
from synthworld.schema._words import PET_NAMES

_S = {"type": "string"}
_NO_INPUT = {"type": "object", "properties": {}}
_PETSTORE = Path(__file__).parent / "openapi" / "petstore-3.1.yaml"
_FIRST = frozenset(Person.first_names)


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


_PET = _obj({"id": {"type": "integer"}, "name": _S, "tag": _S})


def _answers(name: str, returns: dict[str, Any], seeds: range = range(8)) -> list[Any]:
    out = []
    for seed in seeds:
        world = SyntheticWorld(seed)
        world.register_tool(ToolSpec(name, "", _NO_INPUT, returns))
        out.append(world.call(name, {}))
    return out


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("getPetById", "pet"),
        ("listPets", "pet"),
        ("showPetById", "pet"),
        ("pets.list", "pet"),
        ("get_user_pets", "pet"),
        ("GetProducts", "product"),
        ("search_repositories", "repository"),
        ("retrieveCustomer", "customer"),
        ("list_branches", "branch"),
        ("getStatus", ""),  # a word's, not an entity's: no kind
        ("add_item_to_cart", ""),  # what comes after "to" says where
        ("ContainerList", ""),  # a kind of thing no name fill knows
    ],
)
def test_a_tool_name_gives_its_answers_kind(name: str, kind: str) -> None:
    assert tool_kind(name) == kind


@pytest.mark.parametrize("tool", ["getPetById", "listPets", "show_pet"])
def test_a_pet_named_by_its_tool_has_a_pet_name(tool: str) -> None:
    names = [answer["name"] for answer in _answers(tool, _PET)]
    assert all(name in PET_NAMES for name in names), names
    assert names == [answer["name"] for answer in _answers(tool, _PET)]  # the same seed, the same pet


def test_a_list_of_pets_and_a_wrapped_pet_have_pet_names() -> None:
    listed = _answers("listPets", {"type": "array", "items": _PET, "minItems": 1}, range(4))
    wrapped = _answers("getPetById", _obj({"data": _PET}), range(4))
    names = [pet["name"] for answer in listed for pet in answer] + [
        answer["data"]["name"] for answer in wrapped
    ]
    assert all(name in PET_NAMES for name in names), names


def test_the_petstore_document_lists_pets_with_pet_names() -> None:
    names = []
    for seed in range(4):
        world = SyntheticWorld.from_openapi(_PETSTORE, seed=seed)
        names += [pet["name"] for pet in world.call("listPets", {"limit": 5})]
    assert names
    assert all(name in PET_NAMES for name in names), names


def test_a_generator_given_the_tool_name_draws_pet_names() -> None:
    generator = compile_generator(_PET, context="getPetById")
    names = [generator.generate(Random(seed))["name"] for seed in range(8)]
    assert all(name in PET_NAMES for name in names), names
    assert compile_generator(_PET).generate(Random(0)) != generator.generate(
        Random(0)
    )  # no context: as before


@pytest.mark.parametrize(
    ("tool", "judge"),
    [
        ("getProduct", lambda name: len(name.split()) >= 2 and name.split()[0] not in _FIRST),
        ("listRepositories", lambda name: name == name.lower() and " " not in name),
        (
            "getUser",
            lambda name: name.split()[0] in _FIRST or name.split()[1] in _FIRST,
        ),  # a person, as before
    ],
)
def test_other_kinds_take_their_names(tool: str, judge: Any) -> None:
    names = [answer["name"] for answer in _answers(tool, _obj({"id": _S, "name": _S}))]
    assert all(judge(name) for name in names), names


def test_a_name_with_a_nearer_noun_keeps_it() -> None:
    """``owner`` inside a pet is a person, whatever the tool."""
    answers = _answers("getPetById", _obj({"name": _S, "owner": _obj({"name": _S, "email": _S})}))
    assert all(answer["owner"]["name"] not in PET_NAMES for answer in answers)
    assert all(answer["name"] in PET_NAMES for answer in answers)


@pytest.mark.parametrize("born", [_S, {"type": "string", "format": "date"}])
def test_a_pet_born_is_a_pets_birth_date(born: dict[str, Any]) -> None:
    """A pet's, not an adult's (the format's recent date was a pet's already: a guard)."""
    clock = dt.datetime(2030, 6, 1, tzinfo=dt.timezone.utc)
    schema = _obj({"id": _S, "name": _S, "born": born})
    for seed in range(8):
        world = SyntheticWorld(seed, clock=SimulatedClock(clock))
        world.register_tool(ToolSpec("getPet", "", _NO_INPUT, schema))
        born = dt.date.fromisoformat(world.call("getPet", {})["born"])
        assert 0 < (clock.date() - born).days <= 15 * 366, born


def test_every_kind_a_tool_name_gives_has_a_name_fill() -> None:
    from synthworld.schema._parent_kinds import PARENTS
    from synthworld.schema._tool_kind import KINDS

    assert sorted(KINDS - set(PARENTS)) == []
