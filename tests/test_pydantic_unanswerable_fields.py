"""Pydantic models a typed stub could register but never answer (leftovers of stop 51's eleventh
hold-out): a field holding a class (Powertools' ``body: str | type[BaseModel] | None``,
openapi-pydantic's ``schema_class``), and a schema that breaks the metaschema (OME's ``"type":
"Attribute"``, LangChain's ``anyOf: []``), each refused at registration naming the field."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import pytest
from pydantic import BaseModel, Field

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import ToolSpecError


class _Event(BaseModel):
    """Powertools' ``APIGatewayProxyEventModel`` in small."""

    path: str
    body: str | type[BaseModel] | None = None


def test_a_field_holding_a_class_is_refused_at_registration_with_the_fix() -> None:
    def get_event(event_id: str) -> _Event:
        """Fetch an event."""

    with pytest.raises(ToolSpecError) as caught:
        ToolSpec.from_function(get_event)
    message = str(caught.value)
    assert "its field 'body' has type 'type[BaseModel]'" in message
    assert "cannot check from JSON" in message
    assert "fix: annotate the field as the data it holds: dict[str, Any]" in message


class _Pet(BaseModel):
    name: str


class _Media(BaseModel):
    """openapi-pydantic's ``PydanticSchema`` in small: a class kept beside the schema."""

    schema_class: type[_Pet]


class _Page(BaseModel):
    media: dict[str, list[_Media]]


def test_a_class_field_deep_in_containers_and_models_is_refused_by_the_worlds_stub() -> None:
    def get_page(page_id: str) -> list[_Page]:
        """Fetch pages."""

    world = SyntheticWorld(seed=0)
    with pytest.raises(ToolSpecError) as caught:
        world.tool(get_page)
    message = str(caught.value)
    assert "its field 'media.schema_class' has type 'type[_Pet]'" in message
    assert "or the concrete model (_Pet)" in message


class _Pixels(BaseModel):
    """OME's ``Pixels`` in small: xsdata's metadata written into the field's schema."""

    size_x: int = Field(json_schema_extra={"type": "Attribute"})


class _Image(BaseModel):
    name: str
    pixels: list[_Pixels]


def test_a_field_whose_schema_breaks_the_metaschema_is_named_by_its_path() -> None:
    def get_image(image_id: str) -> _Image:
        """Fetch an image."""

    with pytest.raises(ToolSpecError) as caught:
        ToolSpec.from_function(get_image)
    message = str(caught.value)
    assert "pydantic's schema of _Image is not a valid JSON Schema" in message
    assert "its field 'pixels.size_x' (_Pixels.size_x), at /type of its schema" in message
    assert "'Attribute' is not a JSON Schema type" in message
    assert "fix: give the field a type pydantic writes a valid schema for" in message


class _Alternatives(BaseModel):
    """LangChain's ``RunnableConfigurableAlternatives`` in small: ``anyOf: []`` under a key."""

    which: str
    options: dict[str, Any] = Field(alias="alternatives", json_schema_extra={"anyOf": []})


class _Chain(BaseModel):
    steps: list[_Alternatives | None]


def test_a_breach_under_an_alias_names_the_python_field_and_the_model() -> None:
    def get_chain(chain_id: str) -> _Chain:
        """Fetch a chain."""

    world = SyntheticWorld(seed=0)
    with pytest.raises(ToolSpecError) as caught:
        world.tool(get_chain)
    message = str(caught.value)
    assert "its field 'steps.options' (_Alternatives.options), at /anyOf of its schema" in message
    assert "[] should be non-empty" in message


class _Transform(BaseModel):
    """OME's ``AffineTransform`` in small: every field breaks the metaschema the same way."""

    a00: float = Field(json_schema_extra={"type": "Attribute"})
    a01: float = Field(json_schema_extra={"type": "Attribute"})
    a02: float = Field(json_schema_extra={"type": "Attribute"})
    a10: float = Field(json_schema_extra={"type": "Attribute"})
    a11: float = Field(json_schema_extra={"type": "Attribute"})


def test_a_model_breaking_the_metaschema_in_many_fields_names_three_and_counts_the_rest() -> None:
    def get_transform(transform_id: str) -> _Transform:
        """Fetch a transform."""

    with pytest.raises(ToolSpecError) as caught:
        ToolSpec.from_function(get_transform)
    message = str(caught.value)
    assert "its field 'a02' (_Transform.a02)" in message
    assert "'a10'" not in message
    assert "; and 2 more breaches; fix:" in message


_Model = TypeVar("_Model", bound=BaseModel)


class _Parser(BaseModel, Generic[_Model]):
    """LangChain's ``PydanticOutputParser`` in small: a class of a type variable."""

    pydantic_object: type[_Model]


def test_a_class_of_a_type_variable_is_named_by_the_variable() -> None:
    def get_parser(parser_id: str) -> _Parser:
        """Fetch a parser."""

    with pytest.raises(ToolSpecError) as caught:
        ToolSpec.from_function(get_parser)
    assert "its field 'pydantic_object' has type 'type[_Model]'" in str(caught.value)
