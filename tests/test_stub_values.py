"""Stub types whose values JSON carries as text or bounded numbers: ``bytearray``, a ``Decimal``
with bounds or digits, pydantic's ``EmailStr``: their schemas, the arguments a stub sends, the
answers it gives."""

from __future__ import annotations

import base64
import importlib.util
from typing import Optional

import pydantic
import pytest

from synthworld import SyntheticWorld, ToolInputError, ToolSpec, ToolSpecError


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


def test_an_email_str_is_email_text_also_without_email_validator() -> None:
    # pydantic checks EmailStr with email-validator, not installed here: the stub was refused as an
    # 'unsupported type' saying to `pip install 'pydantic[email]'`, though its values are plain text
    world = SyntheticWorld(seed=2)

    @world.tool
    def invite(to: pydantic.EmailStr, cc: list[pydantic.EmailStr] | None = None) -> pydantic.EmailStr:
        """Invite someone; the address the invitation went to."""

    email = {"type": "string", "format": "email"}
    assert world.tools["invite"].parameters["properties"]["to"] == email
    assert world.tools["invite"].returns == email
    answers = [invite(f"ann{i}@example.com", cc=["bo@example.org"]) for i in range(5)]
    assert all(type(answer) is str and "@" in answer for answer in answers)
    with pytest.raises(ToolInputError, match=r"\$\.to: 'ann' is not an 'email'"):
        invite("ann")


@pytest.mark.skipif(
    importlib.util.find_spec("email_validator") is not None, reason="email-validator installed"
)
def test_a_type_that_needs_email_validator_says_to_install_it() -> None:
    def greet(to: pydantic.NameEmail) -> str:
        """Greet someone by name and address."""
        raise NotImplementedError

    with pytest.raises(ToolSpecError) as info:
        ToolSpec.from_function(greet)
    assert str(info.value) == (
        "cannot make a tool of greet(): greet(): parameter 'to': type 'NameEmail' needs a package that "
        "is not installed: email-validator is not installed, run `pip install 'pydantic[email]'`"
    )
