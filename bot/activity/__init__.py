"""The Activity: the games on a board drawn by each player's own device, inside Discord.

One page for every game (``page``), served by the bot itself (``server``) beside its
channel's live table, over the same game service: a viewer signs in with Discord
(``identity``), watches a game of the Activity's channel, and is pushed their own view of
it after every change, from anywhere (``live_boards``); their moves are the same changes
as a button's, made through the channel's table (``serving``).
"""
