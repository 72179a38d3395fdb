"""Subcommands of the `synthworld` command line (one module each)."""
