"""Stub types whose values JSON carries as text or bounded numbers: ``bytearray``, a ``Decimal``
with bounds or digits, pydantic's ``EmailStr``: their schemas, the arguments a stub sends, the
answers it gives."""

from __future__ import annotations

import base64
import dataclasses
import decimal
import subprocess
import sys
from typing import Annotated, Any, Optional

import pydantic
import pytest

from synthworld import SyntheticWorld, ToolInputError, ToolSpec


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


_WITHOUT_EMAIL_VALIDATOR = """
import sys
sys.modules["email_validator"] = None  # as if not installed: importing it raises ImportError
import pydantic
from synthworld import ToolSpec, ToolSpecError

def greet(to: pydantic.NameEmail) -> str:
    \"\"\"Greet someone by name and address.\"\"\"

try:
    ToolSpec.from_function(greet)
except ToolSpecError as exc:
    print(exc)
"""


def test_a_type_that_needs_email_validator_says_to_install_it() -> None:
    # in a process of its own where email-validator cannot be imported, whether installed or not
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_EMAIL_VALIDATOR], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == (
        "cannot make a tool of greet(): greet(): parameter 'to': type 'NameEmail' needs a package that "
        "is not installed: email-validator is not installed, run `pip install 'pydantic[email]'`"
    )


Percent = Annotated[decimal.Decimal, pydantic.Field(ge=0, le=100)]
Money = pydantic.condecimal(max_digits=5, decimal_places=2)
Short = Annotated[decimal.Decimal, pydantic.Field(max_digits=3)]


class Line(pydantic.BaseModel):
    total: decimal.Decimal = pydantic.Field(max_digits=4, decimal_places=2)


@dataclasses.dataclass
class Item:
    price: Percent
    note: decimal.Decimal


def test_a_bounded_decimal_parameter_is_the_number_its_bounds_hold() -> None:
    # a Decimal was numeric text, on which minimum/maximum are ignored: "-5" and a stub's
    # Decimal("-5") were taken for a Decimal annotated ge=0
    world = SyntheticWorld(seed=0)

    @world.tool
    def discount(
        rate: Percent,
        cap: decimal.Decimal = pydantic.Field(decimal.Decimal("50"), lt=1000),  # noqa: B008 - under test
    ) -> str:
        """Discount by a rate, at most `cap`."""

    properties = world.tools["discount"].parameters["properties"]
    assert properties == {
        "rate": {"type": "number", "minimum": 0, "maximum": 100},
        "cap": {"type": "number", "exclusiveMaximum": 1000},
    }
    discount(decimal.Decimal("12.50"), cap=decimal.Decimal("20"))
    assert world.trace[-1].input == {"rate": 12.5, "cap": 20}
    with pytest.raises(ToolInputError, match=r"\$\.rate: -5 is less than the minimum of 0"):
        discount(decimal.Decimal("-5"))
    with pytest.raises(
        ToolInputError, match=r"\$\.cap: 1000 is greater than or equal to the maximum of 1000"
    ):
        discount(decimal.Decimal("1"), cap=decimal.Decimal("1E+3"))
    for sent in ("-5", "50", 500):
        with pytest.raises(ToolInputError, match=r"\$\.rate: "):
            world.call("discount", {"rate": sent})


def test_a_bounded_decimal_inside_an_object_is_sent_as_its_number() -> None:
    # a dataclass's bounded Decimal field is a number in the schema: sent as text, it was refused
    world = SyntheticWorld(seed=0)

    @world.tool
    def order(items: list[Item], best: Optional[Item] = None, line: Optional[Line] = None) -> str:  # noqa: UP045
        """Order items."""

    one = Item(decimal.Decimal("1.50"), decimal.Decimal("2.50"))
    order([one], best=one, line=Line(total=decimal.Decimal("9.50")))
    as_json = {"price": 1.5, "note": "2.50"}  # an unbounded Decimal stays text
    assert world.trace[-1].input == {"items": [as_json], "best": as_json, "line": {"total": "9.50"}}
    with pytest.raises(ToolInputError, match=r"\$\.items\[0\]\.price: -1 is less than the minimum of 0"):
        order([Item(decimal.Decimal("-1"), decimal.Decimal("0"))])


@pytest.mark.parametrize(
    ("hint", "taken", "refused"),
    [
        (Money, [0, 999.99, -12.5, 0.07], [1000, 0.001, 1.005, -1000]),
        (Short, [999, 12.3, 0.123, -0.5], [1000, 1.234, 0.0001]),
    ],
    ids=["max_digits-and-decimal_places", "max_digits"],
)
def test_a_decimals_digits_are_checked_as_pydantic_counts_them(
    hint: Any, taken: list[Any], refused: list[Any]
) -> None:
    # condecimal(max_digits=5, decimal_places=2) took any text: "123456.789" as well
    world = SyntheticWorld(seed=0)

    def price(amount):  # type: ignore[no-untyped-def]
        """Price of an amount."""

    price.__annotations__ = {"amount": hint, "return": hint}  # the parameter's hint, not the text 'hint'
    world.tool(price)
    spec, adapter = world.tools["price"], pydantic.TypeAdapter(hint)
    for value in taken:
        assert spec.parameters_validator.problems({"amount": value}) == []
        adapter.validate_python(value)
    for value in refused:
        assert spec.parameters_validator.problems({"amount": value}) != []
        with pytest.raises(pydantic.ValidationError):
            adapter.validate_python(value)
    answers = [world.call("price", {"amount": 1 + i}) for i in range(30)]
    assert all(spec.returns_validator.is_valid(answer) for answer in answers)
    assert all(isinstance(adapter.validate_python(answer), decimal.Decimal) for answer in answers)


def test_a_models_decimal_digits_hold_in_its_answers() -> None:
    # a model's Decimal with digits only was answered as any number (its bounds were none)
    def line() -> Line:
        """A line of an invoice."""
        raise NotImplementedError

    total = ToolSpec.from_function(line).returns["properties"]["total"]
    assert total == {
        "type": "number",
        "multipleOf": 0.01,
        "exclusiveMaximum": 100,
        "exclusiveMinimum": -100,
        "title": "Total",
    }


class _Blob(pydantic.BaseModel):
    name: str
    data: bytes


class _Base64Blob(_Blob):
    model_config = pydantic.ConfigDict(ser_json_bytes="base64", val_json_bytes="base64")


def test_a_model_holding_bytes_that_are_no_utf8_says_why_and_which_config_sends_them() -> None:
    # was "$.blob: _Blob(...) (_Blob) is not JSON data": nothing said the bytes were the problem
    world = SyntheticWorld(seed=1)

    @world.tool
    def upload(blob: _Blob) -> str:
        """Upload a blob."""

    @world.tool
    def upload_encoded(blob: _Base64Blob) -> str:
        """Upload a blob, its bytes as base64."""

    with pytest.raises(ToolInputError) as info:
        upload(_Blob(name="x", data=b"\xff\xfe"))
    assert str(info.value) == (
        "upload(): blob: _Blob cannot be written as JSON: 'utf-8' codec can't decode byte 0xff in "
        "position 0: invalid utf-8; it holds bytes that are not UTF-8 text, which pydantic writes bytes "
        "as by default: set model_config = ConfigDict(ser_json_bytes='base64', val_json_bytes='base64') "
        "on the model, or pass text"
    )
    assert len(world.trace) == 0
    upload(_Blob(name="x", data=b"plain"))  # UTF-8 bytes are written as their text, as pydantic does
    assert world.trace[-1].input == {"blob": {"name": "x", "data": "plain"}}
    upload_encoded(_Base64Blob(name="x", data=b"\xff\xfe"))  # the advice works
    assert world.trace[-1].input == {"blob": {"name": "x", "data": "__4="}}
