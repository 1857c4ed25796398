"""What the fuzzing runs covered, from their NDJSON event logs: generated cases per operation
(summed over the runs and phases), failures; exits non-zero when an operation of the document
got fewer than the minimum number of cases.

    python3 summary.py MIN_CASES DOCUMENT.json RUN.ndjson...
    python3 summary.py --short-except PATH MIN_CASES DOCUMENT.json RUN.ndjson...

With --short-except, prints instead a regular expression matching the names of the operations
that got fewer than the minimum, but for those of PATH (nothing when there are none), for
Schemathesis's --include-name-regex.
"""

import collections
import json
import re
import sys

args = sys.argv[1:]
list_short = args[:1] == ["--short-except"]
if list_short:
    except_path, args = args[1], args[2:]
minimum = int(args[0])
with open(args[1]) as f:
    document = json.load(f)
operations = {f"{method.upper()} {path}" for path, item in document["paths"].items() for method in item}

cases = collections.Counter()
failures = collections.Counter()
for path in args[2:]:
    with open(path) as f:
        for line in f:
            event = json.loads(line)
            finished = event.get("ScenarioFinished")
            if not finished:
                continue
            recorder = finished["recorder"]
            # A skipped phase (the stateful one, when the document has no links) records no cases.
            cases[recorder["label"]] += len(recorder.get("cases", {}))
            failures[recorder["label"]] += sum(1 for checks in recorder.get("checks", {}).values()
                                               for check in checks if check.get("status") == "failure")

short = sorted(op for op in operations if cases[op] < minimum)
if list_short:
    short = [op for op in short if op.split(" ", 1)[1] != except_path]
    if short:
        print("^(?:" + "|".join(re.escape(op) for op in short) + ")$")
    sys.exit(0)
print(f"operations: {len(operations)}, cases: {sum(cases[op] for op in operations)}, "
      f"fewest for one operation: {min(cases[op] for op in operations)}, failed checks: {sum(failures.values())}")
for op in sorted(operations):
    print(f"  {cases[op]:6} {op}" + (f"  ({failures[op]} failed checks)" if failures[op] else ""))
if short:
    print(f"fewer than {minimum} cases: {', '.join(short)}")
    sys.exit(1)
