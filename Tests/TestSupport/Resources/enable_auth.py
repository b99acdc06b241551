"""Turn on moto's IAM-like access control and print the test user's key as JSON.

Usage: python3 enable_auth.py http://127.0.0.1:PORT

Creates the IAM user "zonectl-tests" with an allow-all policy and an access key (moto accepts
these calls unsigned until auth is on), then POSTs "0" to /moto-api/reset-auth so that every
later request must be signed with a key moto knows
(https://docs.getmoto.org/en/latest/docs/iam.html#iam-like-access-control).
Prints {"accessKeyID": ..., "secretAccessKey": ...} on stdout.
"""
import json
import sys
import urllib.request

import boto3

endpoint = sys.argv[1]
iam = boto3.client(
    "iam", endpoint_url=endpoint, region_name="us-east-1",
    aws_access_key_id="setup", aws_secret_access_key="setup")
iam.create_user(UserName="zonectl-tests")
policy = iam.create_policy(
    PolicyName="zonectl-tests-all",
    PolicyDocument=json.dumps({
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}],
    }))
iam.attach_user_policy(UserName="zonectl-tests", PolicyArn=policy["Policy"]["Arn"])
key = iam.create_access_key(UserName="zonectl-tests")["AccessKey"]

request = urllib.request.Request(
    endpoint + "/moto-api/reset-auth", data=b"0", method="POST",
    headers={"Content-Type": "text/plain"})
with urllib.request.urlopen(request) as response:
    response.read()

json.dump({"accessKeyID": key["AccessKeyId"], "secretAccessKey": key["SecretAccessKey"]}, sys.stdout)
