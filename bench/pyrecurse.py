"""A CPU-bound Python workload for bench/profile.py's processing cost:
recursion to a depth that changes with every call (1 to 32 frames), so a
profile has many distinct stacks; runs until killed."""
import sys


def down(n):
    if n == 0:
        return 0
    return down(n - 1) + 1


def main(seconds):
    i = 0
    while True:
        down(1 + i % 32)
        i += 1


main(0)
