#!/usr/bin/env bash
# Builds the two libFuzzer targets and runs each for SECONDS; fails if either finds a crash, a
# trap, a timeout, a leak or runaway memory.
#
#   Fuzz/run.sh SECONDS [BUILD-DIR]     (default build dir: .build-fuzz)
#
# Each target starts from its committed seed corpus (Fuzz/corpus/scenario, Fuzz/corpus/trace),
# which it only reads; what it learns goes to BUILD-DIR/corpus-<target>, kept between runs. A
# crashing input is written to BUILD-DIR/artifacts-<target>/: add it to the seed corpus and to a unit
# test once it is fixed. The last lines of each log (executions, exec/s, coverage, corpus) are
# printed; the full logs are BUILD-DIR/<target>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: Fuzz/run.sh SECONDS [BUILD-DIR]}
build=${2:-.build-fuzz}

if [ "$(uname)" != Linux ]; then
    echo "Fuzz/run.sh: libFuzzer ships with the Linux Swift toolchain only; skipped on $(uname)" >&2
    exit 0
fi
Fuzz/build.sh "$build"

# Swift's own backtracer would take over the crash from libFuzzer and AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}

status=0
run() {  # run TARGET DICT MAX-LEN
    local target=$1 dict=$2 maxlen=$3
    local corpus="$build/corpus-$target" log="$build/$target.log"
    mkdir -p "$corpus" "$build/artifacts-$target"
    echo "== fuzz-$target for ${seconds}s"
    if "$build/fuzz-$target" "$corpus" "Fuzz/corpus/$target" -dict="Fuzz/$dict" -max_len="$maxlen" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 -print_final_stats=1 \
        -artifact_prefix="$build/artifacts-$target/" > "$log" 2>&1; then
        grep -E "DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$log" || true
    else
        status=1
        echo "fuzz-$target FAILED; the end of $log:" >&2
        tail -40 "$log" >&2
        ls -d "$build/artifacts-$target"/* >&2 2>/dev/null || true
    fi
}
run scenario scenario.dict 12000
run trace trace.dict 8192
exit $status
