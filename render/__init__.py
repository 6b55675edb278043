"""Game pictures drawn with Pillow; knows nothing of Discord.

``render.common`` holds what every picture shares (fonts, names, the seats'
colours, PNG encoding); each game's images are in a package of their own
(``render.claimit``, ``render.gold_nuggets``, ``render.claim``). Rendering is
pure, so the bot draws in worker processes of its own (``bot.games.painters``),
and thread-safe, so it may draw in threads of its own process where it starts
none (as tests that start many bots do).
"""
