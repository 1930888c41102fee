#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs every fuzz target of a GC_BUILD_FUZZ build for a bounded time and prints, per target,
# its executions, executions per second and coverage (libFuzzer's final stats).
#
# usage: tests/fuzz/run.sh BUILD_DIR [SECONDS_PER_TARGET] [TARGET...]
#   SECONDS_PER_TARGET  default $FUZZ_SECONDS, else 60
#   TARGET              e.g. options (fuzz_options); default: every fuzz_* of BUILD_DIR
#
# The seed corpus of a target (tests/fuzz/corpus/NAME) is read, never written: new inputs go
# to BUILD_DIR/fuzz-corpus/NAME, findings to BUILD_DIR/fuzz-findings/NAME/ (crash-*, leak-*,
# timeout-*), the full log to BUILD_DIR/fuzz-logs/NAME.log. Exit status: 0 no finding,
# 1 some target found a crash, leak, timeout or failed check (its reproducer is named), 2 usage.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-}"
if [ -z "$build" ] || [ ! -d "$build" ]; then
  echo "usage: $0 BUILD_DIR [SECONDS_PER_TARGET] [TARGET...]" >&2
  exit 2
fi
build="$(cd "$build" && pwd)"
seconds="${2:-${FUZZ_SECONDS:-60}}"
case "$seconds" in '' | *[!0-9]* | 0) echo "$0: seconds must be a positive integer, got '$seconds'" >&2; exit 2 ;; esac
shift $(( $# >= 2 ? 2 : 1 ))

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for exe in "$build"/tests/fuzz/fuzz_*; do
    [ -x "$exe" ] && targets+=("$(basename "$exe" | sed 's/^fuzz_//')")
  done
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "$0: no fuzz targets in $build/tests/fuzz (configure with -DGC_BUILD_FUZZ=ON)" >&2
  exit 2
fi

clang_version="$(clang --version 2>/dev/null | head -n1 || echo unknown)"
echo "fuzz: ${#targets[@]} targets, ${seconds} s each, $clang_version"
printf '%-12s %10s %8s %6s %6s %7s %6s  %s\n' target execs exec/s cov ft corpus secs result
failed=0
for t in "${targets[@]}"; do
  exe="$build/tests/fuzz/fuzz_$t"
  if [ ! -x "$exe" ]; then
    echo "$0: no target $exe" >&2
    exit 2
  fi
  corpus="$build/fuzz-corpus/$t" findings="$build/fuzz-findings/$t" log="$build/fuzz-logs/$t.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  seeds=()
  [ -d "$here/corpus/$t" ] && seeds=("$here/corpus/$t")
  start=$(date +%s)
  rc=0
  "$exe" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 -artifact_prefix="$findings/" \
    "$corpus" "${seeds[@]}" >"$log" 2>&1 || rc=$?
  secs=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
  # The last status line that has coverage: "#N DONE cov: C ft: F corp: K/..."
  last=$(grep -E '^#[0-9]+.*cov: [0-9]+ ft: [0-9]+' "$log" | tail -n1 || true)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
  result=ok
  if [ "$rc" -ne 0 ]; then
    failed=1
    artifact=$(grep -o "Test unit written to .*" "$log" | tail -n1 | sed 's/Test unit written to //' || true)
    result="FINDING (exit $rc): ${artifact:-see $log}"
  fi
  printf '%-12s %10s %8s %6s %6s %7s %6s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "${corp:-?}" "$secs" "$result"
done
if [ "$failed" -ne 0 ]; then
  echo "fuzz: findings above; reproduce with BUILD_DIR/tests/fuzz/fuzz_NAME FILE; logs in $build/fuzz-logs" >&2
  exit 1
fi
echo "fuzz: no findings"
