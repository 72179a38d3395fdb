"""Stub types whose values JSON carries as text or bounded numbers: ``bytearray``, a ``Decimal``
with bounds or digits, pydantic's ``EmailStr``: their schemas, the arguments a stub sends, the
answers it gives."""

from __future__ import annotations

import base64
from typing import Optional

from synthworld import SyntheticWorld, ToolSpec


def _takes_bytes(data: bytes) -> bytes:
    """The schema bytes have, to compare with."""
    raise NotImplementedError


def test_a_bytearray_is_sent_and_answered_as_bytes_are() -> None:
    # a bytearray parameter or return type was refused at registration ("unsupported type")
    world = SyntheticWorld(seed=1)

    @world.tool
    def patch(data: bytearray, mask: Optional[bytearray] = None) -> bytearray:  # noqa: UP045
        """Patch a buffer."""

    spec, like_bytes = world.tools["patch"], ToolSpec.from_function(_takes_bytes)
    assert spec.parameters["properties"]["data"] == like_bytes.parameters["properties"]["data"]
    assert spec.returns == like_bytes.returns
    answer = patch(bytearray(b"hello"), mask=bytearray(b"\x00\xff"))
    assert world.trace[0].input == {"data": "aGVsbG8=", "mask": "AP8="}
    assert isinstance(answer, str)  # as a bytes answer: the base64 text its schema names
    assert isinstance(base64.b64decode(answer, validate=True), bytes)
