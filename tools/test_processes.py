#!/usr/bin/env python3
"""Runs a built test bundle's tests in several processes at once: tools/test's whole-suite run.

    tools/test_processes.py .build/debug/ReelPackageTests.xctest

Why: Swift Testing runs one process's tests on a cooperative thread pool as wide as the machine
has cores (two on the project's CI machine). Most of Reel's tests start a `reel` process and wait
for it, or wait for SQLite to reach the disk, and a test that waits holds its pool thread: in one
process the two cores sat idle for a third of the run (docs/history/PERFORMANCE.md, "Session 17: the test
run"). Several processes, each with its own pool, keep the cores busy while others wait.

How: the Swift Testing tests are listed (`--list-tests`), grouped by suite (a suite never spans
two processes, so `.serialized` suites stay serialized), and dealt round-robin into batches. A pool
of worker slots runs one bundle process per batch with a `--filter` naming its suites; the suites
named in LONG_SUITES get a batch each and start first, so the run does not end waiting for one of
them. XCTest cases, if the bundle has any, run in one more process.

Every batch's output is printed whole when it ends, in the order batches end. The run passes only
when every process exits 0 and the processes together ran exactly as many tests as were listed,
so a test that no filter matched cannot pass unnoticed. A failing batch is named with the command
that runs it again.

Environment: REEL_TEST_PROCESSES, how many processes run at once (default: twice the cores).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Suites seen running longest in an event stream of a whole run (session 17, two cores; the
# oracles take about 23 s in a process of their own): the independent oracles, the determinism
# check, the decision arithmetic, the engine-reply fuzzing and the engine-process failure tests.
# A name that no longer exists only loses its head start.
LONG_SUITES = [
    "ReelOracleTests.DifferentialTests/",
    "ReelEngineTests.DeterminismTests/",
    "ReelReportTests.DecisionArithmeticTests/",
    "ReelFuzzTests.EngineReplyProxyFuzzTests/",
    "ReelRunnerTests.PipelinedEngineTests/",
    "ReelRunnerTests.ExternalEngineFailureTests/",
]
BATCHES_PER_PROCESS = 4
RUN_LINE = re.compile(r"Test run with (\d+) tests? .*(passed|failed)")


def listed_tests(bundle):
    """The Swift Testing IDs the bundle lists, one per test function."""
    listing = subprocess.run([bundle, "--testing-library", "swift-testing", "--list-tests"],
                             capture_output=True, text=True)
    if listing.returncode != 0:
        sys.exit(f"test_processes: {bundle} --list-tests exited {listing.returncode}:\n{listing.stderr}")
    return [line for line in listing.stdout.splitlines() if line.strip()]


def xctest_count(bundle):
    """How many XCTest cases the bundle holds (its `--list-tests` says "Listing N tests")."""
    listing = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True)
    match = re.search(r"Listing (\d+) tests?", listing.stdout)
    if listing.returncode != 0 or match is None:
        sys.exit(f"test_processes: {bundle} --list-tests (XCTest) exited {listing.returncode}:\n{listing.stderr}")
    return int(match.group(1))


def suite_key(test_id):
    """`Module.Suite/test()` belongs to `Module.Suite/`; a test outside any suite is its own key."""
    return test_id.split("/", 1)[0] + "/" if "/" in test_id else test_id


def batches_of(tests, processes):
    keys = sorted({suite_key(test) for test in tests})
    long_first = [key for key in LONG_SUITES if key in keys]
    rest = [key for key in keys if key not in long_first]
    count = max(1, min(len(rest), processes * BATCHES_PER_PROCESS))
    return [[key] for key in long_first] + [rest[index::count] for index in range(count) if rest[index::count]]


def filter_of(keys):
    return "^(?:" + "|".join(re.escape(key) for key in keys) + ")"


def run_all(jobs, processes, logs):
    """Runs the jobs, `processes` at a time, printing each one's output when it ends. Returns how
    many Swift Testing tests the processes ran and a line for each process that failed. On an
    interrupt the processes still running are stopped before it goes on."""
    running = {}
    failed = []
    ran = 0
    next_job = 0
    try:
        while next_job < len(jobs) or running:
            while next_job < len(jobs) and len(running) < processes:
                kind, keys, command = jobs[next_job]
                log = open(os.path.join(logs, f"{next_job}.log"), "w+")
                process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
                running[process.pid] = (next_job, log, process)
                next_job += 1
            pid, status = os.wait()
            if pid not in running:
                continue
            index, log, process = running.pop(pid)
            # Reaped here by os.wait: tell the Popen object, so that it never waits for the pid again.
            process.returncode = code = os.waitstatus_to_exitcode(status)
            kind, keys, command = jobs[index]
            log.seek(0)
            output = log.read()
            log.close()
            sys.stdout.write(output if output.endswith("\n") or not output else output + "\n")
            if kind == "swift-testing":
                counted = [int(match.group(1)) for match in RUN_LINE.finditer(output)]
                ran += counted[-1] if counted else 0
            if code != 0:
                how = f"killed by signal {-code}" if code < 0 else f"exit {code}"
                again = "tools/test" if kind == "xctest" else f"tools/test --filter '{filter_of(keys)}'"
                failed.append(f"{how}: {again}")
            sys.stdout.flush()
    finally:
        for _, log, process in running.values():
            process.kill()
            process.wait()
            log.close()
    return ran, failed


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tools/test_processes.py PATH/TO/Bundle.xctest")
    bundle = sys.argv[1]
    processes = int(os.environ.get("REEL_TEST_PROCESSES") or 2 * (os.cpu_count() or 1))
    if processes < 1:
        sys.exit("test_processes: REEL_TEST_PROCESSES must be at least 1")
    tests = listed_tests(bundle)
    if not tests:
        sys.exit(f"test_processes: {bundle} lists no Swift Testing test")
    jobs = [("swift-testing", keys, [bundle, "--testing-library", "swift-testing", "--filter", filter_of(keys)])
            for keys in batches_of(tests, processes)]
    expected_xctests = xctest_count(bundle)
    if expected_xctests:
        jobs.append(("xctest", [], [bundle]))
    print(f"test_processes: {len(tests)} tests in {len(jobs)} processes, {processes} at a time", flush=True)

    started = time.monotonic()
    logs = tempfile.mkdtemp(prefix="reel-test-processes-")
    try:
        ran, failed = run_all(jobs, processes, logs)
    except KeyboardInterrupt:
        print("test_processes: interrupted; the test processes were stopped", file=sys.stderr)
        sys.exit(130)
    finally:
        shutil.rmtree(logs, ignore_errors=True)
    seconds = time.monotonic() - started
    if ran != len(tests):
        failed.append(f"the processes ran {ran} Swift Testing tests where {len(tests)} were listed")
    if failed:
        print(f"test_processes: FAILED after {seconds:.1f} s; {len(failed)} of {len(jobs)} processes or checks failed:")
        for line in failed:
            print(f"  {line}")
        sys.exit(1)
    extra = f" and {expected_xctests} XCTest cases" if expected_xctests else ""
    print(f"test_processes: {ran} tests{extra} passed in {len(jobs)} processes after {seconds:.1f} s")


if __name__ == "__main__":
    main()
