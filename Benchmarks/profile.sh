#!/usr/bin/env bash
# Profiles the sigviz side of benchmark cases with perf (Debian: apt-get install -y linux-perf)
# and prints the top functions, demangled: by self time, then by time including callees.
#
#   Benchmarks/profile.sh hot-fan-out          # a case id, or part of one (see Benchmarks/results.json)
#   Benchmarks/profile.sh churn 40             # show 40 lines of each list instead of 25
set -euo pipefail
cd "$(dirname "$0")/.."
case_id=${1:?usage: Benchmarks/profile.sh CASE-ID [LINES]}
lines=${2:-25}
command -v perf > /dev/null || { echo "profile.sh needs perf: apt-get install -y linux-perf" >&2; exit 1; }

swift build -c release --package-path Benchmarks > /dev/null
data=$(mktemp /tmp/sigviz-perf.XXXXXX)
trap 'rm -f "$data"' EXIT
perf record --quiet -F 2000 -g -o "$data" \
    Benchmarks/.build/release/sigviz-benchmarks --filter "$case_id" --sigviz-only --repetitions 4 > /dev/null 2>&1 \
    || { echo "profile.sh: the benchmark or perf failed; try it without perf" >&2; exit 1; }

# The top lines of a report, without the harness's own frames (main, Case.run, the workload
# closures, Scheduler.perform), demangled.
report() {
    perf report -i "$data" --stdio --sort symbol --percent-limit 0.5 -g none "$@" 2> /dev/null \
        | grep -E '^ +[0-9]' \
        | grep -v -E 'sigviz_benchmarks|__libc_start|\] _start|\] main|9SchedulerC7perform' \
        | swift demangle --simplified | cut -c1-200 | sed "s/ *$//" | head -n "$lines" || true
}
echo "== $case_id: self time"
report --no-children
echo
echo "== $case_id: including callees"
report --children
