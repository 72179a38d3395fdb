"""Reading YAML that synthworld did not write: safe, bounded, and JSON-like.

Every YAML file synthworld reads (scenarios, cassettes, schemas for ``synthworld generate``) goes
through here. The loader is the safe one (libyaml's when present) with YAML 1.1 timestamps left as
strings, as in JSON. Before anything is built, the document's node graph is checked against
limits, so a hostile file fails in milliseconds with the line at fault instead of eating minutes
and gigabytes:

- `MAX_ALIAS_NODES`: aliases may repeat a node, but they may add at most this many nodes to the
  document *as expanded* (what every walk of the data visits) beyond the nodes written in the
  file; a "billion laughs" alias bomb stops here, while a big file without aliases is fine.
- `MAX_DEPTH`: how deeply collections may nest.
- the byte size, checked by the caller with its own limit (`check_size`).
"""

from __future__ import annotations

from typing import Any

import yaml

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_DEPTH",
    "JsonLikeLoader",
    "YamlLimitError",
    "check_size",
    "compose",
    "construct",
    "load",
]

MAX_ALIAS_NODES = 100_000
"""The most nodes aliases may add to a document once expanded."""
MAX_DEPTH = 300
"""How deeply collections may nest."""

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class JsonLikeLoader(_Base):  # type: ignore[misc]
    """The safe loader (libyaml when present) with YAML 1.1 timestamps left as strings."""


JsonLikeLoader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class YamlLimitError(ValueError):
    """A document that is not valid YAML or breaks a limit; ``line`` is 1-based (0: unknown)."""

    def __init__(self, message: str, *, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def check_size(size: int, *, limit: int, what: str) -> None:
    """Raise `YamlLimitError` when a file of `size` bytes is bigger than `limit`."""
    if size > limit:
        raise YamlLimitError(
            f"{what} is {size:,} bytes, more than the {limit:,} synthworld reads; split it or trim it"
        )


def compose(text: str, *, loader: type[Any] = JsonLikeLoader) -> yaml.Node | None:
    """The document's node graph (None for an empty document), checked against the limits."""
    parser = loader(text)
    try:
        node: yaml.Node | None = parser.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise YamlLimitError(f"invalid YAML: {exc.problem or exc}", line=_line(mark)) from None
    except yaml.YAMLError as exc:
        raise YamlLimitError(f"invalid YAML: {exc}") from None
    except RecursionError:
        raise YamlLimitError(f"collections nest deeper than {MAX_DEPTH} levels") from None
    finally:
        parser.dispose()
    if node is not None and "*" in text:  # no alias without an asterisk: nothing can expand
        _check_expansion(node)
    elif node is not None:
        _check_depth(node)
    return node


def load(text: str, *, loader: type[Any] = JsonLikeLoader) -> Any:
    """The document's data, after `compose` checked it."""
    node = compose(text, loader=loader)
    return None if node is None else construct(node, loader=loader)


def construct(node: yaml.Node, *, loader: type[Any] = JsonLikeLoader) -> Any:
    """The data of a node graph from `compose`."""
    constructor = loader("")
    try:
        return constructor.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        raise YamlLimitError(f"invalid YAML: {exc.problem or exc}", line=_line(exc.problem_mark)) from None
    except yaml.YAMLError as exc:
        raise YamlLimitError(f"invalid YAML: {exc}") from None
    finally:
        constructor.dispose()


def _check_expansion(root: yaml.Node) -> None:
    """Count the nodes of the expanded document (each distinct node once, memoised) and its depth."""
    sizes: dict[int, int] = {}
    depths: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        kids = _children(node)
        if children_done or not kids:
            sizes[id(node)] = 1 + sum(sizes[id(k)] for k in kids)
            depths[id(node)] = (1 + max(depths[id(k)] for k in kids)) if kids else 0
            _check_node(node, sizes[id(node)] - len(sizes), depths[id(node)])
            continue
        stack.append((node, True))
        stack += [(k, False) for k in kids if id(k) not in sizes]


def _check_depth(root: yaml.Node) -> None:
    """`MAX_DEPTH` for a tree without aliases: a plain walk, no bookkeeping."""
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise YamlLimitError(
                f"collections nest deeper than {MAX_DEPTH} levels", line=_line(node.start_mark)
            )
        if isinstance(node, yaml.MappingNode):
            stack += [
                (part, depth + 1) for pair in node.value for part in pair if not part.tag.endswith(":str")
            ]
        elif isinstance(node, yaml.SequenceNode):
            stack += [(item, depth + 1) for item in node.value if not isinstance(item, yaml.ScalarNode)]


def _check_node(node: yaml.Node, added: int, depth: int) -> None:
    """`added`: how many more nodes the expanded document has here than the file has written."""
    if added > MAX_ALIAS_NODES:
        raise YamlLimitError(
            f"aliases expand the document by more than {MAX_ALIAS_NODES:,} nodes here (an alias "
            "bomb?); write the data out or use fewer aliases",
            line=_line(node.start_mark),
        )
    if depth > MAX_DEPTH:
        raise YamlLimitError(f"collections nest deeper than {MAX_DEPTH} levels", line=_line(node.start_mark))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _line(mark: Any) -> int:
    return int(mark.line) + 1 if mark is not None else 0
