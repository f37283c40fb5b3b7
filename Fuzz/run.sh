#!/usr/bin/env bash
# Builds the three libFuzzer targets and runs each for SECONDS; fails if one finds a crash, a
# trap, a timeout, a leak or runaway memory. The scenario parser and the trace decoder are held to
# 20 s and 3 GB an input; the whole pipeline (parse, run, check, draw, report) to the resource
# oracle of docs/reliability.md: 10 s and 1 GB an input of at most 64 KB.
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
run() {  # run TARGET DICT MAX-LEN SECONDS-AN-INPUT MEGABYTES
    local target=$1 dict=$2 maxlen=$3 timeout=$4 rss=$5 seeds=$6 leaks=$7
    local corpus="$build/corpus-$target" log="$build/$target.log"
    mkdir -p "$corpus" "$build/artifacts-$target"
    echo "== fuzz-$target for ${seconds}s"
    if ASAN_OPTIONS="${ASAN_OPTIONS//detect_leaks=1/detect_leaks=$leaks}" "$build/fuzz-$target" "$corpus" "Fuzz/corpus/$seeds" -dict="Fuzz/$dict" -max_len="$maxlen" \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" -detect_leaks="$leaks" -print_final_stats=1 \
        -artifact_prefix="$build/artifacts-$target/" > "$log" 2>&1; then
        grep -E "DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$log" || true
    else
        status=1
        echo "fuzz-$target FAILED; the end of $log:" >&2
        tail -40 "$log" >&2
        ls -d "$build/artifacts-$target"/* >&2 2>/dev/null || true
    fi
}
run scenario scenario.dict 12000 20 3072 scenario 1
run trace trace.dict 8192 20 3072 trace 1
# Leaks are not findings of the pipeline: a run stopped at a limit leaves its cold signals'
# scheduled events in a cycle with their subscribers (docs/reliability.md, "Known issues").
run pipeline scenario.dict 65536 10 1024 scenario 0
exit $status
