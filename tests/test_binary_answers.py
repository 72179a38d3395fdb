"""``bytes`` and ``bytearray`` a handler answers with are standard, padded base64 text, as their
schema (``contentEncoding: base64`` and its pattern) says: never UTF-8 text, never URL-safe."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import NamedTuple, TypedDict

import pytest

from synthworld import SyntheticWorld, ToolSpec

RAW = b"\xfb\xff\xfe\x00hello"  # not UTF-8; its base64 holds '+' and '/'
TEXT = base64.b64encode(RAW).decode()


class Blob(TypedDict):
    name: str
    data: bytes


@dataclass
class Packet:
    data: bytes


class Pair(NamedTuple):
    name: str
    data: bytearray


def answer_of(fn: object, returned: object) -> object:
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec.from_function(fn), handler=lambda: returned)  # type: ignore[arg-type]
    return world.call(fn.__name__, {})  # type: ignore[attr-defined]


def blob() -> Blob: ...
def packet() -> Packet: ...
def pairs() -> list[Pair]: ...
def chunks() -> dict[str, bytes]: ...


@pytest.mark.parametrize(
    ("fn", "returned", "expected"),
    [
        (blob, {"name": "x", "data": RAW}, {"name": "x", "data": TEXT}),
        (packet, Packet(RAW), {"data": TEXT}),
        (pairs, [Pair("a", bytearray(RAW))], [["a", TEXT]]),
        (chunks, {"c": b"\xff\xfe"}, {"c": "//4="}),
    ],
    ids=["typeddict", "dataclass", "namedtuple-bytearray", "dict"],
)
def test_a_handlers_bytes_are_standard_base64(fn: object, returned: object, expected: object) -> None:
    assert "+" in TEXT
    assert "/" in TEXT
    assert answer_of(fn, returned) == expected


def test_bytes_under_a_plain_string_schema_are_base64_too() -> None:
    spec = ToolSpec(
        "raw", "", {"type": "object"}, {"type": "object", "properties": {"d": {"type": "string"}}}
    )
    world = SyntheticWorld(seed=1)
    world.register_tool(spec, handler=lambda: {"d": b"ab"})
    assert world.call("raw", {}) == {"d": "YWI="}
