/**
 * How a client asks for its session token in the sign-in answer. Browsers leave it out: their
 * session rides in an HttpOnly cookie and `UserToken` comes back empty. The mobile wrapper and
 * API clients send `X-Session-Transport: header`, receive the token in `UserToken` and send it
 * back in the `UserToken` header.
 */
export const SESSION_TRANSPORT_HEADER = 'X-Session-Transport';
export const SESSION_TRANSPORT_HEADER_VALUE = 'header';
