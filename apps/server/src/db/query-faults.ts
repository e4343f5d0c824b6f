/**
 * A test seam of the db layer (never configured in production): asked before each statement is handed to the
 * driver, it may answer the error the statement is to fail with instead, as if the driver had raised it (a full
 * disk, a connection that dropped). The error then takes the path a real one takes: the driver wrappers, Drizzle,
 * the services, the error handler.
 */
export interface QueryFaults {
  /** The error `sql` is to fail with, or undefined to run it. */
  next(sql: string): Error | undefined;
}
