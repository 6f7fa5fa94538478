struct DeleteCommand: Sendable {
    var options: DeleteOptions
    var settings: Settings
    var context: RunContext
    func run() async throws(GQLPatchError) {}
    func pull() async throws(GQLPatchError) {}
    func show() throws(GQLPatchError) {}
}
