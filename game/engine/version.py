"""The engine's version, recorded with every round.

A round is its seed, bet, mode, carried state and decisions played by this engine on the game's
data (``Game.data_digest()``). Bump ``ENGINE_VERSION`` whenever the same inputs could play a
different round: a change to the generator (``docs/RNG.md``) or to any game's round code. The
golden events (``tests/golden/events.json``) fail on such a change, as the reminder.

History: 1, rounds drawn from Python's ``random.Random``; 2, from ``RoundRng`` (BLAKE2b stream);
3, each answer restarts the stream under a key with the entropy taken with it (``docs/RNG.md``:
the golden events of the games with decisions were recorded again, once, for it).
"""

ENGINE_VERSION = "3"
# Engines whose rounds drew on through an answer without new entropy: a round of theirs that had
# been answered replays differently past its first answer on this engine (``game.replays``).
UNKEYED_ANSWERS = frozenset({"1", "2"})
