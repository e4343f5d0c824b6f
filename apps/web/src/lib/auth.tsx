import type {
  AuthResponse,
  CurrentUser,
  LoginInput,
  MessageResponse,
  RegisterInput,
} from '@medcalc/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useNavigation, type Location } from 'react-router';

import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PageSpinner } from '@/components/ui/page-spinner';
import { isGuardedPath, paths } from '@/config/paths';

import { ApiRequestError, whileSigningOut } from './api-client';
import { clearLocalStorage } from './http-reading';
import { queryKeys } from './query-keys';

/**
 * Session state of spec §4 "Client state / Current user". The server's session cookie is the truth: the user
 * is asked for with `GET /api/user` on start, so a reload keeps the session without storing the user here.
 * The session endpoints live here rather than in `features/auth` because the header and the login guard,
 * which are shared code, need them too (house guide §2.2 rule 3: shared code does not import features).
 */
export const USER_QUERY_KEY = queryKeys.user;

// antd's Result and Button, fetched only when the session check fails (the header imports this module).
const SessionCheckFailed = lazy(() => import('@/components/ui/session-check-failed'));

/**
 * The session's calls, with the schemas of their answers, are code of their own (issue 39): the code every page runs
 * first, the landing page included, carries neither zod nor the route table. A signed-in page's HTML preloads them
 * (`route-preloads.ts`), so asking who is signed in does not wait for them there.
 */
const sessionCalls = () => import('./session-calls');

/** `GET /api/user`; a 401 only means "signed out" (null), so it is neither a toast nor a redirect. */
export const getUser = async (): Promise<CurrentUser | null> => (await sessionCalls()).getUser();

/** `POST /login` (spec §7); a fresh XSRF cookie is fetched first. Field errors are shown under the fields. */
export const login = async (input: LoginInput): Promise<AuthResponse> =>
  (await sessionCalls()).login(input);

/** `POST /api/register` (spec §7); the server signs the new user in. */
export const register = async (input: RegisterInput): Promise<AuthResponse> =>
  (await sessionCalls()).register(input);

/** `POST /logout`; an expired session must not bounce the user to /login on the way out. */
export const logout = async (): Promise<MessageResponse> => (await sessionCalls()).logout();

export const getUserQueryOptions = () =>
  queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser, staleTime: 5 * 60_000 });

export const useUser = () => useQuery(getUserQueryOptions());

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
};

export const useRegister = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
};

/**
 * Spec §4: logout posts to the server, clears the user and goes to the landing page. The client side is
 * cleared even when the call fails, so the user is never stuck signed in. The app leaves the guarded page
 * first; clearing the user before that would make the login guard jump to /login instead. All of it runs as one
 * sign-out (`whileSigningOut`): a read of the page being left that the server answers 401 once the session is
 * gone — while the landing page is still loading — would otherwise send the user to /login (issue 21).
 */
export const useLogout = () => {
  const leaveSignedOut = useLeaveSignedOut();
  return useMutation({
    mutationFn: () =>
      whileSigningOut(async () => {
        try {
          return await logout();
        } finally {
          await leaveSignedOut();
        }
      }),
  });
};

/**
 * The location a sign-out left. The router is on the landing page once `navigate` resolves, but React renders the
 * new page in a transition: the page being left may still be on screen, and render again, when the user is cleared
 * just after. Its guard must not answer that with /login (issue 39: 1 sign-out in 3 ended there). The router makes a
 * new location object for every visit — the browser's Back to that page included — and another router (another
 * tab's app, a test's memory router) has its own, so only the page being left is matched, by identity. Keys are not
 * enough: every router's first entry is keyed 'default'.
 */
let pageLeftBySignOut: Location | undefined;

/**
 * The client side of a session that ended on purpose (a sign-out; issue 22: leaving the institution): the landing
 * page first, then no cached data of the session, no user and nothing in local storage.
 */
export const useLeaveSignedOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    pageLeftBySignOut = location;
    await navigate(paths.home);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, null);
    clearLocalStorage({ withUnsavedDrafts: true });
  };
};

/** Router state the login guard leaves for the login page: where to return after signing in. */
export type RedirectState = { from: string };

/** The guarded path a visitor was sent away from, if any; only same-app paths are accepted. */
export function readRedirectTarget(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  return from;
}

/** The message of a failed session check that says the service is away (no answer, 503, 507). */
function unreachableReason(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return [0, 503, 507].includes(error.status) ? error.message : undefined;
}

/** The login guard of spec §2: a spinner while the session is checked, /login when signed out. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const navigation = useNavigation();

  // The page's place under the header while the session is checked on a first visit (issue 23 §3).
  if (user.isPending) return <PageSkeleton />;
  // A failed background refetch keeps the last known user; only a session never confirmed is an error.
  if (user.data) {
    // Issue 34: an account on a published password sees nothing but the page that changes it.
    const mustChange =
      user.data.mustChangePassword === true &&
      location.pathname.toLowerCase() !== paths.changePassword;
    return mustChange ? <Navigate to={paths.changePassword} replace /> : children;
  }
  if (user.data === null) {
    // The api-client is already taking the user to /login (an expired session, spec §8), carrying the page
    // they were going to: a second redirect from here would replace it with the page being left.
    if (navigation.location?.pathname === paths.login) return <PageSpinner />;
    // A 401 in a loader ends the session while the router is still on the previous page: the page being
    // opened is the one to return to.
    const target = navigation.location ?? location;
    // The router is already on a public page (a sign-out went to the landing page) and React has not yet taken
    // this page down: the user was cleared first. Nothing to guard; a redirect would end the sign-out on /login.
    if (!isGuardedPath(target.pathname)) return null;
    // The page a sign-out left, rendered once more before React takes it down: nothing to guard. Coming back to it
    // (the browser's Back) is a new location, guarded as ever.
    if (location === pageLeftBySignOut) return null;
    const state: RedirectState = { from: `${target.pathname}${target.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <SessionCheckFailed
        // What is wrong, in the server's words (a 503: its database is away) or the client's (no answer at all).
        reason={unreachableReason(user.error)}
        onRetry={() => void user.refetch()}
      />
    </Suspense>
  );
}
