/**
 * What a read thread (`readWorker.ts`) runs: the reading and fast parsing of one file, apart
 * from the rest of the facade so that the thread's bundle holds nothing else.
 */
export { readHere } from '../gather/readPool';
export type { ReadAnswer, ReadRequest } from '../gather/readPool';
