"""The examples of the normative seed document (shared/seeds/001), to the letter."""

import ast
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import synthworld
from synthworld import SyntheticWorld, ToolSpec

REPO = Path(synthworld.__file__).resolve().parent.parent


def get_user(user_id: str, include_email: bool = False) -> dict:
    """Fetch a user by ID."""


def search_orders(customer_id: str, status: str = "all", limit: int = 20) -> list:
    """Search orders by customer and optional status filter."""


def test_from_function_get_user_matches_the_document() -> None:
    spec = ToolSpec.from_function(get_user)
    assert spec.name == "get_user"
    assert spec.description == "Fetch a user by ID."
    assert spec.parameters == {
        "type": "object",
        "properties": {
            "user_id": {"type": "string"},
            "include_email": {"type": "boolean"},
        },
        "required": ["user_id"],
    }
    assert spec.returns == {"type": "object"}


def test_build_input_matches_the_document() -> None:
    spec = ToolSpec.from_function(get_user)
    assert spec.build_input("u1", include_email=True) == {"user_id": "u1", "include_email": True}


def test_search_orders_to_schema() -> None:
    spec = ToolSpec.from_function(search_orders)
    assert spec.to_schema() == {
        "name": "search_orders",
        "description": "Search orders by customer and optional status filter.",
        "parameters": {
            "type": "object",
            "properties": {
                "customer_id": {"type": "string"},
                "status": {"type": "string"},
                "limit": {"type": "integer"},
            },
            "required": ["customer_id"],
        },
        "returns": {"type": "array"},
    }
    assert spec.param_names == ["customer_id", "status", "limit"]


def test_type_mapping_table() -> None:
    def every_type(a: str, b: int, c: float, d: bool, e: list, f: dict) -> None: ...

    properties = ToolSpec.from_function(every_type).parameters["properties"]
    assert properties == {
        "a": {"type": "string"},
        "b": {"type": "integer"},
        "c": {"type": "number"},
        "d": {"type": "boolean"},
        "e": {"type": "array"},
        "f": {"type": "object"},
    }


def test_constructor_positional_order_and_param_names_default() -> None:
    spec = ToolSpec("t", "d", {"type": "object", "properties": {}}, {"type": "string"}, ["x"][:0])
    assert (spec.name, spec.description, spec.param_names) == ("t", "d", [])
    assert ToolSpec("t", "d", {"type": "object"}, {}).param_names is None


MANUAL_SCHEMA = """
from rdk.synthetic import ToolSpec

spec = ToolSpec(
    name="create_invoice",
    description="Create an invoice for a customer",
    parameters={
        "type": "object",
        "properties": {
            "customer_id": {"type": "string"},
            "amount": {"type": "number"},
            "currency": {"type": "string"},
        },
        "required": ["customer_id", "amount"],
    },
    returns={
        "type": "object",
        "properties": {
            "invoice_id": {"type": "string"},
            "status": {"type": "string"},
            "created_at": {"type": "string"},
        },
        "required": ["invoice_id", "status"],
    },
)

world.register_tool(spec)
result = world.call("create_invoice", {"customer_id": "c1", "amount": 99.99})
"""

FROM_FUNCTION = '''
from rdk.synthetic import ToolSpec

def search_orders(customer_id: str, status: str = "all", limit: int = 20) -> list:
    """Search orders by customer and optional status filter."""
    ...

spec = ToolSpec.from_function(search_orders)
print(spec.to_schema())
'''


def test_the_examples_run_as_written_import_line_included(capsys: pytest.CaptureFixture[str]) -> None:
    import rdk.synthetic

    assert rdk.synthetic.ToolSpec is ToolSpec
    assert rdk.synthetic.SyntheticWorld is SyntheticWorld
    assert set(rdk.synthetic.__all__) == set(synthworld.__all__)
    world = SyntheticWorld(seed=7)
    names: dict[str, Any] = {"world": world}
    exec(MANUAL_SCHEMA, names)
    result = names["result"]
    assert isinstance(result, dict)
    assert {"invoice_id", "status"} <= set(result) <= {"invoice_id", "status", "created_at"}
    assert all(isinstance(result[key], str) for key in result)
    assert world.call("create_invoice", {"customer_id": "c1", "amount": 99.99}) == result
    exec(FROM_FUNCTION, {})
    assert capsys.readouterr().out.startswith("{'name': 'search_orders', 'description': 'Search orders")


FROM_FUNCTION_GET_USER = '''
from rdk.synthetic import ToolSpec

def get_user(user_id: str, include_email: bool = False) -> dict:
    """Fetch a user by ID."""
    ...

spec = ToolSpec.from_function(get_user)
# spec.name == "get_user"
# spec.description == "Fetch a user by ID."
# spec.parameters == {
#     "type": "object",
#     "properties": {
#         "user_id": {"type": "string"},
#         "include_email": {"type": "boolean"},
#     },
#     "required": ["user_id"],
# }
# spec.returns == {"type": "object"}

spec = ToolSpec.from_function(get_user)
spec.build_input("u1", include_email=True)
# {"user_id": "u1", "include_email": True}
'''


def _uncomment_expectations(example: str) -> str:
    """The example with its ``# a == b`` comments (some over several lines) turned into asserts."""
    out: list[str] = []
    for line in example.splitlines():
        if line.startswith("# spec."):
            out.append("assert " + line[2:])
        elif line.startswith(("#     ", "# }")):
            out[-1] += " " + line[2:].strip()
        elif line.startswith("# {"):
            out[-1] = "assert " + out[-1] + " == " + line[2:]
        else:
            out.append(line)
    return "\n".join(out) + "\nprint('ok', spec.to_schema()['name'])\n"


def test_the_examples_hold_in_a_fresh_process_from_another_folder(tmp_path: Path) -> None:
    """Each example as printed, in a new interpreter that imports only what the example imports
    (plus a world for the manual-schema one, which the document assumes), its comments asserted."""
    fields = "import dataclasses\nassert [(f.name, f.type) for f in dataclasses.fields(ToolSpec)][:4] == "
    fields += "[('name', 'str'), ('description', 'str'), ('parameters', 'dict[str, Any]'), "
    fields += "('returns', 'dict[str, Any]')]\n"
    scripts = {
        "from_function.py": _uncomment_expectations(FROM_FUNCTION_GET_USER) + fields,
        "manual.py": "from synthworld import SyntheticWorld\nworld = SyntheticWorld(seed=7)\n"
        + MANUAL_SCHEMA
        + "print(sorted(result))\n",
        "to_schema.py": FROM_FUNCTION,
    }
    outputs = {}
    for name, code in scripts.items():
        (tmp_path / name).write_text(code, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, name],
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert (done.returncode, done.stderr) == (0, ""), name
        outputs[name] = done.stdout
    assert outputs["from_function.py"] == "ok get_user\n"
    assert outputs["manual.py"] in ("['invoice_id', 'status']\n", "['created_at', 'invoice_id', 'status']\n")
    assert ast.literal_eval(outputs["to_schema.py"]) == ToolSpec.from_function(search_orders).to_schema()


DESIGN_API = '''
from synthworld import SyntheticWorld, ToolSpec

world = SyntheticWorld(seed=7)            # default backend: RandomBackend()

@world.tool                               # also @world.tool(name=..., description=..., idempotent=...)
def get_user(user_id: str, include_email: bool = False) -> dict:
    """Fetch a user by ID."""

get_user("u1")                            # calls the world, not the body
world.call("get_user", {"user_id": "u1"})
world.register_tool(spec)                 # a ToolSpec built by hand
world.trace                               # Trace: a sequence of ToolCall records
'''


def test_the_design_pages_api_block_runs_as_written() -> None:
    """DESIGN.md section 2, verbatim; ``spec`` (which the page leaves to the reader) built by hand."""
    spec = ToolSpec(
        "lookup", "Look a key up.", {"type": "object", "properties": {"key": {"type": "string"}}}, {}
    )
    names: dict[str, Any] = {"spec": spec}
    exec(DESIGN_API, names)
    world = names["world"]
    assert isinstance(world.backend, synthworld.RandomBackend)
    assert sorted(world.tools) == ["get_user", "lookup"]
    assert isinstance(world.trace, synthworld.Trace)
    assert [(call.tool, type(call)) for call in world.trace] == [("get_user", synthworld.ToolCall)] * 2
    assert world.trace[0].output == world.trace[1].output == world.call("get_user", {"user_id": "u1"})
