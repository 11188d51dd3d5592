#!/usr/bin/env bash
# Makes app/assets/fonts/fraunces-600-latin.woff2, the display font the pages preload (decision 039):
# Fraunces (SIL OFL, from @fontsource-variable/fraunces) fixed at weight 600, the only weight the
# headings use, and cut to the characters of the six languages' text. Needs fonttools
# (`apt-get install fonttools python3-brotli`); run it again when the package is upgraded.
set -euo pipefail
cd "$(dirname "$0")/.."
source_font=node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fonttools varLib.instancer "$source_font" wght=600 --quiet -o "$work/fraunces-600.ttf"
# Basic Latin and Latin-1 (every letter of pt, es, en, it, de, sv), the ligature letters and the
# typographic punctuation the translations use.
pyftsubset "$work/fraunces-600.ttf" \
  --unicodes="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+20AC,U+2122" \
  --layout-features="kern,liga,calt" --flavor=woff2 \
  --output-file=app/assets/fonts/fraunces-600-latin.woff2
ls -l app/assets/fonts/fraunces-600-latin.woff2
