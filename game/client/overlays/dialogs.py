"""Message and confirmation dialogs: keyboard-first (Enter confirms, Esc closes), clickable."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..scene import is_fresh
from ..widgets.text import CENTER, render_text
from .base import CONFIRM_KEYS, SHADOW, Overlay

if TYPE_CHECKING:
    from ..context import AppContext

WIDTH = 680


class _TextDialog(Overlay):
    def __init__(self, app: AppContext, title: str, lines: Sequence[str]) -> None:
        body_font = theme.ui(app.resources, 24, "light")
        self.lines = tuple(str(line) for line in lines)
        body = render_text(body_font, "\n".join(self.lines), theme.TEXT, theme.INK, 1, wrap=WIDTH - 90,
                           align=CENTER)
        height = 110 + body.get_height() + 120
        super().__init__(app, (WIDTH, max(260, height)), title)
        # The body text is part of the pre-rendered panel: nothing is rendered per frame.
        self._panel.blit(body, body.get_rect(midtop=(SHADOW + WIDTH // 2, SHADOW + 96)))


class MessageDialog(_TextDialog):
    """A notice with one OK button; ``on_close`` runs after it closes (Enter, Esc or click)."""

    def __init__(
        self, app: AppContext, title: str, lines: Sequence[str], on_close: Callable[[], None] | None = None,
        *, button_label: str = "OK",
    ) -> None:
        super().__init__(app, title, lines)
        self.on_close = on_close
        self.button_row([(button_label, self._done)])

    def _done(self) -> None:
        self.close_then(self.on_close)

    def on_cancel(self) -> None:
        self._done()


class ConfirmDialog(_TextDialog):
    """A yes/no question. Enter confirms, Esc cancels; Left/Right/Tab move between the buttons.

    A confirmation is a fresh press: a held key's repeat never confirms. With ``armed_after`` (a
    price to confirm) nothing confirms until the dialog has been on screen that long.
    """

    def __init__(
        self,
        app: AppContext,
        title: str,
        lines: Sequence[str],
        on_confirm: Callable[[], None],
        confirm_label: str = "Buy",
        cancel_label: str = "Cancel",
        *,
        on_cancel: Callable[[], None] | None = None,
        armed_after: float = 0.0,
    ) -> None:
        super().__init__(app, title, lines)
        self.on_confirm = on_confirm
        self._on_cancel = on_cancel
        self.armed_after = armed_after
        self.time = 0.0
        self.button_row([(cancel_label, self.on_cancel), (confirm_label, self._confirm)])
        self.focus = 1  # Enter confirms

    def _confirm(self) -> None:
        if self.time >= self.armed_after:
            self.close_then(self.on_confirm)

    def on_cancel(self) -> None:
        self.close_then(self._on_cancel)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in CONFIRM_KEYS and not is_fresh(event):
            return True  # a held Enter (or Space) confirms nothing
        if event.key in CONFIRM_KEYS and self.focus == 1:
            self._confirm()
            return True
        return super().handle_key(event)
