import FuzzDriver

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer entry: the driver runs UndoLogFuzzTarget.run on every input it makes.
let status = gqlpatch_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    UndoLogFuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
exit(status)
