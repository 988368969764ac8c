"""Readers for `make profile`: callgrind output files and jemalloc heap profiles."""
