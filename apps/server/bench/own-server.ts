import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processCpuSeconds } from '../../../scripts/lib/process-tools.mjs';
import { startServerProcess } from '../test/server-process';
import { asWizardCalculations, benchServices, WORKED_EXAMPLE_INFO } from './cost-workload';
import { fetchClient, registerCompanyUser } from './http-client';
import { postFromOwnProcess } from './request-phases';

/** One case's figures: latencies from the client in another process, and the server process's CPU a request. */
export interface OwnServerCase {
  services: number;
  staff: number;
  materials: number;
  latencies: number[];
  serverCpuPerRequest: number;
}

/**
 * `POST /api/calculations/calculate-online` against the server as it runs in production: a process of its own,
 * started with `npm start`'s young generation (`--max-semi-space-size=64`), on an empty data folder, signed in as a
 * new company user; the client in another process again (`node:http`, one kept-alive connection). The other lines
 * of the section run the server inside the bench's process, whose heap also holds the bench's own bodies, answers
 * and samples, so that V8's full collections there mark far more than a server's own (issue 39). `warmUp` untimed
 * requests, then `times` timed, per case.
 */
export async function calculateOnlineOnOwnServer(
  cases: ReadonlyArray<readonly [services: number, staff: number, materials: number]>,
  times: number,
  warmUp = 5,
): Promise<OwnServerCase[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'medcalc-bench-server-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    NODE_OPTIONS: '--max-semi-space-size=64',
  });
  try {
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server process has no pid');
    const client = await registerCompanyUser(await fetchClient(server.url), 'bench');
    const headers = { ...client.headers(), 'content-type': 'application/json' };
    const url = `${server.url}/api/calculations/calculate-online`;
    const results: OwnServerCase[] = [];
    for (const [services, staff, materials] of cases) {
      const body = JSON.stringify({
        companyInfo: WORKED_EXAMPLE_INFO,
        calculations: asWizardCalculations(benchServices(services, staff, materials)),
      });
      await postFromOwnProcess(url, headers, body, warmUp);
      const before = processCpuSeconds(pid).own;
      const { latencies } = await postFromOwnProcess(url, headers, body, times);
      const serverCpuPerRequest = ((processCpuSeconds(pid).own - before) * 1000) / times;
      results.push({ services, staff, materials, latencies, serverCpuPerRequest });
    }
    return results;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
