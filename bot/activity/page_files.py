"""The built page's files as the server serves them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Page:
    """The page's files, read once: their bytes and media types."""

    files: dict[str, tuple[bytes, str]]

    @classmethod
    def read(cls, folder: Path) -> Page:
        """The files of the built page in ``folder``."""
        types = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
        types |= {".svg": "image/svg+xml", ".woff2": "font/woff2", ".png": "image/png"}
        files = {
            path.name: (path.read_bytes(), types.get(path.suffix, "application/octet-stream"))
            for path in folder.iterdir()
            if path.is_file()
        }
        return cls(files)
