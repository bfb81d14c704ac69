"""Terminal renderers, one module per game, each exposing ``render_view(game, view)``.

``render_view`` returns a rich renderable that shows a seat's view (or a spectator's)
readably; the generic play loop lists the legal moves and reads typed notation.
"""
