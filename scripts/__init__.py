"""The project's helper scripts that are Python modules (``python -m scripts.<name>``)."""
