"""Whether a resumed round's replay is the round that was bought, and what to pay when it is not.

A round is stored as its inputs (seed, bet, mode, carried state, decisions) and is rebuilt from
them when it is resumed. At purchase it also records the engine's version, the digest of the
game's data and a ``replay_check``: how many events were known then and their digest (the whole
round when it needed no decision, else the events up to the first question), besides the
summary of a round that was complete at purchase.

If a rebuild does not show those same events (another engine version, changed data, a bug),
the round is never paid a different amount: a round complete at purchase is paid the win
recorded then; any other has its whole stake returned. Either way the player is told.

On a jackpot game the pool follows: a stake returned takes the wager's contribution back out of
the pool; a recorded win that included a jackpot is paid from the pool, which is reseeded, only
when that jackpot is the pool's whole cents as the wallet holds it (what a jackpot won by that
round pays); otherwise the stake is returned instead.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .engine import EngineError, Game, RoundPlay, get_game
from .engine.jackpot import UNITS_PER_CENT
from .engine.version import ENGINE_VERSION, UNKEYED_ANSWERS
from .store import RoundRecord, Wallet, WalletAttention

log = logging.getLogger(__name__)


def events_digest(events: Sequence[dict[str, Any]]) -> str:
    """SHA-256 of the events' canonical JSON (what the golden events pin too), 32 hex digits."""
    text = json.dumps(list(events), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def purchase_check(play: RoundPlay) -> dict[str, Any]:
    """What a round showed when it was bought, to check its replays against."""
    return {"events": len(play.events), "digest": events_digest(play.events)}


def mismatch(play: RoundPlay, record: RoundRecord) -> str | None:
    """Why the rebuilt ``play`` is not the round ``record`` bought, or None when it is."""
    if record.decisions and record.engine_version in UNKEYED_ANSWERS:
        return f"it was answered on engine {record.engine_version}, which drew on through answers without new entropy"
    check = record.replay_check
    if check:
        count = int(check.get("events", 0))
        if len(play.events) < count or events_digest(play.events[:count]) != check.get("digest"):
            return "its replay shows other events than at purchase"
    if record.summary is not None:  # complete at purchase (an older round may have no replay_check)
        if not play.finished:
            return "its replay waits for a decision the round did not have"
        if play.result.summary() != record.summary:
            return "its replay ends with another result than at purchase"
    if play.cost != record.cost or list(play.decision_costs) != list(record.decision_costs):
        return f"its replay costs {play.cost}, but {record.cost} was paid"
    return None


def rebuild(game: Game, record: RoundRecord) -> tuple[RoundPlay | None, str | None]:
    """The round rebuilt from its inputs, and why it does not match its purchase (None: it does)."""
    try:
        play = game.start(record.bet, record.seed, buy=record.buy, state=record.state_in,
                          decisions=record.decisions, entropy=record.entropy)
    except EngineError as exc:
        return None, f"it can no longer be replayed ({exc})"
    return play, mismatch(play, record)


@dataclass(frozen=True)
class ReplayMismatch:
    """A resumed round whose replay differed from its purchase, settled without being shown."""

    round_id: int
    game_id: str
    reason: str
    paid: int  # what was credited
    stake_returned: bool  # True: the stake; False: the win recorded at purchase


def _cents(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _recorded_jackpot(wallet: Wallet, record: RoundRecord, game: Game | None,
                      win: int) -> list[tuple[int, int]] | None:
    """The jackpot to pay ``record``'s recorded one from the pool (see ``Wallet.settle_round``'s
    ``jackpots``); None when it cannot be paid as bought."""
    jackpot = _cents((record.summary or {}).get("jackpot", 0))
    if jackpot is None or jackpot > win:
        return None
    if not jackpot:
        return []  # nothing from the pool: the wager's contribution stays in it
    rules = game.jackpot if game is not None else None
    pool = wallet.jackpot_pool(record.game_id)
    if rules is None or pool is None or pool // UNITS_PER_CENT != jackpot:
        return None
    return [(jackpot, rules.seed_units)]


def settle_mismatch(wallet: Wallet, record: RoundRecord, reason: str, game: Game | None = None) -> ReplayMismatch:
    """Settle ``record`` as bought: its recorded win when it was complete at purchase, else its stake.

    ``game`` (the round's) gives a jackpot game's rules: without them a recorded jackpot cannot be
    paid from the pool, and the stake is returned.
    """
    recorded_win = _cents((record.summary or {}).get("win"))
    from_pool = None if recorded_win is None else _recorded_jackpot(wallet, record, game, recorded_win)
    if recorded_win is not None and from_pool is not None:
        wallet.settle_round(record.id, recorded_win, summary=record.summary, jackpots=from_pool,
                            note=f"replay differs from the purchase ({reason}): the recorded result was paid")
        result = ReplayMismatch(record.id, record.game_id, reason, recorded_win, stake_returned=False)
    else:
        wallet.settle_round(record.id, record.cost, return_contribution=True,
                            note=f"replay differs from the purchase ({reason}): the stake was returned")
        result = ReplayMismatch(record.id, record.game_id, reason, record.cost, stake_returned=True)
    log.warning("round %d of %s: %s; settled with %d (%s)", record.id, record.game_id, reason, result.paid,
                "stake returned" if result.stake_returned else "recorded win")
    return result


def settle_mismatched_rounds(wallet: Wallet) -> list[ReplayMismatch]:
    """Check every open round's replay against its purchase; settle (and return) those that differ.

    A round whose game cannot be loaded now is left open: it is not known to differ, and the
    48-hour rule resolves it if the game stays unavailable.
    """
    settled = []
    for record in wallet.open_rounds():
        try:
            game = get_game(record.game_id)
        except EngineError as exc:
            log.warning("round %d of %s not checked: its game cannot be loaded (%s)", record.id, record.game_id, exc)
            continue
        _, reason = rebuild(game, record)
        if reason is not None:
            settled.append(settle_mismatch(wallet, record, reason, game))
    return settled


def credit_mismatch(record: RoundRecord) -> str | None:
    """Why a settled round's credit is not what its replay pays (None: it is, or it cannot be judged).

    A round settled by a rule (its stake returned, its recorded win paid, resolved after its time:
    it has a ``note``) and one played by another engine or other game data are not replayed: their
    replay would not be the round that was paid.
    """
    if record.note is not None or record.win is None:
        return None
    try:
        game = get_game(record.game_id)
    except EngineError:
        return None
    if (record.engine_version, record.data_digest) != (ENGINE_VERSION, game.data_digest() or None):
        return None
    play, reason = rebuild(game, record)
    if play is None or reason is not None:
        return f"its replay is not the round that was bought ({reason})"
    if not play.finished:
        return "its replay waits for a decision the round did not record"
    if play.result.win != record.win:
        return f"it was credited {record.win} cents, but its replay pays {play.result.win}"
    return None


def verify_settled(wallet: Wallet, settled: Sequence[RoundRecord] | None = None) -> None:
    """Replay every round settled since the wallet's verified mark (``settled``, when the caller read
    them already) and compare its credit; when every one matches, move the mark to the last record.
    WalletAttention names each round that does not."""
    records = wallet.settled_since_mark() if settled is None else settled
    findings = [f"round {record.id} of {record.game_id}: {why}" for record in records
                if (why := credit_mismatch(record)) is not None]
    if findings:
        raise WalletAttention(findings, [wallet.path, wallet.path.with_suffix(".journal")])
    wallet.mark_verified()
