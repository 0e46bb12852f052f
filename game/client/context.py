"""What every scene can reach: the scene stack, resources, audio, the wallet and the options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..store import Wallet
    from .audio import Audio
    from .options import Options
    from .resources import Resources
    from .scene import SceneManager


@dataclass
class AppContext:
    scenes: SceneManager
    resources: Resources
    audio: Audio
    wallet: Wallet
    options: Options
    # Messages for the player gathered at start-up (corrupt wallet kept aside, resumed round...).
    notices: list[str] = field(default_factory=list)
    # Shared, non-game state scenes may read: e.g. "turbo", "autoplay" requests from flags.
    flags: dict[str, Any] = field(default_factory=dict)
    quit_requested: bool = False
    exit_reason: str | None = None  # set with a non-zero exit: the one-line reason
