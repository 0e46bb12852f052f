"""Responsible-play helpers: the hourly reality check and the session budget steps."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.money import format_cents

REALITY_CHECK_SECONDS = 60 * 60
# Budget choices offered in settings (cents); None means no limit.
BUDGET_STEPS: tuple[int | None, ...] = (
    None, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000,
)


@dataclass
class RealityCheck:
    """Counts played seconds and says when the next check is due."""

    interval: float = REALITY_CHECK_SECONDS
    played: float = 0.0
    _next: float = REALITY_CHECK_SECONDS

    def __post_init__(self) -> None:
        self._next = self.interval

    def tick(self, dt: float) -> None:
        self.played += dt

    @property
    def due(self) -> bool:
        return self.played >= self._next

    def acknowledge(self) -> None:
        """The check was shown: the next one is an interval from now."""
        self._next = self.played + self.interval

    def lines(self, net: int) -> list[str]:
        result = "up" if net > 0 else "down" if net < 0 else "even"
        money = format_cents(abs(net))
        return [
            f"You have been playing for {format_duration(self.played)}.",
            f"Net result this session: {result} {money}" if net else "Net result this session: even.",
            "Take a break whenever you like; this is play money only.",
        ]


def format_duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min"


def budget_label(budget: int | None) -> str:
    return "No limit" if budget is None else format_cents(budget)


def step_budget(budget: int | None, direction: int) -> int | None:
    """The next budget choice up or down from ``budget`` (an unknown value snaps to the nearest)."""
    steps = BUDGET_STEPS
    if budget in steps:
        index = steps.index(budget)
    else:
        index = min(range(1, len(steps)), key=lambda i: abs((steps[i] or 0) - (budget or 0)))
    index = max(0, min(len(steps) - 1, index + direction))
    return steps[index]
