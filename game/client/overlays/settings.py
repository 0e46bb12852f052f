"""Settings: volume, mute, turbo, reduced motion, the session budget and when a price asks twice;
every change is saved at once.

Volume and mute belong to the player (saved through ``app.audio`` in the player's wallet);
turbo, reduced motion, budget and the price confirmation are saved in the session's wallet
(``turbo``, ``reduced_motion``, ``budget`` in cents or None, ``prices.SETTING``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..prices import CONFIRM_STEPS, SETTING, load_threshold, threshold_label
from ..responsible import BUDGET_STEPS, budget_label
from .base import OptionRow, OptionsOverlay

if TYPE_CHECKING:
    from ...session import PlaySession
    from ..context import AppContext

SIZE = (780, 700)
VOLUMES = [i / 10 for i in range(11)]


class SettingsOverlay(OptionsOverlay):
    def __init__(
        self, app: AppContext, session: PlaySession | None,
        *, on_change: Callable[[str, object], None] | None = None,
    ) -> None:
        super().__init__(app, SIZE, "Settings")
        self.session = session
        self.wallet = session.wallet if session is not None else app.wallet
        self.on_change = on_change
        audio = app.audio
        volume_index = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - audio.volume))
        budget = self.wallet.setting("budget", None)
        if budget not in BUDGET_STEPS:
            budget = None
        turbo = bool(self.wallet.setting("turbo", False))
        calm = bool(self.wallet.setting("reduced_motion", False))
        self.place_rows([
            OptionRow("Volume", list(VOLUMES), volume_index, lambda v: f"{round(float(v) * 100)}%",
                      self._set_volume),
            OptionRow("Sound", [False, True], 0 if audio.muted else 1, lambda v: "On" if v else "Muted",
                      self._set_sound),
            OptionRow("Turbo spins", [False, True], 1 if turbo else 0, lambda v: "On" if v else "Off",
                      self._set_turbo),
            OptionRow("Reduced motion", [False, True], 1 if calm else 0, lambda v: "On" if v else "Off",
                      self._set_motion),
            OptionRow("Session budget", list(BUDGET_STEPS), BUDGET_STEPS.index(budget), budget_label,
                      self._set_budget),
            OptionRow("Confirm prices", list(CONFIRM_STEPS), CONFIRM_STEPS.index(load_threshold(self.wallet)),
                      threshold_label, self._set_confirm),
        ], margin=50)
        self.button_row([("Done", self.close)])
        self._note = "Budget: when losses this session reach it, play stops. Play money only."

    # -- changes -------------------------------------------------------------------------------

    def _changed(self, key: str, value: object) -> None:
        if self.on_change is not None:
            self.on_change(key, value)

    def _set_volume(self, value: float) -> None:
        self.app.audio.set_volume(float(value))
        self.app.audio.play("click")
        self._changed("volume", value)

    def _set_sound(self, value: bool) -> None:
        self.app.audio.set_muted(not value)
        self._changed("muted", not value)

    def _set_turbo(self, value: bool) -> None:
        self.wallet.set_setting("turbo", bool(value))
        self.app.flags["turbo"] = bool(value)
        self._changed("turbo", bool(value))

    def _set_motion(self, value: bool) -> None:
        """Reduced motion: no screen shake, shorter celebrations (the screen follows when it is uncovered)."""
        self.wallet.set_setting("reduced_motion", bool(value))
        self.app.flags["reduced_motion"] = bool(value)
        self._changed("reduced_motion", bool(value))

    def _set_budget(self, value: int | None) -> None:
        self.wallet.set_setting("budget", value)
        if self.session is not None:
            self.session.budget = value
        self._changed("budget", value)

    def _set_confirm(self, value: int | None) -> None:
        """A price inside a round above this asks a second time (an extra spin, a wheel spin)."""
        self.wallet.set_setting(SETTING, value)
        self._changed(SETTING, value)

    # -- input ---------------------------------------------------------------------------------

    def handle_extra_key(self, key: int) -> None:
        if key == pygame.K_m:
            self.rows[1].cycle()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_rows(surface, self._note, "Up/Down: choose   ·   Left/Right: change   ·   Enter or Esc: done")
