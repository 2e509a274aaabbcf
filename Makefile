# make run   — install missing Debian packages, build in release, serve the showcase (ARGS="--port 0" to pass options)
# make test  — same set-up, then the whole test suite
# make benchmarks — same set-up, then OpenSwiftData against raw SQLite, in release (ARGS="--sizes 1000 --filter fetch")
.PHONY: run test deps build benchmarks browser-test

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
	./scripts/browser-tests.sh

# The browser suite alone (headless Chromium through Selenium; installs them when missing). ARGS go to pytest.
browser-test: deps
	./scripts/browser-tests.sh $(ARGS)
