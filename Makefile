# make test            the tests (what CI runs): the core's size budget (size),
#                      swift test with exclusivity checked everywhere (test-checked), the isolation check,
#                      the documentation built and checked (docs, docs-check),
#                      bench-smoke, a short soak, then swift test under
#                      AddressSanitizer (checked too)
# make isolation-check  Swift 6 code that sends off the main actor does not
#                      compile, ordinary Swift 6 app code does, and Swift 5
#                      code that sends anywhere still does (fixtures in
#                      Scripts/fixtures/isolation, not part of any target)
# make docs            the DocC site of every product into results/docs; fails
#                      on any documentation warning or undocumented public symbol
# make docs-check      opens the built site in headless Chromium: the landing
#                      page and an article of every module must render
#                      (screenshot: results/docs-landing.png)
# make test-checked    swift test on a copy of the package without
#                      @exclusivity(unchecked) (build in .build-checked), so
#                      that an overlapping access traps (FILTER=regex)
# make sanitize        swift test under AddressSanitizer, then ThreadSanitizer;
#                      fails on any test failure or sanitizer report
# make sanitize-address  swift test under AddressSanitizer and LeakSanitizer
#                      (build in .build-asan; Scripts/lsan-suppressions.txt)
# make sanitize-thread   swift test under ThreadSanitizer (build in .build-tsan)
#                      (FILTER=regex: only the matching tests, for the three)
# make bench           the benchmark comparison (README's main job): table + results/bench.json
# make bench-smoke     every benchmark runs briefly and checks its result
# make bench-check     fails when the fast runtime's allocations per op regress
#                      against Benchmarks/Baselines/allocations.json, or its
#                      instructions per op (callgrind) by more than 2% against
#                      Benchmarks/Baselines/instructions.json (CASES=regex)
# make bench-baseline  rewrites the allocation baseline from a fresh measurement
# make bench-instructions  callgrind instructions per op of every case, fast,
#                      reference and vanilla, and traced (the fast host
#                      recording a render trace) on W3, W5-swap and
#                      W8-squarish-propsChangeAll, with its ratio to fast:
#                      table + results/instructions.json
#                      (CASES=regex, VARIANTS=fast,reference,vanilla,traced)
# make bench-instructions-baseline  rewrites the instruction baseline (fast
#                      only; with CASES=, only those cases' figures)
# make soak            a 1,000,000-row list cleared gives its memory back, then
#                      1,000,000 random events on a churning 10,000-row tree:
#                      memory flat, hosts agree, no lifetime left (SOAK_EVENTS=)
# make fuzz            differential fuzzing on fresh seeds (FUZZ_SECONDS=600, PROFILE=)
# make report          the HTML report and charts from results/bench.json, and
#                      the headline table of README.md (headline-figures)
# make headline-figures  rewrites the headline table of README.md and of the
#                      DocC benchmarks article from results/instructions.json
#                      and results/bench.json
# make report-check    renders the report in headless Chromium, checks the charts
# make profile         callgrind and jemalloc profiles of one workload (PROFILE=...)
# make trace           a render trace of one workload profile (PROFILE=, [CASE=], [OPS=3]):
#                      results/traces/PROFILE.json (Perfetto, chrome://tracing) and .txt
# make trace-probe     a render trace's peak memory on a 100,000-node list over
#                      2,000 passes, a 9,000-deep chain, the depth where the
#                      stack guard stops a traced and an untraced host and
#                      the reference, and a streamed export (release;
#                      Benchmarks' TraceProbe)
# make size            lines and public declarations per module; fails when
#                      the core (Sources/Workflow) is past its budget of
#                      7,000 lines and 150 public declarations (in make test)
# make example         the inbox example's scripted session, in release
#                      (ARGS=--reference compares it with the reference runtime)

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
BENCH := Benchmarks
BIN := $(BENCH)/.build/release
RESULTS := $(CURDIR)/results
BASELINE := $(BENCH)/Baselines/allocations.json
INSTRUCTIONS_BASELINE := $(BENCH)/Baselines/instructions.json
# valgrind installed if missing, then the callgrind measurements.
INSTRUCTIONS := . Scripts/lib/ensure-packages.sh && ensure_command valgrind valgrind && \
	python3 Scripts/bench_instructions.py $(if $(CASES),--cases '$(CASES)')
ORDO := $(BENCH)/run-ordo.sh

.PHONY: test test-checked isolation-check bench bench-smoke bench-check bench-baseline bench-build jemalloc \
	bench-instructions bench-instructions-baseline soak sanitize sanitize-address \
	sanitize-thread fuzz report report-check profile trace trace-probe example docs docs-check size \
	headline-figures help

# The header above.
help:
	@sed -n '/^# make/,/^$$/p' Makefile | sed -e 's/^# \{0,1\}//'

test:
	$(MAKE) size
	$(MAKE) test-checked
	$(MAKE) isolation-check
	$(MAKE) docs DOCS_PACKAGE=$(CHECKED_TREE)
	$(MAKE) docs-check
	$(MAKE) bench-smoke
	$(MAKE) soak SOAK_EVENTS=200000 SOAK_CHECKPOINT=50000
	$(MAKE) sanitize-address

# The release builds keep @exclusivity(unchecked) (a check per access on every
# render path); the tests run on a copy without it, so that a deinit or a
# callback that re-enters the runtime during an access traps instead of
# corrupting memory (Scripts/exclusivity-checked-tree.sh).
CHECKED_TREE := .build-checked/tree
test-checked:
	Scripts/exclusivity-checked-tree.sh $(CHECKED_TREE)
	cd $(CHECKED_TREE) && swift test $(if $(FILTER),--filter '$(FILTER)')

# The API's main-actor isolation as the compiler sees it (rule R22): fixtures
# type-checked against the debug build's Workflow module in Swift 6 and
# Swift 5 mode (Scripts/isolation-check.sh).
isolation-check:
	Scripts/isolation-check.sh

# jemalloc is linked into every benchmark executable (a fresh machine lacks it).
jemalloc:
	@dpkg -s libjemalloc-dev >/dev/null 2>&1 || ($(SUDO) apt-get update && $(SUDO) apt-get install -y libjemalloc-dev)

# Built a second time if the first build fails: SwiftPM itself has been seen
# to crash (a signal in libdispatch while it ran the benchmark package's
# build plugin) on a fresh machine; a real build error fails both.
bench-build: jemalloc
	cd $(BENCH) && (swift build -c release || swift build -c release)

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

# Both gates run even when the first fails, so that one run reports both.
bench-check: bench-build
	@status=0; \
	$(BIN)/BenchTable --smoke --budget 0.05 --check-baseline $(BASELINE) --out $(RESULTS)/bench-check.json || status=1; \
	$(INSTRUCTIONS) --variants fast --out $(RESULTS)/instructions-check.json --check-baseline $(INSTRUCTIONS_BASELINE) || status=1; \
	exit $$status

bench-baseline: bench-build
	$(BIN)/BenchTable --budget 0.1 --write-baseline $(BASELINE) --out $(RESULTS)/bench-baseline.json

# Callgrind's instructions per op (Scripts/bench_instructions.py): the
# figure of record, since wall-clock time moves by ~20% on shared machines.
bench-instructions: bench-build
	@$(INSTRUCTIONS) $(if $(VARIANTS),--variants $(VARIANTS))

bench-instructions-baseline: bench-build
	@$(INSTRUCTIONS) --variants fast --out $(RESULTS)/instructions-baseline.json --write-baseline $(INSTRUCTIONS_BASELINE)

# The soak (Benchmarks/Sources/Soak): prints jemalloc's allocated bytes around
# the cleared list (both hosts, about 4 s) and at every checkpoint, and ends
# with "soak: passed" or "soak: FAILED: why" (counted by .ci/run).
SOAK_EVENTS ?= 1000000
SOAK_CHECKPOINT ?= 100000
soak: bench-build
	$(BIN)/Soak --events $(SOAK_EVENTS) --checkpoint $(SOAK_CHECKPOINT)

# The test suite under a sanitizer, each in its own build directory so the
# debug build in .build is kept (Scripts/sanitize.sh). Each ends with
# "sanitize-NAME: passed" or "sanitize-NAME: FAILED: why" (.ci/run counts the
# AddressSanitizer one). A report fails the target.
sanitize: sanitize-address sanitize-thread

sanitize-address:
	Scripts/sanitize.sh address $(if $(FILTER),--filter '$(FILTER)')

sanitize-thread:
	Scripts/sanitize.sh thread $(if $(FILTER),--filter '$(FILTER)')

# Differential fuzzing on fresh seeds: `make fuzz` (600 s), `make fuzz
# FUZZ_SECONDS=120`, `make fuzz PROFILE=fuzz-keyed-churn`. Prints the case rate
# and the divergences found; fails if there was one. Release build: cases
# per second are the point (the fault switches are debug-only).
FUZZ_SECONDS ?= 600
fuzz:
	swift build -c release --product workflow-fuzz
	.build/release/workflow-fuzz --seconds $(FUZZ_SECONDS) $(if $(PROFILE),--profile $(PROFILE))

# The benchmark report: results/report/index.html and the charts as .svg files,
# from results/bench.json; without one it stops and says to run `make bench`.
BENCH_JSON ?= results/bench.json
report:
	@test -f $(BENCH_JSON) || { echo "report: no $(BENCH_JSON); run \`make bench\` first (about 6 min)" >&2; exit 1; }
	python3 Scripts/report.py --input $(BENCH_JSON) --output results/report
	$(MAKE) headline-figures

# The table of headline figures in README.md and the DocC benchmarks article,
# generated from the latest results (Scripts/headline_figures.py): run
# `make bench-instructions` and `make bench` first, then commit the files.
HEADLINE_FILES := README.md Sources/Workflow/Workflow.docc/Benchmarks.md
headline-figures:
	python3 Scripts/headline_figures.py --instructions results/instructions.json --bench $(BENCH_JSON) $(HEADLINE_FILES)

# Renders the page in headless Chromium and checks the charts are drawn (not CI).
report-check: report
	sh Scripts/report-check.sh results/report

# CPU (callgrind) and heap (jemalloc) profiles of one workload profile, with a
# summary: make profile PROFILE=w3-leaf-update [VARIANT=fast|reference|vanilla] [OPS=N]
# [CASE=W1c: another case of the profile]. Writes results/profiles/PROFILE/
# (PROFILE-CASE-VARIANT/ when CASE or another variant is given).
profile:
	CASE="$(CASE)" sh Scripts/profile.sh "$(PROFILE)" $(or $(VARIANT),fast) $(OPS)

# A render trace (rule D1) of one workload profile on the fast runtime: every
# case of the profile (CASE=W8-bushy-propsChangeAll: one), its tree built and
# OPS operations run (default 3), into results/traces/PROFILE.json (Chrome
# trace-event JSON: open it in https://ui.perfetto.dev or chrome://tracing),
# PROFILE.pftrace (Perfetto's protobuf, the same events) and its summary,
# results/traces/PROFILE.txt; then the JSON is checked, and the .pftrace
# decoded with protoc against it (skipped, and said so, without protoc).
# RUNNER=path/to/WorkloadRunner skips the build.
trace:
	@test -n "$(PROFILE)" -a -f "Profiles/$(PROFILE).json" || { echo "trace: PROFILE=<name> of Profiles/*.json, e.g. make trace PROFILE=w8-kotlin-shapes" >&2; exit 2; }
	$(if $(RUNNER),,swift build -c release --package-path $(BENCH) --product WorkloadRunner)
	@mkdir -p $(RESULTS)/traces
	$(or $(RUNNER),$(BIN)/WorkloadRunner) $(PROFILE) $(if $(CASE),--case $(CASE)) --ops $(or $(OPS),3) \
		--trace $(RESULTS)/traces/$(PROFILE)$(if $(CASE),-$(CASE)).json
	python3 Scripts/trace_check.py $(RESULTS)/traces/$(PROFILE)$(if $(CASE),-$(CASE)).json
	python3 Scripts/perfetto_check.py $(RESULTS)/traces/$(PROFILE)$(if $(CASE),-$(CASE)).pftrace \
		$(RESULTS)/traces/$(PROFILE)$(if $(CASE),-$(CASE)).json

# One line per figure; the stack probes end in the stack guard's fatal error,
# whose message gives the depth.
PROBE := $(BIN)/TraceProbe
trace-probe:
	swift build -c release --package-path $(BENCH) --product TraceProbe
	$(PROBE) memory --nodes 100000 --passes 2000 --untraced
	$(PROBE) memory --nodes 100000 --passes 2000
	$(PROBE) memory --nodes 100000 --passes 200 --all-render
	$(PROBE) chain --depth 9000 --untraced
	$(PROBE) chain --depth 9000
	@for traced in --untraced ""; do \
		echo "stack$${traced:- --traced}: $$($(PROBE) stack --depth 40000 $$traced 2>&1 | grep -o 'would render at depth [0-9]*\|no stop.*')"; \
	done
	@echo "stack --untraced --reference: $$($(PROBE) stack --depth 40000 --untraced --reference 2>&1 | grep -o 'would render at depth [0-9]*\|no stop.*')"
	@mkdir -p $(RESULTS)/traces
	$(PROBE) export --nodes 20000 --passes 300 --file $(RESULTS)/traces/trace-probe-export.json

# The core's size budget (Scripts/size_report.py).
size:
	python3 Scripts/size_report.py --check

# The inbox example (Examples/README.md): a scripted session on a 5,000-row
# tree, with the time and the workflows rendered at each step.
example:
	swift build -c release --product inbox-example
	.build/release/inbox-example $(ARGS)

# The documentation (Scripts/docs.sh): every product's DocC catalogue
# (Sources/NAME/NAME.docc) with its symbol graphs, built by the toolchain's
# docc into one static site, results/docs; warnings are errors, and every
# public symbol must have a doc comment (Scripts/docs_coverage.py). Ends with
# "docs: passed" or "docs: FAILED: why" (.ci/run counts it).
# DOCS_PACKAGE=dir takes the symbol graphs from that copy of the package's
# build instead of building .build (make test: the checked copy its tests
# just built).
docs:
	Scripts/docs.sh results/docs $(or $(DOCS_PACKAGE),.)

# The built site in headless Chromium (Debian's package, installed if
# missing): the landing page and an article of every module must render;
# a screenshot of the landing page in results/docs-landing.png. Ends with
# "docs-check: passed" or "docs-check: FAILED: why" (.ci/run counts it).
docs-check:
	@test -f results/docs/index.html || $(MAKE) docs
	@. Scripts/lib/ensure-packages.sh && ensure_command chromium chromium fonts-dejavu-core
	python3 Scripts/docs_check.py results/docs results/docs-landing.png
