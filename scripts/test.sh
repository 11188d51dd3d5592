#!/bin/sh
# The whole suite, as `npm test` runs it: static checks, unit tests, production build, browser tests.
set -eu
npm run check
# The production build beside the unit tests, which mostly wait on their databases; its output
# is shown only if it fails.
log=$(mktemp)
npm run build > "$log" 2>&1 &
build=$!
npm run test:unit
if ! wait "$build"; then cat "$log"; exit 1; fi
npm run test:e2e
