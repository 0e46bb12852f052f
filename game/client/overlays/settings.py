"""Settings: music and effects volumes and switches, mute, turbo, reduced motion, the session
budget, when a price asks twice and the frame rate; every change is saved at once.

The sound settings belong to the player (saved through ``app.audio`` in the player's wallet);
turbo, reduced motion, budget and the price confirmation are saved in the session's wallet
(``turbo``, ``reduced_motion``, ``budget`` in cents or None, ``prices.SETTING``); the frame rate
in the player's wallet (``frame_rate.SETTING``), read by the loop from ``app.flags``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import frame_rate
from ..prices import CONFIRM_STEPS, SETTING, load_threshold, threshold_label
from ..responsible import BUDGET_STEPS, budget_label
from .base import OptionRow, OptionsOverlay

if TYPE_CHECKING:
    from ...session import PlaySession
    from ..context import AppContext

SIZE = (780, 700)
VOLUMES = list(range(0, 101, 10))  # percent
ON_OFF = [False, True]


class SettingsOverlay(OptionsOverlay):
    ROW_H = 36  # ten rows, the note and the button below them

    def __init__(
        self, app: AppContext, session: PlaySession | None,
        *, on_change: Callable[[str, object], None] | None = None,
    ) -> None:
        super().__init__(app, SIZE, "Settings")
        self.session = session
        self.wallet = session.wallet if session is not None else app.wallet
        self.on_change = on_change
        audio = app.audio
        budget = self.wallet.setting("budget", None)
        if budget not in BUDGET_STEPS:
            budget = None
        turbo = bool(self.wallet.setting("turbo", False))
        calm = bool(self.wallet.setting("reduced_motion", False))
        self.place_rows([
            OptionRow("Sound", ON_OFF, 0 if audio.muted else 1, lambda v: "On" if v else "Muted", self._set_sound),
            OptionRow("Music", ON_OFF, int(audio.music_on), _on_off, self._set_music_on),
            OptionRow("Music volume", VOLUMES, _nearest(audio.music_volume), _percent, self._set_music_volume),
            OptionRow("Effects", ON_OFF, int(audio.effects_on), _on_off, self._set_effects_on),
            OptionRow("Effects volume", VOLUMES, _nearest(audio.effects_volume), _percent, self._set_effects_volume),
            OptionRow("Turbo spins", [False, True], 1 if turbo else 0, lambda v: "On" if v else "Off",
                      self._set_turbo),
            OptionRow("Reduced motion", [False, True], 1 if calm else 0, lambda v: "On" if v else "Off",
                      self._set_motion),
            OptionRow("Session budget", list(BUDGET_STEPS), BUDGET_STEPS.index(budget), budget_label,
                      self._set_budget),
            OptionRow("Confirm prices", list(CONFIRM_STEPS), CONFIRM_STEPS.index(load_threshold(self.wallet)),
                      threshold_label, self._set_confirm),
            OptionRow("Frame rate", list(frame_rate.CHOICES),
                      frame_rate.CHOICES.index(frame_rate.load_choice(app.wallet.setting(frame_rate.SETTING))),
                      frame_rate.label, self._set_frame_rate),
        ], margin=50)
        self.button_row([("Done", self.close)])
        self._note = "Budget: when losses this session reach it, play stops. Play money only."

    # -- changes -------------------------------------------------------------------------------

    def _changed(self, key: str, value: object) -> None:
        if self.on_change is not None:
            self.on_change(key, value)

    def _set_music_volume(self, value: int) -> None:
        self.app.audio.set_music_volume(value)
        self._changed("music_volume", value)

    def _set_effects_volume(self, value: int) -> None:
        self.app.audio.set_effects_volume(value)
        self.app.audio.play("click")
        self._changed("effects_volume", value)

    def _set_music_on(self, value: bool) -> None:
        self.app.audio.set_music_on(value)
        self._changed("music_on", value)

    def _set_effects_on(self, value: bool) -> None:
        self.app.audio.set_effects_on(value)
        self._changed("effects_on", value)

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

    def _set_frame_rate(self, value: int | str) -> None:
        """60, 120 or the display's rate: the player's own, whichever wallet the session plays on."""
        self.app.wallet.set_setting(frame_rate.SETTING, value)
        self.app.flags[frame_rate.SETTING] = value
        self._changed(frame_rate.SETTING, value)

    # -- input ---------------------------------------------------------------------------------

    def handle_extra_key(self, key: int) -> None:
        if key == pygame.K_m:
            self.rows[0].cycle()  # M mutes everything, here as everywhere

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_rows(surface, self._note, "Up/Down: choose   ·   Left/Right: change   ·   Enter or Esc: done")


def _on_off(value: bool) -> str:
    return "On" if value else "Off"


def _percent(value: int) -> str:
    return f"{value}%"


def _nearest(percent: int) -> int:
    """The index of the step of VOLUMES nearest ``percent``."""
    return min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - percent))
