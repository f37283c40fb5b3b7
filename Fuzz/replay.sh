#!/usr/bin/env bash
# The resource oracle on the debug build: replays every scenario file of a corpus through the sigviz
# that `swift build` makes, as a user would run it, and measures each run.
#
#   Fuzz/replay.sh [CORPUS-DIR...]      (default: .build-fuzz/corpus-pipeline Fuzz/corpus/scenario)
#
# Each input of at most 64 KB goes through `report`, `render --expect` and `trace --format marbles`.
# Every run must end within 10 s and 1 GB of peak resident memory, with exit status 0, or 1 and an
# `Error:` line (a failed expectation, too), or for `trace --format marbles` 64 and an `Error:` line (a
# file's frame that cannot draw its events); a signal, a timeout, more memory or another status is a
# finding, printed with its input. It prints the number of runs, the slowest and the largest, and fails if any run failed.
# It needs GNU time (/usr/bin/time, Debian's `time` package).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "Fuzz/replay.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
corpora=("$@")
[ ${#corpora[@]} -gt 0 ] || corpora=(.build-fuzz/corpus-pipeline Fuzz/corpus/scenario)
swift build >/dev/null
sigviz=$(swift build --show-bin-path)/sigviz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=0 failures=0 slowest=0 slowest_run="" largest=0 largest_run=""
for corpus in "${corpora[@]}"; do
    for input in "$corpus"/*; do
        [ -f "$input" ] && [ "$(stat -c %s "$input")" -le 65536 ] || continue
        cp "$input" "$work/input.sigviz"
        for command in "report $work/input.sigviz -o $work/report" "render $work/input.sigviz --expect -o $work/out.svg" \
                       "trace $work/input.sigviz --format marbles -o $work/out.txt"; do
            runs=$((runs + 1))
            status=0
            # shellcheck disable=SC2086
            /usr/bin/time -f "%e %M" -o "$work/time" timeout -s KILL 10 "$sigviz" $command >/dev/null 2>"$work/err" || status=$?
            read -r seconds kilobytes < <(tail -1 "$work/time")
            if awk "BEGIN { exit !($seconds > $slowest) }"; then slowest=$seconds; slowest_run="$command ($input)"; fi
            if [ "$kilobytes" -gt "$largest" ]; then largest=$kilobytes; largest_run="$command ($input)"; fi
            refused=1; [ "$status" = 64 ] && [[ $command == trace* ]] && refused=64
            if { [ "$status" -gt 1 ] && [ "$status" != "$refused" ]; } || [ "$kilobytes" -gt $((1024 * 1024)) ] \
                || { [ "$status" != 0 ] && ! grep -q "^Error: " "$work/err"; }; then
                failures=$((failures + 1))
                echo "FINDING: sigviz ${command//$work\/input.sigviz/$input}: status $status, $seconds s, $((kilobytes / 1024)) MB" >&2
                head -3 "$work/err" >&2
            fi
        done
    done
done
echo "$runs runs, $failures findings; slowest $slowest s: ${slowest_run//$work\/input.sigviz/FILE}; largest $((largest / 1024)) MB: ${largest_run//$work\/input.sigviz/FILE}"
[ "$failures" = 0 ]
