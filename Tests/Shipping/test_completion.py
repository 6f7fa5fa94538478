"""The completion scripts (`gqlpatch completion bash|zsh|fish`) run in each shell for real, with the
gqlpatch that `make test` built (GQLPATCH_BIN) first on PATH, in the repository root (schema.graphql)
or in a folder with a small schema that has an enum.

bash: the script is sourced, `complete -p gqlpatch` checked, then COMP_WORDS/COMP_CWORD/COMP_LINE/
COMP_POINT set and `_gqlpatch` called; COMPREPLY is what bash would insert (after its word breaks).
zsh: `zsh -f`, the script installed as `_gqlpatch` in $fpath and found by compinit (`$_comps`); then
`_gqlpatch` called with `words`/`CURRENT`/`PREFIX` set and compadd, compset and _files replaced by
functions that print what they were given (compadd works only inside a completion widget, which needs
a terminal: this runs the script's own code with the completion system's builtins recorded).
fish: `complete -C LINE`, which runs fish's real completion machinery on the line."""

import atexit
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("GQLPATCH_BIN", ROOT / ".build/debug/gqlpatch")).resolve()

ENUM_SCHEMA = """
enum Status { ACTIVE ARCHIVED DRAFT }
type Task @model {
  id: ID!
  title: String!
  status: Status
}
"""


# The completion cache goes into a scratch folder, never the user's ~/.cache.
CACHE = tempfile.mkdtemp(prefix="gqlpatch-completion-cache-")
atexit.register(shutil.rmtree, CACHE, True)


def environment() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GQLPATCH_")}
    env["PATH"] = f"{BIN.parent}{os.pathsep}{env.get('PATH', '')}"
    env["XDG_CACHE_HOME"] = CACHE
    return env


def script(shell: str) -> str:
    done = subprocess.run([str(BIN), "completion", shell], capture_output=True, text=True, check=True)
    return done.stdout


class CompletionCommandTests(unittest.TestCase):
    def test_unknown_shell_is_a_usage_error_naming_the_three(self):
        done = subprocess.run([str(BIN), "completion", "tcsh"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 64)
        self.assertEqual(done.stdout, "")
        self.assertTrue(done.stderr.startswith("gqlpatch: error: completion expects bash, zsh or fish, got 'tcsh'"), done.stderr)

    def test_complete_never_fails_loudly(self):
        for arguments in (["__complete"], ["__complete", "x"], ["__complete", "2", "gqlpatch", "nosuch", ""],
                          ["__complete", "2", "gqlpatch", "update", ""], ["__complete", "-1", "gqlpatch"]):
            with tempfile.TemporaryDirectory() as empty:
                done = subprocess.run([str(BIN), *arguments], capture_output=True, text=True, cwd=empty, env=environment())
            self.assertEqual((done.returncode, done.stdout, done.stderr), (0, "", ""), arguments)


class ShellTestCase(unittest.TestCase):
    def setUp(self):
        self.scratch = Path(tempfile.mkdtemp(prefix="gqlpatch-completion-"))
        self.addCleanup(shutil.rmtree, self.scratch)
        self.enum_dir = self.scratch / "enum"
        self.enum_dir.mkdir()
        (self.enum_dir / "schema.graphql").write_text(ENUM_SCHEMA)


class BashCompletionTests(ShellTestCase):
    def setUp(self):
        super().setUp()
        self.script = self.scratch / "gqlpatch.bash"
        self.script.write_text(script("bash"))

    def bash(self, code: str, cwd: Path = ROOT) -> str:
        done = subprocess.run(["bash", "--norc", "--noprofile", "-c", f"source {self.script}\n{code}"],
                              capture_output=True, text=True, cwd=cwd, env=environment())
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def complete(self, line: str, words: list[str], cwd: Path = ROOT) -> list[str]:
        """COMPREPLY for LINE (cursor at its end); WORDS as bash splits it (at COMP_WORDBREAKS)."""
        quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
        code = (f"COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; COMP_WORDS=({quoted}); "
                f"COMP_CWORD={len(words) - 1}; _gqlpatch; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
        return [w for w in self.bash(code, cwd).split("\n") if w]

    def test_registers_the_function(self):
        self.assertEqual(self.bash("complete -p gqlpatch").strip(), "complete -F _gqlpatch gqlpatch")

    def test_command(self):
        self.assertEqual(self.complete("gqlpatch upd", ["gqlpatch", "upd"]), ["update"])

    def test_option_of_update(self):
        self.assertEqual(self.complete("gqlpatch update Item --s", ["gqlpatch", "update", "Item", "--s"]),
                         ["--schema", "--select", "--set"])

    def test_model_name(self):
        self.assertEqual(self.complete("gqlpatch update It", ["gqlpatch", "update", "It"]), ["Item"])

    def test_field_after_set(self):
        self.assertEqual(self.complete("gqlpatch update Item --set na", ["gqlpatch", "update", "Item", "--set", "na"]),
                         ["name="])

    def test_field_after_a_comma_in_select(self):
        got = self.complete("gqlpatch get Item --select name,d", ["gqlpatch", "get", "Item", "--select", "name,d"])
        self.assertEqual(got, ["name,description"])

    def test_enum_value_after_set_field_equals(self):
        # bash splits `status=A` at `=` and replaces only `A`.
        got = self.complete("gqlpatch update Task --set status=A",
                            ["gqlpatch", "update", "Task", "--set", "status", "=", "A"], cwd=self.enum_dir)
        self.assertEqual(got, ["ACTIVE", "ARCHIVED"])
        got = self.complete("gqlpatch update Task --set status=",
                            ["gqlpatch", "update", "Task", "--set", "status", "="], cwd=self.enum_dir)
        self.assertEqual(got, ["ACTIVE", "ARCHIVED", "DRAFT"])

    def test_auth_values(self):
        self.assertEqual(self.complete("gqlpatch --auth ", ["gqlpatch", "--auth", ""]),
                         ["api-key", "iam", "user-pool", "oidc", "lambda", "none"])

    def test_file_names_after_at(self):
        (self.enum_dir / "title.txt").write_text("x")
        got = self.complete("gqlpatch update Task --set title=@ti",
                            ["gqlpatch", "update", "Task", "--set", "title", "=", "@", "ti"], cwd=self.enum_dir)
        self.assertEqual(got, ["title.txt"])


class ZshCompletionTests(ShellTestCase):
    def setUp(self):
        super().setUp()
        if not shutil.which("zsh"):
            self.fail("zsh is not installed (make test installs it)")
        self.functions = self.scratch / "functions"
        self.functions.mkdir()
        (self.functions / "_gqlpatch").write_text(script("zsh"))

    def zsh(self, code: str, cwd: Path = ROOT) -> str:
        setup = (f"fpath=({self.functions} $fpath); autoload -Uz compinit; compinit -u -d {self.scratch}/zcompdump\n"
                 "compadd() { local nospace=; while [[ $1 != -- ]]; do [[ $1 == -S ]] && { nospace=1; shift; }; shift; done; shift;"
                 " for w in \"$@\"; do print -r -- \"$w${nospace:+ (no space)}\"; done }\n"
                 "compset() { [[ $1 == -P ]] && { IPREFIX=${(M)PREFIX##$~2}; PREFIX=${PREFIX#$IPREFIX}; } }\n"
                 "_files() { print -r -- \"files after '$IPREFIX' for '$PREFIX'\" }\n")
        done = subprocess.run(["zsh", "-f", "-c", setup + code], capture_output=True, text=True, cwd=cwd, env=environment())
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def complete(self, *words: str, cwd: Path = ROOT) -> list[str]:
        quoted = " ".join("'" + w + "'" for w in words)
        code = f"words=({quoted}); CURRENT={len(words)}; PREFIX='{words[-1]}'; IPREFIX=; _gqlpatch"
        return [w for w in self.zsh(code, cwd).split("\n") if w]

    def test_compinit_finds_the_function(self):
        self.assertEqual(self.zsh("print -r -- $_comps[gqlpatch]").strip(), "_gqlpatch")

    def test_candidates(self):
        self.assertEqual(self.complete("gqlpatch", "upd"), ["update"])
        self.assertEqual(self.complete("gqlpatch", "update", "Item", "--s"), ["--schema", "--select", "--set"])
        self.assertEqual(self.complete("gqlpatch", "update", "It"), ["Item"])
        self.assertEqual(self.complete("gqlpatch", "update", "Item", "--set", "na"), ["name= (no space)"])
        self.assertEqual(self.complete("gqlpatch", "get", "Item", "--select", "name,d"), ["name,description"])
        self.assertEqual(self.complete("gqlpatch", "update", "Task", "--set", "status=A", cwd=self.enum_dir),
                         ["status=ACTIVE", "status=ARCHIVED"])
        self.assertEqual(self.complete("gqlpatch", "--auth", ""), ["api-key", "iam", "user-pool", "oidc", "lambda", "none"])

    def test_files_after_at(self):
        self.assertEqual(self.complete("gqlpatch", "update", "Item", "--set", "name=@ti"), ["files after 'name=@' for 'ti'"])


class FishCompletionTests(ShellTestCase):
    def setUp(self):
        super().setUp()
        if not shutil.which("fish"):
            self.fail("fish is not installed (make test installs it)")
        self.script = self.scratch / "gqlpatch.fish"
        self.script.write_text(script("fish"))

    def complete(self, line: str, cwd: Path = ROOT) -> list[str]:
        done = subprocess.run(["fish", "--no-config", "-c", f"source {self.script}; complete -C '{line}'"],
                              capture_output=True, text=True, cwd=cwd, env=environment())
        self.assertEqual(done.returncode, 0, done.stderr)
        return [w.split("\t")[0] for w in done.stdout.split("\n") if w]

    def test_candidates(self):
        self.assertEqual(self.complete("gqlpatch upd"), ["update"])
        self.assertEqual(self.complete("gqlpatch update Item --se"), ["--select", "--set"])
        self.assertEqual(self.complete("gqlpatch update It"), ["Item"])
        self.assertEqual(self.complete("gqlpatch update Item --set na"), ["name="])
        self.assertEqual(self.complete("gqlpatch get Item --select name,d"), ["name,description"])
        self.assertEqual(self.complete("gqlpatch update Task --set status=A", cwd=self.enum_dir),
                         ["status=ACTIVE", "status=ARCHIVED"])
        self.assertEqual(sorted(self.complete("gqlpatch --auth ")), sorted(["api-key", "iam", "user-pool", "oidc", "lambda", "none"]))

    def test_files_after_at(self):
        (self.enum_dir / "title.txt").write_text("x")
        self.assertEqual(self.complete("gqlpatch update Task --set title=@ti", cwd=self.enum_dir), ["title=@title.txt"])


if __name__ == "__main__":
    unittest.main()
