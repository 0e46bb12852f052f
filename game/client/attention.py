"""The attention screen: the wallet's records did not verify, so play stops here instead of the lobby.

It says what differs (the store's findings, in its words), that the files are kept as they were and
where, and offers two choices: restore the last verified state (``Wallet.restore_verified``: the
files are kept aside first, never deleted) or quit. Unattended runs never see it: they stop with
exit status ``ATTENTION_STATUS`` and one line (``attention_line``).
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

import pygame

from ..store import StoreError, Wallet, WalletAttention
from . import gfx, theme
from .overlays.base import SHADOW, make_backdrop, make_panel
from .resources import ResourceError, Resources
from .widgets.button import Button
from .widgets.text import CENTER, LEFT, render_text

log = logging.getLogger(__name__)

SIZE = (1280, 720)
PANEL = pygame.Rect(120, 48, 1040, 624)  # the dialog, in the 1280x720 design
INSET = 44  # the text's margin inside the panel
BACKGROUND = "backgrounds/lobby.png"  # the lobby's night, frosted behind the panel
TITLE = "Your wallet needs attention"
LEAD = "Its money records do not verify:"
SHOWN_FINDINGS = 5  # more are counted in one line (all of them are in the log and the one-line message)
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
        self._findings_font = theme.ui(resources, 22)
        self._resources = resources
        buttons_y = PANEL.bottom - INSET - 60
        self.restore_button = Button(pygame.Rect(PANEL.centerx - 430, buttons_y, 440, 60),
                                     "Restore the last verified state", self.restore, font=self._button_font)
        self.quit_button = Button(pygame.Rect(PANEL.centerx + 40, buttons_y, 390, 60), "Quit", self.quit,
                                  font=self._button_font)
        self._backdrop: pygame.Surface | None = None
        self._panel: pygame.Surface | None = None  # the panel with its title, findings and notes (not buttons)
        self.text_bottom = 0  # where the panel's text ends, once drawn

    def findings(self) -> list[str]:
        """What differs, one line each, in the store's words; past ``SHOWN_FINDINGS``, how many more."""
        found = list(self.attention.findings)
        if len(found) <= SHOWN_FINDINGS:
            return found
        more = len(found) - SHOWN_FINDINGS + 1
        return [*found[:SHOWN_FINDINGS - 1], f"and {more} more (logs/client.log lists every one)"]

    def notes(self) -> list[str]:
        """Below the findings: where the files are, what each choice does, and a failed restore's reason."""
        files = ", ".join(Path(str(f)).name for f in self.attention.files)
        text = [f"Nothing was played or changed: the files are kept as they were ({files} in {self.wallet_dir}).",
                "Restore rebuilds the wallet as it was last verified; the files are first kept aside, never "
                "deleted, and rounds after that state are not in it. Quit leaves everything as it is."]
        if self.error is not None:
            text.append(f"Not restored: {self.error}")
        return text

    def lines(self) -> list[str]:
        """The screen's text, top to bottom (below its title)."""
        return [LEAD, *self.findings(), *self.notes()]

    def restore(self) -> None:
        try:
            self.kept = Wallet.restore_verified(self.wallet_dir)
        except StoreError as exc:
            log.error("the wallet was not restored (%s)", exc)
            self.error = str(exc)
            self._panel = None
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
        if self._backdrop is None:
            self._backdrop = self._make_backdrop(surface.get_size())
        if self._panel is None:
            self._panel = self._make_panel()
        surface.blit(self._backdrop, (0, 0))
        surface.blit(self._panel, (PANEL.x - SHADOW, PANEL.y - SHADOW))
        for button in (self.restore_button, self.quit_button):
            button.draw(surface)

    def _make_backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        night = gfx.Surface(size)
        night.fill(theme.NIGHT_TOP)
        with contextlib.suppress(ResourceError):  # without the picture the plain night is backdrop enough
            night.blit(self._resources.image(BACKGROUND, size), (0, 0))
        return make_backdrop(night)

    def _make_panel(self) -> pygame.Surface:
        """The panel, its title, the lead line, the findings in an inset box and the notes below them."""
        panel = make_panel(self._resources, PANEL.size)
        width = PANEL.w - 2 * INSET
        y = SHADOW + 30
        title = render_text(self._title_font, TITLE, theme.GOLD, theme.INK, 3)
        panel.blit(title, title.get_rect(midtop=(panel.get_width() // 2, y)))
        y += title.get_height() + 18
        lead = render_text(self._body_font, LEAD, theme.TEXT, theme.INK, 1, wrap=width)
        panel.blit(lead, (SHADOW + INSET, y))
        y += lead.get_height() + 10
        bullet = render_text(self._findings_font, "\u2022", theme.GOLD, theme.INK, 1)
        findings = [render_text(self._findings_font, finding, theme.GOLD, theme.INK, 1, wrap=width - 64, align=LEFT)
                    for finding in self.findings()]  # each on its own, so a wrapped line keeps its indent
        box = pygame.Rect(SHADOW + INSET, y, width, sum(f.get_height() + 6 for f in findings) + 22)
        gfx.draw.rect(panel, (*theme.VEIL, 150), box, border_radius=14)
        gfx.draw.rect(panel, (*theme.GOLD_DARK, 255), box, width=2, border_radius=14)
        line_y = box.y + 14
        for finding in findings:
            panel.blit(bullet, (box.x + 20, line_y))
            panel.blit(finding, (box.x + 44, line_y))
            line_y += finding.get_height() + 6
        y = box.bottom + 18
        notes = render_text(self._body_font, "\n".join(self.notes()), theme.TEXT, theme.INK, 1, wrap=width,
                            align=CENTER)
        panel.blit(notes, notes.get_rect(midtop=(panel.get_width() // 2, y)))
        self.text_bottom = PANEL.y - SHADOW + y + notes.get_height()  # on screen: the buttons start below it
        return panel


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
