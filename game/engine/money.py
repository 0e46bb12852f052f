"""Money is integer cents; pays are exact multiples of the bet (Fractions)."""

from __future__ import annotations

from fractions import Fraction

Multiplier = Fraction


def parse_multiplier(value: object) -> Fraction:
    """Read a printed pay figure ("1.25", 4, "3/2") exactly, never through a float."""
    if isinstance(value, bool):
        raise ValueError(f"not a number: {value!r}")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        return Fraction(value.strip())
    raise ValueError(f"pay figures must be written as strings or integers, not {value!r}")


def cents_of(multiplier: Fraction, bet: int) -> int:
    """A multiple of ``bet`` (cents) rounded down to the cent: the one rounding a round makes."""
    return (multiplier.numerator * bet) // multiplier.denominator


def format_cents(cents: int, symbol: str = "") -> str:
    """1234567 -> '12,345.67' (with an optional currency symbol in front)."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{symbol}{whole:,}.{frac:02d}"


_TEXTS: dict[tuple[int, int], str] = {}  # (numerator, denominator) -> multiplier_text
_TEXTS_KEPT = 4096  # the cache starts afresh when it holds this many


def multiplier_text(multiplier: Fraction) -> str:
    """A Fraction as a short decimal when it has one ('2.5'), else 'a/b'.

    Every round's events carry several; the texts are cached by value (a Fraction is in lowest
    terms, so its numerator and denominator name its value).
    """
    numerator = multiplier.numerator
    if not numerator:
        return "0"
    key = (numerator, multiplier.denominator)
    text = _TEXTS.get(key)
    if text is None:
        if len(_TEXTS) >= _TEXTS_KEPT:
            _TEXTS.clear()
        text = _TEXTS[key] = _multiplier_text(multiplier)
    return text


def _multiplier_text(multiplier: Fraction) -> str:
    den = multiplier.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den != 1:
        return f"{multiplier.numerator}/{multiplier.denominator}"
    text = f"{float(multiplier):.10f}".rstrip("0").rstrip(".")
    return text or "0"


class UnitTexts(dict[int, str]):
    """``texts[units]`` is the x text of ``units / den`` of the total bet, made once per value.

    A game whose pays are whole numbers of ``1/den`` of the bet sums them as integers and
    formats each total once: the same few recur all the time.
    """

    def __init__(self, den: int) -> None:
        super().__init__()
        self.den = den

    def __missing__(self, units: int) -> str:
        text = self[units] = multiplier_text(Fraction(units, self.den))
        return text
