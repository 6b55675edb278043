"""Game pictures drawn with Pillow; knows nothing of Discord.

``render.common`` holds what every picture shares (fonts, names, the seats'
colours, PNG encoding); each game's images are in a package of their own
(``render.claimit``, ``render.gold_nuggets``). Rendering is pure and
thread-safe, so the bot runs it in a worker thread.
"""
