"""Cases the eleventh hold-out of real-world schemas found (stop 51: Lambda Powertools', OSCAL's,
Telegram's, ElevenLabs' and pydantic-extra-types' pydantic models; jupyter-lsp's, molecule's,
semgrep's, Dask's schemas): pydantic models a tool could not answer, or answered only to fail."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, Field, Json, field_validator

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import BackendError, ToolSpecError


class _Window(BaseModel):
    """Powertools' ``VpcLatticeV2RequestContext`` in small: two fields read one key."""

    start: str = Field(alias="startedAt")
    start_text: str = Field(alias="startedAt")
    region: str


def test_a_model_whose_fields_share_an_alias_registers_and_answers() -> None:
    def get_window(window_id: str) -> _Window:
        """Fetch a window."""

    spec = ToolSpec.from_function(get_window)
    assert spec.returns["required"] == ["startedAt", "region"]
    world = SyntheticWorld(seed=3)
    world.register_tool(spec)
    answer = world.call("get_window", {"window_id": "w1"})
    assert set(answer) == {"startedAt", "region"}
    assert _Window.model_validate(answer).start == answer["startedAt"]


class _Hex(str):
    """A type only pydantic describes whose schema (any string) admits text it refuses, as
    pydantic-extra-types' ``Color``, ``MacAddress`` or ``ISBN``."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(cls._check, core_schema.str_schema())

    @classmethod
    def _check(cls, text: str) -> _Hex:
        int(text, 16)  # a ValueError for text that is not hexadecimal
        return cls(text)


class _Paint(BaseModel):
    name: str
    shade: _Hex | None = None


class _Tin(BaseModel):
    paint: _Paint


def test_a_model_field_of_a_type_whose_schema_admits_what_it_refuses_is_refused_at_registration() -> None:
    def get_tin(tin_id: str) -> _Tin:
        """Fetch a tin of paint."""

    with pytest.raises(ToolSpecError) as caught:
        ToolSpec.from_function(get_tin)
    message = str(caught.value)
    assert "its field 'paint.shade' has type '_Hex'" in message
    assert "which it refuses" in message
    assert "fix: give the field a type" in message


class _Change(BaseModel):
    """Powertools' ``DynamoDBStreamChangedRecordModel`` in small: a validator that reads an
    optional field as always there (``None.items()``)."""

    keys: dict[str, str] | None = None

    @field_validator("keys", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return {k.lower(): v for k, v in value.items()}


def test_a_validator_that_crashes_on_an_answer_says_so_as_a_backend_error() -> None:
    def get_change(change_id: str) -> _Change:
        """Fetch a change."""

    world = SyntheticWorld(seed=0)
    stub = world.tool(get_change)
    world.script("get_change", output={"keys": None})
    with pytest.raises(BackendError) as caught:
        stub("c1")
    message = str(caught.value)
    assert "a validator of its return type _Change raised AttributeError" in message
    assert "'NoneType' object has no attribute 'items'" in message
    assert isinstance(caught.value.__cause__, AttributeError)


class _Bucket(BaseModel):
    name: str
    size: int


class _Notice(BaseModel):
    """Powertools' ``S3SqsEventNotificationRecordModel`` in small: a body of JSON text."""

    body: Json[_Bucket]


def test_a_model_with_a_json_text_field_answers_text_it_parses() -> None:
    def get_notice(notice_id: str) -> _Notice:
        """Fetch a notice."""

    world = SyntheticWorld(seed=0)
    stub = world.tool(get_notice)
    for n in range(5):
        assert isinstance(stub(f"n{n}").body, _Bucket)
