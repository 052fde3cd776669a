# The two quick-start commands, and a few more. `make help` lists them.
SWIFT ?= swift
# Where `make install` puts things: $(PREFIX)/bin, $(PREFIX)/share/man/man1 and the shells' completion
# folders under $(PREFIX)/share. DESTDIR is prepended for packaging.
PREFIX ?= $(HOME)/.local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: help deps deps-run run test test-sqlite-only build release bench reliability fuzz sanitize man docs install uninstall schema storyboards format lint

# Every build's output goes through a pipe, so that the compiler never sees a terminal: SwiftPM adds
# `-color-diagnostics` when it does, and a change of compiler flags rebuilds everything (a `make run` typed
# in a terminal after one run by CI or an editor took as long as the first build). pipefail keeps a
# failed build failing.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
NO_TTY := 2>&1 | cat
# `make install` strips the binary (about half its size: the symbol table and debug information).
STRIP ?= strip

# POSTGRESQL=no builds entries without its PostgreSQL client (the package trait `PostgreSQL` turned
# off): SQLite journals only, and none of postgres-nio, SwiftNIO and swift-nio-ssl's BoringSSL to compile
# (swift-crypto's BoringSSL stays: the cipher of encrypted journals)
# (docs/install.md has the times and sizes). Such a build lives in .build-lite, so that neither kind of
# build makes the other start again from nothing.
POSTGRESQL ?= yes
ifeq ($(POSTGRESQL),no)
BUILD_DIR := .build-lite
TRAIT_FLAGS := --disable-default-traits --scratch-path $(BUILD_DIR)
else
BUILD_DIR := .build
TRAIT_FLAGS :=
endif

help: ## Lists the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/'

deps: ## Installs missing system packages for building, running and testing (adds tmux, postgresql, zsh, fish) with apt-get.
	@scripts/install-deps.sh

deps-run: ## Installs missing system packages for building and running the app only (libsqlite3-dev, zlib1g-dev, libsodium-dev).
	@scripts/install-deps.sh --run

build: deps-run ## Builds everything (debug).
	$(SWIFT) build $(NO_TTY)

# Release builds link the Swift runtime and Foundation statically (a binary that runs without the
# toolchain's shared libraries), with the link and code-generation choices that make the first screen
# quick and the app small in memory: scripts/release-flags.sh prints them and says why each is there.
RELEASE_FLAGS := $(shell scripts/release-flags.sh)
# A run with nothing to rebuild skips SwiftPM, whose planning alone takes half a minute on two cores.
# RUN_STAMP has the time a successful build started: the app is rebuilt when a source, the package,
# the release flags or the symbol order changed since (a checkout gives the files it changes the
# current time, so switching branches rebuilds too; a file saved during a build is seen next time).
RUN_BINARY := $(BUILD_DIR)/release/entries
# The stamp sits in the build folder itself: SwiftPM's first build replaces a `release` folder made
# beforehand with its own link to the platform's folder, and a stamp inside would go with it.
RUN_STAMP := $(BUILD_DIR)/.entries-release-sources-time
RUN_INPUTS := Sources Package.swift scripts/release-flags.sh scripts/hot-functions.txt
run: deps-run ## Builds and opens the app on the default database (created with sample entries on first run; POSTGRESQL=no: without the PostgreSQL client).
	@if [ -x $(RUN_BINARY) ] && [ -f $(RUN_STAMP) ] && [ -z "$$(find $(RUN_INPUTS) -newer $(RUN_STAMP) -print -quit)" ]; then \
		echo "$(RUN_BINARY) is up to date"; \
	else \
		mkdir -p $(BUILD_DIR) && touch $(RUN_STAMP).new && \
		$(SWIFT) build $(RELEASE_FLAGS) $(TRAIT_FLAGS) --product entries $(NO_TTY) && \
		mv $(RUN_STAMP).new $(RUN_STAMP); \
	fi
	$(RUN_BINARY) $(ARGS)

test: deps ## Checks the code's format, runs every test, including the end-to-end tests under tmux and each fuzzing harness over its corpus, and builds the man page and the documentation site.
	SWIFT=$(SWIFT) scripts/format.sh --check
	$(SWIFT) build $(NO_TTY)
	$(SWIFT) test --disable-swift-testing $(NO_TTY)
	$(MAKE) test-sqlite-only
	scripts/fuzz.sh --corpus-only
	$(MAKE) man CONFIGURATION=debug
	$(MAKE) docs

# The build without the PostgreSQL client (POSTGRESQL=no), in its own folder: only the test product
# and what it needs are built (`swift build --build-tests` would build every target, PostgreSQLStore and
# its SwiftNIO too), then the tests of the stores and the config, and the command-line tests of what
# names or opens a journal, which include every way of naming a PostgreSQL journal
# (EntriesWithoutPostgreSQLTests runs only here). SQLITE_ONLY_TESTS=. runs them all.
SQLITE_ONLY_COMMANDS := WithoutPostgreSQL|JournalsCommand|ConfigCommand|DatabaseCommand|MoveCommand|EncryptionCommand|HelpText
SQLITE_ONLY_TESTS ?= ^(EntryStoreTests|AppFactoryTests)\.|^EntriesCommandTests\.(Entries($(SQLITE_ONLY_COMMANDS))|Documentation|StoreOpening)Tests/
test-sqlite-only: ## Builds without the PostgreSQL client (in .build-lite) and runs the store, config and command-line tests there.
	$(SWIFT) build --disable-default-traits --scratch-path .build-lite --product entriesPackageTests $(NO_TTY)
	$(SWIFT) test --disable-default-traits --scratch-path .build-lite --skip-build --disable-swift-testing \
		--filter '$(SQLITE_ONLY_TESTS)' $(NO_TTY)

# The libraries' reference documentation (DocC), one static site; checked in headless Chromium.
docs: ## Builds the libraries' documentation site in .build/docs/site and opens it in headless Chromium.
	SWIFT=$(SWIFT) scripts/build-docs.sh --check

# The SQLite schema the migrations make, recorded in the sources so that opening a journal need not
# run them first (Sources/SQLiteStore/Schema/RecordedSchema.swift says why); the tests fail until it is
# recorded again after a migration is added or changed.
format: ## Formats the Swift code with swift-format and the checked-in .swift-format (scripts/format.sh).
	SWIFT=$(SWIFT) scripts/format.sh

lint: ## Checks that the Swift code is formatted and follows .swift-format's rules (`make test` runs it first).
	SWIFT=$(SWIFT) scripts/format.sh --check

schema: ## Records the schema the SQLite migrations make (after adding or changing a migration).
	$(SWIFT) build --build-tests $(NO_TTY)
	ENTRIES_RECORD_SCHEMA="$(CURDIR)/Sources/SQLiteStore/Schema/RecordedSchemaData.swift" \
		$(SWIFT) test --disable-swift-testing --skip-build --filter EntryDatabaseRecordedSchemaTests/testTheRecordedSchemaIsWhatTheMigrationsMake

# Each context's storyboard file, compiled into the sources (`<Name>Controller+CompiledStoryboard.swift`)
# so that a start neither finds a file nor parses YAML (Sources/AppShell/Storyboard/Tools/StoryboardSwiftSource.swift);
# the tests fail until it is recorded again after a `.storyboard` file changes.
storyboards: ## Records the built-in storyboards in the sources (after editing a context's .storyboard file).
	$(SWIFT) build --build-tests $(NO_TTY)
	ENTRIES_RECORD_STORYBOARDS=1 \
		$(SWIFT) test --disable-swift-testing --skip-build --filter CompiledStoryboardTests

# The functions a start runs, for the release link's layout (scripts/release-flags.sh): record them
# again after large changes to the start (needs valgrind). A stale list still works; it helps less.
hot-functions: deps ## Records scripts/hot-functions.txt, the functions a start and a short session run.
	scripts/record-hot-functions.sh

# The man page comes from the command definitions, through swift-argument-parser's generate-manual
# (the tool behind its `generate-manual` plugin; building only the tool avoids the plugin's build of
# every product). It lands in .build/man/entries.1.
CONFIGURATION ?= release
STATIC = $(if $(filter release,$(CONFIGURATION)),$(shell scripts/release-flags.sh --static))
man: ## Generates the man page .build/man/entries.1 from the command definitions.
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC) $(TRAIT_FLAGS) --product entries $(NO_TTY)
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC) $(TRAIT_FLAGS) --product generate-manual $(NO_TTY)
	mkdir -p .build/man
	$(BUILD_DIR)/$(CONFIGURATION)/generate-manual $(BUILD_DIR)/$(CONFIGURATION)/entries --output-directory .build/man
	scripts/finish-man-page.sh $(BUILD_DIR)/$(CONFIGURATION)/entries .build/man/entries.1
	@for section in SYNOPSIS KEYS ENVIRONMENT FILES; do \
		grep -q "^.Sh $$section" .build/man/entries.1 || { echo "the man page has no $$section" >&2; exit 1; }; \
	done
	@# The man page documents every command the guide lists (docs/command-line.md), as --help does.
	@for command in $$(grep -oE '^    entries [a-z][a-z-]*|\| entries [a-z][a-z-]*' docs/command-line.md | awk '{print $$NF}' | sort -u); do \
		grep -qx ".It Em $$command" .build/man/entries.1 || { echo "the man page lacks the command $$command of docs/command-line.md" >&2; exit 1; }; \
	done
	@if command -v man > /dev/null && man --warnings -l .build/man/entries.1 2>&1 > /dev/null | grep .; then \
		echo "the man page has the mdoc warnings above" >&2; exit 1; fi

# CONFIGURATION=debug installs a debug build (quicker to try the target itself).
install: deps-run man ## Installs entries (stripped), its man page and bash/zsh/fish completions under PREFIX (default ~/.local; POSTGRESQL=no: without the PostgreSQL client).
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)"
	install -m 755 $(BUILD_DIR)/$(CONFIGURATION)/entries "$(BINDIR)/entries"
	$(STRIP) "$(BINDIR)/entries"
	install -m 644 .build/man/entries.1 "$(MANDIR)/entries.1"
	$(BUILD_DIR)/$(CONFIGURATION)/entries completions bash > "$(BASH_COMPLETIONS)/entries"
	$(BUILD_DIR)/$(CONFIGURATION)/entries completions zsh > "$(ZSH_COMPLETIONS)/_entries"
	$(BUILD_DIR)/$(CONFIGURATION)/entries completions fish > "$(FISH_COMPLETIONS)/entries.fish"
	@echo "Installed entries in $(BINDIR) (make sure it is on your PATH)."

uninstall: ## Removes what `make install` installed under PREFIX (your config and journal stay).
	rm -f "$(BINDIR)/entries" "$(MANDIR)/entries.1" "$(BASH_COMPLETIONS)/entries" \
		"$(ZSH_COMPLETIONS)/_entries" "$(FISH_COMPLETIONS)/entries.fish"

bench: deps ## Runs the benchmarks (release build).
	$(SWIFT) build $(RELEASE_FLAGS) --product entries-bench $(NO_TTY)
	.build/release/entries-bench $(ARGS)

# FUZZ_SECONDS per harness (default 30; FUZZ_RUNS=N also stops each after N executions; FUZZ_TIMEOUT, default 1 s); name harnesses to run only those: make fuzz ARGS="Storyboard ImportCSV".
fuzz: deps ## Fuzzes every parser of strangers' bytes with libFuzzer (scripts/fuzz.sh; findings in Fuzz/.build/findings).
	scripts/fuzz.sh $(ARGS)

# Not part of `make test` (each sanitizer is a build of its own); ARGS="thread" or ARGS="address" runs one.
sanitize: deps ## Runs the tests of threads under ThreadSanitizer and of the C code under AddressSanitizer (scripts/sanitize.sh; builds in .build-tsan, .build-asan).
	scripts/sanitize.sh $(ARGS)

reliability: deps ## Runs the reliability suite at full strength (faults, fuzzing, hostile text) and prints its table.
	@scripts/reliability.sh
