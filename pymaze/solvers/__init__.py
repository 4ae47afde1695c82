"""Maze solvers, one module each; every module registers itself with ``@solver``."""
