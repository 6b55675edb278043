"""Each player's reliability in a server (``bot.service.reliability`` says how it is
counted), counted in the transaction of the change that makes it so, and the minimum a
lobby asks of whoever takes a seat."""

from bot.features.reliability.hooks import ReliabilityHooks

HOOKS = ReliabilityHooks()
