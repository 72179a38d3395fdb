"""What to change when YAML does not parse: the parser's problem ("did not find expected '-'
indicator") read against the lines it points at, as the fix a person writing a scenario by hand
needs (an item indented off its list, a key out of line with its neighbours, a value holding
``: `` or a ``{`` that wants quotes, a backslash in double quotes, a space or a colon YAML does
not read as one: a non-breaking space pasted from a web page, a full-width colon)."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fix_hint", "lookalike"]


def fix_hint(text: str, problem: str, at: tuple[int, int], context: tuple[str, int, int] | None) -> str:
    """A hint, `` (...)``, for `problem` at `at` (1-based line, 0-based column) of `text`, given
    the parser's `context` (what it was parsing, and where that began); "" when none fits."""
    lines = text.splitlines()
    line, column = at
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    what, since, start = context if context else ("", 0, 0)
    hint = _lookalike(lines, sorted({since, line - 1, line} - {0}))
    if hint:
        return f" ({hint})"
    off_block = problem == "did not find expected key" or problem.startswith(
        ("did not find expected '-' indicator", "expected <block end>")  # libyaml's, PyYAML's words
    )
    if off_block and "block collection" in what:
        hint = _off_the_list(lines, line, start)
    elif off_block and "block mapping" in what:
        hint = _off_the_mapping(lines, line, column, start)
    elif problem.startswith("mapping values are not allowed"):
        hint = _stray_colon(lines, line, column)
    elif problem == "could not find expected ':'" and since:
        hint = f"line {since} has no ': ' after its key: write key: value, with a space after the colon"
    elif problem.startswith(("did not find expected ',' or", "expected ',' or")) and "flow" in what:
        mapping = "mapping" in what
        opened, closed = ("{", "}") if mapping else ("[", "]")
        example = 'regex: "^Refunded {1}"' if mapping else 'tags: [home, "to do: later"]'
        hint = (
            f"the {opened} on line {since} is not closed by a {closed} on its line, or a value inside"
            f" it holds {{ }} [ ] , or ': ': close it, and quote such a value ({example})"
        )
    elif problem == "found unexpected end of stream" and "quoted scalar" in what:
        quote = lines[since - 1][start : start + 1] if 0 < since <= len(lines) else '"'
        hint = (
            f"the {quote} opened on line {since} is never closed: close it where the value ends"
            f" (a {quote} inside the value: {_inner_quote(quote)})"
        )
    elif problem.startswith("found unknown escape character"):
        hint = (
            "in double quotes a backslash starts an escape: write the value in single quotes"
            """ ('\\d+') or double each backslash ("\\\\d+")"""
        )
    elif "alphabetic or numeric" in problem and "alias" in what:
        hint = f'{row.strip()[:1]!r} starts an alias or an anchor in YAML: quote it, "{row.strip()[:1]}"'
    return f" ({hint})" if hint else ""


def _odd(char: str) -> bool:
    return char == "\uff1a" or (char != " " and unicodedata.category(char) in ("Zs", "Cf"))


def lookalike(text: str) -> str:
    """The first character of `text` that looks like a space or a colon to a person but not to
    YAML (a no-break space pasted from a web page, a zero-width space, a full-width colon), as
    ``a no-break space (U+00A0), which YAML does not read as a space``; "" when there is none."""
    char = next((char for char in text if _odd(char)), None)
    if char is None:
        return ""
    name = unicodedata.name(char, "invisible character").lower()
    seen = "a colon" if char == "\uff1a" else "a space"
    return f"a {name} (U+{ord(char):04X}), which YAML does not read as {seen}"


def _lookalike(lines: list[str], numbers: list[int]) -> str:
    """`lookalike` of lines `numbers` (1-based), outside quotes and comments, with the fix."""
    for number in numbers:
        row = lines[number - 1] if 0 < number <= len(lines) else ""
        bare = re.split("[\"'#]", row, maxsplit=1)[0]
        column = next((i for i, char in enumerate(bare) if _odd(char)), None)
        if column is not None:
            want = "':'" if bare[column] == "\uff1a" else "a plain space (or nothing)"
            return f"line {number}, column {column + 1} holds {lookalike(bare)}: type {want} there"
    return ""


def _inner_quote(quote: str) -> str:
    return "write it twice, ''" if quote == "'" else 'write it \\"'


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"


def _indent(row: str) -> int:
    return len(row) - len(row.lstrip(" "))


def _above(lines: list[str], line: int) -> tuple[int, str] | None:
    """The last line before `line` (1-based) with content, and its number."""
    for number in range(line - 1, 0, -1):
        row = lines[number - 1]
        if row.strip() and not row.lstrip().startswith("#"):
            return number, row
    return None


def _key_column(row: str) -> int:
    """Where the first key of `row` begins (after its list dashes)."""
    column = _indent(row)
    while row[column : column + 2] == "- ":
        column += 2
        column += _indent(row[column:])
    return column


def _off_the_list(lines: list[str], line: int, dashes: int) -> str:
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    own, above = _indent(row), _above(lines, line)
    if own == dashes:
        return (
            f"line {line} stands at the column of the list's '- ' items but is not one: indent it"
            " under the item above to continue that item, or start a new item with '- '"
        )
    if above is not None and own > dashes:
        keys = _key_column(above[1])
        return f"line {line} is indented {_spaces(own)}, the keys of the item above {keys}: line it up"
    return ""


def _off_the_mapping(lines: list[str], line: int, column: int, keys: int) -> str:
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    own = _indent(row)
    if column > own:
        return (
            f"line {line} has more text after a quoted value: put the whole value in quotes"
            """ (task: '"Cancel it" now')"""
        )
    if own == keys and row[own:].startswith("- "):  # a list's items outdented to its parent's keys
        above = _above(lines, line)
        under = (
            f" ('{above[1].strip()}' on line {above[0]})" if above and above[1].rstrip().endswith(":") else ""
        )
        return (
            f"line {line} is a list item ('- ') at the column of a mapping's keys, where only keys go: "
            f"indent it under the key whose list it is{under}, more than that key"
        )
    return f"line {line} is indented {_spaces(own)}, the keys beside it {keys}: line it up with them"


def _stray_colon(lines: list[str], line: int, column: int) -> str:
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    first = row.find(": ")
    if first == -1 and row.rstrip().endswith(":"):
        first = len(row.rstrip()) - 1
    if 0 <= first < column:
        key = row[: first + 1].strip()
        return f"the value of {key} holds ': ': put the value in quotes ({key} \"...\")"
    above = _above(lines, line)
    if above is not None and _indent(row) > _indent(above[1]):
        return (
            f"line {line} is indented more than line {above[0]}, whose value is already given on its"
            f" line: indent it {_spaces(_key_column(above[1]))} to put its key beside that one"
        )
    return ""
