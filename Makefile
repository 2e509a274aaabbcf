# make run   — install missing Debian packages, build in release, serve the showcase (ARGS="--port 0" to pass options)
# make test  — same set-up, then the whole test suite
.PHONY: run test deps build

deps:
	@./scripts/install-deps.sh

build: deps
	swift build -c release --product showcase

run: build
	"$$(swift build -c release --show-bin-path)/showcase" $(ARGS)

test: deps
	swift test
