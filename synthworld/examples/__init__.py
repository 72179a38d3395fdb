"""Example worlds: typed tool stubs and small rule-based agents used by ``scenarios/``.

- `shop`: orders, refunds and customer email.
- `calendar_app`: events, free slots and invitations.
- `travel`: flight search and booking.
- `helpdesk`: tickets that are listed, closed and thrown away (a world that keeps lifecycles).
- `agents`: deterministic agents for each world (and one with a classic bug).
"""
