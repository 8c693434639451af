#!/usr/bin/env bash
# Set-up and entry points: ./run.sh example | test. Installs what is missing (libz3-dev, cvc5; chromium for the tests).
set -euo pipefail
cd "$(dirname "$0")"

# need PACKAGE FILE: install the Debian package when FILE is missing.
need() {
  if [ -e "$2" ]; then return; fi
  echo "run.sh: $1 is missing; installing it (apt-get install -y $1)" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$1" >/dev/null
}

case "${1:-}" in
example)
  need libz3-dev /usr/include/z3.h
  need cvc5 /usr/bin/cvc5 # the second solver of the independent re-proof (gen -recheck)
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
  need libz3-dev /usr/include/z3.h
  need cvc5 /usr/bin/cvc5 # the second solver of the independent re-proof (gen -recheck)
  need chromium /usr/bin/chromium # the HTML report's browser test
  go build ./...
  go vet ./...
  # The whole suite takes about 26 minutes on 2 cores (stop 29, a fresh clone on
  # a quiet machine); the oracle package (200 random programs, 16 minutes), the
  # engine's brute-force summary checks and the cli scripts take most of it, run
  # alongside each other: -timeout 80m keeps go test's default 10 minutes per
  # package from killing them on a slower or busier machine.
  go test -count=1 -timeout 80m ./...
  ;;
*)
  echo "usage: ./run.sh example | test" >&2
  exit 2
  ;;
esac
