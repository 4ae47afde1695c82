"""The packed endings, now in ``_base`` (kept importable from here while every search moves)."""

from ._base import EXPAND, KINDS, SEEN, nothing, route  # noqa: F401
