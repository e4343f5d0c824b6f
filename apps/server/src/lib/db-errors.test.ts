import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { translatePgError } from '../db/client';
import { DatabaseUnavailableError, databaseTroubleOf } from './db-errors';

const coded = (code: string) => Object.assign(new Error(`failure ${code}`), { code });
/** Drizzle's wrapper of a driver error (DrizzleQueryError keeps it as `cause`). */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('databaseTroubleOf', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED'), 'unavailable', 'ECONNREFUSED'],
    ['a timed-out socket', coded('ETIMEDOUT'), 'unavailable', 'ETIMEDOUT'],
    ['a stopped server (admin_shutdown)', coded('57P01'), 'unavailable', '57P01'],
    ['a server starting up', coded('57P03'), 'unavailable', '57P03'],
    ['a connection exception (class 08)', coded('08006'), 'unavailable', '08006'],
    ['too many connections', coded('53300'), 'unavailable', '53300'],
    ['ENOSPC', coded('ENOSPC'), 'disk-full', 'ENOSPC'],
    ['disk_full', coded('53100'), 'disk-full', '53100'],
    ['a driver error wrapped by Drizzle', wrapped(coded('53100')), 'disk-full', '53100'],
    [
      'a connection failure without a code, as the db layer raises it',
      wrapped(new DatabaseUnavailableError(new Error('Connection terminated unexpectedly'))),
      'unavailable',
      'DatabaseUnavailableError',
    ],
    [
      'both addresses of localhost refused (AggregateError)',
      Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), {}),
      'unavailable',
      'ECONNREFUSED',
    ],
  ])('reads %s', (_, error, kind, code) => {
    expect(databaseTroubleOf(error)).toEqual({ kind, code });
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a data exception', coded('22P02')],
    ['an error without a code', new Error('connect ECONNREFUSED 127.0.0.1:5432')],
    ['no error object', 'ECONNREFUSED'],
  ])('leaves %s alone (a message is never read)', (_, error) => {
    expect(databaseTroubleOf(error)).toBeUndefined();
  });
});

describe('translatePgError', () => {
  it('keeps what the server or the socket said, and programming errors', () => {
    const server = new pg.DatabaseError('disk full', 0, 'error');
    const socket = coded('ECONNREFUSED');
    const bug = new TypeError('Client was passed a null or undefined query');
    for (const error of [server, socket, bug]) expect(translatePgError(error)).toBe(error);
  });

  it("makes node-postgres's code-less connection failures a DatabaseUnavailableError", () => {
    const terminated = new Error('Connection terminated unexpectedly');
    const translated = translatePgError(terminated);
    expect(translated).toBeInstanceOf(DatabaseUnavailableError);
    expect((translated as Error).cause).toBe(terminated);
  });
});
