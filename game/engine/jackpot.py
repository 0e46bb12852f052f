"""A progressive jackpot pool: its seed, the share of every wager it takes, and its payout.

The pool is a game's carried state (``{"pool": units}``), so a round starts from the pool as it
stood when the round was bought and computes every change to it from its inputs: a replay pays
the same jackpot. Amounts are kept in hundredths of a cent, so that a share of any wager on the
ladder is a whole number of units and nothing is ever rounded away: a payout is the pool's whole
cents, and the fraction of a cent left over stays in the pool reseeded after it.

The wallet stores the pool fed by a wager in the transaction that takes the wager
(``Game.wagered_state``) and the pool after the round in the transaction that settles it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .data import Reader
from .errors import DataError

UNITS_PER_CENT = 100  # the pool counts hundredths of a cent


@dataclass(frozen=True)
class JackpotRules:
    """A pool's rules: it starts at ``seed`` cents and takes ``share`` of every wager."""

    seed: int  # cents: the pool's amount when it starts and after each win
    share: Fraction  # of every wager, added to the pool in the wager's transaction

    @classmethod
    def read(cls, reader: Reader, costs: Iterable[int]) -> JackpotRules:
        """``{"seed": cents, "share": "1/100"}``; the share of every cost must be whole units."""
        seed = reader.child("seed").integer(1)
        share = reader.child("share").convert(Fraction, "a fraction such as '1/100'")
        if not 0 < share < 1:
            raise reader.child("share").fail(f"the share of a wager is between 0 and 1, found {share}")
        rules = cls(seed, share)
        for cost in costs:
            units = share * cost * UNITS_PER_CENT
            if units.denominator != 1:
                raise reader.child("share").fail(
                    f"{share} of a {cost}-cent wager is not a whole hundredth of a cent: no fraction may be lost")
        return rules

    @property
    def seed_units(self) -> int:
        return self.seed * UNITS_PER_CENT

    def contribution(self, cost: int) -> int:
        """The units a wager of ``cost`` cents adds to the pool."""
        return int(self.share * cost * UNITS_PER_CENT)

    def pool_of(self, state: dict[str, Any] | None) -> int:
        """The pool (units) in a carried state; the seed when the game has no state yet."""
        if not state or "pool" not in state:
            return self.seed_units
        units = state["pool"]
        if isinstance(units, bool) or not isinstance(units, int) or units < 0:
            raise DataError(f"a jackpot pool is a whole number of hundredths of a cent, not {units!r}")
        return units

    def wagered(self, state: dict[str, Any] | None, cost: int) -> dict[str, Any]:
        """The carried state once ``cost`` cents are wagered."""
        return {"pool": self.pool_of(state) + self.contribution(cost)}


class Pool:
    """The pool during one round: fed by its wager, paid out (and reseeded) at each jackpot won."""

    __slots__ = ("rules", "units")

    def __init__(self, rules: JackpotRules, state: dict[str, Any] | None, cost: int) -> None:
        self.rules = rules
        self.units = rules.wagered(state, cost)["pool"]

    @property
    def cents(self) -> int:
        """What a jackpot won now pays (whole cents)."""
        return self.units // UNITS_PER_CENT

    def pay(self) -> int:
        """Pay the pool's whole cents and reseed it; the fraction of a cent left stays in the pool."""
        paid, left = divmod(self.units, UNITS_PER_CENT)
        self.units = self.rules.seed_units + left
        return paid

    def state(self) -> dict[str, Any]:
        return {"pool": self.units}
