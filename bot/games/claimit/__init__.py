"""Claim It! on the platform: its rules adapter, its face in Discord, its words."""
