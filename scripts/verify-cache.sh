#!/usr/bin/env bash
# Checks that SegmentCache changes no layout: `autoheight bench --verify-cache` over every corpus
# of ../shared/corpus, each with its language, with default and strict line breaking (and
# keep-all for Korean) and the web profile (also with break-all, line-break: anywhere and keep-all,
# and as Firefox's and WebKit's textarea),
# with three font stacks: the bundled fonts plus the system fallback, Noto Sans CJK KR plus the
# system fallback (the CLI's default: runs in fallback fonts and emoji go through the cache too),
# and Noto Sans CJK KR alone; then the styled texts of ../shared/rich/corpus (RICH_DIR) in both
# profiles. Prints one line per run and the total; exits non-zero on any mismatch.
#
#   scripts/verify-cache.sh [CORPUS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS_DIR=${1:-../shared/corpus}
CJK=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
swift build -c release --product autoheight >/dev/null
CLI=.build/release/autoheight
status=0
total=0
for file in "$CORPUS_DIR"/*.jsonl; do
  name=$(basename "$file" .jsonl)
  case "$name" in
    ar|de|en|he|hi|ja|ko|ru|th|vi|zh) language=$name ;;
    *) language=en ;;
  esac
  variants=("--line-break normal" "--line-break strict" "--profile web"
    "--profile web --word-break break-all" "--profile web --line-break anywhere"
    "--profile web --browser firefox" "--profile web --browser webkit")
  [ "$language" = ko ] && variants+=("--word-break keep-all" "--profile web --word-break keep-all")
  [ "$language" = ja ] && variants+=("--word-break phrase")
  for fonts in bundled cjk-system cjk; do
    font_options=()
    [ "$fonts" = cjk-system ] && font_options=(--font-file "$CJK" --face 1 --fallback system)
    [ "$fonts" = cjk ] && font_options=(--font-file "$CJK" --face 1 --fallback none)
    [ "$fonts" != bundled ] && [ ! -f "$CJK" ] && continue
    for variant in "${variants[@]}"; do
      # shellcheck disable=SC2086
      line=$("$CLI" bench --verify-cache --jsonl-input "$file" "${font_options[@]}" --language "$language" $variant \
        --widths 120,240,360 2>&1 | tail -1) || status=1
      echo "$name $fonts $variant: $line"
      compared=$(echo "$line" | grep -oE '^verify-cache: [0-9]+' | grep -oE '[0-9]+' || echo 0)
      total=$((total + compared))
    done
  done
done
# Rich text (../shared/rich/corpus: runs in other faces, sizes and spacing, inline boxes), each
# file in its base family, in both profiles.
RICH_DIR=${RICH_DIR:-$(dirname "$CORPUS_DIR")/rich/corpus}
if [ -d "$RICH_DIR" ]; then
  for file in "$RICH_DIR"/*.jsonl; do
    name=$(basename "$file" .jsonl)
    case "$name" in
      ko) family="Noto Sans CJK KR" ;;
      ja) family="Noto Sans CJK JP" ;;
      ar) family="Noto Sans Arabic" ;;
      *) family="Noto Sans" ;;
    esac
    for variant in "--profile editor" "--profile web --line-height 20" "--profile web --line-height normal"; do
      # shellcheck disable=SC2086
      line=$("$CLI" bench --verify-cache --jsonl-input "$file" --font "$family" --language "$name" $variant \
        --widths 160,240,360,520 2>&1 | tail -1) || status=1
      echo "rich $name $variant: $line"
      compared=$(echo "$line" | grep -oE '^verify-cache: [0-9]+' | grep -oE '[0-9]+' || echo 0)
      total=$((total + compared))
    done
  done
fi
echo "total: $total layouts compared$([ $status -eq 0 ] && echo ', no mismatch' || echo ', MISMATCHES above')"
exit $status
