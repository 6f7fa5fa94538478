/// Where the certificate authorities to trust come from: the system's, unless the environment names
/// a PEM bundle (for a private CA or a TLS-inspecting proxy). Both clients are given the result.
public enum CertificateAuthorities {
    /// The variables naming a bundle, first set wins: the AWS CLI's, then the two curl's tool reads.
    public static let variables = ["AWS_CA_BUNDLE", "CURL_CA_BUNDLE", "SSL_CERT_FILE"]

    /// The bundle the environment names; nil when none is set (an empty variable counts as unset).
    public static func bundle(in environment: [String: String]) -> String? {
        for name in variables {
            if let path = environment[name], !path.isEmpty { return path }
        }
        return nil
    }
}
