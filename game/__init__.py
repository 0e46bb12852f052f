"""Festive Slots: five festive slot games on one headless engine (play money only)."""

__version__ = "0.1.0"
