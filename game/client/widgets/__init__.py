"""Widgets shared by every screen: text, buttons, counters, reels, dialogs."""
