"""Three workflows a new user writes (stop 43): an issue tracker, a file store and a booking system,
run as an agent would over seeds 0-9; prints every disagreement between answers of one world.

    PYTHONPATH=TREE python bench/bench_twin_flows.py [--seeds 10]
"""

from __future__ import annotations

from typing import Literal, TypedDict

from synthworld import SyntheticWorld, ToolError


def _checker(out: list[str], flow: str, seed: int):
    """``chk(ok, what)``: note `what` as a disagreement of `flow` on `seed` unless `ok`."""

    def chk(ok: bool, what: str) -> None:
        if not ok:
            out.append(f"{flow} seed {seed}: {what}")

    return chk


# ---------------- issue tracker
class Comment(TypedDict):
    comment_id: str
    issue_id: str
    author: str
    body: str
    created_at: str


class Issue(TypedDict):
    issue_id: str
    title: str
    description: str
    status: Literal["todo", "in_progress", "in_review", "done"]
    assignee: str | None
    priority: Literal["low", "medium", "high", "urgent"]
    labels: list[str]
    comment_count: int
    created_at: str
    updated_at: str


def tracker(seed):
    w = SyntheticWorld(seed=seed)

    @w.tool
    def create_issue(
        title: str, description: str, priority: str = "medium", labels: list[str] | None = None
    ) -> Issue:
        """Create an issue."""

    @w.tool
    def assign_issue(issue_id: str, assignee: str) -> Issue:
        """Assign an issue to a user."""

    @w.tool
    def update_issue(
        issue_id: str, status: str | None = None, priority: str | None = None, title: str | None = None
    ) -> Issue:
        """Move an issue through the workflow."""

    @w.tool
    def add_comment(issue_id: str, body: str, author: str) -> Comment:
        """Comment on an issue."""

    @w.tool
    def list_comments(issue_id: str) -> list[Comment]:
        """Comments on an issue."""

    @w.tool
    def get_issue(issue_id: str) -> Issue:
        """Fetch an issue."""

    @w.tool
    def list_issues(assignee: str | None = None, status: str | None = None) -> list[Issue]:
        """Issues by assignee and status."""

    @w.tool
    def close_issue(issue_id: str) -> Issue:
        """Close an issue."""

    return w


def run_tracker(seed, out):
    w = tracker(seed)
    a = w.call(
        "create_issue",
        {"title": "Login broken", "description": "500 on /login", "priority": "high", "labels": ["bug"]},
    )
    b = w.call("create_issue", {"title": "Dark mode", "description": "please"})
    chk = _checker(out, "tracker", seed)
    chk(a["status"] == "todo", f"new issue status | {a['status']}")
    chk(a["assignee"] is None, f"new issue assignee | {a['assignee']}")
    chk(a["comment_count"] == 0, f"new issue comment_count | {a['comment_count']}")
    chk(a["labels"] == ["bug"], f"labels | {a['labels']}")
    chk(b["priority"] == "medium", f"default priority | {b['priority']}")
    x = w.call("assign_issue", {"issue_id": a["issue_id"], "assignee": "ana"})
    chk(
        x["assignee"] == "ana" and x["title"] == a["title"] and x["status"] == a["status"],
        f"assign answer | {x}",
    )
    y = w.call("update_issue", {"issue_id": a["issue_id"], "status": "in_progress"})
    chk(
        y["assignee"] == "ana"
        and y["status"] == "in_progress"
        and y["priority"] == "high"
        and y["title"] == a["title"],
        f"update answer | {y}",
    )
    c = w.call("add_comment", {"issue_id": a["issue_id"], "body": "on it", "author": "ana"})
    chk(c["issue_id"] == a["issue_id"] and c["body"] == "on it", f"comment | {c}")
    cs = w.call("list_comments", {"issue_id": a["issue_id"]})
    chk(any(k["comment_id"] == c["comment_id"] for k in cs), f"comment not listed | {cs}")
    chk(all(k["issue_id"] == a["issue_id"] for k in cs), "comment of another issue listed")
    g = w.call("get_issue", {"issue_id": a["issue_id"]})
    chk(g["comment_count"] == len(cs), f"comment_count | {g['comment_count']} vs listed {len(cs)}")
    chk(g["status"] == "in_progress" and g["assignee"] == "ana", f"get after update | {g}")
    mine = w.call("list_issues", {"assignee": "ana", "status": "in_progress"})
    chk(
        any(i["issue_id"] == a["issue_id"] for i in mine),
        "assigned issue not in list_issues(assignee, status)",
    )
    chk(
        all(i["assignee"] == "ana" and i["status"] == "in_progress" for i in mine),
        f"list filters | {[(i['assignee'], i['status']) for i in mine]}",
    )
    todo = w.call("list_issues", {"status": "todo"})
    chk(not any(i["issue_id"] == a["issue_id"] for i in todo), "moved issue still listed as todo")
    chk(any(i["issue_id"] == b["issue_id"] for i in todo), "todo issue not listed")
    z = w.call("close_issue", {"issue_id": a["issue_id"]})
    chk(z["status"] == "done" and z["assignee"] == "ana", f"close | {z['status']} {z['assignee']}")
    chk(w.call("get_issue", {"issue_id": a["issue_id"]})["status"] == "done", "get after close")
    chk(g["updated_at"] >= g["created_at"], "time order")


# ---------------- file store
class File(TypedDict):
    file_id: str
    name: str
    folder_id: str | None
    size_bytes: int
    mime_type: str
    created_at: str
    modified_at: str


class Folder(TypedDict):
    folder_id: str
    name: str
    parent_id: str | None


class FolderListing(TypedDict):
    folder_id: str
    files: list[File]
    total_count: int


class Deleted(TypedDict):
    file_id: str
    deleted: bool


def store(seed):
    w = SyntheticWorld(seed=seed)

    @w.tool
    def create_folder(name: str, parent_id: str | None = None) -> Folder: ...
    @w.tool
    def upload_file(
        name: str, content: str, mime_type: str = "text/plain", folder_id: str | None = None
    ) -> File: ...
    @w.tool
    def rename_file(file_id: str, name: str) -> File: ...
    @w.tool
    def move_file(file_id: str, folder_id: str) -> File: ...
    @w.tool
    def list_folder(folder_id: str) -> FolderListing: ...
    @w.tool
    def get_file(file_id: str) -> File: ...
    @w.tool
    def delete_file(file_id: str) -> Deleted: ...

    return w


def run_store(seed, out):
    w = store(seed)
    chk = _checker(out, "store", seed)
    d = w.call("create_folder", {"name": "reports"})
    chk(d["parent_id"] is None, f"root folder parent | {d['parent_id']}")
    f = w.call("upload_file", {"name": "q1.txt", "content": "hello world"})
    chk(f["folder_id"] is None, f"uploaded to folder | {f['folder_id']}")
    chk(f["mime_type"] == "text/plain", f"mime | {f['mime_type']}")
    chk(f["size_bytes"] == 11, f"size | {f['size_bytes']} for 11 bytes")
    r = w.call("rename_file", {"file_id": f["file_id"], "name": "q1-final.txt"})
    chk(
        r["name"] == "q1-final.txt"
        and r["size_bytes"] == f["size_bytes"]
        and r["created_at"] == f["created_at"],
        f"rename | {r}",
    )
    chk(r["modified_at"] >= f["modified_at"], "modified moves")
    m = w.call("move_file", {"file_id": f["file_id"], "folder_id": d["folder_id"]})
    chk(m["folder_id"] == d["folder_id"] and m["name"] == "q1-final.txt", f"move | {m}")
    listing = w.call("list_folder", {"folder_id": d["folder_id"]})
    ids = [x["file_id"] for x in listing["files"]]
    chk(f["file_id"] in ids, "moved file not in folder listing")
    chk(
        all(x["folder_id"] == d["folder_id"] for x in listing["files"]),
        f"listing holds files of other folders | {[x['folder_id'] for x in listing['files']]}",
    )
    chk(
        listing["total_count"] == len(listing["files"]),
        f"total_count | {listing['total_count']} vs {len(listing['files'])}",
    )
    inlist = [x for x in listing["files"] if x["file_id"] == f["file_id"]]
    chk(not inlist or inlist[0]["name"] == "q1-final.txt", f"listed under old name | {inlist}")
    dl = w.call("delete_file", {"file_id": f["file_id"]})
    chk(dl["deleted"] is True and dl["file_id"] == f["file_id"], f"delete | {dl}")
    try:
        w.call("get_file", {"file_id": f["file_id"]})
        chk(False, "get after delete answered")
    except ToolError as e:
        chk(e.code == "not_found", f"get after delete | {e.code}")
    after = w.call("list_folder", {"folder_id": d["folder_id"]})
    chk(f["file_id"] not in [x["file_id"] for x in after["files"]], "deleted file still listed")
    chk(after["total_count"] == len(after["files"]), "total after delete")


# ---------------- booking
class Hold(TypedDict):
    hold_id: str
    slot_id: str
    seats: int
    status: Literal["held", "confirmed", "cancelled", "expired"]
    expires_at: str


class Booking(TypedDict):
    booking_id: str
    slot_id: str
    seats: int
    status: Literal["pending", "confirmed", "cancelled"]
    created_at: str


class Availability(TypedDict):
    slot_id: str
    capacity: int
    booked: int
    available: int


def booking(seed):
    w = SyntheticWorld(
        seed=seed, state={"slot": {"S1": {"slot_id": "S1", "capacity": 10, "booked": 2, "available": 8}}}
    )

    @w.tool
    def get_availability(slot_id: str) -> Availability: ...
    @w.tool
    def create_booking(slot_id: str, seats: int) -> Booking: ...
    @w.tool
    def confirm_booking(booking_id: str) -> Booking: ...
    @w.tool
    def cancel_booking(booking_id: str) -> Booking: ...
    @w.tool
    def get_booking(booking_id: str) -> Booking: ...

    return w


def run_booking(seed, out):
    w = booking(seed)
    chk = _checker(out, "booking", seed)
    a0 = w.call("get_availability", {"slot_id": "S1"})
    chk((a0["capacity"], a0["booked"], a0["available"]) == (10, 2, 8), f"availability seeded | {a0}")
    b = w.call("create_booking", {"slot_id": "S1", "seats": 3})
    chk(b["status"] == "pending" and b["seats"] == 3 and b["slot_id"] == "S1", f"booking | {b}")
    c = w.call("confirm_booking", {"booking_id": b["booking_id"]})
    chk(
        c["status"] == "confirmed" and c["seats"] == 3 and c["created_at"] == b["created_at"],
        f"confirm | {c}",
    )
    a1 = w.call("get_availability", {"slot_id": "S1"})
    chk(a1["available"] == a1["capacity"] - a1["booked"], f"available != capacity - booked | {a1}")
    chk(a1["booked"] == 5, f"booked after 3 seats: | {a1['booked']} (a twin would count)")
    x = w.call("cancel_booking", {"booking_id": b["booking_id"]})
    chk(x["status"] == "cancelled", f"cancel | {x['status']}")
    chk(w.call("get_booking", {"booking_id": b["booking_id"]})["status"] == "cancelled", "get after cancel")


def main() -> None:
    import argparse
    from collections import Counter

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    seeds = parser.parse_args().seeds
    out: list[str] = []
    for seed in range(seeds):
        for run in (run_tracker, run_store, run_booking):
            try:
                run(seed, out)
            except Exception as error:
                out.append(f"{run.__name__} seed {seed}: raised {type(error).__name__}: {error}")
    kinds = Counter(line.split(" seed ")[0] + ": " + line.split(": ", 1)[1].split(" | ")[0] for line in out)
    for what, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"{n:4}  {what}")
    print(f"disagreements: {len(out)} over {seeds} seeds x 3 flows")


if __name__ == "__main__":
    main()
