#!/usr/bin/env bash
# Mutation check, for developers (not a CI step): puts realistic one-line bugs into the sources,
# one at a time, and says which of them the tests let through.
#
# For each mutant of the list (Tools/mutants.txt by default) it replaces one line's text in one
# file, builds with `swift build --build-tests` in its own scratch path, runs the mutant's test
# suites with `swift test --skip-build --filter ...`, and puts the file back. A mutant is
#   killed    when the tests fail (or crash, or hang past --timeout),
#   survived  when they pass: the tests let that bug through,
#   invalid   when it does not compile (counted apart, never as killed).
# At the end it prints the kill rate and the surviving mutants. See docs/reliability.md,
# "Mutation check".
#
# The mutated file is restored from a copy and checked against git after every mutant, and on
# exit, failure, Ctrl-C or termination. The script refuses to run when a file it mutates has
# changes of its own (staged or not), so that restoring it can never lose work.
#
# Written for bash 3.2 (macOS) and later; needs git, swift, awk, cmp and pgrep.

set -u

usage() {
    cat <<'EOF'
Usage: Tools/mutate.sh [options] [MUTANT-ID ...]

Runs every mutant of the list, or only the ones named.

Options:
  --list FILE          the mutant list (default: Tools/mutants.txt)
  --scratch-path DIR   SwiftPM's scratch path for the mutated builds (default: .build-mutate),
                       so that the normal .build is left alone; logs go to DIR/mutate-logs
  --timeout SECONDS    a test run that takes longer is stopped and counts as killed (default: 3600)
  --jobs N             passed to swift build as -j N
  --no-baseline        skip the run of the unmutated tests that checks they pass first
  --check-list         only check that every mutant applies to exactly one line; build nothing
  -h, --help           this help
EOF
}

list=Tools/mutants.txt
scratch=.build-mutate
timeout=3600
jobs=""
baseline=1
check_only=0
selected=()

while [ $# -gt 0 ]; do
    case "$1" in
        --list) list=$2; shift 2 ;;
        --scratch-path) scratch=$2; shift 2 ;;
        --timeout) timeout=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --no-baseline) baseline=0; shift ;;
        --check-list) check_only=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "mutate: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) selected+=("$1"); shift ;;
    esac
done

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "mutate: not inside a git work tree" >&2; exit 2; }
cd "$root" || exit 2
[ -f "$list" ] || { echo "mutate: no mutant list at $list" >&2; exit 2; }
export LC_ALL=C  # awk and grep work on bytes: the same offsets for index and substr

# MARK: Reading the list

ids=(); abouts=(); files=(); afters=(); finds=(); replaces=(); filters=(); has_replace=()
count=0
field_id=""; field_about=""; field_file=""; field_after=""; field_find=""; field_replace=""; field_tests=""; field_has_replace=0

trim() {
    local text=$1
    text=${text#"${text%%[![:space:]]*}"}
    text=${text%"${text##*[![:space:]]}"}
    printf '%s' "$text"
}

flush_mutant() {
    [ -z "$field_id$field_file$field_find$field_tests" ] && return 0
    local missing=""
    [ -z "$field_id" ] && missing="$missing id"
    [ -z "$field_about" ] && missing="$missing about"
    [ -z "$field_file" ] && missing="$missing file"
    [ -z "$field_find" ] && missing="$missing find"
    [ "$field_has_replace" = 1 ] || missing="$missing replace"
    [ -z "$field_tests" ] && missing="$missing tests"
    if [ -n "$missing" ]; then
        echo "mutate: $list: mutant '${field_id:-?}' lacks:$missing" >&2
        exit 2
    fi
    local index
    for ((index = 0; index < count; index++)); do
        [ "${ids[index]}" = "$field_id" ] && { echo "mutate: $list: two mutants are named $field_id" >&2; exit 2; }
    done
    ids[count]=$field_id; abouts[count]=$field_about; files[count]=$field_file; afters[count]=$field_after
    finds[count]=$field_find; replaces[count]=$field_replace; filters[count]=$field_tests
    count=$((count + 1))
    field_id=""; field_about=""; field_file=""; field_after=""; field_find=""; field_replace=""; field_tests=""; field_has_replace=0
}

while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
        '#'*) continue ;;
    esac
    if [ -z "$(trim "$line")" ]; then flush_mutant; continue; fi
    key=${line%%:*}
    value=$(trim "${line#*:}")
    case "$key" in
        id) flush_mutant; field_id=$value ;;
        about) field_about="${field_about:+$field_about }$value" ;;
        file) field_file=$value ;;
        after) field_after=$value ;;
        find) field_find=$value ;;
        replace) field_replace=$value; field_has_replace=1 ;;
        tests) field_tests=$value ;;
        *) echo "mutate: $list: unknown field '$key' in: $line" >&2; exit 2 ;;
    esac
done < "$list"
flush_mutant

# The mutants to run, by index: all, or those named on the command line.
chosen=()
if [ ${#selected[@]} -eq 0 ]; then
    for ((index = 0; index < count; index++)); do chosen+=("$index"); done
else
    for name in "${selected[@]}"; do
        found=""
        for ((index = 0; index < count; index++)); do [ "${ids[index]}" = "$name" ] && found=$index; done
        [ -n "$found" ] || { echo "mutate: no mutant named $name in $list" >&2; exit 2; }
        chosen+=("$found")
    done
fi
[ ${#chosen[@]} -gt 0 ] || { echo "mutate: $list has no mutant" >&2; exit 2; }

# MARK: Applying a mutant

# Writes the mutated text of mutant $1's file to $2 and prints the line number it changed.
# Fails, saying why, unless the mutant applies to exactly one place.
mutated_copy() {
    local index=$1 output=$2 file=${files[$1]} find=${finds[$1]} after=${afters[$1]}
    [ -f "$file" ] || { echo "no file $file"; return 1; }
    if [ -z "$after" ]; then
        local matches
        matches=$(grep -c -F -e "$find" "$file")
        [ "$matches" = 1 ] || { echo "'$find' is on $matches lines of $file, not 1 (add an 'after:' line)"; return 1; }
    else
        local anchors
        anchors=$(grep -c -F -e "$after" "$file")
        [ "$anchors" = 1 ] || { echo "the 'after' text '$after' is on $anchors lines of $file, not 1"; return 1; }
    fi
    MUTATE_FIND=$find MUTATE_REPLACE=${replaces[$index]} MUTATE_AFTER=$after awk '
        BEGIN { find = ENVIRON["MUTATE_FIND"]; replacement = ENVIRON["MUTATE_REPLACE"]; after = ENVIRON["MUTATE_AFTER"]; armed = (after == ""); changed = 0 }
        {
            if (!armed && index($0, after) > 0) armed = 1
            if (armed && !changed && (at = index($0, find)) > 0) {
                $0 = substr($0, 1, at - 1) replacement substr($0, at + length(find))
                changed = NR
            }
            print
        }
        END { if (changed) print changed > "/dev/stderr"; else exit 3 }
    ' "$file" > "$output" 2> "$output.line" || { echo "'$find' is not in $file${after:+ after '$after'}"; return 1; }
    if cmp -s "$file" "$output"; then echo "replacing '$find' changes nothing"; return 1; fi
    cat "$output.line"
}

if [ "$check_only" = 1 ]; then
    problems=0
    work=$(mktemp -d)
    for index in "${chosen[@]}"; do
        if where=$(mutated_copy "$index" "$work/copy"); then
            echo "ok       ${ids[index]}: ${files[index]}:$where"
        else
            echo "PROBLEM  ${ids[index]}: $where"
            problems=$((problems + 1))
        fi
    done
    rm -rf "$work"
    echo "${#chosen[@]} mutants, $problems that do not apply"
    [ "$problems" = 0 ]
    exit
fi

# MARK: Refusing a dirty tree

dirty=""
for index in "${chosen[@]}"; do
    file=${files[index]}
    case " $dirty " in *" $file "*) continue ;; esac
    if ! git ls-files --error-unmatch -- "$file" >/dev/null 2>&1; then
        echo "mutate: ${ids[index]} mutates $file, which git does not track" >&2; exit 2
    fi
    if ! git diff --quiet HEAD -- "$file"; then dirty="$dirty $file"; fi
done
if [ -n "$dirty" ]; then
    echo "mutate: refusing to run: these files have uncommitted changes (staged or not):" >&2
    for file in $dirty; do echo "    $file" >&2; done
    if [ -f "$scratch/mutate-in-progress" ]; then
        echo "A previous run was killed while $(cat "$scratch/mutate-in-progress") was mutated;" >&2
        echo "if that is the change, undo it with: git checkout HEAD -- $(cat "$scratch/mutate-in-progress")" >&2
    fi
    exit 2
fi

# MARK: Restoring, whatever happens

work=$(mktemp -d "${TMPDIR:-/tmp}/mutate.XXXXXX")
logs=$scratch/mutate-logs
mkdir -p "$logs"
mutated_file=""   # the file now mutated, if any
child=""          # the command now running in the background, if any

# Stops process $1 and everything it started.
stop_tree() {
    local pid=$1 grandchild
    for grandchild in $(pgrep -P "$pid" 2>/dev/null); do stop_tree "$grandchild"; done
    kill -TERM "$pid" 2>/dev/null
}

restore() {
    [ -n "$mutated_file" ] || return 0
    # The copy keeps the file's inode and mode; git is the check, and the fallback.
    cat "$work/original" > "$mutated_file"
    if ! git diff --quiet HEAD -- "$mutated_file"; then git checkout HEAD -- "$mutated_file"; fi
    if git diff --quiet HEAD -- "$mutated_file"; then
        rm -f "$scratch/mutate-in-progress"
        mutated_file=""
    else
        echo "mutate: COULD NOT RESTORE $mutated_file: run git checkout HEAD -- $mutated_file" >&2
        return 1
    fi
}

on_exit() {
    [ -n "$child" ] && stop_tree "$child"
    restore
    rm -rf "$work"
}

on_signal() {
    echo >&2
    echo "mutate: stopped by $1; restoring ${mutated_file:-nothing}" >&2
    trap - EXIT
    on_exit
    exit 130
}

trap on_exit EXIT
trap 'on_signal SIGINT' INT
trap 'on_signal SIGTERM' TERM
trap 'on_signal SIGHUP' HUP

# Runs a command in the background with its output in log $1, stopping it after $timeout seconds;
# returns its status, or 124 when it was stopped. In the background so that Ctrl-C reaches the traps.
run_logged() {
    local log=$1; shift
    "$@" > "$log" 2>&1 &
    child=$!
    local waited=0
    while kill -0 "$child" 2>/dev/null; do
        if [ "$waited" -ge "$timeout" ]; then
            stop_tree "$child"
            wait "$child" 2>/dev/null
            child=""
            echo "mutate: stopped after $timeout s" >> "$log"
            return 124
        fi
        sleep 1 & wait $!
        waited=$((waited + 1))
    done
    wait "$child"
    local status=$?
    child=""
    return $status
}

build() {
    if [ -n "$jobs" ]; then
        run_logged "$1" swift build --build-tests --scratch-path "$scratch" -j "$jobs"
    else
        run_logged "$1" swift build --build-tests --scratch-path "$scratch"
    fi
}

# Whether test log $1 shows at least one test run (a filter that matches nothing passes silently).
ran_tests() {
    grep -Eq 'Test run with [1-9][0-9]* test|Executed [1-9][0-9]* test' "$1"
}

# MARK: The baseline

started=$(date +%s)
if [ "$baseline" = 1 ]; then
    echo "Baseline: building and running the unmutated tests (logs in $logs)"
    if ! build "$logs/baseline.build.log"; then
        echo "mutate: the unmutated package does not build; see $logs/baseline.build.log" >&2; exit 1
    fi
    seen=""
    for index in "${chosen[@]}"; do
        filter=${filters[index]}
        case "$seen" in *"<$filter>"*) continue ;; esac
        seen="$seen<$filter>"
        log=$logs/baseline.test.$(printf '%s' "$filter" | tr -c 'A-Za-z0-9' '_' | cut -c1-80).log
        if ! run_logged "$log" swift test --skip-build --scratch-path "$scratch" --filter "$filter"; then
            echo "mutate: the unmutated tests fail for --filter '$filter'; see $log" >&2; exit 1
        fi
        if ! ran_tests "$log"; then
            echo "mutate: --filter '$filter' (mutant ${ids[index]}) runs no test; see $log" >&2; exit 1
        fi
        echo "  passes: --filter '$filter'"
    done
fi

# MARK: The mutants

results=$scratch/mutate-results.txt
: > "$results"
killed=0; survived=0; invalid=0; timed_out=0; broken=0
survivors=(); invalids=()
position=0
for index in "${chosen[@]}"; do
    position=$((position + 1))
    id=${ids[index]}; file=${files[index]}
    printf '[%d/%d] %-40s ' "$position" "${#chosen[@]}" "$id"
    if ! where=$(mutated_copy "$index" "$work/mutated"); then
        echo "does not apply: $where"
        echo "broken $id $where" >> "$results"
        broken=$((broken + 1))
        continue
    fi
    cp "$file" "$work/original"
    printf '%s\n' "$file" > "$scratch/mutate-in-progress"
    mutated_file=$file
    cat "$work/mutated" > "$file"

    if ! build "$logs/$id.build.log"; then
        restore || exit 1
        echo "invalid (does not compile)"
        echo "invalid $id $file:$where" >> "$results"
        invalid=$((invalid + 1)); invalids+=("$id")
        continue
    fi
    run_logged "$logs/$id.test.log" swift test --skip-build --scratch-path "$scratch" --filter "${filters[index]}"
    status=$?
    restore || exit 1
    if [ "$status" = 124 ]; then
        echo "killed (timed out after $timeout s)"
        echo "killed $id $file:$where timed out" >> "$results"
        killed=$((killed + 1)); timed_out=$((timed_out + 1))
    elif [ "$status" != 0 ]; then
        echo "killed"
        echo "killed $id $file:$where" >> "$results"
        killed=$((killed + 1))
    elif ! ran_tests "$logs/$id.test.log"; then
        echo "broken: --filter '${filters[index]}' ran no test"
        echo "broken $id no test ran" >> "$results"
        broken=$((broken + 1))
    else
        echo "SURVIVED"
        echo "survived $id $file:$where" >> "$results"
        survived=$((survived + 1)); survivors+=("$index")
    fi
done

# MARK: The figures

valid=$((killed + survived))
echo
echo "Mutation check of $(git rev-parse --short HEAD), $(date +%Y-%m-%d), $(( ($(date +%s) - started) / 60 )) min:"
if [ "$valid" -gt 0 ]; then
    timeouts=""
    [ "$timed_out" -gt 0 ] && timeouts=" ($timed_out by a timeout)"
    echo "  killed $killed of $valid mutants that compile: $((killed * 100 / valid))%$timeouts"
else
    echo "  no mutant compiled"
fi
if [ "$invalid" -gt 0 ]; then
    echo "  $invalid invalid (did not compile): ${invalids[*]}"
else
    echo "  0 invalid (did not compile)"
fi
[ "$broken" -gt 0 ] && echo "  $broken that could not be run (see $results)"
if [ "$survived" -gt 0 ]; then
    echo "  surviving mutants:"
    for index in "${survivors[@]}"; do
        echo "    ${ids[index]} (${files[index]}): ${abouts[index]}"
        echo "      '${finds[index]}' -> '${replaces[index]}'; tests: ${filters[index]}"
    done
fi
echo "Results in $results, logs in $logs."
[ "$survived" = 0 ] && [ "$broken" = 0 ]
