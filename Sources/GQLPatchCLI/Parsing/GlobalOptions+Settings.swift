import GQLPatchSettings
import GQLPatchSupport

extension GlobalOptions {
    /// The options settings resolve, as given: the one place the command line hands them on.
    package var settingsInput: SettingsInput {
        var input = SettingsInput()
        input.endpoint = endpoint
        input.apiID = apiID
        input.schemaPath = schemaPath
        input.configPath = configPath
        input.auth = auth
        input.apiKey = apiKey
        input.token = token
        input.username = username
        input.passwordFile = passwordFile
        input.authFlow = authFlow
        input.clientSecret = clientSecret
        input.mfaCode = mfaCode
        input.tokenUse = tokenUse
        input.userPoolID = userPoolID
        input.clientID = clientID
        input.noCache = noCache
        input.headers = headers
        input.timeout = timeout
        input.region = region
        input.profile = profile
        input.identity = identity
        input.identityPoolID = identityPoolID
        input.conflictResolution = conflictResolution
        input.retryConflicts = retryConflicts
        input.dryRun = dryRun
        input.output = output
        input.pretty = pretty
        input.verbose = verbose
        input.allowInsecureHTTP = allowInsecureHTTP
        input.environmentName = environmentName
        return input
    }
}
