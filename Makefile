# make run   — install missing Debian packages, build in release, serve the showcase (ARGS="--port 0" to pass options)
# make test  — same set-up, then the whole test suite
# make benchmarks — same set-up, then OpenSwiftData against raw SQLite, in release (ARGS="--sizes 1000 --filter fetch")
# make reliability — same set-up, then the fault-injection suite at full counts (ARGS="--seed 7 --only kill-save,http")
.PHONY: run test deps build benchmarks browser-test reliability reliability-build

deps:
	@./scripts/install-deps.sh

benchmarks: deps
	swift run -c release benchmarks $(ARGS)

build: deps
	swift build -c release --product showcase

run: build
	"$$(swift build -c release --show-bin-path)/showcase" $(ARGS)

# One test at a time: several suites run servers and blocking sockets, and on a 2-core machine parallel suites
# can starve Swift's cooperative thread pool (timeouts, not bugs). A full run takes about 15 s after the build.
test: deps
	swift test --no-parallel
	$(MAKE) reliability-build
	"$$(swift build --show-bin-path)/reliability-probe"
	./scripts/browser-tests.sh

# The fault-injection suite (Sources/ReliabilityProbe, results in RELIABILITY.md): kill -9 during saves, concurrent
# writers, damaged files, a full disk, the showcase's server under raw-socket abuse. `make test` runs its short
# version (seeded, about 20 s); this runs the full counts (about 2 minutes). Debug builds: what is probed is
# behaviour, not speed.
reliability: deps
	$(MAKE) reliability-build
	"$$(swift build --show-bin-path)/reliability-probe" --full $(ARGS)

reliability-build:
	swift build --product showcase
	swift build --product reliability-probe

# The browser suite alone (headless Chromium through Selenium; installs them when missing). ARGS go to pytest.
browser-test: deps
	./scripts/browser-tests.sh $(ARGS)
