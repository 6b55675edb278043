"""``settings``: how a server runs its games."""
