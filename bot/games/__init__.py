"""The games the platform hosts: one package each, behind one interface (``rules``,
``face``) and listed in ``registry``."""

ORDER = ("claimit", "gold_nuggets", "claim")
"""The games' packages in the order they are listed: the order they came to the platform
(one not named here comes after them)."""
