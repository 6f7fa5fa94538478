/// What the global options of a command line set: the options every command reads, and the two that
/// ask for something other than a command (`--help`, `--version`).
package struct GlobalArguments: Sendable {
    package var options = GlobalOptions()
    package var wantsHelp = false
    package var wantsVersion = false

    package init() {}
}
