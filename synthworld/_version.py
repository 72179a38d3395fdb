"""The package version (one place)."""

__version__ = "0.1.0"
