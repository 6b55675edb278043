"""Claim (Scott Almes) on the platform: its rules (``game``), its face in Discord with each
player's private hand (``face``) and its words (``words``)."""
