.PHONY: test fuzz

test:
	swift test

# Differential fuzzing on fresh seeds: `make fuzz` (600 s), `make fuzz
# SECONDS=120`, `make fuzz PROFILE=fuzz-keyed-churn`. Prints the case rate
# and the divergences found; fails if there was one. Release build: cases
# per second are the point (the fault switches are debug-only).
SECONDS ?= 600
fuzz:
	swift build -c release --product workflow-fuzz
	.build/release/workflow-fuzz --seconds $(SECONDS) $(if $(PROFILE),--profile $(PROFILE))
