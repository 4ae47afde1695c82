"""One thing done a million times in a loop, for each of the operations the engine's loops are made
of: what an interpreter costs per operation, to set Pyodide against CPython (docs/BENCHMARKS.md).

    python bench/micro.py                 # this Python
    node bench/micro_pyodide.mjs          # the same file in npm's Pyodide (after python build.py build)

Prints a line per loop: its name and the best of 5 runs in milliseconds.
"""

import random
import sys
import time
from array import array
from collections import deque

N = 1_000_000
L, B, A = list(range(N)), bytearray(N), array("i", bytes(4 * N))
D = {i: i for i in range(1000)}


def empty():
    for i in range(N):
        pass


def list_get():
    for i in range(N):
        L[i]


def bytearray_get():
    for i in range(N):
        B[i]


def bytearray_set():
    for i in range(N):
        B[i] = 1


def array_get():
    for i in range(N):
        A[i]


def array_set():
    for i in range(N):
        A[i] = i


def deque_append_popleft():
    q = deque()
    for i in range(N):
        q.append(i)
    while q:
        q.popleft()


def list_append_pop():
    s = []
    for i in range(N):
        s.append(i)
    while s:
        s.pop()


def dict_get():
    for i in range(N):
        D.get(i & 1023)


def random_random():
    r = random.Random(1).random
    for i in range(N):
        r()


def call():
    def f(x):
        return x
    for i in range(N):
        f(i)


def arithmetic():
    s = 0
    for i in range(N):
        s = (s + i * 3) & 0xFFFF


def best(f, n=5):
    f()
    out = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return min(out)


if __name__ == "__main__":
    print(sys.version.split()[0])
    for f in (empty, list_get, bytearray_get, bytearray_set, array_get, array_set, deque_append_popleft,
              list_append_pop, dict_get, random_random, call, arithmetic):
        print(f"{f.__name__} {best(f) * 1000:.1f} ms")
