"""The attention screen: the wallet's records did not verify, so play stops here instead of the lobby.

It says what differs (the store's findings, in its words), that the files are kept as they were and
where, and offers two choices: restore the last verified state (``Wallet.restore_verified``: the
files are kept aside first, never deleted) or quit. Unattended runs never see it: they stop with
exit status ``ATTENTION_STATUS`` and one line (``attention_line``).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ..store import StoreError, Wallet, WalletAttention
from . import theme
from .resources import Resources
from .widgets.button import Button
from .widgets.text import CENTER, render_text

log = logging.getLogger(__name__)

SIZE = (1280, 720)
TITLE = "Your wallet needs attention"
RESTORE_KEYS = (pygame.K_r,)
QUIT_KEYS = (pygame.K_ESCAPE, pygame.K_q)


def attention_line(attention: WalletAttention, wallet_dir: Path) -> str:
    """The one line of an unattended run (or a player who quit the screen)."""
    return (f"{attention} (the files in {wallet_dir} are kept as they are; start the game to restore the last "
            "verified state, or run it with --restore-verified)")


class AttentionScreen:
    """What differs, where the files are, and the two choices; ``choice`` is set once one is made
    ("restored" or "quit"). Keyboard: R restores, Esc (or Q) quits; both buttons are clickable."""

    def __init__(self, resources: Resources, attention: WalletAttention, wallet_dir: Path) -> None:
        self.attention = attention
        self.wallet_dir = wallet_dir
        self.choice: str | None = None
        self.kept: list[Path] = []
        self.error: str | None = None  # why a restore could not be made (the files are left as they are)
        self._title_font = theme.display(resources, 54)
        self._body_font = theme.ui(resources, 22, "light")
        self._button_font = theme.ui(resources, 24)
        width, height = SIZE
        self.restore_button = Button(pygame.Rect(width // 2 - 370, height - 110, 400, 60),
                                     "Restore the last verified state", self.restore, font=self._button_font)
        self.quit_button = Button(pygame.Rect(width // 2 + 60, height - 110, 310, 60), "Quit", self.quit,
                                  font=self._button_font)
        self._body: pygame.Surface | None = None

    def lines(self) -> list[str]:
        """The screen's text, top to bottom (below its title)."""
        found = [f"- {finding}" for finding in self.attention.findings]
        files = ", ".join(Path(str(f)).name for f in self.attention.files)
        text = ["The wallet's money records did not verify, so nothing was played or changed:", *found, "",
                f"The files are kept as they were ({files} in {self.wallet_dir}).",
                "Restore the last verified state: the files are first kept aside, never deleted; rounds after "
                "that state are not in the restored wallet."]
        if self.error is not None:
            text += ["", f"Not restored: {self.error}"]
        return text

    def restore(self) -> None:
        try:
            self.kept = Wallet.restore_verified(self.wallet_dir)
        except StoreError as exc:
            log.error("the wallet was not restored (%s)", exc)
            self.error = str(exc)
            self._body = None
            return
        self.choice = "restored"

    def quit(self) -> None:
        self.choice = "quit"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key in RESTORE_KEYS:
            self.restore_button.flash()
            self.restore()
        elif event.type == pygame.KEYDOWN and event.key in QUIT_KEYS:
            self.quit()
        else:
            for button in (self.restore_button, self.quit_button):
                if button.handle_event(event):
                    break

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.NIGHT_TOP)
        title = render_text(self._title_font, TITLE, theme.GOLD, theme.INK, 3)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, 40)))
        if self._body is None:
            self._body = render_text(self._body_font, "\n".join(self.lines()), theme.TEXT, theme.INK, 1,
                                     wrap=surface.get_width() - 160, align=CENTER)
        surface.blit(self._body, self._body.get_rect(midtop=(surface.get_width() // 2, 140)))
        for button in (self.restore_button, self.quit_button):
            button.draw(surface)


def run_attention(attention: WalletAttention, wallet_dir: Path) -> bool:
    """Show the screen in a window of its own until the player chooses; True when the wallet was restored.
    The window is closed again (the app opens its own)."""
    pygame.init()
    try:
        pygame.display.set_caption(TITLE)
        window = pygame.display.set_mode(SIZE, pygame.SCALED | pygame.RESIZABLE)
        screen = AttentionScreen(Resources(), attention, wallet_dir)
        clock = pygame.time.Clock()
        while screen.choice is None:
            for event in pygame.event.get():
                screen.handle_event(event)
            screen.draw(window)
            pygame.display.flip()
            clock.tick(30)
        return screen.choice == "restored"
    finally:
        pygame.quit()
