# The two quick-start commands, and a few more. `make help` lists them.
SWIFT ?= swift

.PHONY: help deps run test build release bench reliability

help: ## Lists the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/'

deps: ## Installs missing system packages (libsqlite3-dev, tmux) with apt-get.
	@scripts/install-deps.sh

build: deps ## Builds everything (debug).
	$(SWIFT) build

# Release builds link the Swift runtime and Foundation statically: faster start, less memory (see
# scripts/bench-tui.sh), and a binary that runs without the toolchain's shared libraries.
run: deps ## Builds and opens the app on the default database (created with sample entries on first run).
	$(SWIFT) build -c release --static-swift-stdlib --product entries
	.build/release/entries $(ARGS)

test: deps ## Runs every test, including the end-to-end tests under tmux.
	$(SWIFT) build
	$(SWIFT) test --disable-swift-testing

bench: deps ## Runs the benchmarks (release build).
	$(SWIFT) run -c release --static-swift-stdlib entries-bench $(ARGS)

reliability: deps ## Runs the reliability suite at full strength (faults, fuzzing, hostile text) and prints its table.
	@scripts/reliability.sh
