/// An endpoint that needs an access token. It can only be sent with ``AuthenticatedController``, which always
/// attaches one; the type system keeps it away from ``Router``. The members are ``EndPointType``'s (see its example):
///
/// ```swift
/// enum AccountAPI: AuthenticatedEndPoint { case profile; ... }   // baseURL, path, httpMethod, task, headers
///
/// let account = AuthenticatedController<AccountAPI>(session: session, token: savedToken) { try await auth.refresh() }
/// let profile = try await account.decode(Profile.self, from: .profile)   // sent with Authorization: Bearer …
///
/// let publicController = Router<MovieAPI>(session: session)
/// publicController.request(AccountAPI.profile) { _ in }   // does not compile: a Router<MovieAPI> takes MovieAPI
/// let sneaky = Router<AccountAPI>(session: session)      // does not compile: AccountAPI is not a PublicEndPoint
/// ```
public protocol AuthenticatedEndPoint: EndPointType {}
