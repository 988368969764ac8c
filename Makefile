.PHONY: test

test:
	swift test

# The benchmark report: results/report/index.html and the charts as .svg files,
# from results/bench.json (runs `make bench` first when there is none).
BENCH_JSON ?= results/bench.json
.PHONY: report report-check
report:
	@test -f $(BENCH_JSON) || $(MAKE) bench
	python3 Scripts/report.py --input $(BENCH_JSON) --output results/report

# Renders the page in headless Chromium and checks the charts are drawn (not CI).
report-check: report
	sh Scripts/report-check.sh results/report

# CPU (callgrind) and heap (jemalloc) profiles of one workload profile, with a
# summary: make profile PROFILE=w3-leaf-update [VARIANT=fast|reference|vanilla] [OPS=N]
# [CASE=W1c: another case of the profile]. Writes results/profiles/PROFILE/
# (PROFILE-CASE-VARIANT/ when CASE or another variant is given).
.PHONY: profile
profile:
	CASE="$(CASE)" sh Scripts/profile.sh "$(PROFILE)" $(or $(VARIANT),fast) $(OPS)
