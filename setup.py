"""The package's one build step beyond pyproject.toml's: the Activity's page is built when
the package is built or installed (``pip install .``, ``pip install -e .``, a wheel), so
that the bot only reads it and an installed package may be read-only. A wheel carries the
built page in ``bot/activity/page/dist``; an editable install builds it there in the
checkout. ``bot/activity/page_build.py`` does the building, loaded from its file: nothing
of the package is installed yet."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from setuptools import Command, setup
from setuptools.command.build import build

HERE = Path(__file__).resolve().parent
PAGE_BUILD = HERE / "bot" / "activity" / "page_build.py"
INSIDE = Path("bot", "activity", "page", "dist")
"""Where the built page goes, within the package's folders."""


def page_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("page_build", PAGE_BUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPage(Command):
    """Builds the Activity's page: into the wheel's folders, or (editable) the checkout's."""

    description = "build the Activity's page (npm ci, then esbuild)"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False
        self.built: Path | None = None

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def run(self) -> None:
        into = HERE / INSIDE if self.editable_mode else Path(str(self.build_lib)) / INSIDE
        self.built = page_build().build(into)

    def get_outputs(self) -> list[str]:
        # An editable install reads the page from the checkout: nothing to install.
        if self.editable_mode or self.built is None:
            return []
        return [str(path) for path in sorted(self.built.rglob("*")) if path.is_file()]

    def get_output_mapping(self) -> dict[str, str]:
        return {}


build.sub_commands = [*build.sub_commands, ("build_page", None)]

setup(cmdclass={"build_page": BuildPage})
