"""Gold Nuggets (Reiner Knizia) on the platform: its rules (``game``), its face in Discord
(``face``) and its words (``words``)."""
