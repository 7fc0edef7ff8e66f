#!/usr/bin/env python3
"""Runs a part of the test suite for CI, bounded in time, and tells flaky from broken.

    .ci/test-runner.py NAME SECONDS (--filter REGEX | --skip REGEX) [-- SWIFT_TEST_ARGS...]

The part runs once (`swift test --skip-build --xunit-output …` with the arguments after `--`).
Each test that failed is then run again on its own, by name: one that passes the second time is
printed as FLAKY and does not fail CI; one that fails twice does. A run that hangs past SECONDS or
crashes ends the process without a report: the tests it had started and not finished are the
suspects. They are run again on their own, and the rest of the part is run again without them, so
that every test has run to the end at least once. The exit status is 0 only when every test passed
once and none failed twice.
"""

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

RESULTS_DIR = os.path.join(".build", "ci-test-results")


def test_name(test_id):
    """A test's id without its source location: Module.Suite/name(arguments:)."""
    return re.sub(r"/[^/]+\.swift:\d+:\d+$", "", test_id)


def run(name, timeout, selection, extra):
    """Runs swift test once; returns (exit status, or None when it hung; failed test ids; unfinished test ids).

    Swift Testing's event stream (one JSON event a line, written as it happens) says which tests
    started, ended and recorded an issue, even when the run is killed."""
    os.makedirs(RESULTS_DIR, exist_ok=True)
    events = os.path.join(RESULTS_DIR, f"{name}.jsonl")
    if os.path.exists(events):
        os.remove(events)
    command = ["swift", "test", "--skip-build", "--event-stream-output-path", events, "--event-stream-version", "0"] + selection + extra
    print("$ " + " ".join(command), flush=True)
    process = subprocess.Popen(command, start_new_session=True)
    try:
        status = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"== {name}: still running after {timeout} s; ending it", flush=True)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        status = None
    tests, started, ended, failed = set(), [], set(), []
    if os.path.exists(events):
        for line in open(events, encoding="utf-8"):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # the last line of a killed run may be cut short
            payload = record.get("payload", {})
            if record.get("kind") == "test":
                if payload.get("kind") == "function":
                    tests.add(payload["id"])
                continue
            kind, test = payload.get("kind"), payload.get("testID")
            if test not in tests:
                continue
            if kind == "testStarted":
                started.append(test)
            elif kind == "testEnded":
                ended.add(test)
            elif kind == "issueRecorded":
                issue = payload.get("issue", {})
                if not issue.get("isKnown") and issue.get("severity", "error") == "error":
                    failed.append(test)
    failed = [test_name(test) for test in dict.fromkeys(failed)]
    unfinished = [test_name(test) for test in dict.fromkeys(started) if test not in ended]
    if status == 0 and not started:
        # A selection that matched nothing passes vacuously; that is not a pass.
        return 1, ["(no test matched " + " ".join(selection) + ")"], []
    return status, failed, unfinished


def exact(test_id):
    """A filter that selects one test by its full id (Module.Suite/name(arguments:)); a parameterized
    test's cases have ids below it."""
    return "^" + re.escape(test_id) + "(/|$)"


def main():
    arguments = sys.argv[1:]
    extra = []
    if "--" in arguments:
        index = arguments.index("--")
        arguments, extra = arguments[:index], arguments[index + 1 :]
    name, timeout, mode, regex = arguments[0], int(arguments[1]), arguments[2], arguments[3]
    assert mode in ("--filter", "--skip"), "give --filter REGEX or --skip REGEX"
    start = time.monotonic()
    status, failed, unfinished = run(name, timeout, [mode, regex], extra)
    suspects = []
    if status != 0 and not failed and not unfinished:
        print(f"== {name}: swift test exited with {status} and no test failed or was left unfinished; that is a failure of its own")
        return 1
    if status is None or (status != 0 and unfinished):
        what = "hung" if status is None else f"crashed (exit status {status})"
        print(f"== {name}: the run {what}; tests started and not finished: {unfinished}")
        suspects = list(unfinished)
        # The rest of the part, without the suspects, so that every test runs to the end once.
        skip = "|".join(exact(test) for test in suspects)
        rest = [mode, regex] + ["--skip", skip] if mode == "--filter" else ["--skip", f"{regex}|{skip}"]
        status, more_failed, more_unfinished = run(name + "-rest", timeout, rest, extra)
        failed += more_failed
        if status is None or more_unfinished:
            print(f"== {name}: the run without the suspects hung or crashed too ({more_unfinished}); not retrying further")
            return 1
    flaky, broken = [], []
    for test in dict.fromkeys(failed + suspects):
        status, again_failed, again_unfinished = run(name + "-again", timeout, ["--filter", exact(test)], extra)
        (flaky if status == 0 and not again_failed and not again_unfinished else broken).append(test)
    for test in flaky:
        print(f"FLAKY (failed, hung or crashed once, then passed alone): {test}")
    for test in broken:
        print(f"FAILED TWICE: {test}")
    print(f"== {name}: {len(broken)} failed twice, {len(flaky)} flaky, in {time.monotonic() - start:.0f} s")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
