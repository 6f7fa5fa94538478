import GQLPatchSupport

/// Makes a run's transports: the executable's makes gqlpatch's HTTP clients for each configuration,
/// a test's hands out its fake for every one. The seam between a run and the network.
public struct TransportMaker: Sendable {
    private let maker: @Sendable (TransportConfiguration) throws(GQLPatchError) -> MadeTransport
    private let preparer: @Sendable (String) -> Void

    /// `make` throws what stops every request of a batch (libssl, or through a proxy libcurl,
    /// cannot be loaded), before anything is sent; a command's transport reports it per request.
    /// `prepare` gets ready for an endpoint in the background (libssl for https); nothing is sent.
    public init(
        make: @escaping @Sendable (TransportConfiguration) throws(GQLPatchError) -> MadeTransport,
        prepare: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        maker = make
        preparer = prepare
    }

    /// One transport for every configuration (a test's fake, the dry run's refusal).
    public static func fixed(_ transport: any HTTPTransport) -> TransportMaker {
        TransportMaker { _ throws(GQLPatchError) in MadeTransport(transport) }
    }

    public func make(_ configuration: TransportConfiguration) throws(GQLPatchError) -> MadeTransport {
        try maker(configuration)
    }

    /// Told once a run knows the endpoint it will send to.
    public func prepare(endpoint: String) {
        preparer(endpoint)
    }
}
