"""A function -> a tool's schemas besides its parameters' types: a missing or ``None`` return, the
descriptions its docstring (Google, NumPy, reST) or ``Annotated`` gives, and every problem
reported at once, each naming the parameter."""

from __future__ import annotations

from typing import Annotated

import pytest

from synthworld import ToolSpec, ToolSpecError
from synthworld.spec.type_schema import _SUPPORTED


def test_missing_return_annotation_accepts_anything() -> None:
    def untyped_return(x: int):  # type: ignore[no-untyped-def]
        """No return annotation."""

    assert ToolSpec.from_function(untyped_return).returns == {}


def test_none_return_is_null() -> None:
    def nothing(x: int) -> None:
        """Returns nothing."""

    assert ToolSpec.from_function(nothing).returns == {"type": "null"}


def test_docstring_descriptions_google_numpy_rest() -> None:
    def google(query: str, limit: int = 10) -> dict:
        """Search the database.

        Args:
            query: The search query string
            limit: Maximum number of results

        Returns:
            Search results with matched records
        """

    def numpy_style(query: str) -> list:
        """Search things.

        Parameters
        ----------
        query : str
            What to look for
        """

    def rest(query: str) -> str:
        """Search things.

        :param query: What to look for
        :returns: the best match
        """

    spec = ToolSpec.from_function(google)
    assert spec.description == "Search the database."
    assert spec.parameters["properties"]["query"] == {
        "type": "string",
        "description": "The search query string",
    }
    assert spec.returns == {"type": "object", "description": "Search results with matched records"}
    assert (
        ToolSpec.from_function(numpy_style).parameters["properties"]["query"]["description"]
        == "What to look for"
    )
    rest_spec = ToolSpec.from_function(rest)
    assert rest_spec.parameters["properties"]["query"]["description"] == "What to look for"
    assert rest_spec.returns["description"] == "the best match"


def test_annotated_description_wins_over_docstring() -> None:
    def f(city: Annotated[str, "City name"]) -> str:
        """Weather.

        Args:
            city: docstring text
        """

    assert ToolSpec.from_function(f).parameters["properties"]["city"]["description"] == "City name"


COMPLEX = "pydantic's schema for it, {'type': 'string'}, also admits 'thing', which it refuses"


def test_every_problem_is_reported_at_once() -> None:
    def broken(*args: int, a, b: complex, c: dict[int, str], **kw: str) -> type:  # type: ignore[no-untyped-def]
        """Broken."""

    with pytest.raises(ToolSpecError) as info:
        ToolSpec.from_function(broken)
    problems = info.value.problems
    assert problems == [
        "broken(): parameter *args (variadic positional arguments) cannot be described by a JSON Schema",
        "broken(): parameter **kw (variadic keyword arguments) cannot be described by a JSON Schema",
        "broken(): parameter 'a' has no type annotation; add one, e.g. `a: str`",
        f"broken(): parameter 'b': unsupported type 'complex' ({COMPLEX}); {_SUPPORTED}",
        "broken(): parameter 'c': mapping keys must be str (JSON object keys), got <class 'int'>",
        f"broken(): return type: unsupported type 'type'; {_SUPPORTED}",
    ]
    assert _SUPPORTED.startswith("use a JSON type (str, int, float, bool, None, list[...], dict[str, ...])")
    assert isinstance(info.value, TypeError)
    assert str(info.value).startswith("cannot make a tool of broken(): ")


def test_unresolvable_forward_reference_names_the_parameter() -> None:
    def f(x: Missing) -> int:  # type: ignore[name-defined]  # noqa: F821
        """Uses an undefined name."""

    with pytest.raises(ToolSpecError, match=r"parameter 'x': cannot resolve annotation 'Missing'"):
        ToolSpec.from_function(f)
