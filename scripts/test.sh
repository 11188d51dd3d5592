#!/bin/sh
# The whole suite, as `npm test` runs it: static checks, unit tests, production build, browser tests.
set -eu
npm run check
npm run test:unit
npm run build
npm run test:e2e
