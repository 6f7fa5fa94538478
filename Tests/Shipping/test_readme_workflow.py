"""The README's GitHub workflow, run here: its job environment, the action's two steps with the
workflow's `with:` inputs, and its last step on the action's output. Two things are stood in for
on loopback, since neither can be reached from here: GitHub's OIDC token service (the token file
the `curl` step would write is written directly) and AWS (the endpoint is a local emulator that
checks SigV4, and STS is `aws_stub_server.py`, which checks the web identity token and hands out
the role's credentials)."""

import json
import os
import re
import subprocess
import sys
import time
import unittest
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "AppSyncEmulator" / "tests"))
from support import Emulator  # noqa: E402  (the emulator's own test helper)

from action_runner import ActionRunner, load_action  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
STUB = ROOT / "Tests" / "EndToEndTests" / "Support" / "aws_stub_server.py"
ROLE = ("ASIAREADMEWORKFLOW01", "readme-workflow-role-secret-000000000000", "readme-workflow-session-token")
JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZWFkbWUifQ.c2lnbmF0dXJl"


def readme_workflows() -> list[dict]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [yaml.safe_load(block) for block in re.findall(r"^```yaml\n(.*?)^```", text, re.S | re.M)]


class StubServer:
    """aws_stub_server.py on a free loopback port."""

    def __init__(self, folder: Path, *arguments: str):
        port_file = folder / "stub-port"
        self.process = subprocess.Popen([sys.executable, str(STUB), "--port-file", str(port_file),
                                         "--log", str(folder / "stub.jsonl"), *arguments],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            if port_file.exists() and port_file.read_text().strip():
                break
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{port_file.read_text().strip()}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class ReadmeWorkflowTests(ActionRunner, unittest.TestCase):
    def test_the_matrix_workflow_applies_every_line_once_between_its_shards(self):
        workflow = next(w for w in readme_workflows() if "strategy" in next(iter(w["jobs"].values())))
        job = next(iter(workflow["jobs"].values()))
        shards = job["strategy"]["matrix"]["shard"]
        self.assertEqual(shards, [1, 2, 3, 4])
        emulator = Emulator(api_key="da2-matrixworkflow0123456789")
        self.addCleanup(emulator.stop)
        env = {"GQLPATCH_ENDPOINT": emulator.url, "GQLPATCH_API_KEY": emulator.api_key}
        self.assertEqual(set(job["env"]), set(env))
        lines = [f'{{"op":"create","model":"Item","key":{{"id":"m-{n}"}},"set":{{"name":"Item {n}"}}}}' for n in range(1, 201)]
        (self.project / "backfill.jsonl").write_text("\n".join(lines) + "\n")
        self.assertEqual(self.run_step("install", {"dist": str(self.make_dist())}).returncode, 0)
        apply = next(step for step in job["steps"] if "gqlpatch@" in step.get("uses", ""))
        last = job["steps"][-1]
        counted = 0
        for shard in shards:
            self.github_output.write_text("")
            args = apply["with"]["args"].replace("${{ matrix.shard }}", str(shard))
            ran = self.run_step("run", {"args": args, "working-directory": "project"}, env)
            self.assertEqual(ran.returncode, 0, ran.stderr)
            self.assertIn("other shards' lines left out", ran.stderr)
            summary = subprocess.run(["bash", "-c", last["run"]], capture_output=True, text=True, timeout=30,
                                     env={"PATH": os.environ["PATH"], "RESULTS": self.outputs()["stdout"]})
            self.assertEqual(summary.returncode, 0, summary.stderr)
            counts = json.loads(summary.stdout)
            self.assertEqual(set(counts), {"created"}, summary.stdout)
            counted += counts["created"]
            self.assertTrue((self.project / f"backfill.journal.shard-{shard}-of-4").exists())
        self.assertEqual(counted, 200)
        creates = [entry for entry in emulator.logged_requests() if "createItem" in json.dumps(entry.get("body"))]
        self.assertEqual(len(creates), 200, "each line sent once between the four jobs")

    def test_the_readme_has_the_oidc_workflow(self):
        workflows = readme_workflows()
        self.assertGreaterEqual(len(workflows), 1)
        declared = set(load_action()["inputs"])
        for workflow in workflows:
            for job in workflow["jobs"].values():
                for step in job["steps"]:
                    if "gqlpatch@" in step.get("uses", ""):
                        self.assertLessEqual(set(step.get("with", {})), declared, "inputs the action declares")

    def test_the_oidc_workflow_patches_the_record_with_the_roles_credentials(self):
        workflow = next(w for w in readme_workflows() if "permissions" in w)
        self.assertEqual(workflow["permissions"]["id-token"], "write")
        job = next(iter(workflow["jobs"].values()))
        env = {name: str(value).replace("${{ runner.temp }}", str(self.runner_temp)) for name, value in job["env"].items()}
        self.assertLessEqual({"AWS_ROLE_ARN", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_REGION", "GQLPATCH_ENDPOINT"}, set(env))
        token_step = next(step for step in job["steps"] if "ACTIONS_ID_TOKEN_REQUEST_URL" in step.get("run", ""))
        self.assertIn('> "$AWS_WEB_IDENTITY_TOKEN_FILE"', token_step["run"])
        Path(env["AWS_WEB_IDENTITY_TOKEN_FILE"]).write_text(JWT)  # what the curl step writes

        stub = StubServer(self.scratch, "--issue", ":".join(ROLE), "--web-identity-token", JWT)
        self.addCleanup(stub.stop)
        emulator = Emulator("--iam", f"{ROLE[0]}:{ROLE[1]}:{env['AWS_REGION']}:{ROLE[2]}", api_key=None)
        self.addCleanup(emulator.stop)
        env.update({"GQLPATCH_ENDPOINT": emulator.url, "AWS_ENDPOINT_URL_STS": stub.url})

        patch = next(step for step in job["steps"] if "gqlpatch@" in step.get("uses", ""))
        self.assertEqual(self.run_step("install", {"dist": str(self.make_dist())}).returncode, 0)
        # Item 42 first, through gqlpatch and the same credentials (the emulator starts empty).
        created = self.run_step("run", {"args": "--auth\niam\ncreate\nItem\n--set\nid=42\n--set\nname=Chair\n",
                                        "working-directory": "project"}, env)
        self.assertEqual(created.returncode, 0, created.stderr)
        self.github_output.write_text("")
        ran = self.run_step("run", dict(patch["with"], **{"working-directory": "project"}), env)
        self.assertEqual(ran.returncode, 0, ran.stderr)
        record = self.outputs()["stdout"]

        last = job["steps"][-1]
        self.assertEqual(last["env"]["RECORD"], "${{ steps.patch.outputs.stdout }}")
        printed = subprocess.run(["bash", "-c", last["run"]], env={"PATH": os.environ["PATH"], "RECORD": record},
                                 capture_output=True, text=True, timeout=30)
        self.assertEqual(printed.stdout, "Published by CI\n", printed.stderr)
        self.assertNotIn(ROLE[1], ran.stdout + ran.stderr)


if __name__ == "__main__":
    unittest.main()
