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
# databases (docs/CENSUS.md).
APT_PACKAGES := gcc libgl1-mesa-dev xorg-dev xvfb imagemagick xdotool parallel sqlite3
# Header or binary each package provides, to test whether it is installed.
APT_PROBES   := /usr/bin/gcc /usr/include/GL/gl.h /usr/include/X11/extensions/Xrandr.h /usr/bin/Xvfb /usr/bin/import /usr/bin/xdotool /usr/bin/parallel /usr/bin/sqlite3

.PHONY: all deps build run test test-go test-smoke bench lint package clean

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

# The window opens on the Octal explorer with Dawson's Kayles (0.07) computed.
run: build
	./$(BIN)

# gofmt and go vet, every Go test (solver, plotting, CLI, GUI through fyne's
# test driver), then the real binary under Xvfb.
test: deps lint test-go test-smoke

test-go:
	$(GO) test -tags $(TAGS) -count=1 ./...

test-smoke: build
	./cmd/nimlab/testdata/smoke-test.sh $(BIN)

bench: deps
	$(GO) test -tags $(TAGS) -run '^$$' -bench . ./... | tee bench.out

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags $(TAGS) ./...

# A release build for this platform (stripped binary in dist/).
package: deps
	mkdir -p dist
	$(GO) build -tags $(TAGS) -trimpath -ldflags "-s -w" -o dist/nimlab ./cmd/nimlab
	tar -C dist -czf dist/nimlab-$$($(GO) env GOOS)-$$($(GO) env GOARCH).tar.gz nimlab

clean:
	rm -rf bin dist bench.out
