"""A labelled metric's children, each asked of prometheus_client once.

``labels()`` checks the values it is given, joins them into its key and takes the
metric's lock at every call; counted on the hot path (each request, each database
transaction, each move), the child is looked up in a dict of its own instead."""

from __future__ import annotations

from typing import Generic, TypeVar

from prometheus_client.metrics import MetricWrapperBase

Metric = TypeVar("Metric", bound=MetricWrapperBase)


class Children(Generic[Metric]):
    """``metric``'s children by their labels' values."""

    def __init__(self, metric: Metric) -> None:
        self._metric = metric
        self._children: dict[tuple[str, ...], Metric] = {}

    def __call__(self, *values: str) -> Metric:
        """The child of these labels' values (``metric.labels(*values)``)."""
        child = self._children.get(values)
        if child is None:
            child = self._children[values] = self._metric.labels(*values)
        return child
