#!/bin/sh
# `npm run check`: types, lint and format, none changed. The route types are generated first;
# then tsc and ESLint, each of which keeps one core busy, run side by side (a minute saved on
# two cores), and Prettier last. Every failure is reported before the exit.
set -u
react-router typegen || exit 1
tsc &
types=$!
eslint --max-warnings=0 . &
lint=$!
status=0
wait "$types" || status=1
wait "$lint" || status=1
prettier --check . || status=1
exit "$status"
