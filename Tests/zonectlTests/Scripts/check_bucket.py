"""Independent check of a published S3 prefix, read with boto3 as a client would.

usage: check_bucket.py ENDPOINT BUCKET PREFIX   (credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)

Reads PREFIX/manifest.json and downloads every artifact it names (point files included): present, stored size, gzip,
uncompressed size and sha256 as the manifest says. Then every PREFIX/manifests/*.json: each
must name only objects that exist. Prints one JSON object: the served version and previous,
the keys under the prefix, the versioned manifests and the problems found.
"""
import gzip
import hashlib
import json
import sys

import boto3

endpoint, bucket, prefix = sys.argv[1], sys.argv[2], sys.argv[3].rstrip("/") + "/"
s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")


def get(key):
    return s3.get_object(Bucket=bucket, Key=prefix + key)["Body"].read()


def artifacts(manifest):
    points = [
        f
        for layer in manifest.get("points") or []
        for city in layer["cities"]
        for f in [city["band"]] + city["metatiles"] + ([city["index"]] if city.get("index") else [])
    ]
    return [manifest["styles"]] + manifest["cities"] + points


# The listing prefix has no '/': moto cannot verify signatures of percent-encoded query values.
keys = set()
for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix.rstrip("/")):
    keys.update(o["Key"][len(prefix):] for o in page.get("Contents", []) if o["Key"].startswith(prefix))

problems = []
result = {"keys": sorted(keys), "problems": problems}
if "manifest.json" in keys:
    served = json.loads(get("manifest.json"))
    result.update(version=served["version"], previous=served["previous"])
    for a in artifacts(served):
        if a["key"] not in keys:
            problems.append(f"manifest.json names missing {a['key']}")
            continue
        stored = get(a["key"])
        raw = gzip.decompress(stored)
        if len(stored) != a["encodedBytes"] or len(raw) != a["bytes"]:
            problems.append(f"{a['key']}: sizes differ from manifest.json")
        if hashlib.sha256(raw).hexdigest() != a["sha256"]:
            problems.append(f"{a['key']}: sha256 differs from manifest.json")
    if f"manifests/{served['version']}.json" not in keys:
        problems.append(f"manifests/{served['version']}.json (the served version) is missing")

versioned = sorted(k for k in keys if k.startswith("manifests/"))
result["manifests"] = versioned
for key in versioned:
    m = json.loads(get(key))
    problems += [f"{key} names missing {a['key']}" for a in artifacts(m) if a["key"] not in keys]
json.dump(result, sys.stdout)
