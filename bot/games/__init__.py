"""The games the platform hosts: one package each, behind one interface (``rules``,
``face``) and listed in ``registry``."""
