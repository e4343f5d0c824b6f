import { describe, expect, it } from 'vitest';
import { pathOf } from './api-route';
import { apiRoutes } from './api-routes';

describe('pathOf', () => {
  it('fills every parameter, URI-encoded', () => {
    expect(pathOf(apiRoutes.pills.update, { companyIdentifier: 'ab c/é', id: 7 })).toBe(
      '/api/company/ab%20c%2F%C3%A9/pills/7',
    );
    expect(pathOf(apiRoutes.orders.detail, { identifier: '#1?x' })).toBe('/api/orders/%231%3Fx');
  });

  it('answers a path without parameters as written', () => {
    expect(pathOf(apiRoutes.session.login)).toBe('/login');
    expect(pathOf(apiRoutes.staff.list, { companyIdentifier: 'c1' })).toBe('/api/get-stuff/c1');
  });

  it('throws when an untyped caller leaves a parameter out', () => {
    const untyped = pathOf as (route: { method: 'GET'; path: string; answer: null }) => string;
    expect(() => untyped({ method: 'GET', path: '/api/orders/:identifier', answer: null })).toThrow(
      ':identifier',
    );
  });
});

describe('apiRoutes', () => {
  const all = Object.values(apiRoutes).flatMap((group) => Object.values(group));

  it('names each method and path once', () => {
    const keys = all.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly for the paths with parameters', () => {
    for (const route of all) {
      expect(route.path.includes(':'), route.path).toBe('params' in route);
    }
  });
});
