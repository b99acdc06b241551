"""Kill-and-rerun soak of `zonectl publish` against moto_server (run by bench/soak-publish.sh).

usage: soak_publish.py --zonectl BIN --proxy BIN --work DIR [--rounds N] [--seed N] [--keep-versions N]

Builds the sample zones twice (two simplification tolerances, so every city's artifact differs
between the two builds), starts moto_server on 127.0.0.1 with signature checking on
(Tests/TestSupport/Resources/enable_auth.py) and publishes the first build. Then each round:

1. publishes the other build through `fault-proxy` (Tests/FaultProxyTool), which slows the
   PUTs and DELETEs, holds the Nth one, or answers one wrongly (dropped response, reset,
   SlowDown), and kills the publish with SIGKILL at a random moment;
2. checks the prefix: manifest.json is there, it and every versioned manifest name only objects
   that exist with the size and SHA-256 they say (Tests/zonectlTests/Scripts/check_bucket.py,
   boto3), and `zonectl verify` passes;
3. runs the same publish again straight to moto: it must succeed and serve that build (the
   artifacts of its manifest), and the prefix is checked again.

Where each kill landed is judged from the store (what landed) and the proxy's log (what was
sent): before any upload, during the artifacts, between the versioned manifest and the switch
of manifest.json, after the switch (during retention's deletes or after them); a publish that
ended before its kill is counted apart. Prints one line per round and a summary; exits 1 if
any round failed.
"""
import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECK_BUCKET = os.path.join(ROOT, "Tests/zonectlTests/Scripts/check_bucket.py")
ENABLE_AUTH = os.path.join(ROOT, "Tests/TestSupport/Resources/enable_auth.py")
BUCKET = "zonectl-soak"
PREFIX = "soak"
PHASES = ["before any upload", "during artifacts", "during manifest", "after the switch (retention)",
          "after the switch"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, timeout, step=0.01):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


class Soak:
    def __init__(self, args):
        self.args = args
        self.work = args.work
        self.rng = random.Random(args.seed)
        self.python = sys.executable
        self.children = []

    # ------------------------------------------------------------------ set-up
    def start_moto(self):
        moto = shutil.which("moto_server", path=os.path.dirname(self.python) + os.pathsep + os.environ.get("PATH", ""))
        if not moto:
            sys.exit("soak: moto_server not found next to %s or on PATH (scripts/install-deps.sh --test)" % self.python)
        self.moto_port = free_port()
        log = open(os.path.join(self.work, "moto.log"), "wb")
        self.moto = subprocess.Popen([moto, "-H", "127.0.0.1", "-p", str(self.moto_port)],
                                     stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        self.children.append(self.moto)
        def listening():
            try:
                socket.create_connection(("127.0.0.1", self.moto_port), timeout=0.2).close()
                return True
            except OSError:
                return False
        if not wait_for(listening, 30, 0.1):
            sys.exit("soak: moto_server did not start (see %s/moto.log)" % self.work)
        key = json.loads(subprocess.run([self.python, ENABLE_AUTH, self.endpoint(self.moto_port)],
                                        check=True, capture_output=True, text=True).stdout)
        self.env = dict(os.environ, AWS_ACCESS_KEY_ID=key["accessKeyID"], AWS_SECRET_ACCESS_KEY=key["secretAccessKey"],
                        AWS_REGION="us-east-1", HOME=self.work)
        for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN"):
            self.env.pop(name, None)
        subprocess.run([self.python, "-c", "import boto3, sys; boto3.client('s3', endpoint_url=sys.argv[1], "
                        "region_name='us-east-1').create_bucket(Bucket=sys.argv[2])",
                        self.endpoint(self.moto_port), BUCKET], check=True, env=self.env)

    @staticmethod
    def endpoint(port):
        return "http://127.0.0.1:%d" % port

    def build(self, name, tolerance):
        config = os.path.join(self.work, name + ".yml")
        with open(config, "w") as f:
            f.write("simplify:\n  tolerance_m: %s\n" % tolerance)
        subprocess.run([self.args.zonectl, "build", "--config", config, "--zones", os.path.join(ROOT, "zones"),
                        "--out", os.path.join(self.work, name), "--no-cache"],
                       check=True, cwd=self.work, stdout=subprocess.DEVNULL)
        with open(os.path.join(self.work, name, "manifest.json")) as f:
            m = json.load(f)
        return sorted([m["styles"]["key"]] + [c["key"] for c in m["cities"]])

    def write_publish_config(self):
        # publish reads only this section (the build comes from --dist, the target from --target).
        self.publish_config = os.path.join(self.work, "publish.yml")
        with open(self.publish_config, "w") as f:
            f.write("publish:\n  keep_versions: %d\n  concurrency: 4\n  max_attempts: 4\n  stall_timeout_s: 10\n"
                    % self.args.keep_versions)

    # ------------------------------------------------------------------ zonectl and the store
    def publish_command(self, dist):
        return [self.args.zonectl, "publish", "--dist", os.path.join(self.work, dist), "--config", self.publish_config,
                "--target", "s3://%s/%s" % (BUCKET, PREFIX), "--format", "json"]

    def run(self, command, port=None, timeout=120):
        env = dict(self.env, AWS_ENDPOINT_URL=self.endpoint(port or self.moto_port))
        return subprocess.run(command, cwd=self.work, env=env, capture_output=True, text=True, timeout=timeout)

    def verify(self):
        return self.run([self.args.zonectl, "verify", "--target", "s3://%s/%s" % (BUCKET, PREFIX)])

    def check(self):
        """check_bucket.py's view of the prefix, plus the artifacts manifest.json names."""
        r = subprocess.run([self.python, CHECK_BUCKET, self.endpoint(self.moto_port), BUCKET, PREFIX],
                           env=self.env, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            return {"problems": ["check_bucket.py failed: " + r.stderr.strip()[-500:]], "keys": [], "manifests": []}
        result = json.loads(r.stdout)
        if "version" not in result:
            result["problems"].append("no manifest.json")
        return result

    def served_artifacts(self):
        r = subprocess.run([self.python, "-c", "import boto3, json, sys; s3 = boto3.client('s3', endpoint_url=sys.argv[1], "
                            "region_name='us-east-1'); m = json.loads(s3.get_object(Bucket=sys.argv[2], "
                            "Key=sys.argv[3] + '/manifest.json')['Body'].read()); "
                            "print(json.dumps(sorted([m['styles']['key']] + [c['key'] for c in m['cities']])))",
                            self.endpoint(self.moto_port), BUCKET, PREFIX],
                           env=self.env, capture_output=True, text=True, timeout=60)
        return json.loads(r.stdout) if r.returncode == 0 else None

    # ------------------------------------------------------------------ one round
    def plan(self, puts, deletes):
        """The proxy's rules and when to kill: (description, proxy arguments, kill). `puts`:
        the PUTs the publish will make (artifacts and the two manifests), `deletes`: about how
        many DELETEs its retention will."""
        mode = self.rng.choice(["slow", "hold", "fault"])
        if mode == "hold":
            # Hold the Nth PUT (or DELETE) and everything after it; kill once it is held.
            n = self.rng.randint(0, puts)
            method = "DELETE" if n == puts else "PUT"
            skip = 0 if method == "DELETE" else n
            extra = self.rng.uniform(0, 0.3)
            return ("hold %s #%d, kill %.2fs after" % (method, skip + 1, extra),
                    ["--rule", "%s / skip=%d then=hold" % (method, skip)], ("held", extra))
        tick = self.rng.uniform(0.01, 0.08)
        rules = ["--rule", "PUT / then=hold", "--rule", "DELETE / then=hold"]
        what = "slow link (one request per %.0f ms)" % (tick * 1000)
        if mode == "fault":
            fault = self.rng.choice(["drop-response", "reset-response", "reset-request", "slowdown", "error:500:InternalError"])
            skip = self.rng.randint(0, puts - 1)
            rules[1] = "PUT / skip=%d faults=%s then=hold" % (skip, fault)
            what += ", PUT #%d gets %s" % (skip + 1, fault)
        # The proxy lets one request through per tick: the publish lasts about that many ticks
        # (plus a start and a GET); the kill lands anywhere in it.
        delay = self.rng.uniform(0, 0.1 + (puts + deletes) * tick)
        return ("%s, kill at %.2fs" % (what, delay), rules + ["--release-every", "%.3f" % tick], ("time", delay))

    def round(self, number, dist, artifacts, served):
        before = self.check()
        directory = tempfile.mkdtemp(prefix="round-%02d-" % number, dir=self.work)
        port_file, log_file = os.path.join(directory, "port"), os.path.join(directory, "requests.log")
        # Retention drops the oldest versioned manifest, and with keep_versions 1 the served
        # build's artifacts that this one does not share.
        deletes = 1 + (len(set(served) - set(artifacts)) if self.args.keep_versions == 1 else 0)
        description, proxy_args, kill = self.plan(len(set(artifacts) - set(before["keys"])) + 2, deletes)
        proxy = subprocess.Popen([self.args.proxy, "--upstream", str(self.moto_port), "--port-file", port_file,
                                  "--log", log_file] + proxy_args, stdin=subprocess.DEVNULL)
        self.children.append(proxy)
        problems = []
        try:
            if not wait_for(lambda: os.path.exists(port_file), 10):
                return ["fault-proxy did not start"], "?", description
            port = int(open(port_file).read())
            env = dict(self.env, AWS_ENDPOINT_URL=self.endpoint(port))
            out = open(os.path.join(directory, "publish.out"), "wb")
            publish = subprocess.Popen(self.publish_command(dist), cwd=self.work, env=env, stdout=out, stderr=out,
                                       stdin=subprocess.DEVNULL)
            self.children.append(publish)
            if kill[0] == "held":
                wait_for(lambda: publish.poll() is not None or " hold" in self.read(log_file), 30)
                time.sleep(kill[1])
            else:
                wait_for(lambda: publish.poll() is not None, kill[1])
            ended = publish.poll() is not None
            if not ended:
                publish.send_signal(signal.SIGKILL)
            status = publish.wait()
            self.children.remove(publish)
            time.sleep(0.05)  # the proxy's log is rewritten every 20 ms
            sent = self.read(log_file)
        finally:
            proxy.kill()
            proxy.wait()
            self.children.remove(proxy)
        if ended and status != 0:
            problems.append("the publish failed before its kill (exit %s): %s" % (status, self.read(os.path.join(directory, "publish.out"))[-300:]))

        after = self.check()
        problems += ["after the kill: " + p for p in after["problems"]]
        verify = self.verify()
        if verify.returncode != 0:
            problems.append("after the kill: zonectl verify exit %d: %s" % (verify.returncode, verify.stderr.strip()[-300:]))
        phase = self.phase(before, after, sent, artifacts)
        if ended:
            phase = "ended before the kill"

        rerun = self.run(self.publish_command(dist))
        if rerun.returncode != 0:
            problems.append("rerun exit %d: %s" % (rerun.returncode, rerun.stderr.strip()[-300:]))
        final = self.check()
        problems += ["after the rerun: " + p for p in final["problems"]]
        if self.served_artifacts() != artifacts:
            problems.append("after the rerun: manifest.json does not serve %s" % dist)
        verify = self.verify()
        if verify.returncode != 0:
            problems.append("after the rerun: zonectl verify exit %d" % verify.returncode)
        if not problems:
            shutil.rmtree(directory)
        return problems, phase, description

    @staticmethod
    def read(path):
        try:
            with open(path, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    @staticmethod
    def phase(before, after, sent, artifacts):
        """Where the kill landed, from what the store holds and what the proxy saw sent."""
        lines = [line.split() for line in sent.splitlines()]
        puts = [line[1] for line in lines if line[0] == "PUT"]
        if after.get("version") != before.get("version"):
            return PHASES[3] if any(line[0] == "DELETE" for line in lines) else PHASES[4]
        if set(after["manifests"]) - set(before["manifests"]) or any("/manifests/" in p or p.endswith("/manifest.json") for p in puts):
            return PHASES[2]
        if set(after["keys"]) & (set(artifacts) - set(before["keys"])) or puts:
            return PHASES[1]
        return PHASES[0]

    # ------------------------------------------------------------------ the soak
    def main(self):
        os.makedirs(self.work, exist_ok=True)
        started = time.monotonic()
        try:
            builds = {"dist-a": self.build("dist-a", 1.0), "dist-b": self.build("dist-b", 0.5)}
            shared = set(builds["dist-a"]) & set(builds["dist-b"])
            print("soak: builds dist-a (tolerance 1 m) and dist-b (0.5 m): %d artifacts each, %d shared"
                  % (len(builds["dist-a"]), len(shared)), flush=True)
            self.write_publish_config()
            self.start_moto()
            first = self.run(self.publish_command("dist-a"))
            if first.returncode != 0:
                sys.exit("soak: the first publish failed: %s" % first.stderr)
            counts = {p: 0 for p in PHASES + ["ended before the kill"]}
            failures = []
            for number in range(1, self.args.rounds + 1):
                dist, other = ("dist-b", "dist-a") if number % 2 else ("dist-a", "dist-b")
                problems, phase, description = self.round(number, dist, builds[dist], builds[other])
                counts[phase] = counts.get(phase, 0) + 1
                print("soak: round %2d %s: %s; kill landed %s: %s" % (number, dist, description, phase,
                      "ok" if not problems else "FAILED: " + "; ".join(problems)), flush=True)
                if problems:
                    failures.append(number)
            landed = ", ".join("%d %s" % (counts[p], p) for p in PHASES)
            print("soak: %d rounds, %d passed, %d failed; kills landed: %s; %d publishes ended before their kill (seed %d, %.0f s)"
                  % (self.args.rounds, self.args.rounds - len(failures), len(failures), landed,
                     counts["ended before the kill"], self.args.seed, time.monotonic() - started))
            if failures:
                print("soak: failed rounds: %s (their logs: %s/round-NN-*)" % (failures, self.work))
                return 1
            return 0
        finally:
            for child in self.children:
                child.kill()
                child.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--zonectl", required=True)
    parser.add_argument("--proxy", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--keep-versions", type=int, default=1)
    args = parser.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 31)
    sys.exit(Soak(args).main())


if __name__ == "__main__":
    main()
