"""Names every response head of a JSON Lines corpus with `filenamekit batch` on Apache Spark.

    spark-submit --files /path/to/filenamekit job.py CORPUS OUT_DIR [--partitions N] [--binary ./filenamekit]

Each partition's lines are piped through one `filenamekit batch` process (`RDD.pipe`); the binary is
shipped to the executors with the job (`--files`, or `SparkContext.addFile` here when `--binary` names a
local file). `filenamekit batch` writes one answer line per request line, in input order, with the
request's `id`, so a partition's output lines match its input lines one for one.

With `--check REFERENCE`, the answers are collected per partition and compared, line for line and in
order, with one local `filenamekit batch` run over the whole corpus (REFERENCE), and the run fails on
any difference. Throughput is printed either way.
"""
import argparse
import json
import os
import sys
import time

from pyspark import SparkConf, SparkContext, SparkFiles


def main():
    p = argparse.ArgumentParser()
    p.add_argument("corpus")
    p.add_argument("out")
    p.add_argument("--partitions", type=int, default=4)
    p.add_argument("--binary", default="./filenamekit",
                   help="a local file to ship with addFile, or the name --files gave it on the executors")
    p.add_argument("--master", default=None)
    p.add_argument("--check", default=None, help="the answers of one local `filenamekit batch` run")
    a = p.parse_args()

    conf = (SparkConf().setAppName("filenamekit-names").set("spark.ui.enabled", "false")
            .set("spark.ui.showConsoleProgress", "false"))
    if a.master:
        conf = conf.setMaster(a.master)
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    command = a.binary
    if os.path.isfile(a.binary) and os.path.isabs(a.binary):
        sc.addFile(a.binary)
        # Local mode: the executors share this machine, so the shipped copy's path is the driver's.
        command = SparkFiles.get(os.path.basename(a.binary))
        os.chmod(command, 0o755)
    lines = sc.textFile(a.corpus, minPartitions=a.partitions)
    start = time.monotonic()
    answers = lines.pipe(command + " batch --jobs 1")
    if a.check is None:
        answers.saveAsTextFile(a.out)
        count = answers.count()
        elapsed = time.monotonic() - start
        print(f"spark: {count} lines in {elapsed:.2f} s ({count / elapsed:,.0f} lines/s)")
        return 0
    inputs = lines.glom().collect()
    outputs = answers.glom().collect()
    elapsed = time.monotonic() - start
    with open(a.check, encoding="utf-8") as f:
        reference = [line.rstrip("\n") for line in f]
    problems = []
    if len(inputs) != len(outputs):
        problems.append(f"{len(inputs)} input partitions, {len(outputs)} output partitions")
    at = 0
    for k, (ins, outs) in enumerate(zip(inputs, outputs)):
        if len(ins) != len(outs):
            problems.append(f"partition {k}: {len(ins)} lines in, {len(outs)} out")
        for j, (i, o) in enumerate(zip(ins, outs)):
            if json.loads(i).get("id") != json.loads(o).get("id"):
                problems.append(f"partition {k} line {j}: id {json.loads(o).get('id')} for request {json.loads(i).get('id')}")
            if at + j >= len(reference) or reference[at + j] != o:
                problems.append(f"partition {k} line {j}: answer differs from the local run")
            if len(problems) > 10:
                break
        at += len(ins)
    total = sum(len(o) for o in outputs)
    if at != len(reference):
        problems.append(f"{at} lines in the partitions, {len(reference)} in the local run")
    print(f"spark: {len(outputs)} partitions, {total} answers in {elapsed:.2f} s "
          f"({total / elapsed:,.0f} lines/s, JVM start excluded, collect included)")
    for problem in problems[:10]:
        print("spark: DIFFERS:", problem, file=sys.stderr)
    sc.stop()
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
