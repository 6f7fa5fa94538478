"""A GitHub runner's part of running action.yml's steps, for the shipping tests: RUNNER_TEMP,
GITHUB_PATH, GITHUB_OUTPUT and GITHUB_ACTION_PATH in a scratch folder, a step's inputs passed as
its env, its script run with bash, GITHUB_OUTPUT read back as the runner reads it."""

import hashlib
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("GQLPATCH_BIN", ROOT / ".build/debug/gqlpatch"))


def load_action() -> dict:
    with open(ROOT / "action.yml", encoding="utf-8") as file:
        return yaml.safe_load(file)


class ActionRunner:
    """Mixed into a TestCase: the steps' scripts run with bash, the runner's files in a scratch folder."""

    def setUp(self):
        self.assertTrue(BINARY.is_file(), f"gqlpatch not built at {BINARY}: run make test")
        self.scratch = Path(tempfile.mkdtemp(prefix="gqlpatch-action-"))
        self.addCleanup(shutil.rmtree, self.scratch)
        self.runner_temp = self.scratch / "runner-temp"
        self.runner_temp.mkdir()
        self.github_path = self.scratch / "github-path"
        self.github_output = self.scratch / "github-output"
        self.github_path.touch()
        self.github_output.touch()
        self.project = self.scratch / "project"
        self.project.mkdir()
        shutil.copy(ROOT / "schema.graphql", self.project / "schema.graphql")
        self.steps = {step["id"]: step for step in load_action()["runs"]["steps"]}

    def make_dist(self) -> Path:
        """A tarball in the layout `make dist` writes (top folder, bin/gqlpatch), with SHA256SUMS."""
        folder = self.scratch / "dist"
        top = folder / "gqlpatch-test-linux-x86_64"
        (top / "bin").mkdir(parents=True)
        shutil.copy(BINARY, top / "bin" / "gqlpatch")
        tarball = folder / "gqlpatch-test-linux-x86_64.tar.gz"
        with tarfile.open(tarball, "w:gz") as archive:
            archive.add(top, arcname=top.name)
        digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
        (folder / "SHA256SUMS").write_text(f"{digest}  {tarball.name}\n")
        return tarball

    def run_step(self, step_id: str, inputs: dict, extra_env: dict | None = None) -> subprocess.CompletedProcess:
        step = self.steps[step_id]
        env = {"PATH": os.environ["PATH"], "HOME": str(self.scratch), "RUNNER_TEMP": str(self.runner_temp),
               "GITHUB_PATH": str(self.github_path), "GITHUB_OUTPUT": str(self.github_output),
               "GITHUB_ACTION_PATH": str(ROOT)}
        for name, expression in step.get("env", {}).items():
            match = re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", expression)
            self.assertIsNotNone(match, f"{name}: only inputs are passed to the steps")
            env[name] = inputs.get(match.group(1), "")
        env.update(extra_env or {})
        directory = self.project if step.get("working-directory") else self.scratch
        return subprocess.run(["bash", "-c", step["run"]], env=env, cwd=directory, capture_output=True,
                              text=True, timeout=120)

    def outputs(self) -> dict:
        """GITHUB_OUTPUT as the runner reads it: name=value lines and name<<DELIMITER blocks."""
        lines = self.github_output.read_text().split("\n")
        values, index = {}, 0
        while index < len(lines):
            line = lines[index]
            if "<<" in line:
                name, delimiter = line.split("<<", 1)
                end = lines.index(delimiter, index + 1)
                values[name] = "\n".join(lines[index + 1:end])
                index = end + 1
            elif "=" in line:
                name, value = line.split("=", 1)
                values[name] = value
                index += 1
            else:
                index += 1
        return values
