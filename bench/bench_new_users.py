"""The workflows of stop 48's three new users, run as they wrote them over seeds 0-19, counting the
answers of one world that disagree: a library's OpenAPI document (``Book: allOf [NewBook, ...]``,
``bench/data/library_openapi.yaml``) created, got and listed; the twin of a real MCP server of notes
(``tests/mcp_servers/notes.py``) created then listed; and the REST twin's refusal of a bad book,
whose documented ``Error`` has a ``code``.

    PYTHONPATH=TREE python bench/bench_new_users.py [--seeds 20]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import httpx

from synthworld import SyntheticWorld
from synthworld.serve.rest import rest_server

HERE = Path(__file__).resolve().parent
LIBRARY = HERE / "data" / "library_openapi.yaml"
NOTES = f"{sys.executable} {HERE.parent / 'tests' / 'mcp_servers' / 'notes.py'}"


def library(seed: int) -> list[str]:
    world = SyntheticWorld.from_openapi(LIBRARY, seed=seed)
    made = world.call("createBook", {"title": "Dune", "author": "Frank Herbert", "genre": "fiction"})
    out = []
    if world.call("getBook", {"bookId": made["id"]}) != made:
        out.append("getBook differs from createBook")
    listed = [b for b in world.call("listBooks", {"genre": "fiction"})["items"] if b["id"] == made["id"]]
    if listed != [made]:
        out.append("listBooks holds the book otherwise (or not at all)")
    return out


def notes(seed: int) -> list[str]:
    with SyntheticWorld.from_mcp(NOTES, seed=seed) as world:
        made = world.call("create_note", {"title": "Groceries", "body": "milk", "tags": ["home"]})
        home = world.call("list_notes", {"tag": "home"})["result"]
    out = [] if made in home else ["list_notes(tag=home) lacks the note just made"]
    if any("home" not in note["tags"] for note in home):
        out.append("list_notes(tag=home) holds notes without the tag")
    return out


def refusal(seed: int) -> list[str]:
    world = SyntheticWorld.from_openapi(LIBRARY, seed=seed)
    with rest_server(world) as base_url:
        answer = httpx.post(f"{base_url}/v2/books", json={"title": "", "author": "x", "genre": "scifi"})
    code = answer.json().get("code")
    return [] if code == "invalid_input" else [f"422 body's code is {code!r}"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    seeds = range(parser.parse_args().seeds)
    total = 0
    for flow in (library, notes, refusal):
        found = [f"{flow.__name__} seed {seed}: {what}" for seed in seeds for what in flow(seed)]
        counts: dict[str, int] = {}
        for line in found:
            what = line.split(": ", 1)[1]
            counts[what] = counts.get(what, 0) + 1
        for what, count in counts.items():
            print(f"  {count:3}  {flow.__name__}: {what}")
        total += len(found)
    print(f"disagreements: {total} over {len(seeds)} seeds x 3 flows")


if __name__ == "__main__":
    main()
