/// The named environment a run uses, and what chose it.
package struct EnvironmentChoice: Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        /// Named on the command line.
        case flag
        /// `GQLPATCH_ENV`.
        case variable
        /// `env use`'s default, in a folder with no Amplify config of its own.
        case defaultEnvironment
    }

    package var environment: NamedEnvironment
    package var reason: Reason

    package init(environment: NamedEnvironment, reason: Reason) {
        self.environment = environment
        self.reason = reason
    }

    package var name: String { environment.name }
}
