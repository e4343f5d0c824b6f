import { AppError } from '../src/lib/app-error';

/** The AppError `promise` rejects with, for service tests that check its code, field and message. */
export async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}
