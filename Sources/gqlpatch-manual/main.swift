// Prints gqlpatch.1, the manual page, rendered from the --help texts (see ManPage). A build tool:
// `make dist` and `make install` run it; it is not shipped.
import GQLPatchCLI

print(ManPage.render(version: Application.version), terminator: "")
