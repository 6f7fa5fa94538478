import GQLPatchSupport

/// Makes a run's transports: the executable's makes gqlpatch's HTTP clients for each configuration,
/// a test's hands out its fake for every one. The seam between a run and the network: the real-time
/// client's WebSockets are opened through it too (`openWebSocket`), with the proxy and the
/// certificate authorities every request gets.
public struct TransportMaker: Sendable {
    /// Opens a WebSocket as a run's transports would.
    package typealias WebSocketOpener = @Sendable (WebSocketRequest) throws(WebSocketFailure) -> any WebSocketChannel

    private let maker: @Sendable (TransportConfiguration) throws(GQLPatchError) -> MadeTransport
    private let preparer: @Sendable (String) -> Void
    private let opener: WebSocketOpener

    /// `make` throws what stops every request of a batch (libssl, or through a proxy libcurl,
    /// cannot be loaded), before anything is sent; a command's transport reports it per request.
    /// `prepare` gets ready for an endpoint in the background (libssl for https); nothing is sent.
    /// A maker that opens no WebSocket.
    public init(
        make: @escaping @Sendable (TransportConfiguration) throws(GQLPatchError) -> MadeTransport,
        prepare: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.init(make: make, prepare: prepare, openWebSocket: TransportMaker.refusingWebSockets)
    }

    /// `openWebSocket` opens the real-time client's connections.
    package init(
        make: @escaping @Sendable (TransportConfiguration) throws(GQLPatchError) -> MadeTransport,
        prepare: @escaping @Sendable (String) -> Void = { _ in }, openWebSocket: @escaping WebSocketOpener
    ) {
        maker = make
        preparer = prepare
        opener = openWebSocket
    }

    /// One transport for every configuration (a test's fake, the dry run's refusal).
    public static func fixed(_ transport: any HTTPTransport) -> TransportMaker {
        fixed(transport, webSockets: refusingWebSockets)
    }

    /// One transport for every configuration and `webSockets` for every WebSocket (a test's fakes).
    package static func fixed(_ transport: any HTTPTransport, webSockets: @escaping WebSocketOpener) -> TransportMaker {
        TransportMaker(make: { _ throws(GQLPatchError) in MadeTransport(transport) }, openWebSocket: webSockets)
    }

    /// Opens no WebSocket (a run that has no real-time client).
    package static let refusingWebSockets: WebSocketOpener = { request throws(WebSocketFailure) in
        throw .transport(
            TransportFailure(.couldNotConnect, stage: .notSent, detail: "this run opens no WebSocket"))
    }

    /// Opens the WebSocket `request` asks for.
    package func openWebSocket(_ request: WebSocketRequest) throws(WebSocketFailure) -> any WebSocketChannel {
        try opener(request)
    }

    public func make(_ configuration: TransportConfiguration) throws(GQLPatchError) -> MadeTransport {
        try maker(configuration)
    }

    /// Told once a run knows the endpoint it will send to.
    public func prepare(endpoint: String) {
        preparer(endpoint)
    }
}
