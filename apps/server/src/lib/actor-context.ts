import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who makes the current request, as the activity log records it (issue 22). */
export interface Actor {
  userId: number;
  name: string;
  /** Issue 34: kept with the name, so two people of one name are told apart. */
  email: string;
}

interface RequestStore {
  actor: Actor | undefined;
}

const storage = new AsyncLocalStorage<RequestStore>();
const RESOURCE = Symbol('actorContextResource');
type WithResource = FastifyRequest & { [RESOURCE]?: AsyncResource };

/**
 * Gives every request a store that the auth guard fills with the signed-in user, so the activity log's writer
 * (modules/activity) knows who acts without every service taking the actor as a parameter. The store is entered
 * at `onRequest`; body parsing runs in the socket's context, so `preValidation` re-enters the request's (the way
 * @fastify/request-context does).
 */
export function registerActorContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ actor: undefined }, () => {
      (request as WithResource)[RESOURCE] = new AsyncResource('medcalc-actor');
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as WithResource)[RESOURCE];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}

/** Called by the auth guard once the session's user is known. */
export function setActor(actor: Actor): void {
  const store = storage.getStore();
  if (store) store.actor = actor;
}

/** The signed-in user the current request acts for; undefined outside a request (start, jobs) or for a guest. */
export const currentActor = (): Actor | undefined => storage.getStore()?.actor;

/** Runs `work` as `actor` (tests of services, and calls made on a user's behalf outside a guarded route). */
export function runAsActor<T>(actor: Actor, work: () => T): T {
  return storage.run({ actor }, work);
}
