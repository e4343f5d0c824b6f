import { describe, expect, it } from 'vitest';

import { isTemporaryStatus, isUnavailableStatus } from './http-failures';

describe('which failed calls are temporary', () => {
  it('takes no answer, an unavailable service and a full disk for temporary', () => {
    expect([0, 502, 503, 504, 507].filter(isTemporaryStatus)).toEqual([0, 502, 503, 504, 507]);
  });

  it('never takes a refusal or a server bug for temporary', () => {
    expect([400, 401, 403, 404, 409, 419, 422, 429, 500, 501].filter(isTemporaryStatus)).toEqual(
      [],
    );
  });

  it('says unavailable for a gateway’s 502–504 only', () => {
    expect([0, 500, 502, 503, 504, 507].filter(isUnavailableStatus)).toEqual([502, 503, 504]);
  });
});
