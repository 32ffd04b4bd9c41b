#!/usr/bin/env bash
# Release archives of nimlab VERSION in dist/, run from the repository's
# top by make package (the desktop package) and make dist (the others and
# the sums):
#
#   nimlab-VERSION-linux-amd64-desktop.tar.xz  the window: fyne's package
#       (usr/local/bin/nimlab, .desktop entry, icon, a Makefile for
#       'sudo make install') with LICENSE, README.md, CITATION.cff, docs/
#   nimlab-VERSION-linux-amd64-headless.tar.gz  static, no window (servers,
#       clusters, the census recipes)
#   nimlab-VERSION-windows-amd64.zip  nimlab.exe (window, built with
#       mingw-w64) and nimlab-headless.exe
#   nimlab-VERSION-darwin-amd64-headless.tar.gz, …-darwin-arm64-headless.tar.gz
#   SHA256SUMS-VERSION
#
# Every archive holds one folder nimlab-VERSION-…/ with LICENSE in it.
#
#   resources/dist/dist.sh desktop VERSION FYNE-TARBALL   (moves FYNE-TARBALL)
#   resources/dist/dist.sh others VERSION TAGS
set -euo pipefail
mode=$1 version=$2
go=${GO:-go}
out=dist
mkdir -p "$out"
stage=$(mktemp -d "$out/stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT

papers() { # the licence and the documentation, into folder $1
  mkdir -p "$1"
  cp LICENSE README.md CITATION.cff "$1/"
  cp -r docs "$1/docs"
}
if [ "$mode" = desktop ]; then
  name=nimlab-$version-linux-$("$go" env GOARCH)-desktop
  mkdir -p "$stage/$name"
  # fyne's tarball holds one folder (nimlab/): its content goes to ours.
  tar -C "$stage/$name" --strip-components=1 -xJf "$3"
  papers "$stage/$name"
  tar -C "$stage" --owner=0 --group=0 -cJf "$out/$name.tar.xz" "$name"
  rm -f "$3"
  echo "package: $out/$name.tar.xz"
  exit 0
fi

tags=$3
flags=(-tags "$tags" -ldflags "-s -w -X main.version=$version")
headless() { # GOOS GOARCH OUTPUT
  echo "dist: headless $1/$2"
  CGO_ENABLED=0 GOOS=$1 GOARCH=$2 "$go" build "${flags[@]}" -o "$3" ./cmd/nimlab
}

for target in linux/amd64 darwin/amd64 darwin/arm64; do
  name=nimlab-$version-${target%/*}-${target#*/}-headless
  headless "${target%/*}" "${target#*/}" "$stage/$name/nimlab"
  papers "$stage/$name"
  tar -C "$stage" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"
done

name=nimlab-$version-windows-amd64
echo "dist: windows/amd64 window (mingw-w64) and headless"
CC=x86_64-w64-mingw32-gcc CGO_ENABLED=1 GOOS=windows GOARCH=amd64 "$go" build "${flags[@]}" -o "$stage/$name/nimlab.exe" ./cmd/nimlab
headless windows amd64 "$stage/$name/nimlab-headless.exe"
papers "$stage/$name"
rm -f "$out/$name.zip"
(cd "$stage" && zip -qr -X "../$name.zip" "$name")

(cd "$out" && sha256sum "nimlab-$version"-*.tar.gz "nimlab-$version"-*.tar.xz "nimlab-$version"-*.zip >"SHA256SUMS-$version")
echo "dist: $out/SHA256SUMS-$version"
cat "$out/SHA256SUMS-$version"
