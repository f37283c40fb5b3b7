#!/usr/bin/env python3
"""Writes the generated part of the malformed-input corpus that MalformedInputTests runs sigviz on.

    python3 Tests/sigvizTests/Malformed/generate.py

Every case is a file that `sigviz render FILE` must refuse: exit status 1 and an error that names the
file, the line and the column, and says what is wrong; never a crash, a hang or runaway memory. Each
file NAME.sigviz or NAME.json has a sidecar NAME.expected:

    position: LINE:COLUMN           where the error must point
    message: TEXT                   a part of the message that must appear after the position
    known-issue: TEXT               (optional) a bug sigviz has today; the test records it as known

The position is written into each case as the marker ⟦ (removed from the file): columns count
Unicode scalars, after a scenario file's leading byte-order mark. Scenario cases go to scenario/,
trace cases to trace/; both folders are deleted and rewritten, so edit this script, not them.
Hand-written cases are in hand/ (same format) and are never touched. Cases too big to commit (lines
of 10 MB, nesting 10,000,000 deep) are made by the test itself, in a temporary folder.

Some cases start from real files: the example scenarios (Examples/scenarios) and their traces
(Fuzz/corpus/trace). After changing those, run this again and check the diff.
"""

import json
import os
import unicodedata
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
MARK = "⟦"
MARK_BYTES = MARK.encode("utf-8")
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


class Case:
    def __init__(self, name, content, message, known=None):
        self.name, self.content, self.message, self.known = name, content, message, known


def position(data, skip_bom):
    """The line and column of the marker in `data` (bytes), counted as sigviz counts them."""
    offset = data.index(MARK_BYTES)
    start = 3 if skip_bom and data.startswith(b"\xef\xbb\xbf") else 0
    before = data[start:offset]
    line = before.count(b"\n") + 1
    current = before[before.rfind(b"\n") + 1:]
    # A column is one more than the scalars before it: every byte that does not continue a UTF-8 sequence.
    column = sum(1 for byte in current if byte & 0xC0 != 0x80) + 1
    return line, column


def write(folder, extension, cases, skip_bom):
    path = os.path.join(HERE, folder)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    names = set()
    for case in cases:
        assert case.name not in names, case.name
        names.add(case.name)
        data = case.content.encode("utf-8", "surrogateescape") if isinstance(case.content, str) else case.content
        assert data.count(MARK_BYTES) == 1, f"{case.name}: one marker"
        line, column = position(data, skip_bom)
        with open(os.path.join(path, case.name + extension), "wb") as file:
            file.write(data.replace(MARK_BYTES, b""))
        with open(os.path.join(path, case.name + ".expected"), "w", encoding="utf-8") as file:
            file.write(f"position: {line}:{column}\nmessage: {case.message}\n")
            if case.known:
                file.write(f"known-issue: {case.known}\n")
    return len(cases)


# MARK: Scenario files

# Text quoted from a file in a message (a name, a character, a field, the line under the message) is
# escaped: "\u{1B}", "\n", ...; these cases check that the escape, not the raw character, is printed.

def scenario_cases():
    cases = []

    def add(name, text, message, known=None):
        cases.append(Case(name, text, message, known))

    base = 'title "Base"\ncold source: +1 next "A", +2 completed\nsubject subject\n'

    # Truncated: a real example file cut inside its last string, or after a keyword that needs more.
    examples = sorted(f for f in os.listdir(os.path.join(REPO, "Examples", "scenarios")) if f.endswith(".sigviz"))
    for example in examples:
        text = open(os.path.join(REPO, "Examples", "scenarios", example), encoding="utf-8").read()
        lines = text.split("\n")
        # The last line with a string: cut two characters into its last string.
        for index in range(len(lines) - 1, -1, -1):
            line = lines[index]
            if '"' in line and not line.lstrip().startswith("#"):
                quote = line.rfind('"', 0, line.rfind('"'))
                cut = "\n".join(lines[:index]) + "\n" + line[:quote] + MARK + line[quote:quote + 2]
                add(f"truncated-string-{example[:-7]}", cut, "this string is not closed")
                break
    for name, text, message in [
        ("truncated-let", "subject s\nlet x = s |" + MARK, "expected an operator"),
        ("truncated-let-equals", "subject s\nlet x =" + MARK, "expected a signal, merge, concat"),
        ("truncated-cold", "cold s: +1 next" + MARK, "expected the value in double quotes"),
        ("truncated-cold-plus", "cold s: +1 next \"a\", +" + MARK, "expected seconds after the subscription"),
        ("truncated-cold-comma", "cold s: +1 next \"a\"," + MARK, "expected '+'"),
        ("truncated-at", "subject s\nat" + MARK, "expected a time in seconds after 'at'"),
        ("truncated-at-time", "subject s\nat 2" + MARK, "expected subscribe, connect, send, complete, fail, dispose or execute"),
        ("truncated-subscribe", "subject s\nsubscribe \"A\"" + MARK, "expected 'to'"),
        ("truncated-subscribe-to", "subject s\nsubscribe \"A\" to" + MARK, "expected a signal"),
        ("truncated-send", "subject s\nsend s" + MARK, "expected the value in double quotes"),
        ("truncated-expect", "subject s\nexpect \"A\" to s" + MARK, "expected the expected events in marble syntax"),
        ("truncated-values", "cold s \"ab|\" values a =" + MARK, "expected the value in double quotes"),
        ("truncated-replay-capacity", "replay r capacity" + MARK, "expected the capacity"),
        ("truncated-groupby", "subject s\nlet g = s | groupBy \"1\" =" + MARK, "expected its group's key in double quotes"),
        ("truncated-keyword", "subject s\n" + MARK + "subscri", "unknown statement 'subscri'"),
    ]:
        add(name, text, message)
    add("truncated-escape-at-end", 'title ' + MARK + '"abc\\', "this string is not closed")
    add("truncated-unicode-escape", 'title "abc' + MARK + '\\u{1F60', "expected a Unicode escape")

    # Unknown statements, operators, event kinds.
    for word in ["titel", "signal", "cold2", "Subject", "SUBSCRIBE", "emit", "sendNext", "wait", "sleep", "import",
                 "function", "var", "const", "print", "delay", "x"]:
        add(f"unknown-statement-{word.lower()}", base + MARK + word + " something", f"unknown statement '{word}'")
    for op in ["mapp", "flatMap", "switchLatest", "retryWhen", "debounce", "throttleFirst", "withLatestFrom", "zipWith", "scanl",
               "distinct", "skipUntil", "Map", "share", "observeOn"]:
        add(f"unknown-operator-{op.lower()}", base + "let x = source | map \"{}\" | " + MARK + op + " \"a\"",
            f"'{op}' is not an operator; the closest operators are ")
    for kind in ["nxt", "complete", "fail", "value", "Next"]:
        add(f"unknown-cold-event-{kind.lower()}", "cold s: +1 " + MARK + kind + " \"a\"", "expected next, completed or error")
    add("unknown-action-after-at", base + "at 1 " + MARK + "emit subject \"a\"",
        "expected subscribe, connect, send, complete, fail, dispose or execute, found 'emit'")

    # Dangling names: used before (or without) being declared.
    dangling = [
        ("subscribe", "subscribe \"A\" to " + MARK + "ghost"),
        ("subscribe-at", "at 1 subscribe \"A\" to " + MARK + "ghost"),
        ("subscribe-subject", "subscribe " + MARK + "ghost to source"),
        ("subscribe-subject-target", "subscribe subject to " + MARK + "ghost"),
        ("connect", "connect " + MARK + "ghost"),
        ("send", "send " + MARK + "ghost \"a\""),
        ("complete", "complete " + MARK + "ghost"),
        ("fail", "fail " + MARK + "ghost \"boom\""),
        ("let-source", "let x = " + MARK + "ghost | map \"{}\""),
        ("merge-source", "let x = merge source, " + MARK + "ghost"),
        ("concat-source", "let x = concat " + MARK + "ghost, source"),
        ("defer", "let x = defer " + MARK + "ghost"),
        ("flattenmap", "let x = source | flattenMap " + MARK + "ghost"),
        ("merge-op", "let x = source | merge " + MARK + "ghost"),
        ("concat-op", "let x = source | concat " + MARK + "ghost"),
        ("then", "let x = source | then " + MARK + "ghost"),
        ("catchto", "let x = source | catchTo " + MARK + "ghost"),
        ("multicast", "let x = source | multicast " + MARK + "ghost"),
        ("expect", "expect \"A\" to " + MARK + "ghost \"--a|\""),
        ("self", "let x = " + MARK + "x | map \"{}\""),
        ("later", "subscribe \"A\" to " + MARK + "later\nsubject later"),
        ("case", "subscribe \"A\" to " + MARK + "Source"),
    ]
    for name, line in dangling:
        add(f"dangling-{name}", base + line, "is not declared")

    # Names of the wrong kind.
    for name, line, message in [
        ("connect-subject", "connect " + MARK + "subject", "'subject' is a subject, but a connection is needed here"),
        ("connect-signal", "connect " + MARK + "source", "'source' is a signal, but a connection is needed here"),
        ("send-cold", "send " + MARK + "source \"a\"", "'source' is a signal, but a subject is needed here"),
        ("complete-cold", "complete " + MARK + "source", "but a subject is needed here"),
        ("multicast-cold", "let c = source | multicast " + MARK + "source", "but a subject is needed here"),
        ("subscribe-cold-as-subject", "subscribe " + MARK + "source to subject", "but a subscriber's label in double quotes, or a subject is needed here"),
        ("autoconnect-without-connection", "let c = source | " + MARK + "autoconnect", "autoconnect needs a connection"),
        ("autoconnect-twice", "let c = source | publish | autoconnect | " + MARK + "autoconnect", "autoconnect needs a connection"),
        ("groups-without-each", "let g = source | groupBy \"A\" = \"a\"\nsubscribe \"X\" to " + MARK + "g", "write 'each' after it"),
        ("operator-after-groupby", "let g = source | groupBy \"A\" = \"a\" | " + MARK + "map \"{}\"", "no operator can follow it"),
        ("groups-as-source", "let g = source | groupBy \"A\" = \"a\"\nlet h = " + MARK + "g | map \"{}\"", "'g' is a signal of groups"),
        ("redeclared", "subject " + MARK + "source", "'source' is already declared"),
        ("redeclared-let", "let " + MARK + "subject = source", "'subject' is already declared"),
        ("redeclared-channel", "channel a " + MARK + "a", "'a' is already declared"),
    ]:
        add(f"kind-{name}", base + line, message)
    add("once-title", base + MARK + 'title "Again"', "'title' may appear only once")
    add("once-experiment", "experiment 1\n" + MARK + "experiment 2", "'experiment' may appear only once")
    add("once-frame", "frame 1\n" + MARK + "frame 2", "'frame' may appear only once")
    add("values-twice", 'cold s "ab|" values a = "1", ' + MARK + 'a = "2"', "'a' is given twice")
    add("values-long-key", 'cold s "ab|" values ' + MARK + 'ab = "1"', "a value is named by one character")
    add("groupby-twice", 'subject s\nlet g = s | groupBy "1" = "odd", ' + MARK + '"1" = "even"', '"1" is given twice')

    # Events after completion.
    for name, line, message in [
        ("cold-next-after-completed", "cold s: +1 completed, " + MARK + "+2 next \"a\"", "nothing can follow completed or error"),
        ("cold-next-after-error", "cold s: +1 error \"x\", " + MARK + "+2 next \"a\"", "nothing can follow completed or error"),
        ("cold-completed-twice", "cold s: +1 completed, " + MARK + "+1 completed", "nothing can follow completed or error"),
        ("cold-error-after-completed", "cold s: +1 completed, " + MARK + "+3 error \"x\"", "nothing can follow completed or error"),
        ("marble-after-completed", "cold s \"-a-|" + MARK + "b\"", "nothing can follow '|' or '#' in a marble"),
        ("marble-after-error", "cold s \"-a-#" + MARK + "b\"", "nothing can follow '|' or '#' in a marble"),
        ("marble-completed-twice", "cold s \"|" + MARK + "|\"", "nothing can follow '|' or '#' in a marble"),
        ("marble-group-after-completed", "cold s \"(a|" + MARK + "b)\"", "nothing can follow '|' or '#' in a marble"),
        ("expect-after-completed", "subject s\nexpect \"A\" to s \"--|" + MARK + "a\"", "nothing can follow '|' or '#' in a marble"),
    ]:
        add(f"after-completion-{name}", line, message)

    # Marbles that are not well formed.
    for name, line, message in [
        ("nested-group", "cold s \"-(a" + MARK + "(b))\"", "groups cannot be nested"),
        ("close-without-open", "cold s \"-a" + MARK + ")\"", "')' without '('"),
        # The error points at the group's last character (the closing quote would be better).
        ("unclosed-group", "cold s \"-(a" + MARK + "b\"", "a group is not closed"),
        ("subscription-mark", "cold s \"-" + MARK + "^-a\"", "marks subscriptions"),
        ("unsubscription-mark", "cold s \"-a" + MARK + "!\"", "marks subscriptions"),
    ]:
        add(f"marble-{name}", line, message)

    # Negative, backwards and out-of-range times and numbers.
    for name, line, message in [
        ("negative-at", "subject s\nat " + MARK + "-1 send s \"a\"", "unexpected '-'"),
        ("negative-offset", "cold s: +" + MARK + "-1 next \"a\"", "unexpected '-'"),
        ("minus-instead-of-plus", "cold s: " + MARK + "-1 next \"a\"", "unexpected '-'"),
        ("backwards", "cold s: +2 next \"a\", " + MARK + "+1 next \"b\"", "times must not go backwards"),
        ("backwards-fraction", "cold s: +1.5 next \"a\", " + MARK + "+1.25 next \"b\"", "times must not go backwards"),
        ("huge-at", "subject s\nat " + MARK + "1000001 send s \"a\"", "a time is at most 1000000 seconds"),
        ("huge-at-20-digits", "subject s\nat " + MARK + "99999999999999999999 send s \"a\"", "a time is at most 1000000 seconds"),
        ("huge-at-21-digits", "subject s\nat " + MARK + "999999999999999999999 send s \"a\"", "is not a number"),
        ("huge-offset", "cold s: " + MARK + "+1000001 next \"a\"", "a time is at most 1000000 seconds"),
        ("exponent", "subject s\nat " + MARK + "1e9 send s \"a\"", "exponents are not supported"),
        ("two-dots", "subject s\nat " + MARK + "1.2.3 send s \"a\"", "'1.2.3' is not a number"),
        ("trailing-dot-dot", "subject s\nat " + MARK + "1.. send s \"a\"", "is not a number"),
        ("frame-zero", "frame " + MARK + "0", "a frame is more than 0 and at most 3600 seconds"),
        ("frame-huge", "frame " + MARK + "3601", "a frame is more than 0 and at most 3600 seconds"),
        ("frame-negative", "frame " + MARK + "-1", "unexpected '-'"),
        ("experiment-fraction", MARK + "experiment 1.5", "the experiment is a whole number"),
        ("experiment-huge", MARK + "experiment 1000", "the experiment is a whole number"),
        ("capacity-fraction", "replay r capacity " + MARK + "1.5", "a capacity is a whole number from 0 to 1000000"),
        ("capacity-huge", "replay r capacity " + MARK + "1000001", "a capacity is a whole number from 0 to 1000000"),
        ("take-fraction", "subject s\nlet t = s | take " + MARK + "0.5", "take needs a whole number from 0 to 1000000"),
        ("take-huge", "subject s\nlet t = s | take " + MARK + "99999999999999999999", "take needs a whole number"),
        ("take-negative", "subject s\nlet t = s | take " + MARK + "-1", "unexpected '-'"),
        ("until-negative", "subject s\nsubscribe \"A\" to s until " + MARK + "-3", "unexpected '-'"),
        ("experiment-word", "experiment " + MARK + "three", "expected the experiment's number"),
    ]:
        add(f"number-{name}", line, message)

    # Strings and escapes.
    for name, line, message in [
        ("unknown-escape", "title \"a" + MARK + "\\q\"", "unknown escape '\\q'"),
        ("escape-x", "title \"a" + MARK + "\\x41\"", "unknown escape '\\x'"),
        ("unicode-too-big", "title \"a" + MARK + "\\u{110000}\"", "expected a Unicode escape"),
        ("unicode-surrogate", "title \"a" + MARK + "\\u{D800}\"", "expected a Unicode escape"),
        ("unicode-empty", "title \"a" + MARK + "\\u{}\"", "expected a Unicode escape"),
        ("unicode-not-hex", "title \"a" + MARK + "\\u{zz}\"", "expected a Unicode escape"),
        ("unicode-no-brace", "title \"a" + MARK + "\\u0041\"", "expected a Unicode escape"),
        ("unicode-unclosed", "title \"a" + MARK + "\\u{41\"", "expected a Unicode escape"),
        ("unclosed", "title " + MARK + "\"abc", "this string is not closed"),
        ("unclosed-escaped-quote", "title " + MARK + "\"abc\\\"", "this string is not closed"),
        ("single-quotes", "title " + MARK + "'abc'", "unexpected '''"),
        ("smart-quotes", "title " + MARK + "\u201cabc\u201d", "unexpected"),
        ("tab-in-string", "title \"a" + MARK + "\tb\"", "a control character in a string"),
        ("bell-in-string", "title \"a" + MARK + "\x07b\"", "a control character in a string"),
        ("escape-in-name", "subject " + MARK + "\\n", "unexpected '\\'"),
    ]:
        add(f"string-{name}", line, message)

    # Stray characters: NUL, control characters, bidi overrides and other invisible ones outside strings.
    for name, char in [("nul", "\x00"), ("bell", "\x07"), ("escape", "\x1b"), ("delete", "\x7f"),
                       ("bidi-override", "\u202e"), ("bidi-isolate", "\u2066"), ("zero-width-space", "\u200b"),
                       ("nbsp", "\u00a0"), ("line-separator", "\u2028"), ("form-feed", "\x0c"),
                       ("vertical-tab", "\x0b"), ("semicolon", ";"), ("brace", "{"), ("at-sign", "@"),
                       ("dollar", "$"), ("backslash", "\\"), ("dot", "."), ("star", "*")]:
        # A control, bidi or invisible character is named by its escape, e.g. '\u{1B}'.
        shown = "\\u{%X}" % ord(char) if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") else char
        add(f"stray-{name}", base + "subject other" + MARK + char + "\nsubscribe \"A\" to other",
            f"unexpected '{shown}'")
    add("echo-escape-in-groupby-value", 'subject s\nlet g = s | groupBy "\\u{1b}[2J" = "a", ' + MARK + '"\\u{1b}[2J" = "b"',
        '"\\u{1B}[2J" is given twice')
    add("echo-bidi-in-groupby-value", 'subject s\nlet g = s | groupBy "\\u{202e}x" = "a", ' + MARK + '"\\u{202e}x" = "b"',
        "\"\\u{202E}x\" is given twice")
    add("echo-bidi-in-line", 'subject s\nsend s "\u202eabc" ' + MARK + 'extra', "expected the end of the line")
    add("nul-in-string", base + "send subject \"a" + MARK + "\x00b\"", "a control character in a string")
    add("nul-line", base + MARK + "\x00\x00\x00\x00", "unexpected '\\u{0}'")

    # Statements that go on after their end.
    for name, line in [
        ("subject", "subject s " + MARK + "extra"),
        ("title", "title \"a\" " + MARK + "\"b\""),
        ("subscribe", "subject s\nsubscribe \"A\" to s " + MARK + "now"),
        ("until", "subject s\nsubscribe \"A\" to s until 3 " + MARK + "4"),
        ("connect", "subject s\nlet c = s | publish\nconnect c " + MARK + "c"),
        ("pipeline", "subject s\nlet x = s | map \"{}\" " + MARK + "map \"{}\""),
        ("cold", "cold s: +1 next \"a\" " + MARK + "+2 next \"b\""),
    ]:
        add(f"trailing-{name}", line, "expected the end of the line")

    # Line endings and byte-order marks: CRLF reads like LF; a lone CR is not a line break.
    add("crlf-error-on-line-3", 'title "x"\r\nsubject s\r\n' + MARK + 'emit s\r\n', "unknown statement 'emit'")
    add("crlf-valid-then-error", 'subject s\r\nsubscribe "A" to s\r\nat 1 send s "a"\r\n' + MARK + 'oops\r\n',
        "unknown statement 'oops'")
    # The end of a CRLF line is before its "\r".
    add("crlf-end-of-line", 'subject s\r\nsend s' + MARK + '\r\nsubject t\r\n', "expected the value in double quotes, found the end of the line")
    # A lone CR is not a line break: it is whitespace, so the three "lines" are one statement.
    add("lone-cr", 'title "x"\r' + MARK + 'subject s\roops', "expected the end of the line, found 'subject'")
    add("bom-then-error", "\ufefftitle \"x\"\n" + MARK + "oops", "unknown statement 'oops'")
    add("bom-twice", "\ufeff" + MARK + "\ufefftitle \"x\"", "unexpected '\\u{FEFF}'")
    add("bom-in-middle", "title \"x\"\n" + MARK + "\ufeffsubject s", "unexpected '\\u{FEFF}'")

    # Deeply nested and long pipelines with a mistake at the end.
    ops = " | map \"{}\"" * 700
    add("long-pipeline-bad-end", "subject s\nlet x = s" + ops + " | " + MARK + "mapp \"{}\"", "'mapp' is not an operator; the closest operators are map, take, skip")
    add("long-pipeline-dangling", "subject s\nlet x = s" + " | take 1" * 900 + " | merge " + MARK + "ghost", "is not declared")
    chain = ["cold c0: +1 next \"a\", +2 completed"] + [f"let c{i} = c{i - 1} | map \"{{}}\"" for i in range(1, 3000)]
    add("deep-chain-bad-end", "\n".join(chain) + "\nlet bad = c2999 | " + MARK + "nope", "'nope' is not an operator")
    add("deep-chain-dangling", "\n".join(chain) + "\nsubscribe \"A\" to " + MARK + "c3000", "'c3000' is not declared; the closest of the 3000 names so far are c1000, c2000, c300, c100, c1001")
    many = ", ".join(f"m{i}" for i in range(1500))
    add("wide-merge-dangling", "\n".join(f"subject m{i}" for i in range(1499)) + "\nlet w = merge " + many.replace("m1499", MARK + "m1499"),
        "'m1499' is not declared; the closest of the 1499 names so far are m1099, m1199, m1299, m1399, m1409")
    add("line-too-long", "title \"" + "a" * 9990 + "\"\n" + "# " + "b" * 9998 + MARK + "cc", "a line may have at most 10000 characters")
    add("long-marble-bad-end", "cold s \"" + "-a" * 4000 + MARK + "^\"", "marks subscriptions")

    # Invalid UTF-8 (refused before parsing, at the bad byte's line and column, naming the byte).
    for name, raw in [("ff", b"\xff"), ("overlong-slash", b"\xc0\xaf"), ("surrogate", b"\xed\xa0\x80"),
                      ("truncated-euro", b"\xe2\x82"), ("lone-continuation", b"\x80"), ("f5", b"\xf5\x80\x80\x80"),
                      ("utf16-bom", b"\xff\xfe")]:
        data = (b'title "x"\nsubject s\nsend s "ab' + MARK_BYTES + raw + b'"\n')
        cases.append(Case(f"utf8-{name}", data, "the file is not valid UTF-8: byte 0x%02X at offset 30" % raw[0]))
    cases.append(Case("utf8-first-byte", MARK_BYTES + b"\xfe\xfftitle", "the file is not valid UTF-8: byte 0xFE at offset 0"))
    cases.append(Case("utf8-after-unicode", 'title "😀 é"\r\nsend s "ab😀'.encode() + MARK_BYTES + b"\xff\"\n",
                      "the file is not valid UTF-8: byte 0xFF at offset"))
    cases.append(Case("utf8-after-bom", b"\xef\xbb\xbftitle \"" + MARK_BYTES + b"\xc0\"\n", "the file is not valid UTF-8: byte 0xC0 at offset 10"))
    return cases


# MARK: Trace files

class Raw:
    """JSON text written as it is (it may hold the marker)."""
    def __init__(self, text):
        self.text = text


def dump(value):
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + ": " + dump(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def base_trace():
    """A small valid trace in sigviz's layout: a cold source published through a subject to A."""
    return {
        "format": "sigviz-trace",
        "version": 1,
        "title": "publish",
        "signals": [
            {"id": 0, "kind": "cold", "name": "source"},
            {"id": 1, "kind": "subject", "name": "subject"},
            {"id": 2, "kind": "connection", "name": "connection", "source": 0, "subject": 1},
        ],
        "subscriptions": [
            {"id": 0, "signal": 0, "subscriber": {"signal": 1}},
            {"id": 1, "signal": 1, "subscriber": {"label": "A"}},
        ],
        "events": [
            {"seq": 0, "time": 0.0, "kind": "signal", "signal": 0},
            {"seq": 1, "time": 0.0, "kind": "signal", "signal": 1},
            {"seq": 2, "time": 0.0, "kind": "signal", "signal": 2},
            {"seq": 3, "time": 0.0, "kind": "connect", "signal": 2, "first": True},
            {"seq": 4, "time": 0.0, "kind": "subscribe", "subscription": 0, "cause": 3},
            {"seq": 5, "time": 0.0, "kind": "didSubscribe", "subscription": 0, "cause": 3},
            {"seq": 6, "time": 0.5, "kind": "subscribe", "subscription": 1},
            {"seq": 7, "time": 1.0, "kind": "next", "subscription": 0, "value": "1", "replayed": False},
            {"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", "cause": 7},
            {"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": "1", "replayed": False, "cause": 8},
            {"seq": 10, "time": 2.0, "kind": "completed", "subscription": 0, "replayed": False},
            {"seq": 11, "time": 2.0, "kind": "sendCompleted", "signal": 1, "cause": 10},
            {"seq": 12, "time": 2.0, "kind": "completed", "subscription": 1, "replayed": False, "cause": 11},
            {"seq": 13, "time": 2.0, "kind": "dispose", "subscription": 1, "cause": 11},
            {"seq": 14, "time": 2.0, "kind": "dispose", "subscription": 0},
        ],
    }


def render(trace):
    """The trace as sigviz writes it: one table entry or event per line."""
    lines = ["{"]
    fields = []
    for key, value in trace.items():
        if isinstance(value, list) and key in ("signals", "subscriptions", "events"):
            if value:
                body = ",\n".join("    " + dump(entry) for entry in value)
                fields.append(f'  "{key}": [\n{body}\n  ]')
            else:
                fields.append(f'  "{key}": []')
        else:
            fields.append(f"  {dump(key) if not isinstance(key, Raw) else key.text}: {dump(value)}")
    lines.append(",\n".join(fields))
    lines.append("}")
    return "\n".join(lines) + "\n"


def with_events(events, **changes):
    trace = base_trace()
    trace["events"] = events
    trace.update(changes)
    return trace


def renumber(events):
    for index, event in enumerate(events):
        if not isinstance(event, Raw) and "seq" in event and not isinstance(event["seq"], Raw):
            event["seq"] = index
    return events


def trace_cases():
    cases = []

    def add(name, content, message, known=None):
        cases.append(Case(name, content, message, known))

    def mutate(name, message, change, known=None):
        trace = base_trace()
        change(trace)
        add(name, render(trace), message, known)

    # Truncated: real traces of the built-in scenarios cut after a structural character (the error is at
    # the end of the file) or inside a string (the error is at its opening quote).
    traces = sorted(f for f in os.listdir(os.path.join(REPO, "Fuzz", "corpus", "trace"))
                    if f.endswith(".json") and os.path.exists(os.path.join(REPO, "Examples", "scenarios", f[:-5] + ".sigviz")))
    for index, name in enumerate(traces):
        data = open(os.path.join(REPO, "Fuzz", "corpus", "trace", name), "rb").read()
        for fraction, kind in [(0.3, "structure"), (0.6, "string"), (0.9, "structure")]:
            cut = int(len(data) * fraction)
            if kind == "structure":
                while data[cut - 1:cut] not in (b",", b"[", b"{", b":"):
                    cut -= 1
                content = data[:cut] + MARK_BYTES
                message = "the end of the file"
            else:
                # Inside the first string value after the cut: keep its opening quote and one more byte.
                quote = data.index(b': "', cut) + 2
                content = data[:quote] + MARK_BYTES + data[quote:quote + 2]
                message = "a string is not closed"
            add(f"truncated-{kind}-{int(fraction * 100)}-{name[:-5]}", content, message)
    add("truncated-empty", MARK, "expected an object, found the end of the file")
    add("truncated-whitespace", "  \n\n  " + MARK, "expected an object, found the end of the file")
    add("truncated-brace", "{" + MARK, "expected a field name in quotes, found the end of the file")
    add("truncated-key", '{' + MARK + '"vers', "a string is not closed")
    add("truncated-colon", '{"version"' + MARK, "expected ':' after the field name")
    add("truncated-number", '{"version": 1' + MARK, "expected ',' or '}'")
    add("truncated-true", render(base_trace()).replace('"first": true}', '"first": ' + MARK + 'tru', 1).split("tru")[0] + "tru",
        "expected true or false")
    add("truncated-after-events", render(base_trace())[:-3] + MARK, "expected ',' or '}', found the end of the file")

    # Versions and formats.
    for name, value, message in [
        ("3", "3", "unknown trace version 3"), ("0", "0", "unknown trace version 0"), ("minus-1", "-1", "unknown trace version -1"),
        ("fraction", "1.0", "expected a whole number, found 1.0"), ("string", '"1"', "expected a whole number, found a string"),
        ("null", "null", "expected a whole number, found null"), ("huge", "99999999999999999999", "is too large"),
        ("exponent", "1e0", "expected a whole number, found 1e0"), ("leading-zero", "01", "a number may not start with 0"),
        ("plus", "+1", "expected a whole number, found '+'"), ("array", "[1]", "expected a whole number, found an array"),
    ]:
        mutate(f"version-{name}", message, lambda t, v=value: t.update(version=Raw(MARK + v)))
    for name, value, message in [
        ("other", '"chrome-trace"', "this is not a sigviz trace"), ("empty", '""', "this is not a sigviz trace"),
        ("case", '"Sigviz-Trace"', "this is not a sigviz trace"), ("number", "1", "expected a string, found a number"),
    ]:
        mutate(f"format-{name}", message, lambda t, v=value: t.update(format=Raw(MARK + v)))

    for key in ["version", "signals", "subscriptions", "events"]:
        trace = base_trace()
        del trace[key]
        add(f"missing-{key}", MARK + render(trace), f"the trace has no '{key}'")
    # An unknown or repeated field is reported at its name.
    add("unknown-field", render(base_trace()).replace('  "events"', "  " + MARK + '"extra": 1,\n  "events"'),
        "unknown field 'extra' in the trace")
    add("repeated-field", render(base_trace()).replace('  "events"', "  " + MARK + '"title": "again",\n  "events"'),
        "'title' appears twice")
    add("top-level-array", MARK + "[" + render(base_trace()) + "]", "expected an object, found an array")
    add("top-level-string", MARK + '"sigviz-trace"', "expected an object, found a string")
    add("two-documents", render(base_trace()) + MARK + render(base_trace()), "unexpected an object after the end of the document")
    add("trailing-comma-document", render(base_trace()).rstrip() + MARK + ",\n", "unexpected ',' after the end of the document")
    add("trailing-garbage", render(base_trace()) + MARK + "garbage", "unexpected 'g' after the end of the document")

    # Unknown kinds.
    for kind in ["hot", "Cold", "signal", "subjects", "replay", "", "connection ", "multicastConnection"]:
        def change(trace, kind=kind):
            trace["signals"][1]["kind"] = Raw(MARK + json.dumps(kind))
        mutate(f"unknown-signal-kind-{kind.strip().lower() or 'empty'}{'-space' if kind.endswith(' ') else ''}",
               f"unknown signal kind '{kind}'", change)
    for kind in ["sendNext", "Next", "value", "complete", "disposed", "unsubscribe", "", "didsubscribe", "connected"]:
        def change(trace, kind=kind):
            trace["events"][9]["kind"] = Raw(MARK + json.dumps(kind))
        mutate(f"unknown-event-kind-{kind.lower() or 'empty'}", f"unknown event kind '{kind}'", change)
    for name, text, shown in [("escape", "\\u001b]0;pwned\\u0007", "\\u{1B}]0;pwned\\u{7}"), ("clear", "\\u001b[2J", "\\u{1B}[2J"),
                              ("bidi", "\\u202ecold", "\\u{202E}cold"), ("newline", "cold\\nError: forged", "cold\\nError: forged"),
                              ("nul", "co\\u0000ld", "co\\u{0}ld")]:
        def change(trace, text=text):
            trace["signals"][1]["kind"] = Raw(MARK + '"' + text + '"')
        mutate(f"echo-{name}-in-signal-kind", "unknown signal kind '" + shown + "'", change)
    add("echo-escape-in-field-name", render(base_trace()).replace('  "events"', "  " + MARK + '"\\u001b[2J": 1,\n  "events"'),
        "unknown field '\\u{1B}[2J' in the trace")
    mutate("echo-escape-in-format", "this is not a sigviz trace",
           lambda t: t.update(format=Raw(MARK + '"\\u001b[31mred"')))
    mutate("kind-number", "expected a string, found a number",
           lambda t: t["events"][9].update(kind=Raw(MARK + "7")))

    # Fields that do not belong, are missing, repeated or of the wrong type.
    def event_line(index, text):
        def change(trace):
            trace["events"][index] = Raw(text)
        return change

    for name, index, text, message in [
        ("next-without-value", 9, MARK + '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "replayed": false}',
         "events[9] ('next') has no 'value'"),
        ("next-without-replayed", 9, MARK + '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": "1"}',
         "has no 'replayed'"),
        ("event-without-time", 9, MARK + '{"seq": 9, "kind": "next", "subscription": 1, "value": "1", "replayed": false}',
         "has no 'time'"),
        ("event-without-kind", 9, MARK + '{"seq": 9, "time": 1.0, "subscription": 1, "value": "1", "replayed": false}',
         "has no 'kind'"),
        ("event-without-seq", 9, MARK + '{"time": 1.0, "kind": "next", "subscription": 1, "value": "1", "replayed": false}',
         "has no 'seq'"),
        ("field-of-other-kind", 8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", ' + MARK + '"replayed": false}',
         "a 'send' event has no field 'replayed'"),
        ("unknown-event-field", 8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", ' + MARK + '"when": 3}',
         "unknown field 'when' in events[8]"),
        ("repeated-event-field", 8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", ' + MARK + '"value": "2"}',
         "'value' appears twice in events[8]"),
        ("seq-out-of-order", 8, '{"seq": ' + MARK + '9, "time": 1.0, "kind": "send", "signal": 1, "value": "1"}',
         "entries must be numbered in order, so it should be 8"),
        ("replayed-string", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": "1", "replayed": ' + MARK + '"no"}',
         "expected true or false, found a string"),
        ("value-number", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": ' + MARK + '1, "replayed": false}',
         "expected a string, found a number"),
        ("value-null", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": ' + MARK + 'null, "replayed": false}',
         "expected a string, found null"),
        ("value-object", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": ' + MARK + '{"a": 1}, "replayed": false}',
         "expected a string, found an object"),
        ("time-string", 9, '{"seq": 9, "time": ' + MARK + '"1.0", "kind": "next", "subscription": 1, "value": "1", "replayed": false}',
         "expected a number, found a string"),
        ("subscription-fraction", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": ' + MARK + '1.5, "value": "1", "replayed": false}',
         "expected a whole number, found 1.5"),
        ("event-array", 9, MARK + '["next", 1]', "expected an object, found an array"),
        ("event-missing-comma", 9, '{"seq": 9, "time": 1.0 ' + MARK + '"kind": "next", "subscription": 1, "value": "1", "replayed": false}',
         "expected ',' or '}'"),
        ("key-without-quotes", 9, '{"seq": 9, "time": 1.0, ' + MARK + 'kind: "next", "subscription": 1, "value": "1", "replayed": false}',
         "expected a field name in quotes"),
        ("single-quoted-string", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": ' + MARK + "'1', \"replayed\": false}",
         "expected a string, found '''"),
        ("trailing-comma-object", 9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": 1, "value": "1", "replayed": false, ' + MARK + '}',
         "expected a field name in quotes, found '}'"),
        ("comment", 9, MARK + '/* next */ {"seq": 9}', "expected an object, found '/'"),
    ]:
        mutate(f"field-{name}", message, event_line(index, text))
    add("trailing-comma-array", render(base_trace()).replace('"subscription": 0}\n  ]', '"subscription": 0},\n  ' + MARK + ']'),
        "expected an object, found ']'")

    for name, change, message in [
        ("signal-without-name", lambda t: t["signals"].__setitem__(1, Raw(MARK + '{"id": 1, "kind": "subject"}')), "signals[1] has no 'name'"),
        ("signal-id-order", lambda t: t["signals"].__setitem__(1, Raw('{"id": ' + MARK + '5, "kind": "subject", "name": "s"}')), "it should be 1"),
        ("capacity-on-subject", lambda t: t["signals"].__setitem__(1, Raw('{"id": 1, "kind": "subject", ' + MARK + '"capacity": 2, "name": "s"}')), "only a replaySubject has a capacity"),
        ("negative-capacity", lambda t: t["signals"].__setitem__(1, Raw('{"id": 1, "kind": "replaySubject", "capacity": ' + MARK + '-2, "name": "s"}')), "a capacity must not be negative"),
        ("source-on-subject", lambda t: t["signals"].__setitem__(1, Raw('{"id": 1, "kind": "subject", "name": "s", ' + MARK + '"source": 0}')), "only a connection has a source and a subject"),
        ("connection-without-subject", lambda t: t["signals"].__setitem__(2, Raw(MARK + '{"id": 2, "kind": "connection", "name": "c", "source": 0}')), "is a connection with no 'subject'"),
        ("subscription-without-subscriber", lambda t: t["subscriptions"].__setitem__(1, Raw(MARK + '{"id": 1, "signal": 1}')), "subscriptions[1] has no 'subscriber'"),
        ("subscriber-two-fields", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": {"label": "A", ' + MARK + '"signal": 0}}')), "has more than one of 'label', 'signal' and 'subscription'"),
        ("subscriber-unknown-field", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": {' + MARK + '"name": "A"}}')), "unknown field 'name' in the subscriber of subscriptions[1]"),
        ("subscriber-label-number", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": {"label": ' + MARK + '7}}')), "expected a string, found a number"),
        ("subscription-id-order", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": ' + MARK + '0, "signal": 1, "subscriber": {}}')), "it should be 1"),
    ]:
        mutate(f"table-{name}", message, change)

    # Dangling ids: every reference to a signal, subscription or event that does not exist.
    for name, change, message in [
        ("subscription-signal", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": ' + MARK + '99, "subscriber": {"label": "A"}}')), "subscriptions[1].signal: there is no signal 99"),
        ("subscription-signal-negative", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": ' + MARK + '-1, "subscriber": {"label": "A"}}')), "there is no signal -1"),
        ("subscriber-signal", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": ' + MARK + '{"signal": 42}}')), "subscriptions[1].subscriber: there is no signal 42"),
        ("subscriber-subscription", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": ' + MARK + '{"subscription": 42}}')), "there is no subscription 42"),
        ("subscriber-itself", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": ' + MARK + '{"subscription": 1}}')), "a subscription cannot feed itself"),
        ("parent", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": {}, "parent": ' + MARK + '7}')), "subscriptions[1].parent: there is no subscription 7"),
        ("parent-itself", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": 1, "subscriber": {}, "parent": ' + MARK + '1}')), "a subscription cannot be its own parent"),
        ("connection-subject", lambda t: t["signals"].__setitem__(2, Raw('{"id": 2, "kind": "connection", "name": "c", "source": 0, "subject": ' + MARK + '9}')), "signals[2].subject: there is no signal 9"),
        ("connection-source", lambda t: t["signals"].__setitem__(2, Raw('{"id": 2, "kind": "connection", "name": "c", "source": ' + MARK + '9, "subject": 1}')), "signals[2].source: there is no signal 9"),
        ("connection-subject-cold", lambda t: t["signals"].__setitem__(2, Raw('{"id": 2, "kind": "connection", "name": "c", "source": 1, "subject": ' + MARK + '0}')), "signal 0 is not a subject"),
        ("subscribe-to-connection", lambda t: t["subscriptions"].__setitem__(1, Raw('{"id": 1, "signal": ' + MARK + '2, "subscriber": {"label": "A"}}')), "signal 2 is a connection; subscribe to its subject"),
        ("event-subscription", event_line(9, '{"seq": 9, "time": 1.0, "kind": "next", "subscription": ' + MARK + '7, "value": "1", "replayed": false}'), "events[9].subscription: there is no subscription 7"),
        ("event-signal", event_line(8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": ' + MARK + '30, "value": "1"}'), "events[8].signal: there is no signal 30"),
        ("event-cause-later", event_line(8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", "cause": ' + MARK + '12}'), "the cause must be an earlier event, not 12"),
        ("event-cause-itself", event_line(8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", "cause": ' + MARK + '8}'), "the cause must be an earlier event, not 8"),
        ("event-cause-negative", event_line(8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": 1, "value": "1", "cause": ' + MARK + '-1}'), "the cause must be an earlier event, not -1"),
        ("signal-event", event_line(2, '{"seq": 2, "time": 0.0, "kind": "signal", "signal": ' + MARK + '3}'), "events[2].signal: there is no signal 3"),
        ("connect-event", event_line(3, '{"seq": 3, "time": 0.0, "kind": "connect", "signal": ' + MARK + '1, "first": true}'), "signal 1 is not a connection"),
        ("send-to-cold", event_line(8, '{"seq": 8, "time": 1.0, "kind": "send", "signal": ' + MARK + '0, "value": "1"}'), "signal 0 is not a subject"),
    ]:
        mutate(f"dangling-{name}", message, change)

    # Order of life: used before being made, made twice, never made.
    for name, change, message in [
        ("signal-twice", event_line(2, '{"seq": 2, "time": 0.0, "kind": "signal", "signal": ' + MARK + '1}'), "signal 1 is created twice"),
        ("subscribe-twice", event_line(6, '{"seq": 6, "time": 0.5, "kind": "subscribe", "subscription": ' + MARK + '0}'), "subscription 0 is made twice"),
        ("next-before-subscribe", lambda t: t["events"].__setitem__(6, Raw('{"seq": 6, "time": 0.5, "kind": "dispose", "subscription": ' + MARK + '1}')), "subscription 1 is used before its 'subscribe' event"),
    ]:
        mutate(f"order-{name}", message, change)
    trace = base_trace()
    trace["events"] = [trace["events"][0], trace["events"][1]]
    trace["events"].append(Raw('{"seq": 2, "time": 0.0, "kind": "subscribe", "subscription": 0}'))
    content = render(trace)
    add("order-signal-never-created", content.replace('{"id": 2, "kind": "connection"', MARK + '{"id": 2, "kind": "connection"'),
        "signals[2]: signal 2 has no 'signal' event")
    trace = base_trace()
    trace["events"] = trace["events"][:6]
    add("order-subscription-never-made", render(trace).replace('{"id": 1, "signal": 1', MARK + '{"id": 1, "signal": 1'),
        "subscriptions[1]: subscription 1 has no 'subscribe' event")
    trace = base_trace()
    trace["events"] = [trace["events"][0]] + [Raw('{"seq": 1, "time": 0.0, "kind": "subscribe", "subscription": ' + MARK + '1}')]
    add("order-subscribe-before-signal", render(trace), "subscription 1 subscribes to signal 1 before its 'signal' event")
    trace = base_trace()
    trace["events"] = trace["events"][:2] + [Raw('{"seq": 2, "time": 0.0, "kind": "connect", "signal": ' + MARK + '2, "first": true}')]
    add("order-connect-before-signal", render(trace), "signal 2 is used before its 'signal' event")

    # Events after completion, error or disposal.
    def after(name, extra, message):
        trace = base_trace()
        events = trace["events"][:13] + [Raw(extra)] + trace["events"][13:]
        trace["events"] = events
        for index, event in enumerate(events):
            if isinstance(event, dict):
                event["seq"] = index
        add(f"after-{name}", render(trace), message)

    after("completed-next", '{"seq": 13, "time": 2.0, "kind": ' + MARK + '"next", "subscription": 1, "value": "late", "replayed": false}',
          "subscription 1 already received its error or completed")
    after("completed-completed", '{"seq": 13, "time": 2.0, "kind": ' + MARK + '"completed", "subscription": 1, "replayed": false}',
          "already received its error or completed")
    after("completed-error", '{"seq": 13, "time": 2.5, "kind": ' + MARK + '"error", "subscription": 1, "message": "x", "replayed": false}',
          "already received its error or completed")
    after("completed-didsubscribe-twice", '{"seq": 13, "time": 2.0, "kind": ' + MARK + '"didSubscribe", "subscription": 0}',
          "didSubscribe runs once per subscription")
    trace = base_trace()
    trace["events"] = trace["events"] + [Raw('{"seq": 15, "time": 3.0, "kind": ' + MARK + '"next", "subscription": 1, "value": "x", "replayed": false}')]
    add("after-dispose-next", render(trace), "subscription 1 was already disposed")
    trace = base_trace()
    trace["events"] = trace["events"] + [Raw('{"seq": 15, "time": 3.0, "kind": ' + MARK + '"dispose", "subscription": 0}')]
    add("after-dispose-dispose", render(trace), "subscription 0 was already disposed")
    trace = base_trace()
    trace["events"] = trace["events"] + [Raw('{"seq": 15, "time": 3.0, "kind": ' + MARK + '"didSubscribe", "subscription": 0}')]
    add("after-dispose-didsubscribe", render(trace), "was already disposed")

    # Times: negative, backwards, not finite, not numbers.
    for name, index, value, message in [
        ("negative", 6, "-0.5", "a time must be a number of seconds from 0, not -0.5"),
        ("negative-first", 0, "-1", "not -1.0"),
        ("backwards", 9, "0.75", "time goes backwards, from 1.0 to 0.75"),
        ("backwards-tiny", 12, "1.9999999999999998", "time goes backwards"),
        ("overflow", 9, "1e400", "1e400 is out of range"),
        ("negative-overflow", 9, "-1e400", "is out of range"),
        ("nan", 9, "NaN", "expected a number, found 'N'"),
        ("infinity", 9, "Infinity", "expected a number, found 'I'"),
        ("minus-infinity", 9, "-" + MARK + "Infinity", "expected digits in a number"),
        ("hex", 9, "0" + MARK + "x10", "expected ',' or '}', found 'x'"),
        ("leading-dot", 9, ".5", "expected a number, found '.'"),
        ("trailing-dot", 9, "1." + MARK, "expected digits after '.'"),
        ("bare-exponent", 9, "1e" + MARK, "expected digits in the exponent"),
        ("long-number", 9, "1." + "0" * 70, "a number of 72 characters is too long"),
    ]:
        def change(trace, index=index, value=value):
            event = dict(trace["events"][index])
            event["time"] = Raw(value if MARK in value else MARK + value)
            trace["events"][index] = event
        mutate(f"time-{name}", message, change)
    # Huge numbers where whole numbers go.
    for name, value, message in [
        ("int-overflow", "9223372036854775808", "9223372036854775808 is too large"),
        ("int-underflow", "-9223372036854775809", "is too large"),
        ("int-max", "9223372036854775807", "there is no subscription 9223372036854775807"),
        ("int-exponent", "1e3", "expected a whole number, found 1e3"),
        ("int-long", "1" * 65, "a number of 65 characters is too long"),
    ]:
        def change(trace, value=value):
            event = dict(trace["events"][9])
            event["subscription"] = Raw(MARK + value)
            trace["events"][9] = event
        mutate(f"huge-{name}", message, change)

    # Invalid UTF-8 and escapes in strings; stray bytes outside them.
    for name, raw in [("ff", b"\xff"), ("overlong", b"\xc0\xaf"), ("surrogate", b"\xed\xa0\x80"), ("truncated", b"\xe2\x82"),
                      ("continuation", b"\x80"), ("f5", b"\xf5\x80\x80\x80"), ("max-plus-one", b"\xf4\x90\x80\x80")]:
        for field in ["title", "value", "label", "key"]:
            text = render(base_trace())
            data = text.encode()
            if field == "title":
                data = data.replace(b'"title": "publish"', b'"title": "pub' + MARK_BYTES + raw + b'lish"')
            elif field == "value":
                data = data.replace(b'"value": "1", "replayed": false, "cause": 8', b'"value": "' + MARK_BYTES + raw + b'", "replayed": false, "cause": 8')
            elif field == "label":
                data = data.replace(b'{"label": "A"}', b'{"label": "A' + MARK_BYTES + raw + b'"}')
            else:
                data = data.replace(b'"title": "publish"', b'"ti' + MARK_BYTES + raw + b'tle": "publish"')
            add(f"utf8-{name}-in-{field}", data, "a string is not valid UTF-8")
    for name, raw, message in [("ff", b"\xff", "found byte 0xFF"), ("nul", b"\x00", "found byte 0x0"),
                               ("utf16-bom", b"\xff\xfe", "found byte 0xFF"), ("bom-twice", b"\xef\xbb\xbf", "found byte 0xEF"),
                               ("control", b"\x01", "found byte 0x1"), ("nbsp", "\u00a0".encode(), "found byte 0xC2")]:
        data = render(base_trace()).encode().replace(b'"version": 1', b'"version": 1' + MARK_BYTES + raw, 1)
        add(f"stray-{name}", data, "expected ',' or '}', " + message)
    add("stray-bom-twice-at-start", b"\xef\xbb\xbf" + MARK_BYTES + b"\xef\xbb\xbf" + render(base_trace()).encode(), "expected an object, found byte 0xEF")
    add("stray-utf16-document", MARK_BYTES + render(base_trace()).encode("utf-16"), "expected an object, found byte 0xFF")
    for name, raw, message in [("bad-escape", "\\x41", "an unknown escape '\\x'"),
                               ("short-unicode", "\\u12" + MARK, "expected four hex digits after \\u"),
                               ("lone-high-surrogate", "\\ud800", "an unpaired surrogate \\ud800"),
                               ("lone-low-surrogate", "\\udc00", "an unpaired surrogate \\udc00"),
                               ("reversed-surrogates", "\\udc00\\ud800", "an unpaired surrogate \\udc00"),
                               ("high-then-letter", "\\ud83dx", "an unpaired surrogate \\ud83d"),
                               ("high-then-high", "\\ud83d\\ud83d", "an unpaired surrogate \\ud83d")]:
        data = render(base_trace()).replace('"title": "publish"', '"title": "pub' + ("" if MARK in raw else MARK) + raw + 'lish"')
        add(f"escape-{name}", data, message)
    for name, raw in [("nul", "\x00"), ("newline", "\n"), ("tab", "\t"), ("escape", "\x1b"), ("unit-separator", "\x1f")]:
        data = render(base_trace()).replace('"title": "publish"', '"title": "pub' + MARK + raw + 'lish"')
        add(f"control-{name}-in-string", data, "must be escaped in a string")

    # Deep nesting where a value is due (nothing nests in a trace, so the first bracket is refused).
    for name, field, depth in [("title", "title", 100), ("title-deep", "title", 20000), ("signals", "signals", 1000),
                               ("version", "version", 10000)]:
        prefix = "[" if name != "version" else "{\"a\": "
        nested = prefix * depth
        text = '{"format": "sigviz-trace", "' + field + '": ' + MARK + nested
        if field == "signals":  # the table's own bracket is fine; the entry that should be an object is not
            text = text.replace(MARK + "[", "[" + MARK, 1)
        message = {"title": "expected a string, found an array", "signals": "expected an object, found an array",
                   "version": "expected a whole number, found an object"}[field]
        add(f"nested-{name}", text, message)
    add("nested-top", MARK + "[" * 20000 + "]" * 20000, "expected an object, found an array")
    add("nested-objects", '{"version": 1, "signals": [{' + MARK + '{' * 5000, "expected a field name in quotes, found an object")
    add("nested-subscriber", render(base_trace()).replace('{"label": "A"}', '{"label": ' + MARK + '{"label": {"label": "A"}}}'),
        "expected a string, found an object")

    # Line endings and a byte-order mark: allowed; an error after them is still located right.
    trace = base_trace()
    trace["events"][9] = Raw('{"seq": 9, "time": 1.0, "kind": "next", "subscription": ' + MARK + '7, "value": "1", "replayed": false}')
    add("crlf-dangling", render(trace).replace("\n", "\r\n"), "events[9].subscription: there is no subscription 7")
    add("bom-dangling", "\ufeff" + render(trace), "events[9].subscription: there is no subscription 7")
    add("bom-crlf-dangling", "\ufeff" + render(trace).replace("\n", "\r\n"), "events[9].subscription: there is no subscription 7")
    add("lone-cr-dangling", render(trace).replace("\n", "\r"), "events[9].subscription: there is no subscription 7")
    add("no-newlines-dangling", render(trace).replace("\n", ""), "events[9].subscription: there is no subscription 7")
    add("tabs-dangling", render(trace).replace("  ", "\t"), "events[9].subscription: there is no subscription 7")
    add("unicode-before-error", render(trace).replace('"title": "publish"', '"title": "😀 ‮ مرحبا e\u0301"'),
        "events[9].subscription: there is no subscription 7")
    return cases


if __name__ == "__main__":
    scenarios = write("scenario", ".sigviz", scenario_cases(), skip_bom=True)
    traces = write("trace", ".json", trace_cases(), skip_bom=False)
    print(f"wrote {scenarios} scenario files and {traces} trace files")
