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
# databases (docs/CENSUS.md); Python 3 for the independent certificate
# checker tools/verify_certificate.py and its tests (docs/CERTIFICATES.md).
# perl (its base, in every Debian) computes the CRC-32C of an edited
# checkpoint in the reliability check.
# poppler-utils (pdftoppm, pdftotext, pdfinfo), ghostscript, librsvg2-bin
# (rsvg-convert) and ImageMagick render exported PDF and SVG pictures in the
# tests as people's viewers do; fonts-dejavu-core gives librsvg and
# ImageMagick the font that SVG text names. mingw-w64 builds the Windows
# window and wine runs the Windows build and its tests (make test-platforms).
APT_PACKAGES := gcc libgl1-mesa-dev xorg-dev xvfb imagemagick xdotool parallel sqlite3 python3 \
                poppler-utils ghostscript librsvg2-bin fonts-dejavu-core perl \
                gcc-mingw-w64-x86-64 wine wine64
# Header or binary each package provides, to test whether it is installed.
APT_PROBES   := /usr/bin/gcc /usr/include/GL/gl.h /usr/include/X11/extensions/Xrandr.h /usr/bin/Xvfb /usr/bin/import /usr/bin/xdotool /usr/bin/parallel /usr/bin/sqlite3 /usr/bin/python3 \
                /usr/bin/pdftoppm /usr/bin/gs /usr/bin/rsvg-convert /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/bin/perl \
                /usr/bin/x86_64-w64-mingw32-gcc /usr/bin/wine /usr/lib/wine/wine64

.PHONY: all deps build run test test-go test-smoke test-long test-reliability-short test-reliability test-race headless test-platforms test-cross test-windows-gui test-wine bench lint package dist fuzz clean

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
# test driver), the real binary under Xvfb and against hostile input,
# then the other platforms.
test: deps lint test-go test-smoke test-reliability-short test-platforms

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
	@echo "cross: the CLI's tests compile for windows and darwin"; \
	  for os in windows darwin; do GOOS=$$os GOARCH=amd64 CGO_ENABLED=0 $(GO) test -tags $(TAGS) -c -o /dev/null ./cmd/nimlab || exit 1; done
	@deps=$$(CGO_ENABLED=0 $(GO) list -tags $(TAGS) -deps ./cmd/nimlab | grep -E 'fyne|go-gl|nimlab/gui$$' || true); \
	  if [ -n "$$deps" ]; then echo "the headless build links the window: $$deps"; exit 1; fi

test-windows-gui: deps
	CC=$(MINGW_CC) CGO_ENABLED=1 GOOS=windows GOARCH=amd64 $(GO) build -tags $(TAGS) -o $(WINDIR)/nimlab.exe ./cmd/nimlab

test-wine: headless
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -tags $(TAGS) -o $(WINDIR)/nimlab-headless.exe ./cmd/nimlab
	resources/wine/prefix.sh $(WINE_PREFIX)
	@export WINEPREFIX=$(CURDIR)/$(WINE_PREFIX) WINEDEBUG=-all; trap 'wineserver -k' EXIT; set -ex; \
	  cmd/nimlab/testdata/wine-check.sh $(WINDIR)/nimlab-headless.exe $(HEADLESS) $(WINE_PREFIX); \
	  GOOS=windows GOARCH=amd64 CGO_ENABLED=0 \
	    $(GO) test -tags $(TAGS),wine -ldflags=-checklinkname=0 -count=1 -timeout 30m -exec wine ./solver/...

# The real binary against hostile input (README, "Output files, interrupts
# and limits"): exit statuses, messages, files unchanged, no runtime dumps
# under ulimit -v 4000000. The short form (about a minute) is part of make
# test; the full form adds a 25·10^6-value edited checkpoint and a census of
# 0.??? to 65,536 heaps killed three times (tens of minutes).
test-reliability-short: build
	./cmd/nimlab/testdata/reliability.sh $(BIN) short

test-reliability: build
	./cmd/nimlab/testdata/reliability.sh $(BIN) full

# Every test under the race detector. The race detector makes the octal
# engines' arithmetic 10-20 times slower; the 16 tests in RACE_SKIP_OCTAL
# recompute long sequences through code paths that shorter tests also drive
# concurrently, and took 1 to 21 minutes each under -race on a loaded
# 2-core machine (74 minutes together; the whole package did not finish in
# 40). The other octal tests took 6 minutes there. The skipped ones run
# without -race in make test.
RACE_SKIP_OCTAL := TestNewCodesAgainstBruteForce|TestSparseEqualsQuadratic|TestResumedRunMatchesUninterrupted|TestGrundyCoverBlocks|TestGrundyValuesEqualGameTreeBruteForce|TestWinningMovesAreExactlyTheMovesToZero|TestAutoModeStopsAtFirstCertificate|TestGeneralRunCheckpointsWithinADoubling|TestParitySpaceEqualsQuadratic|TestSpaceOf0106And0127|TestSmallOneSplitEqualsQuadratic|TestAnySpaceIsExact|TestFinishedRunSavesItsLastValues|TestTwoHeapTailCertificateHolds|TestExactModeSparseEqualsQuadratic|TestForecastRun
test-race: deps
	$(GO) test -tags $(TAGS) -race -count=1 -timeout 60m $$($(GO) list ./... | grep -v '/solver/octal$$')
	$(GO) test -tags $(TAGS) -race -count=1 -timeout 60m -skip '^($(RACE_SKIP_OCTAL))$$' ./solver/octal

# The census's Slurm recipe (resources/slurm/census.sbatch and
# census-merge.sbatch) run by a real Slurm: a single-node cluster on this
# machine in a folder of its own, a 4-task array, the merge job after it,
# a cancelled and a requeued task. As root (it installs slurm-wlm and munge
# when missing); about 3 minutes, not part of make test. The jobs run the
# headless build, as a cluster's nodes do.
test-slurm: headless
	resources/slurm/test-slurm.sh $(HEADLESS)

bench: deps
	$(GO) test -tags $(TAGS) -run '^$$' -bench . ./... | tee bench.out

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags $(TAGS) ./...

# A desktop package made by the fyne tool (pinned here, installed into
# bin/tools on first use): dist/nimlab-VERSION-linux-ARCH-desktop.tar.xz
# holds the binary, the icon and a .desktop entry (Comment, Categories from
# FyneApp.toml), LICENSE, README.md, CITATION.cff and docs/; unpack it and
# run `sudo make install` inside to install it for every user. The tool
# reads FyneApp.toml beside package main (cmd/nimlab/FyneApp.toml links to
# ours). VERSION is nimlab's version (cmd/nimlab/version.go).
FYNE_TOOL := fyne.io/tools/cmd/fyne@v1.7.4
VERSION   := $(shell sed -n 's/^var version = "\(.*\)"/\1/p' cmd/nimlab/version.go)
package: deps
	@[ -x bin/tools/fyne ] || GOBIN=$(CURDIR)/bin/tools $(GO) install $(FYNE_TOOL)
	mkdir -p dist
	@# The tool rewrites FyneApp.toml (build number, comments): keep ours.
	cp FyneApp.toml dist/FyneApp.toml.orig
	cd cmd/nimlab && ../../bin/tools/fyne package --os linux --release --tags $(TAGS); \
	  status=$$?; cp ../../dist/FyneApp.toml.orig ../../FyneApp.toml; rm -f fyne_metadata_init.go ../../dist/FyneApp.toml.orig; exit $$status
	resources/dist/dist.sh desktop $(VERSION) cmd/nimlab/nimlab.tar.xz

# Every release archive (docs: README, Install): the desktop package, the
# static Linux headless binary, the Windows zip (window built with
# mingw-w64, and headless), the macOS headless binaries, SHA-256 sums. Slow
# (the desktop package and the Windows window compile Fyne's C parts).
dist: package
	resources/dist/dist.sh others $(VERSION) $(TAGS)

# Every Go fuzz target (func Fuzz… in a _test.go file), FUZZ_EXECS executions
# each (default a million), or FUZZ_TIME each when set (e.g. FUZZ_TIME=10m).
# Not part of make test: it takes a while. The last line of each target's
# run goes to fuzz.out.
FUZZ_EXECS ?= 1000000
FUZZ_TIME  ?= $(FUZZ_EXECS)x
fuzz: deps
	@set -o pipefail; : > fuzz.out; \
	for f in $$(grep -rl --include='*_test.go' '^func Fuzz' cmd gui plotting solver); do \
	  dir=./$$(dirname $$f); \
	  for name in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
	    echo "fuzz: $$dir $$name ($(FUZZ_TIME))"; \
	    $(GO) test -tags $(TAGS) -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZ_TIME) $$dir 2>&1 | tail -4 | tee -a fuzz.out || exit 1; \
	  done; \
	done

clean:
	rm -rf bin dist bench.out fuzz.out
