"""Festive Slots: five festive slot games on one headless engine (play money only)."""

__version__ = "0.2.0"

PRODUCT = "Festive Slots"  # the window title, the desktop entry, the bundle's name
PROG = "festive-slots"  # the command (pip's entry point); --help and error lines use it
