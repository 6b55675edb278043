"""Playing: the turn's buttons and menus, ``rules``, ``board``, and turns that time out."""
