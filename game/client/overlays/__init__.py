"""Overlays the shell offers every screen: help, history, settings, autoplay menu, dialogs."""

from .autoplay_menu import AutoplayMenu
from .base import OptionRow, Overlay
from .choice import ChoiceOption, ChoiceOverlay
from .dialogs import ConfirmDialog, MessageDialog
from .help import HelpOverlay
from .history import HistoryOverlay
from .settings import SettingsOverlay

__all__ = [
    "AutoplayMenu", "ChoiceOption", "ChoiceOverlay", "ConfirmDialog", "HelpOverlay", "HistoryOverlay",
    "MessageDialog", "OptionRow", "Overlay", "SettingsOverlay",
]
