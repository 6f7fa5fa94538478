import GQLPatchBatch
import GQLPatchSupport

extension ApplyOptions {
    /// `apply`'s options, as its `--help` lists them, each with where its value goes.
    package static let bindings: [OptionBinding<ApplyOptions>] = [
        .value(
            OptionName.concurrency, short: OptionName.concurrencyShort, "N",
            "requests in flight (default 8); lines for the same record run in order",
            read: .whole(in: NumericLimits.concurrency), into: \.concurrency),
        OptionBinding(
            .value(
                OptionName.rate, "N|auto",
                """
                at most N requests a second (0.01 to 1000000); auto: speed up (rate and -j)
                while answers are fast and clean, back off on throttling or rising latency
                """, values: ["auto"])
        ) { (apply, value, given) throws(GQLPatchError) in
            if value == "auto" {
                apply.adaptiveRate = true
                apply.rate = nil
                return
            }
            guard Double(value) != nil else {
                throw .usage(
                    "\(given) expects a number of requests a second from \(NumericLimits.shown(NumericLimits.rate.lowerBound)) to \(NumericLimits.shown(NumericLimits.rate.upperBound)), or auto, got '\(value)'"
                )
            }
            apply.adaptiveRate = false
            apply.rate = try CommandLineParser.number(
                value, option: given, of: "requests a second", in: NumericLimits.rate)
        },
        .maxAttempts(\.maxAttempts),
        .flag(
            OptionName.continueOnError, "keep going after a failed line (default: stop at the first failure)",
            sets: \.continueOnError),
        .flag(
            OptionName.atomic, "all or nothing: at a failure, undo the applied lines in reverse order", sets: \.atomic),
        .flag(
            OptionName.preview,
            """
            read each line's record and print, one JSON line each, what it would
            change ({"line", "key", "changes"|"create"|"delete"}); write nothing
            """, sets: \.preview),
        .value(
            OptionName.journal, "PATH", "record each applied line (fsync) before its result is printed", read: .path,
            into: \.journal),
        .flag(
            OptionName.resume, "skip the lines the journal records as applied, continue with the rest", sets: \.resume),
        .flag(
            OptionName.idempotent, "call lines' mutations are safe to send twice: retried, and resent on --resume",
            sets: \.idempotent),
        .flag(
            OptionName.allowIncomplete,
            "read an export cut short or changed (no end line, or one that disagrees)",
            sets: \.allowIncomplete),
        OptionBinding(
            .value(
                OptionName.shard, "I/N",
                """
                only shard I of N (1 <= I <= N <= 10000): a line's is FNV-1a 64 of "MODEL KEYJSON"
                (a call's: "call LINE") mod N, plus 1; its journal is PATH.shard-I-of-N
                """)
        ) { (apply, value, given) throws(GQLPatchError) in
            guard let shard = ApplyShard(value) else {
                throw .usage(
                    "\(given) expects I/N with 1 <= I <= N <= \(ApplyShard.maximumCount) (for example 2/4), got '\(value)'"
                )
            }
            apply.shard = shard
        },
    ]

    /// `apply`'s options, as its `--help` lists them.
    package static var optionTable: [OptionSpec] { bindings.map(\.spec) }

    /// The list in `apply --help`: its options, and what the global `--dry-run` does here (the
    /// parser reads that one as the global flag).
    private static var helpOptions: [OptionSpec] {
        optionTable + [.flag(OptionName.dryRun, "check the input and print each line's planned request; send nothing")]
    }

    /// `gqlpatch apply --help`.
    package static var help: String {
        """
        Usage: gqlpatch [global options] apply [PATH | -] [options]

        Applies one operation per line of a JSON Lines file (or standard input):
          {"op": "update", "model": "Item", "key": {"id": "1"}, "set": {"name": "Lamp"}, "unset": ["description"],
           "if": {"name": "Chair"}, "expectVersion": 3}
          {"op": "create", "model": "Item", "key": {"id": "9"}, "set": {"name": "Desk"}}
          {"op": "delete", "model": "Item", "key": {"id": "2"}}  ("touch": written again, unchanged)
          {"op": "call", "operation": "publish", "args": {"id": "1"}}  (a custom query or mutation)
        Values are typed by the schema as with 'update --set F:=JSON' ("args" as 'call --arg'). A file
        is checked whole before anything is sent; standard input line by line. A create without a key
        gets an id made from the line (a retry cannot create it twice); with "next": FIELD it joins a
        sequence as 'create --next' does ("key" is the parent; "start": N for an empty one; not with
        --journal). An export's first and last lines are read, not sent: one cut short or changed is refused (65).

        Prints one JSON line per input line as lines finish (completion order):
          {"line": N, "status": "updated"|"created"|"deleted"|"unchanged"|"conflict"|"not_found"|"failed"|"skipped",
           "key": {...}, "item": {...}, "error": "..."}; a call: "called" with "operation" and "result", or
           "unknown" (a mutation's answer lost, or in doubt on --resume: not sent again)
        ("skipped": not sent because the run stopped), then a summary on stderr. With --atomic, a failure
        is followed by one more line per undone line: "rolled_back" or "rollback_failed" (with "error").

        \(ApplyOptions.helpOptions.helpList)

        Exit: 0 every line done, 4 some lines failed, 69 the endpoint unreachable, 130 Ctrl-C (with --journal: the --resume command).
        Examples:
          jq -c '{op: "update", model: "Item", key: {id}, set: {name}}' items.json | gqlpatch apply -j 16
          gqlpatch apply changes.jsonl --journal changes.journal --resume   # after Ctrl-C

        \(HelpText.globalsPointer)

        """
    }
}
