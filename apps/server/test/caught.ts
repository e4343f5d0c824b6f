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

/** A fake's method that the tests using the fake never call: it fails the test if one does. */
export const unused = async (): Promise<never> => {
  throw new Error('not used by these tests');
};
