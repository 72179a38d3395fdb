"""Named counts: a count of rows (``row_count``, ``totalRows``, ``numRows``...) or of records
(Salesforce's ``totalSize``, DynamoDB's ``Count``) equals the number of items in the list it names
beside it (``rows``, ``data``, ``records``...), also when other lists sit there (``columns``),
unless the answer is one page of a longer result (a cursor with a value, ``done: false``): then it
is at least that number. In an object that describes the result (Snowflake's
``resultSetMetaData``, a ``pagination`` or ``meta``), it counts the whole result: at least the
items beside it. A count with no such list beside it (``describe_table``'s ``{columns, row_count}``)
is left alone. `Counts` holds the generic ``count``/``total`` beside a lone list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.naming import singular
from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.rules.counts import PAGERS, set_count, tally
from synthworld.world.shapes import CURSOR_KEYS, Shapes

__all__ = ["NamedCounts"]

_ROWS = ("rows", "data", "data_array", "dataArray", "records", "results", "items")
"""Keys of the list a count of rows counts: a query's rows, by the names the APIs below use."""

_COUNTED: Mapping[str, tuple[str, ...]] = {
    "row_count": _ROWS,  # Databricks SQL Statement Execution API: result {row_count, data_array}
    "rowcount": _ROWS,  # Python DB-API 2.0 (PEP 249): cursor.rowcount
    "rowCount": _ROWS,  # node-postgres (pg) query result: {command, rowCount, rows, fields}
    "num_rows": _ROWS,  # Apache Arrow Table.num_rows; Hugging Face datasets Dataset.num_rows
    "numRows": _ROWS,  # Snowflake SQL API: resultSetMetaData {numRows} beside data
    "n_rows": _ROWS,  # the n_ spelling of n_results (counted by Counts)
    "total_rows": _ROWS,  # CouchDB _all_docs and views: {total_rows, offset, rows}
    "totalRows": _ROWS,  # BigQuery jobs.query / getQueryResults: {rows, totalRows (text), pageToken}
    "total_row_count": _ROWS,  # Databricks SQL Statement Execution API: manifest {total_row_count}
    "totalSize": ("records",),  # Salesforce REST query: {totalSize, done, records, nextRecordsUrl}
    "Count": ("Items",),  # DynamoDB Query and Scan: {Items, Count, ScannedCount, LastEvaluatedKey}
}
"""Each count name, read from the API cited, and the keys of the list it may count (the first
present). ``totalSize`` counts only ``records``: elsewhere it is often a size in bytes."""

_HOLDERS = (*PAGERS, "resultSetMetaData")
"""Objects beside the rows that describe the whole result (Snowflake's ``resultSetMetaData``)."""
_MORE = ("nextRecordsUrl",)
"""Salesforce's next-page link, beside the cursors every rule knows (`CURSOR_KEYS`)."""


class NamedCounts:
    """row_count/totalRows/totalSize/Count = len(rows), or >= on one page of a longer result."""

    name = "count"
    triggers = frozenset((*_COUNTED, *_HOLDERS))

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        if _counts(props, props):
            return True
        return any(_counts(shapes.by_hint.get(singular(key), {}), props) for key in _HOLDERS if key in props)

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        more = _more(node)
        for key in [key for key in node if key in _COUNTED]:
            _agree(node, key, _counted(node, key), ctx, at_least=more)
        for holder in [key for key in _HOLDERS if type(node.get(key)) is dict]:
            page = node[holder]
            for key in [key for key in page if key in _COUNTED]:
                _agree(page, key, _counted(node, key), ctx, at_least=True)


def _counts(props: Mapping[str, Any], beside: Mapping[str, Any]) -> bool:
    """Whether objects of `props` hold a named count of a list their neighbours `beside` have."""
    for key, lists in _COUNTED.items():
        schema = props.get(key)
        kinds = schema.get("type") if isinstance(schema, Mapping) else None
        if key in props and kinds not in ("boolean", "object", "array") and first_key(beside, lists):
            return True
    return False


def _counted(node: Mapping[str, Any], key: str) -> list[Any] | None:
    """The list that count `key` counts in `node` (None when there is none)."""
    found = first_key(node, _COUNTED[key])
    value = node[found] if found is not None else None
    return value if type(value) is list else None


def _more(node: Mapping[str, Any]) -> bool:
    """Whether `node` is one page of a longer result (a cursor with a value, ``done: false``)."""
    if node.get("done") is False:
        return True
    return any(node.get(key) not in (None, False, "") for key in (*CURSOR_KEYS, *_MORE))


def _agree(
    node: dict[str, Any], key: str, items: list[Any] | None, ctx: RuleContext, *, at_least: bool
) -> None:
    """Set count `key` of `node` to the number of `items` (at least that number when `at_least`)."""
    have = tally(key, node[key])
    if items is None or have is None:
        return
    count = max(len(items), int(have)) if at_least else len(items)
    if count != have or type(node[key]) is not int:
        set_count(node, key, count, ctx, "count")
