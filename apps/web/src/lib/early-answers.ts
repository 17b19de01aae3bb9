import { bootValue, type EarlyAnswer } from './boot-object';

/**
 * Answers the page got before the app's code arrived: the server's boot answers and the early start's calls
 * (early-start.js at the app's root). Each is taken once, by the first request for the same method and address;
 * later requests go to the network as usual, so nothing is served stale.
 */
export type { EarlyAnswer };
export type TakeEarlyAnswer = (method: string, address: string) => Promise<EarlyAnswer | null> | undefined;

const answers = () => bootValue('early');

/** The early answer to `method address` (path and query, without the api key), if there is one left. */
export const takeEarlyAnswer: TakeEarlyAnswer = (method, address) => {
  const all = answers();
  const id = `${method} ${address}`;
  const answer = all?.get(id);
  if (answer) all?.delete(id);
  return answer;
};

/** Whether the server put its boot answers in the page (it does not in development, behind Vite). */
export const hasEarlyAnswer = (method: string, address: string) => !!answers()?.has(`${method} ${address}`);
