#!/usr/bin/env bash
# The resource oracle on the build users run: replays every scenario file of a corpus through the
# sigviz that `swift build` makes, as a user would run it, and measures each run.
#
#   Fuzz/replay.sh [--release] [CORPUS-DIR...]
#       (default corpora: .build-fuzz/corpus-pipeline Fuzz/corpus/scenario Fuzz/corpus/limits;
#        --release: the release build)
#
# Fuzz/corpus/limits holds inputs at the limits (hostile inputs of the hardening rounds: virtual
# time past its end, a million events, thousands of lanes, proofs that run long): measured here,
# on the build users run, and not seeds of the fuzzers, whose AddressSanitizer build is several
# times slower than a release build.
#
# Each input of at most 64 KB goes through `report`, `render --expect --findings`, `graph`, `docs`
# (a folder of it alone), `trace --format marbles`, `explain --format json` and `check`, with the
# proofs of their fixes on. Every run must end within
# 20 s of CPU (user and system) and 1 GB of peak resident memory, and write at most 10 times its
# input plus a fixed overhead: 4 MB (a diagram of at most 200 lanes, each of a bounded number of
# marks), or 16 MB for `report` and `docs` (a page holds the timeline, a proven fix's before and after,
# the graph, and at most 10,000 rows of events with cells of at most 500 characters), with exit status 0, or 1 and an `Error:` line (a failed expectation, a
# finding for `explain`, too), or for `trace --format marbles` 64 and an `Error:` line (a file's
# frame that cannot draw its events); a signal, a timeout, more time, memory or output, or another
# status is a finding, printed with its input. (`trace --format json` is left out: it writes the
# trace itself, bounded by --max-events rather than by its input, up to 256 MB at the default.)
# It prints the number of runs and the most CPU, memory and output a run took, and fails if any
# run failed. It needs GNU time (/usr/bin/time, Debian's `time` package).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "Fuzz/replay.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
configuration=debug
if [ "${1:-}" = --release ]; then configuration=release; shift; fi
corpora=("$@")
[ ${#corpora[@]} -gt 0 ] || corpora=(.build-fuzz/corpus-pipeline Fuzz/corpus/scenario Fuzz/corpus/limits)
swift build -c "$configuration" --product sigviz >/dev/null
sigviz=$(swift build -c "$configuration" --show-bin-path)/sigviz
overhead=$((4 << 20)) report_overhead=$((16 << 20))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=0 failures=0 slowest=0 slowest_run="" largest=0 largest_run="" widest=0 widest_run=""
for corpus in "${corpora[@]}"; do
    for input in "$corpus"/*; do
        [ -f "$input" ] && [ "$(stat -c %s "$input")" -le 65536 ] || continue
        size=$(stat -c %s "$input")
        cp "$input" "$work/input.sigviz"
        rm -rf "$work/folder"; mkdir -p "$work/folder"; cp "$input" "$work/folder/input.sigviz"
        for command in "report $work/input.sigviz -o $work/out/report" "render $work/input.sigviz --expect --findings -o $work/out/out.svg" \
                       "graph $work/input.sigviz -o $work/out/graph.svg" "docs $work/folder -o $work/out/docs" \
                       "trace $work/input.sigviz --format marbles -o $work/out/out.txt" \
                       "explain $work/input.sigviz --format json -o $work/out/out.json" "check $work/input.sigviz"; do
            runs=$((runs + 1))
            status=0
            rm -rf "$work/out"; mkdir -p "$work/out"
            # shellcheck disable=SC2086
            /usr/bin/time -f "%U %S %M" -o "$work/time" timeout -s KILL 60 "$sigviz" $command >"$work/out/stdout" 2>"$work/err" || status=$?
            read -r user system kilobytes < <(tail -1 "$work/time")
            seconds=$(awk "BEGIN { print $user + $system }")
            written=$(du -sb "$work/out" | cut -f1)
            if awk "BEGIN { exit !($seconds > $slowest) }"; then slowest=$seconds; slowest_run="$command ($input)"; fi
            if [ "$kilobytes" -gt "$largest" ]; then largest=$kilobytes; largest_run="$command ($input)"; fi
            beyond=$((written - 10 * size))
            if [ "$beyond" -gt "$widest" ]; then widest=$beyond; widest_run="$command ($input): $written bytes from $size"; fi
            allowed=$overhead; [[ $command == report* || $command == docs* ]] && allowed=$report_overhead
            refused=1; [ "$status" = 64 ] && [[ $command == trace* ]] && refused=64
            if { [ "$status" -gt 1 ] && [ "$status" != "$refused" ]; } || [ "$kilobytes" -gt $((1024 * 1024)) ] \
                || awk "BEGIN { exit !($seconds > 20) }" || [ "$beyond" -gt "$allowed" ] \
                || { [ "$status" != 0 ] && ! grep -q "^Error: " "$work/err" && [[ $command != explain* && $command != check* && $command != docs* ]]; }; then
                failures=$((failures + 1))
                echo "FINDING: sigviz ${command//$work\/input.sigviz/$input}: status $status, $seconds s CPU, $((kilobytes / 1024)) MB, $written bytes written from $size" >&2
                head -3 "$work/err" >&2
            fi
        done
    done
done
echo "$runs runs ($configuration), $failures findings"
echo "most CPU: $slowest s: ${slowest_run//$work\/input.sigviz/FILE}"
echo "most memory: $((largest / 1024)) MB: ${largest_run//$work\/input.sigviz/FILE}"
echo "most output past 10 times the input: $widest bytes (allowed $overhead, $report_overhead for report and docs): ${widest_run//$work\/input.sigviz/FILE}"
[ "$failures" = 0 ]
