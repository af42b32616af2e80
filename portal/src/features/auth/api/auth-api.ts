import { AuthUserSchema, CurrentSessionSchema, MessageResponseSchema, type AuthUser, type MessageResponse } from "../../../../../core/contracts/auth";
import type { ResetPasswordRequest, SignInRequest, SignUpRequest } from "../../../../../core/contracts/auth-requests";
import { apiRequest, isApiError, type HttpMethod } from "../../../lib/api-client";
import { accessWindowFrom, clockOffsetFrom, type AccessWindow } from "../lib/refresh-schedule";

/** The calls of the gateway's /auth API (same origin, cookie session, CSRF header added by the client). */

/** Browser clock minus server clock, from the Date header of the latest auth answer. */
let serverClockOffsetMs = 0;

function noteServerClock(response: Response): void {
  const offset = clockOffsetFrom(response.headers.get("Date"), Date.now());
  if (offset !== 0) serverClockOffsetMs = offset;
}

/** When the session's access token expires and should be refreshed, on the browser's clock. */
export function accessWindowOf(authUser: AuthUser, receivedAt: number = Date.now()): AccessWindow {
  return accessWindowFrom(authUser.session.access_expires_at, receivedAt, serverClockOffsetMs);
}

function requestSession(path: string, method: HttpMethod, body?: unknown, signal?: AbortSignal): Promise<AuthUser> {
  return apiRequest(path, { method, body, signal, schema: AuthUserSchema, onResponse: noteServerClock });
}

function requestMessage(path: string, body?: unknown): Promise<MessageResponse> {
  return apiRequest(path, { method: "POST", body, schema: MessageResponseSchema });
}

/** The signed-in user, or null when signed out (a visitor's check answers 200, so no failed request is logged). Other failures throw. */
export async function getAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  const { current } = await apiRequest("/auth/session", { method: "GET", signal, schema: CurrentSessionSchema, onResponse: noteServerClock });
  return current;
}

export function signInWithPassword(credentials: SignInRequest): Promise<AuthUser> {
  return requestSession("/auth/signin", "POST", credentials);
}

/** Rotates the refresh token; throws a 401 ApiError when the session is gone. Never abort it. */
export function refreshSession(): Promise<AuthUser> {
  return requestSession("/auth/refresh", "POST");
}

/** Uses the token of a confirmation e-mail; the answer is a signed-in session. */
export function confirmEmail(token: string): Promise<AuthUser> {
  return requestSession("/auth/confirm", "POST", { token });
}

export function signUpWithPassword(details: SignUpRequest): Promise<MessageResponse> {
  return requestMessage("/auth/signup", details);
}

/** Statuses a sign-out ignores (SPEC section 7): the session is already gone or unusable. */
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);

/** Ends every session of the user (global sign-out). */
export async function signOutEverywhere(): Promise<void> {
  try {
    await requestMessage("/auth/signout");
  } catch (error) {
    if (isApiError(error) && IGNORED_SIGN_OUT_STATUSES.has(error.status)) return;
    throw error;
  }
}

export function resendConfirmation(email: string): Promise<MessageResponse> {
  return requestMessage("/auth/resend-confirmation", { email });
}

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return requestMessage("/auth/forgot-password", { email });
}

export function resetPassword(request: ResetPasswordRequest): Promise<MessageResponse> {
  return requestMessage("/auth/reset-password", request);
}
