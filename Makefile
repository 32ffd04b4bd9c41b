# nimlab — make run opens the window, make test runs every test.
# Both install what is missing first (Debian packages when root, Go modules).

SHELL      := /bin/bash
GO         ?= go
TAGS       := migrated_fynedo
BIN        := bin/nimlab
export CGO_ENABLED := 1

# Debian packages Fyne needs to build (cgo, OpenGL, X11); Xvfb, ImageMagick
# (import) and xdotool for the headless smoke test; GNU parallel for the
# census's sharded-run test and recipe, and the sqlite3 shell to open census
# databases (docs/CENSUS.md); mingw-w64 to build the Windows window and
# wine to run the Windows build and its tests (make test-platforms).
APT_PACKAGES := gcc libgl1-mesa-dev xorg-dev xvfb imagemagick xdotool parallel sqlite3 gcc-mingw-w64-x86-64 wine wine64
# Header or binary each package provides, to test whether it is installed.
APT_PROBES   := /usr/bin/gcc /usr/include/GL/gl.h /usr/include/X11/extensions/Xrandr.h /usr/bin/Xvfb /usr/bin/import /usr/bin/xdotool /usr/bin/parallel /usr/bin/sqlite3 /usr/bin/x86_64-w64-mingw32-gcc /usr/bin/wine /usr/lib/wine/wine64

.PHONY: all deps build run test test-go test-smoke test-long bench lint package fuzz clean

all: build

deps:
	@missing=0; for f in $(APT_PROBES); do [ -e "$$f" ] || missing=1; done; \
	if [ $$missing = 1 ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "deps: installing $(APT_PACKAGES)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	  else \
	    echo "deps: missing system packages; run: sudo apt-get install -y $(APT_PACKAGES)"; exit 1; \
	  fi; \
	fi
	@$(GO) mod download

build: deps
	$(GO) build -tags $(TAGS) -o $(BIN) ./cmd/nimlab

# The headless build: the whole CLI without Fyne, cgo or a display (for
# servers, clusters and the census recipes of resources/slurm). Run without
# a subcommand it says it has no window (exit 2).
HEADLESS := bin/nimlab-headless
headless: deps
	CGO_ENABLED=0 $(GO) build -tags $(TAGS) -o $(HEADLESS) ./cmd/nimlab

# The window opens on the Octal explorer with Dawson's Kayles (0.07) computed.
run: build
	./$(BIN)

# gofmt and go vet, every Go test (solver, plotting, CLI, GUI through fyne's
# test driver), the real binary under Xvfb, then the other platforms.
test: deps lint test-go test-smoke test-platforms

# -timeout 30m: a package's tests may take several minutes on a loaded
# 2-core machine; Go's default of 10 minutes per package would stop them.
test-go:
	$(GO) test -tags $(TAGS) -count=1 -timeout 30m ./...

test-smoke: build
	./cmd/nimlab/testdata/smoke-test.sh $(BIN)

# Other systems: the solver and the headless CLI cross-compile for each of
# CROSS_TARGETS without cgo; the Windows window cross-compiles with
# mingw-w64; the Windows headless build runs a CLI check under wine against
# the Linux build (cmd/nimlab/testdata/wine-check.sh) and the solver
# packages' tests run under wine (-exec wine; the build tag wine and
# -checklinkname=0 let t.TempDir clean up under wine 8: see
# solver/internal/winetest). The wine prefix, with the shim DLL that
# Debian's wine lacks built from resources/wine, is made in bin/ once.
CROSS_TARGETS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
WINDIR        := bin/windows-amd64
WINE_PREFIX   := bin/wine-prefix
MINGW_CC      := x86_64-w64-mingw32-gcc

test-platforms: test-cross test-windows-gui test-wine

test-cross: deps
	@set -e; for t in $(CROSS_TARGETS); do \
	  echo "cross: GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 go build ./solver/... ./cmd/nimlab"; \
	  GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) build -tags $(TAGS) ./solver/... ./cmd/nimlab; \
	done
	@deps=$$(CGO_ENABLED=0 $(GO) list -tags $(TAGS) -deps ./cmd/nimlab | grep -E 'fyne|go-gl|nimlab/gui$$' || true); \
	  if [ -n "$$deps" ]; then echo "the headless build links the window: $$deps"; exit 1; fi

test-windows-gui: deps
	CC=$(MINGW_CC) CGO_ENABLED=1 GOOS=windows GOARCH=amd64 $(GO) build -tags $(TAGS) -o $(WINDIR)/nimlab.exe ./cmd/nimlab

test-wine: headless
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -tags $(TAGS) -o $(WINDIR)/nimlab-headless.exe ./cmd/nimlab
	resources/wine/prefix.sh $(WINE_PREFIX)
	cmd/nimlab/testdata/wine-check.sh $(WINDIR)/nimlab-headless.exe $(HEADLESS) $(WINE_PREFIX)
	WINEPREFIX=$(CURDIR)/$(WINE_PREFIX) WINEDEBUG=-all GOOS=windows GOARCH=amd64 CGO_ENABLED=0 \
	  $(GO) test -tags $(TAGS),wine -ldflags=-checklinkname=0 -count=1 -timeout 30m -exec wine ./solver/...

bench: deps
	$(GO) test -tags $(TAGS) -run '^$$' -bench . ./... | tee bench.out

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags $(TAGS) ./...

# A desktop package made by the fyne tool (pinned here, installed into
# bin/tools on first use): dist/nimlab.tar.xz holds the binary, the icon and
# a .desktop entry (Comment, Categories from FyneApp.toml); unpack it and run
# `sudo make install` inside to install it for every user. The tool reads
# FyneApp.toml beside package main (cmd/nimlab/FyneApp.toml links to ours).
FYNE_TOOL := fyne.io/tools/cmd/fyne@v1.7.4
package: deps
	@[ -x bin/tools/fyne ] || GOBIN=$(CURDIR)/bin/tools $(GO) install $(FYNE_TOOL)
	mkdir -p dist
	@# The tool rewrites FyneApp.toml (build number, comments): keep ours.
	cp FyneApp.toml dist/FyneApp.toml.orig
	cd cmd/nimlab && ../../bin/tools/fyne package --os linux --release --tags $(TAGS); \
	  status=$$?; cp ../../dist/FyneApp.toml.orig ../../FyneApp.toml; rm -f fyne_metadata_init.go; exit $$status
	mv cmd/nimlab/nimlab.tar.xz dist/nimlab-$$($(GO) env GOOS)-$$($(GO) env GOARCH).tar.xz
	@echo "package: dist/nimlab-$$($(GO) env GOOS)-$$($(GO) env GOARCH).tar.xz"

# The long tests as well (minutes to an hour each; NIMLAB_LONG=1 switches
# them on): long runs against published values and other solvers' hashes.
test-long: deps
	NIMLAB_LONG=1 $(GO) test -tags $(TAGS) -count=1 -timeout 180m ./...

# Every Go fuzz target (func Fuzz… in a _test.go file), FUZZ_EXECS executions
# each (default a million). Not part of make test: it takes a while. The
# last line of each target's run goes to fuzz.out.
FUZZ_EXECS ?= 1000000
fuzz: deps
	@set -o pipefail; : > fuzz.out; \
	for f in $$(grep -rl --include='*_test.go' '^func Fuzz' cmd gui plotting solver); do \
	  dir=./$$(dirname $$f); \
	  for name in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
	    echo "fuzz: $$dir $$name ($(FUZZ_EXECS) executions)"; \
	    $(GO) test -tags $(TAGS) -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZ_EXECS)x $$dir 2>&1 | tail -4 | tee -a fuzz.out || exit 1; \
	  done; \
	done

clean:
	rm -rf bin dist bench.out fuzz.out
