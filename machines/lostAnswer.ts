import { errorKind } from './types';

/**
 * A call that failed with no answer from the server (the connection dropped, the time ran out), or with one that
 * could not be read: the request may have reached the server and done what it asked (made the task or the order,
 * which would then be charged). A coded answer, a refused key or a session that ended say it was not done.
 */
export function isLostAnswer(error: unknown): boolean {
  const kind = errorKind(error);
  // An answer that could not be read (not an envelope, or not the contract's) may well have been a success.
  return kind === 'network' || kind === 'timeout' || kind === 'invalidResponse';
}
