"""The GitHub Action (action.yml): its inputs, outputs and steps as the README documents them, and
its two steps run here as a runner would run them (RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT and
GITHUB_ACTION_PATH set, inputs passed as the step's env), with the gqlpatch that `make test` built.
The `make install` path builds the release binary, which takes minutes: it is not run here (the
dist path installs the same layout)."""

import unittest

from action_runner import ActionRunner, load_action


class ActionDefinitionTests(unittest.TestCase):
    def setUp(self):
        self.action = load_action()

    def test_is_a_composite_action_with_documented_inputs_and_outputs(self):
        self.assertEqual(self.action["runs"]["using"], "composite")
        self.assertEqual(set(self.action["inputs"]), {"args", "dist", "working-directory", "yes"})
        for name, spec in self.action["inputs"].items():
            self.assertTrue(spec.get("description"), f"input {name} needs a description")
            self.assertIn("default", spec, f"input {name} is optional and needs a default")
        self.assertEqual(self.action["outputs"]["stdout"]["value"], "${{ steps.run.outputs.stdout }}")
        self.assertEqual(self.action["outputs"]["exit-code"]["value"], "${{ steps.run.outputs.exit-code }}")

    def test_steps_are_bash_and_never_paste_inputs_into_scripts(self):
        steps = self.action["runs"]["steps"]
        self.assertEqual([step["id"] for step in steps], ["install", "run"])
        for step in steps:
            self.assertEqual(step["shell"], "bash")
            # An input pasted into `run:` is a script-injection hole: inputs go through env.
            self.assertNotIn("${{", step["run"], f"step {step['id']} expands an expression in its script")


class ActionRunTests(ActionRunner, unittest.TestCase):
    def test_installs_from_a_dist_tarball_after_checking_its_sum_and_runs_gqlpatch(self):
        tarball = self.make_dist()
        installed = self.run_step("install", {"dist": str(tarball)})
        self.assertEqual(installed.returncode, 0, installed.stderr)
        self.assertIn("gqlpatch-test-linux-x86_64.tar.gz: OK", installed.stdout)
        self.assertTrue(installed.stdout.splitlines()[-1].startswith("gqlpatch "), installed.stdout)
        self.assertEqual(self.github_path.read_text(), f"{self.runner_temp}/gqlpatch/bin\n")

        args = "--dry-run\nupdate\nItem\n--id\n42\n--set\nname=Lamp with  two spaces and $HOME\n"
        ran = self.run_step("run", {"args": args, "working-directory": "project"},
                            {"GQLPATCH_ENDPOINT": "https://example.invalid/graphql", "GQLPATCH_API_KEY": "da2-actiontest0123456789"})
        self.assertEqual(ran.returncode, 0, ran.stderr)
        outputs = self.outputs()
        self.assertEqual(outputs["exit-code"], "0")
        self.assertEqual(outputs["stdout"], ran.stdout.rstrip("\n"))
        self.assertIn("Lamp with  two spaces and $HOME", outputs["stdout"], "each line is one argument, unexpanded")
        self.assertNotIn("da2-actiontest0123456789", outputs["stdout"])

    def test_yes_adds_the_confirmation_a_write_to_many_records_needs(self):
        tarball = self.make_dist()
        self.assertEqual(self.run_step("install", {"dist": str(tarball)}).returncode, 0)
        env = {"GQLPATCH_ENDPOINT": "https://example.invalid/graphql", "GQLPATCH_API_KEY": "da2-actiontest0123456789"}
        # The arguments end with --set, so a --yes the input adds after them is read as its value:
        # the parser's refusal shows the input added it, and where.
        with_yes = self.run_step(
            "run", {"args": "update\nItem\n--id\n42\n--set\n", "working-directory": "project", "yes": "true"}, env)
        self.assertEqual(with_yes.returncode, 64, with_yes.stderr)
        self.assertIn("gqlpatch: error: --set expects FIELD=VALUE, FIELD:=JSON or FIELD=@PATH, got '--yes'", with_yes.stderr)
        args = "update\nItem\n--id\n42\n--set\nname=Lamp\n"
        without = self.run_step("run", {"args": "--dry-run\n" + args, "working-directory": "project", "yes": "false"}, env)
        self.assertEqual(without.returncode, 0, without.stderr)
        wrong = self.run_step("run", {"args": args, "working-directory": "project", "yes": "maybe"}, env)
        self.assertEqual(wrong.returncode, 64)
        self.assertIn('the yes input is "true" or "false", not "maybe"', wrong.stderr)

    def test_a_tampered_tarball_is_refused(self):
        tarball = self.make_dist()
        with open(tarball, "ab") as file:
            file.write(b"tampered")
        installed = self.run_step("install", {"dist": str(tarball)})
        self.assertNotEqual(installed.returncode, 0)
        self.assertIn("FAILED", installed.stdout + installed.stderr)
        self.assertFalse((self.runner_temp / "gqlpatch" / "bin" / "gqlpatch").exists(), "nothing may be installed")

    def test_a_failing_gqlpatch_fails_the_step_with_its_exit_code(self):
        self.assertEqual(self.run_step("install", {"dist": str(self.make_dist())}).returncode, 0)
        ran = self.run_step("run", {"args": "update\nItem\n--no-such-flag\n", "working-directory": "project"})
        self.assertEqual(ran.returncode, 64, ran.stderr)
        self.assertTrue(ran.stderr.startswith("gqlpatch: error: "), ran.stderr)
        self.assertEqual(self.outputs()["exit-code"], "64")
        self.assertEqual(self.outputs()["stdout"], "")


if __name__ == "__main__":
    unittest.main()
