"""The analysis tools: they stand above the games and are never imported by them.

``simulate`` (plain), ``stratified`` and ``proof`` (by exact parts) measure a game's RTP and share
``report``; ``cli`` is their command line (``python -m game.engine.simulate``); ``plot`` draws a
report; ``par`` builds the PAR sheets (``python -m game.engine.par``); ``rounding`` proves that
no win loses a cent to rounding (``python -m game.engine.rounding``); ``backend`` and
``checkpoint`` run and keep the chunks of a long run; ``plugins`` finds a game's own ``par.py``
beside its rules. Each tool reads a game through the catalogue (``get_game``) and the hooks of
``game.engine.game.Game``.
"""
