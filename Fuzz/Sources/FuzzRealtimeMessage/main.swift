import FuzzDriver

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer entry: the driver runs RealtimeMessageFuzzTarget.run on every input it makes.
let status = gqlpatch_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    RealtimeMessageFuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
exit(status)
