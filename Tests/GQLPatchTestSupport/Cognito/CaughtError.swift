import GQLPatchSupport

/// The error `body` throws, nil when it throws none: for checking an error's code and message.
package func caught<T>(_ body: () throws(GQLPatchError) -> T) -> GQLPatchError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
