# make run   — install missing Debian packages, build in release, serve the showcase (ARGS="--port 0" to pass options)
# make test  — same set-up, then the whole test suite
# make benchmarks — same set-up, then OpenSwiftData against raw SQLite, in release (ARGS="--sizes 1000 --filter fetch")
# make reliability — same set-up, then the fault-injection suite at full counts (ARGS="--seed 7 --only kill-save,http")
# make case-insensitive-compare — PostgreSQL's caseInsensitiveCompare against Foundation's on 912,000 string pairs
# make docs  — the DocC sites of OpenSwiftData and OpenCoreData in .build/docs (served by the showcase at /docs)
# make format — swift format in place (.swift-format); make lint checks it, and is the first step of make test
.PHONY: run test deps build benchmarks browser-test reliability reliability-build docs format lint examples \
	case-insensitive-compare

# The files swift format formats and checks.
FORMATTED = Sources Tests Examples/Sources Examples/Package.swift Package.swift

deps:
	@./scripts/install-deps.sh

benchmarks: deps
	swift run -c release benchmarks $(ARGS)

build: deps
	swift build -c release --product showcase

run: build
	@# Not echoed: ARGS may hold a database URL with a password, or a Kakao key.
	@"$$(swift build -c release --show-bin-path)/showcase" $(ARGS)

# One test at a time: several suites run servers and blocking sockets, and on a 2-core machine parallel suites
# can starve Swift's cooperative thread pool (timeouts, not bugs). From a fresh clone, swift test first does a debug
# build (several minutes on 2 cores); after it, a full run takes about 7½ minutes (see the README).
#
# The debug build is its own step so that its log can be checked for warnings in the project's own files (none
# is allowed; scripts/build-checked.sh), then swift test runs on it without building again.
#
# The SQLite suites run without PostgreSQL; then scripts/postgres-tests.sh starts a throwaway PostgreSQL server (on
# a free local port, in a temporary folder; installed from Debian when missing), runs the PostgreSQL suites against
# it (OSD_POSTGRES_URL) and stops it, also on failure.
test: deps lint
	./scripts/build-checked.sh swift build --build-tests
	swift test --no-parallel --skip-build --skip PostgreSQL
	./scripts/postgres-tests.sh --skip-build
	$(MAKE) examples
	$(MAKE) reliability-build
	"$$(swift build --show-bin-path)/reliability-probe"
	./scripts/build-docs.sh
	./scripts/browser-tests.sh

# The fault-injection suite (Sources/ReliabilityProbe, results in RELIABILITY.md): kill -9 during saves, concurrent
# writers, damaged files, a full disk, the showcase's server under raw-socket abuse. `make test` runs its short
# version (seeded, about 20 s); this runs the full counts (about 2 minutes). Debug builds: what is probed is
# behaviour, not speed.
reliability: deps
	$(MAKE) reliability-build
	"$$(swift build --show-bin-path)/reliability-probe" --full $(ARGS)

# The differential behind the PostgreSQL store's osd_case_insensitive_compare (CoreFoundation's comparison in
# PL/pgSQL): Foundation's answers on seeded string pairs against the function's, on a throwaway server (about half a
# minute). The test suites keep a short version (CaseInsensitiveCompareTests, and the predicate fuzzers).
case-insensitive-compare: deps
	./scripts/case-insensitive-compare.sh $(ARGS)

reliability-build:
	swift build --product showcase
	swift build --product reliability-probe

# The browser suite alone (headless Chromium through Selenium; installs them when missing). ARGS go to pytest.
browser-test: deps
	./scripts/browser-tests.sh $(ARGS)

# The example package (Examples/, a package of its own that depends on this one by path, as a user's would):
# build it and run each example, which exits non-zero on a wrong value. It builds into this package's .build, so the
# library's modules already built for the tests are reused, not built a second time. The articles show these files:
# the check fails when an article's copy differs (scripts/check-doc-examples.py; --update copies them in).
examples: deps
	python3 scripts/check-doc-examples.py
	./scripts/build-checked.sh swift build --package-path Examples --scratch-path .build
	"$$(swift build --package-path Examples --scratch-path .build --show-bin-path)/SwiftDataExample"
	"$$(swift build --package-path Examples --scratch-path .build --show-bin-path)/CoreDataExample"
	"$$(swift build --package-path Examples --scratch-path .build --show-bin-path)/GuideExamples"

# DocC: symbol graphs of the debug build, then docc convert of each catalog; docc's warnings and undocumented
# public symbols are errors (scripts/build-docs.sh).
docs: deps
	./scripts/build-docs.sh

# Formats the Swift files in place with the toolchain's swift format and the repository's .swift-format. Twice:
# swift format 6.3's first pass leaves a few lines (a wrapped closing bracket) that its second pass changes.
format:
	swift format format --in-place --parallel --recursive $(FORMATTED)
	swift format format --in-place --parallel --recursive $(FORMATTED)

# Fails on any file that make format would change.
lint:
	swift format lint --strict --parallel --recursive $(FORMATTED)
