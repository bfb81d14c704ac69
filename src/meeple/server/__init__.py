"""Online play: the game server (REST, WebSocket, bots, clocks, chat) over the store.

``meeple.server.app.create_app`` builds the ASGI application; see docs/server.md.
Kept free of imports so that bot worker processes start light.
"""
