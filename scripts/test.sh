#!/bin/sh
# The whole suite, as `npm test` runs it: static checks, unit tests, production build, browser tests.
# The checks and the build run beside the unit tests, which leave part of the machine idle while
# they wait on their databases; the output of either is shown only if it fails, once the unit
# tests are done.
set -eu
check_log=$(mktemp)
build_log=$(mktemp)
npm run check > "$check_log" 2>&1 &
check=$!
npm run build > "$build_log" 2>&1 &
build=$!
unit=0
npm run test:unit || unit=$?
failed=0
if ! wait "$check"; then cat "$check_log"; failed=1; fi
if ! wait "$build"; then cat "$build_log"; failed=1; fi
if [ "$unit" -ne 0 ] || [ "$failed" -ne 0 ]; then exit 1; fi
npm run test:e2e
