import GQLPatchSupport
import Synchronization

/// A signed-in user for the length of a run: the tokens from the store, else from a sign-in; renewed
/// (refresh token first, the password when that is refused) when they are about to expire, or once
/// after AppSync said the token sent had expired. Concurrent requests (`apply -j N`) that find the
/// tokens stale share one renewal.
public final class UserPoolSession: Sendable {
    public let signIn: UserPoolSignIn
    public let store: any UserPoolTokenStore
    /// Which token goes into `Authorization`.
    public let use: UserPoolTokens.Use
    /// Told when the renewed tokens could not be stored (the run goes on with them).
    private let warn: @Sendable (String) -> Void

    private typealias Renewal = Task<Result<UserPoolTokens, GQLPatchError>, Never>
    private struct State: Sendable {
        var loaded = false
        var tokens: UserPoolTokens?
        var renewal: Renewal?
    }
    private let state = Mutex(State())

    public init(
        signIn: UserPoolSignIn, store: any UserPoolTokenStore, use: UserPoolTokens.Use,
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.signIn = signIn
        self.store = store
        self.use = use
        self.warn = warn
    }

    /// Where the tokens come from, for a dry run and messages: `alice in us-east-1_AbC`.
    public var who: String { "'\(signIn.credentials.username)' in user pool \(signIn.service.app.poolID)" }

    /// The tokens to send with: the current ones unless they are about to expire or are the
    /// `rejected` token's (renewed then, once for all waiting requests).
    public func tokens(rejected: String? = nil) async throws(GQLPatchError) -> UserPoolTokens {
        let now = signIn.now()
        enum Next {
            case use(UserPoolTokens)
            case wait(Renewal)
        }
        let next: Next = try state.withLock { (state) throws(GQLPatchError) -> Next in
            if !state.loaded {
                state.tokens = try store.load()
                state.loaded = true
            }
            if let tokens = state.tokens, !tokens.needsRefresh(now: now),
                rejected == nil || tokens.token(for: use) != rejected
            {
                return .use(tokens)
            }
            if let renewal = state.renewal { return .wait(renewal) }
            let old = state.tokens
            let renewal = Renewal { [self] in await renew(old, rejected: rejected != nil) }
            state.renewal = renewal
            return .wait(renewal)
        }
        switch next {
        case .use(let tokens): return tokens
        case .wait(let renewal): return try await renewal.value.get()
        }
    }

    /// A fresh sign-in with the password, whatever is cached (`gqlpatch auth login`); stored.
    public func signInAgain() async throws(GQLPatchError) -> UserPoolTokens {
        let tokens = try await signIn.signIn()
        try store.save(tokens)
        state.withLock {
            $0.tokens = tokens
            $0.loaded = true
        }
        return tokens
    }

    /// Renews `old`: by its refresh token, else (none, or refused) by signing in again. A renewal that
    /// fails for another reason (Cognito down) keeps tokens that have not expired yet, unless AppSync
    /// just refused them.
    private func renew(_ old: UserPoolTokens?, rejected: Bool) async -> Result<UserPoolTokens, GQLPatchError> {
        let result: Result<UserPoolTokens, GQLPatchError>
        do throws(GQLPatchError) {
            var fresh: UserPoolTokens?
            if let refresh = old?.refreshToken {
                do {
                    fresh = try await signIn.refresh(refresh)
                } catch  where error.code == .unauthorized && signIn.credentials.password != nil {
                    fresh = nil  // revoked or expired: the password signs in again below
                } catch {
                    if let old, !rejected, !old.isExpired(now: signIn.now()) {
                        return finish(.success(old), store: false)
                    }
                    throw error
                }
            }
            let tokens: UserPoolTokens
            if let fresh {
                tokens = fresh
            } else {
                tokens = try await signIn.signIn()
            }
            result = .success(tokens)
        } catch {
            result = .failure(error)
        }
        return finish(result, store: true)
    }

    private func finish(_ result: Result<UserPoolTokens, GQLPatchError>, store shouldStore: Bool)
        -> Result<UserPoolTokens, GQLPatchError>
    {
        if shouldStore, case .success(let tokens) = result {
            do {
                try store.save(tokens)
            } catch {
                warn("the signed-in tokens were not cached: \(error.message)")
            }
        }
        state.withLock {
            if case .success(let tokens) = result { $0.tokens = tokens }
            $0.renewal = nil
        }
        return result
    }
}
