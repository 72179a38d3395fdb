"""Counts of rows and records by the names real APIs give them (`rules/named_counts.py`): equal to
the list they name beside them, even beside other lists; at least that on one page of more; left
alone with no such list beside them."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(8)
ROW = {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}
ROWS = {"type": "array", "items": ROW}
COLUMNS = {"type": "array", "items": {"type": "string"}}
INTEGER = {"type": "integer", "minimum": 0}
DIGITS = {"type": "string", "pattern": "^[0-9]{1,4}$"}  # BigQuery's uint64 written as text
QUERY = {"type": "object", "properties": {"sql": {"type": "string"}}, "required": ["sql"]}


def answer(seed: int, props: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """What `run_query` answers at `seed` when it returns an object of `props` (all required), and
    the rules that shaped it."""
    world = SyntheticWorld(seed=seed)
    returns = {"type": "object", "properties": props, "required": list(props)}
    world.register_tool(ToolSpec("run_query", "Run a SQL query.", QUERY, returns))
    value = world.call("run_query", {"sql": f"select {seed}"})
    return value, world.trace[-1].rules


@pytest.mark.parametrize(
    "name",
    ["row_count", "rowcount", "rowCount", "num_rows", "numRows", "n_rows", "total_rows", "total_row_count"],
)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_row_count_counts_the_rows_beside_other_lists(name: str, seed: int) -> None:
    value, _ = answer(seed, {"columns": COLUMNS, "rows": ROWS, name: INTEGER})  # node-postgres's shape
    assert value[name] == len(value["rows"]), value


@pytest.mark.parametrize(
    ("rows", "name"), [("data_array", "row_count"), ("data", "numRows"), ("records", "n_rows")]
)
def test_a_row_count_counts_rows_by_their_other_names(rows: str, name: str) -> None:
    for seed in SEEDS:  # Databricks result {row_count, data_array}; a Snowflake-like {data, numRows}
        value, _ = answer(seed, {"schema": COLUMNS, rows: ROWS, name: INTEGER})
        assert value[name] == len(value[rows]), value


@pytest.mark.parametrize("seed", SEEDS)
def test_bigquery_total_rows_as_text(seed: int) -> None:
    value, _ = answer(seed, {"rows": ROWS, "totalRows": DIGITS, "jobComplete": {"type": "boolean"}})
    assert value["totalRows"] == str(len(value["rows"])), value


def test_a_page_of_a_longer_result_counts_at_least_its_rows() -> None:
    token = {"type": ["string", "null"]}
    seen = set()
    for seed in range(16):
        value, _ = answer(seed, {"rows": ROWS, "totalRows": DIGITS, "pageToken": token})
        if value["pageToken"]:  # BigQuery: more pages follow, totalRows counts them all
            assert int(value["totalRows"]) >= len(value["rows"]), value
        else:
            assert value["totalRows"] == str(len(value["rows"])), value
        seen.add(bool(value["pageToken"]))
    assert seen == {True, False}  # both kinds of page were drawn


def test_snowflake_result_metadata_counts_the_whole_result() -> None:
    small = {"type": "integer", "minimum": 0, "maximum": 3}  # often below the rows drawn
    meta = {"type": "object", "properties": {"numRows": small, "format": {"const": "jsonv2"}}}
    meta["required"] = ["numRows", "format"]
    data = {**ROWS, "maxItems": 3}
    props = {"resultSetMetaData": meta, "data": data, "statementHandle": {"type": "string"}}
    shaped = []
    for seed in SEEDS:
        value, rules = answer(seed, props)
        assert value["resultSetMetaData"]["numRows"] >= len(value["data"]), value
        shaped.append("count" in rules)
    assert any(shaped)  # a drawn count below the rows was raised to them


def test_salesforce_total_size_counts_records_until_done() -> None:
    done = {"type": "boolean"}
    kinds = set()
    for seed in range(16):
        value, _ = answer(seed, {"totalSize": INTEGER, "done": done, "records": ROWS})
        if value["done"]:
            assert value["totalSize"] == len(value["records"]), value
        else:  # more records follow (nextRecordsUrl)
            assert value["totalSize"] >= len(value["records"]), value
        kinds.add(value["done"])
    assert kinds == {True, False}


@pytest.mark.parametrize("seed", SEEDS)
def test_dynamodb_count_counts_its_items(seed: int) -> None:
    value, _ = answer(seed, {"Items": ROWS, "Count": INTEGER, "ScannedCount": INTEGER})
    assert value["Count"] == len(value["Items"]), value


@pytest.mark.parametrize(
    "props",
    [
        {"columns": COLUMNS, "row_count": INTEGER},  # describe_table: rows counted elsewhere
        {"items": ROWS, "totalSize": INTEGER},  # a size in bytes, not Salesforce's record count
        {"rows": ROWS, "row_count": {"type": "boolean"}},  # not a number: no count
    ],
)
def test_a_count_without_its_list_is_left_alone(props: dict[str, Any]) -> None:
    for seed in SEEDS:
        _, rules = answer(seed, props)
        assert "count" not in rules
