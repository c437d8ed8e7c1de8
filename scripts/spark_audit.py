"""The Spark proof of `apns-lint check --format json-lines` (run by scripts/spark-audit, which installs PySpark).

Generates a JSON Lines send log (deterministic: the one-object examples of Examples/json, good ones 19 times for each
bad one, each record with a log id of its own), lints it with one `apns-lint check LOG --format json-lines`, then
with Spark (the recipe of docs/integrations.md, section "Spark / PySpark", executed as the page writes it) at 1, 2 and
all cores in parallel, prints records/s for each, and compares the findings with the single check's, finding for
finding and in order (each finding's line as apns-lint wrote it, by its SHA-256). Exit status: 0 equal, 1 a
mismatch, 2 another failure.
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK = 1000  # records written per template block


def compact(text):
    """`text` without the spaces and line breaks outside its strings (duplicate keys and every value kept as written)."""
    out, in_string, escaped = [], False, False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in " \t\r\n":
            continue
        out.append(character)
    return "".join(out)


def templates():
    """The examples of Examples/json as one-line records: (good, bad), each sorted by file name."""
    def one_line(path):
        with open(path, "rb") as handle:
            text = handle.read()
        # A byte order mark, or a file that is not one object (several lines of JSON Lines, a top-level array), is
        # left out: a record is one line, one object.
        if text.startswith(b"\xef\xbb\xbf") or not text.lstrip().startswith(b"{") or len(text) > 1024:
            return None
        return compact(text.decode())

    def folder(name):
        directory = os.path.join(ROOT, "Examples", "json", name)
        found = (one_line(os.path.join(directory, entry)) for entry in sorted(os.listdir(directory)) if entry.endswith(".json"))
        return [record for record in found if record and record.endswith("}")]
    return folder("good"), folder("bad")


def generate(path, records):
    """Writes `records` records to `path`: blocks of 1,000 made once from the templates, each block's log ids
    (`"log-id": "BBBBBBBB-NNN"`) told apart by its number."""
    good, bad = templates()
    lines = []
    for index in range(BLOCK):
        record = bad[(index // 20) % len(bad)] if index % 20 == 7 else good[index % len(good)]
        # The log id goes where a sender's own keys go: beside "aps" in the payload (a request's "payload").
        log_id = '"log-id":"@@@@@@@@-%03d",' % index
        lines.append(record.replace('"payload":{', '"payload":{' + log_id, 1) if '"payload":{' in record else "{" + log_id + record[1:])
    block = "\n".join(lines) + "\n"
    with open(path, "w", encoding="utf-8") as out:
        for number in range(records // BLOCK):
            out.write(block.replace("@@@@@@@@", "%08x" % number))
        rest = records % BLOCK
        if rest:
            out.write("\n".join(lines[:rest]).replace("@@@@@@@@", "%08x" % (records // BLOCK)) + "\n")


def recipe():
    """The first Python block of docs/integrations.md's "Spark / PySpark" section, as written."""
    with open(os.path.join(ROOT, "docs", "integrations.md"), encoding="utf-8") as handle:
        page = handle.read()
    section = page.split("\n## Spark / PySpark\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    if not block:
        raise SystemExit("spark_audit: no ```python block in docs/integrations.md's Spark / PySpark section")
    return block.group(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--records", type=int, default=10_000_000)
    parser.add_argument("--work", required=True, help="a folder for the log and the reports")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    log = os.path.join(arguments.work, "send-log.jsonl")

    started = time.monotonic()
    generate(log, arguments.records)
    print(f"generated {arguments.records:,} records ({os.path.getsize(log) / 1e6:,.0f} MB) in {time.monotonic() - started:.1f} s",
          flush=True)

    single = os.path.join(arguments.work, "single.jsonl")
    # One time for every run: the date rules' messages name it.
    now = int(time.time())
    started = time.monotonic()
    with open(single, "wb") as out:
        status = subprocess.run([binary, "check", log, "--format", "json-lines", "--exit-zero", "--now", str(now)], stdout=out).returncode
    seconds = time.monotonic() - started
    if status != 0:
        print(f"spark_audit: apns-lint check exited {status}", file=sys.stderr)
        return 2
    with open(single, "rb") as handle:
        expected = [hashlib.sha256(line.rstrip(b"\n")).hexdigest() for line in handle]
    print(f"apns-lint check (one process): {len(expected):,} findings, {seconds:.1f} s, "
          f"{arguments.records / seconds:,.0f} records/s", flush=True)
    if not expected:
        print("spark_audit: the log has no findings; nothing to compare", file=sys.stderr)
        return 2

    from pyspark.sql import SparkSession
    from pyspark.sql import functions
    namespace = {}
    exec(compile(recipe(), "docs/integrations.md (Spark / PySpark)", "exec"), namespace)
    lint_log = namespace["lint_log"]

    mismatch = False
    for cores in ["1", "2", "*"]:
        spark = (SparkSession.builder.master(f"local[{cores}]").appName("apns-lint spark-audit")
                 .config("spark.ui.enabled", "false").config("spark.driver.memory", "2g")
                 # No progress bar: in a log it is one line of carriage returns per stage, megabytes at this size.
                 .config("spark.ui.showConsoleProgress", "false").getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        try:
            started = time.monotonic()
            findings = lint_log(spark, log, apns_lint=binary, now=now)
            # In the order Spark holds them: partitions in the file's order, findings in each partition's.
            rows = findings.select(functions.sha2("finding", 256), "record", "line", "offset").collect()
            seconds = time.monotonic() - started
            partitions = findings.rdd.getNumPartitions()
        finally:
            spark.stop()
        found = [row[0] for row in rows]
        same = found == expected
        mismatch |= not same
        print(f"Spark local[{cores}], {partitions} partitions: {len(found):,} findings, {seconds:.1f} s, "
              f"{arguments.records / seconds:,.0f} records/s, {'the same findings' if same else 'DIFFERENT findings'}", flush=True)
        if not same:
            extra = len(set(found) - set(expected))
            missing = len(set(expected) - set(found))
            first = next((index for index, (a, b) in enumerate(zip(found, expected)) if a != b), min(len(found), len(expected)))
            print(f"  MISMATCH: {extra:,} findings not in the single check, {missing:,} missing; the first difference is "
                  f"finding {first + 1:,} (Spark's record {rows[first][1] if first < len(rows) else '-'})", file=sys.stderr)
    return 1 if mismatch else 0


if __name__ == "__main__":
    sys.exit(main())
