"""`keylex count` as an Apache Spark job: the word n-grams of raw text, as sorted, sharded count files.

    spark-submit [--master URL] --py-files scripts/spark/keylex_text.py scripts/spark/count_ngrams.py \
        [--shards N] TEXT... OUTPUT

(or, on one machine, `python3 scripts/spark/count_ngrams.py …` with PySpark installed: local mode).

TEXT is a file, a folder or a glob that Spark reads (a local path, hdfs://, s3a://…; gzip or plain
UTF-8, as `keylex count` takes them). OUTPUT is a folder that must not exist: it receives
part-00000 … part-(N-1), count files (`the cat<TAB>12`) whose lines are sorted by their UTF-8
bytes within each part and across parts, so that the parts read in order are the one count file
`keylex count` writes for the same text, byte for byte; `keylex count OUTPUT -o FILE` merges them
into that file as a stream. Each file is counted whole by one task (an n-gram may span lines), so
split a huge corpus into many files at paragraph breaks. Workers need Python's `regex` package.
A file that `keylex count` would reject fails the job with the same path, line and column, and
leaves no OUTPUT.
"""

import argparse
import os
import sys

from pyspark.sql import SparkSession

import keylex_text


def counted(item):
    """The (n-gram, count) pairs of one input file."""
    path, data = item
    return keylex_text.count_file(path, bytes(data)).items()


def add(a, b):
    return min(a + b, keylex_text.MAX_COUNT)


def main(argv):
    parser = argparse.ArgumentParser(description="Counts word n-grams like `keylex count`, into sorted count-file shards.")
    parser.add_argument("--shards", type=int, default=0, help="count files to write (default: Spark's default parallelism)")
    parser.add_argument("inputs", nargs="+", metavar="TEXT")
    parser.add_argument("output", metavar="OUTPUT")
    args = parser.parse_args(argv)

    spark = SparkSession.builder.appName("keylex count").getOrCreate()
    context = spark.sparkContext
    context.setLogLevel("ERROR")
    beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keylex_text.py")
    if os.path.exists(beside):
        context.addPyFile(beside)  # for the workers (on a cluster, --py-files ships it)
    shards = args.shards if args.shards > 0 else context.defaultParallelism
    try:
        # A hint: Spark packs files smaller than spark.files.openCostInBytes (4 MB) into one task.
        files = context.binaryFiles(",".join(args.inputs), minPartitions=shards)
        counts = files.flatMap(counted).reduceByKey(add, numPartitions=shards)
        # Range-partitioned by the line's sort key: part i holds only n-grams before part i+1's.
        lines = counts.sortBy(lambda item: item[0] + "\t", numPartitions=shards).map(lambda item: f"{item[0]}\t{item[1]}")
        lines.saveAsTextFile(args.output)
    except Exception as error:
        # A file keylex would reject: its message, without the JVM's and the worker's stack traces.
        message = next((line.split("InputError: ", 1)[1] for line in str(error).splitlines() if "InputError: " in line), None)
        if message is None and "FileAlreadyExistsException" in str(error):
            message = f"{args.output}: error: the output folder exists already; name a new one"
        if message is None:
            raise
        print(message, file=sys.stderr)
        sys.exit(1)
    finally:
        spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
