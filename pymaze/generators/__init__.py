"""Maze generators, one module each; every module registers itself with ``@generator``."""
