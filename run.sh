#!/usr/bin/env bash
# Set-up and entry points: ./run.sh example | test. Installs libz3-dev and cvc5 when missing.
set -euo pipefail
cd "$(dirname "$0")"

# need_z3 installs what leapfrog needs: the Z3 C library, and cvc5's command
# line (the second solver of gen -recheck).
need_z3() {
  local pkgs=""
  [ -f /usr/include/z3.h ] || pkgs=" libz3-dev"
  command -v cvc5 >/dev/null || [ -x /usr/bin/cvc5 ] || pkgs="$pkgs cvc5"
  if [ -z "$pkgs" ]; then return; fi
  echo "run.sh: installing$pkgs (apt-get install -y$pkgs)" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $pkgs >/dev/null
}

case "${1:-}" in
example)
  need_z3
  go build -o leapfrog ./cmd/leapfrog
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  cp -r examples/shapes "$work/"
  ./leapfrog gen -verify -json "$work/report.json" "$work/shapes" Classify Triangle Lookup
  echo
  echo "--- generated test (first 40 lines) ---"
  head -40 "$work/shapes/shapes_leapfrog_test.go"
  echo "--- report: $(grep -c '"verdict"' "$work/report.json") verdicts in report.json ---"
  ;;
test)
  need_z3
  go vet ./...
  go test -count=1 ./...
  ;;
*)
  echo "usage: ./run.sh example | test" >&2
  exit 2
  ;;
esac
