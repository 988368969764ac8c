# make test         the tests (what CI runs): swift test, then bench-smoke
# make bench        the benchmark comparison (README's main job): table + results/bench.json
# make bench-smoke  every benchmark runs briefly and checks its result
# make bench-check  fails when the fast runtime's allocations per op regress
#                   against Benchmarks/Baselines/allocations.json
# make bench-baseline  rewrites that baseline from a fresh measurement

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
BENCH := Benchmarks
BIN := $(BENCH)/.build/release
RESULTS := $(CURDIR)/results
BASELINE := $(BENCH)/Baselines/allocations.json
ORDO := $(BENCH)/run-ordo.sh

.PHONY: test bench bench-smoke bench-check bench-baseline bench-build jemalloc

test:
	swift test
	$(MAKE) bench-smoke

# jemalloc is linked into every benchmark executable (a fresh machine lacks it).
jemalloc:
	@dpkg -s libjemalloc-dev >/dev/null 2>&1 || ($(SUDO) apt-get update && $(SUDO) apt-get install -y libjemalloc-dev)

bench-build: jemalloc
	cd $(BENCH) && swift build -c release

# ordo-one measures time and malloc counts per op (its log: results/ordo.log);
# bench-table adds jemalloc's figures, the targets, and prints the table.
bench: bench-build
	@echo "running the ordo-one suite (log: results/ordo.log) ..."
	@$(ORDO) $(RESULTS)/ordo $(RESULTS)/ordo.log
	@echo "running the jemalloc loops and W6 probes ..."
	@$(BIN)/BenchTable --ordo $(RESULTS)/ordo --ordo-log $(RESULTS)/ordo.log --out $(RESULTS)/bench.json | tee $(RESULTS)/bench-table.md

# Prints "bench-smoke: N passed, M failed" (counted by .ci/run): one test per
# workload case and variant (its result checked in ordo-one's run and in
# bench-table's loop, and present in ordo-one's results).
bench-smoke: bench-build
	@mkdir -p $(RESULTS)
	@BENCH_SMOKE=1 $(ORDO) $(RESULTS)/smoke $(RESULTS)/smoke-ordo.log || (echo "bench-smoke: 0 passed, 1 failed"; exit 1)
	@$(BIN)/BenchTable --smoke --ordo $(RESULTS)/smoke --ordo-log $(RESULTS)/smoke-ordo.log --out $(RESULTS)/bench-smoke.json

bench-check: bench-build
	$(BIN)/BenchTable --smoke --budget 0.05 --check-baseline $(BASELINE) --out $(RESULTS)/bench-check.json

bench-baseline: bench-build
	$(BIN)/BenchTable --budget 0.1 --write-baseline $(BASELINE) --out $(RESULTS)/bench-baseline.json
